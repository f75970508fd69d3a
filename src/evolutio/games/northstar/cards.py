"""Traits and decks of North Star's *Evolution* (and of the CS 4500 course deck).

A deck is a card table: card id -> (trait index, food value). Card ids are stable: the position of the card in the
deck file after expanding the ``count`` of every entry. Food values are read only from the data files (the default
``data/cards.json`` is the rules pack's table, whose values are low-confidence placeholders, 3 Carnivore values
reconstructed), or from a user's deck file given with the option ``deck_file=PATH``.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from evolutio.kernel import OptionError
from evolutio.kernel.jsonfile import read_json

# Trait indices (bit i of a species' trait mask). Ids as in cards.json; the course spells defensive-herding "herding".
TRAIT_IDS: tuple[str, ...] = (
    "carnivore", "ambush", "burrowing", "climbing", "cooperation", "defensive-herding", "fat-tissue", "fertile",
    "foraging", "hard-shell", "horns", "intelligence", "long-neck", "pack-hunting", "scavenger", "symbiosis",
    "warning-call",
)
TRAIT_NAMES: tuple[str, ...] = (
    "Carnivore", "Ambush", "Burrowing", "Climbing", "Cooperation", "Defensive Herding", "Fat Tissue", "Fertile",
    "Foraging", "Hard Shell", "Horns", "Intelligence", "Long Neck", "Pack Hunting", "Scavenger", "Symbiosis",
    "Warning Call",
)
(CARNIVORE, AMBUSH, BURROWING, CLIMBING, COOPERATION, HERDING, FAT_TISSUE, FERTILE, FORAGING, HARD_SHELL, HORNS,
 INTELLIGENCE, LONG_NECK, PACK_HUNTING, SCAVENGER, SYMBIOSIS, WARNING_CALL) = range(17)
TRAIT_INDEX: dict[str, int] = {t: i for i, t in enumerate(TRAIT_IDS)}
TRAIT_INDEX["herding"] = HERDING  # course spelling
#: course trait names (SPEC §3.1), index -> course spelling
COURSE_NAME: dict[int, str] = {i: ("herding" if i == HERDING else t)
                               for i, t in enumerate(TRAIT_IDS) if i != INTELLIGENCE}
COURSE_TRAITS: frozenset[int] = frozenset(COURSE_NAME)

B_CARN = 1 << CARNIVORE
B_AMBUSH = 1 << AMBUSH
B_BURROW = 1 << BURROWING
B_CLIMB = 1 << CLIMBING
B_COOP = 1 << COOPERATION
B_HERD = 1 << HERDING
B_FAT = 1 << FAT_TISSUE
B_FERTILE = 1 << FERTILE
B_FORAGE = 1 << FORAGING
B_SHELL = 1 << HARD_SHELL
B_HORNS = 1 << HORNS
B_INTEL = 1 << INTELLIGENCE
B_LONG = 1 << LONG_NECK
B_PACK = 1 << PACK_HUNTING
B_SCAV = 1 << SCAVENGER
B_SYMB = 1 << SYMBIOSIS
B_WARN = 1 << WARNING_CALL


class Deck:
    """An immutable card table: ``trait[c]``, ``food[c]`` for card id ``c``; ``note`` describes the data status."""

    __slots__ = ("trait", "food", "source", "reconstructed", "note")

    def __init__(self, trait: tuple[int, ...], food: tuple[int, ...], source: str, reconstructed: tuple[bool, ...],
                 note: str) -> None:
        self.trait = trait
        self.food = food
        self.source = source
        self.reconstructed = reconstructed
        self.note = note

    def __len__(self) -> int:
        return len(self.trait)

    def card_json(self, c: int) -> dict[str, Any]:
        return {"id": c, "trait": TRAIT_IDS[self.trait[c]], "food": self.food[c]}

    def label(self, c: int) -> str:
        f = self.food[c]
        return f"{TRAIT_NAMES[self.trait[c]]} ({'+' if f > 0 else ''}{f})"


def _fail(where: str, msg: str) -> None:
    raise OptionError(f"{where}: {msg}")


def parse_deck(doc: Any, where: str, allowed: frozenset[int] | None = None, note: str = "") -> Deck:
    """Validate a deck document (the ``cards.json`` format) and build the card table. Errors name the entry, the
    field and what is wrong."""
    if isinstance(doc, dict):
        if "cards" not in doc:
            _fail(where, "a deck file is a JSON object with a 'cards' list (or a bare list of cards)")
        entries = doc["cards"]
    else:
        entries = doc
    if not isinstance(entries, list) or not entries:
        _fail(where, "'cards' must be a non-empty list of {\"trait\": ..., \"food\": ..., \"count\": ...} entries")
    trait: list[int] = []
    food: list[int] = []
    recon: list[bool] = []
    for i, e in enumerate(entries):
        at = f"card entry #{i + 1}"
        if not isinstance(e, dict):
            _fail(where, f"{at} must be an object with fields trait, food and optional count, got {e!r}")
        unknown = set(e) - {"trait", "food", "count", "source", "reconstructed", "name", "note"}
        if unknown:
            _fail(where, f"{at} has unknown field(s) {', '.join(sorted(unknown))}")
        t = e.get("trait")
        if not isinstance(t, str) or t not in TRAIT_INDEX:
            _fail(where, f"{at}: field 'trait' must be one of {', '.join(TRAIT_IDS)}; got {t!r}")
        ti = TRAIT_INDEX[t]
        if allowed is not None and ti not in allowed:
            _fail(where, f"{at}: trait {t!r} does not exist in this variant")
        f = e.get("food")
        if not isinstance(f, int) or isinstance(f, bool) or not -20 <= f <= 20:
            _fail(where, f"{at} ({t}): field 'food' must be an integer between -20 and 20; got {f!r}")
        n = e.get("count", 1)
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 50:
            _fail(where, f"{at} ({t}): field 'count' must be an integer between 1 and 50; got {n!r}")
        r = e.get("reconstructed", e.get("source") == "reconstructed")
        for _ in range(n):
            trait.append(ti)
            food.append(f)
            recon.append(bool(r))
    if len(trait) > 400:
        _fail(where, f"the deck has {len(trait)} cards; at most 400 are supported")
    return Deck(tuple(trait), tuple(food), where, tuple(recon), note)


#: the variant names of the ``variant`` option, as keys of ``data/limits.json``
VARIANTS = ("standard", "cs4500")


@cache
def load_limits(variant: str) -> dict[str, int]:
    """The numbers the rules of ``variant`` use (trait limit, maximum body size, cards dealt …), from
    ``data/limits.json``."""
    text = resources.files(__package__).joinpath("data", "limits.json").read_text(encoding="utf-8")
    limits: dict[str, int] = json.loads(text)[variant]
    return limits


@cache
def builtin_deck(name: str) -> Deck:
    fname = {"standard": "cards.json", "cs4500": "cs4500-deck.json"}[name]
    text = resources.files(__package__).joinpath("data", fname).read_text(encoding="utf-8")
    doc = json.loads(text)
    allowed = COURSE_TRAITS if name == "cs4500" else None
    note = ("card food values are approximate: the rules pack's placeholder table (low confidence), "
            "3 Carnivore values reconstructed" if name == "standard" else "CS 4500 course deck (SPEC §3.1)")
    return parse_deck(doc, f"built-in deck {fname}", allowed, note)


@lru_cache(maxsize=32)
def _file_deck(path: str, mtime: float, variant: str) -> Deck:
    doc = read_json(path, OptionError, f"deck_file {path}")
    allowed = COURSE_TRAITS if variant == "cs4500" else None
    return parse_deck(doc, f"deck_file {path}", allowed, f"user deck file {path}")


def load_deck(variant: str, deck_file: str) -> Deck:
    if not deck_file:
        return builtin_deck(variant)
    p = Path(deck_file)
    try:
        mtime = p.stat().st_mtime
    except OSError as exc:
        raise OptionError(f"cannot read deck_file {deck_file}: {exc.strerror}") from None
    return _file_deck(str(p), mtime, variant)
