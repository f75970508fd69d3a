"""Helpers shared by the origin tests."""

from __future__ import annotations

import json

import pytest

from evolutio.bots import RandomBot
from evolutio.cli.main import main
from evolutio.kernel import Rng, load_game, load_scenario
from evolutio.sim.runner import TIMING_FIELDS

DECK_CARDS = 84   # the base game's deck (rulebook §1)


def scenario(body: dict, players: int = 2, seed: int = 1, **options):
    """Load an origin scenario: ``body`` is everything but the header."""
    data = {"game": "origin", "options": {"players": players, **options}, "seed": seed, **body}
    return load_scenario(data)


def animal(state, a: int, seat: int | None = None) -> dict:
    """Animal ``a``'s entry in ``seat``'s view (the public view by default; its owner's view adds its ``card``)."""
    for p in state.view(seat)["players"]:
        for x in p["animals"]:
            if x["id"] == a:
                return x
    raise KeyError(a)


def alive(state, a: int) -> bool:
    """Animal ``a`` is on the table (in some player's row of the public view)."""
    return owner(state, a) is not None


def owner(state, a: int) -> int | None:
    """The seat whose row of the public view holds animal ``a`` (None once it is dead)."""
    for p in state.view(None)["players"]:
        if any(x["id"] == a for x in p["animals"]):
            return p["seat"]
    return None


def food(state, a: int) -> int:
    """Live animal ``a``'s red and blue tokens."""
    return animal(state, a)["food"]


def fat(state, a: int) -> int:
    """Live animal ``a``'s yellow (fat) tokens."""
    return animal(state, a)["fat"]


def trait_ids(state, a: int) -> list[str]:
    """The traits on live animal ``a`` as the public view names them, in the order they were played."""
    return [t["trait"] for t in animal(state, a)["traits"]]


def trait_card(state, a: int, trait: str) -> int:
    """The card id of animal ``a``'s ``trait`` ("tail_loss", "cooperation" …) as the public view shows it."""
    return next(t["card"] for t in animal(state, a)["traits"] if t["trait"] == trait)


def partner(state, a: int, card: int) -> int:
    """The other animal that paired trait ``card`` on animal ``a`` links it with."""
    return next(t["partner"] for t in animal(state, a)["traits"] if t["card"] == card)


def role(state, a: int, card: int) -> str:
    """Animal ``a``'s side of Symbiosis ``card``: "symbiont" or "protected"."""
    return next(t["role"] for t in animal(state, a)["traits"] if t["card"] == card)


def trait_cards(state, a: int) -> list[int]:
    """The card ids of every trait on live animal ``a``."""
    return [t["card"] for t in animal(state, a)["traits"]]


def received(state) -> list[int]:
    """The animals that have received food this turn (their ``received_food`` in the public view), sorted."""
    return sorted(a["id"] for p in state.view(None)["players"] for a in p["animals"] if a["received_food"])


def census(state, views: dict | None = None, total: int = DECK_CARDS) -> dict[str, int]:
    """Where the cards are, from the views alone: every seat's own hand, discard pile and the cards under its animals,
    the trait cards on the table, the loose Shells (Time to Fly), the deck and the box (out of play) counts. Fails if a
    card is seen in two places or the counts do not add up to ``total`` (the base game's deck unless told); returns
    the counts (``total`` included). ``views`` may hold the views already taken (seat or None -> view)."""
    views = {} if views is None else views
    v = views[None] if None in views else state.view(None)
    places: dict[int, str] = {}

    def put(c: int, where: str) -> None:
        assert c not in places, f"card {c} is both in {places[c]} and {where}"
        places[c] = where

    for p in range(v["players_count"]):
        own = (views[p] if p in views else state.view(p))["players"][p]
        for c in own["hand"]:
            put(c["id"], "hands")
        for c in own["discard"]:
            put(c["id"], "discard")
        for x in own["animals"]:
            put(x["card"]["id"], "animals")
    for c in {t["card"] for p in v["players"] for x in p["animals"] for t in x["traits"]}:
        put(c, "traits")
    for c in v.get("loose_shells", ()):
        put(c, "loose_shells")
    out = {where: sum(1 for w in places.values() if w == where)
           for where in ("hands", "discard", "animals", "traits", "loose_shells")}
    out["deck"] = v["deck_size"]
    out["box"] = v["out_of_play"]
    out["total"] = len(places) + out["deck"] + out["box"]
    assert out["total"] == total, f"{out['total']} cards accounted for, not {total}"
    return out


def table(state) -> dict:
    """The public view (seat None)."""
    return state.view(None)


def hand(state, p: int) -> list[int]:
    """Seat ``p``'s hand, card ids in order, as seat ``p`` sees it."""
    return [c["id"] for c in state.view(p)["players"][p]["hand"]]


def discard(state, p: int) -> list[int]:
    """Seat ``p``'s discard pile, card ids in order, as seat ``p`` sees it."""
    return [c["id"] for c in state.view(p)["players"][p]["discard"]]


def hand_size(state, p: int) -> int:
    return table(state)["players"][p]["hand_size"]


