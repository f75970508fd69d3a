"""What the trait modules of the expansions ask of the position: per-animal marks, the cards withheld at the deal,
new animals put into play from the deck. The link of the state's chain of classes between the rules
(:class:`~.rules.OriginRules`) and the turn (:class:`~.turn.OriginTurn`).

Marks are named per-animal flags a trait module declares with :func:`~.traits.mark_kind` ("this Voracious animal
has eaten in this feeding turn", "this Shy animal survived an attack") and the core clears at the end of their scope.
They live in one dict, ``marks`` (name -> bit mask of animal numbers, no zero masks), which saved states carry only
when it is not empty — so the base game's states and digests do not change. Time to Fly adds two more such fields:
``ignores`` (the trait each Intellect carnivore ignores this turn, and on which animal) and ``loose_shells`` (Shell
cards left in the centre of the table by animals that died).
"""

from __future__ import annotations

from typing import Any, Self

from .config import Config
from .nature import NatureDeck
from .phases import bits, mask_of
from .rules import OriginRules
from .traits import (
    ANGLERFISH,
    BECOMING_FED,
    CAN_BE_ATTACKED,
    CARNIVORE,
    CLEARED_AT,
    HOOKS,
    INTELLECT,
    MARKS,
    ON_BECOMING_FED,
    PROTECTING,
    WITHHOLDING_DRAW,
    WITHHOLDS_DRAW,
    mark_kind,
)

#: the Hunters (Anglerfish) whose owners revealed them: animals with Carnivore for the rest of the game (ruling 52)
HUNTER_REVEALED = mark_kind("hunter_revealed", "game")
#: a revealed Hunter counterattacking this turn: it may ignore one trait of its prey, as with Intellect (ruling 51)
HUNTER_COUNTERATTACK = mark_kind("hunter_counterattack", "turn")
INTELLECT_BIT = 1 << INTELLECT


