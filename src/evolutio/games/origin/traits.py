"""The trait table of the base game and the deck lists, loaded from ``data/cards.json``.

Each trait is one row of :data:`TRAITS` (a small immutable record: names, food need, placement rule, flags). The
behaviour of the traits lives in small hooks of :mod:`.state` grouped per trait (placement, protection when attacked,
defences, triggers, free actions); the rows say which hooks apply. Traits are referred to by small ints (the order of
:data:`TRAIT_IDS`) on the hot path, and by their string id everywhere a person or a file sees them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

# -- trait numbers (hot path) --------------------------------------------------------------------------------------
CARNIVORE, FAT, BIG, SWIMMING, CAMOUFLAGE, SHARP_VISION, BURROWING, RUNNING, MIMICRY, TAIL_LOSS, SCAVENGER, \
    SYMBIOSIS, PIRACY, HIBERNATION, POISONOUS, COMMUNICATION, COOPERATION, PARASITE, TRAMP = range(19)

TRAIT_IDS: tuple[str, ...] = (
    "carnivore", "fat_tissue", "big", "swimming", "camouflage", "sharp_vision", "burrowing", "running", "mimicry",
    "tail_loss", "scavenger", "symbiosis", "piracy", "hibernation", "poisonous", "communication", "cooperation",
    "parasite", "tramp",
)
TRAIT_NUM: dict[str, int] = {t: i for i, t in enumerate(TRAIT_IDS)}

# placement targets
OWN, OPPONENT, OWN_PAIR = "own", "opponent", "own_pair"


@dataclass(frozen=True)
class Trait:
    num: int
    id: str
    en: str
    ru: str
    food: int            # extra need of the animal while the trait is on it (also the extra score)
    paired: bool
    target: str          # own | opponent | own_pair
    multiple: bool       # may appear several times on one animal (Fat Tissue)
    incompatible: tuple[int, ...]   # traits that may not share an animal with this one


def _load() -> dict:
    with resources.files(__package__).joinpath("data/cards.json").open(encoding="utf-8") as f:
        return json.load(f)


DATA = _load()

# English display names: the brief and most English sources call Топотун "Tramp" (cards.json: "Grazing").
_EN_OVERRIDE = {"tramp": "Tramp"}
_INCOMPATIBLE = {"carnivore": ("scavenger",), "scavenger": ("carnivore",)}


def _build_traits() -> tuple[Trait, ...]:
    rows = []
    for i, tid in enumerate(TRAIT_IDS):
        d = DATA["traits"][tid]
        target = d["target"]
        rows.append(Trait(
            num=i, id=tid, en=_EN_OVERRIDE.get(tid, d["en"]), ru=d["ru"], food=int(d["food"]),
            paired=bool(d["paired"]), target=target, multiple=bool(d.get("multiple_allowed", False)),
            incompatible=tuple(TRAIT_NUM[x] for x in _INCOMPATIBLE.get(tid, ())),
        ))
    return tuple(rows)


TRAITS: tuple[Trait, ...] = _build_traits()
FOOD: tuple[int, ...] = tuple(t.food for t in TRAITS)
PAIRED: tuple[bool, ...] = tuple(t.paired for t in TRAITS)
EN: tuple[str, ...] = tuple(t.en for t in TRAITS)
RU: tuple[str, ...] = tuple(t.ru for t in TRAITS)
NEED_RAISING: frozenset[int] = frozenset(t.num for t in TRAITS if t.food)

# alternative spellings accepted in scenarios ("Tramp", "grazing", "Хищник" …)
TRAIT_ALIASES: dict[str, int] = {}
for _t in TRAITS:
    for _name in (_t.id, _t.en, _t.ru, DATA["traits"][_t.id]["en"], *DATA["traits"][_t.id].get("en_variants", ())):
        TRAIT_ALIASES[_name.lower().replace(" ", "_")] = _t.num

DECKS = {"default": "base", "edition2": "base_edition2"}


@dataclass(frozen=True)
class Deck:
    """One 84-card list: ``faces[card_id]`` is the tuple of trait numbers printed on that physical card."""

    name: str
    set_name: str
    faces: tuple[tuple[int, ...], ...]
    max_fat_per_animal: int   # how many Fat Tissue cards exist (bounds the yellow tokens on one animal)
    kinds: tuple[tuple[int, ...], ...]   # distinct faces, in data order


def _build_deck(option: str) -> Deck:
    set_name = DECKS[option]
    faces: list[tuple[int, ...]] = []
    kinds: list[tuple[int, ...]] = []
    for kind in DATA["sets"][set_name]:
        f = tuple(TRAIT_NUM[t] for t in kind["traits"])
        kinds.append(f)
        faces.extend([f] * int(kind["count"]))
    if len(faces) != 84:
        raise RuntimeError(f"deck {set_name} has {len(faces)} cards, expected 84")
    nfat = sum(1 for f in faces if FAT in f)
    return Deck(option, set_name, tuple(faces), nfat, tuple(kinds))


DECK_LISTS: dict[str, Deck] = {k: _build_deck(k) for k in DECKS}
NUM_CARDS = 84


def card_name(faces: tuple[int, ...]) -> str:
    return "/".join(EN[t] for t in faces)


def card_name_ru(faces: tuple[int, ...]) -> str:
    return "/".join(RU[t] for t in faces)
