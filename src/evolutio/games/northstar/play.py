"""Card play in North Star's *Evolution* (NOTES §4 phase 3, R5–R8): traits face down, new species, growth, discards.

The card-play layer of a northstar position (see :mod:`.position`): the published rules' play-turn options and
refusals, the rules both variants share (a species never holds a trait twice, the trait limit, the most body size and
population), and what a play does. The course's fixed play order lives in ``variants/cs4500``.
"""

from __future__ import annotations

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from .cards import TRAIT_NAMES
from .config import (
    BODY,
    CARDS,
    COUNT_BITS,
    COURSE_GREW_BODY,
    COURSE_GREW_POPULATION,
    COURSE_REPLACED,
    DOWN,
    LEFT_END,
    MASK,
    MAX_SPECIES,
    POP,
    RIGHT_END,
    TRAITS,
    new_species,
)
from .feeding import FeedingRules
from .position import Species
from .steps import ReplaceTrait
from .traits import hooks as TRAIT_HOOKS

#: the traits with a rule of their own when their card leaves a species (Fat Tissue)
DISCARD_RULE_TRAITS = TRAIT_HOOKS.traits_with("trait_discarded")

#: the sides a new species may go at: none (the most species), only the right end (no species yet: both ends are
#: the same place), or either end
NO_SIDES: tuple[int, ...] = ()
RIGHT_ONLY = (RIGHT_END,)
BOTH_SIDES = (LEFT_END, RIGHT_END)
FIELD_NAMES = {BODY: "body size", POP: "population"}


