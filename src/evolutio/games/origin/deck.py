"""The deck of one ``origin`` game, built from the card data of the chosen sets (``data/cards.json``).

A deck is the concatenation of one base list (``deck`` = ``default`` → ``sets.base``, ``edition2`` →
``sets.base_edition2``) and the expansion sets mixed in (option ``sets``), in data order: card ``i`` of the result
has id ``i``. Nothing here knows a deck size: it is the sum of the chosen sets' card counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from .card_data import DATA, EXPANSION_SETS, ICE_AGE_DATA, set_size
from .traits import FAT, TRAIT_NUM

#: option ``deck`` value → the base list it names in the data
BASE_LISTS = {"default": "base", "edition2": "base_edition2"}


@dataclass(frozen=True)
class Deck:
    """One deck: ``faces[card_id]`` is the tuple of trait numbers printed on that physical card."""

    name: str                               # the ``deck`` option's value (which base list)
    sets: tuple[str, ...]                    # the data sets concatenated, in card-id order
    faces: tuple[tuple[int, ...], ...]
    max_fat_per_animal: int   # how many Fat Tissue cards exist (bounds the yellow tokens on one animal)
    kinds: tuple[tuple[int, ...], ...]   # distinct faces, in data order
    #: card ids removed before the game (``halve_each_kind``): they stay out of play (in the box)
    set_aside: tuple[int, ...] = ()

    @property
    def size(self) -> int:
        return len(self.faces)


def missing_traits(set_name: str) -> list[str]:
    """The trait ids printed on the cards of ``set_name`` that have no rules module yet (in data order)."""
    out: list[str] = []
    kinds = DATA["sets"][set_name] if set_name in DATA["sets"] else ICE_AGE_DATA["trait_cards"]   # (ice_age)
    for kind in kinds:
        for trait in kind["traits"]:
            if trait not in TRAIT_NUM and trait not in out:
                out.append(trait)
    return out


#: the trait ids whose cards need locations: without them (``continents_without_locations``) their kinds leave the
#: deck (NOTES §10: 11 of Continents' 18 kinds, 22 of its 42 cards stay)
NEED_LOCATIONS = tuple(t for t, row in DATA["traits"].items() if row.get("requires_locations")) + ("herding",)


def build_deck(base_option: str, expansions: tuple[str, ...] = (), halve_each_kind: bool = False,
               without_locations: bool = False,
               ice_age_cards: tuple[tuple[tuple[str, ...], int], ...] = ()) -> Deck:
    """The deck of base list ``base_option`` with the ``expansions`` mixed in (other names, such as ``base``, are
    ignored; each expansion must be playable: see :func:`missing_traits`); ``halve_each_kind`` sets aside half
    (rounded down) of the cards of every kind; ``without_locations`` leaves out Continents' kinds that need locations
    (:data:`NEED_LOCATIONS`). ``ice_age_cards`` (Ice Age's trait cards, from its own data file: ``ice_age_data.py``)
    come last."""
    sets = (BASE_LISTS[base_option], *(name for name in EXPANSION_SETS if name in expansions))
    faces: list[tuple[int, ...]] = []
    kinds: list[tuple[int, ...]] = []
    for set_name in sets:
        expected = DATA["expected_totals"][set_name]
        if set_size(set_name) != expected:
            raise RuntimeError(f"data/cards.json: sets.{set_name} has {set_size(set_name)} cards; expected_totals "
                               f"says {expected}")
        for kind in DATA["sets"][set_name]:
            if without_locations and any(t in NEED_LOCATIONS for t in kind["traits"]):
                continue
            face = tuple(TRAIT_NUM[t] for t in kind["traits"])
            if face not in kinds:
                kinds.append(face)
            faces.extend([face] * int(kind["count"]))
    if ice_age_cards:
        sets = (*sets, "ice_age")
        for traits, count in ice_age_cards:
            face = tuple(TRAIT_NUM[t] for t in traits)
            if face not in kinds:
                kinds.append(face)
            faces.extend([face] * count)
    set_aside: list[int] = []
    if halve_each_kind:
        for face in kinds:
            ids = [c for c, f in enumerate(faces) if f == face]
            set_aside.extend(ids[len(ids) - len(ids) // 2:])
    kept_fat = sum(1 for c, f in enumerate(faces) if FAT in f and c not in set_aside)
    return Deck(base_option, sets, tuple(faces), kept_fat, tuple(kinds), tuple(sorted(set_aside)))
