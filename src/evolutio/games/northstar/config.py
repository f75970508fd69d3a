"""Per-game constants of a northstar state (shared, immutable) and the cache of action objects."""

from __future__ import annotations

from typing import Any, Callable

from evolutio.kernel import Action

from .cards import TRAIT_IDS, Deck, load_limits

#: the most players a northstar table seats (the course variant's scenarios: 1–8; the published game: 2–6)
MAX_SEATS = 8
#: species per player the engine supports (the HU box holds 24 species boards; the rules set no per-player limit)
MAX_SPECIES = 24

# the phases views show (``PHASE_NAMES``): each step of the decision stack (``steps.py``) names its phase
FOOD, PLAY, LEAF, FEED, NEGATE, INTEL, REPLACE, STORE, HELD, OVER = range(10)
PHASE_NAMES = ("select-food", "play-cards", "leaf-effects", "feeding", "intelligence-negation",
               "intelligence-window", "replace-trait", "store-surplus", "held", "game-over")

#: the most surplus tokens one decision can store (a Fat Tissue card holds at most body size <= 6)
MAX_STORE = 6

# defences that can block an attack (bit d of a blocker mask); SIZE = the basic size rule (not negatable)
DEFENCE_NAMES = ("Burrowing", "Climbing", "Defensive Herding", "Hard Shell", "Horns", "Symbiosis",
                 "Warning Call (left neighbour)", "Warning Call (right neighbour)")
D_BURROW, D_CLIMB, D_HERD, D_SHELL, D_HORNS, D_SYMB, D_WARN_L, D_WARN_R = range(len(DEFENCE_NAMES))
NUM_DEFENCES = len(DEFENCE_NAMES)
#: the bits of the negatable defences (every bit below SIZE)
DEFENCE_BITS = (1 << NUM_DEFENCES) - 1
SIZE = 1 << NUM_DEFENCES
#: the order in which the reasons of a blocked attack are given
REASON_ORDER = (SIZE, 1 << D_SHELL, 1 << D_BURROW, 1 << D_CLIMB, 1 << D_HERD, 1 << D_SYMB, 1 << D_WARN_L,
                1 << D_WARN_R)
LEAF_NAMES = ("Fertile", "Long Neck", "Fat Tissue")
LEAF_FERTILE, LEAF_LONG_NECK, LEAF_FAT_TISSUE = range(len(LEAF_NAMES))
#: the sides a new species may be added at (``new_species`` card, side): 0 = left end, 1 = right end
LEFT_END, RIGHT_END = 0, 1
#: how far a course play turn has come (SPEC §5.9: new boards, then replacements, population, body size)
COURSE_NEW_BOARDS, COURSE_REPLACED, COURSE_GREW_POPULATION, COURSE_GREW_BODY = range(4)
SIDES = 2
#: the number of traits (bits of a trait mask), and the mask of them all
TRAITS = len(TRAIT_IDS)
ALL_TRAITS = (1 << TRAITS) - 1
#: the low bits of a play key that hold the species count (see :meth:`Cfg.plays`), and their mask
COUNT_BITS = MAX_SPECIES.bit_length()
COUNT_MASK = (1 << COUNT_BITS) - 1
#: a card's list of play actions (:meth:`Cfg.plays`): new_species at each end, then per species trait, grow_body,
#: grow_pop
PLAYS_BEFORE_SPECIES = SIDES
PLAYS_PER_SPECIES = 3
#: the most keys a card's table of plays keeps (random playouts see a few hundred per card)
PLAY_TABLE_SIZE = 4096
#: the most trait slots an action may name (``replace_trait`` species, slot; the assignment-6 form allows four)
MAX_TRAIT_SLOTS = 4

# species fields
BODY, POP, FOOD_, FAT, MASK, CARDS, DOWN = range(7)


