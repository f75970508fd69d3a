"""Intelligence (R36, R37; not in the course variant).

A Carnivore with Intelligence may attack though defences block it, discarding a card per defence to negate them
before it strikes (Horns too, though they do not block); never past the size rule, and such an attack is never
compulsory. A herbivore with Intelligence discards a card to take plant food from the bank (with Foraging and
Cooperation), never compulsory either. Hungarian reading (option ``intelligence_any_time``): herbivores also use it in
a window before each other player's feeding turn.

The trait's own steps — the negation before the strike, the Intelligence window and the continuation after a take
that waited for a store-surplus decision — live here with its options and refusals; the feeding rules call in through
the hooks registered below.
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from ..config import (
    DEFENCE_BITS,
    DEFENCE_NAMES,
    FOOD_,
    INTEL,
    MASK,
    MAX_SPECIES,
    NEGATE,
    NUM_DEFENCES,
    POP,
    POPCOUNT,
    SIZE,
)
from ..steps import Continuation, FeedingTurn, NorthstarStep, PlayerStep
from . import TRAIT_BIT, action_rule, hooks, in_play_when, trait_step

INTELLIGENCE = TRAIT_BIT["intelligence"]
CARNIVORE = TRAIT_BIT["carnivore"]


# ------------------------------------------------------------------------------------------- negation (R36)
@trait_step
class NegateDefences(PlayerStep):
    """An Intelligence Carnivore's attack before the strike: discard cards to negate defences (``negated``: bits)."""

    __slots__ = ("attacker", "target_player", "target", "negated")
    name = "negate_defences"
    phase = NEGATE
    KINDS = ("negate", "strike")

    def __init__(self, player: int, attacker: int, target_player: int, target: int, negated: int) -> None:
        self.player = player
        self.attacker = attacker
        self.target_player = target_player
        self.target = target
        self.negated = negated

    def blockers(self, state: Any) -> int:
        blocks: int = state.blockers(self.player, self.attacker, self.target_player, self.target, self.negated)
        return blocks

    def legal(self, state: Any) -> list[Action]:
        """Intelligence's negations the attacker can still afford (a card per defence), then strike when
        unblocked."""
        cfg = state.cfg
        hand = state.hands[self.player]
        choices = negation_choices(state, self)
        acts = []
        for d in range(NUM_DEFENCES):
            if choices >> d & 1:
                for c in hand:
                    acts.append(cfg.row("negate", c, NUM_DEFENCES)[d])
        if not self.blockers(state):
            acts.append(cfg.STRIKE)
        return acts

    def check(self, state: Any, action: Action) -> Refusal | None:
        if action.kind == "strike":
            blocks = self.blockers(state)
            if blocks:
                reasons = state.block_reasons(self.player, self.attacker, self.target_player, self.target, blocks)
                return Refusal("the attack is still blocked: " + "; ".join(reasons))
            return None
        c, d = action.args
        refusal: Refusal | None = state.card_refusal(self.player, c)
        if refusal is not None:
            return refusal
        if not negation_choices(state, self) >> d & 1:
            if negatable(state, self.player, self.attacker, self.target_player, self.target, self.negated) >> d & 1:
                return Refusal(f"negating {DEFENCE_NAMES[d]} would leave you without the cards the remaining "
                               f"defences need")
            return Refusal(f"{DEFENCE_NAMES[d]} does not protect the target in this attack (or is already negated)")
        return None

    def resolve(self, state: Any, action: Action) -> None:
        state.flow.pop()
        p, a, tp, t, neg = self.player, self.attacker, self.target_player, self.target, self.negated
        if action.kind == "negate":
            c, d = action.args
            state.hands[p].remove(c)
            state.discard.append(c)
            neg |= 1 << d
            if state.log_events:
                state.emit("negate", {"text": f"Intelligence: player {p + 1} discards {state._label(c)} to negate "
                                              f"{DEFENCE_NAMES[d]}", "player": p, "card": c, "defence": d})
            if state.hands[p] and negatable(state, p, a, tp, t, neg):
                state.push(NegateDefences(p, a, tp, t, neg))
                return
        if state._resolve_attack(p, a, tp, t, neg):
            state._end_feed_turn(True)

    def prompt(self, state: Any) -> str:
        return "discard cards to negate the target's defences, then strike"


