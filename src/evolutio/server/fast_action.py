"""The busiest request, ``POST /api/tables/{id}/actions``, served without FastAPI's per-request machinery.

Under load FastAPI's routing, dependency solving, body parsing and exception middleware cost a person's action more
server time than applying and storing it. :class:`ActionFastPath` sits inside the body limit and answers the
requests it can prove well-formed — a JSON object body (``Content-Type: application/json``) that the route's own
request model accepts and a table id of the route's pattern — with the very function the FastAPI route calls
(``play``), and the same refusals (``{"detail"}`` with the status of the :class:`ApiError`). Every other request
(malformed, another content type, any other path) goes on to FastAPI unchanged, so its validation messages are
FastAPI's own and the OpenAPI schema still documents the route.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable

from pydantic import BaseModel, ValidationError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .tables import ApiError

log = logging.getLogger("evolutio.server")

#: the path of the action route, with the route's table id pattern (see app.TABLE_ID_PATTERN)
ACTION_PATH = re.compile(r"/api/tables/([A-Za-z0-9_-]{1,32})/actions")
JSON_CONTENT_TYPE = "application/json"

Play = Callable[[Request, str, BaseModel], Awaitable[Response]]


def _content_type(scope: Scope) -> str | None:
    for name, value in scope["headers"]:
        if name == b"content-type":
            return value.decode("latin-1").split(";", 1)[0].strip().lower()
    return None


class ActionFastPath:
    """ASGI middleware: well-formed ``POST .../actions`` requests go straight to ``play`` (see the module's text)."""

    def __init__(self, app: ASGIApp, play: Play, body_model: type[BaseModel]) -> None:
        self.app = app
        self.play = play
        self.body_model = body_model

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        match = None
        if scope["type"] == "http" and scope["method"] == "POST":
            match = ACTION_PATH.fullmatch(scope["path"])
        if match is None or _content_type(scope) != JSON_CONTENT_TYPE:
            await self.app(scope, receive, send)
            return
        body, receive = await _read_body(receive)
        parsed = self._parse(body)
        if parsed is None:  # FastAPI refuses it, in its own words
            await self.app(scope, receive, send)
            return
        try:
            response = await self.play(Request(scope, receive), match.group(1), parsed)
        except ApiError as exc:
            response = JSONResponse({"detail": exc.detail}, status_code=exc.status)
        except Exception:  # noqa: BLE001 — as FastAPI's handler of unexpected errors answers them
            log.exception("unexpected error")
            response = JSONResponse({"detail": "internal server error"}, status_code=500)
        await response(scope, receive, send)

    def _parse(self, body: bytes) -> BaseModel | None:
        """The request model of ``body``, or ``None`` when it is not a JSON object the model accepts."""
        try:
            value = json.loads(body)  # as FastAPI parses it (orjson, say, reads integers beyond 64 bits as floats)
        except (ValueError, RecursionError):
            return None
        if not isinstance(value, dict):
            return None
        try:
            return self.body_model.model_validate(value)
        except ValidationError:
            return None


async def _read_body(receive: Receive) -> tuple[bytes, Receive]:
    """The whole request body, and a ``receive`` that gives it again first (for the application it is passed on to)."""
    chunks = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    body = b"".join(chunks)
    return body, replaying(body, receive)


def replaying(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the already read ``body`` first, then whatever ``receive`` gives (a disconnect)."""
    delivered = False

    async def replay() -> Message:
        nonlocal delivered
        if not delivered:
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay
