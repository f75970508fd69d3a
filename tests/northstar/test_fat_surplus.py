"""Storing a take's surplus on Fat Tissue is the owner's decision (R16, R17, NOTES §5): every route by which a take can
bring a species more food than its board holds, who is asked, what declining leaves where, and how the interrupted
flow resumes."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from evolutio.cli.render import renderer_for
from evolutio.kernel import IllegalAction, Rng, load_game, load_scenario, make_record, replay

from .helpers import A, bags, board, hand, make, phase, pl, sp, watering_hole


def S(n: int):
    return A("store_surplus", n)


def food_total(st) -> int:
    return sum(bags(st)) + watering_hole(st) + sum(s[2] + s[3] for p in range(st.num_players) for s in board(st, p))


# ------------------------------------------------------------------------------- deliberate feeding of a full species
def test_feeding_a_full_species_stores_the_token_without_a_further_question():  # R16: the feed is the choice
    st = make(pl(sp(2, 1, 1, ["fat-tissue"])), pl(sp(1, 1, 1)), wh=5)
    st.apply(A("feed", 0))
    assert phase(st) != "store-surplus" and board(st, 0)[0] == (2, 1, 1, 1) and watering_hole(st) == 4


def test_feeding_a_full_foraging_species_asks_about_the_foraging_token():  # R16, R20
    for stored, wh in ((2, 3), (1, 4)):
        st = make(pl(sp(3, 1, 1, ["fat-tissue", "foraging"])), pl(sp(1, 1, 1)), wh=5)
        st.apply(A("feed", 0))
        assert phase(st) == "store-surplus" and st.current_player == 0
        assert st.legal_actions() == [S(2), S(1)]  # at least the token the feed asked for
        st.apply(S(stored))
        assert board(st, 0)[0] == (3, 1, 1, stored) and watering_hole(st) == wh


# ------------------------------------------------------------------------------------------- Foraging second token
def test_foraging_second_token_declined_stays_in_the_watering_hole_for_another_player():
    st = make(pl(sp(3, 2, 1, ["fat-tissue", "foraging"])), pl(sp(1, 2, 0)), wh=2)
    st.apply(A("feed", 0))
    assert phase(st) == "store-surplus" and st.current_player == 0 and st.legal_actions() == [S(1), S(0)]
    assert board(st, 0)[0] == (3, 2, 1, 0) and watering_hole(st) == 2  # nothing moves before the decision
    st.apply(S(0))
    assert board(st, 0)[0] == (3, 2, 2, 0) and watering_hole(st) == 1
    assert phase(st) == "feeding" and st.current_player == 1
    st.apply(A("feed", 0))  # the declined token feeds player 2's species
    assert board(st, 1)[0] == (1, 2, 1, 0) and watering_hole(st) == 0


def test_foraging_second_token_stored_fills_the_card():
    st = make(pl(sp(3, 2, 1, ["fat-tissue", "foraging"])), pl(sp(1, 2, 0)), wh=2)
    st.apply(A("feed", 0))
    st.apply(S(1))
    assert board(st, 0)[0] == (3, 2, 2, 1) and watering_hole(st) == 0
    assert st.is_terminal  # held: the watering hole is empty, nobody can eat


def test_a_declined_token_stays_for_the_owners_own_other_species():
    st = make(pl(sp(3, 2, 1, ["fat-tissue", "foraging"]), sp(1, 1, 0)), pl(sp(1, 1, 1)), wh=2)
    st.apply(A("feed", 0))
    st.apply(S(0))
    assert st.current_player == 0 and watering_hole(st) == 1  # player 2 has nothing to do
    st.apply(A("feed", 1))
    assert board(st, 0) == [(3, 2, 2, 0), (1, 1, 1, 0)]


# ------------------------------------------------------------------------------------------------- Cooperation
@pytest.mark.parametrize("stored", [0, 1])
def test_cooperation_into_a_full_neighbour_with_room(stored):  # R16, R19
    st = make(pl(sp(1, 2, 0, ["cooperation"]), sp(2, 1, 1, ["fat-tissue"])), pl(sp(1, 1, 1)), wh=3)
    st.apply(A("feed", 0))
    assert phase(st) == "store-surplus" and st.current_player == 0 and st.legal_actions() == [S(1), S(0)]
    assert st.view(0)["pending"]["store_surplus"] == {
        "player": 0, "species": 1, "food": "plant", "source": "watering hole", "tokens": 1, "board_room": 0,
        "surplus": 1, "fat_room": 2, "least": 0, "most": 1}
    st.apply(S(stored))
    assert board(st, 0) == [(1, 2, 1, 0), (2, 1, 1, stored)]
    assert watering_hole(st) == 2 - stored


@pytest.mark.parametrize("stored", [0, 1])
def test_a_declined_cooperation_take_stops_the_chain(stored):  # NOTES §10 cooperation (Engine convention)
    st = make(pl(sp(1, 2, 0, ["cooperation"]), sp(2, 1, 1, ["fat-tissue", "cooperation"]), sp(1, 1, 0)),
              pl(sp(1, 1, 1)), wh=5)
    st.apply(A("feed", 0))
    st.apply(S(stored))
    assert board(st, 0) == [(1, 2, 1, 0), (2, 1, 1, stored), (1, 1, stored, 0)]
    assert watering_hole(st) == 4 - 2 * stored


@pytest.mark.parametrize("stored", [0, 1])
def test_cooperation_fires_after_the_heads_decision(stored):  # R19, R20
    st = make(pl(sp(3, 2, 1, ["fat-tissue", "foraging", "cooperation"]), sp(1, 2, 0)), pl(sp(1, 1, 1)),
              pl(sp(1, 1, 1)), wh=5)  # 3 players: 3 traits per species
    st.apply(A("feed", 0))
    assert phase(st) == "store-surplus"
    st.apply(S(stored))
    assert board(st, 0) == [(3, 2, 2, stored), (1, 2, 1, 0)]
    assert watering_hole(st) == 3 - stored and phase(st) == "feeding"


# -------------------------------------------------------------------------------------------------------- attacks
@pytest.mark.parametrize("stored", [0, 1, 2])
def test_meat_surplus_after_an_attack(stored):  # R16, R32
    st = make(pl(sp(4, 2, 1, ["carnivore", "fat-tissue"])), pl(sp(3, 3, 0), sp(1, 1, 0)), wh=1)
    before = food_total(st)
    st.apply(A("attack", 0, 1, 0))
    assert phase(st) == "store-surplus" and st.current_player == 0 and st.legal_actions() == [S(2), S(1), S(0)]
    st.apply(S(stored))
    assert board(st, 0)[0] == (4, 2, 2, stored)
    assert food_total(st) == before + 1 + stored  # the declined meat stays in the bank
    assert phase(st) == "feeding" and st.current_player == 1  # the feeding turn passes on as usual


def test_a_full_carnivore_attacking_stores_at_least_one_meat():  # R24: attacking while full is the choice to store
    st = make(pl(sp(4, 2, 2, ["carnivore", "fat-tissue"], fat=2)), pl(sp(3, 3, 0)), wh=0)
    st.apply(A("attack", 0, 1, 0))
    assert st.legal_actions() == [S(2), S(1)]
    with pytest.raises(IllegalAction, match=r"store 1\.\.2 of the 3 surplus meat tokens, not 0: .*room for only 2"):
        st.apply(S(0))
    st.apply(S(1))
    assert board(st, 0)[0] == (4, 2, 2, 3)


def test_no_decision_without_room_or_without_surplus():
    st = make(pl(sp(4, 2, 0, ["carnivore", "fat-tissue"])), pl(sp(2, 3, 0)), wh=0)
    st.apply(A("attack", 0, 1, 0))  # 2 meat, room 2: no surplus
    assert board(st, 0)[0] == (4, 2, 2, 0) and phase(st) != "store-surplus"
    st = make(pl(sp(2, 2, 1, ["carnivore", "fat-tissue"], fat=2)), pl(sp(1, 3, 0)), wh=0)
    st.apply(A("attack", 0, 1, 0))  # no room on the card: the surplus is simply not taken
    assert board(st, 0)[0] == (2, 2, 2, 2) and phase(st) != "store-surplus"


# ------------------------------------------------------------------------------------------------------ Scavenger
def _scavenger_game():
    return make(pl(sp(3, 1, 0, ["carnivore"])),
                pl(sp(1, 1, 0, ["scavenger"]), sp(1, 2, 0)),
                pl(sp(2, 2, 0), sp(2, 1, 1, ["scavenger", "fat-tissue"])), wh=2)


@pytest.mark.parametrize("stored", [0, 1])
def test_scavenger_surplus_is_decided_by_the_scavengers_owner(stored):  # R16, R35
    st = _scavenger_game()
    st.apply(A("attack", 0, 2, 0))
    assert board(st, 1)[0] == (1, 1, 1, 0)  # player 2's hungry scavenger ate first (clockwise from the attacker)
    assert phase(st) == "store-surplus" and st.current_player == 2 and st.to_json()["turn"] == 0
    assert "pending" in st.view(2) and "pending" not in st.view(0)
    assert st.view(0)["surplus_decision"]["player"] == 2 and st.view(None)["surplus_decision"]["species"] == 1
    with pytest.raises(IllegalAction, match="store-surplus phase"):
        st.apply(A("feed", 1))
    st.apply(S(stored))
    assert board(st, 2) == [(2, 1, 0, 0), (2, 1, 1, stored)]
    assert phase(st) == "feeding" and st.current_player == 1  # the attacker's turn is over; the next player feeds


def test_two_scavenger_decisions_in_turn_order():  # R35 Engine convention: from the attacker clockwise
    st = make(pl(sp(3, 1, 0, ["carnivore"])),
              pl(sp(2, 1, 1, ["scavenger", "fat-tissue"]), sp(1, 2, 0)),
              pl(sp(2, 2, 0), sp(2, 1, 1, ["scavenger", "fat-tissue"])), wh=2)
    st.apply(A("attack", 0, 2, 0))
    assert st.current_player == 1
    st.apply(S(1))
    assert st.current_player == 2 and phase(st) == "store-surplus"
    st.apply(S(0))
    assert board(st, 1)[0] == (2, 1, 1, 1) and board(st, 2)[1] == (2, 1, 1, 0)
    assert phase(st) == "feeding" and st.current_player == 1
    texts = [e.data["text"] for e in st.events if e.kind == "store"]
    assert texts == ["player 2 stores 1 surplus meat on the Fat Tissue of species 1 (now 1)",
                     "player 3 stores 0 surplus meat on the Fat Tissue of species 2 (now 0); 1 left in the bank"]


# ------------------------------------------------------------------------------------------------ Intelligence
@pytest.mark.parametrize("stored", [0, 1])
def test_intelligence_surplus_in_the_owners_turn(stored):  # R37
    st = make(pl(sp(3, 2, 1, ["intelligence", "fat-tissue"]), hand=[("horns", 1)]), pl(sp(1, 1, 1)), wh=0)
    st.apply(A("intelligence_food", hand(st, 0)[0], 0))
    assert phase(st) == "store-surplus" and st.legal_actions() == [S(1), S(0)]
    st.apply(S(stored))
    assert board(st, 0)[0] == (3, 2, 2, stored)
    assert phase(st) == "feeding" and st.current_player == 0  # Intelligence comes in addition to the turn's feeding
    assert A("pass") in st.legal_actions()


def test_intelligence_surplus_in_the_any_time_window():  # option intelligence_any_time
    st = make(pl(sp(1, 2, 0)), pl(sp(3, 2, 1, ["intelligence", "fat-tissue"]), hand=[("horns", 1)]), wh=2,
              options={"intelligence_any_time": True})
    assert phase(st) == "intelligence-window" and st.current_player == 1
    st.apply(A("intelligence_food", hand(st, 1)[0], 0))
    assert phase(st) == "store-surplus" and st.current_player == 1 and st.to_json()["turn"] == 0
    st.apply(S(1))
    assert board(st, 1)[0] == (3, 2, 2, 1)
    assert phase(st) == "feeding" and st.current_player == 0  # the window closed, player 1's feeding turn begins


# ---------------------------------------------------------------------------------------------------- leaf effects
@pytest.mark.parametrize("stored", [0, 1])
def test_long_neck_after_fat_tissue_filled_the_board(stored):  # R9, R11, R16
    st = make(pl(sp(3, 2, 0, ["long-neck", "fat-tissue"], fat=2), food_card=("horns", 1)),
              pl(sp(), food_card=("horns", 2)), phase="reveal", wh=0)
    assert phase(st) == "leaf-effects"
    st.apply(A("leaf", 0, 2))  # Fat Tissue first: 2 onto the board, full; Long Neck then resolves by itself
    assert phase(st) == "store-surplus" and st.current_player == 0 and st.legal_actions() == [S(1), S(0)]
    assert watering_hole(st) == 0  # the food cards are not revealed yet
    st.apply(S(stored))
    assert board(st, 0)[0] == (3, 2, 2, stored)
    assert phase(st) == "feeding" and watering_hole(st) == 3


def test_long_neck_first_needs_no_decision():
    st = make(pl(sp(3, 2, 0, ["long-neck", "fat-tissue"], fat=2), food_card=("horns", 1)),
              pl(sp(), food_card=("horns", 2)), phase="reveal", wh=0)
    st.apply(A("leaf", 0, 1))
    assert board(st, 0)[0] == (3, 2, 2, 1) and phase(st) == "feeding"


def test_long_neck_foraging_surplus_then_the_next_players_leaf_effects():  # R10, R11, R20
    st = make(pl(sp(3, 1, 0, ["long-neck", "foraging", "fat-tissue"]), food_card=("horns", 1)),
              pl(sp(1, 1, 0, ["fertile"]), food_card=("horns", 2)), pl(sp(), food_card=("horns", 1)),
              phase="reveal", wh=1)
    assert phase(st) == "store-surplus" and st.current_player == 0 and st.legal_actions() == [S(1), S(0)]
    assert board(st, 1)[0][1] == 1  # player 2's Fertile waits for the decision
    st.apply(S(0))
    assert board(st, 0)[0] == (3, 1, 1, 0) and board(st, 1)[0][1] == 2
    assert phase(st) == "feeding" and watering_hole(st) == 5


def test_long_neck_chosen_among_three_leaf_effects_returns_to_the_choice():  # R9
    st = make(pl(sp(3, 1, 0, ["long-neck", "foraging", "fat-tissue"]), sp(1, 1, 0, ["fertile"]),
                 sp(2, 1, 0, ["fat-tissue"], fat=1), food_card=("horns", 1)),
              pl(sp(), food_card=("horns", 2)), pl(sp(), food_card=("horns", 1)), phase="reveal", wh=1)
    assert phase(st) == "leaf-effects" and len(st.legal_actions()) == 3
    st.apply(A("leaf", 0, 1))
    assert phase(st) == "store-surplus"
    st.apply(S(1))
    assert board(st, 0)[0] == (3, 1, 1, 1)
    assert phase(st) == "leaf-effects" and st.current_player == 0 and set(st.legal_actions()) == {A("leaf", 1, 0),
                                                                                       A("leaf", 2, 2)}
    st.apply(A("leaf", 2, 2))
    assert phase(st) == "feeding" and board(st, 0)[1:] == [(1, 2, 0, 0), (2, 1, 1, 0)]


# ---------------------------------------------------------------------------------- texts, views, json, determinize
def test_describe_explain_and_renderer():
    st = make(pl(sp(3, 2, 1, ["fat-tissue", "foraging"])), pl(sp(1, 2, 0)), wh=2)
    with pytest.raises(IllegalAction, match="there is no surplus to store now"):
        st.apply(S(0))
    st.apply(A("feed", 0))
    assert st.describe(S(0)) == "store nothing: the surplus plant food stays in the watering hole"
    assert st.describe(S(1)) == "store 1 surplus plant food on the Fat Tissue of your species 1"
    with pytest.raises(IllegalAction, match=r"store 0\.\.1 of the 1 surplus plant food tokens, not 2"):
        st.apply(S(2))
    assert st.view(0)["phase"] == "store-surplus"
    for seat in (0, 1):
        con = Console(file=io.StringIO(), width=160)
        con.print(renderer_for("northstar")(st.view(seat), seat))
        out = con.file.getvalue()
        assert ("you decide" if seat == 0 else "Player 1 decides") in out and "surplus plant" in out
    course = load_game("northstar", variant="cs4500", players=3).new_state(1)
    with pytest.raises(IllegalAction, match="only in the standard variant"):
        course.apply(S(0))


def test_a_pending_decision_survives_json_clone_and_determinize():
    st = _scavenger_game()
    st.apply(A("attack", 0, 2, 0))
    assert phase(st) == "store-surplus"
    back = st.game.state_from_json(json.loads(json.dumps(st.to_json())))
    assert back.digest() == st.digest() and back.legal_actions() == st.legal_actions()
    assert back.current_player == 2 and back.view(2) == st.view(2)
    c = st.clone()
    d = st.determinize(2, Rng(3))
    assert d.view(2) == st.view(2) and d.legal_actions() == st.legal_actions()
    for x in (st, back, c, d):
        x.apply(S(1))
    assert st.digest() == back.digest() == c.digest()
    assert d.view(2) == st.view(2)


def test_cs4500_keeps_its_own_store_fat_action():
    game = load_game("northstar", variant="cs4500", players=3)
    assert "store_surplus" in game.action_schema().kinds  # the schema is the same for both variants
    st = game.new_state(5)
    while not st.is_terminal:
        assert phase(st) != "store-surplus"
        st.apply(st.legal_actions()[-1])


# ---------------------------------------------------------------------------------------- random fat-rich games
FAT_RICH = {
    "game": "northstar", "options": {"players": 3}, "phase": "feeding", "watering_hole": 6,
    "players": [
        {"species": [{"body": 4, "population": 2, "traits": ["carnivore", "fat-tissue", "scavenger"]},
                     {"body": 3, "population": 2, "food": 1, "traits": ["foraging", "fat-tissue", "cooperation"]},
                     {"body": 2, "population": 1, "food": 1, "traits": ["fat-tissue", "long-neck"]}],
         "hand": [["intelligence", 2], ["fat-tissue", 1]]},
        {"species": [{"body": 2, "population": 3, "traits": ["cooperation", "intelligence"]},
                     {"body": 3, "population": 1, "food": 1, "traits": ["fat-tissue", "scavenger"]}],
         "hand": [["horns", 1], ["foraging", 3]]},
        {"species": [{"body": 5, "population": 2, "food": 1, "traits": ["carnivore", "fat-tissue", "pack-hunting"]},
                     {"body": 1, "population": 3, "traits": ["foraging", "fat-tissue", "long-neck"]}],
         "hand": [["scavenger", 2]]},
    ],
}


@pytest.mark.parametrize("seed", range(8))
def test_random_play_from_a_fat_rich_position(seed):
    from evolutio.bots import RandomBot

    from .test_properties import all_cards, check_board, check_secrets

    sc = dict(FAT_RICH, seed=seed)
    st = load_scenario(json.loads(json.dumps(sc)))
    bot = RandomBot(seed=seed)
    rng = Rng(seed)
    cards = all_cards(st)
    decisions = 0
    while not st.is_terminal:
        check_board(st)
        assert all_cards(st) == cards
        if phase(st) == "store-surplus":
            decisions += 1
            p = st.current_player
            assert p == st.view(None)["surplus_decision"]["player"] and st.legal_actions()
            check_secrets(st, rng)
            back = st.game.state_from_json(json.loads(json.dumps(st.to_json())))
            assert back.digest() == st.digest() and back.legal_actions() == st.legal_actions()
        st.apply(bot.choose(st))
    assert decisions > 0
    rec = json.loads(json.dumps(make_record(st, start=sc)))
    again = replay(rec)
    assert again.digest() == st.digest() and again.scores() == st.scores()