class TraitSupport(OriginRules):
    """Marks, the cards withheld at the deal and births from the deck."""

    __slots__ = ("marks", "nature", "ignores", "loose_shells")

    def _init_empty(self, cfg: Config) -> None:
        super()._init_empty(cfg)
        #: per-animal marks of the trait modules: name -> bit mask of animal numbers (no zero masks)
        self.marks: dict[str, int] = {}
        #: Ice Age's nature-change deck (``nature.py``; in data order until the new game shuffles it), or ``None``
        self.nature: NatureDeck | None = (NatureDeck(list(range(len(cfg.ice_age.cards))))
                                          if cfg.ice_age is not None else None)
        #: Intellect: carnivore -> (the animal, the trait number) it ignores for the rest of the turn (ruling 81)
        self.ignores: dict[int, tuple[int, int]] = {}
        #: Shell cards lying in the centre of the table (their animals died; ruling 68), in the order they came
        self.loose_shells: list[int] = []

    def clone(self) -> Self:
        new = super().clone()
        new.marks = self.marks.copy()
        new.nature = self.nature.clone() if self.nature is not None else None
        new.ignores = self.ignores.copy()
        new.loose_shells = self.loose_shells[:]
        return new

    def _recalc(self, a: int) -> None:
        super()._recalc(a)
        self.recalc_beyond_cards(a, True)

    def recalc_beyond_cards(self, a: int, traits_on: bool) -> None:
        """What changes ``a``'s traits and need besides its trait cards (after they are counted): a revealed Hunter is
        an animal with Carnivore, need +1 (Time to Fly, ruling 52; not while ``traits_on`` is False — all its traits
        are off); an Ice Age card may change its need until the end of the turn."""
        if traits_on and self.marks and self.marked(HUNTER_REVEALED, a):
            self.trait_mask[a] |= 1 << CARNIVORE
            self.need[a] += 1
        nature = self.nature
        if nature is not None and nature.need_shift:
            shift = nature.need_shift.get(a)
            if shift:
                self.need[a] = max(1, self.need[a] + shift)

    # ------------------------------------------------------------------------------------------------ marks
    def mark(self, name: str, animal: int) -> None:
        """Set mark ``name`` (declared with ``traits.mark_kind``) on ``animal``."""
        self.marks[name] = self.marks.get(name, 0) | 1 << animal

    def marked(self, name: str, animal: int) -> bool:
        return bool((self.marks.get(name, 0) >> animal) & 1)

    def clear_marks(self, scope: str) -> None:
        """Clear every mark whose scope is ``scope`` (``"feeding_turn"``, ``"round"`` or ``"turn"``; the end of the turn
        also ends the feeding turn and the round, and the Intellect choices)."""
        marks = self.marks
        if marks:
            cleared = CLEARED_AT[scope]
            if not cleared.isdisjoint(marks):
                for name in cleared.intersection(marks):
                    del marks[name]
        if scope == "turn":
            self.ignores = {}

    def unmark(self, name: str, animal: int) -> None:
        mask = self.marks.get(name, 0) & ~(1 << animal)
        if mask:
            self.marks[name] = mask
        else:
            self.marks.pop(name, None)

    def clear_mark(self, name: str) -> bool:
        """Take mark ``name`` off every animal; whether any animal had it."""
        return self.marks.pop(name, 0) != 0

    def marks_of(self, animal: int) -> list[str]:
        """The names of the marks set on ``animal``, sorted."""
        return sorted(name for name, mask in self.marks.items() if (mask >> animal) & 1)

    def marks_json(self) -> dict[str, list[int]]:
        return {name: bits(mask) for name, mask in sorted(self.marks.items())}

    def load_marks(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise ValueError(f"{where} must be an object (mark name -> animal numbers)")
        marks = {}
        for name, animals in data.items():
            if name not in MARKS:
                raise ValueError(f"{where}.{name}: unknown mark (known: {', '.join(sorted(MARKS))})")
            mask = mask_of(animals)
            if mask:
                marks[name] = mask
        self.marks = marks

    # ------------------------------------------------------------------------------------------------ dealing
    def cards_withheld(self, player: int) -> int:
        """How many cards ``player`` draws less at this deal: one per animal a trait withholds the card of."""
        withheld = 0
        trait_masks = self.trait_mask
        for animal in self.animals[player]:
            mask = trait_masks[animal] & WITHHOLDING_DRAW
            if mask and any(handler(self, animal) for handler in WITHHOLDS_DRAW[mask]):
                withheld += 1
        return withheld

    def animal_from_deck(self, player: int) -> int:
        """The top card of the deck becomes a new animal of ``player`` (no tokens); returns its animal number.
        The deck must not be empty."""
        card = self.deck.pop()
        animal = self.animal_card.index(-1)
        self.animal_card[animal] = card
        self.animals[player].append(animal)
        self.owner[animal] = player
        return animal

    # ------------------------------------------------------------------------------------------------ Time to Fly
    def score_of(self, p: int) -> int:
        """A revealed Hunter scores as a Carnivore trait: +1 card, +1 food (ruling 52)."""
        revealed = self.marks.get(HUNTER_REVEALED, 0) if self.marks else 0
        return super().score_of(p) + 2 * sum(1 for a in self.animals[p] if (revealed >> a) & 1)

    def trait_count(self, a: int) -> int:
        """The trait cards on ``a`` for Flight: every card (paired ones, Parasite, Fat Tissue, switched-off ones), and
        Carnivore for a revealed Hunter; a hidden Hunter has none (NOTES §9.2 flight)."""
        return len(self.trait_cards[a]) + (1 if self.marks and self.marked(HUNTER_REVEALED, a) else 0)

    def is_hidden_hunter(self, a: int) -> bool:
        """Is ``a`` a Hunter whose owner has not revealed it (its card is the Hunter; only its owner knows)?"""
        return self.config.faces[self.animal_card[a]] == (ANGLERFISH,) and not self.marked(HUNTER_REVEALED, a)

    def loose_cards(self) -> list[int]:
        return self.loose_shells

    def ignored_traits(self, carnivore: int, target: int) -> int:
        if not self.ignores:
            return 0
        choice = self.ignores.get(carnivore)
        return 1 << choice[1] if choice is not None and choice[0] == target else 0

    def may_ignore(self, carnivore: int) -> bool:
        """Can ``carnivore`` still ignore a trait this turn (Intellect not yet spent, ruling 81; a Hunter's
        counterattack, ruling 51)?"""
        if carnivore in self.ignores:
            return False
        return bool(self.trait_mask[carnivore] & INTELLECT_BIT) or (
            bool(self.marks) and self.marked(HUNTER_COUNTERATTACK, carnivore))

    def single_protection(self, carnivore: int, target: int, mask: int) -> int:
        """The trait among ``mask`` (protecting traits of ``target``) without which nothing in ``mask`` protects it
        from ``carnivore``, or -1 (none, or two traits protect it)."""
        for trait in HOOKS.names(mask):
            bit = HOOKS.bit[trait]
            if all(handler(self, carnivore, target) is None for handler in CAN_BE_ATTACKED[mask & ~bit]):
                return (bit.bit_length() - 1)
        return -1

    def protection_to_ignore(self, carnivore: int, target: int, mask: int) -> int:
        return self.single_protection(carnivore, target, mask) if self.may_ignore(carnivore) else -1

    def forced_ignore(self, carnivore: int, target: int, skip: int = 0) -> int:
        """The trait ``carnivore`` must ignore to attack ``target`` at all (its one Intellect choice), or -1."""
        mask = self.trait_mask[target] & PROTECTING & ~(skip | self.ignored_traits(carnivore, target))
        if not mask or all(handler(self, carnivore, target) is None for handler in CAN_BE_ATTACKED[mask]):
            return -1
        return self.single_protection(carnivore, target, mask)

    # ------------------------------------------------------------------------------------------------ food
    def red_token_for(self, a: int) -> None:
        """``a`` takes a red token from the food base (a take, Communication, Voracious): unless a trait of the deck
        takes the take over (Ambush: ``red_token`` handlers), the token leaves the base and ``a`` receives it."""
        for handler in self.config.red_token_takes:
            if handler(self, a):
                return
        self.food_base -= 1
        self.receive(a, True)

    def became_fed(self, a: int) -> None:
        """``a`` has just become fed (its food reached its need, its need dropped to its food, or it hibernates):
        run its ``became_fed`` hooks (Viviparous)."""
        mask = self.trait_mask[a] & BECOMING_FED
        if mask:
            for handler in ON_BECOMING_FED[mask]:
                handler(self, a)

    def check_became_fed(self, a: int, was_fed: bool) -> None:
        """:meth:`became_fed` if ``a`` was not fed (``was_fed``) and now is."""
        if not was_fed and self.owner[a] >= 0 and self.is_fed(a):
            self.became_fed(a)
