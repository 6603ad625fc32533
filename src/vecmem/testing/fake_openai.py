"""A real OpenAI-compatible HTTP server on 127.0.0.1, with scripted answers.

It ships with the package (as httpx ships ``MockTransport``) so that every test — of the
LLM client, the judge, extraction, the OpenAI embedder, the CLI — talks real HTTP over
loopback instead of patching functions::

    with FakeOpenAI() as fake:
        fake.enqueue({"facts": []}, 500, Reply(delay=2.0), "not json")
        client = LLMClient(fake.base_url, "fake-model")
        ...
        assert fake.chat_requests[0].json["model"] == "fake-model"

Endpoints: ``POST /v1/chat/completions``, ``POST /v1/embeddings``, ``GET /v1/models``
(also without the ``/v1`` prefix, as llama.cpp serves them). Chat answers come from the
scripted queue first, then from ``responder(request)``, then ``default``; with none of
them the server answers HTTP 500 so a forgotten script fails loudly. Embeddings are
deterministic character-trigram hash vectors unless scripted.
"""

from __future__ import annotations

import collections
import hashlib
import json
import math
import socketserver
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["FakeOpenAI", "RecordedRequest", "Reply", "hash_embedding"]


@dataclass(frozen=True)
class Reply:
    """One scripted answer.

    ``content`` is the assistant message text (any string: valid JSON, fenced JSON,
    garbage). ``status`` != 200 sends an OpenAI-style error body instead, unless ``body``
    overrides the whole response body. ``delay`` sleeps before answering (to trigger
    client timeouts); ``disconnect`` closes the socket without any answer.
    """

    content: str | None = None
    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    usage: dict[str, int] | None = None
    disconnect: bool = False

    @classmethod
    def json(cls, obj: Any, **kw: Any) -> Reply:
        return cls(content=json.dumps(obj, ensure_ascii=False), **kw)

    @classmethod
    def error(cls, status: int, message: str = "scripted error", **kw: Any) -> Reply:
        body = {"error": {"message": message, "type": "fake_error", "code": status}}
        return cls(status=status, body=body, **kw)


#: What ``enqueue``/``responder`` may give: a Reply, a content string, a JSON-able
#: dict/list (sent as the content, serialized) or an int HTTP status.
ReplyLike = Reply | str | dict[str, Any] | list[Any] | int


def as_reply(item: ReplyLike) -> Reply:
    if isinstance(item, Reply):
        return item
    if isinstance(item, bool):
        raise TypeError("a bool is not a scripted reply")
    if isinstance(item, int):
        return Reply.error(item)
    if isinstance(item, str):
        return Reply(content=item)
    if isinstance(item, dict | list):
        return Reply.json(item)
    raise TypeError(f"cannot script a reply from {type(item).__name__}")


@dataclass(frozen=True)
class RecordedRequest:
    """One request the server received, for assertions."""

    method: str
    path: str
    headers: dict[str, str]  # lower-cased names
    body: bytes
    json: Any

    @property
    def messages(self) -> list[dict[str, Any]]:
        return list(self.json.get("messages", [])) if isinstance(self.json, dict) else []

    @property
    def text(self) -> str:
        """All message contents joined, for "the prompt mentions X" assertions."""
        return "\n".join(str(m.get("content", "")) for m in self.messages)


def hash_embedding(text: str, dim: int = 64) -> list[float]:
    """Deterministic unit vector from character trigrams: similar texts land close."""
    vec = [0.0] * dim
    padded = f"  {text.casefold()}  "
    for i in range(len(padded) - 2):
        digest = hashlib.blake2b(padded[i : i + 3].encode("utf-8"), digest_size=8).digest()
        n = int.from_bytes(digest, "big")
        vec[n % dim] += 1.0 if (n >> 32) & 1 else -1.0
    norm = math.sqrt(sum(v * v for v in vec)) or 1.0
    return [v / norm for v in vec]


