"""One error root for everything vecmem raises on purpose.

    VecmemError
    ├── InvalidInputError      the caller passed something unusable (CLI exit 2, HTTP 400/422)
    ├── NotFoundError          an id that does not exist in this scope (HTTP 404)
    ├── InvalidTransitionError a status change its guard refuses (HTTP 409)
    ├── ConfirmationError      a plan applied without the exact phrase (HTTP 403)
    ├── PlanError              a plan that cannot be applied or reverted (HTTP 409)
    ├── StoreError             the database cannot be opened, is corrupt or read-only
    ├── EmbedderError          an embedder that cannot produce vectors
    └── LLMError               the LLM endpoint failed or answered badly
        └── CircuitOpenError   the endpoint failed too often; calls are skipped for a while

Front ends map this tree once each (exit codes, HTTP statuses, MCP errors) and never show
a traceback for these.
"""

from __future__ import annotations


class VecmemError(Exception):
    """Root of every error vecmem raises deliberately."""

    #: CLI exit code for this kind of error (2 = usage, 1 = failure).
    exit_code: int = 1
    #: HTTP status the server answers with.
    http_status: int = 500

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"error": type(self).__name__, "message": self.message}


class InvalidInputError(VecmemError):
    exit_code = 2
    http_status = 400


class NotFoundError(VecmemError):
    http_status = 404


class InvalidTransitionError(VecmemError):
    http_status = 409


class ConfirmationError(VecmemError):
    http_status = 403


class PlanError(VecmemError):
    http_status = 409


class StoreError(VecmemError):
    http_status = 503


class EmbedderError(VecmemError):
    http_status = 503


class LLMError(VecmemError):
    http_status = 502


class CircuitOpenError(LLMError):
    pass
