"""Scenario bodies for northstar (documented in docs/northstar-scenarios.md)."""

from __future__ import annotations

from typing import Any, NoReturn, Protocol

from evolutio.kernel import ScenarioError
from evolutio.kernel.scenario import apply_scenario_controls, put_on_top

from .cards import B_FAT, COURSE_TRAITS, TRAIT_IDS, TRAIT_INDEX, Deck
from .config import FAT, MAX_SEATS, MAX_SPECIES, MAX_TRAIT_SLOTS, Cfg
from .state import NorthstarState
from .steps import FoodReveal


class NorthstarRules(Protocol):
    """What a scenario needs of :class:`~evolutio.games.northstar.game.NorthstarGame` (named by this protocol: the
    game module imports this one)."""

    cfg: Cfg
    deck: Deck
    num_players: int

    def _cfg(self, n: int, deck: Deck) -> Cfg: ...


#: the phases a scenario may start in (NOTES §4, PL numbering): ``deal`` (phase 1), ``select-food``, ``play-cards``,
#: ``reveal`` (phase 4 from the start: traits turned up, leaf effects, then the food cards), ``food-reveal`` (phase 4
#: step 2: leaf effects done, the food cards are turned up next) and ``feeding``
PHASES = ("deal", "select-food", "play-cards", "reveal", "food-reveal", "feeding")
#: the name of the draw pile in a scenario's ``chance`` list
MAIN_DECK = "main"
TOP_KEYS = {"game", "options", "seed", "phase", "round", "first_player", "turn", "watering_hole", "last_round", "deck",
            "discard", "players", "queue", "passes", "hold_round_end", "chance", "hold", "title", "description", "note"}
PLAYER_KEYS = {"hand", "bag", "food_card", "species", "name"}
SPECIES_KEYS = {"body", "population", "food", "fat", "traits", "face_down"}


def _err(msg: str) -> NoReturn:
    raise ScenarioError(msg)


def _int(v: Any, where: str, lo: int, hi: int | None = None) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        _err(f"{where}: must be an integer, got {v!r}")
    if v < lo or (hi is not None and v > hi):
        _err(f"{where}: must be between {lo} and {hi}, got {v}" if hi is not None
             else f"{where}: must be ≥ {lo}, got {v}")
    return v


