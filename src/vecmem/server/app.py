"""The HTTP API: thin routes over ``Memory``, shared by the standalone server and Hermes.

``build_router(get_memory)`` holds every route. It is mounted twice in the world:

* by ``create_app(mem, token)`` under ``/api`` behind a bearer-token check, next to the
  static dashboard page (``vecmem serve``);
* by the Hermes dashboard plugin under ``/api/plugins/vecmem``, where Hermes' own session
  auth applies instead (``vecmem.integrations.hermes.dashboard.plugin_api``).

Routes validate their input with pydantic, call one ``Memory`` method and return its
``to_dict()``. vecmem's errors are mapped to HTTP statuses in exactly one place, the route
class ``VecmemRoute`` (so the mapping travels with the router into Hermes' app too):
each ``VecmemError`` subclass carries its own ``http_status``.

Auth (standalone): every ``/api/`` route needs ``Authorization: Bearer <token>``, compared
in constant time; there are no cookies, so there is no CSRF to defend against. The main
token opens every scope; tokens configured in ``VECMEM_SERVER_TOKENS`` are each bound to
the scopes they list, and any other ``?scope=`` is 403 (`token_guard`). The page
(``/``, ``/static/*``) and ``/openapi.json`` are public: they hold no data, and the schema
only describes the routes.
"""

# No ``from __future__ import annotations``: FastAPI reads the routes' annotations, and
# some are local aliases (``Mem``) that only eager evaluation can see.
import hashlib
import hmac
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from fastapi import APIRouter, Body, Depends, FastAPI, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.routing import APIRoute
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, model_validator
from starlette.exceptions import HTTPException as StarletteHTTPException

from vecmem import __version__
from vecmem.errors import InvalidInputError, NotFoundError, VecmemError
from vecmem.limits import CONTENT_MAX, PLAN_OPS_MAX, REASON_MAX
from vecmem.memory import Memory
from vecmem.types import CLEANUP_PLAN_KINDS, Action, MemoryType, Status

STATIC_DIR = Path(__file__).resolve().parent / "static"

#: The page loads only its own files: no inline script or style, no other origin.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'"
)
STATUS_ACTIONS = ("archive", "restore", "approve", "reject")
PLAN_ACTIONS = ("archive", "restore", "approve", "reject", "merge")
MAX_SCOPES = 64

StatusName = Literal["active", "review", "archived", "superseded"]
TypeName = Literal[
    "preference", "project", "environment", "active_context", "idea_backlog", "workflow",
    "tool_quirk", "user_fact", "general",
]
# Derived from the one vocabulary (vecmem.types.Action): a new action needs no edit here.
EventAction = Literal[tuple(a.value for a in Action)]  # type: ignore[valid-type]
CleanupKind = Literal[CLEANUP_PLAN_KINDS]  # type: ignore[valid-type]


# -- errors: mapped once -----------------------------------------------------------------
def error_response(status: int, error: str, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": error, "message": message, **extra}, status_code=status)


def _validation_response(exc: RequestValidationError) -> JSONResponse:
    detail = [
        {"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", "")),
         "type": str(e.get("type", ""))}
        for e in exc.errors()
    ]
    message = "; ".join(
        f"{'.'.join(d['loc'][1:] or d['loc'])}: {d['msg']}" for d in detail
    ) or "invalid request"
    return error_response(422, "ValidationError", message, detail=detail)


class VecmemRoute(APIRoute):
    """Turns vecmem's errors and request-validation errors into JSON answers.

    Living in the route class (not in an app exception handler) means the same mapping
    applies wherever the router is included, e.g. inside Hermes' dashboard app.
    """

    def get_route_handler(self) -> Callable[[Request], Awaitable[Response]]:
        handler = super().get_route_handler()

        async def mapped(request: Request) -> Response:
            try:
                return await handler(request)
            except VecmemError as exc:
                return error_response(exc.http_status, type(exc).__name__, exc.message)
            except RequestValidationError as exc:
                return _validation_response(exc)

        return mapped


