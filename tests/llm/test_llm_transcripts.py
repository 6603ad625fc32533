"""Transcript parsing: every supported shape, and clear errors for malformed input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from vecmem.errors import InvalidInputError
from vecmem.transcripts import detect_format, load_transcript, messages_from, parse_transcript

LOCOMO_FILE = Path(__file__).resolve().parents[3] / "shared" / "data" / "locomo10.json"


def _locomo(sample_id: str = "conv-1") -> dict[str, Any]:
    return {
        "sample_id": sample_id,
        "qa": [],
        "conversation": {
            "speaker_a": "Caroline",
            "speaker_b": "Melanie",
            "session_2_date_time": "10:37 am on 27 June, 2023",
            "session_2": [{"speaker": "Melanie", "dia_id": "D2:1", "text": "Back again!"}],
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": "Caroline", "dia_id": "D1:1", "text": "I live in Boston."},
                {"speaker": "Melanie", "dia_id": "D1:2", "text": "Look at this!",
                 "blip_caption": "a photo of a dog", "img_url": ["http://x"]},
            ],
        },
    }


def _longmemeval(question_id: str = "q1") -> dict[str, Any]:
    return {
        "question_id": question_id,
        "question": "Where do I live?",
        "haystack_session_ids": ["s_a", "s_b"],
        "haystack_dates": ["2023/05/20 (Sat) 02:21", "not a date"],
        "haystack_sessions": [
            [{"role": "user", "content": "I moved to Denver.", "has_answer": True},
             {"role": "assistant", "content": "Nice!"}],
            [{"role": "user", "content": "Hi again"}],
        ],
    }


def test_json_list_of_messages() -> None:
    text = json.dumps([{"role": "user", "content": "我住在上海"},
                       {"role": "assistant", "content": "好的", "ts": "2024-01-01"}])
    assert parse_transcript(text) == [
        {"role": "user", "content": "我住在上海"},
        {"role": "assistant", "content": "好的", "ts": "2024-01-01"},
    ]


def test_jsonl_of_messages(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text('{"role": "user", "content": "a"}\n\n{"role": "assistant", "content": "b"}\n',
                    encoding="utf-8")
    assert load_transcript(path) == [{"role": "user", "content": "a"},
                                     {"role": "assistant", "content": "b"}]


def test_openai_messages_and_jsonl_of_conversations() -> None:
    one = {"messages": [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}]}
    assert messages_from(one) == one["messages"]  # nothing filtered here
    two = "\n".join(json.dumps({"messages": [{"role": "user", "content": c}]}) for c in "xy")
    assert parse_transcript(two) == [{"role": "user", "content": "x", "session": "1"},
                                     {"role": "user", "content": "y", "session": "2"}]


def test_bundled_conversation_file_loads() -> None:
    path = Path(__file__).resolve().parents[1] / "data" / "conversation_zh_en.json"
    messages = load_transcript(path)
    assert len(messages) == 22 and messages[0]["role"] == "system"


def test_locomo_sample() -> None:
    messages = messages_from(_locomo())
    assert [m["turn_id"] for m in messages] == ["D1:1", "D1:2", "D2:1"]  # sessions in order
    assert messages[0] == {"role": "user", "content": "I live in Boston.",
                           "session": "session_1", "turn_id": "D1:1", "speaker": "Caroline",
                           "ts": "2023-05-08T13:56:00"}
    assert messages[1]["role"] == "assistant"
    assert messages[1]["content"] == "Look at this! [image: a photo of a dog]"
    assert messages[2]["ts"] == "2023-06-27T10:37:00"
    named = messages_from(_locomo(), speaker_names=True)
    assert [m["role"] for m in named] == ["Caroline", "Melanie", "Melanie"]


def test_locomo_list_needs_a_choice() -> None:
    data = [_locomo("conv-1"), _locomo("conv-2")]
    with pytest.raises(InvalidInputError, match=r"holds 2 LoCoMo conversations.*conv-1, conv-2"):
        messages_from(data)
    assert messages_from(data, conversation=1)[0]["content"] == "I live in Boston."
    assert messages_from(data, conversation="conv-2") == messages_from(data, conversation="1")
    with pytest.raises(InvalidInputError, match="out of range"):
        messages_from(data, conversation=5)
    with pytest.raises(InvalidInputError, match="no LoCoMo conversation with sample_id"):
        messages_from(data, conversation="conv-9")


@pytest.mark.skipif(not LOCOMO_FILE.exists(), reason="shared LoCoMo data not present")
def test_real_locomo_file() -> None:
    messages = load_transcript(LOCOMO_FILE, conversation="conv-26")
    assert len(messages) == 419
    assert messages[0]["speaker"] == "Caroline" and messages[0]["role"] == "user"
    assert all(m["ts"].startswith("2023-") for m in messages)


def test_longmemeval_entry_and_list() -> None:
    messages = messages_from(_longmemeval())
    assert messages[0] == {"role": "user", "content": "I moved to Denver.", "session": "s_a",
                           "turn_id": "s_a:1", "ts": "2023-05-20T02:21:00"}
    assert messages[2]["ts"] == "not a date"  # kept as given when it does not parse
    entries = [_longmemeval("q1"), _longmemeval("q2")]
    assert messages_from(entries, conversation="q2") == messages
    assert detect_format(entries) == "longmemeval"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ('[{"role": "user", "content": "a"},', "invalid JSON at line 1, column 35"),
        ('{"role": "user", "content": "a"}\n{"role": "user", "content": "b"}\n{"role": ',
         "invalid JSON on line 3"),
        ('[{"role": "user"}]', "message 0: missing 'content'"),
        ('[{"content": "x"}]', "message 0: missing 'role'"),
        ('[{"role": "", "content": "x"}]', "'role' must be a non-empty string"),
        ('[{"role": "user", "content": 5}]', "'content' must be a string"),
        ('[{"role": "user", "content": "a"}, "oops"]', "message 1: expected an object"),
        ('{"foo": 1}', "unrecognised transcript"),
        ("[]", "no messages"),
        ('{"messages": "nope"}', "'messages' must be a list"),
    ],
)
def test_malformed(text: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        parse_transcript(text)


def test_malformed_benchmark_shapes() -> None:
    bad = _locomo()
    del bad["conversation"]["speaker_a"]
    with pytest.raises(InvalidInputError, match="missing 'speaker_a'"):
        messages_from(bad)
    bad = _locomo()
    del bad["conversation"]["session_1"][0]["text"]
    with pytest.raises(InvalidInputError, match="session_1, turn 0: missing 'text'"):
        messages_from(bad)
    lme = _longmemeval()
    lme["haystack_dates"] = ["2023/05/20 (Sat) 02:21"]
    with pytest.raises(InvalidInputError, match="2 sessions but 2 session ids and 1 dates"):
        messages_from(lme)
    lme = _longmemeval()
    lme["haystack_sessions"][1] = [{"role": "user"}]
    with pytest.raises(InvalidInputError, match="session s_b, turn 0: missing 'content'"):
        messages_from(lme)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="not found"):
        load_transcript(tmp_path / "nope.json")
