"""What the steps of ``flow.py`` do to the position: the phases (development, the food roll, feeding slots,
extinction and the end of the game) and the core actions (playing cards, taking food, eating).

:class:`OriginTurn` builds on :class:`~.rules.OriginRules` (the position and the rule checks) through
:class:`~.trait_support.TraitSupport` (what the expansions' trait modules ask of the position); the effects that push
further decisions build on it in ``flow.OriginFlow``.
"""

from __future__ import annotations

from evolutio.kernel import rank_winners

from . import nature
from .locations import Locations
from .phases import DEATH_POISONED, DEATH_STARVED, DEV, EXT, FEED, OVER
from .traits import AFTER_KILL, EN, HOOKS, ON_EATEN, PAIRED, REACTING_TO_EATEN, REACTING_TO_PLAY, SYMBIOSIS, TRAIT_IDS


class OriginTurn(Locations):
    """The turn structure's effects on the position: phases, dealing, the end of the game and the core actions (the
    ones that push further decisions are in ``flow.OriginFlow``)."""

    __slots__ = ()

    # ------------------------------------------------------------------------------------------------ flow
    def next_developer(self, start: int) -> int:
        n = self.player_count
        for i in range(n):
            p = (start + i) % n
            if (self.passed >> p) & 1:
                continue
            if not self.hands[p]:
                self.passed |= 1 << p
                if self.log_events:
                    self.emit("pass", {"text": f"{self.player_name(p)} has no cards and passes", "player": p})
                continue
            return p
        return -1

    def roll_food_base(self) -> None:
        cfg = self.config
        if cfg.located:
            self.roll_locations()
        else:
            self.roll_one_food_base()
        for handler in cfg.at_food_roll:
            handler(self)

    def roll_one_food_base(self) -> None:
        cfg = self.config
        rng, rolled = self.rng, []
        for _ in range(cfg.dice):   # (a loop: a generator would make self a closure cell on every call)
            rolled.append(rng.die())
        rolls = tuple(rolled)
        self.dice = rolls
        self.food_base = sum(rolls) + cfg.plus
        self.phase = FEED
        self.actor = self.first
        self.main_action_used = False
        self.round_had_actions = False
        self.tramp_used = 0
        self.fired = 0
        if self.log_events:
            dice = " + ".join(map(str, rolls)) + (f" + {cfg.plus}" if cfg.plus else "")
            self.emit(
                "food_base",
                {
                    "text": f"{self.player_name(self.first)} rolls {dice}: the food base has {self.food_base} "
                    f"red tokens",
                    "dice": list(rolls),
                    "food": self.food_base,
                },
            )
        if self.nature is not None:   # Ice Age: a pending nature card acting on the food base or the feeding
            nature.at_food_roll(self)

    def end_feeding_slot(self) -> bool:
        """The feeding slot of ``actor`` is over; ``True`` if a whole round passed without actions, which ends the
        feeding phase (ruling 20; the caller replaces the phase with the extinction)."""
        nxt = (self.actor + 1) % self.player_count
        if self.location:
            self.leave_location()
        self.main_action_used = False
        self.tramp_used = 0
        if self.marks:
            self.clear_marks("feeding_turn")
        if nxt == self.first:
            if self.marks:
                self.clear_marks("round")
            if not self.round_had_actions:
                if self.log_events:
                    self.emit("feeding_end", {"text": "a whole feeding round passed without actions: the feeding "
                                              f"phase ends ({self.food_base + sum(self.location_food)} red tokens "
                                              "left are discarded)"})
                self.food_base = 0
                self.location_food = [0] * len(self.location_food)
                self.phase = EXT
                return True
            self.round_had_actions = False
            self.fired = 0
        self.actor = nxt
        return False

    def blue_token(self, a: int) -> None:
        """A carnivore's blue token from its prey (if it is still alive and can eat)."""
        if self.owner[a] >= 0 and self.can_receive(a):
            if self.log_events:
                self.emit("blue", {"text": f"{self.animal_text(a)} gets a blue token", "animal": a})
            self.receive(a, False)

    def _remove_animal(self, a: int) -> None:
        """Animal ``a`` leaves play: it, its traits and its paired cards go to its owner's discard pile (48)."""
        o = self.owner[a]
        d = self.discard[o]
        face, firsts, seconds, cards_of = self.card_trait, self.first_animal, self.second_animal, self.trait_cards
        for c in cards_of[a]:
            t = face[c]
            if PAIRED[t]:
                b = seconds[c] if firsts[c] == a else firsts[c]
                # (filter: a generator would make c a cell per call)
                cards_of[b] = tuple(filter(c.__ne__, cards_of[b]))
                self._recalc(b)
                firsts[c] = seconds[c] = -1
            face[c] = -1
            d.append(c)
        d.append(self.animal_card[a])
        self.animals[o].remove(a)
        self.owner[a] = -1
        cards_of[a] = ()
        self.food[a] = self.fat[a] = self.fat_tissue_count[a] = self.trait_mask[a] = 0
        self.need[a] = 1
        keep = ~(1 << a)
        self.hibernating &= keep
        self.hibernated_last_turn &= keep
        self.attacked &= keep
        self.poisoned &= keep
        self.received_food &= keep
        self.piracy_used &= keep
        self.tramp_used &= keep

    def discard_trait(self, a: int, c: int) -> None:
        """Trait card ``c`` leaves animal ``a`` (Tail Loss) and goes to the owner's discard pile."""
        o = self.owner[a]
        t = self.card_trait[c]
        holders = (self.first_animal[c], self.second_animal[c]) if PAIRED[t] else (a,)
        was_fed = [self.is_fed(x) for x in holders]
        if PAIRED[t]:
            for x in (self.first_animal[c], self.second_animal[c]):
                self.trait_cards[x] = tuple(y for y in self.trait_cards[x] if y != c)
                self._recalc(x)
            self.first_animal[c] = self.second_animal[c] = -1
        else:
            self.trait_cards[a] = tuple(y for y in self.trait_cards[a] if y != c)
            self._recalc(a)
        self.card_trait[c] = -1
        self.discard[o].append(c)
        for x, fed in zip(holders, was_fed):
            self.check_became_fed(x, fed)   # its need may have dropped to its food (Viviparous)

    def extinction(self) -> bool:
        """NOTES §7: deaths and the end check (``False``: the game is over); :meth:`deal` follows."""
        n = self.player_count
        if self.nature is not None:   # Ice Age: a pending nature card acting before the deaths
            nature.at_extinction(self)
        last = not self.deck
        food, need, hibernating, poisoned = self.food, self.need, self.hibernating, self.poisoned
        dead = []
        for p in range(n):
            for a in self.animals[p]:
                fed = food[a] >= need[a] or ((hibernating >> a) & 1 and not last)
                if not fed or (poisoned >> a) & 1:
                    dead.append(a)
        if self.log_events:
            for a in dead:
                cause = DEATH_POISONED if (poisoned >> a) & 1 else DEATH_STARVED
                why = "is poisoned" if cause == DEATH_POISONED else "starves"
                o = self.owner[a]
                text = f"{self.animal_text(a)} {why} and dies"
                self.emit(
                    "death",
                    {
                        "text": f"{text}; its animal card {self._card_text(self.animal_card[a])} goes to "
                        f"{self.player_name(o)}'s discard pile",
                        "animal": a,
                        "owner": o,
                        "cause": cause,
                        "card": self.animal_card[a],
                    },
                    to=(o,),
                    redacted={"text": text, "animal": a, "owner": o, "cause": cause},
                )
        for a in dead:
            self._remove_animal(a)
        if not self.deck:
            self._game_over()
            return False
        return True

    def deal(self) -> None:
        """NOTES §7 after the deaths: dealing, clean-up, first player moves left."""
        n = self.player_count
        # dealing: 1 + surviving animals, or a full hand with no animals and no hand; one at a time from the first
        want = []
        empty = []   # the players dealt a full hand: they have no animals and no hand
        for p in range(n):
            k = len(self.animals[p])
            if k == 0 and not self.hands[p]:
                want.append(self.config.hand_size)
                empty.append(p)
            else:
                want.append(k + 1 - self.cards_withheld(p) if self.config.withholds_draws else k + 1)
        deck, hands = self.deck, self.hands
        held = [len(hand) for hand in hands] if self.log_events else []
        i = self.first
        while deck and any(want):
            if want[i]:
                hands[i].append(deck.pop())
                want[i] -= 1
            i = (i + 1) % n
        if self.log_events:
            got = [hand[count:] for hand, count in zip(hands, held)]   # (the cards dealt: the end of each hand)
            for k in range(n):
                p = (self.first + k) % n
                self.emit("draw", {"text": f"{self.player_name(p)} draws {self._cards_text(got[p])}", "player": p,
                                   "cards": got[p]}, to=(p,),
                          redacted={"text": f"{self.player_name(p)} draws {len(got[p])} card(s)", "player": p,
                                    "count": len(got[p])})
            if not deck:
                self.emit("last_turn", {"text": "the deck is empty: the next turn is the last one"})
        if empty and self.config.continents:
            self.settle_new_animals(empty)
        if self.nature is not None:   # Ice Age: this turn's first player reveals a nature-change card
            nature.reveal(self)
        # clean-up
        self.food = [0] * self.config.num_cards
        self.hibernated_last_turn = self.hibernating
        self.hibernating = self.attacked = self.poisoned = self.received_food = self.piracy_used = self.mimicry_used = (
            self.tramp_used
        ) = 0
        self.fired = 0
        if self.marks:
            self.clear_marks("turn")
        self.first = (self.first + 1) % n
        self.turn += 1
        self.phase = DEV
        self.passed = 0
        self.actor = self.first
        self.food_base = 0
        self.dice = ()
        if self.log_events:
            self.emit("turn", {"text": f"turn {self.turn} begins; {self.player_name(self.first)} is the first player",
                               "turn": self.turn, "first_player": self.first})
        for handler in self.config.at_turn_start:
            handler(self)

    def _game_over(self) -> None:
        self.phase = OVER
        scores = self.scores()
        tb = [len(d) for d in self.discard]
        win = rank_winners(scores, tb)
        if self.config.tiebreak_dice and len(win) > 1:
            rolls: dict[int, list[int]] = {p: [] for p in win}
            while len(win) > 1:
                r = {p: self.rng.die() for p in win}
                for p in win:
                    rolls[p].append(r[p])
                best = max(r.values())
                win = [p for p in win if r[p] == best]
            if self.log_events:
                self.emit("tiebreak", {"text": "tie-break dice: " + "; ".join(
                    f"{self.player_name(p)} rolls {', '.join(map(str, v))}" for p, v in rolls.items()),
                    "rolls": {str(p): v for p, v in rolls.items()}})
        self.decided_winners = win
        if self.log_events:
            self.emit("game_over", {"text": "game over: " + ", ".join(
                f"{self.player_name(p)} {s} points ({tb[p]} cards discarded)" for p, s in enumerate(scores))
                + "; winner(s): " + ", ".join(self.player_name(p) for p in win), "scores": scores, "winners": win})

    # ------------------------------------------------------------------------------------------------ actions
    def pass_development(self) -> None:
        """The seat ``actor`` passes for the rest of the development phase (ruling 2)."""
        p = self.actor
        self.passed |= 1 << p
        self.actor = (p + 1) % self.player_count
        if self.log_events:
            self.emit("pass", {"text": f"{self.player_name(p)} passes (development)", "player": p})

    def end_feeding_turn(self) -> bool:
        """``actor`` ends the feeding turn; ``True`` if that ends the feeding phase (:meth:`end_feeding_slot`)."""
        p = self.actor
        if self.log_events:
            self.emit("end_feeding_turn", {"text": f"{self.player_name(p)} ends the feeding turn", "player": p})
        return self.end_feeding_slot()

    def play_animal(self, i: int) -> None:
        """Play the card in hand slot ``i`` as a new animal, numbered with the lowest number never used."""
        p = self.actor
        c = self.hands[p].pop(i)
        acard = self.animal_card
        a = acard.index(-1)
        acard[a] = c
        self.animals[p].append(a)
        self.owner[a] = p
        self.actor = (p + 1) % self.player_count
        if self.log_events:
            self.emit(
                "play_animal",
                {
                    "text": f"{self.player_name(p)} plays {self._card_text(c)} as a new animal A{a}",
                    "player": p,
                    "animal": a,
                    "card": c,
                },
                to=(p,),
                redacted={"text": f"{self.player_name(p)} plays a new animal A{a}", "player": p, "animal": a},
            )

    def rob(self, pirate: int, victim: int) -> None:
        """Piracy: ``pirate`` takes one token of ``victim``."""
        self.piracy_used |= 1 << pirate
        self.round_had_actions = True
        self.food[victim] -= 1
        if self.log_events:
            self.emit("piracy", {"text": f"Piracy: {self.animal_text(pirate)} steals a token from "
                                 f"{self.animal_text(victim)}", "animal": pirate, "victim": victim})
        self.receive(pirate, False)

    def place_trait(self, p: int, c: int, t: int, a: int, b: int) -> None:
        """Player ``p`` plays card ``c`` as trait ``t`` on animal ``a`` (and ``b`` for a paired trait, else -1)."""
        self.hands[p].remove(c)
        self.card_trait[c] = t
        cards_of = self.trait_cards
        if b >= 0:
            self.first_animal[c] = a
            self.second_animal[c] = b
            cards_of[a] = cards_of[a] + (c,)
            cards_of[b] = cards_of[b] + (c,)
            self._recalc(a)
            self._recalc(b)
        else:
            cards_of[a] = cards_of[a] + (c,)
            self._recalc(a)
        self.actor = (p + 1) % self.player_count
        if self.log_events:
            if b >= 0:
                extra = f" (animal A{a} is the symbiont)" if t == SYMBIOSIS else ""
                where = f"animals A{a} and A{b}{extra}"
            else:
                where = self.animal_text(a)
            self.emit("play_trait", {"text": f"{self.player_name(p)} plays {EN[t]} on {where}", "player": p, "card": c,
                                     "trait": TRAIT_IDS[t], "animals": [a] if b < 0 else [a, b]})
        if (1 << t) & REACTING_TO_PLAY:
            for handler in HOOKS.handlers("on_played", 1 << t):
                handler(self, c, a)

    def take_red_token(self, a: int) -> None:
        self.main_action_used = True
        self.round_had_actions = True
        if self.log_events:
            self.emit(
                "take",
                {
                    "text": f"{self.player_name(self.actor)} takes a red token for animal A{a} "
                    f"({self.food_base - 1} left)",
                    "player": self.actor,
                    "animal": a,
                },
            )
        if self.config.red_token_takes:
            self.red_token_for(a)   # (the token leaves the base, unless an Ambush takes the take over)
        else:
            self.food_base -= 1
            self.receive(a, True)

    def eaten(self, c: int, t: int) -> None:
        """Carnivore ``c`` eats ``t``: its ``on_eaten`` and the ``after_kill`` hooks run, it leaves play (the caller,
        ``flow.OriginFlow.kill``, queues the carnivore's two blue tokens)."""
        text = f"{self.animal_text(c)} eats {self.animal_text(t)}" if self.log_events else ""
        mask = self.trait_mask[t] & REACTING_TO_EATEN
        if mask and self.ignores:   # (Intellect may ignore them)
            mask &= ~self.ignored_traits(c, t)
        if mask:
            for handler in ON_EATEN[mask]:
                effect = handler(self, c, t)
                if effect:
                    text += " " + effect
        if self.log_events and (self.husks >> t) & 1:   # Regeneration: the animal card stays under its traits
            self.emit("eaten", {"text": text, "carnivore": c, "animal": t})
        elif self.log_events:
            o = self.owner[t]
            self.emit(
                "eaten",
                {
                    "text": f"{text}; its animal card {self._card_text(self.animal_card[t])} goes to "
                    f"{self.player_name(o)}'s discard pile",
                    "carnivore": c,
                    "animal": t,
                    "card": self.animal_card[t],
                },
                to=(o,),
                redacted={"text": text, "carnivore": c, "animal": t},
            )
        self._remove_animal(t)
        for handler in AFTER_KILL:
            handler(self, c)