# -- one Memory per scope ----------------------------------------------------------------
class MemoryPool:
    """The ``Memory`` for each scope the API is asked about.

    ``default`` is the Memory (or a factory for it, called on first use) that answers when
    no ``scope`` is given. Other scopes share its settings, embedder and LLM and are
    opened on demand (at most ``MAX_SCOPES``); the pool closes only what it opened.
    """

    def __init__(self, default: Memory | Callable[[], Memory]) -> None:
        self._default = default if isinstance(default, Memory) else None
        self._factory = None if isinstance(default, Memory) else default
        self._owns_default = self._default is None
        self._scopes: dict[str, Memory] = {}
        self._lock = threading.Lock()

    def default(self) -> Memory:
        with self._lock:
            if self._default is None:
                assert self._factory is not None
                self._default = self._factory()
            return self._default

    def __call__(self, scope: str | None = None) -> Memory:
        base = self.default()
        if scope is None or scope == base.scope:
            return base
        with self._lock:
            mem = self._scopes.get(scope)
            if mem is None:
                if len(self._scopes) >= MAX_SCOPES:
                    raise InvalidInputError(
                        f"this server already serves {MAX_SCOPES} scopes; restart it to "
                        "release them"
                    )
                ctx = base.context
                mem = Memory.open(settings=base.settings, scope=scope, embedder=ctx.embedder,
                                  llm=ctx.llm, reembed=False)
                self._scopes[scope] = mem
            return mem

    def close(self) -> None:
        with self._lock:
            for mem in self._scopes.values():
                mem.close()
            self._scopes.clear()
            if self._owns_default and self._default is not None:
                self._default.close()
                self._default = None


# -- request bodies ----------------------------------------------------------------------
class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AddRequest(_Body):
    content: str = Field(min_length=1, max_length=CONTENT_MAX, description="The fact to remember")
    source: str = Field("dashboard", min_length=1, max_length=200)
    category: str | None = Field(None, max_length=200)


class UpdateRequest(_Body):
    content: str = Field(min_length=1, max_length=CONTENT_MAX)
    reason: str | None = Field(None, max_length=REASON_MAX)


class ReasonRequest(_Body):
    reason: str | None = Field(None, max_length=REASON_MAX, description="Recorded in the event")


class CoreRequest(_Body):
    include: StrictBool | None = Field(
        description="true pins the memory into the core profile, false keeps it out, null "
                    "hands it back to the rules")


class PlanRequest(_Body):
    """A plan from a selection (``action`` + ``memory_ids``) or from raw ``operations``."""

    action: Literal["archive", "restore", "approve", "reject", "merge"] | None = None
    memory_ids: list[int] | None = Field(None, min_length=1, max_length=1000)
    content: str | None = Field(None, max_length=CONTENT_MAX, description="Merged text (merge)")
    reason: str | None = Field(None, max_length=REASON_MAX)
    operations: list[dict[str, Any]] | None = Field(None, min_length=1,
                                                    max_length=PLAN_OPS_MAX)

    @model_validator(mode="after")
    def _one_form(self) -> "PlanRequest":
        selection = self.action is not None or self.memory_ids is not None
        if (self.operations is None) == (not selection):
            raise ValueError("give either operations, or action and memory_ids")
        if selection and (self.action is None or not self.memory_ids):
            raise ValueError("a plan from a selection needs both action and memory_ids")
        if self.action == "merge" and not (self.content or "").strip():
            raise ValueError("a merge plan needs content: the text of the merged memory")
        return self

    def ops(self) -> list[dict[str, Any]]:
        if self.operations is not None:
            return self.operations
        assert self.action is not None and self.memory_ids is not None
        why = {"reason": self.reason} if self.reason else {}
        if self.action == "merge":
            return [{"action": "merge", "memory_ids": self.memory_ids, "content": self.content,
                     **why}]
        return [{"action": self.action, "memory_id": i, **why} for i in self.memory_ids]


