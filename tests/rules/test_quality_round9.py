"""Filter round 9 (session 11): the categories fixed this round, both languages.

Each mechanism with the traps it must leave alone and adversarial shapes (look-alike
letters, zero-width characters, full-width forms). None of these texts is in a dev set.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vecmem.rules import check_quality
from vecmem.rules.quality_mention import is_credential_event
from vecmem.text import normalize

DATA = Path(__file__).resolve().parent.parent / "data"


def _category(text: str) -> str:
    v = check_quality(text)
    return v.category if not v.allowed else "allow"


# Broken off on a word that needs what follows: half-formed, even when the first words
# ask ("remember to", "can you", "帮我记一下，那个").
FRAGMENTS = [
    "be sure to", "remember to", "oh wait, what about the", "don't forget to",
    "so regarding the invoices, um", "the thing about the cron job",
    "记得帮我，那个", "你帮我把那个", "关于发票的，呃", "那个 Redis 的，嗯",
    "reme\u200bmber to",  # zero-width space
    "w\u0430it, what about the",  # Cyrillic а
]


@pytest.mark.parametrize("text", FRAGMENTS)
def test_broken_off_requests_are_half_formed(text: str) -> None:
    assert _category(text) == "half_formed"


# Whole requests and questions keep their category: a wh-clause ends on its copula.
@pytest.mark.parametrize("text", ["Explain what a closure is", "Tell me where the logs are",
                                  "Can you remind me what the VPN host was",
                                  "帮我查一下明天的天气"])
def test_whole_requests_stay_questions(text: str) -> None:
    assert _category(text) == "question"


@pytest.mark.parametrize("text", ["嗯，我再想想", "呃，让我琢磨一下", "hmm let me think",
                                  "ok let me think about it", "ｌｅｔ ｍｅ ｔｈｉｎｋ"])
def test_thinking_aloud_is_half_formed(text: str) -> None:
    assert _category(text) == "half_formed"


@pytest.mark.parametrize("text", ["行吧行吧", "行吧", "那行吧"])
def test_repeated_acknowledgements_are_too_short(text: str) -> None:
    assert _category(text) == "too_short"


# A habit of consulting someone, and someone's advice with its own hedge, are facts.
@pytest.mark.parametrize("text", [
    "用户的教练是阿杰，训练计划有疑问会去请教他。",
    "用户家里的电器坏了一般会先咨询物业。",
    "用户问过牙医要不要拔智齿，牙医建议观察半年再说。",
    "The user asked their accountant about the pension, who suggested waiting a year and "
    "seeing.",
])
def test_consulting_someone_is_a_fact(text: str) -> None:
    assert check_quality(text).allowed


@pytest.mark.parametrize("text", ["请教一下这个报错怎么解决", "想咨询一下退货流程",
                                  "我想请教你一个问题"])
def test_asking_the_agent_stays_a_question(text: str) -> None:
    assert _category(text) == "question"


# A credential given by reference to the chat, on its way, switched on or added somewhere:
# nothing usable to keep.
CREDENTIAL_BY_REFERENCE = [
    "I'll forward the deploy token in a separate email",
    "The Jira password is the same as before",
    "Use the same GitLab token as last time for the runner",
    "The API key is in the spreadsheet I shared with you yesterday",
    "Just got the 2FA code, one sec",
    "The new signing key is live now",
    "Deploy key uploaded to the staging box",
    "路由器密码还是原来那个",
    "Redis 密码跟之前一样，不用换",
    "token 在我昨天发你的那个压缩包里",
    "验证码到了，你稍等",
    "服务器 root 密码在我电脑上，回头发你",
    "新的 API 密钥已经生效",
    "The n\u0435w API key is active now",  # Cyrillic е
    "ＡＰＩ 密钥跟之前一样",  # full-width Latin
]


@pytest.mark.parametrize("text", CREDENTIAL_BY_REFERENCE)
def test_credential_by_reference_is_a_mention(text: str) -> None:
    assert is_credential_event(normalize(text)), text
    assert _category(text) == "secret_no_context"


# Where a credential lives, who manages it, when it lapses: facts that stay true.
@pytest.mark.parametrize("text", [
    "The family Wi-Fi password is written on the back of the router",
    "The team keeps shared passwords in a KeePass vault on the NAS",
    "The Stripe key is in 1Password under Billing",
    "The same password manager is used for work and home: Bitwarden",
    "家里的 WiFi 密码写在路由器背面",
    "公司的 VPN 密码每 90 天要换一次",
    "API key 由运维组统一管理",
    "The token bucket refills every second",
])
def test_where_a_credential_lives_is_a_fact(text: str) -> None:
    assert check_quality(text).allowed, check_quality(text)


def test_round9_is_fresh_split_per_kind_and_bilingual() -> None:
    cases = [json.loads(line) for line in
             (DATA / "quality_round9.jsonl").read_text("utf-8").splitlines() if line.strip()]
    kinds = {c["kind"] for c in cases}
    assert len(cases) >= 100 and len(kinds) >= 10
    for kind in kinds:  # every third case of each kind held out
        sides = [c["split"] for c in cases if c["kind"] == kind]
        assert sides.count("heldout_q9") == len(sides) // 3, kind
    for c in cases:
        assert c["expect"] == ("allow" if c["category"] == "fact" else "reject"), c
    assert {c["lang"] for c in cases} == {"zh", "en", "mixed"}
    assert {"plain", "lookalike", "invisible"} <= {c["shape"] for c in cases}
    earlier = {c["text"].strip().casefold()
               for path in sorted(DATA.glob("quality_*.jsonl"))
               if path.name != "quality_round9.jsonl" and "blind8" not in path.name
               and "blind9" not in path.name and "blind10" not in path.name
               for c in (json.loads(line) for line in path.read_text("utf-8").splitlines()
                         if line.strip())}
    assert not earlier & {c["text"].strip().casefold() for c in cases}  # fresh, not copied
