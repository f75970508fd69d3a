"""The action route's fast path answers exactly as the FastAPI route does, refusals included."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.requests import Request

from evolutio.server import fast_action

from .helpers import bearer, create, get_state

#: a JSON media type FastAPI parses as JSON but the fast path leaves to FastAPI
VENDOR_JSON = "application/vnd.evolutio+json"


def _send(client: TestClient, table: str, content_type: str, token: str | None, body: bytes,
          query: str = "", headers: dict[str, str] | None = None) -> tuple[int, Any]:
    sent = {"Content-Type": content_type, **(bearer(token) if token else {}), **(headers or {})}
    response = client.post(f"/api/tables/{table}/actions{query}", content=body, headers=sent)
    return response.status_code, response.text.replace(table, "<table>")


def _requests(state: dict[str, Any], tokens: list[str]) -> list[tuple[str | None, bytes, str, dict[str, str]]]:
    """One of each kind of answer: (token, body, query, extra headers)."""
    turn = state["turn"]
    decider = state["current_player"]
    other = tokens[1 - decider]
    legal = state["legal"][-1]["action"]
    body = (b'{"action": %s, "turn": %d}' % (str(legal).replace("'", '"').encode(), turn))
    return [
        (other, body, "", {}),                                          # 403: not this seat's decision
        (tokens[decider], b'{"action": ["no_such_action"], "turn": %d}' % turn, "", {}),  # 422: unknown action
        (tokens[decider], b'{"action": ["pass"], "turn": %d}' % (turn + 5), "", {}),      # 409: stale turn
        ("forged-token", body, "", {}),                                 # 401: no seat's token
        (None, body, "", {"Authorization": "Basic abc"}),               # 401: not a Bearer header
        (None, body, "", {}),                                           # 401: no token at all
        (tokens[decider], body, "?events_from=-1", {}),                 # 422: a query parameter out of range
        (tokens[decider], body, "?events_from=3", {}),                  # 200: the action, with the log from entry 3
        (tokens[decider], body, "", {}),                                # 409: the same action again (turn taken)
    ]


def test_well_formed_actions_get_the_same_answers_from_the_fast_path_as_from_the_fastapi_route(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    answered_fast = []

    class CountedRequest(Request):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            answered_fast.append(1)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(fast_action, "Request", CountedRequest)
    answers = {}
    for content_type in ("application/json", VENDOR_JSON):
        created = create(client, "origin", ["human", "human"], seed=11)
        table = created["table"]
        tokens = [seat["token"] for seat in created["seats"]]
        state = get_state(client, table, tokens[0])
        if state["current_player"] != 0:
            state = get_state(client, table, tokens[1])
        answers[content_type] = [_send(client, table, content_type, token, body, query, headers)
                                 for token, body, query, headers in _requests(state, tokens)]
    statuses = [status for status, _text in answers["application/json"]]
    assert statuses == [403, 422, 409, 401, 401, 401, 422, 200, 409]
    assert answers["application/json"] == answers[VENDOR_JSON]
    assert len(answered_fast) == len(statuses)  # every application/json request was answered by the fast path


@pytest.mark.parametrize("body", [b'{"action": ["pass"], "turn": -1}', b'{"action": "pass", "turn": 0}',
                                  b'["pass"]', b'{"action": ["pass"], "turn": ', b""])
def test_malformed_bodies_are_left_to_fastapi(client: TestClient, body: bytes) -> None:
    created = create(client, "origin", ["human", "human"], seed=11)
    table = created["table"]
    status, text = _send(client, table, "application/json", created["seats"][0]["token"], body)
    assert status == 422 and text.startswith('{"detail":"body')


def test_numbers_beyond_64_bits_are_read_as_fastapi_reads_them(client: TestClient) -> None:
    answers = []
    for content_type in ("application/json", VENDOR_JSON):
        created = create(client, "origin", ["human", "human"], seed=11)
        table = created["table"]
        token = created["seats"][0]["token"]
        answers.append(_send(client, table, content_type, token, b'{"action": ["animal", %d], "turn": 0}' % 10**30))
    assert answers[0] == answers[1]
