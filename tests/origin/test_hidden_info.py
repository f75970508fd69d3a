"""Hidden information: nothing a seat may not see leaks through views, events, legal actions or their descriptions.

The rules hide the trait side of an animal card from the other players ("the owner may look at its trait side;
opponents may not") and keep discard piles face down (a player may look only at their own). Animals therefore have
their own numbers (0, 1, 2, … in order of appearance), ``animal`` actions name a hand slot, and only the owner's view
and events show the card under an animal.

The strongest check is a *swapped pair*: two games that differ only in cards seat ``p`` never sees (a random
permutation of them, applied to the deal) and that are played with the same actions. Every view, event, legal
action and description ``p`` gets must be identical in both; the owners of the swapped cards must see a difference
(so the pair really differs).
"""

import json
import random
import re

import pytest

from evolutio.bots import RandomBot
from evolutio.kernel import Action, Rng, load_game, load_scenario, make_record, replay

from .conftest import animal_card, animal_ids, census, discard, hand, play_animal, scenario
from .test_properties import invariants, played_face_up, unseen

N = 84


def random_game(players, seed, **options):
    g = load_game("origin", players=players, **options)
    s = g.new_state(seed)
    bot = RandomBot(seed)
    while not s.is_terminal:
        s.apply(bot.choose(s))
    return g, s


def seen_ever(g, s, p):
    """Cards seat ``p`` saw at some point of the finished game ``s``: its own hands and every card played as a
    trait (played face up). Replays the game to find them."""
    t = g.new_state(s.seed)
    seen = set(hand(t, p))
    for a in s.history:
        if a.kind == "trait":
            seen.add(a.args[0])
        t.apply(a)
        seen |= set(hand(t, p))
    return seen


def cards_under(s):
    """The card under every animal, alive or dead, as its owner knows it: the owner's view of its live animals, and
    the owner's own ``death``/``eaten`` events for the dead ones (with the card, found in the owner's discard pile)."""
    out = {}
    for q in range(s.view(None)["players_count"]):
        own = s.view(q)["players"][q]
        out |= {x["id"]: x["card"] for x in own["animals"]}
        pile = {c["id"]: c for c in own["discard"]}
        for e in s.events_for(q):
            # (a card no longer in the pile was taken back face up: Continents' Swimming card out of the Ocean)
            if e["kind"] in ("death", "eaten") and "card" in e and e["card"] in pile:
                out[e["animal"]] = pile[e["card"]]
    return out


def owners_of_animals(s):
    """Every animal played so far (public ``play_animal`` events and the live rows of the view) -> its seat."""
    out = {e["animal"]: e["player"] for e in s.events_for(None) if e["kind"] == "play_animal"}
    out |= {x["id"]: q["seat"] for q in s.view(None)["players"] for x in q["animals"]}
    return out


def swapped_twin(g, s, p, rnd):
    """A fresh start of ``s``'s game whose cards never seen by ``p`` are randomly permuted."""
    hidden = sorted(set(range(N)) - seen_ever(g, s, p))
    perm = hidden[:]
    rnd.shuffle(perm)
    sigma = dict(zip(hidden, perm))
    t = g.new_state(s.seed)
    t.deck = [sigma.get(c, c) for c in t.deck]
    for q in range(t.player_count):
        if q != p:
            t.hands[q] = [sigma.get(c, c) for c in t.hands[q]]   # cards later played face up stay in place
    t._legal = None
    return t, sigma


def p_sees(s, p):
    legal = s.legal_actions() if s.current_player == p else []
    return (json.dumps(s.view(p), sort_keys=True), [str(a) for a in legal], [s.describe(a) for a in legal])


CASES = [(2, 1), (2, 2), (3, 3), (3, 4), (4, 5), (4, 6), (5, 7), (6, 8)]


@pytest.mark.parametrize("players,seed", CASES)
def test_swapped_hidden_cards_are_invisible(players, seed):
    g, s = random_game(players, seed)
    rnd = random.Random(seed)
    for p in range(players):
        a_state = g.new_state(seed)
        b_state, sigma = swapped_twin(g, s, p, rnd)
        owners_differ = False
        ev_a = ev_b = 0
        for act in s.history + [None]:
            assert p_sees(a_state, p) == p_sees(b_state, p)
            ea, eb = a_state.events_for(p), b_state.events_for(p)
            assert ea[ev_a:] == eb[ev_b:]
            ev_a, ev_b = len(ea), len(eb)
            # the seat to act: its legal actions never depend on the hidden cards of the others
            q = a_state.current_player
            if q is not None and q != p and a_state.view(q) != b_state.view(q):
                owners_differ = True
            if act is None:
                break
            a_state.apply(act)
            b_state.apply(act)                               # the same action is legal in the twin
        assert a_state.digest() == s.digest()
        assert b_state.scores() == s.scores()
        # the twin really differs: some opponent animal lies on a card of another kind, and its owner can tell
        under_s, under_b = cards_under(s), cards_under(b_state)
        assert set(under_s) == set(under_b)
        moved = [a for a in under_s if under_s[a]["id"] != under_b[a]["id"]]
        assert moved and all(under_s[a]["id"] in sigma for a in moved)
        assert any(under_s[a]["traits"] != under_b[a]["traits"] for a in moved)
        assert owners_differ or any(a_state.view(q) != b_state.view(q) for q in range(players) if q != p)


