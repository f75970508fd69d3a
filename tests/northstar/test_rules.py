"""Rulings of NOTES.md §13 (cited as R<n>), phases, hidden information, end of game, scoring and interactions."""

from __future__ import annotations

import json

import pytest

from evolutio.kernel import IllegalAction, load_game

from .helpers import (
    A,
    bag,
    bags,
    board,
    discard_pile,
    draw_pile_size,
    face_down,
    first_player,
    food_card,
    hand,
    hands,
    make,
    own_view,
    phase,
    pl,
    removed_unseen,
    round_number,
    sp,
    traits,
    watering_hole,
)


# ------------------------------------------------------------------------------------------------ setup, deal
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_one_species_each_and_four_cards(players):  # R1, R2, R42
    st = load_game("northstar", players=players).new_state(3)
    assert all(board(st, p) == [(1, 1, 0, 0)] for p in range(players))
    assert all(len(h) == 4 for h in hands(st))
    assert removed_unseen(st) == (40 if players == 2 else 0)
    total = draw_pile_size(st) + removed_unseen(st) + sum(len(h) for h in hands(st))
    assert total == 129
    assert st.view(None)["trait_limit"] == (2 if players == 2 else 3)
    assert st.view(None)["quick_play"] == (players == 6)


def test_food_card_is_compulsory_and_secret():  # R3
    st = load_game("northstar", players=3).new_state(5)
    p = st.current_player
    assert {a.kind for a in st.legal_actions()} == {"food_card"}
    assert len(st.legal_actions()) == 4
    c = hand(st, p)[0]
    st.apply(A("food_card", c))
    other = (p + 1) % 3
    v = st.view(other)
    assert v["players"][p]["food_card_chosen"] is True
    assert "food_card" not in v["players"][p] and "hand" not in v["players"][p]
    assert str(c) not in json.dumps(st.events_for(other)[-1])
    assert st.view(p)["players"][p]["food_card"]["id"] == c


# -------------------------------------------------------------------------------------------------- play turn
def test_traits_are_face_down_until_every_player_has_played():  # R4
    st = make(pl(sp(), hand=[("climbing", 3), ("horns", 1)], food_card=("horns", 2)),
              pl(sp(), hand=[("fertile", 2)], food_card=("horns", 3)), phase="play-cards", wh=0)
    c = hand(st, 0)[0]
    st.apply(A("trait", c, 0))
    assert face_down(st, 0, 0) == traits(st, 0, 0) != []  # not in effect yet
    seen = st.view(1)["players"][0]["species"][0]["traits"]
    assert seen == [{"face_down": True}]
    assert st.view(0)["players"][0]["species"][0]["traits"][0]["trait"] == "climbing"
    st.apply(A("end_turn"))
    st.apply(A("end_turn"))
    assert face_down(st, 0, 0) == [] and traits(st, 0, 0) != []  # revealed and in effect
    assert st.view(1)["players"][0]["species"][0]["traits"][0]["trait"] == "climbing"


def test_trait_limit_and_no_duplicates():  # R5
    st = make(pl(sp(1, 1, 0, ["climbing", "horns", "fertile"]), sp(1, 1, 0, ["burrowing"]),
                 hand=[("climbing", 0), ("foraging", 3)], food_card=("horns", 2)),
              pl(sp(), food_card=("horns", 3)), pl(sp(), food_card=("horns", 1)), phase="play-cards")
    climb, forage = hand(st, 0)
    legal = st.legal_actions()
    assert A("trait", forage, 0) not in legal and A("trait", forage, 1) in legal
    assert A("trait", climb, 0) not in legal and A("trait", climb, 1) in legal
    with pytest.raises(IllegalAction, match="already holds 3 trait cards, the limit is 3"):
        st.apply(A("trait", forage, 0))
    st.apply(A("trait", climb, 1))
    st.apply(A("trait", forage, 1))
    with pytest.raises(IllegalAction):
        st.apply(A("trait", hand(st, 0)[0] if hand(st, 0) else 0, 1))


