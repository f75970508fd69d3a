"""The effects Time to Fly adds to the turn (NOTES §9.2, rulings 49-52, 68, 76, 80, 81), between the core effects
with Continents' (:class:`~.migration.ContinentsFlow`) and the words (:class:`~.present.OriginPresentation`):

- every attack that reaches a new target first lets a carnivore that may still ignore a trait (Intellect; a Hunter's
  counterattack) ignore one: the one protection that would forbid the attack, or else one defence or Poisonous of the
  target chosen by its owner (``IntellectChoice``);
- then, if the target has no traits, its owner may reveal a hidden Hunter without traits, which counterattacks
  (``HunterReveal``); the original attack is over;
- a red-token take may be ambushed (``AmbushOffer``, ``FinishTake``);
- a Shell on an animal that leaves play stays in the centre of the table (``loose_shells``; with Continents' locations
  in the location where its animal died, ``shell_places``).

The decisions it pushes are here too: ``intellect`` (the owner of a carnivore that may still ignore a trait names one
trait card of the attacked animal — ``ignore(card)`` — or keeps the choice — ``pass``), ``hunter`` (the owner of an
attacked animal without traits reveals a hidden Hunter — ``reveal(animal)`` — or not — ``accept``), ``ambush_offer``
(a player may attack an animal taking a red token from Ambush — ``ambush(carnivore)`` — or ``pass``) and the automatic
``finish_take`` (the ambushed take ends: the token goes to the taker if it survived and can eat).
"""

from __future__ import annotations

from typing import Iterable

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal, Step

from . import actions
from .card_data import MAX_CARDS
from .flow import OriginFlow, PlayerDecision
from .geography import LOCATION_IDS, LOCATION_NAMES
from .migration import ContinentsFlow
from .trait_support import HUNTER_COUNTERATTACK, HUNTER_REVEALED
from .traits import (
    AMBUSH,
    BURROWING,
    CAN_BE_ATTACKED,
    CARNIVORE,
    DEFENDING,
    EN,
    PAIRED,
    PROTECTING,
    REACTING_TO_EATEN,
    SHELL,
)
from .traits.carnivore import ALREADY_ATTACKED, AMBUSHING, ASLEEP, ATTACKED_THIS_ROUND, CANNOT_EAT

#: the traits Intellect may choose to ignore once the attack is allowed: the target's defences and Poisonous
IGNORABLE = DEFENDING | REACTING_TO_EATEN
AMBUSH_BIT, BURROWING_BIT, CARNIVORE_BIT = 1 << AMBUSH, 1 << BURROWING, 1 << CARNIVORE
INTELLECT_SPENT = Refusal("this Carnivore has already ignored a trait this turn (Intellect works once per turn, "
                          "ruling 81)")
NOTHING_TO_IGNORE = Refusal("Intellect here ignores one defence of the attacked animal or its Poisonous; this trait "
                            "does not act in this attack (rulings 50, 81)")
AMBUSH_OWN_TAKE = Refusal("Ambush is offered only to the other players, not to the player whose animal takes the "
                          "token (ruling 76)")
ONE_CARNIVORE_PER_ROUND = Refusal("one of your Carnivores has already attacked in this feeding round (ruling 76)")


# ---------------------------------------------------------------------------------------------------- decisions
#: ``ignore(card)``: Intellect ignores this trait card of the attacked animal; ``reveal(animal)``: reveal this Hunter
IGNORE = tuple(Action("ignore", card) for card in range(MAX_CARDS))
REVEAL = tuple(Action("reveal", animal) for animal in range(MAX_CARDS))
HUNTER_MUST_REVEAL = Refusal("the attacked animal is a hidden Hunter that can counterattack: it must be revealed "
                             "(ruling 51)")


