"""Views, action descriptions, JSON and determinization of :class:`OriginState` (off the hot path).

Mixed into the state class; every method here only reads the position except ``determinize`` (which builds a copy).
"""

from __future__ import annotations

from typing import Any, Self

from evolutio.kernel import Action, Rng
from evolutio.kernel.flow import Hold, steps_from_json, steps_to_json

from . import nature
from .choices import CHOICE_STEPS, RecombinationGift, RegenerationCard
from .expansion_flow import AmbushOffer, ExpansionFlow, FinishTake, HunterReveal, IntellectChoice
from .flow import (
    DEAL,
    DEVELOPMENT_PHASE,
    DEVELOPMENT_TURN,
    EXTINCTION,
    FEEDING_PHASE,
    FEEDING_TURN,
    FOOD_ROLL,
    STEP_TYPES,
    AttackTarget,
    Defence,
    DevelopmentTurn,
    PiracyVictim,
    ScavengerChoice,
    SecondTraitTarget,
    TraitTarget,
    TriggerOrder,
)
from .geography import LOCATION_IDS, LOCATIONS
from .migration import LOCATION_STEPS, PlaceAnimal, RemoraFollow, SwimmingCard
from .phases import PHASE_NAMES, bits, mask_of
from .trait_support import HUNTER_REVEALED
from .traits import (
    DESCRIBE,
    EN,
    PAIRED,
    RU,
    SYMBIOSIS,
    TRAIT_IDS,
    TRAITS,
    card_name,
    card_name_ru,
)

#: every step a saved game may hold: the core's, Continents' and Time to Fly's
ALL_STEP_TYPES = (*STEP_TYPES, *LOCATION_STEPS, *CHOICE_STEPS, IntellectChoice, HunterReveal, AmbushOffer, FinishTake)
#: the phase and turn steps the live game pushes as one instance each (flow.py): a loaded stack reuses them too
SHARED_STEPS = (DEVELOPMENT_PHASE, DEVELOPMENT_TURN, FOOD_ROLL, FEEDING_PHASE, FEEDING_TURN, EXTINCTION, DEAL)


