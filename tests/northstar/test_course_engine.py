"""The cs4500 variant as a full game in the engine (SPEC §3 deltas), played by the course's silly player."""

from __future__ import annotations

import pytest

from evolutio.bots import make_bot
from evolutio.kernel import IllegalAction, load_game

from .helpers import A, bag, board, hand, make, own_view, phase, pl, sp, watering_hole


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_silly_players_finish_a_course_game(players):
    game = load_game("northstar", players=players, variant="cs4500")
    silly = make_bot("cs4500-silly")
    for seed in range(5):
        st = game.new_state(seed)
        n = 0
        while not st.is_terminal:
            st.apply(silly.choose(st))
            n += 1
            assert n < 20000
        # course score: bag + one point per species (not population) + one per trait card
        expected = [bag(st, p) + len(board(st, p)) + sum(len(s["traits"]) for s in own_view(st, p)["species"])
                    for p in range(players)]
        assert st.scores() == expected


def test_course_new_board_is_body_zero_at_the_right_end_and_actions_come_in_course_order():
    st = make(pl(sp(2, 2), hand=[(1, "horns"), (2, "climbing"), (0, "fertile")], food_card=(3, "horns")),
              pl(sp(0, 1), food_card=(0, "carnivore")), phase="play-cards", options={"variant": "cs4500"})
    h = list(hand(st, 0))
    assert A("new_species", h[0], 0) not in st.legal_actions()
    with pytest.raises(IllegalAction, match="course rules"):
        st.apply(A("new_species", h[0], 0))
    st.apply(A("new_species", h[0], 1))
    assert board(st, 0)[1] == (0, 1, 0, 0)
    st.apply(A("grow_pop", h[1], 1))
    with pytest.raises(IllegalAction, match="course rules"):
        st.apply(A("trait", h[2], 1))  # traits on new boards come before growth


def test_course_fertile_is_unconditional_and_long_neck_eats_from_the_watering_hole():
    st = make(pl(sp(1, 2, 0, ["fertile"]), sp(1, 3, 0, ["long-neck"]), food_card=(0, "horns")),
              pl(sp(0, 1, 1), food_card=(0, "carnivore")), phase="reveal", wh=2,
              options={"variant": "cs4500"})
    assert board(st, 0)[0][1] == 3  # even with a +0 food card total: unconditional
    assert board(st, 0)[1][2] == 1 and watering_hole(st) == 1  # Long Neck ate one token from the watering hole
    assert phase(st) == "feeding" and st.current_player == 0  # the feeding cycle waits for the first player's choice


def test_course_attack_has_no_size_rule_and_extinction_gives_two_cards_in_front_of_the_hand():
    st = make(pl(sp(0, 1, 0, ["carnivore"])), pl(sp(5, 1, 0), hand=[(0, "horns")]), wh=3,
              deck=[(1, "climbing"), (2, "climbing"), (3, "climbing")], options={"variant": "cs4500"})
    assert A("attack", 0, 1, 0) in st.legal_actions()
    st.apply(A("attack", 0, 1, 0))
    assert [card["food"] for card in own_view(st, 1)["hand"]] == [1, 2, 0]
    assert board(st, 0)[0][2] == 1 and watering_hole(st) == 2


def test_course_never_offers_self_attack():
    st = make(pl(sp(3, 2, 0, ["carnivore"]), sp(0, 1, 0)), pl(sp(0, 1, 0, ["climbing"])), wh=3,
              options={"variant": "cs4500"})
    assert not [a for a in st.legal_actions() if a.kind == "attack"]