class _Alloc:
    """Gives every card reference of a scenario a distinct card id of the deck; references to cards the deck does
    not have (or has fewer copies of) get extra ids appended to a scenario card table."""

    def __init__(self, deck: Deck, allowed: frozenset[int] | None) -> None:
        self.deck = deck
        self.allowed = allowed
        self.trait = list(deck.trait)
        self.food = list(deck.food)
        self.used: set[int] = set()
        self.free: dict[tuple[int, int], list[int]] = {}
        self.free_t: dict[int, list[int]] = {}
        for c in range(len(deck)):
            self.free.setdefault((deck.trait[c], deck.food[c]), []).append(c)
            self.free_t.setdefault(deck.trait[c], []).append(c)

    def _trait(self, name: Any, where: str) -> int:
        if not isinstance(name, str) or name not in TRAIT_INDEX:
            _err(f"{where}: unknown trait {name!r} (known: {', '.join(TRAIT_IDS)})")
        t = TRAIT_INDEX[name]
        if self.allowed is not None and t not in self.allowed:
            _err(f"{where}: trait {name!r} does not exist in this variant")
        return t

    def _take(self, c: int) -> int:
        self.used.add(c)
        return c

    def _extra(self, t: int, f: int) -> int:
        self.trait.append(t)
        self.food.append(f)
        c = len(self.trait) - 1
        return self._take(c)

    def explicit(self, v: Any, where: str) -> None:
        if isinstance(v, int) and not isinstance(v, bool):
            if not 0 <= v < len(self.deck):
                _err(f"{where}: card id {v} is outside the deck (0..{len(self.deck) - 1})")
            if v in self.used:
                _err(f"{where}: card id {v} is used twice in the scenario")
            self.used.add(v)

    def resolve(self, v: Any, where: str, bare_ok: bool = False) -> int:
        if isinstance(v, int) and not isinstance(v, bool):
            return v  # checked by explicit()
        t, f = self.kind(v, where, bare_ok)
        if f is None:
            for c in self.free_t.get(t, ()):
                if c not in self.used:
                    return self._take(c)
            return self._extra(t, 0)
        for c in self.free.get((t, f), ()):
            if c not in self.used:
                return self._take(c)
        return self._extra(t, f)

    def kind(self, v: Any, where: str, bare_ok: bool) -> tuple[int, int | None]:
        """The (trait, food value) a card reference that is not a card id names; the food is ``None`` when only the
        trait is named."""
        t = f = None
        if isinstance(v, dict):
            if set(v) - {"trait", "food"} or "trait" not in v:
                _err(f"{where}: a card object is {{\"trait\": ..., \"food\": ...}}, got {v!r}")
            t = self._trait(v["trait"], where)
            f = v.get("food")
        elif isinstance(v, list) and len(v) == 2:
            if isinstance(v[0], str):
                t, f = self._trait(v[0], where), v[1]
            else:
                f, t = v[0], self._trait(v[1], where)
        elif isinstance(v, str) and bare_ok:
            t = self._trait(v, where)
        else:
            _err(f"{where}: a card is a card id, [\"trait\", food], [food, \"trait\"] or {{\"trait\", \"food\"}}"
                 + (", or a bare trait name on a species" if bare_ok else "") + f"; got {v!r}")
        assert t is not None
        if f is not None and (not isinstance(f, int) or isinstance(f, bool)):
            _err(f"{where}: card food value must be an integer, got {f!r}")
        return t, f

    def table(self) -> Deck:
        if len(self.trait) == len(self.deck):
            return self.deck
        return Deck(tuple(self.trait), tuple(self.food), self.deck.source + " (extended by a scenario)",
                    tuple(list(self.deck.reconstructed) + [False] * (len(self.trait) - len(self.deck))),
                    self.deck.note)