class ApplyRequest(_Body):
    confirm: str = Field(max_length=500, description="The confirmation phrase, typed by a "
                                                     "person; never shown by this API")


# -- read-side composition (no decisions: just what the page shows together) -------------
def _get_or_none(mem: Memory, memory_id: int) -> dict[str, Any] | None:
    try:
        return mem.get(memory_id).to_dict()
    except NotFoundError:
        return None


def lineage(mem: Memory, memory_id: int, superseded_by: int | None,
            events: Iterable[Any]) -> dict[str, Any]:
    """``superseded_by``: the chain of memories that replaced this one, nearest first;
    ``merged_from``: the sources of a merge that created it; ``supersedes``: memories it
    replaced when a conflict was approved."""
    chain: list[dict[str, Any]] = []
    seen = {memory_id}
    nxt = superseded_by
    while nxt is not None and nxt not in seen and len(chain) < 50:
        rec = _get_or_none(mem, nxt)
        if rec is None:
            break
        chain.append(rec)
        seen.add(nxt)
        nxt = rec.get("superseded_by")
    merged_from: list[dict[str, Any]] = []
    supersedes: list[dict[str, Any]] = []
    listed: set[int] = set()
    for event in events:
        if event.action not in ("merge", "approve"):
            continue
        for rid in event.related_ids:
            rec = None if rid in listed else _get_or_none(mem, rid)
            if rec is None:
                continue
            listed.add(rid)
            entry = {**rec, "via_event": event.event_id}
            if event.action == "merge":
                merged_from.append(entry)
            elif rec.get("superseded_by") == memory_id:
                supersedes.append(entry)
    return {"superseded_by": chain, "merged_from": merged_from, "supersedes": supersedes}


# -- the router --------------------------------------------------------------------------
GetMemory = Callable[[str | None], Memory]