def test_two_player_species_hold_two_traits():  # R42
    st = make(pl(sp(1, 1, 0, ["climbing", "horns"]), hand=[("foraging", 3)], food_card=("horns", 2)),
              pl(sp(), food_card=("horns", 3)), phase="play-cards")
    with pytest.raises(IllegalAction, match="the limit is 2"):
        st.apply(A("trait", hand(st, 0)[0], 0))


def test_trait_replacement_by_discarding():  # R8
    st = make(pl(sp(1, 1, 0, ["climbing", "horns", "fertile"]), hand=[("foraging", 3)], food_card=("horns", 2)),
              pl(sp(), food_card=("horns", 3)), pl(sp(), food_card=("horns", 1)), phase="play-cards")
    horns = traits(st, 0, 0)[1]
    st.apply(A("discard_trait", horns))
    assert horns in discard_pile(st)
    st.apply(A("trait", hand(st, 0)[0], 0))
    assert len(traits(st, 0, 0)) == 3


def test_new_species_only_at_either_end():  # R6
    st = make(pl(sp(3, 1), sp(4, 1), hand=[("horns", 1), ("horns", 2)], food_card=("horns", 3)),
              pl(sp(), food_card=("fertile", 3)), phase="play-cards")
    a, b = hand(st, 0)
    assert {x.args for x in st.legal_actions() if x.kind == "new_species"} == {(a, 0), (a, 1), (b, 0), (b, 1)}
    st.apply(A("new_species", a, 0))
    st.apply(A("new_species", b, 1))
    assert [s[0] for s in board(st, 0)] == [1, 3, 4, 1]


def test_growth_costs_a_card_and_never_exceeds_six():  # R7
    st = make(pl(sp(6, 5), hand=[("horns", 1), ("horns", 2)], food_card=("horns", 3)),
              pl(sp(), food_card=("fertile", 3)), phase="play-cards")
    a, b = hand(st, 0)
    assert A("grow_body", a, 0) not in st.legal_actions()
    with pytest.raises(IllegalAction, match="already has body size 6, the maximum"):
        st.apply(A("grow_body", a, 0))
    st.apply(A("grow_pop", a, 0))
    assert board(st, 0)[0][:2] == (6, 6) and a in discard_pile(st)
    assert A("grow_pop", b, 0) not in st.legal_actions()


def test_quick_play_hides_other_plays_until_the_reveal():  # R43, NOTES §9
    st = make(pl(sp(), hand=[("horns", 1), ("climbing", 2)], food_card=("horns", 3)),
              pl(sp(), hand=[("fertile", 2)], food_card=("fertile", 3)), phase="play-cards",
              options={"quick_play": True})
    a, b = hand(st, 0)
    st.apply(A("new_species", a, 1))
    st.apply(A("trait", b, 1))
    v1 = st.view(1)
    assert len(v1["players"][0]["species"]) == 1 and v1["players"][0]["hand_count"] == 2
    assert all(str(a) not in json.dumps(e) and "climbing" not in json.dumps(e).lower()
               for e in st.events_for(1))
    st.apply(A("end_turn"))
    st.apply(A("end_turn"))
    assert len(st.view(1)["players"][0]["species"]) == 2


def test_six_players_always_quick_play():  # R43
    assert load_game("northstar", players=6).cfg.quick
    assert not load_game("northstar", players=5).cfg.quick
    assert load_game("northstar", players=3, quick_play=True).cfg.quick


# ------------------------------------------------------------------------------------------------ phase 4
def test_food_cards_sum_added_and_negative_sum_removes_never_below_zero():  # R12
    st = make(pl(sp(1, 3), food_card=("carnivore", -3)), pl(sp(), food_card=("ambush", -2)), phase="reveal", wh=4)
    assert watering_hole(st) == 0
    st = make(pl(sp(1, 3), food_card=("carnivore", 3)), pl(sp(), food_card=("climbing", 5)), phase="reveal", wh=1)
    assert watering_hole(st) == 9