def negatable(state: Any, p: int, a: int, tp: int, t: int, negated: int) -> int:
    """Defences Intelligence may negate in this attack: every active blocker plus Horns (R36)."""
    blocks: int = state.blockers(p, a, tp, t, negated) & DEFENCE_BITS
    for also in hooks.handlers("negatable", state.boards[tp][t][MASK]):
        blocks |= also(negated)
    return blocks


def negation_choices(state: Any, step: NegateDefences) -> int:
    """The defences (bit d) the attacker may negate now: those Intelligence can negate in this attack (R36), and one
    that does not block only while a card stays for each defence that does."""
    p, a, tp, t, neg = step.player, step.attacker, step.target_player, step.target, step.negated
    blocks = step.blockers(state)
    choices = negatable(state, p, a, tp, t, neg)
    if len(state.hands[p]) - 1 >= POPCOUNT[blocks & DEFENCE_BITS]:
        return choices
    return choices & blocks


def negates_all(state: Any, p: int, blocks: int) -> bool:
    """R36: a card per blocking defence, and the size rule (or an attack on itself) is not among them."""
    return not blocks & ~DEFENCE_BITS and POPCOUNT[blocks] <= len(state.hands[p])


@hooks.on("overcomes_blocks", "intelligence")
def overcomes_blocks(state: Any, p: int, blocks: int) -> bool:
    return negates_all(state, p, blocks)


@hooks.on("blocked_attack_note", "intelligence")
def could_negate(state: Any, p: int, blocks: int) -> str:
    if blocks & SIZE:
        return ""
    return f" (Intelligence could negate this with {POPCOUNT[blocks]} card(s); you hold {len(state.hands[p])})"


@hooks.on("attack_begins", "intelligence")
def negation_first(state: Any, p: int, a: int, tp: int, t: int) -> bool:
    """An Intelligence Carnivore holding cards decides its negations before the strike, if any are possible."""
    if state.hands[p] and negatable(state, p, a, tp, t, 0):
        state.push(NegateDefences(p, a, tp, t, 0))
        return True
    return False


# ------------------------------------------------------------------------------------- plant food (R37)
def eater(state: Any, species: list[Any]) -> bool:
    """A herbivore with Intelligence that can take food."""
    mask = species[MASK]
    return bool(mask & INTELLIGENCE and not mask & CARNIVORE and state.can_eat(species))


def food_refusal(state: Any, p: int, args: tuple[int, ...]) -> Refusal | None:
    """R37: discarding a card for plant food from the bank, for a herbivore with Intelligence that can eat."""
    c, s = args
    refusal: Refusal | None = state.card_refusal(p, c) or state.species_refusal(p, s)
    if refusal is not None:
        return refusal
    species = state.boards[p][s]
    if not species[MASK] & INTELLIGENCE:
        return Refusal(f"your species {s + 1} does not have Intelligence")
    if species[MASK] & CARNIVORE:
        return Refusal(f"your species {s + 1} is a Carnivore: Intelligence negates defences when it attacks instead")
    if not eater(state, species):
        return Refusal(f"your species {s + 1} cannot take more food")
    return None


@hooks.on("feeding_options", "intelligence")
def food_options(state: Any, p: int, s: int, acts: list[Action]) -> None:
    """A herbivore with Intelligence that can eat: a hand card for plant food from the bank."""
    if not state.boards[p][s][MASK] & CARNIVORE:
        row = state.cfg.row
        for c in state.hands[p]:
            acts.append(row("intelligence_food", c, MAX_SPECIES)[s])


def take_food(state: Any, p: int, c: int, s: int, window: tuple[int, ...]) -> bool:
    """R37: discard a card, the herbivore takes the Intelligence food from the bank (Foraging +1, Cooperation). False
    when the take waits for a store-surplus decision (``window``: the Intelligence window it is used in, if any)."""
    state.hands[p].remove(c)
    state.discard.append(c)
    species = state.boards[p][s]
    got = state._take(p, s, state.cfg.intelligence_food, False, True, 1 if species[FOOD_] >= species[POP] else 0)
    if got < 0:
        state.wait_for_decision(AfterIntelligence(p, c, s, window))
        return False
    if state.log_events:
        log_food(state, p, c, s, got)
    return True


