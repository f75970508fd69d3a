"""Rules audit of the standard game: one scenario test per ruling (R<n> = NOTES.md §13) that had no direct test, plus
the hidden-information contract and the player-terms explanations of common mistakes."""

from __future__ import annotations

import json
import re

import pytest

from evolutio.bots import RandomBot
from evolutio.kernel import IllegalAction, Rng, load_game

from .helpers import (
    A,
    bag,
    board,
    discard_pile,
    face_down,
    first_player,
    food_card,
    hand,
    make,
    own_view,
    phase,
    pl,
    round_number,
    sp,
    traits,
    watering_hole,
)


def play_out(st, limit: int = 2000):
    """Finish the game with the dullest legal moves: end turns and pass when allowed, else the first legal action."""
    for _ in range(limit):
        if st.is_terminal:
            return st
        legal = st.legal_actions()
        for k in ("end_turn", "pass", "strike"):
            a = next((x for x in legal if x.kind == k), None)
            if a is not None:
                break
        st.apply(a if a is not None else legal[0])
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------------------------------- setup and deal
def test_r1_r2_player_without_species_gets_a_new_one_and_four_cards():
    st = make(pl(sp(1, 1, 0)), pl(sp(1, 1, 1)), wh=0, hold_round_end=False, deck=list(range(20)))
    # player 1's only species starved to extinction at the end of round 1
    assert round_number(st) == 2 and board(st, 0) == [(1, 1, 0, 0)]
    assert len(hand(st, 0)) == 4 and len(hand(st, 1)) == 4
    assert any("has no species and gets a new one" in e["text"] for e in st.events_for(None))


def test_r2_deal_three_plus_one_per_species_in_turn_order_from_the_first_player():
    st = make(pl(sp(1, 1, 1), sp(2, 1, 1)), pl(sp(1, 1, 1)), wh=0, first_player=1, hold_round_end=False,
              deck=list(range(9)), discard=[])
    # end of round 1: the marker passes from player 2 to player 1, who is dealt first
    assert round_number(st) == 2 and first_player(st) == 0
    assert hand(st, 0) == [0, 1, 2, 3, 4] and hand(st, 1) == [5, 6, 7, 8]
    assert st.last_round == 0  # the pile was emptied by the deal but nothing had to be reshuffled (R39)


# ---------------------------------------------------------------------------------------------- play turn
def test_r5_face_down_traits_count_towards_the_limit_and_against_duplicates():
    st = make(pl(sp(1, 1, 0, ["horns", "fertile"]), sp(), hand=[("climbing", 3), ("climbing", 4), ("foraging", 3)],
                 food_card=("horns", 2)),
              pl(sp(), food_card=("horns", 3)), pl(sp(), food_card=("horns", 1)), phase="play-cards")
    c1, c2, forage = hand(st, 0)
    st.apply(A("trait", c1, 1))
    assert A("trait", c2, 1) not in st.legal_actions()
    with pytest.raises(IllegalAction, match="already has Climbing"):
        st.apply(A("trait", c2, 1))
    st.apply(A("trait", c2, 0))  # the third trait, face down
    with pytest.raises(IllegalAction, match="limit is 3"):
        st.apply(A("trait", forage, 0))


def test_r8_a_trait_just_played_face_down_may_be_discarded_again_face_up():
    st = make(pl(sp(), hand=[("climbing", 3)], food_card=("horns", 2)), pl(sp(), food_card=("horns", 3)),
              phase="play-cards")
    c = hand(st, 0)[0]
    st.apply(A("trait", c, 0))
    st.apply(A("discard_trait", c))
    assert traits(st, 0, 0) == [] and face_down(st, 0, 0) == []
    assert c in discard_pile(st) and st.view(1)["discard_pile"][-1]["id"] == c  # discarded cards are face up


# -------------------------------------------------------------------------------------------------- feeding
def test_feeding_turns_go_clockwise_from_the_first_player():  # NOTES §4 phase 5
    st = make(pl(sp(1, 3, 0)), pl(sp(1, 3, 0)), pl(sp(1, 3, 0)), wh=20, first_player=1)
    order = []
    for _ in range(6):
        order.append(st.current_player)
        st.apply(A("feed", 0))
    assert order == [1, 2, 0, 1, 2, 0]