class OriginPresentation(ExpansionFlow):
    """What players and files see of a game: views, action descriptions, the JSON form and determinization."""

    __slots__ = ()

    # ---------------------------------------------------------------------------------------------------- cards
    def card_info(self, c: int) -> dict[str, Any]:
        faces = self.config.faces[c]
        info = {"id": c, "traits": [TRAIT_IDS[t] for t in faces], "name": card_name(faces), "ru": card_name_ru(faces)}
        if self.nature is not None and any(nature.reconstructed_trait(self, TRAIT_IDS[t]) for t in faces):
            info["reconstructed"] = True   # an Ice Age card: the project's reconstruction, not the printed card
        return info

    # ---------------------------------------------------------------------------------------------------- view
    def _animal_view(self, a: int, viewer: int | None) -> dict[str, Any]:

        traits = []
        for c in self.trait_cards[a]:
            t = self.card_trait[c]
            d: dict[str, Any] = {"card": c, "trait": TRAIT_IDS[t], "name": EN[t], "ru": RU[t]}
            if PAIRED[t]:
                other = self.second_animal[c] if self.first_animal[c] == a else self.first_animal[c]
                d["partner"] = other
                if t == SYMBIOSIS:
                    d["role"] = "symbiont" if self.first_animal[c] == a else "protected"
            if self.nature is not None and nature.reconstructed_trait(self, TRAIT_IDS[t]):
                d["reconstructed"] = True
            traits.append(d)
        o = self.owner[a]
        v: dict[str, Any] = {
            "id": a,
            "owner": o,
            "traits": traits,
            "food": self.food[a],
            "fat": self.fat[a],
            "fat_slots": self.fat_tissue_count[a],
            "need": self.need[a],
            "fed": self.is_fed(a),
            "hibernating": bool((self.hibernating >> a) & 1),
            "hibernated_last_turn": bool((self.hibernated_last_turn >> a) & 1),
            "attacked_this_turn": bool((self.attacked >> a) & 1),
            "poisoned": bool((self.poisoned >> a) & 1),
            "piracy_used": bool((self.piracy_used >> a) & 1),
            "tramp_used": bool((self.tramp_used >> a) & 1),
            "received_food": bool((self.received_food >> a) & 1),
        }
        if self.location:
            v["location"] = LOCATION_IDS[self.location[a]]
        if (self.husks >> a) & 1:
            v["regenerating"] = True   # an eaten Regeneration animal's traits, waiting for a new animal card
        marks = self.marks_of(a) if self.marks else ()
        if marks:
            v["marks"] = marks   # the expansions' per-turn marks ("voracious_used", "shy_attacked")
        if viewer == o:
            v["card"] = self.card_info(self.animal_card[a])   # the trait side of the animal card: its owner's eyes only
        return v

    def decision_info(self) -> dict[str, Any]:
        """The decision on top of the stack, in the view's form (``kind`` "none" when the game is over)."""
        step = self.step
        player = self.current_player
        d: dict[str, Any] = {"kind": getattr(step, "label", "none"), "player": player}
        if isinstance(step, (TraitTarget, SecondTraitTarget)):
            d.update(card=step.card, trait=TRAIT_IDS[self.config.faces[step.card][step.face]])
            if isinstance(step, SecondTraitTarget):
                d["first_animal"] = step.first
        elif isinstance(step, AttackTarget):
            d["carnivore"] = step.carnivore
        elif isinstance(step, PiracyVictim):
            d["pirate"] = step.pirate
        elif isinstance(step, Defence):
            d.update(carnivore=step.carnivore, target=step.target, running_rolled=step.rolled,
                     targeted=bits(step.targeted))
        elif isinstance(step, TriggerOrder):
            d["triggers"] = [{"card": x >> 1, "to": self.second_animal[x >> 1] if x & 1 else self.first_animal[x >> 1]}
                             for x in sorted(set(self.valid_triggers(step.triggers)))]
        elif isinstance(step, ScavengerChoice):
            d["scavenger_owner"] = step.player
        elif isinstance(step, (PlaceAnimal, RegenerationCard)):
            d["animal"] = step.animal
        elif isinstance(step, RecombinationGift):
            d.update(card=step.card, giver=step.giver(self), given=step.given if step.given >= 0 else None)
        elif isinstance(step, RemoraFollow):
            d.update(migrant=step.migrant, origin=LOCATION_IDS[step.origin], destination=LOCATION_IDS[step.destination])
        elif isinstance(step, SwimmingCard):
            d.update(animal=step.animal, destination=LOCATION_IDS[step.destination])
        elif isinstance(step, (IntellectChoice, HunterReveal, AmbushOffer)):
            d.update(step.info(self))
        elif isinstance(step, Hold):
            d.update(kind="hold", point=step.point)
        return d

    def view(self, player: int | None) -> dict[str, Any]:

        if player is not None and not (isinstance(player, int) and 0 <= player < self.player_count):
            raise ValueError(f"no seat {player!r} in a {self.player_count}-player game")
        players = []
        for p in range(self.player_count):
            pv: dict[str, Any] = {
                "seat": p,
                "name": self.player_name(p),
                "hand_size": len(self.hands[p]),
                "discard_size": len(self.discard[p]),
                "passed": bool((self.passed >> p) & 1) if self.phase == 0 else False,
                "score": self.score_of(p),
                "animals": [self._animal_view(a, player) for a in self.animals[p]],
            }
            if p == player:
                pv["hand"] = [self.card_info(c) for c in self.hands[p]]
                pv["discard"] = [self.card_info(c) for c in self.discard[p]]
            players.append(pv)
        v: dict[str, Any] = {
            "game": "origin",
            "seat": player,
            "players_count": self.player_count,
            "turn": self.turn,
            "phase": PHASE_NAMES[self.phase],
            "first_player": self.first,
            "to_act": self.current_player,
            "decision": self.decision_info(),
            "held": self.held,
            "food_base": self.food_base,
            "dice": list(self.dice),
            "deck_size": len(self.deck),
            "last_turn": not self.deck,
            "out_of_play": len(self.out_of_play),
            "feeding": {
                "player": self.actor,
                "main_action_used": self.main_action_used,
                "round_had_actions": self.round_had_actions,
                "fired_this_round": bits(self.fired),
                "mimicry_used": bits(self.mimicry_used),
            }
            if self.phase == 1
            else None,
            "players": players,
            "options": {
                "deck": self.config.deck_option,
                "mimicry_unlimited": self.config.mimicry_unlimited,
                "paired_scores_per_animal": self.config.paired_per_animal,
                "tiebreak_dice": self.config.tiebreak_dice,
            },
        }
        if self.location:   # Continents: each location's red tokens, and the feeding turn's location
            v["locations"] = {LOCATION_IDS[x]: {"food": self.food_in(x)} for x in LOCATIONS}
            v["food_base"] = sum(self.food_in(x) for x in LOCATIONS)
            v["feeding_location"] = self.feeding_location_id()
        if self.nature is not None:   # Ice Age: the nature-change deck and the revealed card
            v["nature"] = nature.view(self)
        if self.loose_shells:   # Time to Fly: Shells left in the centre of the table (face up)
            v["loose_shells"] = list(self.loose_shells)
            if self.location:   # with locations, each lies in one (where its animal died)
                for x in LOCATIONS:
                    here = self.loose_shells_in(x)
                    if here:
                        v["locations"][LOCATION_IDS[x]]["loose_shells"] = here
        if self.ignores:   # Time to Fly: the traits Intellect carnivores ignore this turn
            v["ignores"] = [{"carnivore": c, "target": t, "trait": TRAIT_IDS[trait]}
                            for c, (t, trait) in sorted(self.ignores.items())]
        if self.phase == 3:
            v["scores"] = self.scores()
            v["winners"] = self.winners()
        return v

    # ---------------------------------------------------------------------------------------------------- words
    def _your(self, a: int) -> str:
        o = self.owner[a]
        if o < 0:
            return f"animal A{a}"
        return f"{'your' if o == self.current_player else self.player_name(o) + chr(39) + 's'} animal A{a}"

    def describe(self, action: Action) -> str:
        k, args = action.kind, action.args
        try:
            if k in DESCRIBE:
                return DESCRIBE[k](self, *args)
            if k == "pass" and hasattr(self.step, "info"):   # declining a Time to Fly choice
                return "keep Intellect's choice for later" if isinstance(self.step, IntellectChoice) else "no Ambush"
            if k == "accept" and isinstance(self.step, HunterReveal):
                return "reveal no Hunter: the attack goes on"
            if k == "pass":

                if isinstance(self.step, RemoraFollow):
                    return "no (more) of your Remoras follow the migrant"
                development = isinstance(self.step, DevelopmentTurn)
                return "pass (play no more cards this phase)" if development else "end your feeding turn"
            if k == "animal":
                # the acting seat's own hand card (legal actions are for the seat to act; others see only the slot)

                i = args[0]
                hand = self.hands[self.actor] if isinstance(self.step, DevelopmentTurn) else ()
                if 0 <= i < len(hand):
                    c = hand[i]
                    return f"play {card_name(self.config.faces[c])} card {c} (hand slot {i}) as a new animal"
                return f"play the card in hand slot {i} as a new animal"
            if k == "trait":
                c, f = args
                faces = self.config.faces[c]
                t = faces[f]
                src = f" (from {card_name(faces)} card {c})" if len(faces) > 1 else f" (card {c})"
                how = {"own_pair": "on a pair of your animals", "opponent": "on another player's animal",
                       "any": "on any player's animal", "opponent_pair": "on two animals of one other player"}.get(
                    TRAITS[t].target, "on one of your animals")
                return f"play {EN[t]}{src} {how}"
            if k == "target":
                return self._describe_target(args[0])
            if k == "take":
                return f"take a red token for {self._your(args[0])}"
            if k == "attack":
                return f"attack with your Carnivore A{args[0]}"
            if k == "convert":
                return f"convert {args[1]} fat token(s) of {self._your(args[0])} into food"
            if k == "pirate":
                return f"steal food with your Piracy animal A{args[0]}"
            if k == "tramp":
                return f"destroy a red token with your Tramp animal A{args[0]}"
            if k == "hibernate":
                return f"put {self._your(args[0])} into Hibernation"
            if k == "fire":
                c, side = args
                to = self.second_animal[c] if side else self.first_animal[c]
                what = "takes a red token" if self.card_trait[c] == 15 else "gets a blue token"
                return f"{EN[self.card_trait[c]]} card {c} first: animal A{to} {what}"
            if k == "run":
                return "roll the Running die (4–6: escape)"
            if k == "mimic":
                return f"Mimicry: redirect the attack to {self._your(args[0])}"
            if k == "tail":
                c = args[0]
                return f"Tail Loss: drop {EN[self.card_trait[c]]} (card {c}) and survive"
            if k == "accept":
                return "use no defence: the animal is eaten"
            if k == "scavenge":
                return f"give the Scavenger token to {self._your(args[0])}"
        except (IndexError, TypeError, ValueError):
            pass
        return str(action)

    def _describe_target(self, x: int) -> str:
        step = self.step
        if isinstance(step, TraitTarget):
            t = self.config.faces[step.card][step.face]
            if t == SYMBIOSIS:
                return f"Symbiosis: name {self._your(x)} as the symbiont"
            if PAIRED[t]:
                return f"{EN[t]}: first animal {self._your(x)}"
            return f"play {EN[t]} on {self._your(x)}"
        if isinstance(step, SecondTraitTarget):
            t = self.config.faces[step.card][step.face]
            if t == SYMBIOSIS:
                return f"Symbiosis: {self._your(x)} is protected by symbiont A{step.first}"
            return f"{EN[t]}: link A{step.first} with {self._your(x)}"
        if isinstance(step, AttackTarget):
            return f"Carnivore A{step.carnivore} attacks {self.animal_text(x, step.player)}"
        if isinstance(step, PiracyVictim):
            return f"Piracy A{step.pirate} steals a token from {self.animal_text(x, step.player)}"
        return f"choose animal A{x}"

    # ---------------------------------------------------------------------------------------------------- JSON
    def to_json(self) -> dict[str, Any]:

        d = self._base_json()
        d["origin"] = {
            "deck": list(self.deck),
            "hands": [list(h) for h in self.hands],
            "animals": [list(a) for a in self.animals],
            "discard": [list(x) for x in self.discard],
            "out_of_play": list(self.out_of_play),
            "animal_cards": list(self.animal_card),
            "owner": list(self.owner),
            "food": list(self.food),
            "fat": list(self.fat),
            "need": list(self.need),
            "fat_tissue_count": list(self.fat_tissue_count),
            "trait_mask": list(self.trait_mask),
            "trait_cards": [list(t) for t in self.trait_cards],
            "card_trait": list(self.card_trait),
            "first_animal": list(self.first_animal),
            "second_animal": list(self.second_animal),
            "hibernating": bits(self.hibernating),
            "hibernated_last_turn": bits(self.hibernated_last_turn),
            "attacked": bits(self.attacked),
            "poisoned": bits(self.poisoned),
            "received_food": bits(self.received_food),
            "piracy_used": bits(self.piracy_used),
            "mimicry_used": bits(self.mimicry_used),
            "tramp_used": bits(self.tramp_used),
            "fired": bits(self.fired),
            "phase": self.phase,
            "turn": self.turn,
            "first": self.first,
            "actor": self.actor,
            "passed": bits(self.passed),
            "food_base": self.food_base,
            "main_action_used": self.main_action_used,
            "round_had_actions": self.round_had_actions,
            "flow": steps_to_json(self.flow),
            "decided_winners": list(self.decided_winners) if self.decided_winners is not None else None,
            "dice": list(self.dice),
        }
        if self.marks:   # the expansions' per-animal marks (absent in the base game: its digests stay the same)
            d["origin"]["marks"] = self.marks_json()
        if self.location or self.husks or self.shed:   # Continents (absent in other games: their digests stay the same)
            d["origin"]["continents"] = {"location": list(self.location), "location_food": list(self.location_food),
                                         "feeding_location": self.feeding_location, "husks": bits(self.husks),
                                         "shed_animal_cards": bits(self.shed)}
            if self.shell_places:   # Time to Fly: where each loose Shell lies
                d["origin"]["continents"]["loose_shell_locations"] = {str(c): x for c, x in
                                                                      sorted(self.shell_places.items())}
        if self.nature is not None:
            d["origin"]["nature"] = self.nature.to_json()
        if self.ignores:   # likewise Intellect's choices and the loose Shells (Time to Fly)
            d["origin"]["ignores"] = {str(c): list(choice) for c, choice in sorted(self.ignores.items())}
        if self.loose_shells:
            d["origin"]["loose_shells"] = list(self.loose_shells)
        return d

    def _load_json(self, o: dict[str, Any]) -> None:

        self.deck = list(o["deck"])
        self.hands = [list(h) for h in o["hands"]]
        self.animals = [list(a) for a in o["animals"]]
        self.discard = [list(x) for x in o["discard"]]
        self.out_of_play = list(o["out_of_play"])
        self.animal_card = list(o["animal_cards"])
        size = self.config.num_cards
        if len(self.animal_card) != size:
            raise ValueError(f"origin state field 'animal_cards' must have {size} entries")
        for k in (
            "owner",
            "food",
            "fat",
            "need",
            "fat_tissue_count",
            "trait_mask",
            "card_trait",
            "first_animal",
            "second_animal",
        ):
            v = list(o[k])
            if len(v) != size:
                raise ValueError(f"origin state field {k!r} must have {size} entries")
            setattr(self, k, v)
        self.trait_cards = [tuple(t) for t in o["trait_cards"]]
        for k in (
            "hibernating",
            "hibernated_last_turn",
            "attacked",
            "poisoned",
            "piracy_used",
            "mimicry_used",
            "tramp_used",
            "fired",
            "passed",
        ):
            setattr(self, k, mask_of(o[k]))
        self.received_food = mask_of(o["received_food"])
        for k in ("phase", "turn", "first", "actor", "food_base"):
            setattr(self, k, int(o[k]))
        self.main_action_used = bool(o["main_action_used"])
        self.round_had_actions = bool(o["round_had_actions"])
        self.restore_flow(steps_from_json(o["flow"], ALL_STEP_TYPES, "origin.flow", SHARED_STEPS))
        self.decided_winners = list(o["decided_winners"]) if o["decided_winners"] is not None else None
        self.dice = tuple(o["dice"])
        self.load_marks(o.get("marks", {}), "origin.marks")
        self.load_continents(o.get("continents"), "origin.continents")
        if self.config.ice_age is not None:
            self.nature = nature.NatureDeck.from_json(o["nature"], len(self.config.ice_age.cards))
        self.ignores = {int(c): (int(choice[0]), int(choice[1])) for c, choice in o.get("ignores", {}).items()}
        self.loose_shells = [int(c) for c in o.get("loose_shells", [])]

    # ---------------------------------------------------------------------------------------------------- hidden info
    def determinize(self, player: int, rng: Rng) -> Self:
        """A full state consistent with what ``player`` has seen (see docs/origin.md, "Determinization").

        Seen by ``player``: their own hand, their own animal cards and their own discard pile; every card played face
        up as a trait (on the table, or in any discard pile after its animal died or Tail Loss dropped it); a card
        another player is in the middle of playing as a trait (it was announced). Unseen: the deck order, the other
        players' hands, the cards under the other players' animals (alive, or dead and now in their discard piles,
        or left there when a Regeneration animal got a new card) and the cards out of play. The unseen cards are
        pooled, shuffled with ``rng`` and put back in the same places (same hand sizes, same deck size, one card under
        every such animal, the same discard positions).
        Nothing the rules do depends on which card lies under an animal, so the copy plays on like the original.
        Future dice come from a fresh generator forked from ``rng``; the event log (which holds other seats'
        private events) is dropped.
        """

        if not (isinstance(player, int) and 0 <= player < self.player_count):
            raise ValueError(f"no seat {player!r} in a {self.player_count}-player game")
        new = self.clone()
        held = -1
        step = self.step
        if isinstance(step, (TraitTarget, SecondTraitTarget)) and step.player != player:
            held = step.card   # the card being played is public
        # another player choosing a Swimming card of their discard pile (Continents): its cards keep their places, so
        # that the choice the copy asks is the one asked (they are not resampled)
        kept = set(self.swimming_cards_in_discard(step.player)) \
            if isinstance(step, SwimmingCard) and step.player != player else set()
        acard = new.animal_card
        revealed = self.marks.get(HUNTER_REVEALED, 0)
        animal_of = {c: a for a, c in enumerate(acard) if c >= 0}
        pool: list[int] = list(new.deck) + list(new.out_of_play)
        hand_sizes = [0] * self.player_count
        anims: list[int] = []          # other players' animals, alive or dead (their cards are unseen)
        disc_slots: list[tuple[int, int, int]] = []
        shed_slots: list[tuple[int, int]] = []
        for q in range(self.player_count):
            if q == player:
                continue
            h = [c for c in new.hands[q] if c != held]
            hand_sizes[q] = len(h)
            pool.extend(h)
            for a in new.animals[q]:
                if not (revealed >> a) & 1:   # (a revealed Hunter's card is known to all)
                    anims.append(a)
                    pool.append(acard[a])
            for i, c in enumerate(new.discard[q]):
                a = animal_of.get(c, -1)
                if c in kept:
                    continue
                if a >= 0 and not (revealed >> a) & 1:
                    disc_slots.append((q, i, a))
                    anims.append(a)
                    pool.append(c)
                elif new.shed >> c & 1:   # the old animal card of a regenerated animal (Continents)
                    shed_slots.append((q, i))
                    pool.append(c)
        rng.shuffle(pool)
        k = 0
        for q in range(self.player_count):
            if q == player:
                continue
            keep = [held] if held >= 0 and held in self.hands[q] else []
            new.hands[q] = pool[k:k + hand_sizes[q]] + keep
            k += hand_sizes[q]
        for a in anims:
            acard[a] = pool[k]
            k += 1
        for q, i, a in disc_slots:
            new.discard[q][i] = acard[a]
        for q, i in shed_slots:
            new.shed &= ~(1 << new.discard[q][i])
        for q, i in shed_slots:
            new.discard[q][i] = pool[k]
            new.shed |= 1 << pool[k]
            k += 1
        nb = len(new.out_of_play)
        new.out_of_play = sorted(pool[k:k + nb])
        k += nb
        new.deck = pool[k:]
        if new.nature is not None:   # the order of the nature deck is unseen by everyone
            rng.shuffle(new.nature.deck)
        new.rng = rng.fork()
        new.events = []
        new._legal = None
        return new
