"""The position and rules of the base game of *Evolution: The Origin of Species* (``origin``).

Representation (hot path = plain lists of ints and int bit masks, copied cheaply by :meth:`OriginState.clone`):

- every physical card has an id 0 .. ``config.num_cards`` - 1 (the deck of the chosen sets, ``deck.py``). An animal
  has its own **animal number** in the same range, given in order of appearance
  (the lowest number never used yet), never the id of the card it was played from: the animal card's trait side is
  hidden from the other players, and card ids map to card kinds publicly. ``acard[a]`` is the card under animal
  ``a`` (kept after the animal dies; -1 for a number not used yet); only the owner's view and events show it;
- per animal number: ``owner`` (seat, -1 if not (or no longer) on the table), ``food`` (red + blue tokens; above
  ``need`` only after converting more fat than needed — the extra blue tokens stay until the end of the turn),
  ``fat`` (yellow tokens), ``need``, ``nfat`` (Fat Tissue cards on it), ``tm`` (bit mask of its trait kinds),
  ``tr`` (tuple of the trait card ids under it, paired cards included);
- per card id: ``face`` (trait kind a card was played as, -1 otherwise), ``pa``/``pb`` (the two animal numbers of a
  paired card; for Symbiosis ``pa`` is the symbiont);
- per-turn marks are int bit masks over animal numbers (``hib``, ``attacked``, ``recv`` …) or trait card ids
  (``mim_used``, ``fired``). ``recv`` marks the animals that have received a red or blue token this turn (any real
  receipt: food base, Communication, Cooperation, attack, Scavenger, Piracy — never the conversion of fat, ruling 24);
  Piracy robs only such animals (ruling 29).

Flow: the turn structure and every interrupt are steps on the kernel's decision stack (``flow.py``); the methods
here are what those steps do to the position. A slot in which a player can do nothing but pass is skipped.
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action, rank_winners
from evolutio.kernel.flow import FlowState, Refusal

from . import actions as A
from .card_data import HAND_SIZE
from .deck import Deck
from .flow import (
    DevelopmentPhase,
    TriggerOrder,
)
from .options import CONTINENTS
from .phases import DEV
from .present import OriginPresentation
from .trait_support import TraitSupport
from .traits import (
    CAN_ATTACK,
    CAN_BE_ATTACKED,
    CAN_RECEIVE,
    DEFENDING,
    EN,
    FAT,
    FOOD,
    HOOKS,
    LIMITING_ATTACKS,
    LIMITING_FOOD,
    MAIN_ACTION_ORDER,
    OFFER_DEFENCES,
    OFFER_FREE_ACTIONS,
    OFFERING_FREE_ACTIONS,
    ON_RECEIVE,
    PAIRED,
    PROTECTING,
    REACTING_TO_FOOD,
    TRAITS,
    card_name,
)
from .turn import OriginTurn

INCOMPATIBLE = tuple(sum(1 << x for x in t.incompatible) for t in TRAITS)
#: per trait: may go on the player's own animals / on other players' animals; its own bit if an animal carries at most
#: one; the bits that keep it off
ON_OWN = tuple(t.target != "opponent" for t in TRAITS)
ON_OTHERS = tuple(t.target in ("opponent", "any") for t in TRAITS)
SINGLE_COPY = tuple(0 if t.multiple else 1 << t.num for t in TRAITS)
BLOCKING_PLACEMENT = tuple(single | incompatible for single, incompatible in zip(SINGLE_COPY, INCOMPATIBLE))
#: per trait: why it cannot go on an animal (wrong owner, a second copy, an incompatible trait), in player terms
PLACEMENT_REFUSALS = tuple(
    (Refusal(f"{t.en} can be played only on another player's animal (ruling 5)" if t.target == "opponent"
             else f"{t.en} can be played only on your own animals (ruling 5)"),
     Refusal(f"the animal already has {t.en}; an animal cannot carry two copies of a trait (ruling 6)"),
     Refusal(f"{t.en} and {' / '.join(EN[x] for x in t.incompatible)} cannot share an animal (ruling 8)"))
    for t in TRAITS)

# food base: (dice, extra tokens) by number of players (NOTES §4.2, ruling 11)
FOOD_TABLE = {2: (1, 2), 3: (2, 0), 4: (2, 2), 5: (3, 2), 6: (3, 4), 7: (4, 2), 8: (4, 4)}

NO_SELF_ATTACK = Refusal("a carnivore cannot attack itself")
HIBERNATING_EATS_NOTHING = Refusal("a hibernating animal cannot receive tokens (ruling 26)")
ALREADY_FULL = Refusal("this animal is fed and its Fat Tissue (if any) is full (ruling 15)")


class Config:
    """Per-game constants shared (never copied) by every state of one game."""

    __slots__ = (
        "player_count",
        "num_cards",
        "hand_size",
        "set_aside",
        "half_deck",
        "faces",
        "deck_option",
        "max_fat",
        "dice",
        "plus",
        "mimicry_unlimited",
        "paired_per_animal",
        "tiebreak_dice",
    )

    def __init__(self, n: int, deck: Deck, options: dict[str, Any]) -> None:
        self.player_count = n
        #: cards in the deck of the chosen sets: card ids and animal numbers are 0 .. num_cards - 1
        self.num_cards = deck.size
        #: cards dealt at the start and to a player left with no animals and no hand (ruling 1, 58)
        self.hand_size = options["continents_start_hand"] if CONTINENTS in options["sets"] else HAND_SIZE
        self.set_aside = deck.set_aside
        self.half_deck = bool(options["half_deck"])
        self.faces = deck.faces
        self.deck_option = deck.name
        self.max_fat = deck.max_fat_per_animal
        self.dice, self.plus = FOOD_TABLE[n]
        self.mimicry_unlimited = bool(options.get("mimicry_unlimited", False))
        self.paired_per_animal = bool(options.get("paired_scores_per_animal", False))
        self.tiebreak_dice = bool(options.get("tiebreak_dice", False))


class OriginState(OriginPresentation, OriginTurn, TraitSupport, FlowState):
    __slots__ = (
        "config",
        "player_count",
        "deck",
        "hands",
        "animals",
        "discard",
        "out_of_play",
        "animal_card",
        "owner",
        "food",
        "fat",
        "need",
        "fat_tissue_count",
        "trait_mask",
        "trait_cards",
        "card_trait",
        "first_animal",
        "second_animal",
        "hibernating",
        "hibernated_last_turn",
        "attacked",
        "poisoned",
        "received_food",
        "piracy_used",
        "mimicry_used",
        "tramp_used",
        "fired",
        "phase",
        "turn",
        "first",
        "actor",
        "passed",
        "food_base",
        "main_action_used",
        "round_had_actions",
        "feeding_offer",
        "decided_winners",
        "dice",
        "marks",
    )

    # ------------------------------------------------------------------------------------------------ setup
    def _init_empty(self, cfg: Config) -> None:
        n = cfg.player_count
        size = cfg.num_cards
        self.config = cfg
        self.player_count = n
        self.deck = []
        self.hands = [[] for _ in range(n)]
        self.animals = [[] for _ in range(n)]
        self.discard = [[] for _ in range(n)]
        self.out_of_play = []
        self.animal_card = [-1] * size
        self.owner = [-1] * size
        self.food = [0] * size
        self.fat = [0] * size
        self.need = [1] * size
        self.fat_tissue_count = [0] * size
        self.trait_mask = [0] * size
        self.trait_cards = [()] * size
        self.card_trait = [-1] * size
        self.first_animal = [-1] * size
        self.second_animal = [-1] * size
        self.hibernating = self.hibernated_last_turn = self.attacked = self.poisoned = self.received_food = 0
        self.piracy_used = self.mimicry_used = self.tramp_used = self.fired = 0
        self.phase = DEV
        self.turn = 1
        self.first = 0
        self.actor = 0
        self.passed = 0
        self.food_base = 0
        self.main_action_used = False
        self.round_had_actions = False
        #: the choices of the feeding turn on top of the stack, computed when it was pushed (``None``: not known)
        self.feeding_offer: list[Action] | None = None
        self.decided_winners = None
        self.dice = ()
        #: per-animal marks of the trait modules (``trait_support.py``): name -> bit mask of animal numbers
        self.marks: dict[str, int] = {}

    def _setup_new(self) -> None:
        """Shuffle, choose the first player at random and deal the starting hand, one card at a time from the first.

        Cards set aside by ``halve_each_kind``, and the top half of the shuffled deck with ``half_deck``, stay out of
        play (in the box)."""
        n = self.player_count
        cfg = self.config
        aside = set(cfg.set_aside)
        deck = [c for c in range(cfg.num_cards) if c not in aside]
        self.rng.shuffle(deck)
        if cfg.half_deck:
            half = len(deck) // 2
            aside.update(deck[-half:])
            del deck[-half:]
        self.out_of_play = sorted(aside)
        self.deck = deck
        self.first = self.rng.randbelow(n)
        hand_size = cfg.hand_size
        for _ in range(hand_size):
            for i in range(n):
                self.hands[(self.first + i) % n].append(deck.pop())
        self.actor = self.first
        if self.log_events:
            self.emit(
                "setup",
                {
                    "text": f"{n} players; {self.player_name(self.first)} is the first player; {hand_size} cards each",
                    "first_player": self.first,
                },
            )
            for p in range(n):
                self.emit(
                    "draw",
                    {
                        "text": f"{self.player_name(p)} draws {self._cards_text(self.hands[p])}",
                        "player": p,
                        "cards": list(self.hands[p]),
                    },
                    to=(p,),
                    redacted={"text": f"{self.player_name(p)} draws {hand_size} cards", "player": p,
                              "count": hand_size},
                )
        self.push(DevelopmentPhase())
        self.settle()

    # ------------------------------------------------------------------------------------------------ kernel API
    @property
    def turn_number(self) -> int:
        return self.turn

    def _legal_actions(self) -> list[Action]:
        # every origin step lists exactly the choices the rules allow now (its ``check`` refuses none of them)
        choices = self.flow[-1].candidates(self)
        return choices if type(choices) is list else list(choices)

    def clone(self) -> "OriginState":
        new = OriginState.__new__(OriginState)
        self._copy_base(new)
        self._copy_flow(new)
        new.config = self.config
        new.player_count = self.player_count
        new.deck = self.deck[:]
        new.hands = [h[:] for h in self.hands]
        new.animals = [a[:] for a in self.animals]
        new.discard = [d[:] for d in self.discard]
        new.out_of_play = self.out_of_play[:]
        new.animal_card = self.animal_card[:]
        new.owner = self.owner[:]
        new.food = self.food[:]
        new.fat = self.fat[:]
        new.need = self.need[:]
        new.fat_tissue_count = self.fat_tissue_count[:]
        new.trait_mask = self.trait_mask[:]
        new.trait_cards = self.trait_cards[:]
        new.card_trait = self.card_trait[:]
        new.first_animal = self.first_animal[:]
        new.second_animal = self.second_animal[:]
        new.hibernating = self.hibernating
        new.hibernated_last_turn = self.hibernated_last_turn
        new.attacked = self.attacked
        new.poisoned = self.poisoned
        new.received_food = self.received_food
        new.piracy_used = self.piracy_used
        new.mimicry_used = self.mimicry_used
        new.tramp_used = self.tramp_used
        new.fired = self.fired
        new.phase = self.phase
        new.turn = self.turn
        new.first = self.first
        new.actor = self.actor
        new.passed = self.passed
        new.food_base = self.food_base
        new.main_action_used = self.main_action_used
        new.round_had_actions = self.round_had_actions
        new.feeding_offer = self.feeding_offer
        new.decided_winners = self.decided_winners
        new.dice = self.dice
        new.marks = self.marks.copy()
        return new

    # ------------------------------------------------------------------------------------------------ helpers
    @staticmethod
    def player_name(p: int) -> str:
        return f"Player {p + 1}"

    def _card_text(self, c: int) -> str:
        return f"{card_name(self.config.faces[c])} (card {c})"

    def _cards_text(self, cards) -> str:
        return ", ".join(self._card_text(c) for c in cards) if cards else "no cards"

    def animal_text(self, a: int, viewer: int | None = None) -> str:
        """Animal ``a`` in words with its (public) traits — never its animal card, which only its owner may see."""
        o = self.owner[a]
        if o < 0:
            return f"animal A{a}"
        whose = "your" if viewer == o else f"{self.player_name(o)}'s"
        traits = ", ".join(EN[self.card_trait[c]] for c in self.trait_cards[a])
        return f"{whose} animal A{a}" + (f" ({traits})" if traits else "")

    def is_fed(self, a: int) -> bool:
        return bool((self.hibernating >> a) & 1) or self.food[a] >= self.need[a]

    def _can_receive(self, a: int) -> bool:
        """May ``a`` receive a red or blue token now? (NOTES §2; :meth:`receive_refusal` says why not)."""
        if (self.hibernating >> a) & 1:
            return False
        if self.food[a] >= self.need[a] and self.fat[a] >= self.fat_tissue_count[a]:
            return False
        mask = self.trait_mask[a] & LIMITING_FOOD
        return not mask or self.receive_refusal(a) is None

    def receive_refusal(self, a: int) -> Refusal | None:
        """Why ``a`` cannot receive a red or blue token now, or ``None`` (NOTES §2 "can receive food")."""
        if (self.hibernating >> a) & 1:
            return HIBERNATING_EATS_NOTHING
        if self.food[a] >= self.need[a] and self.fat[a] >= self.fat_tissue_count[a]:
            return ALREADY_FULL
        mask = self.trait_mask[a] & LIMITING_FOOD
        if mask:
            for handler in CAN_RECEIVE[mask]:
                refusal = handler(self, a)
                if refusal is not None:
                    return refusal
        return None

    def attack_refusal(self, carnivore: int, target: int) -> Refusal | None:
        """Why ``carnivore`` may not attack ``target`` (``None`` if it may): the traits of both (§6.2)."""
        if carnivore == target:
            return NO_SELF_ATTACK
        mask = self.trait_mask[target] & PROTECTING
        if mask:
            for handler in CAN_BE_ATTACKED[mask]:
                refusal = handler(self, carnivore, target)
                if refusal is not None:
                    return refusal
        mask = self.trait_mask[carnivore] & LIMITING_ATTACKS
        if mask:
            for handler in CAN_ATTACK[mask]:
                refusal = handler(self, carnivore, target)
                if refusal is not None:
                    return refusal
        return None

    def carnivore_ready(self, c: int) -> bool:
        """Carnivore ``c`` may attack this turn (ignoring targets): not used, not hibernating, can eat (§6.1)."""
        return not ((self.attacked | self.hibernating) >> c) & 1 and self._can_receive(c)

    def attack_targets(self, c: int) -> list[int]:
        out = []
        refusal = self.attack_refusal
        for anims in self.animals:
            for t in anims:
                if t != c and refusal(c, t) is None:
                    out.append(t)
        return out

    def has_attack_target(self, c: int) -> bool:
        refusal = self.attack_refusal
        for anims in self.animals:
            for t in anims:
                if t != c and refusal(c, t) is None:
                    return True
        return False

    def piracy_victims(self, a: int) -> list[int]:
        """Animals a Piracy animal may rob: received a red or blue token this turn (converting its own fat does not
        count, ruling 24), still has food to take, and is not fed (ruling 29)."""
        out = []
        food, need = self.food, self.need
        m = self.received_food & ~self.hibernating
        if not m:
            return out
        for anims in self.animals:
            for v in anims:
                if v != a and (m >> v) & 1 and food[v] and food[v] < need[v]:
                    out.append(v)
        return out

    def _recalc(self, a: int) -> None:
        m = 0
        need = 1
        nf = 0
        face = self.card_trait
        for c in self.trait_cards[a]:
            t = face[c]
            m |= 1 << t
            need += FOOD[t]
            if t == FAT:
                nf += 1
        self.trait_mask[a] = m
        self.need[a] = need
        self.fat_tissue_count[a] = nf
        if self.fat[a] > nf:
            self.fat[a] = nf

    def linked(self, a: int, b: int, t: int) -> bool:
        face, pa, pb = self.card_trait, self.first_animal, self.second_animal
        for c in self.trait_cards[a]:
            if face[c] == t and (pa[c] == b or pb[c] == b):
                return True
        return False

    # -- placement (development) -----------------------------------------------------------------------------
    def placement_refusal(self, p: int, t: int, a: int) -> Refusal | None:
        """Why player ``p`` may not play the single-animal trait ``t`` on animal ``a`` now (``None`` if they may)."""
        o = self.owner[a]
        if o < 0:
            return Refusal(f"A{a} is not an animal on the table")
        if not (ON_OWN[t] if o == p else ON_OTHERS[t]):
            return PLACEMENT_REFUSALS[t][0]
        mask = self.trait_mask[a] & BLOCKING_PLACEMENT[t]
        if mask:
            return PLACEMENT_REFUSALS[t][1 if mask & SINGLE_COPY[t] else 2]
        return None

    def _pair_reason(self, p: int, t: int, a: int, b: int) -> str | None:
        if self.owner[a] != p or self.owner[b] != p:
            return f"{EN[t]} is played on two of your own animals (ruling 5)"
        if a == b:
            return f"{EN[t]} needs two different animals"
        if self.linked(a, b, t):
            return f"these two animals are already linked by {EN[t]} (ruling 7)"
        return None

    def _has_partner(self, p: int, t: int, a: int) -> bool:
        for b in self.animals[p]:
            if b != a and not self.linked(a, b, t):
                return True
        return False

    def _has_placement(self, p: int, t: int) -> bool:
        if PAIRED[t]:
            anims = self.animals[p]
            if len(anims) < 2:
                return False
            for a in anims:
                if self._has_partner(p, t, a):
                    return True
            return False
        if TRAITS[t].target == "opponent":
            for q in range(self.player_count):
                if q != p:
                    for a in self.animals[q]:
                        if not (self.trait_mask[a] >> t) & 1:
                            return True
            return False
        seats = range(self.player_count) if ON_OTHERS[t] else (p,)
        for q in seats:
            for a in self.animals[q]:
                if self.placement_refusal(p, t, a) is None:
                    return True
        return False

    # ------------------------------------------------------------------------------------------------ legal actions
    def first_targets(self, p: int, t: int) -> list[Action]:
        """The animals player ``p`` may name first for trait ``t`` (for a paired trait: those with a partner left)."""
        if PAIRED[t]:
            return [A.TARGET[a] for a in self.animals[p] if self._has_partner(p, t, a)]
        if ON_OTHERS[t]:
            return [A.TARGET[a] for q in range(self.player_count) if q != p or ON_OWN[t] for a in self.animals[q]
                    if self.placement_refusal(p, t, a) is None]
        return [A.TARGET[a] for a in self.animals[p] if self.placement_refusal(p, t, a) is None]

    def development_choices(self, p: int) -> list[Action]:
        L = [A.PASS]
        faces = self.config.faces
        ok: dict[int, bool] = {}
        has_animals = bool(self.animals[p]) or any(self.animals)
        ANIMAL = A.ANIMAL
        for i, c in enumerate(self.hands[p]):
            L.append(ANIMAL[i])
            if not has_animals:
                continue
            fs = faces[c]
            for fi in range(len(fs)):
                t = fs[fi]
                v = ok.get(t)
                if v is None:
                    v = ok[t] = self._has_placement(p, t)
                if v:
                    L.append(A.TRAIT[c][fi])
        return L

    def feeding_choices(self, p: int) -> list[Action]:
        L: list[Action] = []
        anims = self.animals[p]
        if not anims:
            return [A.PASS]
        base = self.food_base
        compulsory = False
        tm = self.trait_mask
        if not self.main_action_used:
            if base:
                for a in anims:
                    if self._can_receive(a):
                        L.append(A.TAKE[a])
                compulsory = bool(L)
            for trait_bit, handlers in MAIN_ACTION_ORDER:
                for a in anims:
                    if tm[a] & trait_bit:
                        for handler in handlers:
                            handler(self, a, L)
        for a in anims:
            mask = tm[a] & OFFERING_FREE_ACTIONS
            if mask:
                for handler in OFFER_FREE_ACTIONS[mask]:
                    handler(self, a, L)
        if not compulsory:
            L.append(A.PASS)
        return L

    def defence_choices(self, carnivore: int, target: int, rolled: bool, targeted: int) -> list[Action]:
        choices: list[Action] = []
        compulsory = False
        mask = self.trait_mask[target] & DEFENDING
        if mask:
            for handler in OFFER_DEFENCES[mask]:
                if handler(self, carnivore, target, rolled, targeted, choices):
                    compulsory = True
        if not compulsory:
            choices.append(A.ACCEPT)
        return choices

    # ------------------------------------------------------------------------------------------------ triggers
    def _trig_ok(self, x: int) -> bool:
        c = x >> 1
        if (self.fired >> c) & 1:
            return False
        trait = self.card_trait[c]
        if trait < 0:
            return False   # the card left play
        r = self.second_animal[c] if x & 1 else self.first_animal[c]
        if r < 0 or not self._can_receive(r):
            return False
        for handler in HOOKS.handlers("trigger_blocked", 1 << trait):
            if handler(self, c, r) is not None:
                return False
        return True

    def valid_triggers(self, triggers: tuple[int, ...]) -> list[int]:
        return [x for x in triggers if self._trig_ok(x)]

    def receive(self, a: int, red: bool) -> None:
        """``a`` (which can receive) gets one token; a red one came from the food base. Runs the ``on_receive`` hooks.

        Every real receipt of food passes here (take, Communication, Cooperation, attack, Scavenger, Piracy) and marks
        ``received_food``; converting fat does not (ruling 24)."""
        self.received_food |= 1 << a
        if self.food[a] < self.need[a]:
            self.food[a] += 1
        else:
            self.fat[a] += 1
        mask = self.trait_mask[a] & REACTING_TO_FOOD
        if mask:
            for handler in ON_RECEIVE[mask]:
                handler(self, a, red)

    def queue_paired_triggers(self, a: int, trait: int) -> None:
        """Queue the triggers of ``a``'s paired ``trait`` cards that have not fired this round, towards their other
        animal (a trigger is ``2 * card + side``; side 1 = the card's second animal)."""
        face, first, fired = self.card_trait, self.first_animal, self.fired
        queued = [2 * c + (1 if first[c] == a else 0) for c in self.trait_cards[a] if face[c] == trait
                  and not (fired >> c) & 1]
        if not queued:
            return
        top = self.flow[-1] if self.flow else None
        if isinstance(top, TriggerOrder):
            self.replace(TriggerOrder(self.owner[a], top.triggers + tuple(queued)))
        else:
            self.push(TriggerOrder(self.owner[a], tuple(queued)))

    def fire(self, x: int) -> None:
        """Fire trigger ``x`` (``2 * card + side``) of the pool on top of the stack."""
        c = x >> 1
        r = self.second_animal[c] if x & 1 else self.first_animal[c]
        self.fired |= 1 << c
        pool = self.flow[-1]
        assert isinstance(pool, TriggerOrder)
        self.replace(TriggerOrder(pool.player, tuple(y for y in pool.triggers if (y >> 1) != c)))
        for handler in HOOKS.handlers("fire_trigger", 1 << self.card_trait[c]):
            handler(self, c, r)

    def poison(self, carnivore: int) -> None:
        """``carnivore`` ate a Poisonous animal: it dies in the next extinction phase."""
        self.poisoned |= 1 << carnivore

    # ------------------------------------------------------------------------------------------------ scoring
    def score_of(self, p: int) -> int:
        per = self.config.paired_per_animal
        face, pa = self.card_trait, self.first_animal
        s = 0
        for a in self.animals[p]:
            s += 2
            for c in self.trait_cards[a]:
                t = face[c]
                if PAIRED[t] and not per and pa[c] != a:
                    continue
                s += 1 + FOOD[t]
        return s

    def scores(self) -> list[int]:
        return [self.score_of(p) for p in range(self.player_count)]

    def winners(self) -> list[int]:
        if self.decided_winners is not None:
            return list(self.decided_winners)
        return rank_winners(self.scores(), [len(d) for d in self.discard])

    # ------------------------------------------------------------------------------------------------ census
    def card_census(self) -> dict[str, int]:
        """Where the cards are: each card id must be in exactly one place."""
        seen: dict[int, str] = {}
        out = {
            "deck": len(self.deck),
            "hands": 0,
            "animals": 0,
            "traits": 0,
            "discard": 0,
            "box": len(self.out_of_play),
        }

        def put(c: int, where: str) -> None:
            if c in seen and not (where == "traits" and seen[c] == "traits"):
                raise AssertionError(f"card {c} is both in {seen[c]} and {where}")
            seen[c] = where

        for c in self.deck:
            put(c, "deck")
        for c in self.out_of_play:
            put(c, "box")
        for p in range(self.player_count):
            for c in self.hands[p]:
                put(c, "hands")
            out["hands"] += len(self.hands[p])
            for c in self.discard[p]:
                put(c, "discard")
            out["discard"] += len(self.discard[p])
            for a in self.animals[p]:
                put(self.animal_card[a], "animals")
                out["animals"] += 1
        traits = set()
        for p in range(self.player_count):
            for a in self.animals[p]:
                for c in self.trait_cards[a]:
                    if c not in traits:
                        put(c, "traits")
                        traits.add(c)
        out["traits"] = len(traits)
        missing = set(range(self.config.num_cards)) - set(seen)
        if missing:
            raise AssertionError(f"cards {sorted(missing)} are nowhere")
        out["total"] = len(seen)
        return out

