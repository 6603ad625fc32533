"""Pins the agent-facing tool contracts: the Hermes ``vecmem`` tool schema, the MCP tools'
parameters and annotations, and the shared argument validation.

A change here changes what every agent sees; it should be deliberate.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from vecmem.integrations.actions import (
    ACTIONS,
    ADVANCED_ACTIONS,
    FORBIDDEN_ACTIONS,
    LIGHT_ACTIONS,
    ActionRunner,
    CallContext,
    actions_for,
)
from vecmem.integrations.hermes.tools import TOOL_NAME, tool_schema
from vecmem.settings import DEFAULT_CONFIRM_PHRASE, Settings

LIGHT = ["search", "keyword", "add", "list", "archive", "restore", "stats"]
ADVANCED_EXTRA = [
    "preview_add",
    "preview_archive",
    "preview_restore",
    "review_list",
    "events",
    "explain",
    "create_plan",
    "list_plans",
    "get_plan",
    "cleanup_report",
    "health_report",
    "revert",
]

# action -> (required parameters, optional parameters)
PARAMETERS: dict[str, tuple[set[str], set[str]]] = {
    "search": ({"query"}, {"k", "min_score", "gate", "session"}),
    "keyword": ({"query"}, {"k"}),
    "add": ({"content"}, {"category"}),
    "list": (set(), {"status", "memory_type", "topic_key", "source", "limit", "offset"}),
    "archive": ({"memory_id"}, {"reason"}),
    "restore": ({"memory_id"}, {"reason"}),
    "stats": (set(), set()),
    "preview_add": ({"content"}, {"category"}),
    "preview_archive": ({"memory_id"}, {"reason"}),
    "preview_restore": ({"memory_id"}, {"reason"}),
    "review_list": (set(), {"limit", "offset"}),
    "events": (set(), {"memory_id", "event_action", "limit"}),
    "explain": ({"query"}, {"k", "gate"}),
    "create_plan": ({"operations"}, {"reason"}),
    "list_plans": (set(), {"limit"}),
    "get_plan": ({"plan_id"}, set()),
    "cleanup_report": (set(), set()),
    "health_report": (set(), {"window_hours"}),
    "revert": ({"event_id"}, set()),
}

# action -> (readOnlyHint, destructiveHint, idempotentHint)
ANNOTATIONS: dict[str, tuple[bool, bool, bool]] = {
    "search": (True, False, True),
    "keyword": (True, False, True),
    "add": (False, False, False),
    "list": (True, False, True),
    "archive": (False, True, True),
    "restore": (False, False, True),
    "stats": (True, False, True),
    "preview_add": (True, False, True),
    "preview_archive": (True, False, True),
    "preview_restore": (True, False, True),
    "review_list": (True, False, True),
    "events": (True, False, True),
    "explain": (True, False, True),
    "create_plan": (False, False, False),
    "list_plans": (True, False, True),
    "get_plan": (True, False, True),
    "cleanup_report": (True, False, True),
    "health_report": (True, False, True),
    "revert": (False, True, False),
}


def test_action_sets_are_pinned() -> None:
    assert list(LIGHT_ACTIONS) == LIGHT
    assert list(ADVANCED_ACTIONS) == LIGHT + ADVANCED_EXTRA
    assert actions_for("light") == LIGHT_ACTIONS
    assert actions_for("advanced") == ADVANCED_ACTIONS
    assert set(ACTIONS) == set(PARAMETERS)
    assert "apply_plan" not in ACTIONS
    for name, (required, optional) in PARAMETERS.items():
        spec = ACTIONS[name]
        assert set(spec.required) == required, name
        assert set(spec.param_names) == required | optional, name


@pytest.mark.parametrize("mode", ["light", "advanced"])
def test_hermes_tool_schema(mode: str) -> None:
    schema = tool_schema(mode)
    assert schema["name"] == TOOL_NAME == "vecmem"
    params = schema["parameters"]
    assert params["type"] == "object"
    assert params["required"] == ["action"]
    assert params["additionalProperties"] is False
    names = LIGHT if mode == "light" else LIGHT + ADVANCED_EXTRA
    assert params["properties"]["action"]["enum"] == names
    expected = {"action"}
    for name in names:
        required, optional = PARAMETERS[name]
        expected |= required | optional
        # Every action is documented with its parameters in the description.
        assert ACTIONS[name].signature_text() in schema["description"]
    assert set(params["properties"]) == expected
    # Advanced-only parameters stay out of the light schema.
    if mode == "light":
        assert not {"event_id", "plan_id", "operations", "window_hours"} & set(
            params["properties"]
        )
    # Bounds and enums the model sees.
    props = params["properties"]
    assert props["k"] == {
        "type": "integer",
        "description": props["k"]["description"],
        "minimum": 1,
        "maximum": 50,
    }
    assert props["status"]["enum"] == ["active", "review", "archived", "superseded"]
    assert props["memory_id"]["minimum"] == 1
    # The schema is plain JSON (Hermes sends it verbatim to the model).
    json.dumps(schema)


@pytest.mark.parametrize("mode", ["light", "advanced"])
@pytest.mark.parametrize("phrase", [DEFAULT_CONFIRM_PHRASE, "yes-apply-it-now"])
def test_no_schema_can_confirm_a_plan(mode: str, phrase: str) -> None:
    pytest.importorskip("mcp", reason="the mcp SDK is not installed")
    from vecmem.mcp import build_server

    text = json.dumps(tool_schema(mode), ensure_ascii=False)
    assert "apply_plan" not in text
    assert phrase not in text
    assert "confirm" not in text.lower()
    server = build_server(_stub_memory(mode, phrase))
    tools = asyncio.run(server.list_tools())
    dumped = json.dumps([t.model_dump(mode="json") for t in tools], ensure_ascii=False)
    assert "apply_plan" not in {t.name for t in tools}
    assert phrase not in dumped
    assert "confirm" not in dumped.lower()


def _stub_memory(mode: str = "advanced", phrase: str = DEFAULT_CONFIRM_PHRASE) -> Any:
    """Only the settings are read when tools are listed; no method is ever called."""
    settings = Settings(governance_mode=mode, confirm_phrase=phrase)
    return SimpleNamespace(settings=settings)


def _mcp_tools(mode: str) -> dict[str, Any]:
    pytest.importorskip("mcp", reason="the mcp SDK is not installed")
    from vecmem.mcp import build_server

    server = build_server(_stub_memory(mode))
    return {t.name: t for t in asyncio.run(server.list_tools())}


@pytest.mark.parametrize("mode", ["light", "advanced"])
def test_mcp_tools_parameters_and_annotations(mode: str) -> None:
    tools = _mcp_tools(mode)
    names = LIGHT if mode == "light" else LIGHT + ADVANCED_EXTRA
    assert list(tools) == names
    for name, tool in tools.items():
        data = tool.model_dump(by_alias=True, mode="json")
        schema = data["inputSchema"]
        required, optional = PARAMETERS[name]
        assert set(schema.get("properties", {})) == required | optional, name
        assert set(schema.get("required", [])) == required, name
        ann = data["annotations"]
        read_only, destructive, idempotent = ANNOTATIONS[name]
        assert ann["readOnlyHint"] is read_only, name
        assert ann["destructiveHint"] is destructive, name
        assert ann["idempotentHint"] is idempotent, name
        assert ann["openWorldHint"] is False, name
        assert tool.description == ACTIONS[name].description


def test_mcp_and_hermes_schemas_agree_on_types_and_bounds() -> None:
    hermes = tool_schema("advanced")["parameters"]["properties"]
    for name, tool in _mcp_tools("advanced").items():
        props = tool.model_dump(by_alias=True, mode="json")["inputSchema"].get("properties", {})
        for pname, pschema in props.items():
            variants = pschema.get("anyOf", [pschema])
            typed = next(v for v in variants if v.get("type") != "null")
            expected = hermes[pname]
            assert typed["type"] == expected["type"], (name, pname)
            for key in ("minimum", "maximum", "enum", "maxLength"):
                assert typed.get(key) == expected.get(key), (name, pname, key)


def test_create_plan_operation_schema() -> None:
    tool = _mcp_tools("advanced")["create_plan"]
    schema = tool.model_dump(by_alias=True, mode="json")["inputSchema"]
    op = schema["$defs"]["PlanOperation"]
    assert op["additionalProperties"] is False
    assert op["properties"]["action"]["enum"] == [
        "archive",
        "restore",
        "approve",
        "reject",
        "add",
        "merge",
    ]
    hermes_op = tool_schema("advanced")["parameters"]["properties"]["operations"]["items"]
    assert set(hermes_op["properties"]) == set(op["properties"])


# ----------------------------------------------------------------------------- validation


def _runner(mode: str = "advanced", memory: Any = None) -> ActionRunner:
    return ActionRunner(
        lambda: memory,
        allowed=actions_for(mode),
        context=CallContext(source="test"),
        confirm_phrase=DEFAULT_CONFIRM_PHRASE,
    )


@pytest.mark.parametrize(
    ("action", "args", "message"),
    [
        ("delete", {}, "unknown action 'delete'; available: search, keyword"),
        (None, {}, "'action' must be one of"),
        ("search", {}, "action 'search' needs 'query' (a non-empty string)"),
        ("search", {"query": "   "}, "needs 'query'"),
        ("search", {"query": "x", "k": 0}, "'k' must be between 1 and 50, got 0"),
        ("search", {"query": "x", "k": 2.5}, "'k' must be an integer"),
        ("search", {"query": "x", "k": True}, "'k' must be an integer, got a boolean"),
        ("search", {"query": "x", "min_score": "high"}, "'min_score' must be a number"),
        ("search", {"query": "x", "min_score": 1.5}, "between -1 and 1"),
        ("search", {"query": 42}, "'query' must be a string, got int"),
        ("search", {"query": "x", "colour": "red"}, "unknown parameter 'colour'"),
        ("search", {"query": "x", "memory_id": 3}, "parameter 'memory_id' does not apply"),
        ("archive", {"memory_id": "abc"}, "'memory_id' must be an integer, got 'abc'"),
        ("archive", {"memory_id": -1}, "'memory_id' must be at least 1"),
        ("list", {"status": "deleted"}, "'status' must be one of active, review"),
        ("events", {"event_action": "nuke"}, "'event_action' must be one of add"),
        ("add", {"content": "x" * 20_001}, "the limit is 20000"),
        ("create_plan", {"operations": []}, "needs 'operations'"),
        ("create_plan", {"operations": "archive 3"}, "'operations' must be a non-empty list"),
        ("create_plan", {"operations": [{"action": "drop"}]}, "'action' must be one of archive"),
        ("create_plan", {"operations": [{"action": "archive"}]}, "'memory_id' must be a positive"),
        (
            "create_plan",
            {"operations": [{"action": "merge", "memory_ids": [1]}]},
            "'memory_ids' must list at least two",
        ),
        ("create_plan", {"operations": [{"action": "add"}]}, "'content' must be a non-empty"),
        (
            "create_plan",
            {"operations": [{"action": "archive", "memory_id": 1, "confirm": "x"}]},
            "unknown key(s) confirm",
        ),
        ("apply_plan", {"plan_id": "p1"}, "not available to agents"),
    ],
)
def test_bad_arguments_have_clear_messages(action: Any, args: dict, message: str) -> None:
    out = json.loads(_runner().run_json(action, args))
    assert "error" in out, out
    assert message in out["error"], out["error"]
    assert out["error_type"] == "InvalidInputError"
    assert DEFAULT_CONFIRM_PHRASE not in json.dumps(out, ensure_ascii=False)


def test_advanced_action_refused_in_light_mode() -> None:
    out = json.loads(_runner("light").run_json("review_list", {}))
    assert "needs governance_mode 'advanced'" in out["error"]


@pytest.mark.parametrize("mode", ["light", "advanced"])
@pytest.mark.parametrize("action", sorted(FORBIDDEN_ACTIONS))
def test_review_decisions_and_plan_apply_are_never_offered(mode: str, action: str) -> None:
    """Deciding a review item, applying a plan, purging: a person's acts, in every mode."""
    assert action not in actions_for(mode)
    assert action not in json.dumps(tool_schema(mode)["parameters"]["properties"]["action"])
    assert action not in _mcp_tools(mode)
    out = json.loads(_runner(mode).run_json(action, {"memory_id": 1, "plan_id": "p"}))
    assert "not available to agents" in out["error"]