class IntellectChoice(PlayerDecision):
    """The owner of ``carnivore`` chooses the trait card of ``target`` it ignores (``ignore``) or none (``pass``);
    ``targeted``: the animals targeted so far in this attack."""

    __slots__ = ("player", "carnivore", "target", "targeted")
    name = "intellect"
    label = "intellect"
    accepts = ("ignore", "pass")
    player: int
    carnivore: int
    target: int
    targeted: int

    def candidates(self, state: ExpansionFlow) -> Iterable[Action]:
        return (actions.PASS, *IGNORE[:state.config.num_cards])

    def check(self, state: ExpansionFlow, action: Action) -> Refusal | None:
        if action.kind == "pass":
            return None
        return state.ignore_refusal(self.carnivore, self.target, action.args[0])

    def legal(self, state: ExpansionFlow) -> list[Action]:
        return [*(IGNORE[card] for card in state.trait_cards[self.target]
                  if state.ignore_refusal(self.carnivore, self.target, card) is None), actions.PASS]

    def resolve(self, state: ExpansionFlow, action: Action) -> None:
        state.flow.pop()
        if action.kind == "ignore":
            state.ignore_trait(self.carnivore, self.target, state.card_trait[action.args[0]])
        state.after_intellect(self.carnivore, self.target, self.targeted)

    def question(self, state: OriginFlow) -> str:   # (the state is an ExpansionFlow)
        return (f"which trait of A{self.target} Carnivore A{self.carnivore} ignores for the rest of the turn "
                "(ignore a trait card, or pass to keep the choice)")

    def info(self, state: ExpansionFlow) -> dict[str, object]:
        return {"carnivore": self.carnivore, "target": self.target}


class HunterReveal(PlayerDecision):
    """The owner of ``target`` (a traitless animal attacked by ``carnivore``) reveals one of their hidden Hunters
    (``reveal``) or lets the attack go on (``accept``)."""

    __slots__ = ("player", "carnivore", "target", "targeted")
    name = "hunter"
    label = "hunter"
    accepts = ("reveal", "accept")
    player: int
    carnivore: int
    target: int
    targeted: int

    def candidates(self, state: ExpansionFlow) -> Iterable[Action]:
        return (actions.ACCEPT, *REVEAL[:state.config.num_cards])

    def compulsory(self, state: ExpansionFlow) -> bool:
        return state.hunter_refusal(self.carnivore, self.target, self.target) is None

    def check(self, state: ExpansionFlow, action: Action) -> Refusal | None:
        if action.kind == "accept":
            return HUNTER_MUST_REVEAL if self.compulsory(state) else None
        return state.hunter_refusal(self.carnivore, self.target, action.args[0])

    def legal(self, state: ExpansionFlow) -> list[Action]:
        out = [REVEAL[hunter] for hunter in state.animals[self.player]
               if state.is_hidden_hunter(hunter)   # (refused at once)
               and state.hunter_refusal(self.carnivore, self.target, hunter) is None]
        return out if self.compulsory(state) else [*out, actions.ACCEPT]

    def resolve(self, state: ExpansionFlow, action: Action) -> None:
        state.flow.pop()
        if action.kind == "reveal":
            state.hunter_counterattack(action.args[0], self.carnivore)
        else:
            state.after_hunter(self.carnivore, self.target, self.targeted)

    def question(self, state: OriginFlow) -> str:   # (the state is an ExpansionFlow)
        return (f"Carnivore A{self.carnivore} attacks A{self.target}: reveal a Hunter to counterattack, or accept "
                "(no Hunter)")

    def info(self, state: ExpansionFlow) -> dict[str, object]:
        return {"carnivore": self.carnivore, "target": self.target}


AMBUSH_ACTIONS = tuple(Action("ambush", animal) for animal in range(MAX_CARDS))


