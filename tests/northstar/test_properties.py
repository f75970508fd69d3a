"""Property tests (hypothesis) over random games: cards and food conserved, boards within bounds, every legal action
applies, secrets stay secret, replays identical."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from evolutio.bots import RandomBot
from evolutio.kernel import Rng, load_game, make_record, replay

from evolutio.games.northstar.config import BODY, CARDS, DOWN, FAT, FOOD_, POP

CONFIGS = st_.sampled_from([
    {"players": 2}, {"players": 3}, {"players": 4}, {"players": 5}, {"players": 6},
    {"players": 3, "quick_play": True}, {"players": 4, "intelligence_any_time": True},
    {"players": 3, "warning_call_hu": True, "scavenger_on_meat": True},
    {"players": 3, "variant": "cs4500"}, {"players": 5, "variant": "cs4500"},
])
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def all_cards(st) -> list[int]:
    out = list(st.deck) + list(st.discard) + list(st.removed)
    for h in st.hands:
        out += h
    out += [c for c in st.foodcards if c >= 0]
    if st.pdisc is not None:
        for x in st.pdisc:
            out += x
    for row in st.boards:
        for s in row:
            out += s[CARDS]
    return sorted(out)


def food_total(st) -> int:
    return sum(st.bags) + st.wh + sum(s[FOOD_] + s[FAT] for row in st.boards for s in row)


def check_board(st) -> None:
    cfg = st.cfg
    lo = 0 if cfg.course else 1
    for row in st.boards:
        for s in row:
            assert lo <= s[BODY] <= cfg.maxv and 1 <= s[POP] <= cfg.maxv
            assert 0 <= s[FOOD_] <= s[POP] and 0 <= s[FAT] <= s[BODY]
            assert len(s[CARDS]) <= cfg.maxtraits
            traits = [cfg.ctrait[c] for c in s[CARDS]]
            assert len(set(traits)) == len(traits)
            assert set(s[DOWN]) <= set(s[CARDS])
    assert st.wh >= 0 and all(b >= 0 for b in st.bags)


def check_secrets(st, rng) -> None:
    n = st.cfg.n
    for q in range(n):
        v = st.view(q)
        for p, pv in enumerate(v["players"]):
            if p == q:
                continue
            assert "hand" not in pv and "food_card" not in pv
            for s in pv["species"]:
                for t in s["traits"]:
                    assert t == {"face_down": True} or "face_down" not in t
        for e in st.events:
            if e.to is not None and q not in e.to:
                shown = e.visible_to(q)
                assert shown is None or "card" not in shown and "cards" not in shown
    p = st.current_player
    if p is not None:
        d = st.determinize(p, rng)
        assert d.view(p) == st.view(p)
        assert sorted(d.legal_actions()) == sorted(st.legal_actions())
        assert all_cards(d) == all_cards(st)


@SETTINGS
@given(opts=CONFIGS, seed=st_.integers(0, 2**31 - 1))
def test_invariants_along_random_games(opts, seed):
    game = load_game("northstar", **opts)
    st = game.new_state(seed)
    ncards = list(range(st.cfg.ncards))
    bot = RandomBot(seed=seed + 1)
    rng = Rng(seed)
    step = 0
    while not st.is_terminal:
        assert all_cards(st) == ncards  # cards conserved
        check_board(st)
        legal = st.legal_actions()
        assert legal
        if step % 5 == 0:
            for a in legal[:: max(1, len(legal) // 6)]:
                c = st.clone()
                c.apply(a)  # every legal action applies
        if step % 9 == 0:
            check_secrets(st, rng)
        bags = list(st.bags)
        before = food_total(st)
        neg = sum(max(0, -st.cfg.cfood[c]) for c in st.foodcards if c >= 0)
        st.apply(bot.choose(st))
        after = food_total(st)
        assert all(b >= a for a, b in zip(bags, st.bags)), "food in a bag never leaves it"
        if not st.cfg.course:
            # food is never destroyed: only a negative food-card sum removes tokens from the watering hole
            assert after >= before - neg
        step += 1
    assert all_cards(st) == ncards
    check_board(st)
    assert len(st.winners()) >= 1


@SETTINGS
@given(opts=CONFIGS, seed=st_.integers(0, 2**31 - 1))
def test_replays_are_identical(opts, seed):
    game = load_game("northstar", **opts)
    st = game.new_state(seed)
    bot = RandomBot(seed=seed)
    while not st.is_terminal:
        st.apply(bot.choose(st))
    rec = json.loads(json.dumps(make_record(st)))
    again = replay(rec)
    assert again.digest() == st.digest() and again.scores() == st.scores()
    back = game.state_from_json(json.loads(json.dumps(st.to_json())))
    assert back.digest() == st.digest()


def test_course_food_moves_only_between_watering_hole_boards_and_bags():
    """In the course game every token comes from the watering hole: within a feeding action the total of the
    watering hole and the boards never grows."""
    game = load_game("northstar", players=4, variant="cs4500")
    for seed in range(20):
        st = game.new_state(seed)
        bot = RandomBot(seed=seed)
        while not st.is_terminal:
            feeding = st.phase == 3
            before = food_total(st)
            r = st.rnd
            st.apply(bot.choose(st))
            if feeding and st.rnd == r and st.phase == 3:
                assert food_total(st) <= before
