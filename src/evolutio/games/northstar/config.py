"""Per-game constants of a northstar state (shared, immutable) and the cache of action objects."""

from __future__ import annotations

from evolutio.kernel import Action

from .cards import Deck

#: species per player the engine supports (the HU box holds 24 species boards; the rules set no per-player limit)
MAX_SPECIES = 24

# phases
FOOD, PLAY, LEAF, FEED, NEGATE, INTEL, REPLACE, STORE, HELD, OVER = range(10)
PHASE_NAMES = ("select-food", "play-cards", "leaf-effects", "feeding", "intelligence-negation",
               "intelligence-window", "replace-trait", "store-surplus", "held", "game-over")

#: the most surplus tokens one decision can store (a Fat Tissue card holds at most body size <= 6)
MAX_STORE = 6

# what resumes after a store-surplus decision (first element of ``NorthstarState.after``)
AF_FEED, AF_INTEL, AF_LEAF, AF_LEAFACT, AF_MEAT, AF_SCAV = range(6)

# defences that can block an attack (bit d of a blocker mask); SIZE = the basic size rule (not negatable)
D_BURROW, D_CLIMB, D_HERD, D_SHELL, D_HORNS, D_SYMB, D_WARN_L, D_WARN_R = range(8)
SIZE = 1 << 8
DEFENCE_NAMES = ("Burrowing", "Climbing", "Defensive Herding", "Hard Shell", "Horns", "Symbiosis",
                 "Warning Call (left neighbour)", "Warning Call (right neighbour)")
LEAF_NAMES = ("Fertile", "Long Neck", "Fat Tissue")

# species fields
BODY, POP, FOOD_, FAT, MASK, CARDS, DOWN = range(7)


class Cfg:
    """Everything fixed for one game: player count, variant switches, the card table and cached actions."""

    __slots__ = ("n", "course", "maxtraits", "maxv", "minbody", "quick", "wc_hu", "scav_meat", "intel_any",
                 "deck", "ctrait", "cfood", "ncards", "_cache", "END", "PASS", "STRIKE")

    def __init__(self, n: int, course: bool, deck: Deck, *, quick: bool = False, wc_hu: bool = False,
                 scav_meat: bool = False, intel_any: bool = False) -> None:
        self.n = n
        self.course = course
        self.maxtraits = 3 if (course or n != 2) else 2
        self.maxv = 7 if course else 6
        self.minbody = 0 if course else 1
        self.quick = True if course else (quick or n >= 6)
        self.wc_hu = wc_hu
        self.scav_meat = scav_meat
        self.intel_any = intel_any
        self.deck = deck
        self.ctrait = deck.trait
        self.cfood = deck.food
        self.ncards = len(deck)
        self._cache: dict = {}
        self.END = Action("end_turn")
        self.PASS = Action("pass")
        self.STRIKE = Action("strike")

    def with_deck(self, deck: Deck, n: int | None = None) -> "Cfg":
        return Cfg(self.n if n is None else n, self.course, deck, quick=self.quick, wc_hu=self.wc_hu,
                   scav_meat=self.scav_meat, intel_any=self.intel_any)

    # cached action rows: row(kind, first_arg) -> list indexed by the second argument
    def row(self, kind: str, i: int, size: int) -> list[Action]:
        key = (kind, i)
        r = self._cache.get(key)
        if r is None:
            r = self._cache[key] = [Action(kind, i, j) for j in range(size)]
        return r

    def one(self, kind: str, i: int) -> Action:
        key = (kind, i, None)
        a = self._cache.get(key)
        if a is None:
            a = self._cache[key] = Action(kind, i)
        return a

    def attack(self, a: int, tp: int, t: int) -> Action:
        key = ("attack", a, tp, t)
        act = self._cache.get(key)
        if act is None:
            act = self._cache[key] = Action("attack", a, tp, t)
        return act


#: number of set bits of every defence mask (how many cards Intelligence must discard to negate them all)
POPCOUNT = [bin(mask).count("1") for mask in range(1 << 9)]


def new_species(body: int) -> list:
    """A new species board: ``[body, population 1, food 0, fat 0, trait mask 0, no cards, none face down]``."""
    return [body, 1, 0, 0, 0, (), ()]
