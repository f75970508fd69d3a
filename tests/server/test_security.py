"""Hostile and mistaken requests: each refused with a clear one-line reason, and nothing lost. And a walk over every
message a seat receives in a full game, looking for another seat's hidden cards."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from evolutio.kernel import Action, load_game

from .helpers import act, bearer, create, first_legal, get_state

OVERSIZED_BYTES = 200_000


@pytest.fixture
def table(client: TestClient) -> dict[str, Any]:
    created = create(client, "origin", ["human", "human", "bot:random"], seed=8)
    state = get_state(client, created["table"])
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"] if seat["token"]}
    if state["current_player"] not in tokens:  # make sure a human decides at the start of these tests
        pytest.fail("seed 8 should start with a human seat")
    return {"id": created["table"], "tokens": tokens, "mover": state["current_player"],
            "other": next(seat for seat in tokens if seat != state["current_player"])}


def _unchanged(client: TestClient, table: dict[str, Any], turn: int = 0) -> None:
    state = get_state(client, table["id"], table["tokens"][table["mover"]])
    assert state["turn"] == turn and state["current_player"] == table["mover"] and state["legal"]
    assert client.get(f"/api/tables/{table['id']}/record").json()["turn"] == turn


def _refusal(response: Any, status: int, *words: str) -> str:
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and "Traceback" not in detail
    for word in words:
        assert word in detail, detail
    return detail


def test_forged_and_foreign_tokens_are_refused_with_401(client: TestClient, table: dict[str, Any]) -> None:
    forged = "x" * 32
    base = f"/api/tables/{table['id']}"
    legal = first_legal(get_state(client, table["id"], table["tokens"][table["mover"]]))
    _refusal(client.get(base, headers=bearer(forged)), 401, "token")
    _refusal(client.get(base, params={"token": forged}), 401, "token")
    _refusal(client.post(f"{base}/actions", headers=bearer(forged), json={"action": legal, "turn": 0}), 401)
    _refusal(client.post(f"{base}/why", headers=bearer(forged), json={"action": legal}), 401)
    _refusal(client.get(f"{base}/record", headers=bearer(forged)), 401)
    _refusal(client.get(base, headers={"Authorization": "Basic abc"}), 401, "Bearer")
    other_table = create(client, "origin", ["human", "human"])
    foreign = other_table["seats"][0]["token"]
    _refusal(client.post(f"{base}/actions", headers=bearer(foreign), json={"action": legal, "turn": 0}), 401)
    _unchanged(client, table)


def test_missing_token_cannot_act_or_ask_why(client: TestClient, table: dict[str, Any]) -> None:
    base = f"/api/tables/{table['id']}"
    _refusal(client.post(f"{base}/actions", json={"action": ["pass"], "turn": 0}), 401, "token")
    _refusal(client.post(f"{base}/why", json={"action": ["pass"]}), 401, "token")
    _unchanged(client, table)


def test_acting_out_of_turn_is_403_and_stale_or_future_turns_409(client: TestClient, table: dict[str, Any]) -> None:
    mover_token, other_token = table["tokens"][table["mover"]], table["tokens"][table["other"]]
    legal = first_legal(get_state(client, table["id"], mover_token))
    _refusal(act(client, table["id"], other_token, legal, 0), 403, "not your decision",
             f"player {table['mover'] + 1} decides")
    _refusal(act(client, table["id"], mover_token, legal, 5), 409, "stale turn", "turn 0")
    _unchanged(client, table)
    assert act(client, table["id"], mover_token, legal, 0).status_code == 200
    replayed = act(client, table["id"], mover_token, legal, 0)
    _refusal(replayed, 409, "stale turn")
    state = get_state(client, table["id"])
    assert state["turn"] >= 1
    assert client.get(f"/api/tables/{table['id']}/record").json()["turn"] == state["turn"]


@pytest.mark.parametrize("body, words", [
    (b'{"action": ["pass"], "turn": ', ("not valid JSON",)),
    (b"[1, 2, 3]", ("body",)),
    (b'{"turn": 0}', ("body.action",)),
    (b'{"action": ["pass"], "turn": "zero"}', ("body.turn",)),
    (b'{"action": ["pass"], "turn": -1}', ("body.turn",)),
    (b'{"action": "pass", "turn": 0}', ("body.action",)),
    (b'\xff\xfe garbage', ("JSON",)),
])
def test_malformed_bodies_are_422_naming_the_field(client: TestClient, table: dict[str, Any], body: bytes,
                                                  words: tuple[str, ...]) -> None:
    response = client.post(f"/api/tables/{table['id']}/actions", content=body,
                           headers={**bearer(table["tokens"][table["mover"]]), "Content-Type": "application/json"})
    _refusal(response, 422, *words)
    _unchanged(client, table)


def test_oversized_json_is_413(client: TestClient, table: dict[str, Any]) -> None:
    huge = json.dumps({"action": ["pass", *([0] * OVERSIZED_BYTES)], "turn": 0}).encode()
    response = client.post(f"/api/tables/{table['id']}/actions", content=huge,
                           headers={**bearer(table["tokens"][table["mover"]]), "Content-Type": "application/json"})
    _refusal(response, 413, "larger than")
    created = client.post("/api/tables", content=json.dumps({"game": "origin", "seats": ["human"] * OVERSIZED_BYTES}),
                          headers={"Content-Type": "application/json"})
    _refusal(created, 413)
    _unchanged(client, table)


@pytest.mark.parametrize("action, words", [
    (["teleport", 1, 2], ("teleport",)),
    (["animal", 10**30], ("hand slot",)),
    (["animal", True], ("integers",)),
    ([7, 1], ("kind",)),
    ([], ("action",)),
    ({"kind": "pass", "extra": 1}, ("keys",)),
])
def test_unknown_and_malformed_actions_are_422_with_a_reason(client: TestClient, table: dict[str, Any],
                                                            action: Any, words: tuple[str, ...]) -> None:
    response = act(client, table["id"], table["tokens"][table["mover"]], action, 0)
    _refusal(response, 422, *words)
    why = client.post(f"/api/tables/{table['id']}/why", headers=bearer(table["tokens"][table["mover"]]),
                      json={"action": action})
    assert why.status_code in (200, 422) and why.json()["detail"]
    _unchanged(client, table)


def test_an_illegal_action_gets_the_rules_own_reason(client: TestClient, table: dict[str, Any]) -> None:
    reference = load_game("origin", players=3).new_state(8)
    illegal = Action("animal", 40)
    assert illegal not in reference.legal_actions()
    response = act(client, table["id"], table["tokens"][table["mover"]], illegal.to_json(), 0)
    assert _refusal(response, 422) == reference.explain_illegal(illegal)
    _unchanged(client, table)


def test_a_socket_with_a_forged_token_gets_the_reason_and_is_closed(client: TestClient,
                                                                   table: dict[str, Any]) -> None:
    with client.websocket_connect(f"/api/tables/{table['id']}/ws?token=forged") as socket:
        message = socket.receive_json()
        assert message["status"] == 401 and "token" in message["detail"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 4401


# -- no hidden card leaks --------------------------------------------------------------------------------------
def _objects(value: Any) -> Iterator[Any]:
    """Every dict and list nested anywhere in ``value`` (itself included)."""
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _objects(item)
    elif isinstance(value, list):
        yield value
        for item in value:
            yield from _objects(item)


def _private_cards(own_view: dict[str, Any], public_view: dict[str, Any], seat: int) -> list[Any]:
    """Card objects ``seat`` sees about itself that the public does not: its hand, its food card…"""
    own, public = own_view["players"][seat], public_view["players"][seat]
    cards: list[Any] = []
    for key in own.keys() - public.keys():
        value = own[key]
        items = value if isinstance(value, list) else [value]
        cards.extend(item for item in items if isinstance(item, dict))
    return cards


@pytest.mark.parametrize("game, seed", [("origin", 21), ("northstar", 22)])
def test_no_message_to_a_seat_carries_another_seats_hidden_cards(client: TestClient, game: str, seed: int) -> None:
    created = create(client, game, ["human", "bot:random", "bot:random"], seed=seed)
    table, token = created["table"], created["seats"][0]["token"]
    received: list[dict[str, Any]] = []
    with client.websocket_connect(f"/api/tables/{table}/ws?token={token}") as socket:
        state = socket.receive_json()
        received.append(state)
        while not state["finished"]:
            if state["current_player"] == 0:
                for entry in state["legal"][:3]:
                    received.append(client.post(f"/api/tables/{table}/why", headers=bearer(token),
                                                json={"action": entry["action"]}).json())
                received.append(client.get(f"/api/tables/{table}/record", headers=bearer(token)).json())
                refused = act(client, table, token, ["no_such_action"], state["turn"])
                received.append(refused.json())
                response = act(client, table, token, first_legal(state), state["turn"])
                assert response.status_code == 200, response.text
                received.append(response.json())
            state = socket.receive_json()
            received.append(state)
    record = client.get(f"/api/tables/{table}/record", headers=bearer(token)).json()
    replay = load_game(game, **record["options"]).new_state(record["seed"])
    hidden_at_turn: list[list[Any]] = []
    for turn in range(len(record["actions"]) + 1):
        hidden_at_turn.append([card for other in (1, 2) for card in _private_cards(
            replay.view(other), replay.view(None), other)])
        if turn < len(record["actions"]):
            replay.apply(Action.from_json(record["actions"][turn]))
    assert any(hidden_at_turn), "the walk must have other seats' hidden cards to look for"
    checked = 0
    turn_of_message = 0
    for message in received:
        turn_of_message = message.get("turn", turn_of_message) if message.get("finished") is not True else \
            len(record["actions"])
        if message.get("finished") is True:
            continue  # at the end every hand may be shown
        hidden = hidden_at_turn[turn_of_message]
        for found in _objects(message):
            assert found not in hidden or not isinstance(found, dict), f"seat 0 was sent {found} at {turn_of_message}"
        checked += 1
    assert checked > 10
