"""Property tests over seeds and 2-8 players: termination, card conservation, no negative counts, every legal
action applies, JSON round trips, determinize keeps the seat's view, replays are identical."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evolutio.bots import RandomBot
from evolutio.games.origin.traits import TRAIT_IDS
from evolutio.kernel import Action, IllegalAction, RecordError, Rng, load_game, make_record, replay

from .conftest import census, discard, hand, table

N = 84


def played_face_up(s):
    """Every card played as a trait so far (the public ``play_trait`` events): seen by all, wherever it lies now."""
    return {e["card"] for e in s.events_for(None) if e["kind"] == "play_trait"}


def unseen(s, p, face_up):
    """The cards seat ``p`` has never seen: deck, out of play, other hands, the cards under other players' animals,
    alive or dead (a dead animal's card lies in its owner's face-down discard pile). Computed from what ``p`` sees —
    its own hand, discard pile and animal cards, the trait cards on the table, and the cards ``face_up`` (played as
    traits, see :func:`played_face_up`) in the other players' discard piles — as the rest of the deck."""
    seen = set(hand(s, p)) | set(discard(s, p)) | {x["card"]["id"] for x in s.view(p)["players"][p]["animals"]}
    seen |= {t["card"] for q in s.view(None)["players"] for x in q["animals"] for t in x["traits"]}
    for q in range(s.view(None)["players_count"]):
        if q != p:
            seen |= set(discard(s, q)) & face_up
    return sorted(set(range(N)) - seen)


def invariants(s, logged=True):
    """What holds in every position, read from the views and (when ``logged``: not for a determinized copy, which
    drops the event log) the events telling which animals were played and which cards lay under the dead ones."""
    v = s.view(None)
    views = {None: v, **{q: s.view(q) for q in range(v["players_count"])}}
    census(s, views)                                 # every card in exactly one place, 84 in all
    live = {x["id"]: q["seat"] for q in v["players"] for x in q["animals"]}
    if logged:
        played = [e["animal"] for e in s.events_for(None) if e["kind"] == "play_animal"]
        assert played == list(range(len(played)))   # animal numbers are given in order of appearance
        assert set(live) <= set(played)
    # a dead animal's card lies in its last owner's discard pile (its owner alone is told which card it was); discard
    # piles only grow, so checking the finished game covers every death (and keeps the per-step checks cheap)
    if logged and s.is_terminal:
        for q in range(v["players_count"]):
            own_discard = {c["id"] for c in views[q]["players"][q]["discard"]}
            for e in s.events_for(q):
                if e["kind"] in ("death", "eaten") and "card" in e:
                    assert e["animal"] not in live and e["card"] in own_discard
    assert v["food_base"] >= 0
    for q in v["players"]:
        for x in q["animals"]:
            assert x["owner"] == q["seat"]
            assert x["food"] >= 0 and 0 <= x["fat"] <= x["fat_slots"]
            assert all(t["trait"] in TRAIT_IDS for t in x["traits"])
    if not s.is_terminal:
        legal = s.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        fresh = s.game.state_from_json(s.to_json())     # a copy without the list cached during apply
        assert legal == fresh.legal_actions()
        assert s.current_player is not None


def play(players, seed, on_state=None, rnd=None):
    g = load_game("origin", players=players)
    s = g.new_state(seed)
    bot = RandomBot(seed)
    steps = 0
    while not s.is_terminal:
        invariants(s)
        if on_state is not None:
            on_state(g, s, rnd)
        s.apply(bot.choose(s))
        steps += 1
        assert steps < 5000
    invariants(s)
    return g, s


