"""The HTTP and WebSocket API through its public contract, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from evolutio.bots import bot_names
from evolutio.kernel import Action, game_class, list_games, load_game

from .conftest import make_client
from .helpers import act, bearer, create, get_state, play_to_end

REPOSITORY_ROOT = Path(__file__).resolve().parents[2]


def test_games_lists_every_registered_ruleset_with_options_and_the_bots(client: TestClient) -> None:
    body = client.get("/api/games").json()
    assert [game["name"] for game in body["games"]] == list_games()
    assert all(option["help"] for game in body["games"] for option in game["options"])
    assert all(option["kind"] != "str" for game in body["games"] for option in game["options"])
    assert body["bots"] == bot_names()


def test_create_gives_human_seats_a_token_and_invite_link_and_bots_none(client: TestClient) -> None:
    created = create(client, "origin", ["human", "bot:random", "human"])
    humans = [seat for seat in created["seats"] if seat["kind"] == "human"]
    assert [seat["seat"] for seat in humans] == [0, 2]
    assert all(seat["token"] and seat["token"] in seat["url"] and created["table"] in seat["url"] for seat in humans)
    assert created["seats"][1] == {"seat": 1, "kind": "bot:random", "token": None, "url": None}
    assert humans[0]["token"] != humans[1]["token"]


def test_a_seat_sees_its_own_view_and_legal_actions_a_spectator_the_public_view(client: TestClient) -> None:
    created = create(client, "northstar", ["human", "human"], seed=5)
    table = created["table"]
    tokens = [seat["token"] for seat in created["seats"]]
    reference = load_game("northstar", players=2).new_state(5)
    spectator = get_state(client, table)
    assert spectator["seat"] is None and spectator["legal"] == [] and spectator["view"] == reference.view(None)
    for seat, token in enumerate(tokens):
        state = get_state(client, table, token)
        assert state["turn"] == 0 and state["seat"] == seat
        assert state["view"] == reference.view(seat)
        assert state["events"] == reference.events_for(seat)
        if seat == reference.current_player:
            assert [entry["action"] for entry in state["legal"]] == [a.to_json() for a in reference.legal_actions()]
            assert all(entry["text"] for entry in state["legal"])
        else:
            assert state["legal"] == []
    by_query = client.get(f"/api/tables/{table}", params={"token": tokens[1]}).json()
    assert by_query["seat"] == 1


def test_an_action_answers_the_new_state_and_the_socket_pushes_it(client: TestClient) -> None:
    created = create(client, "origin", ["human", "human"], seed=2)
    table = created["table"]
    tokens = [seat["token"] for seat in created["seats"]]
    state = get_state(client, table)
    mover = state["current_player"]
    other = 1 - mover
    with client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[other]}") as socket:
        snapshot = socket.receive_json()
        assert snapshot["turn"] == 0 and snapshot["seat"] == other
        mine = get_state(client, table, tokens[mover])
        chosen = mine["legal"][1]["action"]
        response = act(client, table, tokens[mover], chosen, 0)
        assert response.status_code == 200, response.text
        assert response.json()["turn"] == 1
        pushed = socket.receive_json()
    reference = load_game("origin", players=2).new_state(2)
    reference.apply(Action.from_json(chosen))
    assert pushed["turn"] == 1 and pushed["view"] == reference.view(other)


def test_socket_pushes_carry_only_new_log_entries_which_extend_the_first_snapshot_to_the_whole_log(
        client: TestClient) -> None:
    created = create(client, "origin", ["human", "human"], seed=6)
    table = created["table"]
    tokens = [seat["token"] for seat in created["seats"]]
    reference = load_game("origin", players=2).new_state(6)
    with client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[0]}") as socket:
        snapshot = socket.receive_json()
        assert snapshot["events_from"] == 0 and snapshot["events"] == reference.events_for(0)
        log = list(snapshot["events"])
        for turn in range(6):
            seat = get_state(client, table)["current_player"]
            mine = get_state(client, table, tokens[seat])
            assert mine["events_from"] == 0
            action = mine["legal"][-1]["action"]
            answer = act(client, table, tokens[seat], action, turn)
            assert answer.status_code == 200, answer.text
            reference.apply(Action.from_json(action))
            assert answer.json()["events"] == reference.events_for(seat)
            pushed = socket.receive_json()
            assert pushed["turn"] == turn + 1
            assert pushed["events_from"] == len(log)
            log.extend(pushed["events"])
            assert log == reference.events_for(0)


def test_bots_play_server_side_and_a_full_game_ends_with_a_record_that_replays(client: TestClient) -> None:
    created = create(client, "origin", ["human", "bot:random", "human", "bot:random"], seed=11)
    table = created["table"]
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"] if seat["token"]}
    final = play_to_end(client, table, tokens)
    assert final["finished"] and final["current_player"] is None and final["winners"]
    record = client.get(f"/api/tables/{table}/record", headers=bearer(tokens[0])).json()
    assert record["seed"] == 11 and len(record["actions"]) == final["turn"]
    replayed = load_game("origin", **record["options"]).new_state(record["seed"])
    for raw in record["actions"]:
        replayed.apply(Action.from_json(raw))
    assert replayed.is_terminal and replayed.scores() == final["scores"]
    assert set(record["actors"]) == {0, 1, 2, 3}


def test_northstar_with_bots_only_plays_itself_to_the_end(client: TestClient) -> None:
    created = create(client, "northstar", ["bot:random", "bot:random", "bot:random"], seed=4)
    final = play_to_end(client, created["table"], {})
    assert final["finished"] and final["scores"]


def test_record_before_the_end_has_no_seed_and_only_the_seats_own_actions(client: TestClient) -> None:
    created = create(client, "origin", ["human", "human"], seed=3)
    table = created["table"]
    tokens = [seat["token"] for seat in created["seats"]]
    for _ in range(4):
        state = get_state(client, table)
        seat = state["current_player"]
        mine = get_state(client, table, tokens[seat])
        assert act(client, table, tokens[seat], mine["legal"][-1]["action"], mine["turn"]).status_code == 200
    for seat, token in enumerate(tokens):
        record = client.get(f"/api/tables/{table}/record", headers=bearer(token)).json()
        assert "seed" not in record and record["finished"] is False and record["turn"] == 4
        for entry in record["actions"]:
            assert (entry["action"] is not None) == (entry["seat"] == seat)
    spectator = client.get(f"/api/tables/{table}/record").json()
    assert "seed" not in spectator and all(entry["action"] is None for entry in spectator["actions"])


def test_why_gives_the_rules_reason_for_an_illegal_action_and_confirms_a_legal_one(client: TestClient) -> None:
    created = create(client, "origin", ["human", "human"], seed=2)
    table = created["table"]
    tokens = [seat["token"] for seat in created["seats"]]
    state = get_state(client, table)
    mover = state["current_player"]
    reference = load_game("origin", players=2).new_state(2)
    illegal = Action("animal", 99)
    answer = client.post(f"/api/tables/{table}/why", headers=bearer(tokens[mover]),
                         json={"action": illegal.to_json()}).json()
    assert answer == {"legal": False, "detail": reference.explain_illegal(illegal)}
    legal = reference.legal_actions()[0]
    assert client.post(f"/api/tables/{table}/why", headers=bearer(tokens[mover]),
                       json={"action": legal.to_json()}).json()["legal"] is True
    waiting = client.post(f"/api/tables/{table}/why", headers=bearer(tokens[1 - mover]),
                          json={"action": legal.to_json()}).json()
    assert waiting["legal"] is False and "not your decision" in waiting["detail"]


def test_create_refuses_unknown_games_bots_and_bad_options_naming_them(client: TestClient) -> None:
    unknown_game = client.post("/api/tables", json={"game": "chess", "seats": ["human", "human"]})
    assert unknown_game.status_code == 422 and "chess" in unknown_game.json()["detail"]
    unknown_bot = client.post("/api/tables", json={"game": "origin", "seats": ["human", "bot:genius"]})
    assert unknown_bot.status_code == 422
    assert "genius" in unknown_bot.json()["detail"] and "random" in unknown_bot.json()["detail"]
    bad_seat = client.post("/api/tables", json={"game": "origin", "seats": ["human", "robot"]})
    assert bad_seat.status_code == 422 and "seats[1]" in bad_seat.json()["detail"]
    too_few = client.post("/api/tables", json={"game": "origin", "seats": ["human"]})
    assert too_few.status_code == 422 and "players" in too_few.json()["detail"]
    mismatch = client.post("/api/tables", json={"game": "origin", "seats": ["human", "human"],
                                                "options": {"players": 3}})
    assert mismatch.status_code == 422 and "players" in mismatch.json()["detail"]
    bad_option = client.post("/api/tables", json={"game": "origin", "seats": ["human", "human"],
                                                  "options": {"no_such_option": 1}})
    assert bad_option.status_code == 422 and "no_such_option" in bad_option.json()["detail"]
    server_file = client.post("/api/tables", json={"game": "northstar", "seats": ["human", "human"],
                                                   "options": {"deck_file": "/etc/passwd"}})
    assert server_file.status_code == 422 and "options.deck_file" in server_file.json()["detail"]


def test_unknown_table_is_404_with_detail(client: TestClient) -> None:
    response = client.get("/api/tables/nosuchtable")
    assert response.status_code == 404 and "nosuchtable" in response.json()["detail"]


def test_openapi_and_docs_pages_describe_the_api(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert {"/api/tables", "/api/tables/{table_id}", "/api/tables/{table_id}/actions", "/api/tables/{table_id}/why",
            "/api/tables/{table_id}/record", "/api/games"} <= set(schema["paths"])
    page = client.get("/docs")
    assert page.status_code == 200 and "/api/tables/{table_id}/actions" in page.text
    assert client.get("/").status_code == 200


#: run in a child process, so that the test-only ruleset is registered there and nowhere else
RULESET_WITHOUT_PLAYERS_SCRIPT = """
import json, sys
from fastapi.testclient import TestClient
from evolutio.kernel.registry import register
from evolutio.server import ServerSettings, create_app
from tests.interop.duel import NAME, DuelGame