class Cfg:
    """Everything fixed for one game: player count, variant switches, the card table and cached actions."""

    __slots__ = ("n", "course", "maxtraits", "maxv", "minbody", "quick", "wc_hu", "scav_meat", "intel_any",
                 "deck", "ctrait", "cfood", "ncards", "_cache", "END", "PASS", "STRIKE", "limits", "dealt_base",
                 "shell_bonus", "intelligence_food", "removed_two_players", "discard_trait",
                 "play_tables", "card_plays", "_card_rows", "_play_positions", "blocked_traits", "species_column",
                 "food_card_actions", "feed_actions", "before_feeding_turn")

    def __init__(self, n: int, course: bool, deck: Deck, *, quick: bool = False, wc_hu: bool = False,
                 scav_meat: bool = False, intel_any: bool = False) -> None:
        limits = self.limits = load_limits("cs4500" if course else "standard")
        self.n = n
        self.course = course
        self.maxtraits = limits["trait_limit_two_players"] if n == 2 else limits["trait_limit"]
        self.maxv = limits["max_body_and_population"]
        self.minbody = limits["new_species_body"]
        self.quick = quick or n >= limits["quick_play_from_players"]
        self.dealt_base = limits["cards_dealt_base"]
        self.shell_bonus = limits["hard_shell_bonus"]
        self.intelligence_food = limits["intelligence_food"]
        self.removed_two_players = limits["two_player_removed_cards"]
        self.wc_hu = wc_hu
        self.scav_meat = scav_meat
        self.intel_any = intel_any
        self.deck = deck
        self.ctrait = deck.trait
        self.cfood = deck.food
        self.ncards = len(deck)
        self._cache: dict[tuple[Any, ...], Any] = {}
        #: card -> {play key: the card's play actions} (see :meth:`plays`), filled on first use
        self.play_tables: list[dict[int, tuple[Action, ...]]] = [{} for _ in range(self.ncards)]
        #: card -> its play actions: new_species at each end (indices LEFT_END, RIGHT_END), then trait, grow_body,
        #: grow_pop of each species (up to the most species seen so far); play key -> the positions of its plays in
        #: that list
        self.card_plays = [[Action("new_species", c, side) for side in range(SIDES)] for c in range(self.ncards)]
        self._play_positions: dict[int, tuple[int, ...]] = {}
        self._card_rows: dict[str, list[list[Action] | None]] = {}
        #: a species' trait cards -> the traits it cannot take (see :meth:`blocked_by`)
        self.blocked_traits: dict[tuple[int, ...], int] = {}
        #: species count -> bit ``species * TRAITS`` of every species (see ``CardPlay.standard_play_options``)
        self.species_column = [sum(1 << s * TRAITS for s in range(count)) for count in range(MAX_SPECIES + 1)]
        #: card -> the action that discards it from a species
        self.discard_trait = [Action("discard_trait", c) for c in range(self.ncards)]
        #: card -> the action that chooses it as the food card; species -> the action that feeds it plant food
        #: (also what :meth:`one` gives for them)
        self.food_card_actions = [self._cache.setdefault(("food_card", c, None), Action("food_card", c))
                                  for c in range(self.ncards)]
        self.feed_actions = [self._cache.setdefault(("feed", s, None), Action("feed", s)) for s in range(MAX_SPECIES)]
        #: the before_feeding_turn hooks in play in this configuration (set at the first feeding turn)
        self.before_feeding_turn: tuple[Callable[..., Any], ...] | None = None
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

    def card_rows(self, kind: str) -> list[list[Action] | None]:
        """Card -> its row of ``kind`` actions by species (``trait``, ``grow_body``, ``grow_pop``: what :meth:`row`
        gives), ``None`` until first asked for through :meth:`card_row`."""
        rows = self._card_rows.get(kind)
        if rows is None:
            rows = self._card_rows[kind] = [None] * self.ncards
        return rows

    def card_row(self, kind: str, card: int) -> list[Action]:
        """The row of ``card``'s ``kind`` actions by species, kept in :meth:`card_rows`."""
        found = self.card_rows(kind)[card] = self.row(kind, card, MAX_SPECIES)
        return found

    def blocked_by(self, cards: tuple[int, ...]) -> int:
        """The traits a species holding trait cards ``cards`` cannot take (bit ``trait``): those of its cards, face
        down too, and every trait once it holds as many cards as the trait limit allows (R5). Kept in
        :attr:`blocked_traits` (at most ``PLAY_TABLE_SIZE`` entries; a full table starts again)."""
        blocked = ALL_TRAITS
        if len(cards) < self.maxtraits:
            blocked = 0
            for card in cards:
                blocked |= 1 << self.ctrait[card]
        if len(self.blocked_traits) >= PLAY_TABLE_SIZE:
            self.blocked_traits.clear()
        self.blocked_traits[cards] = blocked
        return blocked

    def plays(self, card: int, key: int) -> tuple[Action, ...]:
        """The play actions of ``card`` on a row described by ``key`` (see ``CardPlay.standard_play_options``): the
        species count in the low ``COUNT_BITS`` bits; above them, from ``COUNT_BITS + species * TRAITS``, a bit
        each for body size and population at the maximum; above those (species count * TRAITS bits up), bit
        ``species * TRAITS`` when the species may take the card's trait. Per species: trait, grow_body, grow_pop;
        then new_species at each end there is room for. Kept in the card's table (at most ``PLAY_TABLE_SIZE`` keys;
        a full table starts again)."""
        positions = self._play_positions.get(key)
        if positions is None:
            positions = _play_positions(key)
            if len(self._play_positions) >= PLAY_TABLE_SIZE:
                self._play_positions.clear()
            self._play_positions[key] = positions
        actions = self.card_plays[card]
        count = key & COUNT_MASK
        while len(actions) < PLAYS_BEFORE_SPECIES + PLAYS_PER_SPECIES * count:  # the next species' plays
            s = (len(actions) - PLAYS_BEFORE_SPECIES) // PLAYS_PER_SPECIES
            actions += (Action("trait", card, s), Action("grow_body", card, s), Action("grow_pop", card, s))
        table = self.play_tables[card]
        if len(table) >= PLAY_TABLE_SIZE:
            table.clear()
        found = table[key] = tuple([actions[i] for i in positions])
        return found

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


def _play_positions(key: int) -> tuple[int, ...]:
    """Where the plays of a row described by ``key`` (see :meth:`Cfg.plays`) are in a card's list of play actions."""
    count = key & COUNT_MASK
    stuck = key >> COUNT_BITS
    takes = stuck >> count * TRAITS
    positions = []
    for s in range(count):
        first = PLAYS_BEFORE_SPECIES + PLAYS_PER_SPECIES * s
        at = s * TRAITS
        if takes >> at & 1:
            positions.append(first)
        if not stuck >> at & 1:
            positions.append(first + 1)
        if not stuck >> at & 2:
            positions.append(first + 2)
    if count < MAX_SPECIES:
        if count:
            positions.append(LEFT_END)
        positions.append(RIGHT_END)
    return tuple(positions)


#: number of set bits of every defence mask (how many cards Intelligence must discard to negate them all)
POPCOUNT = [bin(mask).count("1") for mask in range(1 << 9)]


def new_species(body: int) -> list[Any]:
    """A new species board: ``[body, population 1, food 0, fat 0, trait mask 0, no cards, none face down]``."""
    return [body, 1, 0, 0, 0, (), ()]