def build(game: NorthstarRules, data: dict[str, Any]) -> NorthstarState:
    unknown = set(data) - TOP_KEYS
    if unknown:
        _err(f"{sorted(unknown)[0]}: unknown scenario field (known: {', '.join(sorted(TOP_KEYS))})")
    cfg0 = game.cfg
    course = cfg0.course
    players = data.get("players")
    if not isinstance(players, list) or not players:
        _err("players: a northstar scenario needs a non-empty list of player objects")
    n = len(players)
    if course:
        if not 1 <= n <= MAX_SEATS:
            _err(f"players: a cs4500 scenario has 1–{MAX_SEATS} players, got {n}")
    elif n != game.num_players:
        _err(f"players: the scenario lists {n} players but the options say players={game.num_players}")
    phase_name = data.get("phase", "select-food")
    if phase_name not in PHASES:
        _err(f"phase: must be one of {', '.join(PHASES)}; got {phase_name!r}")
    seed = data.get("seed", 0)
    maxv = cfg0.maxv
    minv = 0 if course else 1
    maxt = MAX_TRAIT_SLOTS if course else cfg0.maxtraits  # SPEC §4: the assignment-6 harness accepted four traits
    alloc = _Alloc(game.deck, COURSE_TRAITS if course else None)

    # pass 1: explicit ids
    def each_card_ref():
        for i, pl in enumerate(players):
            if not isinstance(pl, dict):
                _err(f"players[{i}]: a player is an object, got {pl!r}")
            for j, c in enumerate(pl.get("hand", []) or []):
                yield c, f"players[{i}].hand[{j}]"
            if pl.get("food_card") is not None:
                yield pl["food_card"], f"players[{i}].food_card"
            for s, sp in enumerate(pl.get("species", []) or []):
                if isinstance(sp, dict):
                    for j, c in enumerate(sp.get("traits", []) or []):
                        yield c, f"players[{i}].species[{s}].traits[{j}]"
        for key in ("deck", "discard"):
            v = data.get(key)
            if v is not None:
                if not isinstance(v, list):
                    _err(f"{key}: must be a list of cards")
                for j, c in enumerate(v):
                    yield c, f"{key}[{j}]"

    for c, where in each_card_ref():
        alloc.explicit(c, where)

    st = NorthstarState(game, seed)
    st._init_empty(cfg0 if n == cfg0.n else game._cfg(n, game.deck))
    for i, pl in enumerate(players):
        unknown = set(pl) - PLAYER_KEYS
        if unknown:
            _err(f"players[{i}].{sorted(unknown)[0]}: unknown player field (known: {', '.join(sorted(PLAYER_KEYS))})")
        hand = pl.get("hand", [])
        if not isinstance(hand, list):
            _err(f"players[{i}].hand: must be a list of cards")
        st.hands[i] = [alloc.resolve(c, f"players[{i}].hand[{j}]") for j, c in enumerate(hand)]
        st.bags[i] = _int(pl.get("bag", 0), f"players[{i}].bag", 0)
        fc = pl.get("food_card")
        if fc is not None:
            st.foodcards[i] = alloc.resolve(fc, f"players[{i}].food_card")
        sps = pl.get("species", [])
        if not isinstance(sps, list):
            _err(f"players[{i}].species: must be a list")
        if len(sps) > MAX_SPECIES:
            _err(f"players[{i}].species: {len(sps)} species; the engine supports at most {MAX_SPECIES}")
        row: list[list[Any]] = []
        for s, spd in enumerate(sps):
            w = f"players[{i}].species[{s}]"
            if not isinstance(spd, dict):
                _err(f"{w}: a species is an object, got {spd!r}")
            unknown = set(spd) - SPECIES_KEYS
            if unknown:
                _err(f"{w}.{sorted(unknown)[0]}: unknown species field (known: {', '.join(sorted(SPECIES_KEYS))})")
            body = _int(spd.get("body", minv), f"{w}.body", minv, maxv)
            pop = _int(spd.get("population", 1), f"{w}.population", 0 if course else 1, maxv)
            food = _int(spd.get("food", 0), f"{w}.food", 0, pop)
            fat = _int(spd.get("fat", 0), f"{w}.fat", 0, maxv)
            traits = spd.get("traits", [])
            if not isinstance(traits, list):
                _err(f"{w}.traits: must be a list of cards or trait names")
            if len(traits) > maxt:
                _err(f"{w}.traits: {len(traits)} traits; at most {maxt} are allowed")
            cards = tuple(alloc.resolve(c, f"{w}.traits[{j}]", bare_ok=True) for j, c in enumerate(traits))
            trait_numbers = [alloc.trait[c] for c in cards]
            if len(set(trait_numbers)) != len(trait_numbers):
                _err(f"{w}.traits: the species holds a trait twice ({', '.join(TRAIT_IDS[t] for t in trait_numbers)})")
            face_down = spd.get("face_down", [])
            if not isinstance(face_down, list) or any(
                    not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < len(cards) for x in face_down):
                _err(f"{w}.face_down: lists positions (0-based) in 'traits', got {face_down!r}")
            if face_down and phase_name not in ("play-cards", "reveal"):
                _err(f"{w}.face_down: traits can be face down only in the play-cards or reveal phase")
            if fat and not (any(t == TRAIT_INDEX["fat-tissue"] for t in trait_numbers)) and not course:
                _err(f"{w}.fat: the species stores {fat} fat but has no Fat Tissue")
            if fat > body and not course:
                _err(f"{w}.fat: the species stores {fat} fat; Fat Tissue holds at most the body size {body}")
            down = tuple(cards[x] for x in face_down)
            row.append([body, pop, food, fat, 0, cards, down])
        st.boards[i] = row

    deck_given = data.get("deck")
    disc = data.get("discard", []) or []
    st.discard = [alloc.resolve(c, f"discard[{j}]") for j, c in enumerate(disc)]
    if deck_given is not None:
        top_first = [alloc.resolve(c, f"deck[{j}]") for j, c in enumerate(deck_given)]
        st.deck = top_first[::-1]
        st.removed = [c for c in range(len(game.deck)) if c not in alloc.used]
    else:
        rest = [c for c in range(len(game.deck)) if c not in alloc.used]
        st.rng.shuffle(rest)
        st.deck = rest
    table = alloc.table()
    cfg = game._cfg(n, table) if (table is not game.deck or n != cfg0.n) else cfg0
    st.cfg = cfg
    for row in st.boards:
        for sp in row:
            st._recompute_mask(sp)
            if course and sp[FAT] > 0 and not sp[4] & B_FAT:
                pass  # SPEC §4: inputs may carry fat-food on species without fat-tissue
    st.wh = _int(data.get("watering_hole", 0), "watering_hole", 0)
    st.rnd = _int(data.get("round", 1), "round", 1)
    st.first = _int(data.get("first_player", 0), "first_player", 0, n - 1)
    lr = data.get("last_round")
    st.last_round = 0 if lr is None else _int(lr, "last_round", st.rnd)
    st.hold = bool(data.get("hold_round_end", False))
    turn = _int(data.get("turn", st.first), "turn", 0, n - 1)
    off = (turn - st.first) % n
    # before the position advances to its first decision
    apply_scenario_controls(st, data, lambda deck, cards, path: pin_main_deck(st, deck, cards, path))
    if phase_name in ("deal", "feeding") and any(f >= 0 for f in st.foodcards):
        holder = next(seat for seat, card in enumerate(st.foodcards) if card >= 0)
        _err(f"players[{holder}].food_card: there are no food cards on the watering hole in the {phase_name} "
             f"phase; remove it")
    if phase_name == "deal":
        st._start_round()
    elif phase_name == "select-food":
        for k in range(n):
            q = (st.first + k) % n
            if k >= off and st.foodcards[q] >= 0:
                _err(f"players[{q}].food_card: player {q + 1} already has a food card but has not had their food "
                     f"choice yet (the turn is player {turn + 1}'s)")
        st._food_seek(off)
    elif phase_name == "play-cards":
        if cfg.quick:
            st.snap = ([[sp[:] for sp in row] for row in st.boards], [len(h) for h in st.hands], st.bags[:])
            st.pdisc = [[] for _ in range(n)]
        st._play_seek(off)
    elif phase_name == "reveal":
        st._after_play()
    elif phase_name == "food-reveal":
        st.push(FoodReveal())
    else:
        if course:
            queue = data.get("queue")
            if queue is None:
                st.queue = [(st.first + k) % n for k in range(n)]
            else:
                if not isinstance(queue, list) or any(not isinstance(x, int) or not 0 <= x < n for x in queue):
                    _err(f"queue: must list seats 0..{n - 1}, got {queue!r}")
                st.queue = list(queue)
            st._course_seek()
        else:
            st.passes = _int(data.get("passes", 0), "passes", 0, n - 1)
            st._feed_seek(turn)
    st.settle()
    return st


