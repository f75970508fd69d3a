"""Helpers of the server tests: create tables, play as a seat, wait for pushes."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

#: a generous bound on pushes while waiting for a seat's turn (a whole game is a few hundred actions)
MAX_PUSHES = 5000


def create(client: TestClient, game: str, seats: list[str], seed: int = 1, **options: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"game": game, "seats": seats, "seed": seed, "options": options})
    assert response.status_code == 201, response.text
    return response.json()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def get_state(client: TestClient, table: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table}", headers=bearer(token) if token else {})
    assert response.status_code == 200, response.text
    return response.json()


def act(client: TestClient, table: str, token: str, action: Any, turn: int) -> Any:
    return client.post(f"/api/tables/{table}/actions", headers=bearer(token), json={"action": action, "turn": turn})


def first_legal(state: dict[str, Any]) -> Any:
    """A deterministic choice that still ends games: the last legal action (origin and northstar list 'pass'
    first, and passing at every decision would also end the game — but taking actions exercises more rules)."""
    return state["legal"][-1]["action"]


def play_to_end(client: TestClient, table: str, tokens: dict[int, str],
                received: dict[int, list[dict[str, Any]]] | None = None) -> dict[str, Any]:
    """Play every human seat (with ``tokens``) by its last legal action until the game ends, waiting for bots on
    a spectator socket. Every state object a seat receives over HTTP is appended to ``received[seat]``."""
    with client.websocket_connect(f"/api/tables/{table}/ws") as spectator:
        state = spectator.receive_json()
        for _ in range(MAX_PUSHES):
            if state["finished"]:
                return state
            seat = state["current_player"]
            if seat in tokens:
                mine = get_state(client, table, tokens[seat])
                if received is not None:
                    received.setdefault(seat, []).append(mine)
                if mine["current_player"] == seat and not mine["finished"]:
                    response = act(client, table, tokens[seat], first_legal(mine), mine["turn"])
                    assert response.status_code == 200, response.text
                    state = response.json()
                    if received is not None:
                        received[seat].append(state)
                    continue
            state = spectator.receive_json()
    raise AssertionError("the game did not end")