def test_r15_r36_intelligence_never_makes_an_attack_compulsory():
    st = make(pl(sp(5, 2, 0, ["carnivore", "intelligence"]), hand=[("horns", 1)]), pl(sp(1, 2, 0, ["climbing"])),
              wh=0)
    assert set(st.legal_actions()) == {A("attack", 0, 1, 0), A("pass")}


def test_r15_r37_intelligence_food_is_never_compulsory():
    st = make(pl(sp(1, 3, 0, ["intelligence"]), hand=[("horns", 1)]), pl(sp(1, 1, 1)), wh=0)
    assert A("pass") in st.legal_actions()
    st.apply(A("pass"))
    assert board(st, 0)[0] == (1, 3, 0, 0)


def test_r24_a_full_carnivore_with_fat_tissue_room_may_attack_but_need_not():
    st = make(pl(sp(3, 2, 2, ["carnivore", "fat-tissue"])), pl(sp(2, 3, 0)), wh=0)
    assert set(st.legal_actions()) == {A("attack", 0, 1, 0), A("pass")}
    st.apply(A("attack", 0, 1, 0))
    # attacking while full is the choice to store: at least 1 of the 2 meat, at most both (R16)
    assert st.current_player == 0 and st.legal_actions() == [A("store_surplus", 2), A("store_surplus", 1)]
    st.apply(A("store_surplus", 2))
    assert board(st, 0)[0] == (3, 2, 2, 2)  # 2 meat, both onto the Fat Tissue card
    assert board(st, 1)[0] == (2, 2, 0, 0)
    full = make(pl(sp(3, 2, 2, ["carnivore", "fat-tissue"], fat=3)), pl(sp(2, 3, 0)), wh=0)
    assert full.is_terminal  # no room anywhere: nobody can feed, the feeding ended (held)


def test_r36_intelligence_cannot_negate_scavenger_or_any_trait_that_does_not_protect():
    st = make(pl(sp(5, 2, 0, ["carnivore", "intelligence"]), hand=[("horns", 1), ("horns", 2), ("horns", 3)]),
              pl(sp(1, 2, 0, ["climbing", "scavenger"])), wh=0)
    st.apply(A("attack", 0, 1, 0))
    assert phase(st) == "intelligence-negation"
    assert {a.args[1] for a in st.legal_actions() if a.kind == "negate"} == {1}  # Climbing only
    with pytest.raises(IllegalAction, match="does not protect the target"):
        st.apply(A("negate", hand(st, 0)[0], 4))


def test_r38_defender_extinction_discards_traits_draws_as_many_and_bags_its_food_and_fat():
    st = make(pl(sp(4, 2, 0, ["carnivore"])), pl(sp(2, 1, 1, ["fat-tissue", "fertile"], fat=2), sp(1, 1, 1)), wh=0,
              deck=[("horns", 1), ("horns", 2), ("horns", 3)])
    cards = traits(st, 1, 0)
    st.apply(A("attack", 0, 1, 0))
    assert board(st, 1) == [(1, 1, 1, 0)]
    assert bag(st, 1) == 3  # 1 food on the board + 2 on the Fat Tissue card
    assert len(hand(st, 1)) == 2 and set(cards) <= set(discard_pile(st))


# ------------------------------------------------------------------------------------------------- the end
def test_r39_reshuffle_in_the_deal_ends_the_game_after_that_rounds_feeding():
    st = make(pl(sp(1, 1, 1)), pl(sp(1, 1, 1)), wh=0, hold_round_end=False, deck=[("horns", 1)] * 5,
              discard=[("fertile", 2)] * 30)
    assert round_number(st) == 2 and st.last_round == 2
    play_out(st)
    assert phase(st) == "game-over" and round_number(st) == 2


