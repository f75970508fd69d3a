"""Origin scenarios: the body documented in ``docs/scenarios.md`` ("origin") turned into an :class:`OriginState`.

Every error names its JSON path (``players[1].animals[0].traits[2]: unknown trait 'Fatt' (known: ...)``).
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Game, ScenarioError
from evolutio.kernel.scenario import apply_scenario_controls, put_on_top, read_bool, read_int, read_list, read_object

from . import nature
from .card_data import DATA
from .config import Config
from .flow import DEVELOPMENT_PHASE, EXTINCTION, FEEDING_PHASE, FOOD_ROLL, AttackTarget
from .geography import LOCATION_IDS
from .phases import DEV, EXT, FEED, mask_of
from .state import OriginState
from .traits import (
    CARNIVORE,
    EN,
    FAT,
    MARKS,
    PAIRED,
    REGENERATION,
    SHELL,
    TRAIT_ALIASES,
    TRAIT_IDS,
    TRAITS,
    card_name,
)

_TOP_KEYS = {"game", "options", "seed", "turn", "phase", "first_player", "to_act", "food_base", "deck", "deck_size",
             "players", "pairs", "feeding", "pending", "chance", "hold", "comment", "description", "locations",
             "nature", "loose_shells", "loose_shell_locations"}
_PLAYER_KEYS = {"hand", "discard", "animals", "passed", "name", "comment"}
_ANIMAL_KEYS = {"id", "card", "traits", "food", "fat", "hibernating", "hibernated_last_turn", "attacked", "poisoned",
                "piracy_used", "tramp_used", "received_food", "marks", "location", "regenerating", "comment"}
_PAIR_KEYS = {"trait", "card", "animals", "comment"}
#: the phases a scenario may start in (NOTES §4): ``food_base`` is the roll, ``extinction`` deaths and dealing
PHASES = ("development", "food_base", "feeding", "extinction")
#: the name of origin's one deck in a scenario's ``chance`` list
MAIN_DECK = "main"


def _trait(name: Any, where: str) -> int:
    if not isinstance(name, str):
        raise ScenarioError(f"{where}: a trait is named by a string, got {name!r}")
    t = TRAIT_ALIASES.get(name.strip().lower().replace(" ", "_"))
    if t is None:
        raise ScenarioError(f"{where}: unknown trait {name!r} (known: {', '.join(TRAIT_IDS)})")
    return t


class ScenarioBuilder:
    """Builds an :class:`OriginState` from the scenario form documented in docs/scenarios.md."""

    def __init__(self, game: Game, config: Config, data: dict[str, Any]) -> None:
        self.game = game
        self.config = config
        self.data = data
        self.faces = config.faces
        self.num_cards = config.num_cards
        self.used: dict[int, str] = {}

    # -- card allocation -------------------------------------------------------------------------------------
    def claim(self, c: Any, where: str) -> int:
        c = read_int(c, where, 0, self.num_cards - 1)
        if c in self.used:
            raise ScenarioError(f"{where}: card {c} appears twice (also at {self.used[c]})")
        self.used[c] = where
        return c

    def kind(self, spec: str, where: str, face: int | None = None) -> int:
        """A free card matching ``spec``: a card kind "poisonous/carnivore" or a trait name (any card offering it)."""
        if not isinstance(spec, str):
            raise ScenarioError(f"{where}: expected a card id or a card kind name, got {spec!r}")
        parts = [p for p in spec.replace("+", "/").split("/") if p.strip()]
        want = tuple(_trait(p, where) for p in parts)
        exact = [c for c in range(self.num_cards) if c not in self.used and self.faces[c] == want]
        if not exact and len(want) == 1:
            exact = [c for c in range(self.num_cards) if c not in self.used and want[0] in self.faces[c]]
        if not exact:
            raise ScenarioError(f"{where}: no free card of kind {spec!r} is left in the "
                                f"{self.game.options['deck']} deck")
        c = exact[0]
        self.used[c] = where
        return c

    def card(self, spec: Any, where: str) -> int:
        return self.claim(spec, where) if isinstance(spec, int) and not isinstance(spec, bool) else \
            self.kind(spec, where)

    def trait_card(self, spec: Any, where: str) -> tuple[int, int]:
        """A trait on an animal: "carnivore" or {"trait": "carnivore", "card": 12}. Returns (card, trait)."""
        if isinstance(spec, str):
            t = _trait(spec, where)
            cands = [c for c in range(self.num_cards) if c not in self.used and t in self.faces[c]]
            if not cands:
                sets = self.game.options["sets"]
                introduced = DATA["traits"].get(TRAIT_IDS[t], {}).get("set", "ice_age")   # (Ice Age: its own file)
                hint = "" if introduced in sets else f" ({EN[t]} comes with -o sets={introduced})"
                raise ScenarioError(f"{where}: no free card offering {EN[t]} is left in the deck of sets "
                                    f"{','.join(sets)}{hint}")
            # prefer single-trait cards, then the lowest id
            cands.sort(key=lambda c: (len(self.faces[c]), c))
            self.used[cands[0]] = where
            return cands[0], t
        d = read_object(spec, where, {"trait", "card"})
        if "trait" not in d:
            raise ScenarioError(f"{where}: a trait object needs 'trait'")
        t = _trait(d["trait"], where)
        if "card" in d:
            c = self.claim(d["card"], where)
            if t not in self.faces[c]:
                raise ScenarioError(f"{where}: card {c} ({card_name(self.faces[c])}) cannot be played as {EN[t]}")
            return c, t
        return self.trait_card(TRAIT_IDS[t], where)

    # -- build -----------------------------------------------------------------------------------------------
    def build(self) -> OriginState:
        data = read_object(self.data, "scenario", _TOP_KEYS)
        g = self.game
        n = g.num_players
        seed = data.get("seed", 0)
        st = OriginState.blank(g, self.config, seed)
        players = read_list(data.get("players", []), "players")
        if len(players) != n:
            raise ScenarioError(f"players: lists {len(players)} player(s) but the game has {n} "
                                "(set options.players)")
        phase_name = data.get("phase", "development")
        if phase_name not in PHASES:
            raise ScenarioError(f"phase: must be one of {', '.join(PHASES)}; got {phase_name!r}")
        st.turn = read_int(data.get("turn", 1), "turn", 1)
        st.first = read_int(data.get("first_player", 0), "first_player", 0, n - 1)
        to_act = read_int(data.get("to_act", st.first), "to_act", 0, n - 1)
        if "to_act" in data and phase_name not in ("development", "feeding"):
            raise ScenarioError(f"to_act: nobody acts in the {phase_name} phase (it is automatic)")
        for key in ("food_base", "feeding", "locations"):
            if data.get(key) and phase_name != "feeding":
                raise ScenarioError(f"{key}: is set only in the feeding phase")

        # pass 1: explicit card ids (so that kind names never take a card that is named explicitly later) and
        # explicit animal numbers
        pdata = []
        numbers: dict[int, str] = {}
        for p, pl in enumerate(players):
            pl = read_object(pl, f"players[{p}]", _PLAYER_KEYS)
            pdata.append(pl)
            for i, an in enumerate(read_list(pl.get("animals", []), f"players[{p}].animals")):
                where = f"players[{p}].animals[{i}]"
                an = read_object(an, where, _ANIMAL_KEYS)
                if "id" in an:
                    a = read_int(an["id"], f"{where}.id", 0, self.num_cards - 1)
                    if a in numbers:
                        raise ScenarioError(f"{where}.id: animal number {a} appears twice (also at {numbers[a]})")
                    numbers[a] = where
                if isinstance(an.get("card"), int):
                    self.claim(an["card"], f"{where}.card")
                for j, entry in enumerate(read_list(an.get("traits", []), f"players[{p}].animals[{i}].traits")):
                    if isinstance(entry, dict) and "card" in entry:
                        self.claim(entry["card"], f"players[{p}].animals[{i}].traits[{j}]")
            for key in ("hand", "discard"):
                for j, c in enumerate(read_list(pl.get(key, []), f"players[{p}].{key}")):
                    if isinstance(c, int):
                        self.claim(c, f"players[{p}].{key}[{j}]")
        pairs = read_list(data.get("pairs", []), "pairs")
        for i, pr in enumerate(pairs):
            pr = read_object(pr, f"pairs[{i}]", _PAIR_KEYS)
            if "card" in pr:
                self.claim(pr["card"], f"pairs[{i}]")
        deck_spec = read_list(data.get("deck", []), "deck")
        for j, c in enumerate(deck_spec):
            if isinstance(c, int):
                self.claim(c, f"deck[{j}]")
        loose_spec = read_list(data.get("loose_shells", []), "loose_shells")   # Time to Fly (ruling 68)
        for j, c in enumerate(loose_spec):
            if isinstance(c, int):
                self.claim(c, f"loose_shells[{j}]")
        explicit = dict(self.used)
        self.used = {}

        def card(spec: Any, where: str) -> int:
            if isinstance(spec, int) and not isinstance(spec, bool):
                self.used[spec] = where
                return spec
            return self.kind(spec, where)

        # pass 2: everything in document order
        for c, w in explicit.items():
            self.used[c] = w
        for p, pl in enumerate(pdata):
            st.hands[p] = [card(c, f"players[{p}].hand[{j}]") for j, c in enumerate(pl.get("hand", []))]
            st.discard[p] = [card(c, f"players[{p}].discard[{j}]") for j, c in enumerate(pl.get("discard", []))]
            if read_bool(pl.get("passed", False), f"players[{p}].passed"):
                st.passed |= 1 << p
        animal_specs = []
        for p, pl in enumerate(pdata):
            for i, an in enumerate(pl.get("animals", [])):
                where = f"players[{p}].animals[{i}]"
                traits = []
                for j, entry in enumerate(an.get("traits", [])):
                    path = f"{where}.traits[{j}]"
                    names_card = isinstance(entry, dict) and "card" in entry
                    traits.append(self._explicit_trait(entry, path) if names_card else self.trait_card(entry, path))
                animal_specs.append((p, i, an, traits))
        pair_specs = []
        for i, pr in enumerate(pairs):
            where = f"pairs[{i}]"
            if "trait" not in pr or "animals" not in pr:
                raise ScenarioError(f"{where} needs 'trait' and 'animals'")
            t = _trait(pr["trait"], where)
            if not PAIRED[t]:
                raise ScenarioError(f"{where}: {EN[t]} is not a paired trait; put it in the animal's 'traits'")
            if "card" in pr:
                c = pr["card"]
                if t not in self.faces[c]:
                    raise ScenarioError(f"{where}: card {c} ({card_name(self.faces[c])}) cannot be played as {EN[t]}")
            else:
                c, _ = self.trait_card(TRAIT_IDS[t], where)
            pair_specs.append((i, pr, t, c))
        deck_top = [card(c, f"deck[{j}]") for j, c in enumerate(deck_spec)]
        st.loose_shells = [card(c, f"loose_shells[{j}]") for j, c in enumerate(loose_spec)]
        for j, c in enumerate(st.loose_shells):
            if SHELL not in self.faces[c]:
                raise ScenarioError(f"loose_shells[{j}]: card {c} ({card_name(self.faces[c])}) is not a Shell")
        self._place_loose_shells(st, read_list(data.get("loose_shell_locations", []), "loose_shell_locations"))
        # animal numbers: explicit ones, else the lowest number not taken (document order); animal cards: the
        # given card (id or kind), else the lowest free card
        ids: dict[tuple[int, int], int] = {}
        for p, i, an, traits in animal_specs:
            where = f"players[{p}].animals[{i}]"
            if "id" in an:
                a = an["id"]
            else:
                a = next(x for x in range(self.num_cards) if x not in numbers)
                numbers[a] = where
            if "card" in an:
                c = card(an["card"], f"{where}.card")
            else:
                free = [x for x in range(self.num_cards) if x not in self.used]
                if not free:
                    raise ScenarioError(f"{where}: no free card left for this animal")
                c = free[0]
                self.used[c] = where
            ids[(p, i)] = a
            st.animal_card[a] = c
            self._put_animal(st, p, a, an, traits, where)
        by_pos = ids
        for i, pr, t, c in pair_specs:
            self._put_pair(st, i, pr, t, c, by_pos)
        if st.nature is not None or "nature" in data:   # Ice Age: the nature deck, the revealed card (its need
            nature.announce(st)                          # changes count in the animals' food checks below)
            nature.load_scenario(st, data.get("nature"), phase_name)
        for p, i, an, _ in animal_specs:
            a = ids[(p, i)]
            where = f"players[{p}].animals[{i}]"
            food = read_int(an.get("food", 0), f"{where}.food", 0)
            fat = read_int(an.get("fat", 0), f"{where}.fat", 0)
            if food > st.need[a] and not st.fat_tissue_count[a]:
                raise ScenarioError(f"{where}.food: {food} is more than animal {a}'s need {st.need[a]} (only an "
                                    "animal with Fat Tissue can hold more, from converting its fat)")
            if fat > st.fat_tissue_count[a]:
                raise ScenarioError(
                    f"{where}.fat: {fat} but animal {a} has only {st.fat_tissue_count[a]} Fat Tissue card(s)"
                )
            st.food[a] = food
            st.fat[a] = fat
            # received a red or blue token this turn (Piracy, ruling 29): by default, when it has food
            if read_bool(an.get("received_food", food > 0), f"{where}.received_food"):
                st.received_food |= 1 << a
        # the deck: listed cards on top, then the rest shuffled; deck_size keeps only that many (rest out of play)
        rest = [c for c in range(self.num_cards) if c not in self.used]
        st.rng.shuffle(rest)
        if "deck_size" in data:
            size = read_int(data["deck_size"], "deck_size", len(deck_top), len(deck_top) + len(rest))
            keep = size - len(deck_top)
            st.out_of_play = sorted(rest[keep:])
            rest = rest[:keep]
        st.deck = rest + list(reversed(deck_top))   # deck top is the end of the list
        # phase: the automatic phase step at the bottom of the stack decides who acts first
        if phase_name == "development":
            st.phase = DEV
            st.actor = to_act
            st.push(DEVELOPMENT_PHASE)
            if (st.passed >> to_act) & 1:
                raise ScenarioError(f"to_act: player {to_act} has already passed in this development phase")
        elif phase_name == "food_base":  # every seat has passed; the first player rolls
            st.phase = DEV
            st.passed = (1 << n) - 1
            st.actor = st.first
            st.push(FOOD_ROLL)
        elif phase_name == "extinction":  # the feeding is over: deaths, then dealing from the first player
            st.phase = EXT
            st.actor = st.first
            st.push(EXTINCTION)
        else:
            st.phase = FEED
            st.actor = to_act
            st.push(FEEDING_PHASE)
            st.food_base = read_int(data.get("food_base", 0), "food_base", 0)
            if "locations" in data:
                self._location_food(st, data["locations"])
            fd = read_object(data.get("feeding", {}), "feeding", {"main_action_used", "round_had_actions", "fired",
                                                           "mimicry_used", "comment"})
            st.main_action_used = read_bool(fd.get("main_action_used", False), "feeding.main_action_used")
            st.round_had_actions = read_bool(fd.get("round_had_actions", False), "feeding.round_had_actions")
            for key, attr in (("fired", "fired"), ("mimicry_used", "mimicry_used")):
                for index, c in enumerate(read_list(fd.get(key, []), f"feeding.{key}")):
                    c = read_int(c, f"feeding.{key}[{index}]", 0, self.num_cards - 1)
                    if st.card_trait[c] < 0:
                        raise ScenarioError(f"feeding.{key}[{index}]: card {c} is not a trait on the table")
                    setattr(st, attr, getattr(st, attr) | (1 << c))
        if "pending" in data:
            self._pending(st, data["pending"], by_pos)
        apply_scenario_controls(st, data, lambda deck, cards, path: pin_main_deck(st, deck, cards, path))
        st.log_events = True
        st.emit("scenario", {"text": f"scenario loaded: turn {st.turn}, {phase_name} phase"})
        st.settle()
        return st

    def _explicit_trait(self, spec: dict, where: str) -> tuple[int, int]:
        spec = read_object(spec, where, {"trait", "card"})
        if "trait" not in spec:
            raise ScenarioError(f"{where}: a trait object needs 'trait'")
        t = _trait(spec["trait"], where)
        c = spec["card"]
        if t not in self.faces[c]:
            raise ScenarioError(f"{where}: card {c} ({card_name(self.faces[c])}) cannot be played as {EN[t]}")
        return c, t

    def _location_food(self, st: OriginState, spec: Any) -> None:
        if not st.location:
            raise ScenarioError("locations: this game has no locations (-o sets=continents, without "
                                "continents_without_locations)")
        if "food_base" in self.data:
            raise ScenarioError("food_base: with locations, give each location's red tokens in 'locations'")
        spec = read_object(spec, "locations", set(LOCATION_IDS))
        st.location_food = [read_int(spec.get(name, 0), f"locations.{name}", 0) for name in LOCATION_IDS]

    @staticmethod
    def _place_loose_shells(st: OriginState, places: list) -> None:
        """With locations, each loose Shell lies in one: ``loose_shell_locations`` names them in the order of
        ``loose_shells`` (default: Laurasia, as for animals)."""
        if places and not st.location:
            raise ScenarioError("loose_shell_locations: this game has no locations (-o sets=continents, without "
                                "continents_without_locations)")
        if places and len(places) != len(st.loose_shells):
            raise ScenarioError(f"loose_shell_locations: one location per loose Shell ({len(st.loose_shells)}); got "
                                f"{len(places)}")
        for j, name in enumerate(places):
            if name not in LOCATION_IDS:
                raise ScenarioError(f"loose_shell_locations[{j}]: must be one of {', '.join(LOCATION_IDS)}; got "
                                    f"{name!r}")
        if st.location:
            st.shell_places = {c: LOCATION_IDS.index(places[j]) if places else 0
                               for j, c in enumerate(st.loose_shells)}

    def _put_animal(self, st: OriginState, p: int, a: int, an: dict, traits: list, where: str) -> None:
        st.animals[p].append(a)
        st.owner[a] = p
        if "location" in an:
            if not st.location:
                raise ScenarioError(f"{where}.location: this game has no locations (-o sets=continents, without "
                                    "continents_without_locations)")
            name = an["location"]
            if name not in LOCATION_IDS:
                raise ScenarioError(f"{where}.location: must be one of {', '.join(LOCATION_IDS)}; got {name!r}")
            st.location[a] = LOCATION_IDS.index(name)
        seen: set[int] = set()
        for j, (c, t) in enumerate(traits):
            if PAIRED[t]:
                raise ScenarioError(f"{where}.traits[{j}]: {EN[t]} is a paired trait; list it under 'pairs'")
            if TRAITS[t].target == "animal_only":
                raise ScenarioError(f"{where}.traits[{j}]: {EN[t]} is played only as an animal (ruling 4): give the "
                                    f"animal \"card\": \"{TRAIT_IDS[t]}\" instead")
            if t in seen and t != FAT:
                raise ScenarioError(f"{where}.traits[{j}]: trait {TRAIT_IDS[t]!r} appears twice on animal {a} "
                                    "(only Fat Tissue may)")
            seen.add(t)
            st.card_trait[c] = t
            st.trait_cards[a] = st.trait_cards[a] + (c,)
        for t in seen:
            for x in TRAITS[t].incompatible:
                if x in seen:
                    raise ScenarioError(f"{where}.traits: {EN[t]} and {EN[x]} cannot share an animal (animal {a})")
        st._recalc(a)
        flags = (
            ("hibernating", "hibernating"),
            ("hibernated_last_turn", "hibernated_last_turn"),
            ("attacked", "attacked"),
            ("poisoned", "poisoned"),
            ("piracy_used", "piracy_used"),
            ("tramp_used", "tramp_used"),
        )
        for key, attr in flags:
            if read_bool(an.get(key, False), f"{where}.{key}"):
                setattr(st, attr, getattr(st, attr) | (1 << a))
        if read_bool(an.get("regenerating", False), f"{where}.regenerating"):
            if REGENERATION not in seen:
                raise ScenarioError(f"{where}.regenerating: the traits of an eaten animal waiting for a new card "
                                    "include Regeneration (ruling 70)")
            st.husks |= 1 << a
            st._recalc(a)
        if (st.hibernating >> a) & 1 and (st.hibernated_last_turn >> a) & 1:
            raise ScenarioError(f"{where}.hibernating: animal {a} cannot hibernate in two consecutive turns")
        for j, name in enumerate(read_list(an.get("marks", []), f"{where}.marks")):
            if name not in MARKS:
                raise ScenarioError(f"{where}.marks[{j}]: unknown mark {name!r} (known: {', '.join(sorted(MARKS))})")
            st.mark(name, a)
        st._recalc(a)   # (a revealed Hunter's mark makes it a Carnivore)

    def _ref(self, v: Any, where: str, by_pos: dict) -> int:
        if isinstance(v, list) and len(v) == 2:
            key = (v[0], v[1])
            if key not in by_pos:
                raise ScenarioError(f"{where}: there is no animal {v} ([seat, index])")
            return by_pos[key]
        a = read_int(v, where, 0, self.num_cards - 1)
        if a not in by_pos.values():
            raise ScenarioError(f"{where}: there is no animal number {a} in this scenario")
        return a

    def _put_pair(self, st: OriginState, i: int, pr: dict, t: int, c: int, by_pos: dict) -> None:
        where = f"pairs[{i}]"
        an = read_list(pr["animals"], f"{where}.animals")
        if len(an) != 2:
            raise ScenarioError(f"{where}.animals: a paired trait links exactly two animals")
        a, b = (self._ref(x, f"{where}.animals[{j}]", by_pos) for j, x in enumerate(an))
        if a == b:
            raise ScenarioError(f"{where}.animals: a paired trait needs two different animals")
        if st.owner[a] != st.owner[b]:
            raise ScenarioError(f"{where}.animals: {EN[t]} must link two animals of the same player")
        if st.linked(a, b, t):
            raise ScenarioError(f"{where}.animals: animals {a} and {b} are already linked by {EN[t]}")
        if st.location and st.location[a] != st.location[b]:
            raise ScenarioError(f"{where}.animals: {EN[t]} links only two animals in the same location (animals {a} "
                                f"and {b} are in {LOCATION_IDS[st.location[a]]} and {LOCATION_IDS[st.location[b]]})")
        st.card_trait[c] = t
        st.first_animal[c] = a
        st.second_animal[c] = b
        st.trait_cards[a] = st.trait_cards[a] + (c,)
        st.trait_cards[b] = st.trait_cards[b] + (c,)
        st._recalc(a)
        st._recalc(b)

    def _pending(self, st: OriginState, spec: Any, by_pos: dict) -> None:
        spec = read_object(spec, "pending", {"kind", "carnivore", "target", "running_rolled", "targeted"})
        kind = spec.get("kind")
        if st.phase != FEED:
            raise ScenarioError("pending: an attack can be pending only in the feeding phase (phase)")
        c = self._ref(spec.get("carnivore"), "pending.carnivore", by_pos)
        if not (st.trait_mask[c] >> CARNIVORE) & 1:
            raise ScenarioError(f"pending.carnivore: animal {c} has no Carnivore")
        if st.owner[c] != st.actor:
            raise ScenarioError("pending.carnivore: must belong to the player whose feeding turn it is (to_act)")
        if kind == "attack_target":
            st.push(AttackTarget(st.actor, c))
        elif kind == "defence":
            t = self._ref(spec.get("target"), "pending.target", by_pos)
            ran = read_bool(spec.get("running_rolled", False), "pending.running_rolled")
            targeted = read_list(spec.get("targeted", []), "pending.targeted")
            seen = mask_of(self._ref(x, f"pending.targeted[{j}]", by_pos) for j, x in enumerate(targeted)) | (1 << t)
            st.main_action_used = True
            st.round_had_actions = True
            st.attacked |= 1 << c
            st.defend(c, t, ran, seen)
        else:
            raise ScenarioError(f"pending.kind: must be 'attack_target' or 'defence', got {kind!r}")



def pin_main_deck(st: OriginState, deck: str, cards: list[Any], path: str) -> None:
    """A scenario's ``{"deck": "main", "cards": [...]}``: those cards are drawn next, the first listed first.

    A card is a card id or a kind name (as in the ``deck`` field); it must be unseen — in the deck, or out of play
    when ``deck_size`` left it there by chance (it then trades places with the deck's bottom card)."""
    if deck != MAIN_DECK:
        raise ScenarioError(f"{path}.deck: origin has no deck named {deck!r} (known: {MAIN_DECK})")
    unseen = sorted(st.deck + st.out_of_play)
    faces = st.config.faces
    chosen: list[int] = []
    for index, spec in enumerate(cards):
        where = f"{path}.cards[{index}]"
        free = [c for c in unseen if c not in chosen]
        if isinstance(spec, int) and not isinstance(spec, bool):
            if spec not in free:
                raise ScenarioError(f"{where}: card {spec} is not in the deck (it is "
                                    f"{'pinned twice' if spec in chosen else 'in play or out of range'})")
            chosen.append(spec)
            continue
        if not isinstance(spec, str):
            raise ScenarioError(f"{where}: expected a card id or a card kind name, got {spec!r}")
        want = tuple(_trait(part, where) for part in spec.replace("+", "/").split("/") if part.strip())
        match = [c for c in free if faces[c] == want] or \
            ([c for c in free if want[0] in faces[c]] if len(want) == 1 else [])
        if not match:
            raise ScenarioError(f"{where}: no card of kind {spec!r} is left in the deck")
        chosen.append(match[0])
    put_on_top(st.deck, chosen, st.out_of_play, f"{path}.cards")
    st.out_of_play.sort()