def build_router(get_memory: GetMemory, *, actor: str = "dashboard") -> APIRouter:
    """Every API route, relative to where it is mounted (``/api`` standalone).

    ``get_memory(scope)`` returns the Memory for a scope (``None``: the default one); a
    ``MemoryPool`` is such a callable. ``actor`` is written on every change's event.
    """
    router = APIRouter(route_class=VecmemRoute)

    def memory(
        scope: Annotated[str | None, Query(min_length=1, max_length=128,
                                           description="Namespace; default: the server's")]
        = None,
    ) -> Memory:
        return get_memory(scope)

    Mem = Annotated[Memory, Depends(memory)]
    Limit = Annotated[int, Query(ge=1, le=1000)]
    Offset = Annotated[int, Query(ge=0)]
    Text = Annotated[str | None, Query(max_length=2000)]
    QueryText = Annotated[str, Query(min_length=1, max_length=2000, description="Query")]
    K = Annotated[int | None, Query(ge=1, le=1000)]
    MinScore = Annotated[float | None, Query(ge=-1, le=1)]

    # -- overview --
    @router.get("/info", tags=["overview"], summary="Version, scope and the filter vocab")
    def info(mem: Mem) -> dict[str, Any]:
        return {
            "version": __version__, "scope": mem.scope, "language": mem.settings.language,
            "governance_mode": mem.settings.governance_mode,
            "statuses": [s.value for s in Status], "memory_types": [t.value for t in MemoryType],
            "status_actions": list(STATUS_ACTIONS), "plan_actions": list(PLAN_ACTIONS),
            "event_actions": sorted(get_args(EventAction)),
            # For the person applying a plan in the dashboard. This API is the people's
            # front end; agents reach vecmem through MCP/Hermes tools, whose schemas and
            # results never carry the phrase (tests/integrations/test_mcp.py, test_hermes.py).
            "confirm_phrase": mem.settings.confirm_phrase,
        }

    @router.get("/stats", tags=["overview"], summary="Totals by status/type, model, consistency")
    def stats(mem: Mem) -> dict[str, Any]:
        return mem.stats()

    @router.get("/health", tags=["overview"], summary="Health: ok | attention | critical")
    def health(mem: Mem, window_hours: Annotated[float, Query(gt=0, le=24 * 366)] = 24
               ) -> dict[str, Any]:
        return mem.health_report(window_hours=window_hours).to_dict()

    @router.get("/cleanup", tags=["overview"], summary="Cleanup report (writes nothing)")
    def cleanup(mem: Mem) -> dict[str, Any]:
        return mem.cleanup_report().to_dict()

    @router.post("/cleanup/plan", tags=["plans"], summary="Turn the cleanup candidates into a plan")
    def cleanup_plan(mem: Mem, kind: Annotated[CleanupKind | None, Query(
            description="only candidates of this kind (possible_conflict: archive the older "
                        "values); default: the low-risk ones")] = None) -> dict[str, Any]:
        report = mem.cleanup_report()
        ops = report.plan_ops(kind)
        if not ops:
            raise InvalidInputError("the cleanup report has no candidates; no plan was made")
        return mem.create_plan(ops, reason="cleanup report" + (f" ({kind})" if kind else "")
                               ).to_dict()

    # -- memories --
    @router.get("/memories", tags=["memories"], summary="List memories with filters")
    def list_memories(
        mem: Mem,
        status: Annotated[StatusName | None, Query()] = None,
        category: Text = None,
        memory_type: Annotated[TypeName | None, Query()] = None,
        topic_key: Text = None,
        source: Text = None,
        since: Annotated[str | None, Query(description="ISO-8601, on updated_at")] = None,
        until: Annotated[str | None, Query(description="ISO-8601, on updated_at")] = None,
        text: Text = None,
        limit: Limit = 50,
        offset: Offset = 0,
    ) -> dict[str, Any]:
        filters = {"status": status, "category": category, "memory_type": memory_type,
                   "topic_key": topic_key, "source": source, "since": since, "until": until,
                   "text": text}
        items = mem.list(**filters, limit=limit, offset=offset)
        return {"items": [m.to_dict() for m in items], "total": mem.count(**filters),
                "limit": limit, "offset": offset}

    @router.post("/memories", tags=["memories"], summary="Add through the write pipeline")
    def add(mem: Mem, body: AddRequest) -> dict[str, Any]:
        return mem.add(body.content, source=body.source, category=body.category,
                       actor=actor).to_dict()

    @router.post("/memories/preview", tags=["memories"], summary="What add would decide")
    def preview_add(mem: Mem, body: AddRequest) -> dict[str, Any]:
        return mem.preview_add(body.content, source=body.source, category=body.category
                               ).to_dict()

    @router.get("/memories/{memory_id}", tags=["memories"],
                summary="A memory with its timeline, same-topic memories and lineage")
    def detail(mem: Mem, memory_id: int,
               events_limit: Annotated[int, Query(ge=1, le=1000)] = 200) -> dict[str, Any]:
        rec = mem.get(memory_id)
        events = mem.events(memory_id, limit=events_limit)
        same_topic = [] if not rec.topic_key else [
            m.to_dict() for m in mem.list(topic_key=rec.topic_key, limit=50) if m.id != rec.id
        ]
        return {"memory": rec.to_dict(), "trust": mem.trust(rec.id),
                "events": [e.to_dict() for e in events], "same_topic": same_topic,
                "lineage": lineage(mem, rec.id, rec.superseded_by, events)}

    @router.post("/memories/{memory_id}/update", tags=["memories"], summary="Rewrite the text")
    def update(mem: Mem, memory_id: int, body: UpdateRequest) -> dict[str, Any]:
        return mem.update(memory_id, body.content, reason=body.reason, source="dashboard",
                          actor=actor).to_dict()

    @router.post("/memories/{memory_id}/update/preview", tags=["memories"],
                 summary="What update would do")
    def preview_update(mem: Mem, memory_id: int, body: UpdateRequest) -> dict[str, Any]:
        return mem.preview_update(memory_id, body.content, reason=body.reason,
                                  source="dashboard").to_dict()

    # -- the core profile (standing facts an agent receives once per session) --
    @router.get("/profile", tags=["memories"],
                summary="The core profile: chosen facts, what did not fit, pins, exclusions")
    def core_profile(mem: Mem) -> dict[str, Any]:
        return mem.core_profile().to_dict()

    @router.post("/profile/{memory_id}", tags=["memories"],
                 summary="Pin a memory into the core profile, keep it out, or reset it")
    def set_core(mem: Mem, memory_id: int, body: CoreRequest) -> dict[str, Any]:
        return mem.set_core(memory_id, body.include).to_dict()

    Reason = Annotated[ReasonRequest | None, Body()]
    for name in STATUS_ACTIONS:
        _status_routes(router, name, Mem, Reason, actor)

    # -- events --
    @router.get("/events", tags=["events"], summary="The audit log, newest first")
    def events(
        mem: Mem,
        memory_id: Annotated[int | None, Query(ge=1)] = None,
        action: Annotated[EventAction | None, Query()] = None,
        since: Annotated[str | None, Query()] = None,
        until: Annotated[str | None, Query()] = None,
        limit: Limit = 50,
        offset: Offset = 0,
    ) -> dict[str, Any]:
        rows = mem.events(memory_id, action=action, since=since, until=until, limit=limit,
                          offset=offset)
        return {"items": [e.to_dict() for e in rows], "limit": limit, "offset": offset}

    @router.get("/audit", tags=["events"],
                summary="Every event, newest first, filtered by action, actor, source, time")
    def audit(
        mem: Mem,
        action: Annotated[EventAction | None, Query()] = None,
        actor: Annotated[str | None, Query(max_length=200)] = None,
        source: Annotated[str | None, Query(max_length=200)] = None,
        since: Annotated[str | None, Query()] = None,
        until: Annotated[str | None, Query()] = None,
        limit: Limit = 50,
        offset: Offset = 0,
    ) -> dict[str, Any]:
        # An empty text box in the dashboard means "any".
        rows = mem.events(action=action, actor=actor or None, source=source or None,
                          since=since, until=until, limit=limit, offset=offset)
        return {"items": [e.to_dict() for e in rows], "limit": limit, "offset": offset}

    @router.post("/events/{event_id}/revert", tags=["events"], summary="Undo one event")
    def revert(mem: Mem, event_id: int) -> dict[str, Any]:
        return mem.revert(event_id, actor=actor).to_dict()

    @router.post("/events/{event_id}/revert/preview", tags=["events"],
                 summary="What revert would do")
    def preview_revert(mem: Mem, event_id: int) -> dict[str, Any]:
        return mem.preview_revert(event_id).to_dict()

    # -- search --
    Mode = Annotated[Literal["hybrid", "vector", "keyword"], Query()]
    # Checked by Memory.search (a date or ISO-8601 time; anything else is a 400).
    AsOf = Annotated[str | None, Query(max_length=40, description=(
        "What held then and had been said by then: YYYY-MM-DD or an ISO-8601 time"))]
    History = Annotated[bool, Query(description="Also search facts that no longer hold")]

    Gate = Annotated[bool, Query(description="The relevance gate (hybrid mode); false lists "
                                             "by rank for exploration")]
    Session = Annotated[str | None, Query(max_length=200, description=(
        "Log the hits as this session's next turn in the recall log"))]

    @router.get("/search", tags=["search"], summary="Hybrid search over current memories")
    def search(mem: Mem, q: QueryText, k: K = None, min_score: MinScore = None,
               mode: Mode = "hybrid", explain: bool = False, gate: Gate = True,
               session: Session = None, as_of: AsOf = None,
               history: History = False) -> dict[str, Any]:
        hits = mem.search(q, k, min_score=min_score, mode=mode, gate=gate, session=session,
                          front_end="http", as_of=as_of, history=history)
        return {"query": q, "mode": mode, "gate": gate, "as_of": as_of, "history": history,
                "hits": [h.to_dict() for h in hits],
                "explanation": mem.explain(q, k, min_score=min_score, gate=gate, as_of=as_of,
                                           history=history).to_dict()
                if explain else None}

    @router.get("/keyword", tags=["search"], summary="Keyword search (Chinese and English)")
    def keyword(mem: Mem, q: QueryText, k: K = None, explain: bool = False) -> dict[str, Any]:
        hits = mem.keyword(q, k)
        return {"query": q, "mode": "keyword", "hits": [h.to_dict() for h in hits],
                "explanation": mem.explain(q, k).to_dict() if explain else None}

    @router.get("/explain", tags=["search"], summary="Why search returns what it returns")
    def explain(mem: Mem, q: QueryText, k: K = None, min_score: MinScore = None,
                gate: Gate = True, as_of: AsOf = None,
                history: History = False) -> dict[str, Any]:
        return mem.explain(q, k, min_score=min_score, gate=gate, as_of=as_of,
                           history=history).to_dict()

    @router.get("/recalls", tags=["search"],
                summary="The recall log: which memories each turn received, and why")
    def recalls(mem: Mem, session: Annotated[str | None, Query(max_length=200)] = None,
                memory_id: Annotated[int | None, Query(ge=1)] = None,
                q: Annotated[str | None, Query(min_length=1, max_length=4000)] = None,
                limit: Limit = 50, offset: Offset = 0) -> dict[str, Any]:
        items = mem.recalls(session=session, memory_id=memory_id, query=q, limit=limit,
                            offset=offset)
        return {"items": [e.to_dict() for e in items], "limit": limit, "offset": offset}

    # -- review --
    @router.get("/review", tags=["review"], summary="Review items with their targets")
    def review(mem: Mem, limit: Limit = 50, offset: Offset = 0) -> dict[str, Any]:
        return {"items": mem.review_list(limit=limit, offset=offset),
                "total": mem.count(status="review"), "limit": limit, "offset": offset}

    # -- plans --
    @router.get("/plans", tags=["plans"], summary="Plans, newest first")
    def list_plans(mem: Mem, status: Annotated[Literal["pending", "applied", "reverted"] | None,
                                               Query()] = None,
                   limit: Limit = 50) -> dict[str, Any]:
        return {"items": [p.to_dict() for p in mem.list_plans(status=status, limit=limit)]}

    @router.post("/plans", tags=["plans"], summary="Create a plan (previews; changes nothing)")
    def create_plan(mem: Mem, body: PlanRequest) -> dict[str, Any]:
        return mem.create_plan(body.ops(), reason=body.reason).to_dict()

    @router.get("/plans/{plan_id}", tags=["plans"], summary="One plan with its previews/results")
    def get_plan(mem: Mem, plan_id: str) -> dict[str, Any]:
        return mem.get_plan(plan_id).to_dict()

    @router.post("/plans/{plan_id}/apply", tags=["plans"],
                 summary="Apply a plan with the confirmation phrase (403 if it differs)")
    def apply_plan(mem: Mem, plan_id: str, body: ApplyRequest) -> dict[str, Any]:
        return mem.apply_plan(plan_id, body.confirm, actor=actor).to_dict()

    return router