def test_r39_reshuffle_by_an_extinction_draw_ends_the_game_after_the_next_round():
    st = make(pl(sp(4, 2, 0, ["carnivore"])), pl(sp(2, 1, 0, ["fertile", "long-neck"]), sp(1, 1, 1)), wh=0,
              hold_round_end=False, deck=[], discard=[("fertile", 2)] * 40)
    st.apply(A("attack", 0, 1, 0))
    assert st.last_round == 2
    assert round_number(st) == 2 and not st.is_terminal  # round 1 ended; round 2 is played in full
    play_out(st)
    assert phase(st) == "game-over" and round_number(st) == 2


# ---------------------------------------------------------------------------------------- explanations
def _attack_case(defender_row, target, attacker=(5, 2, ("carnivore",))):
    body, pop, traits = attacker
    return make(pl(sp(body, pop, 0, traits), sp(1, 2, 0)), pl(*defender_row), wh=1), A("attack", 0, 1, target)


@pytest.mark.parametrize("row,target,attacker,msg", [
    ([sp(5, 1)], 0, (5, 2, ("carnivore",)), "attack size 5 is not larger than the target's body size 5"),
    ([sp(4, 1)], 0, (2, 2, ("carnivore", "pack-hunting")),
     r"attack size 4 \(body 2 \+ population 2 with Pack Hunting\) is not larger"),
    ([sp(2, 1, 0, ["hard-shell"])], 0, (5, 2, ("carnivore",)), "the target has Hard Shell"),
    ([sp(1, 1, 1, ["burrowing"])], 0, (5, 2, ("carnivore",)), "the target has Burrowing and is fed"),
    ([sp(1, 1, 0, ["climbing"])], 0, (5, 2, ("carnivore",)), "the target has Climbing and your Carnivore lacks"),
    ([sp(1, 2, 0, ["defensive-herding"])], 0, (5, 2, ("carnivore",)), "the target has Defensive Herding"),
    ([sp(1, 1, 0, ["symbiosis"]), sp(2, 1, 1)], 0, (5, 2, ("carnivore",)), "the target has Symbiosis"),
    ([sp(1, 1, 0, ["warning-call"]), sp(1, 1, 0)], 1, (5, 2, ("carnivore",)),
     "the target's left neighbour has Warning Call and your Carnivore lacks Ambush"),
    ([sp(1, 1, 0), sp(1, 1, 0, ["warning-call"])], 0, (5, 2, ("carnivore",)),
     "the target's right neighbour has Warning Call and your Carnivore lacks Ambush"),
])
def test_r25_to_r30_a_blocked_attack_names_the_defence(row, target, attacker, msg):
    st, a = _attack_case(row, target, attacker)
    assert a not in st.legal_actions()
    with pytest.raises(IllegalAction, match=f"^{re.escape(st.describe(a))}: cannot attack: .*" + msg):
        st.apply(a)


def test_r34_horns_never_block_an_attack():
    st, a = _attack_case([sp(1, 1, 0, ["horns"])], 0)
    assert a in st.legal_actions()


@pytest.mark.parametrize("kind,msg", [
    ("feed-empty", "the watering hole is empty"),
    ("feed-fed", r"species 2 is fed \(food 2 = population 2\) and has no Fat Tissue room"),
    ("pass", "you must feed"),
    ("feed-carnivore", "is a Carnivore: it never takes plant food"),
    ("attack-fed", "your Carnivore is fed"),
    ("attack-herbivore", "is not a Carnivore"),
    ("food-card", "not possible in the feeding phase"),
])
def test_common_mistakes_are_explained_in_player_terms(kind, msg):
    wh = 0 if kind == "feed-empty" else 2
    carn_food = 2 if kind == "attack-fed" else 0
    st = make(pl(sp(3, 2, carn_food, ["carnivore"]), sp(1, 2, 2), sp(1, 3, 0)), pl(sp(1, 1, 0, ["climbing"])), wh=wh)
    a = {"feed-empty": A("feed", 2), "feed-fed": A("feed", 1), "pass": A("pass"), "feed-carnivore": A("feed", 0),
         "attack-fed": A("attack", 0, 0, 2), "attack-herbivore": A("attack", 1, 0, 2),
         "food-card": A("food_card", 3)}[kind]
    with pytest.raises(IllegalAction, match=msg):
        st.apply(a)


