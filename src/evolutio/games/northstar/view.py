"""What each seat may see of a northstar position (``view``), as JSON-ready dicts.

A mixin of :class:`~evolutio.games.northstar.state.NorthstarState`. In quick play the others' boards, hand sizes and
bags are shown as they were when the play phase began, until the reveal.
"""

from __future__ import annotations

from typing import Any

from .config import (
    BODY,
    CARDS,
    DEFENCE_NAMES,
    DOWN,
    FAT,
    FEED,
    FOOD_,
    INTEL,
    LEAF,
    LEAF_NAMES,
    NEGATE,
    NUM_DEFENCES,
    OVER,
    PHASE_NAMES,
    POP,
    REPLACE,
    STORE,
)


class NorthstarViews:
    """Part of :class:`NorthstarState` (a mixin: it holds no data of its own)."""

    __slots__ = ()

    # ------------------------------------------------------------------------------------------------ views
    def _species_json(self, sp: list, own: bool) -> dict[str, Any]:
        deck = self.cfg.deck
        down = sp[DOWN]
        traits = []
        for c in sp[CARDS]:
            if c in down:
                traits.append({**deck.card_json(c), "face_down": True} if own else {"face_down": True})
            else:
                traits.append(deck.card_json(c))
        return {"body": sp[BODY], "population": sp[POP], "food": sp[FOOD_], "fat": sp[FAT], "traits": traits}

    def _boards_json(self, player: int | None) -> list[list[dict]]:
        return [[self._species_json(sp, p == player) for sp in row] for p, row in enumerate(self.boards)]

    def view(self, player: int | None) -> dict[str, Any]:
        cfg = self.cfg
        deck = cfg.deck
        n = cfg.n
        hidden_play = self.snap is not None  # quick play: others' plays are hidden until the reveal
        players = []
        for p in range(n):
            own = p == player
            if hidden_play and not own:
                rows, counts, bags = self.snap
                species = [self._species_json(sp, False) for sp in rows[p]]
                hand_count = counts[p]
                bag = bags[p]
            else:
                species = [self._species_json(sp, own) for sp in self.boards[p]]
                hand_count = len(self.hands[p])
                bag = self.bags[p]
            fc = self.foodcards[p]
            d: dict[str, Any] = {
                "seat": p,
                "hand_count": hand_count,
                "bag": bag,
                "food_card_chosen": fc >= 0,
                "species": species,
            }
            if own:
                d["hand"] = [deck.card_json(c) for c in self.hands[p]]
                d["food_card"] = deck.card_json(fc) if fc >= 0 else None
                if self.pdisc is not None:
                    d["played_this_phase"] = [deck.card_json(c) for c in self.pdisc[p]]
            players.append(d)
        v: dict[str, Any] = {
            "game": "northstar",
            "variant": "cs4500" if cfg.course else "standard",
            "you": player,
            "round": self.rnd,
            "last_round": self.last_round or None,
            "phase": PHASE_NAMES[self.phase],
            "first_player": self.first,
            "current_player": self.current_player,
            "watering_hole": self.wh,
            "draw_pile": len(self.deck),
            "discard_pile": [deck.card_json(c) for c in self.discard],
            "removed_unseen": len(self.removed),
            "trait_limit": cfg.maxtraits,
            "quick_play": cfg.quick,
            "card_data": deck.note,
            "players": players,
        }
        if cfg.course and self.phase == FEED:
            v["queue"] = list(self.queue)
        if self.phase == STORE:  # public: everyone sees the take and who decides
            v["surplus_decision"] = self._surplus_json()
        v["held"] = self.held
        if player is not None and player == self.current_player and v["held"] is None:  # held: only resume
            v["pending"] = self._pending_json()
        if self.phase == OVER:
            v["scores"] = self.scores()
            v["winners"] = self.winners()
        return v

    def _pending_json(self) -> dict[str, Any] | None:
        ph = self.phase
        step = self.step
        if ph == NEGATE:
            a, tp, t, neg = step.attacker, step.target_player, step.target, step.negated
            return {"attack": {"attacker": a, "target_player": tp, "target": t},
                    "negated": [DEFENCE_NAMES[d] for d in range(NUM_DEFENCES) if neg >> d & 1],
                    "blocking": self.block_reasons(self.turn, a, tp, t, self.blockers(self.turn, a, tp, t, neg))}
        if ph == LEAF:
            return {"leaf_effects": [{"species": s, "effect": LEAF_NAMES[e]} for s, e in step.effects]}
        if ph == REPLACE:
            return {"replace": {"species": step.species, "slot": step.slot}}
        if ph == INTEL:
            return {"intelligence_window": {"turn_of": self.turn}}
        if ph == STORE:
            return {"store_surplus": self._surplus_json()}
        return None

    def _surplus_json(self) -> dict[str, Any]:
        decision = self.step
        p, s, k, meat, bank, lo, hi = (decision.owner, decision.species, decision.tokens, decision.meat, decision.bank,
                                       decision.least, decision.most)
        sp = self.boards[p][s]
        room = sp[POP] - sp[FOOD_]
        return {"player": p, "species": s, "food": "meat" if meat else "plant", "source": "bank" if bank else
                "watering hole", "tokens": k, "board_room": room, "surplus": k - room,
                "fat_room": sp[BODY] - sp[FAT], "least": lo, "most": hi}
