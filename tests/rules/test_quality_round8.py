"""Filter round 8 (session 10): the categories fixed this round, both languages.

Each mechanism with the traps it must leave alone and adversarial shapes (look-alike
letters, zero-width characters, full-width forms, a line break). None of these texts is in
a dev set.
"""

from __future__ import annotations

import pytest

from vecmem.rules import check_quality
from vecmem.rules.quality_mention import is_credential_event
from vecmem.text import normalize


def _category(text: str) -> str:
    v = check_quality(text)
    return v.category if not v.allowed else "allow"


# A credential's life event, no value, read by grammar: any vendor or modifier before the
# credential noun, a participle by its ending (English) or a verb of a credential's life
# (Chinese), in either order.
CREDENTIAL_EVENT = [
    "The Mailgun SMTP password was regenerated yesterday",
    "Okta admin creds changed",
    "Wiped and recreated the Jenkins API token",
    "Our Vault root token got revoked last night",
    "Terraform Cloud token replaced",
    "Shopify app key rotated for the storefront",
    "Dad's iCloud password was reset",
    "Recovered my Steam password",
    "The Postgres password has changed",
    "I changed the router admin password",
    "钉钉机器人 token 换掉了",
    "学校邮箱的密码重新设置了",
    "公司 VPN 口令已经更新",
    "Jenkins 的 API key 删掉了",
    "刚刚把 GitLab 私钥撤销了",
    "Notion 集成令牌失效了",
    "刚改了路由器管理员密码",
]
ADVERSARIAL_EVENT = [
    "Rot\u0430ted the staging DB p\u0430ssword",  # Cyrillic а
    "The deploy key has been re\u200bplaced",  # zero-width space
    "ＡＰＩ 密钥已作废",  # full-width Latin
    "Twilio auth token\nregenerated.",  # line break, full stop
]
# Handed over later, not had yet, announced and not given, described only by its form.
CREDENTIAL_PENDING = [
    "I'll DM you the password later",
    "I'll send the deploy token to the team over Slack",
    "Here's the token:",
    "The password is below",
    "my password has 12 characters",
    "The new token starts with ghp_",
    "I don't have the API key yet",
    "token 还没拿到",
    "验证码收到了",
    "忘记密码了",
    "我忘了 Apple ID 的密码",
]
# Information about a credential, or another thing named with a credential word: kept.
CREDENTIAL_FACT = [
    "The API key is stored in 1Password under Work",
    "The Wi-Fi password is on the sticker under the router",
    "The GitHub token expires on 2027-01-15",
    "The user rotates the AWS access keys every 90 days",
    "Password manager switched from LastPass to Bitwarden",
    "The token budget was increased to 200k",
    "Token usage doubled after the release",
    "Car key replaced at the dealer",
    "The user's PIN must be six digits",
    "Passwords are hashed with argon2id",
    "The deploy key belongs to the ci-bot account",
    "密码放在书房抽屉的信封里",
    "数据库密码过期时间是 90 天",
    "用户习惯每季度换一次路由器密码",
    "The user locked himself out after the password changed twice, so IT now requires 2FA",
    "用户忘记密码时会打电话给 IT",
    "Sarah will send me the invoice later",
    "The house key is below the mat",
    "Our waiting list has 12 people",
    "The code starts with a warm-up",
]


@pytest.mark.parametrize("text", CREDENTIAL_EVENT + ADVERSARIAL_EVENT + CREDENTIAL_PENDING)
def test_a_credential_event_without_a_value_is_a_mention(text: str) -> None:
    assert _category(text) == "secret_no_context"
    assert "credential" in check_quality(text).reason


@pytest.mark.parametrize("text", CREDENTIAL_FACT)
def test_information_about_a_credential_is_not_a_bare_mention(text: str) -> None:
    assert not is_credential_event(normalize(text))
    assert _category(text) != "secret_no_context"


def test_a_secret_value_still_wins_over_the_event_reading() -> None:
    # the event grammar must not turn a stored value into a mere mention
    assert _category("Rotated the Stripe key to sk_live_51Hh2kLmQ9xW3vRtY8pZ") == "secret_value"


# A clause opened and left before its verb or object, read by grammar (both languages).
OPEN_ENDED = [
    "but when they",
    "then once I",
    "we want to",
    "the guy who",
    "something that",
    "you said that",
    "Plans for the weekend depend on whether she",
    "所以我们就",
    "这些旧的",
    "那种便宜的",
    "那个\u200b数据库的",  # zero-width space
    "ｂｕｔ ｗｈｅｎ ｔｈｅｙ",  # full-width
]
# Complete sentences ending on the same words: kept.
COMPLETE = [
    "He is taller than I",
    "Dinner with Tom and I",
    "I love that",
    "用户住在成都",
    "这个方案是他的",
    "那个蓝色的杯子是我的",
    "她是学医的",
    "The person who helped me move was Dan",
    "The only thing that matters is uptime",
]


@pytest.mark.parametrize("text", OPEN_ENDED)
def test_a_clause_left_open_is_half_formed(text: str) -> None:
    assert _category(text) == "half_formed"


@pytest.mark.parametrize("text", COMPLETE)
def test_a_complete_sentence_ending_on_the_same_words_is_kept(text: str) -> None:
    assert _category(text) == "allow"


# A gerund naming an identifier is a label, not a subjectless status line; the progressive
# with its object still is one.
@pytest.mark.parametrize("text", [
    "Tracking number 1Z999AA10123456784 for the monitor order",
    "Booking reference K7XQ2 for the Lisbon flight",
    "Meeting ID 845 2211 0093 for the weekly sync",
    "Billing address is 12 Elm St",
])
def test_a_gerund_label_with_an_identifier_is_a_fact(text: str) -> None:
    assert _category(text) == "allow"


@pytest.mark.parametrize("text", [
    "Tracking the shipment now",
    "Booking the flights this afternoon",
    "Running job 12345 now",
])
def test_a_subjectless_progressive_is_still_progress(text: str) -> None:
    assert _category(text) == "progress"