# ------------------------------------------------------------------------------------ hidden information
def test_quick_play_a_discarded_fat_tissue_does_not_show_in_the_bag_before_the_reveal():  # R43, NOTES §9
    st = make(pl(sp(3, 3, 0, ["fat-tissue"], fat=2), hand=[("horns", 1)], food_card=("horns", 2)),
              pl(sp(), hand=[("horns", 3)], food_card=("horns", 1)), phase="play-cards", options={"quick_play": True})
    before = st.view(1)
    st.apply(A("discard_trait", traits(st, 0, 0)[0]))
    assert bag(st, 0) == 2 and st.view(0)["players"][0]["bag"] == 2
    assert st.view(1)["players"][0] == before["players"][0]
    assert st.view(1)["players"][0]["bag"] == 0 and st.view(None)["players"][0]["bag"] == 0
    d = st.determinize(1, Rng(3))
    assert d.view(1) == st.view(1)
    back = st.game.state_from_json(json.loads(json.dumps(st.to_json())))
    assert back.view(1) == st.view(1) and back.digest() == st.digest()
    st.apply(A("end_turn"))
    st.apply(A("end_turn"))
    assert st.view(1)["players"][0]["bag"] == 2  # revealed with the plays


def test_quick_play_events_do_not_tell_the_others_what_was_played():  # R43
    st = make(pl(sp(), hand=[("horns", 1), ("climbing", 2)], food_card=("horns", 3)),
              pl(sp(), hand=[("fertile", 2)], food_card=("fertile", 3)), phase="play-cards",
              options={"quick_play": True})
    n0 = len(st.events_for(1))
    a, b = hand(st, 0)
    st.apply(A("trait", a, 0))
    st.apply(A("grow_pop", b, 0))
    seen = st.events_for(1)[n0:]
    assert all(e["text"] == "player 1 is playing cards" for e in seen)


def _card_ids(x) -> set[int]:
    out: set[int] = set()
    if isinstance(x, dict):
        if isinstance(x.get("id"), int) and "trait" in x:
            out.add(x["id"])
        for v in x.values():
            out |= _card_ids(v)
    elif isinstance(x, list):
        for v in x:
            out |= _card_ids(v)
    return out


def _secret_from(st, q: int) -> set[int]:
    """Card ids seat q may not know now: draw pile, removed cards, other hands, other food cards, other face-down
    traits, and (quick play) cards the others took from their hands this phase. The ground truth comes from the
    state's JSON form (draw pile, removed cards) and from each other seat's own view."""
    saved = st.to_json()
    secret = set(saved["deck"]) | set(saved["removed"])
    seen_by_q = st.view(q)["players"]
    for p in range(st.num_players):
        if p == q:
            continue
        mine = own_view(st, p)
        secret |= set(hand(st, p))
        if food_card(st, p) >= 0:
            secret.add(food_card(st, p))
        for s in range(len(mine["species"])):
            secret |= set(face_down(st, p, s))
        public_before = {card["id"] for species in seen_by_q[p]["species"] for card in species["traits"]
                         if "id" in card}
        secret |= {card["id"] for card in mine.get("played_this_phase", [])} - public_before
    return secret


@pytest.mark.parametrize("opts", [{"players": 2}, {"players": 4}, {"players": 3, "quick_play": True},
                                  {"players": 6}])
def test_views_never_hold_a_card_the_seat_may_not_know(opts):
    game = load_game("northstar", **opts)
    for seed in range(3):
        st = game.new_state(seed)
        bot = RandomBot(seed=seed)
        step = 0
        while not st.is_terminal:
            if step % 3 == 0:
                for q in list(range(st.num_players)):
                    v = st.view(q)
                    leak = _card_ids(v) & _secret_from(st, q)
                    assert not leak, (phase(st), q, leak)
                    for p, pv in enumerate(v["players"]):
                        if p != q:
                            assert "hand" not in pv and "food_card" not in pv
            st.apply(bot.choose(st))
            step += 1