def _status_routes(router: APIRouter, name: str, mem_type: Any, reason_type: Any,
                   actor: str) -> None:
    """``POST /memories/{id}/<name>`` and its ``/preview`` twin, for one status action."""

    def act(mem: mem_type, memory_id: int, body: reason_type = None) -> dict[str, Any]:
        method = getattr(mem, name)
        return method(memory_id, reason=body.reason if body else None, actor=actor).to_dict()

    def preview(mem: mem_type, memory_id: int, body: reason_type = None) -> dict[str, Any]:
        method = getattr(mem, f"preview_{name}")
        return method(memory_id, reason=body.reason if body else None).to_dict()

    router.add_api_route(f"/memories/{{memory_id}}/{name}", act, methods=["POST"],
                         tags=["memories"], summary=f"{name.capitalize()} a memory",
                         name=name)
    router.add_api_route(f"/memories/{{memory_id}}/{name}/preview", preview, methods=["POST"],
                         tags=["memories"], summary=f"What {name} would do (writes nothing)",
                         name=f"preview_{name}")


# -- the standalone app ------------------------------------------------------------------
def token_guard(
    token: str, scoped: Mapping[str, Iterable[str]] | None = None, *, default_scope: str = ""
) -> Callable[..., None]:
    """A dependency that accepts only ``Authorization: Bearer <token>`` (every scope) or
    one of the ``scoped`` tokens, each bound to its scopes.

    A request names its scope with ``?scope=`` (none: ``default_scope``); a bound token
    asking for a scope outside its set is refused with 403 and opens nothing. Tokens are
    compared as SHA-256 digests with ``compare_digest``, against every configured token
    without stopping at a match, so the time taken says nothing about which one, or how
    much of one, matched."""
    if not isinstance(token, str) or not token:
        raise InvalidInputError("the server needs a non-empty access token")
    entries: list[tuple[bytes, frozenset[str] | None]] = [(_digest(token), None)]
    for key, scopes in (scoped or {}).items():
        entries.append((_digest(key), frozenset(scopes)))
    bearer = HTTPBearer(auto_error=False, scheme_name="token",
                        description="The access token printed by `vecmem serve`")

    def require_token(
        request: Request,
        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
    ) -> None:
        given = _digest(credentials.credentials if credentials else "")
        found, allowed = False, None
        for digest, scopes in entries:  # no early exit: constant work per request
            if hmac.compare_digest(given, digest) and not found:
                found, allowed = True, scopes
        if not (credentials and found):
            raise StarletteHTTPException(
                401, "missing or wrong access token (send Authorization: Bearer <token>)",
                headers={"WWW-Authenticate": "Bearer"},
            )
        if allowed is not None:
            asked = request.query_params.getlist("scope") or [default_scope]
            outside = [s for s in asked if s not in allowed]
            if outside:
                raise StarletteHTTPException(
                    403, f"this token is not allowed scope {outside[0]!r}; it may open: "
                         + ", ".join(sorted(allowed)))

    return require_token


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8")).digest()