def _hidden_from(s, p, private):
    """Card ids ``p`` may not know the place of: other hands, the cards under others' animals (alive or dead);
    ``private`` is :func:`_private_cards` of ``s``."""
    out = set()
    for q, cards in enumerate(private):
        if q != p:
            out |= cards
    decision = s.view(None)["decision"]
    if decision["kind"] in ("trait_target", "trait_second_target"):
        out.discard(decision["card"])                  # a card being played as a trait has been shown
    return out


def _private_cards(s):
    """For each seat, the cards only it may know: its hand and the cards under its animals, alive or dead."""
    under = cards_under(s)
    owners = owners_of_animals(s)
    return [set(hand(s, q)) | {under[a]["id"] for a, o in owners.items() if o == q and a in under}
            for q in range(s.player_count)]


def _card_refs(obj, out):
    """Every card id mentioned in a view or event: ``card``/``cards`` fields, card objects and "card N" in texts."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "card" and isinstance(v, int):
                out.add(v)
            elif k == "card" and isinstance(v, dict):
                out.add(v["id"])
            elif k == "cards" and isinstance(v, list):
                out |= {c for c in v if isinstance(c, int)}
            elif k in ("hand", "discard") and isinstance(v, list):
                out |= {c["id"] for c in v}
            _card_refs(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _card_refs(v, out)
    elif isinstance(obj, str):
        out |= {int(x) for x in re.findall(r"card (\d+)", obj)}
    return out


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (4, 23), (6, 24), (8, 25)])
def test_no_hidden_card_id_in_views_events_or_descriptions(players, seed):
    g = load_game("origin", players=players)
    s = g.new_state(seed)
    bot = RandomBot(seed)
    step = 0
    checked = 0
    while True:
        if step % 5 == 0 or s.is_terminal:
            private = _private_cards(s)
            for p in range(players):
                hidden = _hidden_from(s, p, private)
                refs = _card_refs(s.view(p), set()) | _card_refs(s.events_for(p), set())
                if s.current_player == p:
                    refs |= _card_refs([s.describe(a) for a in s.legal_actions()], set())
                assert not refs & hidden, f"seat {p} is told about hidden card(s) {sorted(refs & hidden)}"
                checked += len(hidden)
            spectator = _card_refs(s.view(None), set()) | _card_refs(s.events_for(None), set())
            assert not spectator & set().union(*(_hidden_from(s, p, private) for p in range(players)))
        if s.is_terminal:
            break
        s.apply(bot.choose(s))
        step += 1
    assert checked


def test_owner_sees_its_animal_cards_others_do_not():
    s = scenario({"players": [{"hand": ["running", "piracy"]}, {"hand": ["swimming"]}]})
    running = hand(s, 0)[0]
    a = play_animal(s, 0, "running")
    assert a == 0 and animal_card(s, 0) == running
    mine = s.view(0)["players"][0]["animals"][0]
    assert mine["id"] == 0 and mine["card"]["id"] == running
    for viewer in (1, None):
        theirs = s.view(viewer)["players"][0]["animals"][0]
        assert theirs["id"] == 0 and "card" not in theirs
    own_ev = s.events_for(0)[-1]
    other_ev = s.events_for(1)[-1]
    assert own_ev["kind"] == other_ev["kind"] == "play_animal"
    assert own_ev["card"] == running and f"card {running}" in own_ev["text"]
    assert "card" not in other_ev and other_ev["text"] == "Player 1 plays a new animal A0"
    # the history is public: the action names the hand slot, not the card
    assert s.history == [Action("animal", 0)]


def test_death_reveals_the_card_only_to_the_owner():
    s = load_scenario({"game": "origin", "options": {"players": 2}, "seed": 1, "phase": "feeding", "food_base": 0,
                       "players": [{"animals": [{"card": "running"}]}, {"animals": [{"card": 40}]}],
                       "deck_size": 10})
    # nobody can act: extinction follows at once, both animals starve
    for o, is_the_card in ((0, lambda c: c["traits"] == ["running"]), (1, lambda c: c["id"] == 40)):
        own = [e for e in s.events_for(o) if e["kind"] == "death" and e["owner"] == o]
        assert len(own) == 1 and own[0]["card"] in discard(s, o) and own[0]["cause"] == "starved"
        assert is_the_card(next(c for c in s.view(o)["players"][o]["discard"] if c["id"] == own[0]["card"]))
        for other in (1 - o, None):                 # everyone else is told of the death, not of the card
            told = [e for e in s.events_for(other) if e["kind"] == "death" and e["owner"] == o]
            assert len(told) == 1 and "card" not in told[0] and "card" not in told[0]["text"]
            assert told[0]["cause"] == "starved"
    assert s.view(1)["players"][0]["discard_size"] == 1 and "discard" not in s.view(1)["players"][0]
    assert [c["id"] for c in s.view(1)["players"][1]["discard"]] == [40]


def test_eaten_animal_card_is_private_to_its_owner():
    s = scenario({"phase": "feeding", "food_base": 3, "players": [
        {"animals": [{"id": 0, "traits": ["carnivore"]}]}, {"animals": [{"id": 1, "card": 70}]}]})
    s.apply(Action("attack", 0))
    s.apply(Action("target", 1))
    eaten = s.events_for(0)[-3:] + s.events_for(None)[-3:]
    assert not any(e.get("card") == 70 or "card 70" in e["text"] for e in eaten)
    assert any(e["kind"] == "eaten" and e["card"] == 70 for e in s.events_for(1))
    assert 70 in discard(s, 1)


@pytest.mark.parametrize("players,seed", [(2, 31), (3, 32), (4, 33), (5, 34), (8, 35)])
def test_determinize_resamples_every_unseen_card_and_stays_playable(players, seed):
    g = load_game("origin", players=players)
    s = g.new_state(seed)
    bot = RandomBot(seed)
    rng = Rng(seed)
    step = 0
    moved_animal_cards = 0
    while not s.is_terminal:
        if step % 9 == 0:
            face_up = played_face_up(s)
            for p in range(players):
                d = s.determinize(p, rng)
                assert d.view(p) == s.view(p)
                invariants(d, logged=False)
                assert unseen(d, p, face_up) == unseen(s, p, face_up)
                # the seat's own cards and every face-up card stay put
                assert hand(d, p) == hand(s, p) and discard(d, p) == discard(s, p)
                assert d.view(p)["players"][p]["animals"] == s.view(p)["players"][p]["animals"]
                assert d.view(None)["players"] == s.view(None)["players"]   # every face-up trait stays put
                if s.current_player == p:
                    assert d.legal_actions() == s.legal_actions()
                    assert [d.describe(a) for a in d.legal_actions()] == [s.describe(a) for a in s.legal_actions()]
                moved_animal_cards += sum(                # the cards under the others' live animals
                    d.view(q)["players"][q]["animals"] != s.view(q)["players"][q]["animals"]
                    for q in range(players) if q != p
                )
            if step % 27 == 0:                      # a determinized state plays on to the end
                d = s.determinize(s.current_player, rng)
                b = RandomBot(step)
                while not d.is_terminal:
                    d.apply(b.choose(d))
                invariants(d, logged=False)
        s.apply(bot.choose(s))
        step += 1
    assert moved_animal_cards > 0


def test_determinize_resamples_opponents_dead_animal_cards():
    s = load_scenario({"game": "origin", "options": {"players": 2}, "seed": 3, "phase": "feeding",
                       "food_base": 0, "deck_size": 20,
                       "players": [{"animals": [{"card": 10}], "hand": [11]},
                                   {"animals": [{"card": 20}, {"card": 21, "traits": ["running"]}], "hand": [22]}]})
    pile = discard(s, 1)
    assert pile and 20 in pile and 21 in pile                                   # everyone starved
    assert cards_under(s)[1]["id"] == 20 and cards_under(s)[2]["id"] == 21
    face_up = [c for c in pile if c not in (20, 21)]    # the Running card was played face up
    face_down = [pile.index(20), pile.index(21)]        # where the cards under A1 and A2 lie
    unseen_by_0 = set(unseen(s, 0, played_face_up(s)))
    seen = set()
    for k in range(40):
        d = s.determinize(0, Rng(k))
        assert d.view(0) == s.view(0)
        assert census(d)["total"] == N
        assert discard(d, 0) == discard(s, 0)
        d_pile = discard(d, 1)
        assert [c for c in d_pile if c in face_up] == face_up
        assert [i for i, c in enumerate(d_pile) if c not in face_up] == face_down
        assert {d_pile[i] for i in face_down} <= unseen_by_0     # resampled from the cards seat 0 never saw
        seen.add(d_pile[face_down[0]])
        d2 = s.determinize(1, Rng(k))
        assert discard(d2, 1) == pile                   # the owner's own pile is known to it
    assert len(seen) > 10


def test_scenario_record_round_trip_with_animal_numbers():
    data = {"game": "origin", "options": {"players": 3}, "seed": 4, "phase": "development",
            "players": [{"hand": ["running", "carnivore", "fat_tissue"], "animals": [{"id": 5, "card": "big"}]},
                        {"hand": ["piracy", "swimming"], "animals": [{"card": 0, "traits": ["tramp"]}]},
                        {"hand": ["mimicry"], "animals": [{}]}]}
    s = load_scenario(data)
    assert [animal_ids(s, p) for p in range(3)] == [[5], [0], [1]]  # explicit number, then the lowest free ones
    assert animal_card(s, 0) == 0
    bot = RandomBot(2)
    while not s.is_terminal:
        s.apply(bot.choose(s))
    new = [e["animal"] for e in s.events_for(None) if e["kind"] == "play_animal"]
    assert new and max(new) < N and new[0] == 2 and 5 not in new         # later animals took 2, 3, … (5 was used)
    rec = json.loads(json.dumps(make_record(s, start=data)))
    again = replay(rec)
    assert again.digest() == s.digest()
