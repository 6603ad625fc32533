"""MCP server: vecmem's agent actions as typed MCP tools (``vecmem mcp``).

Every action of :data:`vecmem.integrations.actions.ACTIONS` allowed by
``governance_mode`` becomes one tool with a typed input schema and read-only /
destructive / idempotent annotations. Calls run through the same
:class:`~vecmem.integrations.actions.ActionRunner` as the Hermes tool, so validation,
errors and results match. ``apply_plan`` is never exposed: plans are applied by a person.

Run it with ``vecmem mcp`` or ``python -m vecmem.mcp`` (stdio by default;
``--transport streamable-http`` serves HTTP on loopback). Works with the official ``mcp``
SDK 2.x (``MCPServer``) and 1.x (``FastMCP``).
"""

from __future__ import annotations

import argparse
import inspect
import ipaddress
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from vecmem.errors import InvalidInputError, VecmemError
from vecmem.integrations.actions import (
    ACTIONS,
    ActionRunner,
    ActionSpec,
    CallContext,
    actions_for,
    dumps,
    error_payload,
    redact,
    validate_args,
)
from vecmem.integrations.params import PLAN_OP_ACTIONS, Param

SERVER_NAME = "vecmem"
Transport = Literal["stdio", "streamable-http"]

INSTRUCTIONS = (
    "vecmem is a governed long-term memory. Search before answering from memory; add one "
    "durable fact at a time (preferences, project facts, environment details, user "
    "facts), not questions or progress notes. vecmem filters noise, folds duplicates and "
    "holds conflicts for review; every change is audited and can be undone. Plans are "
    "proposals that a person applies outside MCP."
)


class PlanOperation(BaseModel):
    """One operation of a proposed plan."""

    model_config = ConfigDict(extra="forbid")

    action: Literal[PLAN_OP_ACTIONS]  # type: ignore[valid-type]
    memory_id: int | None = Field(
        None, ge=1, description="for archive, restore, approve, reject"
    )
    memory_ids: list[int] | None = Field(None, description="for merge: the memories to fold")
    content: str | None = Field(None, description="for add and merge: the text")
    reason: str | None = None


def _param_type(p: Param) -> Any:
    if p.kind == "operations":
        return list[PlanOperation]
    if p.kind == "string":
        return Literal[p.enum] if p.enum else str  # type: ignore[valid-type]
    if p.kind == "boolean":
        return bool
    return int if p.kind == "integer" else float


def _annotation(p: Param, required: bool) -> Any:
    constraints: dict[str, Any] = {"description": p.description}
    if p.minimum is not None:
        constraints["ge"] = p.minimum
    if p.maximum is not None:
        constraints["le"] = p.maximum
    if p.max_length is not None:
        constraints["max_length"] = p.max_length
    if p.kind == "operations":
        constraints["min_length"] = 1
    base = _param_type(p)
    return Annotated[base if required else base | None, Field(**constraints)]


def tool_function(
    spec: ActionSpec, call: Callable[[str, dict[str, Any]], Any]
) -> Callable[..., Any]:
    """A function whose signature is the action's typed parameters (for the SDK)."""

    def tool(**kwargs: Any) -> Any:
        return call(spec.name, kwargs)

    params = [
        inspect.Parameter(
            p.name,
            inspect.Parameter.KEYWORD_ONLY,
            default=inspect.Parameter.empty if p.name in spec.required else None,
            annotation=_annotation(p, p.name in spec.required),
        )
        for p in sorted(spec.params, key=lambda p: p.name not in spec.required)
    ]
    tool.__signature__ = inspect.Signature(params, return_annotation=dict[str, Any])  # type: ignore[attr-defined]
    tool.__name__ = spec.name
    tool.__qualname__ = spec.name
    tool.__doc__ = spec.description
    return tool


def tool_annotations(spec: ActionSpec) -> Any:
    from mcp.types import ToolAnnotations

    # camelCase field names work with both SDK majors (v2 accepts them as aliases).
    return ToolAnnotations(
        title=spec.name.replace("_", " "),
        readOnlyHint=spec.read_only,
        destructiveHint=spec.destructive,
        idempotentHint=spec.idempotent,
        openWorldHint=False,
    )


def _sdk() -> type:
    """The SDK's high-level server class: ``MCPServer`` (2.x) or ``FastMCP`` (1.x)."""
    try:
        from mcp.server.mcpserver import MCPServer
    except ImportError:
        try:
            from mcp.server.fastmcp import FastMCP as MCPServer
        except ImportError:
            raise InvalidInputError(
                "the MCP SDK is not installed; pip install 'vecmem[mcp]'"
            ) from None
    return MCPServer