def log_food(state: Any, p: int, c: int, s: int, got: int) -> None:
    state.emit("intelligence", {"text": f"Intelligence: player {p + 1} discards {state._label(c)}; species {s + 1} "
                                        f"takes {got} plant food from the bank", "player": p, "card": c,
                                "species": s})


def resolve_food(state: Any, p: int, args: tuple[int, ...]) -> None:
    """``intelligence_food`` on the player's own feeding turn: the turn goes on."""
    state.passes = 0
    if take_food(state, p, args[0], args[1], ()):
        state.push(FeedingTurn(p))


action_rule("intelligence_food", food_refusal, resolve_food)


@trait_step
class AfterIntelligence(Continuation):
    """After an Intelligence take; ``window``: the Intelligence window it was used in (empty: the feeding turn)."""

    __slots__ = ("player", "card", "species", "window")
    name = "after_intelligence"
    player: int
    card: int
    species: int
    window: tuple[int, ...]

    def resume(self, state: Any, head: int) -> None:
        q = self.player
        if state.log_events:
            log_food(state, q, self.card, self.species, head)
        if not self.window:
            state.push(FeedingTurn(q))
        elif eligible(state, q):
            state.push(IntelligenceWindow(self.window))
        else:
            next_in_window(state, list(self.window))


# ------------------------------------------------------------------------- the window (Hungarian reading)
@trait_step
class IntelligenceWindow(NorthstarStep):
    """Hungarian reading: before a feeding turn, other players may use herbivore Intelligence (``players`` in
    order, the first decides now)."""

    __slots__ = ("players",)
    name = "intelligence_window"
    phase = INTEL
    KINDS = ("intelligence_food", "pass")
    players: tuple[int, ...]

    def decider(self, state: Any) -> int | None:
        return self.players[0]

    def legal(self, state: Any) -> list[Action]:
        p = self.players[0]
        acts: list[Action] = []
        for s, species in enumerate(state.boards[p]):
            if eater(state, species):
                food_options(state, p, s, acts)
        acts.append(state.cfg.PASS)
        return acts

    def check(self, state: Any, action: Action) -> Refusal | None:
        if action.kind == "pass":
            return None
        return food_refusal(state, self.players[0], action.args)

    def resolve(self, state: Any, action: Action) -> None:
        state.flow.pop()
        players = self.players
        q = players[0]
        if action.kind == "intelligence_food":
            state.passes = 0
            if not take_food(state, q, action.args[0], action.args[1], players):
                return
            if eligible(state, q):
                state.push(IntelligenceWindow(players))
                return
        next_in_window(state, list(players))

    def prompt(self, state: Any) -> str:
        return "use Intelligence for plant food, or pass"


def eligible(state: Any, p: int) -> bool:
    """Player ``p`` holds a card and a herbivore with Intelligence that can eat."""
    return bool(state.hands[p]) and any(eater(state, species) for species in state.boards[p])


@hooks.on("before_feeding_turn")
@in_play_when(lambda cfg: cfg.intel_any)
def open_window(state: Any, q: int) -> bool:
    """Hungarian reading: the other players, from the next one on, may use Intelligence first."""
    n = state.cfg.n
    if not state.cfg.intel_any:
        return False
    window = [r for r in ((q + j) % n for j in range(1, n)) if eligible(state, r)]
    if window:
        state.push(IntelligenceWindow(tuple(window)))
        return True
    return False


def next_in_window(state: Any, window: list[int]) -> None:
    """The Intelligence window (its first player done) moves on to the next eligible player, or the feeding turn
    begins."""
    window.pop(0)
    while window and not eligible(state, window[0]):
        window.pop(0)
    if window:
        state.push(IntelligenceWindow(tuple(window)))
        return
    if not state.standard_feeding_options(state.turn)[0]:
        state.passes += 1
        state._feed_seek((state.turn + 1) % state.cfg.n)
        return
    state.push(FeedingTurn(state.turn))