def _tokens(text: str) -> int:
    # A stable, rough count (about four characters a token) so usage is never zero.
    return max(1, len(text) // 4)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False  # a handler sleeping out a delay must not block stop()

    def server_bind(self) -> None:
        # HTTPServer.server_bind resolves the host name (getfqdn), a DNS round trip per
        # server that tests do not need; bind the socket directly.
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = "127.0.0.1", int(self.server_address[1])


class FakeOpenAI:
    """Context manager running the fake server in a background thread on a random port."""

    def __init__(
        self,
        *,
        responder: Callable[[RecordedRequest], ReplyLike | None] | None = None,
        default: ReplyLike | None = None,
        api_key: str | None = None,
        model: str = "fake-model",
        embedding_dim: int = 64,
        embedder: Callable[[list[str]], list[list[float]]] | None = None,
    ) -> None:
        self.responder = responder
        self.default = default
        self.api_key = api_key
        self.model = model
        self.embedding_dim = embedding_dim
        self.embedder = embedder
        self._chat_queue: collections.deque[Reply] = collections.deque()
        self._embed_queue: collections.deque[Reply] = collections.deque()
        self._requests: list[RecordedRequest] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    # ---- lifecycle ------------------------------------------------------------------

    def start(self) -> FakeOpenAI:
        server = _Server(("127.0.0.1", 0), _make_handler(self))
        self._server = server
        # A short poll interval keeps stop() fast (shutdown waits for the next poll).
        self._thread = threading.Thread(target=server.serve_forever, args=(0.02,),
                                        name="fake-openai", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> FakeOpenAI:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        if self._server is None:
            raise RuntimeError("FakeOpenAI is not running; use it as a context manager")
        return int(self._server.server_address[1])

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def base_url(self) -> str:
        """What an OpenAI-compatible client takes as its base URL."""
        return f"{self.url}/v1"

    # ---- scripting and records ---------------------------------------------------------

    def enqueue(self, *items: ReplyLike) -> None:
        """Queue chat answers, consumed one per chat request in order."""
        with self._lock:
            self._chat_queue.extend(as_reply(i) for i in items)

    def enqueue_embeddings(self, *items: ReplyLike) -> None:
        """Queue embedding answers (a Reply with status 200 and no body = computed)."""
        with self._lock:
            self._embed_queue.extend(as_reply(i) for i in items)

    @property
    def pending(self) -> int:
        """Scripted answers not consumed yet (chat + embeddings)."""
        with self._lock:
            return len(self._chat_queue) + len(self._embed_queue)

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._requests)

    @property
    def chat_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path.endswith("/chat/completions")]

    @property
    def embedding_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path.endswith("/embeddings")]

    def clear(self) -> None:
        with self._lock:
            self._requests.clear()
            self._chat_queue.clear()
            self._embed_queue.clear()

    # ---- answering (called from handler threads) ----------------------------------------

    def _record(self, req: RecordedRequest) -> None:
        with self._lock:
            self._requests.append(req)

    def _next_chat(self, req: RecordedRequest) -> Reply:
        with self._lock:
            if self._chat_queue:
                return self._chat_queue.popleft()
        if self.responder is not None:
            item = self.responder(req)
            if item is not None:
                return as_reply(item)
        if self.default is not None:
            return as_reply(self.default)
        return Reply.error(500, "fake_openai: no scripted chat reply left")

    def _next_embedding(self) -> Reply | None:
        with self._lock:
            return self._embed_queue.popleft() if self._embed_queue else None

    def chat_body(self, req: RecordedRequest, reply: Reply) -> dict[str, Any]:
        content = reply.content or ""
        prompt = _tokens(req.text)
        completion = _tokens(content)
        usage = reply.usage or {"prompt_tokens": prompt, "completion_tokens": completion,
                                "total_tokens": prompt + completion}
        return {
            "id": f"chatcmpl-fake-{len(self._requests)}",
            "object": "chat.completion",
            "model": (req.json or {}).get("model") or self.model,
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": content}}],
            "usage": usage,
        }

    def embedding_body(self, req: RecordedRequest) -> dict[str, Any]:
        data = req.json if isinstance(req.json, dict) else {}
        raw = data.get("input", [])
        texts = [raw] if isinstance(raw, str) else [str(t) for t in raw]
        dim = int(data.get("dimensions") or self.embedding_dim)
        vectors = (self.embedder(texts) if self.embedder
                   else [hash_embedding(t, dim) for t in texts])
        tokens = sum(_tokens(t) for t in texts)
        return {
            "object": "list",
            "model": data.get("model") or self.model,
            "data": [{"object": "embedding", "index": i, "embedding": v}
                     for i, v in enumerate(vectors)],
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
        }


def _make_handler(fake: FakeOpenAI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "FakeOpenAI/1.0"

        def log_message(self, format: str, *args: Any) -> None:
            pass  # keep test output clean

        def do_GET(self) -> None:
            req = self._read()
            if req.path.rstrip("/").endswith("/models"):
                if self._authorized(req):
                    self._send(200, {"object": "list", "data": [
                        {"id": fake.model, "object": "model", "owned_by": "fake"}]})
                return
            self._send(404, {"error": {"message": f"no route {req.path}"}})

        def do_POST(self) -> None:
            req = self._read()
            path = req.path.split("?", 1)[0].rstrip("/")
            is_chat = path.endswith("/chat/completions")
            if is_chat:
                reply = fake._next_chat(req)
            elif path.endswith("/embeddings"):
                reply = fake._next_embedding() or Reply()
            else:
                self._send(404, {"error": {"message": f"no route {req.path}"}})
                return
            if reply.delay and fake._stopping.wait(reply.delay):
                return  # the server is stopping: drop the answer
            if reply.disconnect:
                self.close_connection = True
                return
            if not self._authorized(req):
                return
            if reply.body is not None:
                self._send(reply.status, reply.body, reply.headers)
            elif reply.status != 200:
                self._send(reply.status, Reply.error(reply.status).body, reply.headers)
            else:
                body = fake.chat_body(req, reply) if is_chat else fake.embedding_body(req)
                self._send(200, body, reply.headers)

        def _read(self) -> RecordedRequest:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            try:
                parsed = json.loads(body) if body else None
            except ValueError:
                parsed = None
            req = RecordedRequest(
                method=self.command, path=self.path,
                headers={k.lower(): v for k, v in self.headers.items()},
                body=body, json=parsed,
            )
            fake._record(req)
            return req

        def _authorized(self, req: RecordedRequest) -> bool:
            if fake.api_key is None or req.headers.get("authorization") == (
                f"Bearer {fake.api_key}"
            ):
                return True
            self._send(401, {"error": {"message": "Incorrect API key provided",
                                       "type": "invalid_request_error",
                                       "code": "invalid_api_key"}})
            return False

        def _send(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
            if isinstance(body, bytes):
                data = body
            elif isinstance(body, str):
                data = body.encode("utf-8")
            else:
                data = json.dumps(body, ensure_ascii=False).encode("utf-8")
            try:
                self.send_response(status)
                ctype = "application/json" if not isinstance(body, str | bytes) else "text/plain"
                self.send_header("Content-Type", f"{ctype}; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout) before the answer: expected in tests

    return Handler
