"""What the trait modules of the expansions ask of the position: per-animal marks, the cards withheld at the deal,
new animals put into play from the deck. The link of the state's chain of classes between the rules
(:class:`~.rules.OriginRules`) and the turn (:class:`~.turn.OriginTurn`).

Marks are named per-animal flags a trait module declares with :func:`~.traits.mark_kind` ("this Voracious animal
has eaten in this feeding turn", "this Shy animal survived an attack") and the core clears at the end of their scope.
They live in one dict, ``marks`` (name -> bit mask of animal numbers, no zero masks), which saved states carry only
when it is not empty — so the base game's states and digests do not change.
"""

from __future__ import annotations

from typing import Any, Self

from .nature import NatureDeck
from .phases import bits, mask_of
from .rules import Config, OriginRules
from .traits import MARKS, WITHHOLDING_DRAW, WITHHOLDS_DRAW


class TraitSupport(OriginRules):
    """Marks, the cards withheld at the deal and births from the deck."""

    __slots__ = ("marks", "nature")

    def _init_empty(self, cfg: Config) -> None:
        super()._init_empty(cfg)
        #: per-animal marks of the trait modules: name -> bit mask of animal numbers (no zero masks)
        self.marks: dict[str, int] = {}
        #: Ice Age's nature-change deck (``nature.py``; in data order until the new game shuffles it), or ``None``
        self.nature: NatureDeck | None = (NatureDeck(list(range(len(cfg.ice_age.cards))))
                                          if cfg.ice_age is not None else None)

    def clone(self) -> Self:
        new = super().clone()
        new.marks = self.marks.copy()
        new.nature = self.nature.clone() if self.nature is not None else None
        return new

    def _recalc(self, a: int) -> None:
        super()._recalc(a)
        nature = self.nature   # an Ice Age card may change the need of an animal until the end of the turn
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
        """Clear every mark whose scope is ``scope`` (``"feeding_turn"`` or ``"turn"``)."""
        for name in [name for name in self.marks if MARKS[name] == scope]:
            del self.marks[name]

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
        tm = self.trait_mask
        for animal in self.animals[player]:
            mask = tm[animal] & WITHHOLDING_DRAW
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
