"""The one ``vecmem`` tool the Hermes agent sees: an OpenAI function schema whose
``action`` enum is the light or advanced action set (``governance_mode``).

The schema is generated from :data:`vecmem.integrations.actions.ACTIONS`, the same table
the MCP server uses, so the two front ends cannot drift apart. ``apply_plan`` is never
part of it, and the plan confirmation phrase appears in no schema and no result.
"""

from __future__ import annotations

from typing import Any

from vecmem.integrations.actions import ACTIONS, actions_for
from vecmem.integrations.params import PARAMS

TOOL_NAME = "vecmem"

_INTRO = (
    "Long-term memory (vecmem): durable facts kept across sessions, with dedup, a noise "
    "filter, review of conflicts and a full audit trail. Relevant memories are already "
    "recalled into each turn; call this tool to look further, to store one durable fact "
    "(preference, project fact, environment detail, user fact) or to archive a wrong one. "
    "Pick an `action`; each action takes only the parameters listed after it (? = optional):"
)
_OUTRO_ADVANCED = (
    "Plans are proposals: a person reviews and applies them outside this tool. "
    "Results are JSON; errors come back as {\"error\": ...}."
)
_OUTRO_LIGHT = "Results are JSON; errors come back as {\"error\": ...}."


def tool_description(mode: str) -> str:
    names = actions_for(mode)
    lines = [_INTRO]
    lines += [f"- {ACTIONS[n].signature_text()}: {ACTIONS[n].description}" for n in names]
    lines.append(_OUTRO_ADVANCED if mode == "advanced" else _OUTRO_LIGHT)
    return "\n".join(lines)


def tool_schema(mode: str) -> dict[str, Any]:
    """The bare OpenAI function schema (``{"name", "description", "parameters"}``)."""
    names = actions_for(mode)
    used: list[str] = []
    for n in names:
        for p in ACTIONS[n].params:
            if p.name not in used:
                used.append(p.name)
    properties: dict[str, Any] = {
        "action": {
            "type": "string",
            "enum": list(names),
            "description": "What to do; see the list in the tool description.",
        }
    }
    for name in used:
        properties[name] = PARAMS[name].json_schema()
    return {
        "name": TOOL_NAME,
        "description": tool_description(mode),
        "parameters": {
            "type": "object",
            "properties": properties,
            "required": ["action"],
            "additionalProperties": False,
        },
    }