def test_leaf_effects_in_the_owners_chosen_order():  # R9
    def run(first):
        st = make(pl(sp(3, 2, 0, ["fertile", "fat-tissue"], fat=3), food_card=("horns", 1)),
                  pl(sp(), food_card=("horns", 1)), phase="reveal", wh=1)
        assert phase(st) == "leaf-effects" and set(st.legal_actions()) == {A("leaf", 0, 0), A("leaf", 0, 2)}
        st.apply(A("leaf", 0, first))
        return board(st, 0)[0]

    assert run(0) == (3, 3, 3, 0)  # Fertile first: room for all 3 stored food
    assert run(2) == (3, 3, 2, 1)  # Fat Tissue first: only 2 fit


# -------------------------------------------------------------------------------------------------- feeding
def test_feeding_is_compulsory_for_a_hungry_species_that_can_eat():  # R15
    st = make(pl(sp(1, 2, 0), sp(2, 1, 0, ["fat-tissue"])), pl(sp(1, 1, 1)), wh=3)
    assert A("pass") not in st.legal_actions()
    with pytest.raises(IllegalAction, match="you must feed"):
        st.apply(A("pass"))
    st.apply(A("feed", 1))  # filling a Fat Tissue species instead is allowed (Engine convention)
    assert board(st, 0)[1] == (2, 1, 1, 0)


def test_a_carnivore_must_attack_its_owners_species_when_that_is_the_only_way_to_feed():  # R31
    st = make(pl(sp(3, 2, 0, ["carnivore"]), sp(1, 1, 0)), pl(sp(1, 1, 0, ["climbing"])), wh=0)
    assert st.legal_actions() == [A("attack", 0, 0, 1)]


def test_a_carnivore_must_attack_horns_if_that_is_the_only_target():  # R15 (HU example)
    st = make(pl(sp(3, 2, 0, ["carnivore"])), pl(sp(1, 1, 0, ["horns"])), wh=0)
    assert st.legal_actions() == [A("attack", 0, 1, 0)]


def test_passing_is_not_final_and_feeding_ends_after_a_round_without_feeding():  # NOTES §4 Engine convention
    st = make(pl(sp(2, 1, 1, ["fat-tissue"])), pl(sp(1, 3, 0)), wh=1)
    st.apply(A("pass"))  # player 1 may pass: only Fat Tissue room
    assert st.current_player == 1
    st.apply(A("feed", 0))  # the watering hole is now empty
    assert st.is_terminal  # held at the end of the feeding: nobody can eat any more


def test_excess_food_of_an_attacked_species_goes_to_its_owners_bag():  # R33
    st = make(pl(sp(4, 3, 0, ["carnivore"])), pl(sp(2, 2, 2), bag=5), wh=0)
    st.apply(A("attack", 0, 1, 0))
    assert bag(st, 1) == 6 and board(st, 1)[0] == (2, 1, 1, 0)


def test_end_of_feeding_starvation_extinction_bags_and_first_player():  # R21, R22, R23, R38
    st = make(pl(sp(1, 3, 1), sp(1, 2, 0, ["horns", "climbing"])), pl(sp(1, 1, 1)), wh=0, first_player=0,
              hold_round_end=False, deck=[("fertile", 2)] * 10, discard=[])
    # nobody can eat: the feeding ends at once and the next round starts
    assert round_number(st) == 2 and first_player(st) == 1
    assert board(st, 0) == [(1, 1, 0, 0)]
    assert bags(st) == [1, 1]
    assert watering_hole(st) == 0
    # 2 traits of the extinct species → 2 cards, then the deal: 3 + 1 species
    assert len(hand(st, 0)) == 2 + 4 - (1 if food_card(st, 0) >= 0 else 0)


def test_watering_hole_food_stays_for_the_next_round():  # R22
    st = make(pl(sp(1, 1, 1)), pl(sp(1, 1, 1)), wh=4, hold_round_end=False)
    assert round_number(st) == 2 and watering_hole(st) == 4


# -------------------------------------------------------------------------------------------------- the end
def test_reshuffle_during_the_deal_makes_this_round_the_last():  # R39
    st = make(pl(sp(1, 1, 1)), pl(sp(1, 1, 1)), wh=0, hold_round_end=False,
              deck=[("horns", 1)] * 5, discard=[("fertile", 2)] * 30)
    assert round_number(st) == 2 and st.last_round == 2