register(DuelGame)
answers = {}
with TestClient(create_app(ServerSettings(db_url=sys.argv[1], bot_delay=0))) as client:
    for label, seats, options in (("two", ["human", "bot:random"], {}), ("three", ["human", "human", "human"], {}),
                                  ("players", ["human", "human"], {"players": 2})):
        response = client.post("/api/tables", json={"game": NAME, "seats": seats, "seed": 1, "options": options})
        answers[label] = [response.status_code, response.json()]
    table = answers["two"][1]
    state = client.get(f"/api/tables/{table['table']}", params={"token": table["seats"][0]["token"]}).json()
    answers["state"] = [state["turn"], len(state["seats"])]
print(json.dumps(answers))
"""


def test_a_ruleset_without_a_players_option_is_seated_without_one(sqlite_url: str) -> None:
    done = subprocess.run([sys.executable, "-c", RULESET_WITHOUT_PLAYERS_SCRIPT, sqlite_url], capture_output=True,
                          text=True, cwd=REPOSITORY_ROOT)
    assert done.returncode == 0, done.stderr
    answers = json.loads(done.stdout.strip().splitlines()[-1])
    assert answers["two"][0] == 201
    assert answers["state"] == [0, 2]
    assert answers["three"][0] == 422 and "seats" in answers["three"][1]["detail"]
    assert answers["players"][0] == 422 and "players" in answers["players"][1]["detail"]


def test_view_at_a_step_is_the_asking_seats_view_after_that_many_actions(client: TestClient) -> None:
    created = create(client, "origin", ["human", "human"], seed=8)
    table = created["table"]
    tokens = [seat["token"] for seat in created["seats"]]
    reference = load_game("origin", players=2).new_state(8)
    views = [[reference.view(0)], [reference.view(1)]]
    for turn in range(5):
        seat = get_state(client, table)["current_player"]
        action = get_state(client, table, tokens[seat])["legal"][-1]["action"]
        assert act(client, table, tokens[seat], action, turn).status_code == 200
        reference.apply(Action.from_json(action))
        for viewer in (0, 1):
            views[viewer].append(reference.view(viewer))
    for viewer in (0, 1):
        for step in (0, 3, 5):
            answer = client.get(f"/api/tables/{table}/view", params={"at": step}, headers=bearer(tokens[viewer]))
            assert answer.status_code == 200, answer.text
            assert answer.json()["view"] == views[viewer][step] and answer.json()["at"] == step
    assert views[0][3] != views[1][3]
    beyond = client.get(f"/api/tables/{table}/view", params={"at": 6}, headers=bearer(tokens[0]))
    assert beyond.status_code == 422 and "at" in beyond.json()["detail"]


@pytest.mark.parametrize("game", sorted(list_games()))
def test_the_final_state_breaks_each_seats_score_down_by_source_as_the_ruleset_counts_it(sqlite_url: str,
                                                                                        game: str) -> None:
    with make_client(sqlite_url) as test_client:
        players = game_class(game).min_players
        created = create(test_client, game, ["bot:random"] * players, seed=3)
        final = play_to_end(test_client, created["table"], {})
        asked_again = get_state(test_client, created["table"])
    assert final["finished"] and asked_again["score_breakdown"] == final["score_breakdown"]
    breakdown = final["score_breakdown"]
    assert len(breakdown) == players
    for parts, score in zip(breakdown, final["scores"]):
        assert parts and sum(parts.values()) == score
    if game == "origin":  # 2 points per surviving animal, the rest from its traits
        for parts, player in zip(breakdown, final["view"]["players"]):
            assert list(parts) == ["animals", "traits"] and parts["animals"] == 2 * len(player["animals"])
    if game == "northstar":
        assert [list(parts) for parts in breakdown] == [["food in the bag and on Fat Tissue", "population",
                                                         "trait cards"]] * players


def test_no_score_breakdown_before_the_end(client: TestClient) -> None:
    created = create(client, "origin", ["human", "bot:random"], seed=5)
    state = get_state(client, created["table"], created["seats"][0]["token"])
    assert not state["finished"] and "score_breakdown" not in state and "scores" not in state


def test_an_answer_asked_for_events_from_n_carries_only_the_log_after_the_first_n_entries(client: TestClient) -> None:
    created = create(client, "origin", ["human", "human"], seed=8)
    table, tokens = created["table"], [seat["token"] for seat in created["seats"]]
    whole = get_state(client, table, tokens[0])
    seat = whole["current_player"]
    mine = get_state(client, table, tokens[seat])
    held = len(mine["events"])
    answer = client.post(f"/api/tables/{table}/actions", params={"events_from": held}, headers=bearer(tokens[seat]),
                         json={"action": mine["legal"][-1]["action"], "turn": mine["turn"]}).json()
    after = get_state(client, table, tokens[seat])
    assert answer["events_from"] == held and answer["events"] == after["events"][held:] and answer["events"]
    assert {key: value for key, value in answer.items() if key not in ("events", "events_from")} == \
        {key: value for key, value in after.items() if key not in ("events", "events_from")}
    beyond = client.get(f"/api/tables/{table}", params={"events_from": 10_000}, headers=bearer(tokens[seat])).json()
    assert beyond["events_from"] == len(after["events"]) and beyond["events"] == []
    refused = client.get(f"/api/tables/{table}", params={"events_from": -1})
    assert refused.status_code == 422 and "events_from" in refused.json()["detail"]


#: long enough for any random bot's move, so that the test does not depend on the machine's load
PATIENT_BOT_PUSH_WAIT = 10.0
PERSON_DECISIONS = 25


def test_bots_moving_at_once_reach_a_socket_as_one_push_where_the_person_decides_again(sqlite_url: str) -> None:
    with make_client(sqlite_url, bot_push_wait=PATIENT_BOT_PUSH_WAIT) as test_client:
        created = create(test_client, "origin", ["human", "bot:random", "bot:random"], seed=2)
        table, token = created["table"], created["seats"][0]["token"]
        with test_client.websocket_connect(f"/api/tables/{table}/ws?token={token}") as socket_:
            state = socket_.receive_json()
            turns = [state["turn"]]
            for _ in range(PERSON_DECISIONS):
                if state["finished"]:
                    break
                if state["current_player"] == 0:
                    answer = act(test_client, table, token, state["legal"][-1]["action"], state["turn"])
                    assert answer.status_code == 200, answer.text
                state = socket_.receive_json()
                assert state["finished"] or state["current_player"] == 0, "a push showed a bot about to move"
                turns.append(state["turn"])
    assert any(later - earlier > 1 for earlier, later in zip(turns, turns[1:])), "no bots' moves were pushed together"


def test_with_a_bot_delay_every_move_is_pushed(sqlite_url: str) -> None:
    with make_client(sqlite_url, bot_delay=0.01) as test_client:
        created = create(test_client, "origin", ["human", "bot:random", "bot:random"], seed=2)
        table, token = created["table"], created["seats"][0]["token"]
        with test_client.websocket_connect(f"/api/tables/{table}/ws?token={token}") as socket_:
            state = socket_.receive_json()
            turns = [state["turn"]]
            while len(turns) < PERSON_DECISIONS and not state["finished"]:
                if state["current_player"] == 0:
                    answer = act(test_client, table, token, state["legal"][-1]["action"], state["turn"])
                    assert answer.status_code == 200, answer.text
                state = socket_.receive_json()
                turns.append(state["turn"])
    assert turns == list(range(turns[0], turns[0] + len(turns)))


def test_the_action_routes_query_parameters_are_checked_and_documented_like_every_other(client: TestClient) -> None:
    created = create(client, "origin", ["human", "human"], seed=8)
    table, token = created["table"], created["seats"][0]["token"]
    body = {"action": ["pass"], "turn": 0}
    for query, where in (({"events_from": "many"}, "query.events_from: Input should be a valid integer"),
                         ({"events_from": -3}, "query.events_from: Input should be greater than or equal to 0"),
                         ({"token": "x" * 201}, "query.token: String should have at most 200 characters")):
        refused = client.post(f"/api/tables/{table}/actions", params=query, json=body)
        assert refused.status_code == 422 and refused.json()["detail"].startswith(where), refused.text
    unknown = client.post(f"/api/tables/{table}/actions", params={"token": "forged"}, json=body)
    assert unknown.status_code == 401
    badly_written = client.post(f"/api/tables/{table}/actions", headers={"Authorization": token}, json=body)
    assert badly_written.status_code == 401 and "Bearer <token>" in badly_written.json()["detail"]
    operation = client.get("/openapi.json").json()["paths"]["/api/tables/{table_id}/actions"]["post"]
    assert {(parameter["name"], parameter["in"]) for parameter in operation["parameters"]} == {
        ("table_id", "path"), ("token", "query"), ("events_from", "query"), ("authorization", "header")}