class AmbushOffer(PlayerDecision):
    """``player`` may attack the animal ``taker`` (taking a red token) with one of their Ambush carnivores."""

    __slots__ = ("player", "taker")
    name = "ambush_offer"
    label = "ambush"
    accepts = ("ambush", "pass")
    player: int
    taker: int

    def candidates(self, state: ExpansionFlow) -> Iterable[Action]:
        return (actions.PASS, *AMBUSH_ACTIONS[:state.config.num_cards])

    def check(self, state: ExpansionFlow, action: Action) -> Refusal | None:
        if action.kind == "pass":
            return None
        carnivore = action.args[0]
        if state.owner[carnivore] != self.player:
            return Refusal(f"A{carnivore} is not one of your animals")
        return state.ambush_refusal(carnivore, self.taker)

    def legal(self, state: ExpansionFlow) -> list[Action]:
        return [*(AMBUSH_ACTIONS[c] for c in state.animals[self.player] if state.ambush_refusal(c, self.taker) is None),
                actions.PASS]

    def resolve(self, state: ExpansionFlow, action: Action) -> None:
        state.flow.pop()
        if action.kind == "pass":
            state.offer_next_ambush(self.player, self.taker)
        else:
            state.ambush(action.args[0], self.taker)

    def question(self, state: OriginFlow) -> str:   # (the state is an ExpansionFlow)
        return (f"A{self.taker} is taking a red token: attack it from Ambush with one of your Carnivores, or pass")

    def info(self, state: ExpansionFlow) -> dict[str, object]:
        return {"taker": self.taker}


class FinishTake(Step):
    """Automatic: the ambushed take of ``animal`` ends — it gets the red token if it survived and can still eat."""

    __slots__ = ("animal",)
    name = "finish_take"
    animal: int

    def run(self, state: ExpansionFlow) -> None:
        state.flow.pop()
        state.finish_take(self.animal)



