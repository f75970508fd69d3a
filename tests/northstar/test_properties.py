"""Property tests (hypothesis) over random games: cards and food conserved, boards within bounds, every legal action
applies, secrets stay secret, replays identical."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from evolutio.bots import RandomBot
from evolutio.kernel import Rng, load_game, make_record, replay

from .helpers import bags, board, own_view, phase, round_number, watering_hole

CONFIGS = st_.sampled_from([
    {"players": 2}, {"players": 3}, {"players": 4}, {"players": 5}, {"players": 6},
    {"players": 3, "quick_play": True}, {"players": 4, "intelligence_any_time": True},
    {"players": 3, "warning_call_hu": True, "scavenger_on_meat": True},
    {"players": 3, "variant": "cs4500"}, {"players": 5, "variant": "cs4500"},
])
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def all_cards(st) -> list[int]:
    """Every card id somewhere in the game, from the state's JSON form (the only place hidden cards are listed)."""
    saved = st.to_json()
    out = list(saved["deck"]) + list(saved["discard"]) + list(saved["removed"])
    for held in saved["hands"]:
        out += held
    out += [c for c in saved["foodcards"] if c >= 0]
    for played in saved["pdisc"] or []:
        out += played
    for row in saved["boards"]:
        for species in row:
            out += species[4]
    return sorted(out)


def food_total(st) -> int:
    return sum(bags(st)) + watering_hole(st) + sum(food + fat for p in range(st.num_players)
                                                   for _, _, food, fat in board(st, p))


#: the rules' largest body size and population, and the smallest body size, per variant (NOTES §2, SPEC §3)
MAX_SIZE = {"standard": 6, "cs4500": 7}
MIN_BODY = {"standard": 1, "cs4500": 0}


def check_board(st) -> None:
    public = st.view(None)
    variant = public["variant"]
    for p in range(st.num_players):
        for species in own_view(st, p)["species"]:
            body, population, food, fat = species["body"], species["population"], species["food"], species["fat"]
            assert MIN_BODY[variant] <= body <= MAX_SIZE[variant] and 1 <= population <= MAX_SIZE[variant]
            assert 0 <= food <= population and 0 <= fat <= body
            assert len(species["traits"]) <= public["trait_limit"]
            trait_ids = [card["trait"] for card in species["traits"]]
            assert len(set(trait_ids)) == len(trait_ids)
    assert watering_hole(st) >= 0 and all(b >= 0 for b in bags(st))


def negative_food_cards(st) -> int:
    """The food removed by the chosen food cards' negative values, if they were revealed now."""
    total = 0
    for p in range(st.num_players):
        card = own_view(st, p)["food_card"]
        if card is not None:
            total += max(0, -card["food"])
    return total


def check_secrets(st, rng) -> None:
    for q in range(st.num_players):
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
    ncards = all_cards(st)
    assert ncards == list(range(len(ncards)))
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
        bags_before = bags(st)
        before = food_total(st)
        neg = negative_food_cards(st)
        st.apply(bot.choose(st))
        after = food_total(st)
        assert all(b >= a for a, b in zip(bags_before, bags(st))), "food in a bag never leaves it"
        if game.options["variant"] != "cs4500":
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
            feeding = phase(st) == "feeding"
            before = food_total(st)
            r = round_number(st)
            st.apply(bot.choose(st))
            if feeding and round_number(st) == r and phase(st) == "feeding":
                assert food_total(st) <= before
