"""Trait-interaction matrix for the risky pairs (R<n> = NOTES.md §13 rulings)."""

from __future__ import annotations

from .helpers import A, board, hand, make, pl, sp, watering_hole


def test_horns_kill_an_attacker_left_of_its_own_target():  # R31, R34: index bookkeeping in one row
    st = make(pl(sp(3, 1, 0, ["carnivore"]), sp(1, 2, 0, ["horns"]), sp(1, 1, 1, ["climbing"])),
              pl(sp(1, 1, 1, ["climbing"])), wh=0)
    assert st.legal_actions() == [A("attack", 0, 0, 1)]
    st.apply(A("attack", 0, 0, 1))
    assert board(st, 0) == [(1, 1, 0, 0), (1, 1, 1, 0)]


def test_defender_extinct_left_of_its_attacker_the_attacker_still_eats():  # R32, R38
    st = make(pl(sp(1, 1, 0), sp(3, 2, 0, ["carnivore"]), sp(1, 1, 1, ["climbing"])), pl(sp(1, 1, 1, ["climbing"])),
              wh=0)
    st.apply(A("attack", 1, 0, 0))
    assert board(st, 0) == [(3, 2, 1, 0), (1, 1, 1, 0)]


def test_scavenger_with_cooperation_passes_meat_on():  # R19, R35
    st = make(pl(sp(4, 3, 0, ["carnivore"])), pl(sp(1, 3, 0, ["scavenger", "cooperation"]), sp(1, 3, 0), sp(2, 2, 0)),
              wh=0)
    st.apply(A("attack", 0, 1, 2))
    assert [s[2] for s in board(st, 1)] == [1, 1, 0]


def test_foraging_with_cooperation_is_one_take_event():  # NOTES §5: Cooperation fires once per take
    st = make(pl(sp(1, 3, 0, ["foraging", "cooperation"]), sp(1, 3, 0)), pl(sp(1, 1, 1)), wh=9)
    st.apply(A("feed", 0))
    assert [s[2] for s in board(st, 0)] == [2, 1] and watering_hole(st) == 6


def test_course_foraging_with_cooperation_fires_after_each_token():  # SPEC §5.3 (the course delta)
    st = make(pl(sp(1, 3, 0, ["foraging", "cooperation"]), sp(1, 3, 0)), pl(sp(0, 1, 1)), wh=9,
              options={"variant": "cs4500"})
    st.apply(A("feed", 0))
    assert [s[2] for s in board(st, 0)] == [2, 2] and watering_hole(st) == 5


def test_full_fat_tissue_species_take_still_fires_cooperation():  # R17, R19
    st = make(pl(sp(2, 1, 1, ["fat-tissue", "cooperation"]), sp(1, 2, 0)), pl(sp(1, 1, 1)), wh=5)
    st.apply(A("feed", 0))
    assert board(st, 0) == [(2, 1, 1, 1), (1, 2, 1, 0)]


def test_long_neck_cooperation_into_a_foraging_neighbour():  # R11, R19, R20
    st = make(pl(sp(1, 3, 0, ["long-neck", "cooperation"]), sp(1, 3, 0, ["foraging"])), pl(sp()), phase="reveal",
              wh=0)
    assert [s[2] for s in board(st, 0)] == [1, 2]


def test_cooperation_can_make_a_burrowing_neighbour_safe():  # R19, R28
    st = make(pl(sp(1, 3, 0)), pl(sp(1, 3, 2, ["cooperation"]), sp(1, 1, 0, ["burrowing"])), wh=5)
    st.apply(A("feed", 0))
    assert st.current_player == 1
    st.apply(A("feed", 0))
    assert board(st, 1) == [(1, 3, 3, 0), (1, 1, 1, 0)]
    carn = make(pl(sp(5, 3, 0, ["carnivore"]), sp(1, 1, 0)), pl(*[{"body": 1, "population": 3, "food": 3,
                                                                  "traits": ["cooperation"]},
                                                                 {"body": 1, "population": 1, "food": 1,
                                                                  "traits": ["burrowing"]}]), wh=1)
    assert A("attack", 0, 1, 1) not in carn.legal_actions()


def test_intelligence_negates_hard_shell_for_a_smaller_attacker():  # R25, R36
    st = make(pl(sp(4, 2, 0, ["carnivore", "intelligence"]), hand=[("horns", 1)]), pl(sp(2, 2, 0, ["hard-shell"])),
              wh=0)
    st.apply(A("attack", 0, 1, 0))
    st.apply(A("negate", hand(st, 0)[0], 3))
    assert board(st, 0)[0][2] == 2 and board(st, 1)[0][1] == 1


def test_intelligence_negates_one_warning_call_per_side():  # R29, R36
    st = make(pl(sp(5, 2, 0, ["carnivore", "intelligence"]), hand=[("horns", 1), ("horns", 2)]),
              pl(sp(1, 1, 0, ["warning-call"]), sp(1, 2, 0), sp(1, 1, 0, ["warning-call"])), wh=0)
    st.apply(A("attack", 0, 1, 1))
    a, b = hand(st, 0)
    assert {x.args[1] for x in st.legal_actions()} == {6, 7}
    st.apply(A("negate", a, 6))
    assert A("strike") not in st.legal_actions()
    st.apply(A("negate", b, 7))
    assert board(st, 1)[1][1] == 1


def test_symbiosis_and_warning_call_each_need_their_own_answer():  # R29, R30
    st = make(pl(sp(5, 2, 0, ["carnivore", "ambush"])), pl(sp(1, 1, 0, ["symbiosis"]), sp(3, 1, 1, ["warning-call"])),
              wh=0)
    assert A("attack", 0, 1, 0) not in st.legal_actions()  # Ambush beats Warning Call, not Symbiosis
    assert A("attack", 0, 1, 1) in st.legal_actions()


def test_horns_and_scavenger_on_the_attacker():  # R34, R35
    st = make(pl(sp(4, 2, 0, ["carnivore", "scavenger"])), pl(sp(2, 2, 0, ["horns"])), wh=0)
    st.apply(A("attack", 0, 1, 0))
    assert board(st, 0)[0] == (4, 1, 1, 0)  # 2 → 1 population; meat 2 but room 1; Scavenger finds no room


def test_pack_hunting_against_hard_shell_and_defensive_herding():  # R25, R27
    st = make(pl(sp(1, 5, 0, ["carnivore", "pack-hunting"])), pl(sp(1, 4, 0, ["hard-shell", "defensive-herding"])),
              wh=0)
    assert A("attack", 0, 1, 0) in st.legal_actions()  # 1+5 = 6 > 1+4; population 5 > 4