def create_app(
    mem: Memory,
    token: str,
    *,
    allow_origins: list[str] | None = None,
    scoped_tokens: Mapping[str, Iterable[str]] | None = None,
) -> FastAPI:
    """The standalone server: the API under ``/api`` (token required) and the page at ``/``.

    ``token`` opens every scope; each of ``scoped_tokens`` only the scopes it lists
    (`token_guard`).

    ``/openapi.json`` is public (it describes routes, holds no data); the interactive
    docs pages are off because they would load scripts from a CDN. No CORS header is sent
    unless ``allow_origins`` lists origins.
    """
    pool = MemoryPool(mem)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        pool.close()  # scopes opened on demand; ``mem`` itself belongs to the caller

    app = FastAPI(
        title="vecmem", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None,
        description="Long-term memory for AI agents that remembers accurately and can be "
                    "governed. Every /api/ route needs `Authorization: Bearer <token>`.",
    )
    app.include_router(build_router(pool), prefix="/api",
                       dependencies=[Depends(token_guard(token, scoped_tokens,
                                                         default_scope=mem.scope))])

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        names = {401: "Unauthorized", 403: "Forbidden", 404: "NotFound",
                 405: "MethodNotAllowed"}
        response = error_response(exc.status_code, names.get(exc.status_code, "HTTPError"),
                                  str(exc.detail))
        response.headers.update(exc.headers or {})
        return response

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return _validation_response(exc)

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Callable[[Request], Awaitable[
            Response]]) -> Response:
        response = await call_next(request)
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Frame-Options", "DENY")
        if request.url.path.startswith("/api/"):
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    if allow_origins:
        from fastapi.middleware.cors import CORSMiddleware

        app.add_middleware(CORSMiddleware, allow_origins=list(allow_origins),
                           allow_methods=["GET", "POST"],
                           allow_headers=["Authorization", "Content-Type"],
                           allow_credentials=False)

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC_DIR / "index.html", media_type="text/html")

    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    return app