def test_blank_values_for_other_actions_parameters_are_ignored() -> None:
    # Models often send every field of the shared schema, empty. That is not an error;
    # the call then reaches the memory (absent here).
    out = json.loads(
        _runner().run_json("stats", {"query": "", "memory_id": None, "operations": []})
    )
    assert out == {"error": "vecmem is not initialized yet", "error_type": "VecmemError",
                   "action": "stats"}


def test_numbers_given_as_strings_are_accepted() -> None:
    seen: dict[str, Any] = {}

    class Recorder:
        def search(self, query: str, **kw: Any) -> list:
            seen.update(query=query, **kw)
            return []

    out = json.loads(
        _runner(memory=Recorder()).run_json("search", {"query": " tea ", "k": "3"})
    )
    assert out == {"action": "search", "count": 0, "hits": []}
    assert seen == {"query": "tea", "k": 3}


def test_confirm_phrase_is_scrubbed_from_results_and_errors(tmp_path: Path) -> None:
    phrase = DEFAULT_CONFIRM_PHRASE

    class Chatty:
        def stats(self) -> dict:
            return {"note": f"apply with '{phrase}'", "nested": [{"hint": phrase}]}

        def get_plan(self, plan_id: str) -> dict:
            from vecmem.errors import PlanError

            raise PlanError(f"plan {plan_id} needs the phrase {phrase}")

    runner = _runner(memory=Chatty())
    text = runner.run_json("stats", {})
    assert phrase not in text
    assert json.loads(text)["nested"] == [{"hint": "[redacted]"}]
    err = runner.run_json("get_plan", {"plan_id": "p1"})
    assert phrase not in err
    assert json.loads(err)["error_type"] == "PlanError"
