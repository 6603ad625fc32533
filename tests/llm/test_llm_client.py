"""LLMClient against the fake OpenAI server over real loopback HTTP."""

from __future__ import annotations

import logging
from collections.abc import Callable
from types import SimpleNamespace

import pytest
from pydantic import BaseModel, SecretStr

from vecmem.errors import CircuitOpenError, InvalidInputError, LLMError
from vecmem.llm.client import LLMClient, Usage, json_text
from vecmem.settings import Settings
from vecmem.testing import FakeOpenAI, RecordedRequest, Reply

ASK = [{"role": "user", "content": "give me a number"}]


class Answer(BaseModel):
    a: int


class Clock:
    """An injectable monotonic clock for the circuit breaker."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# ---- JSON answers -------------------------------------------------------------------------


def test_valid_json(fake: FakeOpenAI, client: LLMClient) -> None:
    fake.enqueue({"a": 1})
    answer, usage = client.chat_json(ASK, Answer)
    assert answer == Answer(a=1)
    assert usage.requests == 1
    [req] = fake.chat_requests
    assert req.json["model"] == "fake-model"
    assert req.json["response_format"] == {"type": "json_object"}
    assert req.json["temperature"] == 0.0
    # The schema travels in the (first and only) system message.
    assert req.messages[0]["role"] == "system" and '"a"' in req.messages[0]["content"]
    assert req.messages[1] == ASK[0]


def test_schema_hint_merges_into_existing_system_message(
    fake: FakeOpenAI, client: LLMClient
) -> None:
    fake.enqueue({"a": 1})
    client.chat_json([{"role": "system", "content": "Be brief."}, *ASK], Answer)
    msgs = fake.chat_requests[0].messages
    assert [m["role"] for m in msgs] == ["system", "user"]
    assert msgs[0]["content"].startswith("Be brief.") and "JSON Schema" in msgs[0]["content"]


@pytest.mark.parametrize(
    "content",
    [
        '```json\n{"a": 2}\n```',
        'Here you go:\n```\n{"a": 2}\n```\nAnything else?',
        '<think>the user wants {"a": 1}? no, 2</think>{"a": 2}',
        'Sure! {"a": 2} is my answer.',
    ],
)
def test_fenced_and_wrapped_json(fake: FakeOpenAI, client: LLMClient, content: str) -> None:
    fake.enqueue(content)
    assert client.chat_json(ASK, Answer)[0] == Answer(a=2)
    assert len(fake.requests) == 1


def test_json_text_leaves_plain_json_alone() -> None:
    assert json_text('  {"a": [1, 2]}  ') == '{"a": [1, 2]}'
    assert json_text("[1, 2]") == "[1, 2]"


def test_malformed_json_then_repaired(fake: FakeOpenAI, client: LLMClient) -> None:
    fake.enqueue('{"a": 1,,}', {"a": 3})
    answer, usage = client.chat_json(ASK, Answer)
    assert answer == Answer(a=3)
    assert usage.requests == 2
    first, second = fake.chat_requests
    # The repair round replays the bad answer and says what was wrong with it.
    assert second.messages[-2] == {"role": "assistant", "content": '{"a": 1,,}'}
    assert "not valid" in second.messages[-1]["content"]
    assert "not JSON" in second.messages[-1]["content"]
    assert len(second.messages) == len(first.messages) + 2


def test_schema_mismatch_is_repaired_with_the_field_named(
    fake: FakeOpenAI, client: LLMClient
) -> None:
    fake.enqueue({"b": 1}, {"a": 4})
    assert client.chat_json(ASK, Answer)[0] == Answer(a=4)
    assert "a: Field required" in fake.chat_requests[1].messages[-1]["content"]


def test_malformed_twice_raises(fake: FakeOpenAI, client: LLMClient) -> None:
    fake.enqueue("not json at all", "still not json")
    with pytest.raises(LLMError, match="even after one repair"):
        client.chat_json(ASK, Answer)
    assert len(fake.chat_requests) == 2
    assert client.breaker_state == "closed"  # a bad answer is not an endpoint failure


def test_no_repair_means_exactly_one_request(fake: FakeOpenAI, client: LLMClient) -> None:
    fake.enqueue("nope", {"a": 1})
    with pytest.raises(LLMError, match="not valid JSON"):
        client.chat_json(ASK, Answer, repair=False)
    assert len(fake.chat_requests) == 1


def test_empty_content_is_a_bad_answer(fake: FakeOpenAI, client: LLMClient) -> None:
    fake.enqueue(Reply(content=None), Reply(content=None))
    with pytest.raises(LLMError, match="not JSON"):
        client.chat_json(ASK, Answer)


def test_plain_chat(fake: FakeOpenAI, client: LLMClient) -> None:
    fake.enqueue("hello there")
    text, usage = client.chat(ASK)
    assert text == "hello there"
    assert "response_format" not in fake.chat_requests[0].json
    assert usage.total_tokens > 0


def test_server_without_response_format_support(make_client: Callable[..., LLMClient]) -> None:
    def responder(req: RecordedRequest) -> Reply | dict[str, int]:
        if "response_format" in req.json:
            return Reply.error(400, "response_format is not supported by this server")
        return {"a": 5}

    with FakeOpenAI(responder=responder) as server:
        client = make_client(base_url=server.base_url)
        assert client.chat_json(ASK, Answer)[0] == Answer(a=5)
        assert client.chat_json(ASK, Answer)[0] == Answer(a=5)
        formats = ["response_format" in r.json for r in server.chat_requests]
    # Asked once with it, then never again: the client remembers.
    assert formats == [True, False, False]


# ---- HTTP failures and retries -------------------------------------------------------------


def test_500_is_retried_with_exponential_backoff(
    fake: FakeOpenAI, make_client: Callable[..., LLMClient]
) -> None:
    sleeps: list[float] = []
    client = make_client(backoff=0.5, sleep=sleeps.append)
    fake.enqueue(500, 503, {"a": 1})
    assert client.chat_json(ASK, Answer)[0] == Answer(a=1)
    assert len(fake.chat_requests) == 3
    assert sleeps == [0.5, 1.0]
    assert len(client.usage_log) == 1  # only the answered request carries usage


def test_500_forever_is_an_error(fake: FakeOpenAI, make_client: Callable[..., LLMClient]) -> None:
    client = make_client(max_retries=2, breaker_threshold=10)
    fake.enqueue(500, 500, 500, 500)
    with pytest.raises(LLMError, match="HTTP 500"):
        client.chat_json(ASK, Answer)
    assert len(fake.chat_requests) == 3  # one try + two retries
    assert fake.pending == 1


@pytest.mark.parametrize("status", [400, 401, 404, 422])
def test_4xx_is_not_retried(fake: FakeOpenAI, client: LLMClient, status: int) -> None:
    fake.enqueue(status, {"a": 1})
    with pytest.raises(LLMError, match=f"HTTP {status}"):
        client.chat_json(ASK, Answer)
    assert len(fake.chat_requests) == 1
    assert fake.pending == 1


def test_429_is_retried(fake: FakeOpenAI, client: LLMClient) -> None:
    fake.enqueue(429, {"a": 1})
    assert client.chat_json(ASK, Answer)[0] == Answer(a=1)
    assert len(fake.chat_requests) == 2


def test_timeout_then_success(fake: FakeOpenAI, make_client: Callable[..., LLMClient]) -> None:
    client = make_client(timeout=0.2, max_retries=1)
    fake.enqueue(Reply.json({"a": 9}, delay=2.0), {"a": 1})
    assert client.chat_json(ASK, Answer)[0] == Answer(a=1)
    assert len(fake.chat_requests) == 2


def test_timeout_forever(fake: FakeOpenAI, make_client: Callable[..., LLMClient]) -> None:
    client = make_client(timeout=0.2, max_retries=1, breaker_threshold=10)
    fake.enqueue(Reply(content="{}", delay=2.0), Reply(content="{}", delay=2.0))
    with pytest.raises(LLMError, match="timed out"):
        client.chat_json(ASK, Answer)
    assert len(fake.chat_requests) == 2


def test_dropped_connection_is_retried(fake: FakeOpenAI, client: LLMClient) -> None:
    fake.enqueue(Reply(disconnect=True), {"a": 1})
    assert client.chat_json(ASK, Answer)[0] == Answer(a=1)
    assert len(fake.chat_requests) == 2


def test_unreachable_endpoint(make_client: Callable[..., LLMClient]) -> None:
    with FakeOpenAI() as server:
        url = server.base_url
    sleeps: list[float] = []
    client = make_client(base_url=url, max_retries=2, sleep=sleeps.append,
                         breaker_threshold=10)
    with pytest.raises(LLMError, match="cannot reach"):
        client.chat(ASK)
    assert len(sleeps) == 2


def test_not_a_chat_completion(fake: FakeOpenAI, client: LLMClient) -> None:
    fake.enqueue(Reply(body="<html>proxy error</html>"))
    with pytest.raises(LLMError, match="not a chat completion"):
        client.chat(ASK)


# ---- circuit breaker ---------------------------------------------------------------------


def test_breaker_opens_skips_the_network_and_half_opens_after_cooldown(
    fake: FakeOpenAI, make_client: Callable[..., LLMClient]
) -> None:
    clock = Clock()
    client = make_client(max_retries=0, breaker_threshold=3, breaker_cooldown=60, clock=clock)
    fake.enqueue(500, 500, 500)
    for _ in range(3):
        with pytest.raises(LLMError) as err:
            client.chat_json(ASK, Answer)
        assert not isinstance(err.value, CircuitOpenError)
    assert client.breaker_state == "open"
    assert len(fake.requests) == 3

    # Open: calls fail at once and the server sees nothing.
    fake.enqueue({"a": 1})
    for _ in range(5):
        with pytest.raises(CircuitOpenError, match="skipped"):
            client.chat_json(ASK, Answer)
    clock.now += 59.9
    with pytest.raises(CircuitOpenError):
        client.chat_json(ASK, Answer)
    assert len(fake.requests) == 3

    # Cooldown over: one trial request goes through and closes the breaker.
    clock.now += 0.1
    assert client.breaker_state == "half_open"
    assert client.chat_json(ASK, Answer)[0] == Answer(a=1)
    assert client.breaker_state == "closed"
    assert len(fake.requests) == 4


def test_failed_trial_reopens_at_once(
    fake: FakeOpenAI, make_client: Callable[..., LLMClient]
) -> None:
    clock = Clock()
    client = make_client(max_retries=3, breaker_threshold=2, breaker_cooldown=30, clock=clock)
    fake.enqueue(500, 500)
    with pytest.raises(LLMError):
        client.chat(ASK)
    # Two failed attempts opened the breaker in the middle of the call: no third attempt.
    assert len(fake.requests) == 2
    clock.now += 30
    fake.enqueue(502, 502, 502)
    with pytest.raises(LLMError) as err:
        client.chat(ASK)
    assert not isinstance(err.value, CircuitOpenError)
    assert len(fake.requests) == 3  # the trial is a single attempt, no retries
    with pytest.raises(CircuitOpenError):
        client.chat(ASK)
    assert len(fake.requests) == 3


def test_success_resets_the_failure_count(
    fake: FakeOpenAI, make_client: Callable[..., LLMClient]
) -> None:
    client = make_client(max_retries=0, breaker_threshold=2)
    fake.enqueue(500, {"a": 1}, 500, {"a": 2})
    for expected in (None, 1, None, 2):
        if expected is None:
            with pytest.raises(LLMError):
                client.chat_json(ASK, Answer)
        else:
            assert client.chat_json(ASK, Answer)[0].a == expected
    assert client.breaker_state == "closed"


def test_bad_requests_do_not_open_the_breaker(
    fake: FakeOpenAI, make_client: Callable[..., LLMClient]
) -> None:
    client = make_client(breaker_threshold=2)
    fake.enqueue(400, 422, 400, {"a": 1})
    for _ in range(3):
        with pytest.raises(LLMError):
            client.chat(ASK)
    assert client.breaker_state == "closed"
    assert client.chat_json(ASK, Answer)[0] == Answer(a=1)


# ---- usage --------------------------------------------------------------------------------


def test_usage_is_recorded_per_request(
    fake: FakeOpenAI, make_client: Callable[..., LLMClient]
) -> None:
    seen: list[Usage] = []
    client = make_client(on_usage=seen.append)
    scripted = {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}
    fake.enqueue(Reply.json({"a": 1}, usage=scripted), "bad", Reply.json({"a": 2}))
    _, first = client.chat_json(ASK, Answer)
    assert (first.prompt_tokens, first.completion_tokens, first.total_tokens) == (11, 7, 18)
    assert first.model == "fake-model" and first.latency_ms > 0
    _, repaired = client.chat_json(ASK, Answer)
    assert repaired.requests == 2
    assert repaired.total_tokens == sum(u.total_tokens for u in seen[1:])
    assert seen == client.usage_log and len(seen) == 3
    total = client.total_usage
    assert total.requests == 3 and total.total_tokens == sum(u.total_tokens for u in seen)
    assert set(first.to_dict()) >= {"prompt_tokens", "completion_tokens", "total_tokens",
                                    "latency_ms"}


def test_a_failing_usage_hook_does_not_fail_the_call(
    fake: FakeOpenAI, make_client: Callable[..., LLMClient]
) -> None:
    def hook(_usage: Usage) -> None:
        raise RuntimeError("metrics backend down")

    fake.enqueue({"a": 1})
    assert make_client(on_usage=hook).chat_json(ASK, Answer)[0] == Answer(a=1)


def test_missing_usage_counts_as_zero(fake: FakeOpenAI, client: LLMClient) -> None:
    body = {"choices": [{"message": {"role": "assistant", "content": '{"a": 1}'}}]}
    fake.enqueue(Reply(body=body))
    _, usage = client.chat_json(ASK, Answer)
    assert usage.total_tokens == 0 and usage.requests == 1


def test_usage_log_keeps_only_recent(fake: FakeOpenAI,
                                     make_client: Callable[..., LLMClient]) -> None:
    client = make_client(usage_log_size=2)
    fake.enqueue("x", "y", "z")
    for _ in range(3):
        client.chat(ASK)
    assert len(client.usage_log) == 2
    assert client.total_usage.requests == 3


# ---- the API key --------------------------------------------------------------------------

KEY = "sk-test-0123456789abcdef"


def test_key_is_sent_as_bearer_only_to_base_url(make_client: Callable[..., LLMClient]) -> None:
    with FakeOpenAI(api_key=KEY) as server:
        server.enqueue({"a": 1})
        client = make_client(base_url=server.base_url, api_key=KEY)
        client.chat_json(ASK, Answer)
        assert server.chat_requests[0].headers["authorization"] == f"Bearer {KEY}"
        wrong = make_client(base_url=server.base_url, api_key="sk-wrong")
        with pytest.raises(LLMError, match="HTTP 401"):
            wrong.chat(ASK)


def test_key_never_in_errors_logs_or_repr(
    make_client: Callable[..., LLMClient], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    echo = {"error": {"message": f"Incorrect API key provided: {KEY}"}}
    with FakeOpenAI() as server:
        server.enqueue(500, Reply(status=500, body=echo), Reply(status=401, body=echo),
                       "bad json", "bad json")
        client = make_client(base_url=server.base_url, api_key=KEY, max_retries=1,
                             breaker_threshold=10)
        messages = []
        for _ in range(3):
            with pytest.raises(LLMError) as err:
                client.chat_json(ASK, Answer)
            messages.append(str(err.value))
    assert "***" in messages[0]  # the echoed key was scrubbed, the rest kept
    assert all(KEY not in m for m in messages)
    assert KEY not in caplog.text
    assert KEY not in repr(client)


def test_redirects_are_not_followed(make_client: Callable[..., LLMClient]) -> None:
    with FakeOpenAI() as evil, FakeOpenAI() as server:
        server.enqueue(Reply(status=307, body="",
                             headers={"Location": f"{evil.base_url}/chat/completions"}))
        client = make_client(base_url=server.base_url, api_key=KEY)
        with pytest.raises(LLMError, match="redirect"):
            client.chat(ASK)
        assert evil.requests == []


# ---- construction -------------------------------------------------------------------------


def test_from_settings_unwraps_the_secret(fake: FakeOpenAI) -> None:
    settings = SimpleNamespace(llm_base_url=fake.base_url, llm_model="m",
                               llm_api_key=SecretStr(KEY), llm_timeout=3.0)
    fake.enqueue("ok")
    with LLMClient.from_settings(settings) as client:
        client.chat(ASK)
    assert fake.requests[0].headers["authorization"] == f"Bearer {KEY}"


def test_from_real_settings(fake: FakeOpenAI) -> None:
    settings = Settings(llm_base_url=fake.base_url, llm_model="qwen", llm_timeout=2)
    with LLMClient.from_settings(settings) as client:
        assert client.model == "qwen"
        fake.enqueue("ok")
        client.chat(ASK)
    assert "authorization" not in fake.requests[0].headers


def test_from_settings_requires_url_and_model() -> None:
    with pytest.raises(InvalidInputError, match="llm_base_url"):
        LLMClient.from_settings(SimpleNamespace(llm_base_url=None, llm_model="m"))
    with pytest.raises(InvalidInputError, match="llm_model"):
        LLMClient.from_settings(SimpleNamespace(llm_base_url="http://x", llm_model=None))
    with pytest.raises(InvalidInputError):
        LLMClient("ftp://example.com", "m")


@pytest.mark.parametrize(
    ("suffix", "path"),
    [("", "/v1/chat/completions"), ("/v1", "/v1/chat/completions"),
     ("/v1/", "/v1/chat/completions"), ("/v1/chat/completions", "/v1/chat/completions"),
     ("/compatible-mode/v1", "/compatible-mode/v1/chat/completions")],
)
def test_endpoint_from_base_url(fake: FakeOpenAI, make_client: Callable[..., LLMClient],
                                suffix: str, path: str) -> None:
    fake.default = "ok"
    make_client(base_url=fake.url + suffix).chat(ASK)
    assert fake.requests[-1].path == path