def _checked_server(base: type, check: Callable[[str, Any], Any]) -> type:
    """``base`` whose ``call_tool`` first runs ``check`` (our own argument validation).

    Why: the SDK validates arguments with a pydantic model built from the signature, so a
    misspelt name came back as a raw pydantic dump ("Field required [type=missing ...]")
    and an unknown optional argument was silently dropped. `validate_args` is what the
    Hermes tool runs: it names the parameters the action takes. Both SDK majors route
    every tool call through ``call_tool``."""

    class CheckedServer(base):  # type: ignore[misc, valid-type]
        async def call_tool(self, name: str, arguments: Any, *args: Any, **kwargs: Any) -> Any:
            problem = check(name, arguments)
            if problem is not None:
                return problem
            return await super().call_tool(name, arguments, *args, **kwargs)

    return CheckedServer


def build_server(
    memory: Any, *, actions: Sequence[str] | None = None, governance: str | None = None
) -> Any:
    """An SDK server exposing ``actions`` (default: those of ``governance``, else of the
    ``governance_mode`` setting) over ``memory``."""
    from mcp.types import CallToolResult, TextContent

    from vecmem import __version__

    settings = memory.settings
    if actions is None:
        actions = actions_for(governance or settings.governance_mode)
    runner = ActionRunner(
        lambda: memory,
        allowed=actions,
        context=CallContext(source="mcp", actor="mcp"),
        confirm_phrase=settings.confirm_phrase,
    )

    def failure(exc: VecmemError, name: str) -> Any:
        # A tool-level error the model can read and correct: the JSON error payload
        # as the whole content, flagged isError (no SDK prefix, no traceback).
        payload = redact(error_payload(exc, name), settings.confirm_phrase)
        return CallToolResult(content=[TextContent(type="text", text=dumps(payload))],
                              isError=True)

    def call(name: str, kwargs: dict[str, Any]) -> Any:
        try:
            return runner.run(name, kwargs)
        except VecmemError as exc:
            return failure(exc, name)

    def check(name: str, arguments: Any) -> Any:
        if name not in runner.allowed:
            return None  # the SDK's own "unknown tool" answer
        try:
            validate_args(ACTIONS[name], arguments)
        except VecmemError as exc:
            return failure(exc, name)
        return None

    server_cls = _checked_server(_sdk(), check)
    try:
        server = server_cls(SERVER_NAME, instructions=INSTRUCTIONS, version=__version__)
    except TypeError:  # SDK 1.x: the version lives on the low-level server
        server = server_cls(SERVER_NAME, instructions=INSTRUCTIONS)
        server._mcp_server.version = __version__
    for name in runner.allowed:
        spec = ACTIONS[name]
        server.add_tool(
            tool_function(spec, call),
            name=spec.name,
            description=spec.description,
            annotations=tool_annotations(spec),
        )
    return server


def _check_host(host: str) -> None:
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise InvalidInputError(
            f"refusing to serve MCP over HTTP on {host}: it has no authentication; "
            "bind to 127.0.0.1 and put an authenticating proxy in front if needed"
        )


def run_mcp(
    db: str | None = None,
    transport: Transport = "stdio",
    *,
    host: str = "127.0.0.1",
    port: int = 8765,
    config: str | None = None,
    governance: str | None = None,
) -> None:
    """Open the memory at ``db`` (settings: vecmem.toml < VECMEM_* < arguments) and serve
    it over ``transport`` until the client disconnects. ``governance`` ('light' or
    'advanced') overrides the ``governance_mode`` setting for this server: 'advanced'
    adds review, explain, events, previews, plans and revert to the 7 light tools."""
    from vecmem.memory import Memory
    from vecmem.settings import Settings

    if transport not in ("stdio", "streamable-http"):
        raise InvalidInputError("transport must be 'stdio' or 'streamable-http'")
    if transport == "streamable-http":
        _check_host(host)
    if governance is not None:
        actions_for(governance)  # a bad mode fails before the memory is opened
    settings = Settings.load(config, db=db)
    memory = Memory.open(settings=settings)
    try:
        server = build_server(memory, governance=governance)
        if transport == "stdio":
            server.run("stdio")
        else:
            try:
                server.run("streamable-http", host=host, port=port)  # SDK 2.x
            except TypeError:  # SDK 1.x reads host and port from its settings
                server.settings.host, server.settings.port = host, port
                server.run("streamable-http")
    finally:
        memory.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vecmem.mcp", description=__doc__)
    parser.add_argument("--db", help="SQLite path or postgresql:// URL (default: VECMEM_DB)")
    parser.add_argument("--config", help="vecmem.toml to read")
    parser.add_argument("--transport", choices=("stdio", "streamable-http"), default="stdio")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--governance", choices=("light", "advanced"),
                        help="tools offered: light (7) or advanced (+ review, explain, events, "
                             "previews, plans, revert); default: the governance_mode setting")
    args = parser.parse_args(argv)
    try:
        run_mcp(args.db, args.transport, host=args.host, port=args.port, config=args.config,
                governance=args.governance)
    except VecmemError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
