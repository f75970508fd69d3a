"""Property tests over seeds and 2-8 players: termination, card conservation, no negative counts, every legal
action applies, JSON round trips, determinize keeps the seat's view, replays are identical."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evolutio.bots import RandomBot
from evolutio.kernel import Action, IllegalAction, RecordError, Rng, load_game, make_record, replay

N = 84


def unseen(s, p):
    """The cards seat ``p`` has never seen: deck, out of play, other hands, the cards under other players' animals,
    alive or dead (a dead animal's card lies in its owner's face-down discard pile)."""
    cards = list(s.deck) + list(s.out_of_play)
    animal_cards = {c for c in s.animal_card if c >= 0}
    for q in range(s.player_count):
        if q != p:
            cards += (
                s.hands[q] + [s.animal_card[a] for a in s.animals[q]] + [c for c in s.discard[q] if c in animal_cards]
            )
    return sorted(cards)


def invariants(s):
    census = s.card_census()
    assert census["total"] == N
    used = [a for a in range(N) if s.animal_card[a] >= 0]
    assert used == list(range(len(used)))           # animal numbers are given in order of appearance
    assert len({s.animal_card[a] for a in used}) == len(used)
    for a in used:                                   # a dead animal's card lies in its last owner's discard pile
        if s.owner[a] < 0:
            assert any(s.animal_card[a] in d for d in s.discard)
    assert s.food_base >= 0
    for a in range(N):
        assert s.food[a] >= 0 and 0 <= s.fat[a] <= s.fat_tissue_count[a]
        if s.owner[a] < 0:
            assert s.food[a] == 0 and s.fat[a] == 0 and s.trait_cards[a] == ()
    for p in range(s.player_count):
        for a in s.animals[p]:
            assert s.owner[a] == p
            for c in s.trait_cards[a]:
                assert s.card_trait[c] >= 0
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
    assert s.turn_number >= 1


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
            invariants(d)
            assert unseen(d, p) == unseen(s, p)
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
    while not s.is_terminal and s.turn < 3:
        s.apply(bot.choose(s))
    for viewer in (None, 0, 1, 2):
        v = s.view(viewer)
        for p, pv in enumerate(v["players"]):
            assert pv["hand_size"] == len(s.hands[p]) and pv["discard_size"] == len(s.discard[p])
            if p == viewer:
                assert [c["id"] for c in pv["hand"]] == s.hands[p]
                assert [c["id"] for c in pv["discard"]] == s.discard[p]
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
    assert card in d.hands[p] and d.legal_actions() == s.legal_actions()
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