settings.register_profile("origin", deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(min_value=0, max_value=2**31)
PLAYERS = st.integers(min_value=2, max_value=8)


@settings(max_examples=40, deadline=None)
@given(players=PLAYERS, seed=SEEDS)
def test_random_games_terminate_and_conserve_cards(players, seed):
    g, s = play(players, seed)
    sc = s.scores()
    assert len(sc) == players and all(x >= 0 for x in sc)
    assert set(s.winners()) <= set(range(players)) and s.winners()
    assert table(s)["turn"] >= 1


def _deep_checks(g, s, rnd):
    r = rnd.random()
    if r < 0.15:
        for a in s.legal_actions():          # every listed legal action applies
            c = s.clone()
            c.apply(a)
            invariants(c)
    elif r < 0.2:
        j = s.to_json()
        s2 = g.state_from_json(j)
        assert s2.digest() == s.digest()
        assert s2.legal_actions() == s.legal_actions()
        assert s2.view(None) == s.view(None)
    elif r < 0.25:
        for p in range(s.player_count):
            d = s.determinize(p, Rng(rnd.randrange(2**32)))
            assert d.view(p) == s.view(p)
            invariants(d, logged=False)
            face_up = played_face_up(s)
            assert unseen(d, p, face_up) == unseen(s, p, face_up)
    elif r < 0.3:
        schema = g.action_schema()
        legal = set(s.legal_actions())
        for _ in range(4):
            a = schema.decode(rnd.randrange(schema.num_actions))
            if a in legal:
                continue
            before = s.digest()
            try:
                s.apply(a)
            except IllegalAction as exc:
                assert str(exc)
            else:
                raise AssertionError(f"illegal {a} applied")
            assert s.digest() == before


@settings(max_examples=20, deadline=None)
@given(players=PLAYERS, seed=SEEDS)
def test_every_step_legal_json_determinize_and_refusals(players, seed):
    play(players, seed, _deep_checks, random.Random(seed))


@settings(max_examples=10, deadline=None)
@given(players=PLAYERS, seed=SEEDS)
def test_replay_of_the_action_list_is_identical(players, seed):
    g, s = play(players, seed)
    rec = make_record(s)
    again = replay(rec)
    assert again.digest() == s.digest() and again.scores() == s.scores()
    # same seed, same actions, step by step
    t = g.new_state(seed)
    for a in s.history:
        t.apply(a)
    assert t.digest() == s.digest()


def test_views_hide_other_hands_and_discards():
    g = load_game("origin", players=3)
    s = g.new_state(5)
    rnd = random.Random(5)
    bot = RandomBot(5)
    while not s.is_terminal and table(s)["turn"] < 3:
        s.apply(bot.choose(s))
    own = {p: s.view(p)["players"][p] for p in range(3)}
    assert all(own[p]["hand"] or own[p]["discard"] for p in range(3))     # there is something to hide
    for viewer in (None, 0, 1, 2):
        v = s.view(viewer)
        for p, pv in enumerate(v["players"]):
            assert pv["hand_size"] == len(own[p]["hand"]) and pv["discard_size"] == len(own[p]["discard"])
            if p == viewer:
                assert pv["hand"] == own[p]["hand"] and pv["discard"] == own[p]["discard"]
            else:
                assert "hand" not in pv and "discard" not in pv
                for a in pv["animals"]:
                    assert "card" not in a
    assert rnd  # (the random module is only used to vary the game)


def test_private_events_redacted():
    g = load_game("origin", players=2)
    s = g.new_state(1)
    draws1 = [e for e in s.events_for(1) if e["kind"] == "draw"]
    assert [("cards" in e) for e in draws1] == [False, True]
    assert all("text" in e for e in s.events_for(None))


def test_determinize_keeps_a_card_being_played():
    g = load_game("origin", players=2)
    s = g.new_state(2)
    # play animals until someone starts playing a trait
    while True:
        p = s.current_player
        traits = [a for a in s.legal_actions() if a.kind == "trait"]
        if traits:
            s.apply(traits[0])
            break
        s.apply([a for a in s.legal_actions() if a.kind == "animal"][0])
    card = traits[0].args[0]
    other = 1 - p
    d = s.determinize(other, Rng(9))
    assert card in hand(d, p) and d.legal_actions() == s.legal_actions()
    assert d.view(other) == s.view(other)
    assert Action("pass") not in d.legal_actions()


def test_states_and_records_of_another_rules_version_are_refused_clearly():
    g = load_game("origin", players=2)
    s = g.new_state(3)
    s.apply(s.legal_actions()[0])
    saved = s.to_json()
    saved["rules_version"] = "origin-5"
    with pytest.raises(ValueError, match="rules_version: .*'origin-5'.*'origin-6'"):
        g.state_from_json(saved)
    record = make_record(s)
    record["rules_version"] = "origin-5"
    with pytest.raises(RecordError, match="rules version 'origin-5'"):
        replay(record)