class CardPlay(FeedingRules):
    """The card-play rules of a northstar position."""

    __slots__ = ()

    # -------------------------------------------------------------------------------------- rules of both variants
    def play_room(self, row: list[Species]) -> tuple[list[int], list[bool], list[bool], tuple[int, ...]]:
        """What a player's row has room for, per species: the mask of the traits its cards carry (face down too, R5)
        — a card with one of them cannot join it — or -1 when it holds as many trait cards as the limit allows;
        whether its body size and its population may grow by 1 (up to the maximum, R6); and the ends a new species
        may be added at (R7: none at the most species; with no species yet both ends are the same place)."""
        cfg = self.cfg
        ct = cfg.ctrait
        limit = cfg.maxtraits
        most = cfg.maxv
        traits = []
        body_grows = []
        population_grows = []
        for sp in row:
            cards = sp[CARDS]
            mask = 0
            for x in cards:
                mask |= 1 << ct[x]
            traits.append(mask if len(cards) < limit else -1)
            body_grows.append(sp[BODY] < most)
            population_grows.append(sp[POP] < most)
        count = len(row)
        sides = NO_SIDES if count >= MAX_SPECIES else BOTH_SIDES if count else RIGHT_ONLY
        return traits, body_grows, population_grows, sides

    def trait_slot_refusal(self, p: int, s: int, c: int) -> Refusal | None:
        """Card ``c`` as a trait of species ``s``: never a trait twice, never more than the limit (R5)."""
        room = self.play_room(self.boards[p])[0][s]
        trait = self.cfg.ctrait[c]
        if room >= 0 and not room >> trait & 1:
            return None
        cards = self.boards[p][s][CARDS]
        if any(self.cfg.ctrait[x] == trait for x in cards):
            return Refusal(f"species {s + 1} already has {TRAIT_NAMES[trait]}; a species never holds a trait twice")
        return Refusal(f"species {s + 1} already holds {len(cards)} trait cards, the limit is {self.cfg.maxtraits}")

    def growth_refusal(self, p: int, s: int, field: int) -> Refusal | None:
        body_grows, population_grows = self.play_room(self.boards[p])[1:3]
        if (body_grows if field == BODY else population_grows)[s]:
            return None
        return Refusal(f"species {s + 1} already has {FIELD_NAMES[field]} {self.cfg.maxv}, the maximum")

    def new_species_refusal(self, p: int, side: int) -> Refusal | None:
        row = self.boards[p]
        if side in self.play_room(row)[3]:
            return None
        if len(row) >= MAX_SPECIES:
            return Refusal(f"you already have {MAX_SPECIES} species, the most this engine supports")
        return Refusal("you have no species yet: a new species goes at the right end (side 1)")

    # ----------------------------------------------------------------------------------- the published rules
    def standard_play_options(self, p: int) -> list[Action]:
        """A play turn's actions: each hand card's plays (trait on a species that has room for it, growth of a
        species below the maximum, a new species at each end there is room for), then the trait discards, then
        end_turn — :meth:`play_room`'s rules, in that order.

        The hot path: one pass over the row sums it up in two numbers — ``blocked``, bit ``species * TRAITS +
        trait`` set when that species cannot take that trait (it holds it, face down too, or it is at the trait
        limit: :meth:`Cfg.blocked_traits`), and ``stuck``, bits ``species * TRAITS`` and ``+ 1`` set when its body
        size, its population is at the maximum — so that a card's plays are one look-up in its table of play tuples
        (:meth:`Cfg.plays`), keyed by the species that take its trait, ``stuck`` and the species count."""
        cfg = self.cfg
        row = self.boards[p]
        hand = self.hands[p]
        discard_trait = cfg.discard_trait
        if not hand:
            acts = [discard_trait[x] for sp in row for x in sp[CARDS]]
            acts.append(cfg.END)
            return acts
        blocked_traits = cfg.blocked_traits
        most = cfg.maxv
        blocked = 0
        stuck = 0
        at = 0  # species * TRAITS
        held: list[int] = []
        for sp in row:
            cards = sp[CARDS]
            if cards:
                held += cards
                blocked |= (blocked_traits.get(cards) or cfg.blocked_by(cards)) << at
            if sp[BODY] >= most:
                stuck |= 1 << at
            if sp[POP] >= most:
                stuck |= 2 << at
            at += TRAITS
        count = len(row)
        rest = stuck << COUNT_BITS | count
        shift = at + COUNT_BITS
        column = cfg.species_column[count]
        ct = cfg.ctrait
        tables = cfg.play_tables
        acts = []
        for c in hand:
            key = (~(blocked >> ct[c]) & column) << shift | rest
            plays = tables[c].get(key)
            if plays is None:
                plays = cfg.plays(c, key)
            acts += plays
        for x in held:
            acts.append(discard_trait[x])
        acts.append(cfg.END)
        return acts

    def standard_play_refusal(self, p: int, action: Action) -> Refusal | None:
        kind, args = action.kind, action.args
        if kind == "end_turn":
            return None
        if kind == "discard_trait":
            if any(args[0] in sp[CARDS] for sp in self.boards[p]):
                return None
            return Refusal(f"{self.card_name(args[0])} is not a trait card on one of your species")
        c, where = args
        refusal = self.card_refusal(p, c)
        if refusal is not None:
            return refusal
        if kind == "new_species":
            return self.new_species_refusal(p, where)
        refusal = self.species_refusal(p, where)
        if refusal is not None:
            return refusal
        if kind == "trait":
            return self.trait_slot_refusal(p, where, c)
        return self.growth_refusal(p, where, BODY if kind == "grow_body" else POP)

    # ------------------------------------------------------------------------------------------ what a play does
    def replace_trait(self, p: int, c: int, s: int, i: int) -> None:
        """Course rules: card ``c`` replaces trait ``i`` of species ``s`` (face down)."""
        log = self.log_events
        self.hands[p].remove(c)
        sp = self.boards[p][s]
        old = sp[CARDS][i]
        sp[CARDS] = sp[CARDS][:i] + (c,) + sp[CARDS][i + 1:]
        sp[DOWN] = tuple(x for x in sp[DOWN] if x != old) + (c,)
        self._recompute_mask(sp)
        self._discard_card(p, old)
        self.stage = COURSE_REPLACED
        if log:
            self.emit("replace", {"text": f"you replaced {self._label(old)} on species {s + 1} by "
                                          f"{self._label(c)} (face down)", "player": p}, to=(p,),
                      redacted={"text": f"player {p + 1} replaced a trait"})

    def play(self, p: int, kind: str, args: tuple[int, ...]) -> None:
        """A play-turn card action of player ``p`` (its step stays on top until the turn ends or a replacement
        begins; ``end_turn`` is the turn structure's, :meth:`TurnFlow.end_play_turn`)."""
        cfg = self.cfg
        log = self.log_events
        row = self.boards[p]
        hand = self.hands[p]
        quiet = cfg.quick  # others must not learn quick-play moves before the reveal
        if kind == "trait":
            c, s = args
            hand.remove(c)
            sp = row[s]
            sp[CARDS] = sp[CARDS] + (c,)
            sp[DOWN] = sp[DOWN] + (c,)
            if log:
                self.emit("trait", {"text": f"you played {self._label(c)} face down on species {s + 1}",
                                    "player": p, "card": c, "species": s}, to=(p,),
                          redacted={"text": f"player {p + 1} is playing cards"} if quiet else
                          {"text": f"player {p + 1} played a trait card face down on species {s + 1}", "player": p})
        elif kind == "new_species":
            c, side = args
            hand.remove(c)
            self._discard_card(p, c)
            if side == LEFT_END:
                row.insert(0, new_species(cfg.minbody))
            else:
                row.append(new_species(cfg.minbody))
            if log:
                end = "left" if side == 0 else "right"
                txt = f"player {p + 1} discards {self._label(c)} for a new species at the {end} end"
                if quiet:
                    self.emit("new_species", {"text": txt, "player": p}, to=(p,),
                              redacted={"text": f"player {p + 1} is playing cards"})
                else:
                    self.emit("new_species", {"text": txt, "player": p, "card": c, "side": side})
        elif kind == "grow_body" or kind == "grow_pop":
            c, s = args
            hand.remove(c)
            self._discard_card(p, c)
            f = BODY if kind == "grow_body" else POP
            row[s][f] += 1
            if cfg.course:
                self.stage = max(self.stage, COURSE_GREW_BODY if f == BODY else COURSE_GREW_POPULATION)
            if log:
                txt = (f"player {p + 1} discards {self._label(c)}: species {s + 1} "
                       f"{'body size' if f == BODY else 'population'} {row[s][f] - 1} → {row[s][f]}")
                if quiet:
                    self.emit(kind, {"text": txt, "player": p}, to=(p,),
                              redacted={"text": f"player {p + 1} is playing cards"})
                else:
                    self.emit(kind, {"text": txt, "player": p, "card": c, "species": s})
        elif kind == "discard_trait":
            c = args[0]
            for s, sp in enumerate(row):  # noqa: B007 - s names the species after the loop
                if c in sp[CARDS]:
                    break
            cards = sp[CARDS]
            i = cards.index(c)  # (a card is in one place: once)
            sp[CARDS] = cards[:i] + cards[i + 1:]
            down = sp[DOWN]
            was_down = c in down
            if was_down:
                i = down.index(c)
                sp[DOWN] = down[:i] + down[i + 1:]
            else:
                self._recompute_mask(sp)
            trait = 1 << cfg.ctrait[c]
            # the trait is gone (not only a face-down copy): its own rule, if it has one
            if trait & DISCARD_RULE_TRAITS and not sp[MASK] & trait:
                for discarded in TRAIT_HOOKS.handlers("trait_discarded", trait):
                    discarded(self, p, sp)
            self._discard_card(p, c)
            if log:
                txt = f"player {p + 1} discards the trait {self._label(c)} from species {s + 1}"
                if quiet or was_down:
                    self.emit("discard_trait", {"text": txt, "player": p}, to=(p,),
                              redacted={"text": f"player {p + 1} discarded a trait card"} if not quiet else
                              {"text": f"player {p + 1} is playing cards"})
                else:
                    self.emit("discard_trait", {"text": txt, "player": p, "card": c})
        else:  # replace_trait
            s, i = args
            self.replace(ReplaceTrait(p, s, i))
            self.stage = COURSE_REPLACED
