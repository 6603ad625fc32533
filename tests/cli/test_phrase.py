"""The plan confirmation phrase is shown where a person types it (``plan apply --help``,
the ``plan create`` output, the prompt, the wrong-phrase error) and nowhere an agent
reads: not in a tool schema, not in a tool result or error, over MCP or Hermes' tool."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from vecmem import Memory
from vecmem.cli import app
from vecmem.integrations.actions import ACTIONS, ActionRunner, CallContext, actions_for
from vecmem.integrations.hermes.tools import tool_schema

PHRASE = "yes, apply plan — 确认"
runner = CliRunner()


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    db = str(tmp_path / "phrase.db")
    with Memory.open(db, embed_provider="hashing") as mem:
        mem.add("用户偏好：回答简洁务实")
    return {"VECMEM_DB": db, "VECMEM_EMBED_PROVIDER": "hashing",
            "VECMEM_CONFIRM_PHRASE": PHRASE}


def test_a_person_is_shown_the_configured_phrase(env: dict[str, str]) -> None:
    helped = runner.invoke(app, ["plan", "apply", "--help"], env=env)
    assert helped.exit_code == 0 and PHRASE in " ".join(helped.stdout.split())
    created = runner.invoke(app, ["plan", "create", "--archive", "1"], env=env)
    assert created.exit_code == 0
    plan_id = created.stdout.split()[0]
    assert f"vecmem plan apply {plan_id} --confirm '{PHRASE}'" in created.stdout
    # --json output is a document a script (or an agent) may read: no phrase in it.
    as_json = runner.invoke(app, ["plan", "show", plan_id, "--json"], env=env)
    assert PHRASE not in as_json.stdout
    prompted = runner.invoke(app, ["plan", "apply", plan_id], env=env, input="no\n")
    assert prompted.exit_code == 1
    assert f"Type the confirmation phrase ({PHRASE})" in prompted.output
    assert f"the configured phrase is: {PHRASE}" in prompted.stderr
    wrong = runner.invoke(app, ["plan", "apply", plan_id, "--confirm", "yes"], env=env)
    assert wrong.exit_code == 1 and PHRASE in wrong.stderr
    done = runner.invoke(app, ["plan", "apply", plan_id], env=env, input=f"{PHRASE}\n")
    assert done.exit_code == 0 and "applied" in done.stdout


def _arguments(mem: Memory) -> dict[str, dict[str, Any]]:
    """Valid arguments for every agent action, against a real memory."""
    keep = mem.add("The build server runs Debian 12").memory_id
    # Someone wrote the phrase into a memory: list and search results must still hide it.
    mem.add_many([f"The team's plan phrase is {PHRASE}"], raw=True)
    mem.add("默认模型：deepseek-v4")
    item = mem.add("默认模型：qwen-max").memory_id  # a conflict: in review
    plan = mem.create_plan([{"action": "archive", "memory_id": keep}], reason="tidy")
    event = mem.events(keep)[0].event_id
    values = {"query": "build server", "content": "The user deploys on Fridays",
              "memory_id": keep, "operations": [{"action": "archive", "memory_id": keep}],
              "plan_id": plan.id, "event_id": event}
    out = {}
    for name, spec in ACTIONS.items():
        args = {p: values[p] for p in spec.required}
        if name in ("approve", "reject"):
            args["memory_id"] = item
        out[name] = args
    return out


def _walk_results(mem: Memory, call: Any) -> list[str]:
    texts = []
    for name, args in _arguments(mem).items():
        texts.append(call(name, args))
        # and the mistakes an agent makes: unknown names, the phrase as an argument
        texts.append(call(name, {**args, "confirm": PHRASE}))
    for forbidden in ("apply_plan", "revert_plan"):
        texts.append(call(forbidden, {"plan_id": "x", "confirm": PHRASE}))
    return texts


def test_hermes_tool_never_shows_the_phrase(tmp_path: Path) -> None:
    with Memory.open(str(tmp_path / "h.db"), embed_provider="hashing",
                     confirm_phrase=PHRASE, governance_mode="advanced") as mem:
        for mode in ("light", "advanced"):
            assert PHRASE not in json.dumps(tool_schema(mode), ensure_ascii=False)
        agent = ActionRunner(lambda: mem, allowed=actions_for("advanced"),
                             context=CallContext(source="hermes", actor="hermes"),
                             confirm_phrase=PHRASE)
        texts = _walk_results(mem, agent.run_json)
    assert len(texts) > 2 * len(ACTIONS)
    assert not [t for t in texts if PHRASE in t]
    assert any('"plan_id"' in t or "plan-" in t for t in texts)  # results were real


def test_mcp_tools_never_show_the_phrase(tmp_path: Path) -> None:
    pytest.importorskip("mcp", reason="the mcp SDK is not installed")
    from vecmem.mcp import build_server

    with Memory.open(str(tmp_path / "m.db"), embed_provider="hashing",
                     confirm_phrase=PHRASE, governance_mode="advanced") as mem:
        server = build_server(mem)
        tools = asyncio.run(server.list_tools())
        assert {t.name for t in tools} == set(actions_for("advanced"))
        schemas = json.dumps([t.model_dump(mode="json") for t in tools], ensure_ascii=False)
        assert PHRASE not in schemas

        def call(name: str, args: dict[str, Any]) -> str:
            try:
                result = asyncio.run(server.call_tool(name, args))
            except Exception as exc:  # the SDK's own refusal of an unknown tool
                return str(exc)
            return json.dumps(result.model_dump(mode="json") if hasattr(result, "model_dump")
                              else result, ensure_ascii=False, default=str)

        texts = _walk_results(mem, call)
    assert not [t for t in texts if PHRASE in t]
    assert any("plan-" in t for t in texts)
