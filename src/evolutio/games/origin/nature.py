"""Ice Age's nature-change deck (Ледниковый период, unofficial; NOTES.md §11): one card revealed per turn and what
its effect does. The cards are data (``ice_age_data.py``); this module is the small vocabulary that carries them out.

Timing (NOTES §11.1, §11.2, ruling 75): at the end of every extinction phase that does not end the game — after the
deaths and the deal — this turn's first player reveals the top card of the nature deck; the card is put aside, and
the put-aside cards are shuffled into a new nature deck (game RNG) when it is empty. The card's effect acts at once
(``immediate``) or is kept *pending* until its moment in the next turn: the food roll (``next_food_base``), the start
of the feeding phase (``next_feeding``) or the extinction phase, before the deaths (``next_extinction``). A ``need``
change lasts until the end of that turn.

Every effect is symmetric: it acts on every player alike, or on every animal that matches its filter; an animal
whose traits ignore the card (``ignores_nature`` hook: Insulation, Immunity, by the card's tags) is left alone.
Nothing here asks anyone to choose, so the revealing player only reveals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Protocol

from evolutio.kernel import ScenarioError
from evolutio.kernel.scenario import read_bool, read_list, read_object

from .ice_age_data import IMMEDIATE, NEXT_EXTINCTION, NEXT_FEEDING, NEXT_FOOD_BASE, NatureCard
from .traits import EN, IGNORES_NATURE, SHIELDING_FROM_NATURE

if TYPE_CHECKING:
    from evolutio.kernel import Rng

    from .config import Config


class OriginTurn(Protocol):
    """What the nature cards read and change of a game of ``origin`` (``turn.OriginTurn`` is one; named by what it
    offers, so that the turn, which calls this module, is not imported by it)."""

    config: Config
    nature: NatureDeck | None
    rng: Rng
    log_events: bool
    player_count: int
    first: int
    food_base: int
    deck: list[int]
    hands: list[list[int]]
    animals: list[list[int]]
    owner: list[int]
    fat: list[int]
    trait_mask: list[int]
    trait_cards: list[tuple[int, ...]]
    card_trait: list[int]

    def emit(self, kind: str, data: dict[str, Any], to: tuple[int, ...] | None = None,
             redacted: dict[str, Any] | None = None) -> None: ...

    def player_name(self, p: int) -> str: ...

    def _cards_text(self, cards: Iterable[int]) -> str: ...

    def _recalc(self, a: int) -> None: ...

    def discard_trait(self, a: int, c: int) -> None: ...

RECONSTRUCTED_NOTICE = ("Ice Age is in play with card data reconstructed by this project (NOTES §11.2), not the "
                        "printed cards")


class NatureDeck:
    """The nature-change cards of one game, by their index in the game's Ice Age data: ``deck`` (face down, top =
    last), ``used`` (put aside, in the order revealed: the last one is the revealed card), ``revealed`` (the card
    revealed last, or -1), ``pending`` (the revealed card whose effect is still to come this turn, or -1) and
    ``need_shift`` (animal number -> change of its need until the end of this turn)."""

    __slots__ = ("deck", "used", "revealed", "pending", "need_shift")

    def __init__(self, deck: list[int], used: list[int] | None = None, revealed: int = -1, pending: int = -1,
                 need_shift: dict[int, int] | None = None) -> None:
        self.deck = deck
        self.used = used if used is not None else []
        self.revealed = revealed
        self.pending = pending
        self.need_shift = need_shift if need_shift is not None else {}

    def clone(self) -> NatureDeck:
        return NatureDeck(self.deck[:], self.used[:], self.revealed, self.pending, dict(self.need_shift))

    def to_json(self) -> dict[str, Any]:
        return {"deck": list(self.deck), "used": list(self.used), "revealed": self.revealed, "pending": self.pending,
                "need_shift": {str(a): k for a, k in sorted(self.need_shift.items())}}

    @classmethod
    def from_json(cls, data: dict[str, Any], size: int) -> NatureDeck:
        deck = cls([int(c) for c in data["deck"]], [int(c) for c in data["used"]], int(data["revealed"]),
                   int(data["pending"]), {int(a): int(k) for a, k in data.get("need_shift", {}).items()})
        deck.census(size)
        return deck

    def census(self, size: int) -> dict[str, int]:
        """Where the ``size`` nature cards are; each must be in exactly one place (deck or put aside)."""
        places = sorted(self.deck + self.used)
        if places != list(range(size)):
            raise ValueError(f"nature cards: deck {self.deck} and put aside {self.used} must hold each of the {size} "
                             "cards exactly once")
        if self.revealed >= 0 and (not self.used or self.used[-1] != self.revealed):
            raise ValueError(f"nature cards: the revealed card {self.revealed} must be the last one put aside")
        if self.pending >= 0 and self.pending != self.revealed:
            raise ValueError(f"nature cards: the pending card {self.pending} must be the revealed card")
        return {"nature_deck": len(self.deck), "nature_used": len(self.used)}


def new_deck(size: int, rng: Rng) -> NatureDeck:
    order = list(range(size))
    rng.shuffle(order)
    return NatureDeck(order)


def announce(state: OriginTurn) -> None:
    """The notice the engine logs when reconstructed Ice Age content is in play (NOTES §11.2)."""
    ice_age = state.config.ice_age
    if ice_age is not None and state.log_events:
        reconstructed = ice_age.reconstructed or any(c.reconstructed for c in ice_age.cards)
        text = RECONSTRUCTED_NOTICE if reconstructed else "Ice Age is in play with the card data of " + ice_age.path
        state.emit("ice_age", {"text": f"{text} ({ice_age.path}; {len(ice_age.cards)} nature-change cards)",
                               "reconstructed": reconstructed, "file": ice_age.path})


def card_of(state: OriginTurn, index: int) -> NatureCard:
    ice_age = state.config.ice_age
    assert ice_age is not None
    return ice_age.cards[index]


def ignores(state: OriginTurn, animal: int, card: NatureCard) -> bool:
    """Does ``animal`` ignore ``card`` (one of its traits' ``ignores_nature`` hooks says so)?"""
    mask = state.trait_mask[animal] & SHIELDING_FROM_NATURE
    return bool(mask) and any(handler(state, animal, card) for handler in IGNORES_NATURE[mask])


def _shielded_by(state: OriginTurn, animal: int, card: NatureCard) -> str:
    mask = state.trait_mask[animal] & SHIELDING_FROM_NATURE
    return ", ".join(EN[t] for t in range(len(EN)) if (mask >> t) & 1
                     and any(h(state, animal, card) for h in IGNORES_NATURE[1 << t]))


def reveal(state: OriginTurn) -> None:
    """The end of an extinction phase the game goes on after: the ``need`` changes of this turn end, this turn's
    first player reveals the top nature card (reshuffling the put-aside cards first when the deck is empty); an
    ``immediate`` effect acts now, any other waits for its moment in the next turn."""
    nature = state.nature
    assert nature is not None
    end_need_shift(state)
    if not nature.deck:
        nature.deck, nature.used = nature.used, []
        state.rng.shuffle(nature.deck)
        if state.log_events:
            state.emit("nature_reshuffle", {"text": f"the nature deck is empty: the {len(nature.deck)} put-aside "
                                            "nature-change cards are shuffled into a new one"})
    index = nature.deck.pop()
    nature.used.append(index)
    nature.revealed = index
    card = card_of(state, index)
    if state.log_events:
        marker = " (reconstructed card)" if card.reconstructed else ""
        state.emit("nature", {"text": f"{state.player_name(state.first)} reveals the nature-change card {card.en} "
                              f"({card.ru}){marker}: {card.text}", "player": state.first, "card": card.id,
                              "index": index, "when": card.when, "tags": sorted(card.tags),
                              "reconstructed": card.reconstructed})
    if card.when == IMMEDIATE:
        nature.pending = -1
        apply(state, card)
    else:
        nature.pending = index


def at_food_roll(state: OriginTurn) -> None:
    """The food base has just been rolled and the feeding phase begins: a pending ``next_food_base`` or
    ``next_feeding`` card acts."""
    nature = state.nature
    if nature is not None and nature.pending >= 0:
        card = card_of(state, nature.pending)
        if card.when in (NEXT_FOOD_BASE, NEXT_FEEDING):
            nature.pending = -1
            apply(state, card)


def at_extinction(state: OriginTurn) -> None:
    """The extinction phase begins (before the deaths): a pending ``next_extinction`` card acts."""
    nature = state.nature
    if nature is not None and nature.pending >= 0:
        card = card_of(state, nature.pending)
        if card.when == NEXT_EXTINCTION:
            nature.pending = -1
            apply(state, card)


def end_need_shift(state: OriginTurn) -> None:
    """The ``need`` changes of a nature card end (at the end of the turn they were made in)."""
    nature = state.nature
    if nature is not None and nature.need_shift:
        animals = [a for a in nature.need_shift if state.owner[a] >= 0]
        nature.need_shift = {}
        for animal in animals:
            state._recalc(animal)


def matching(state: OriginTurn, card: NatureCard) -> tuple[list[int], list[int]]:
    """The animals ``card``'s filter names, seat by seat from the first player: (affected, ignoring the card)."""
    flt = card.effect.filter
    assert flt is not None
    hit: list[int] = []
    spared: list[int] = []
    n = state.player_count
    for k in range(n):
        for animal in state.animals[(state.first + k) % n]:
            if flt.matches(state.trait_mask[animal], len(state.trait_cards[animal])):
                (spared if ignores(state, animal, card) else hit).append(animal)
    return hit, spared


def apply(state: OriginTurn, card: NatureCard) -> None:
    """Carry out ``card``'s effect now."""
    effect = card.effect
    kind = effect.kind
    if kind == "food_base":
        before = state.food_base
        state.food_base = max(0, before + effect.amount)
        _say(state, card, f"the food base has {state.food_base} red tokens instead of {before}")
        return
    if kind == "draw":
        _draw(state, card, effect.amount)
        return
    hit, spared = matching(state, card)
    done: list[int] = []
    if kind == "need":
        nature = state.nature
        assert nature is not None
        for animal in hit:
            nature.need_shift[animal] = nature.need_shift.get(animal, 0) + effect.amount
            state._recalc(animal)
            done.append(animal)
        what = f"need {abs(effect.amount)} {'more' if effect.amount > 0 else 'less'} food this turn"
    elif kind == "lose_fat":
        for animal in hit:
            lost = min(effect.amount, state.fat[animal])
            if lost:
                state.fat[animal] -= lost
                done.append(animal)
        what = f"lose up to {effect.amount} yellow fat token(s)"
    else:   # discard_trait
        for animal in hit:
            card_id = _trait_card_to_discard(state, animal, effect.trait)
            if card_id >= 0:
                state.discard_trait(animal, card_id)
                done.append(animal)
        what = f"discard {'its ' + EN[effect.trait] if effect.trait >= 0 else 'the trait card played on it last'}"
    parts = [f"{_animals(done)} {what}" if done else "no animal is affected"]
    if spared:
        parts.append("; ".join(f"A{a} ignores it ({_shielded_by(state, a, card)})" for a in spared))
    _say(state, card, "; ".join(parts), affected=done, ignored=spared)


def _trait_card_to_discard(state: OriginTurn, animal: int, trait: int) -> int:
    cards = state.trait_cards[animal]
    for card_id in reversed(cards):
        if trait < 0 or state.card_trait[card_id] == trait:
            return card_id
    return -1


def _draw(state: OriginTurn, card: NatureCard, amount: int) -> None:
    n = state.player_count
    got: list[list[int]] = [[] for _ in range(n)]
    for _ in range(amount):
        for k in range(n):
            if state.deck:
                seat = (state.first + k) % n
                drawn = state.deck.pop()
                state.hands[seat].append(drawn)
                got[seat].append(drawn)
    _say(state, card, f"every player draws {amount} card(s) while the deck lasts")
    if state.log_events:
        for k in range(n):
            seat = (state.first + k) % n
            state.emit("draw", {"text": f"{state.player_name(seat)} draws {state._cards_text(got[seat])}",
                                "player": seat, "cards": got[seat]}, to=(seat,),
                       redacted={"text": f"{state.player_name(seat)} draws {len(got[seat])} card(s)", "player": seat,
                                 "count": len(got[seat])})
        if not state.deck:
            which = "next turn" if card.when == IMMEDIATE else "turn in play"
            state.emit("last_turn", {"text": f"the deck is empty: the {which} is the last one"})


def _animals(animals: list[int]) -> str:
    return ", ".join(f"A{a}" for a in animals)


def _say(state: OriginTurn, card: NatureCard, what: str, affected: list[int] | None = None,
         ignored: list[int] | None = None) -> None:
    if state.log_events:
        state.emit("nature_effect", {"text": f"{card.en}: {what}", "card": card.id, "kind": card.effect.kind,
                                     "affected": affected or [], "ignored": ignored or [],
                                     "reconstructed": card.reconstructed})


# ------------------------------------------------------------------------------------------------------ views
def view(state: OriginTurn) -> dict[str, Any]:
    """What every seat sees of the nature deck: its size, the cards put aside, the revealed card (with its
    ``reconstructed`` flag), whether its effect is still to come this turn, and the need changes in force."""
    nature = state.nature
    ice_age = state.config.ice_age
    assert nature is not None and ice_age is not None
    return {
        "reconstructed": ice_age.reconstructed,
        "file": ice_age.path,
        "deck_size": len(nature.deck),
        "put_aside": len(nature.used),
        "revealed": ice_age.cards[nature.revealed].info() if nature.revealed >= 0 else None,
        "pending": nature.pending >= 0,
        "need_changes": {str(a): k for a, k in sorted(nature.need_shift.items()) if state.owner[a] >= 0},
    }


def reconstructed_trait(state: OriginTurn, trait_id: str) -> bool:
    """Is ``trait_id`` an Ice Age trait whose data in this game is reconstructed?"""
    ice_age = state.config.ice_age
    return ice_age is not None and ice_age.trait_reconstructed.get(trait_id, False)


# ------------------------------------------------------------------------------------------------------ scenarios
SCENARIO_KEYS = {"revealed", "deck", "pending", "comment"}
#: per scenario phase: the timings whose moment is still ahead in this turn (a card with one of them may be pending)
AHEAD = {"development": (NEXT_FOOD_BASE, NEXT_FEEDING, NEXT_EXTINCTION), "food_base": (NEXT_FOOD_BASE, NEXT_FEEDING,
         NEXT_EXTINCTION), "feeding": (NEXT_EXTINCTION,), "extinction": (NEXT_EXTINCTION,)}


def load_scenario(state: OriginTurn, spec: Any, phase: str) -> None:
    """A scenario's ``nature`` field (``docs/scenarios.md``): ``revealed`` (the id of the card revealed at the end
    of the last turn), ``deck`` (card ids on top of the nature deck, the first listed drawn first; the rest is
    shuffled below) and ``pending`` (is the revealed card's effect still to come this turn; by default, when its
    moment is ahead in the scenario's phase). A revealed ``next_feeding`` card in a scenario that starts in the
    feeding phase has acted already: its need changes are in force."""
    ice_age = state.config.ice_age
    if ice_age is None:
        if spec is not None:
            raise ScenarioError("nature: the nature-change deck is part of Ice Age: add ice_age to options.sets")
        return
    nature = state.nature
    assert nature is not None
    spec = read_object(spec if spec is not None else {}, "nature", SCENARIO_KEYS)
    known = {c.id: c for c in ice_age.cards}

    def card(name: Any, where: str) -> NatureCard:
        if name not in known:
            raise ScenarioError(f"{where}: unknown nature card {name!r} (known: {', '.join(known)})")
        return known[name]

    revealed = card(spec["revealed"], "nature.revealed") if spec.get("revealed") is not None else None
    top: list[int] = []
    for i, name in enumerate(read_list(spec.get("deck", []), "nature.deck")):
        index = card(name, f"nature.deck[{i}]").index
        if index in top or (revealed is not None and index == revealed.index):
            raise ScenarioError(f"nature.deck[{i}]: {name!r} is already {'listed' if index in top else 'revealed'}")
        top.append(index)
    rest = [c.index for c in ice_age.cards if c.index not in top and (revealed is None or c.index != revealed.index)]
    state.rng.shuffle(rest)
    nature.deck = rest + list(reversed(top))
    nature.used = [revealed.index] if revealed is not None else []
    nature.revealed = revealed.index if revealed is not None else -1
    nature.pending = -1
    if revealed is None:
        if "pending" in spec:
            raise ScenarioError("nature.pending: no card is revealed (set nature.revealed)")
        return
    ahead = revealed.when in AHEAD[phase]
    pending = read_bool(spec.get("pending", ahead), "nature.pending")
    if pending and not ahead:
        raise ScenarioError(f"nature.pending: {revealed.id!r} acts {revealed.when.replace('_', ' ')}, which is not "
                            f"ahead in the {phase} phase")
    if pending:
        nature.pending = revealed.index
    elif revealed.when == NEXT_FEEDING and phase == "feeding" and "pending" not in spec:
        apply(state, revealed)   # the feeding phase began: the card has acted