class ExpansionFlow(ContinentsFlow):
    """Intellect, the Hunter, Ambush and loose Shells (see the module docstring)."""

    __slots__ = ()

    # ------------------------------------------------------------------------------------------------ attacks
    def start_attack(self, c: int, t: int) -> None:
        if self.config.red_token_takes:   # Ambush in the deck: a player's one Carnivore use per round (ruling 76)
            self.mark(ATTACKED_THIS_ROUND, c)
        super().start_attack(c, t)

    def defend(self, c: int, t: int, ran: bool, seen: int) -> None:
        """A new target (``ran`` False) first meets Intellect, then a Hunter; a repeated defence (after a failed
        Running roll) goes straight on."""
        if ran or not self.config.decision_kinds:   # (a repeated defence, or a deck without Time to Fly)
            super().defend(c, t, ran, seen)
            return
        if self.may_ignore(c):
            forced = self.forced_ignore(c, t, BURROWING_BIT if self.marked(AMBUSHING, c) else 0)
            if forced >= 0:
                self.ignore_trait(c, t, forced)
            elif any(self.ignore_refusal(c, t, card) is None for card in self.trait_cards[t]):
                self.push(IntellectChoice(self.owner[c], c, t, seen))
                return
        self.after_intellect(c, t, seen)

    def after_intellect(self, c: int, t: int, seen: int) -> None:
        owner = self.owner[t]
        if (self.trait_count(t) == 0 and "reveal" in self.config.decision_kinds   # (a deck with Hunters)
                and any(self.is_hidden_hunter(h) and self.hunter_refusal(c, t, h) is None   # (refused at once)
                        for h in self.animals[owner])):
            self.push(HunterReveal(owner, c, t, seen))
            return
        self.after_hunter(c, t, seen)

    def after_hunter(self, c: int, t: int, seen: int) -> None:
        super().defend(c, t, False, seen)

    # -- Intellect
    def ignore_refusal(self, c: int, t: int, card: int) -> Refusal | None:
        """Why ``c`` may not choose to ignore trait card ``card`` of ``t`` now."""
        if card not in self.trait_cards[t]:
            return Refusal(f"card {card} is not a trait card of the attacked animal A{t}")
        if not self.may_ignore(c):
            return INTELLECT_SPENT
        if not (IGNORABLE >> self.card_trait[card]) & 1:
            return NOTHING_TO_IGNORE
        return None

    def ignore_trait(self, c: int, t: int, trait: int) -> None:
        """``c`` ignores ``trait`` of ``t`` for the rest of the turn (its one choice, ruling 81)."""
        self.ignores[c] = (t, trait)
        if self.log_events:
            self.emit("intellect", {"text": f"{self.animal_text(c)} ignores {EN[trait]} of A{t} this turn",
                                    "carnivore": c, "target": t, "trait": EN[trait]})

    # -- the Hunter
    def hunter_refusal(self, c: int, t: int, hunter: int) -> Refusal | None:
        """Why the owner of the attacked ``t`` may not reveal ``hunter`` against Carnivore ``c`` (ruling 51)."""
        if self.owner[hunter] != self.owner[t] or hunter == c:
            return Refusal(f"A{hunter} is not one of your animals")
        if not self.is_hidden_hunter(hunter):
            return Refusal(f"A{hunter} is not a hidden Hunter")
        if self.trait_count(t) or self.trait_count(hunter):
            return Refusal("a Hunter is revealed only when an animal without traits is attacked, and only a Hunter "
                           "without traits (ruling 51)")
        mask = self.trait_mask[c] & PROTECTING
        for handler in CAN_BE_ATTACKED[mask]:
            refusal = handler(self, hunter, c)
            if refusal is not None and self.single_protection(hunter, c, mask) < 0:
                return Refusal(f"the Hunter could not attack the Carnivore even ignoring one trait: {refusal}")
        return None

    def hunter_counterattack(self, hunter: int, c: int) -> None:
        """``hunter`` is revealed (an animal with Carnivore from now on) and attacks ``c``; the attack of ``c`` is
        over (rulings 51, 52)."""
        self.mark(HUNTER_REVEALED, hunter)
        self.mark(HUNTER_COUNTERATTACK, hunter)
        self._recalc(hunter)
        self.attacked |= 1 << hunter
        if self.log_events:
            self.emit("hunter", {"text": f"{self.player_name(self.owner[hunter])} reveals a Hunter, A{hunter} (card "
                                 f"{self.animal_card[hunter]}): it counterattacks {self.animal_text(c)}",
                                 "hunter": hunter, "carnivore": c, "card": self.animal_card[hunter]})
        self.defend(hunter, c, False, 1 << c)

    def blue_token(self, a: int) -> None:
        """A Hunter that ate the carnivore keeps both blue tokens, even beyond its need (NOTES §9.2 anglerfish)."""
        if (self.owner[a] >= 0 and self.marks and self.marked(HUNTER_COUNTERATTACK, a) and not self.can_receive(a)
                and not (self.hibernating >> a) & 1):
            self.received_food |= 1 << a
            self.food[a] += 1
            if self.log_events:
                self.emit("blue", {"text": f"{self.animal_text(a)} gets a blue token (a Hunter keeps it)",
                                   "animal": a})
            return
        super().blue_token(a)

    # ------------------------------------------------------------------------------------------------ Ambush
    def offer_ambush(self, a: int) -> bool:
        """``a`` is about to take a red token: offer an Ambush to the next player who has one that may attack it
        (``True``: the take now finishes in :meth:`finish_take`)."""
        seat = self.next_ambusher(self.owner[a], a)
        if seat < 0:
            return False
        self.push(FinishTake(a), AmbushOffer(seat, a))
        return True

    def next_ambusher(self, after: int, a: int) -> int:
        """The next seat clockwise after ``after`` (and before the taker's owner) with an Ambush carnivore that may
        attack ``a``, or -1. (An animal holds Ambush only by a card played with that face: when none lies on the
        table — most takes — nobody's animals are searched.)"""
        face = self.card_trait
        for card in self.config.cards_by_face[AMBUSH]:
            if face[card] == AMBUSH:
                break
        else:
            return -1
        n, taker_owner, trait_masks = self.player_count, self.owner[a], self.trait_mask
        for i in range(1, n):
            seat = (after + i) % n
            if seat == taker_owner:
                return -1
            for c in self.animals[seat]:
                if trait_masks[c] & AMBUSH_BIT and self.ambush_refusal(c, a, False) is None:
                    return seat
        return -1

    def offer_next_ambush(self, seat: int, a: int) -> None:
        """``seat`` declined: the next player clockwise with a possible Ambush is asked (one ambush per take)."""
        nxt = self.next_ambusher(seat, a)
        if nxt >= 0:
            self.push(AmbushOffer(nxt, a))

    def ambush_refusal(self, c: int, a: int, explain: bool = True) -> Refusal | None:
        """Why ``c`` may not attack ``a`` (taking a red token) from Ambush: all attack conditions but the feeding turn
        and Burrowing (NOTES §9.2 ambush, ruling 76). With ``explain`` False (a search for an ambusher: only whether
        the answer is ``None`` matters) a refused attack answers with the attack's refusal as it is."""
        trait_masks = self.trait_mask
        if not trait_masks[c] & AMBUSH_BIT:
            return Refusal(f"A{c} has no Ambush")
        if not trait_masks[c] & CARNIVORE_BIT:
            return Refusal(f"A{c} is not a Carnivore: only a Carnivore attacks from Ambush")
        if self.owner[c] == self.owner[a]:
            return AMBUSH_OWN_TAKE
        if (self.attacked >> c) & 1:
            return ALREADY_ATTACKED
        round_attackers = self.marks.get(ATTACKED_THIS_ROUND, 0) if self.marks else 0
        if round_attackers:
            for x in self.animals[self.owner[c]]:
                if (round_attackers >> x) & 1:
                    return ONE_CARNIVORE_PER_ROUND
        if (self.hibernating >> c) & 1:
            return ASLEEP
        if not self.can_receive(c):
            return CANNOT_EAT
        refusal = self.attack_refusal(c, a, BURROWING_BIT)
        if refusal is None or not explain:
            return refusal
        return Refusal(f"your Carnivore cannot attack this animal: {refusal}")

    def ambush(self, c: int, a: int) -> None:
        """``c`` attacks ``a`` from Ambush: its one attack this turn and its player's Carnivore use this round."""
        self.mark(AMBUSHING, c)
        self.mark(ATTACKED_THIS_ROUND, c)
        self.attacked |= 1 << c
        self.round_had_actions = True
        if self.log_events:
            self.emit("ambush", {"text": f"Ambush: {self.animal_text(c)} attacks {self.animal_text(a)} as it takes a "
                                 "red token", "carnivore": c, "target": a})
        self.defend(c, a, False, 1 << a)

    def finish_take(self, a: int) -> None:
        """The (possibly ambushed) take of ``a`` ends: the token leaves the base only if ``a`` survived and can eat
        (ruling 76)."""
        self.marks.pop(AMBUSHING, None)
        if self.owner[a] >= 0 and self.food_base and self.can_receive(a):
            self.food_base -= 1
            self.receive(a, True)
        elif self.log_events:
            self.emit("token_stays", {"text": f"the red token A{a} was taking stays in the food base "
                                      f"({self.food_base} left)", "animal": a})

    # ------------------------------------------------------------------------------------------------ Shell
    def _remove_animal(self, a: int) -> None:
        """An animal leaving play leaves its Shell in the centre of the table (ruling 68); a partner whose need drops
        with the paired cards it takes away (Trematode) may become fed (Viviparous)."""
        if not self.trait_cards[a] or not self.config.decision_kinds or (self.husks >> a) & 1:
            # (no traits, no Time to Fly, or an eaten Regeneration animal: its traits stay on the table as a husk)
            super()._remove_animal(a)
            return
        shells = [c for c in self.trait_cards[a] if self.card_trait[c] == SHELL]
        owner = self.owner[a]
        first, second = self.first_animal, self.second_animal
        partners = [(second[c] if first[c] == a else first[c]) for c in self.trait_cards[a]
                    if PAIRED[self.card_trait[c]]]
        was_fed = [self.is_fed(b) for b in partners]
        super()._remove_animal(a)
        for b, fed in zip(partners, was_fed):
            self.check_became_fed(b, fed)
        for c in shells:
            self.discard[owner].remove(c)
            self.loose_shells.append(c)
            if self.location:   # Continents: it lies in the location where its animal died (NOTES §9.2 shell)
                self.shell_places[c] = self.location[a]
            if self.log_events:
                place = LOCATION_NAMES[self.location[a]] if self.location else "the centre of the table"
                self.emit("loose_shell", {"text": f"the Shell (card {c}) of A{a} stays in {place}", "card": c,
                                          **({"location": LOCATION_IDS[self.location[a]]} if self.location else {})})