def test_r42_the_forty_removed_cards_stay_unseen_and_determinize_resamples_them():
    st = load_game("northstar", players=2).new_state(11)
    p = st.current_player
    v = st.view(p)
    saved = st.to_json()
    assert v["removed_unseen"] == 40 and not _card_ids(v) & set(saved["removed"])
    d = st.determinize(p, Rng(5))
    resampled = d.to_json()
    assert d.view(p) == v and sorted(resampled["removed"] + resampled["deck"]) != []
    assert resampled["removed"] != saved["removed"]
    assert sorted(resampled["removed"] + resampled["deck"] + sum((hand(d, q) for q in range(2) if q != p), [])) == \
        sorted(saved["removed"] + saved["deck"] + sum((hand(st, q) for q in range(2) if q != p), []))


def test_determinize_keeps_the_view_in_every_phase():
    for opts in ({"players": 3}, {"players": 4, "quick_play": True}, {"players": 2}):
        game = load_game("northstar", **opts)
        st = game.new_state(4)
        bot = RandomBot(seed=9)
        rng = Rng(1)
        phases = set()
        while not st.is_terminal:
            p = st.current_player
            d = st.determinize(p, rng)
            assert d.view(p) == st.view(p)
            assert sorted(d.legal_actions()) == sorted(st.legal_actions())
            phases.add(phase(st))
            st.apply(bot.choose(st))
        assert {"play-cards", "feeding"} <= phases


# ------------------------------------------------------------------- independent reading of NOTES §6.1 and R15
def _row(st, p) -> list[tuple[int, int, int, int, set[str]]]:
    """(body, population, food, fat, revealed trait ids) of every species of player p, from the public view."""
    return [(s["body"], s["population"], s["food"], s["fat"],
             {card["trait"] for card in s["traits"] if not card.get("face_down")})
            for s in st.view(None)["players"][p]["species"]]


def _has(s, trait: str) -> bool:
    return trait in s[4]


def _may_attack(st, p, a, tp, t) -> bool:
    """NOTES §6.1 written out again, independently of the engine (no Intelligence), from the public view."""
    at, row = _row(st, p)[a], _row(st, tp)
    d = row[t]
    if not _has(at, "carnivore") or (p == tp and a == t):
        return False
    if at[2] >= at[1] and not (_has(at, "fat-tissue") and at[3] < at[0]):  # R24
        return False
    if at[0] + (at[1] if _has(at, "pack-hunting") else 0) <= d[0] + (4 if _has(d, "hard-shell") else 0):  # R25
        return False
    if _has(d, "climbing") and not _has(at, "climbing"):  # R26
        return False
    if _has(d, "defensive-herding") and at[1] <= d[1]:  # R27
        return False
    if _has(d, "burrowing") and d[2] == d[1]:  # R28
        return False
    if _has(d, "symbiosis") and t + 1 < len(row) and row[t + 1][0] > d[0]:  # R30
        return False
    neighbours = [row[i] for i in (t - 1, t + 1) if 0 <= i < len(row)]
    return _has(at, "ambush") or not any(_has(x, "warning-call") for x in neighbours)  # R29


@pytest.mark.parametrize("players", [2, 3, 5])
def test_r15_r24_to_r31_attack_legality_and_compulsory_feeding_match_an_independent_reading(players):
    game = load_game("northstar", players=players)
    checked = 0
    for seed in range(12):
        st = game.new_state(seed)
        bot = RandomBot(seed=seed)
        while not st.is_terminal:
            if phase(st) == "feeding":
                p = st.current_player
                legal = set(st.legal_actions())
                must = False
                for a, s in enumerate(_row(st, p)):
                    intel = _has(s, "intelligence") and bool(hand(st, p))
                    for tp in range(players):
                        for t in range(len(board(st, tp))):
                            ok = _may_attack(st, p, a, tp, t)
                            act = A("attack", a, tp, t)
                            assert act in legal if ok else (intel or act not in legal), (seed, act)
                            must |= ok and s[2] < s[1]
                    must |= not _has(s, "carnivore") and s[2] < s[1] and watering_hole(st) > 0
                assert (A("pass") not in legal) == must, (seed, sorted(legal))
                checked += 1
            st.apply(bot.choose(st))
    assert checked > 100
