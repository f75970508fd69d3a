"""Views, action descriptions, refusal reasons, JSON and determinization of :class:`OriginState` (off the hot path).

Mixed into the state class; every method here only reads the position except ``determinize`` (which builds a copy).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from evolutio.kernel import Action, Rng
from evolutio.kernel.flow import Hold, steps_from_json, steps_to_json

from .flow import (
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
from .phases import PHASE_NAMES, bits, mask_of
from .traits import (
    CARNIVORE,
    DESCRIBE,
    EN,
    HIBERNATION,
    PAIRED,
    PIRACY,
    REFUSE,
    RU,
    SYMBIOSIS,
    TRAIT_IDS,
    TRAITS,
    TRAMP,
    card_name,
    card_name_ru,
)

if TYPE_CHECKING:
    from .state import OriginState


class OriginPresentation:
    __slots__ = ()

    # ---------------------------------------------------------------------------------------------------- cards
    def card_info(self, c: int) -> dict[str, Any]:
        faces = self.config.faces[c]
        return {"id": c, "traits": [TRAIT_IDS[t] for t in faces], "name": card_name(faces), "ru": card_name_ru(faces)}

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
        marks = self.marks_of(a) if self.marks else ()
        if marks:
            v["marks"] = marks   # the expansions' per-turn marks ("voracious_used", "shy_survived_attack")
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
            if k == "pass":

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
                       "any": "on any player's animal"}.get(TRAITS[t].target, "on one of your animals")
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

    # ---------------------------------------------------------------------------------------------------- refusals
    def explain_illegal(self, action: Action) -> str:
        if self.held is not None:   # while held, the kernel's Hold step says what the only choice is
            return super().explain_illegal(action)
        try:
            msg = self._explain(action)
        except (IndexError, TypeError, ValueError):
            msg = None
        return msg or f"{self.describe(action)} is not a legal action now"

    def _explain(self, action: Action) -> str | None:

        k, args = action.kind, action.args
        sizes = {"pass": 0, "animal": 1, "trait": 2, "target": 1, "take": 1, "attack": 1, "convert": 2, "pirate": 1,
                 "tramp": 1, "hibernate": 1, "fire": 2, "run": 0, "mimic": 1, "tail": 1, "accept": 0, "scavenge": 1}
        sizes.update((kind, len(names)) for kind, names, _ in self.game.trait_action_kinds)
        if k not in sizes:
            return f"'{k}' is not an action of this game; actions are: {', '.join(sizes)}"
        if len(args) != sizes[k]:
            return f"'{k}' takes {sizes[k]} argument(s), got {len(args)}"
        what = {"animal": "hand slot", "trait": "card id", "fire": "card id", "tail": "card id"}.get(k, "animal number")
        for a in args[:1]:
            if not 0 <= a < self.config.num_cards:
                return f"{a} is not a valid {what} ({what}s are 0..{self.config.num_cards - 1})"
        step = self.step
        dk = getattr(step, "label", "none")
        p = self.current_player
        who = self.player_name(p) if p is not None else "nobody"
        wants = {
            "development": ("pass", "animal", "trait"),
            "feeding": ("pass", "take", "attack", "convert", "pirate", "tramp", "hibernate"),
            "trait_target": ("target",), "trait_second_target": ("target",), "attack_target": ("target",),
            "piracy_victim": ("target",), "defence": ("run", "mimic", "tail", "accept"), "scavenger": ("scavenge",),
            "trigger_order": ("fire",), "hold": ("resume",),
        }.get(dk, ()) + tuple(kind for kind, _, label in self.game.trait_action_kinds if label == dk)
        if k not in wants:
            if dk == "development" and k in ("take", "attack", "convert", "pirate", "tramp", "hibernate"):
                return f"it is the development phase: {who} may only play a card or pass; feeding comes later"
            if dk == "feeding" and k in ("animal", "trait"):
                return "cards are played only in the development phase"
            return (f"now {who} must decide: {dk.replace('_', ' ')} "
                    f"(allowed: {', '.join(wants) or 'nothing'})")
        if dk == "development":
            if k == "animal" and args[0] >= len(self.hands[p]):
                return f"{who}'s hand has {len(self.hands[p])} card(s): slots 0..{len(self.hands[p]) - 1}"
            if k == "trait" and args[0] not in self.hands[p]:
                return f"card {args[0]} is not in {who}'s hand"
            if k == "trait":
                c, f = args
                faces = self.config.faces[c]
                if f >= len(faces):
                    return f"card {c} ({card_name(faces)}) has only one trait; use face 0"
                t = faces[f]
                if TRAITS[t].paired:
                    return f"{EN[t]} needs two of your animals that are not yet linked by {EN[t]} (ruling 7)"
                if TRAITS[t].target == "opponent":
                    return f"{EN[t]} needs another player's animal without {EN[t]} (ruling 5)"
                if TRAITS[t].target == "any":
                    return f"no animal on the table can take {EN[t]}: each one already has it (ruling 6)"
                return f"none of your animals can take {EN[t]} (no animals, duplicates (ruling 6) or Carnivore/" \
                       "Scavenger conflict (ruling 8))"
        if isinstance(step, (TraitTarget, SecondTraitTarget)):
            x = args[0]
            c, f = step.card, step.face
            t = self.config.faces[c][f]
            if self.owner[x] < 0:
                return f"A{x} is not an animal on the table"
            if isinstance(step, TraitTarget) and not TRAITS[t].paired:
                refusal = self.placement_refusal(p, t, x)
                return None if refusal is None else refusal.reason
            if isinstance(step, TraitTarget):
                if self.owner[x] != p:
                    return f"{EN[t]} is played on two of your own animals (ruling 5)"
                return f"animal A{x} has no partner left for another {EN[t]} (ruling 7)"
            return self._pair_reason(p, t, step.first, x)
        if isinstance(step, AttackTarget):
            x = args[0]
            if self.owner[x] < 0:
                return f"A{x} is not an animal on the table"
            why = self.attack_refusal(step.carnivore, x)
            if why is not None:
                return f"your Carnivore cannot attack this animal: {why}"
        if isinstance(step, PiracyVictim):
            x = args[0]
            if self.owner[x] < 0:
                return f"A{x} is not an animal on the table"
            if x == step.pirate:
                return "a Piracy animal cannot rob itself"
            if not (self.received_food >> x) & 1:
                return ("Piracy takes only from an animal that has received food this turn (converting its own fat "
                        "is not receiving food, ruling 24) (ruling 29)")
            if self.is_fed(x):
                return "Piracy cannot take from an animal that is already fed (ruling 29)"
            return "this animal has no food token left to take (ruling 29)"
        if dk == "feeding":
            return self._explain_feed(k, args, p)
        if isinstance(step, Defence):
            t = step.target
            if k == "accept":
                return ("the defence is compulsory: Running must be rolled and Mimicry must redirect the attack when "
                        "possible (rulings 41, 44)")
            if k == "run":
                return "the attacked animal has no Running or has already rolled it in this attack"
            if k == "mimic":
                if self.config.mimicry_unlimited:
                    return ("Mimicry must redirect to another of your animals that this carnivore could attack and "
                            "that was not yet targeted in this attack (ruling 44; unlimited Mimicry)")
                return ("Mimicry must redirect to another of your animals that this carnivore could attack, and each "
                        "Mimicry works once per turn (ruling 44)")
            if k == "tail":
                return f"Tail Loss can drop only a trait card of the attacked animal A{t}, and only if it has Tail Loss"
        if dk == "trigger_order":
            return "that paired card has no pending trigger that can take effect now (rulings 21-23)"
        if dk == "scavenger":
            return "only one of your Scavengers that can still receive food can take the token (ruling 47)"
        return None

    def _explain_feed(self, k: str, args: tuple, p: int) -> str | None:
        if k == "pass":
            return ("taking food is compulsory: the food base has red tokens and one of your animals can receive "
                    "one; take a token, attack or convert fat (ruling 16)")
        a = args[0]
        if self.owner[a] != p:
            return f"A{a} is not one of your animals"
        if k in REFUSE:
            refusal = REFUSE[k](self, *args)
            return None if refusal is None else str(refusal)
        if k in ("take", "attack", "convert") and self.main_action_used:
            return ("you have already used this feeding turn's main action (take a token, attack or convert fat); "
                    "only free traits remain (ruling 18)")
        if k == "take":
            if not self.food_base:
                return "the food base is empty"
            refusal = self.receive_refusal(a)
            return refusal.reason if refusal is not None else None
        if k == "attack":
            if not (self.trait_mask[a] >> CARNIVORE) & 1:
                return f"animal A{a} has no Carnivore"
            if (self.attacked >> a) & 1:
                return "this Carnivore has already attacked this turn (ruling 31)"
            if (self.hibernating >> a) & 1:
                return "a hibernating Carnivore cannot attack"
            if not self._can_receive(a):
                return "a Carnivore that is fed and has no empty Fat Tissue cannot attack (ruling 32)"
            return "this Carnivore has no animal it may attack (every other animal is protected)"
        if k == "convert":
            n = args[1]
            if not self.fat[a]:
                return "this animal has no yellow fat tokens"
            return f"you can convert 1..{self.fat[a]} token(s) here (the yellow tokens on it), not {n}"
        if k == "pirate":
            if not (self.trait_mask[a] >> PIRACY) & 1:
                return f"animal A{a} has no Piracy"
            if (self.piracy_used >> a) & 1:
                return "this Piracy animal has already stolen this turn (ruling 29)"
            if self.is_fed(a) or not self._can_receive(a):
                return "a Piracy animal must itself be unfed (and able to receive food) to steal (ruling 29)"
            return "no animal has received food this turn without being fed, so there is nothing to steal (ruling 29)"
        if k == "tramp":
            if not (self.trait_mask[a] >> TRAMP) & 1:
                return f"animal A{a} has no Tramp"
            if not self.food_base:
                return "the food base is empty"
            return "this Tramp animal has already been used in this feeding turn (ruling 28)"
        if k == "hibernate":
            if not (self.trait_mask[a] >> HIBERNATION) & 1:
                return f"animal A{a} has no Hibernation"
            if (self.hibernating >> a) & 1:
                return "this animal is already hibernating"
            if (self.hibernated_last_turn >> a) & 1:
                return "Hibernation cannot be used in two consecutive turns (ruling 27)"
            if not self.deck:
                return "Hibernation cannot be used in the last turn, when the deck is empty (ruling 27)"
        return None

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
        self.flow = steps_from_json(o["flow"], STEP_TYPES, "origin.flow")
        self.decided_winners = list(o["decided_winners"]) if o["decided_winners"] is not None else None
        self.dice = tuple(o["dice"])
        self.load_marks(o.get("marks", {}), "origin.marks")

    # ---------------------------------------------------------------------------------------------------- hidden info
    def determinize(self, player: int, rng: Rng) -> "OriginState":
        """A full state consistent with what ``player`` has seen (see docs/origin.md, "Determinization").

        Seen by ``player``: their own hand, their own animal cards and their own discard pile; every card played face
        up as a trait (on the table, or in any discard pile after its animal died or Tail Loss dropped it); a card
        another player is in the middle of playing as a trait (it was announced). Unseen: the deck order, the other
        players' hands, the cards under the other players' animals (alive, or dead and now in their discard piles)
        and the cards out of play. The unseen cards are pooled, shuffled with ``rng`` and put back in the same
        places (same hand sizes, same deck size, one card under every such animal, the same discard positions).
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
        acard = new.animal_card
        animal_of = {c: a for a, c in enumerate(acard) if c >= 0}
        pool: list[int] = list(new.deck) + list(new.out_of_play)
        hand_sizes = [0] * self.player_count
        anims: list[int] = []          # other players' animals, alive or dead (their cards are unseen)
        disc_slots: list[tuple[int, int, int]] = []
        for q in range(self.player_count):
            if q == player:
                continue
            h = [c for c in new.hands[q] if c != held]
            hand_sizes[q] = len(h)
            pool.extend(h)
            for a in new.animals[q]:
                anims.append(a)
                pool.append(acard[a])
            for i, c in enumerate(new.discard[q]):
                a = animal_of.get(c, -1)
                if a >= 0:
                    disc_slots.append((q, i, a))
                    anims.append(a)
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
        nb = len(new.out_of_play)
        new.out_of_play = sorted(pool[k:k + nb])
        k += nb
        new.deck = pool[k:]
        new.rng = rng.fork()
        new.feeding_offer = None
        new.events = []
        new._legal = None
        return new