def animal_ids(state, p: int) -> list[int]:
    """Seat ``p``'s animals, in table order."""
    return [x["id"] for x in table(state)["players"][p]["animals"]]


def animal_card(state, a: int) -> int:
    """The card under live animal ``a`` (its trait side), as its owner sees it."""
    o = owner(state, a)
    assert o is not None, f"animal A{a} is not on the table"
    for x in state.view(o)["players"][o]["animals"]:
        if x["id"] == a:
            return x["card"]["id"]
    raise KeyError(a)


def kinds(state) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def play_random(game, seed: int, check=None, max_steps: int = 5000):
    state = game.new_state(seed)
    bot = RandomBot(seed)
    steps = 0
    while not state.is_terminal:
        if check is not None:
            check(state)
        state.apply(bot.choose(state))
        steps += 1
        assert steps < max_steps, "game does not terminate"
    return state


def simulate_twice(capsys, argv: list[str]) -> list[dict]:
    """Run ``evolutio`` with ``argv`` (a ``simulate … --json`` command) twice; both printed results without their
    timing fields (which differ from run to run)."""
    runs = []
    for _ in range(2):
        assert main(argv) == 0
        result = json.loads(capsys.readouterr().out)
        for field in TIMING_FIELDS:
            result.pop(field)
        runs.append(result)
    return runs


#: decisions between two determinization checks of :func:`play_through_the_codec`
DETERMINIZE_STRIDE = 25


def play_through_the_codec(game, seed: int, bot_seed: int) -> set[str]:
    """Play a random game of ``game`` checking at every decision that the interop codec's codes and mask are exactly
    the legal actions, and every :data:`DETERMINIZE_STRIDE` decisions that a determinization looks the same to the
    deciding seat and has the same legal actions; the action kinds that were legal at some point."""
    np = pytest.importorskip("numpy")
    from evolutio.interop.actions import ActionCodec
    from evolutio.interop.observation import canonical_json

    codec = ActionCodec(game)
    state = game.new_state(seed)
    bot = RandomBot(bot_seed)
    seen_kinds: set[str] = set()
    decisions = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        seen_kinds.update(action.kind for action in legal)
        codes = codec.legal_codes(state)
        assert sorted(codec.decode(code) for code in codes) == sorted(legal)
        assert np.flatnonzero(codec.mask(state)).tolist() == codes
        if decisions % DETERMINIZE_STRIDE == 0:
            seat = state.current_player
            copy = state.determinize(seat, Rng(decisions))
            assert canonical_json(copy.view(seat)) == canonical_json(state.view(seat))
            assert copy.legal_actions() == legal
        state.apply(bot.choose(state))
        decisions += 1
    return seen_kinds


@pytest.fixture
def game4():
    return load_game("origin", players=4)


def in_hand(state, p: int, kind: str) -> int:
    """The id of a card in seat ``p``'s hand whose traits are ``kind`` ("poisonous/carnivore", "piracy")."""
    want = kind.split("/")
    for c in state.view(p)["players"][p]["hand"]:
        if c["traits"] == want:
            return c["id"]
    raise KeyError(f"no {kind} card in the hand of seat {p}")


def slot(state, p: int, kind: str) -> int:
    """The hand slot (the ``animal`` action's argument) of a card of ``kind`` in seat ``p``'s hand."""
    return hand(state, p).index(in_hand(state, p, kind))


def play_animal(state, p: int, kind: str) -> int:
    """Seat ``p`` plays a card of ``kind`` as a new animal; returns the new animal's number."""
    from evolutio.kernel import Action

    c = in_hand(state, p, kind)
    state.apply(Action("animal", hand(state, p).index(c)))
    a = animal_ids(state, p)[-1]
    assert animal_card(state, a) == c
    return a


def face_index(state, c: int, trait: str) -> int:
    """Which face of card ``c`` (in the hand of the seat to act) carries ``trait``: the ``trait`` action's argument."""
    p = state.current_player
    card = next(x for x in state.view(p)["players"][p]["hand"] if x["id"] == c)
    return card["traits"].index(trait)


def feeding(animals: list[list], food_base: int = 5, to_act: int = 0, first: int = 0, players: int | None = None,
            pairs: list | None = None, hands: list | None = None, seed: int = 1, deck_size: int | None = None,
            feeding_flags: dict | None = None, dice: list[int] | None = None, **options):
    """A feeding-phase scenario. ``animals[p]`` lists seat p's animals as dicts (``id`` and ``traits`` …); ``dice``
    pins the next die results (the scenario's ``chance``)."""
    n = players or len(animals)
    body = {
        "phase": "feeding", "first_player": first, "to_act": to_act, "food_base": food_base,
        "players": [{"animals": animals[p] if p < len(animals) else [],
                     "hand": (hands[p] if hands and p < len(hands) else [])} for p in range(n)],
        "pairs": pairs or [],
    }
    if deck_size is not None:
        body["deck_size"] = deck_size
    if feeding_flags:
        body["feeding"] = feeding_flags
    if dice:
        body["chance"] = [{"die": v} for v in dice]
    return scenario(body, players=n, seed=seed, **options)


def acts(state, kind: str) -> list:
    return [a for a in state.legal_actions() if a.kind == kind]
