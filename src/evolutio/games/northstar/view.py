"""What each seat may see of a northstar position (``view``), as JSON-ready dicts.

The view layer of a northstar position (see :mod:`.position`), and actions in words (``describe``). In quick play
the others' boards, hand sizes and bags are shown as they were when the play phase began, until the reveal.
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action

from .config import (
    BODY,
    DEFENCE_NAMES,
    FAT,
    FEED,
    FOOD_,
    INTEL,
    LEAF_NAMES,
    NUM_DEFENCES,
    OVER,
    PHASE_NAMES,
    POP,
)
from .flow import TurnFlow
from .steps import OrderLeafEffects, ReplaceTrait, StoreSurplus
from .traits.intelligence import NegateDefences


class NorthstarViews(TurnFlow):
    """What each seat sees of a northstar position."""

    __slots__ = ()

    # ------------------------------------------------------------------------------------------------ views
    def view(self, player: int | None) -> dict[str, Any]:
        cfg = self.cfg
        deck = cfg.deck
        n = cfg.n
        hidden_play = self.snap  # quick play: others' plays are hidden until the reveal
        players = []
        for p in range(n):
            own = p == player
            if hidden_play is not None and not own:
                rows, counts, bags = hidden_play
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
        decision = self.decision if self.flow else None
        if isinstance(decision, StoreSurplus):  # public: everyone sees the take and who decides
            v["surplus_decision"] = self._surplus_json(decision)
        v["held"] = self.held
        if player is not None and player == self.current_player and v["held"] is None:  # held: only resume
            v["pending"] = self._pending_json()
        if self.phase == OVER:
            v["scores"] = self.scores()
            v["winners"] = self.winners()
        return v

    def _pending_json(self) -> dict[str, Any] | None:
        step = self.decision
        if isinstance(step, NegateDefences):
            a, tp, t, neg = step.attacker, step.target_player, step.target, step.negated
            return {"attack": {"attacker": a, "target_player": tp, "target": t},
                    "negated": [DEFENCE_NAMES[d] for d in range(NUM_DEFENCES) if neg >> d & 1],
                    "blocking": self.block_reasons(self.turn, a, tp, t, self.blockers(self.turn, a, tp, t, neg))}
        if isinstance(step, OrderLeafEffects):
            return {"leaf_effects": [{"species": s, "effect": LEAF_NAMES[e]} for s, e in step.effects]}
        if isinstance(step, ReplaceTrait):
            return {"replace": {"species": step.species, "slot": step.slot}}
        if self.phase == INTEL:
            return {"intelligence_window": {"turn_of": self.turn}}
        if isinstance(step, StoreSurplus):
            return {"store_surplus": self._surplus_json(step)}
        return None

    def _surplus_json(self, decision: StoreSurplus) -> dict[str, Any]:
        p, s, k, meat, bank, lo, hi = (decision.owner, decision.species, decision.tokens, decision.meat, decision.bank,
                                       decision.least, decision.most)
        sp = self.boards[p][s]
        room = sp[POP] - sp[FOOD_]
        return {"player": p, "species": s, "food": "meat" if meat else "plant", "source": "bank" if bank else
                "watering hole", "tokens": k, "board_room": room, "surplus": k - room,
                "fat_room": sp[BODY] - sp[FAT], "least": lo, "most": hi}

    # ------------------------------------------------------------------------------------------ actions in words
    def describe(self, action: Action) -> str:
        k, x = action.kind, action.args
        card = self.card_name
        try:
            if k == "food_card":
                return f"choose {card(x[0])} as your secret food card"
            if k == "trait":
                return f"play {card(x[0])} face down as a trait on your species {x[1] + 1}"
            if k == "new_species":
                return f"discard {card(x[0])} for a new species at the {'left' if x[1] == 0 else 'right'} end"
            if k == "grow_body":
                return f"discard {card(x[0])}: +1 body size on your species {x[1] + 1}"
            if k == "grow_pop":
                return f"discard {card(x[0])}: +1 population on your species {x[1] + 1}"
            if k == "discard_trait":
                return f"discard the trait card {card(x[0])} from your species"
            if k == "replace_trait":
                return f"replace trait #{x[1] + 1} of your species {x[0] + 1}"
            if k == "end_turn":
                return "end your play turn"
            if k == "leaf":
                return f"resolve {LEAF_NAMES[x[1]]} of your species {x[0] + 1}"
            if k == "feed":
                return f"feed your species {x[0] + 1} from the watering hole"
            if k == "store_fat":
                return f"store food on the Fat Tissue of your species {x[0] + 1}"
            if k == "attack":
                return f"your species {x[0] + 1} attacks player {x[1] + 1}'s species {x[2] + 1}"
            if k == "negate":
                return f"discard {card(x[0])} (Intelligence) to negate {DEFENCE_NAMES[x[1]]}"
            if k == "strike":
                return "carry out the attack"
            if k == "intelligence_food":
                return (f"discard {card(x[0])} (Intelligence): your species {x[1] + 1} takes 2 plant food from the "
                        f"bank")
            if k == "pass":
                return "pass" if self.phase != INTEL else "do not use Intelligence now"
            if k == "store_surplus":
                return self._describe_store(x[0])
        except (IndexError, TypeError):
            pass
        return str(action)

    def _describe_store(self, tokens: int) -> str:
        decision = self.step
        if not isinstance(decision, StoreSurplus):
            return f"store {tokens} surplus food on Fat Tissue"
        what = "meat" if decision.meat else "plant food"
        if tokens == 0:
            return f"store nothing: the surplus {what} stays in {'the bank' if decision.bank else 'the watering hole'}"
        return f"store {tokens} surplus {what} on the Fat Tissue of your species {decision.species + 1}"