def pin_main_deck(st: NorthstarState, deck: str, cards: list[Any], path: str) -> None:
    """A scenario's ``{"deck": "main", "cards": [...]}``: those cards are drawn next, the first listed first. A card
    is written as in the scenario (a card id, ``["trait", food]``, ``{"trait": ..., "food": ...}``, or a bare trait
    name: any card of that trait) and must be in the draw pile."""
    if deck != MAIN_DECK:
        _err(f"{path}.deck: northstar has no deck named {deck!r} (known: {MAIN_DECK})")
    cfg = st.cfg
    reader = _Alloc(cfg.deck, COURSE_TRAITS if cfg.course else None)
    pile = sorted(st.deck)
    chosen: list[int] = []
    for index, spec in enumerate(cards):
        where = f"{path}.cards[{index}]"
        free = [c for c in pile if c not in chosen]
        if isinstance(spec, int) and not isinstance(spec, bool):
            if spec not in free:
                _err(f"{where}: card {spec} is not in the draw pile"
                     + (" (it is pinned twice)" if spec in chosen else ""))
            chosen.append(spec)
            continue
        t, f = reader.kind(spec, where, True)
        match = [c for c in free if cfg.ctrait[c] == t and (f is None or cfg.cfood[c] == f)]
        if not match:
            _err(f"{where}: no {TRAIT_IDS[t]} card{'' if f is None else f' with food {f}'} is left in the draw pile")
        chosen.append(match[0])
    put_on_top(st.deck, chosen, [], f"{path}.cards")