def test_reshuffle_at_another_time_makes_the_next_round_the_last():  # R39
    st = make(pl(sp(4, 2, 0, ["carnivore"])), pl(sp(2, 1, 0, ["fertile", "long-neck"]), sp(1, 1, 1)), wh=0,
              deck=[], discard=[("fertile", 2)] * 30)
    st.apply(A("attack", 0, 1, 0))  # extinction: 2 cards to draw from an empty pile
    assert st.last_round == 2 and len(hand(st, 1)) == 2


def test_the_game_ends_after_the_last_rounds_feeding_and_fat_goes_to_the_bag():  # R39, R40
    st = make(pl(sp(2, 1, 1, ["fat-tissue"], fat=2)), pl(sp(1, 1, 1)), wh=0, round=3, last_round=3,
              hold_round_end=False)
    assert st.is_terminal and st.current_player is None and st.legal_actions() == []
    assert bag(st, 0) == 3 and st.scores() == [3 + 1 + 1, 1 + 1]
    with pytest.raises(IllegalAction, match="game is over"):
        st.apply(A("pass"))


def test_rulebook_scoring_example_is_32():  # R40, PL rulebook example
    st = make(pl(sp(1, 3, 3, ["climbing", "horns", "fertile"]), sp(2, 4, 4, ["foraging", "burrowing"]), bag=13),
              pl(sp(1, 1, 1)), pl(sp(1, 1, 1)), wh=0, round=5, last_round=5, hold_round_end=False)
    assert st.is_terminal
    assert bag(st, 0) == 20
    species = own_view(st, 0)["species"]
    food = bag(st, 0) + sum(s["fat"] for s in species)
    assert (food, sum(s["population"] for s in species), sum(len(s["traits"]) for s in species)) == (20, 7, 5)
    assert st.scores()[0] == 32


@pytest.mark.parametrize("a,b,winners", [
    # (bag, species) per player: equal scores, then trait points, then population points, then shared
    ((10, [sp(1, 2, 0, ["horns", "climbing"])]), (11, [sp(1, 3, 0)]), [0]),
    ((10, [sp(1, 3, 0, ["horns"])]), (11, [sp(1, 2, 0, ["climbing"])]), [0]),
    ((10, [sp(1, 3, 0, ["horns"])]), (10, [sp(1, 3, 0, ["climbing"])]), [0, 1]),
])
def test_tie_breaks(a, b, winners):  # R41
    st = make(pl(*a[1], bag=a[0]), pl(*b[1], bag=b[0]), wh=0)
    s = st.scores()
    assert s[0] == s[1]
    assert st.winners() == winners


# --------------------------------------------------------------------------------------------- refusals
def test_illegal_actions_are_explained_and_change_nothing():
    st = make(pl(sp(5, 2, 0, ["carnivore"]), sp(1, 2, 0)), pl(sp(1, 2, 0, ["climbing"])), wh=1)
    before = st.digest()
    for a, msg in [(A("attack", 0, 1, 0), "Climbing"), (A("attack", 0, 1, 5), "no species 6"),
                   (A("attack", 1, 1, 0), "not a Carnivore"), (A("feed", 0), "Carnivore"),
                   (A("food_card", 3), "not possible in the feeding phase"), (A("fly", 1), "no action 'fly'"),
                   (A("feed", 0, 1), "takes 1 argument")]:
        with pytest.raises(IllegalAction, match=msg):
            st.apply(a)
    assert st.digest() == before


def test_descriptions_are_words():
    st = make(pl(sp(5, 2, 0, ["carnivore"]), sp(1, 2, 0)), pl(sp(1, 2, 0)), wh=1)
    assert st.describe(A("attack", 0, 1, 0)) == "your species 1 attacks player 2's species 1"
    assert "watering hole" in st.describe(A("feed", 1))


def test_round_number_is_the_turn_number():
    st = load_game("northstar", players=3).new_state(1)
    assert st.turn_number == 1
