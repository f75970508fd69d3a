"""A tiny but complete two-player imperfect-information ruleset, for testing the interop adapters only.

*Duel*: ten cards (ids 0..9, value ``id // 2 + 1``), each player holds a hidden hand of three; the rest is the deck.
On your turn you **play** a card from your hand as an attack, **draw** a random card from the deck (chance through
the state's RNG, hand limit 5) or **pass**. An attack opens a pending decision for the *defender* (so the deciding
seat switches mid-turn): **block** with a strictly higher card (both cards are discarded, the defender scores 1) or
**concede** (the attacker scores the card's value). Two passes in a row, or 40 turns, end the game; the higher score
wins, ties share. Draws are private events; the view shows your own hand, the sizes of the others' and the public
discard pile. ``determinize`` reshuffles the unseen cards (the opponent's hand and the deck).

This lives under tests/ on purpose: it is a fixture, never shipped.
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action, ActionSchema, Game, Rng, State, rank_winners

NAME = "zz_interop_duel"
CARDS = 10
HAND = 3
HAND_LIMIT = 5
MAX_TURNS = 40


def value(card: int) -> int:
    return card // 2 + 1


class DuelGame(Game):
    name = NAME
    title = "Duel (interop test fixture)"
    rules_version = "1"
    min_players = 2
    max_players = 2
    option_schema = ()
    max_decisions = 2 * MAX_TURNS

    def new_state(self, seed: int = 0) -> "DuelState":
        s = DuelState(self, seed)
        deck = list(range(CARDS))
        s.rng.shuffle(deck)
        s.hands = [sorted(deck[:HAND]), sorted(deck[HAND:2 * HAND])]
        s.deck = sorted(deck[2 * HAND:])
        return s

    def state_from_json(self, data: dict[str, Any]) -> "DuelState":
        s = DuelState(self, data.get("seed", 0))
        s._load_base_json(data)
        b = data["duel"]
        s.hands = [list(h) for h in b["hands"]]
        s.deck = list(b["deck"])
        s.discard = list(b["discard"])
        s.scores_ = list(b["scores"])
        s.turn_player = b["turn_player"]
        s.pending = tuple(b["pending"]) if b["pending"] is not None else None
        s.passes = b["passes"]
        s.turn = b["turn"]
        return s

    def action_schema(self) -> ActionSchema:
        return ActionSchema([
            ("play", [("card", CARDS)]),
            ("draw", []),
            ("pass", []),
            ("block", [("card", CARDS)]),
            ("concede", []),
        ])


class DuelState(State):
    __slots__ = ("hands", "deck", "discard", "scores_", "turn_player", "pending", "passes", "turn")

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.hands: list[list[int]] = [[], []]
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.scores_ = [0, 0]
        self.turn_player = 0
        self.pending: tuple[int, int] | None = None  # (attacker, card)
        self.passes = 0
        self.turn = 0

    # -- contract ------------------------------------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.passes >= 2 or self.turn >= MAX_TURNS

    @property
    def current_player(self) -> int | None:
        if self.is_terminal:
            return None
        if self.pending is not None:
            return 1 - self.pending[0]
        return self.turn_player

    def _legal_actions(self) -> list[Action]:
        p = self.current_player
        hand = self.hands[p]
        if self.pending is not None:
            v = value(self.pending[1])
            return [Action("block", c) for c in hand if value(c) > v] + [Action("concede")]
        out = [Action("play", c) for c in hand]
        if self.deck and len(hand) < HAND_LIMIT:
            out.append(Action("draw"))
        out.append(Action("pass"))
        return out

    def explain_illegal(self, action: Action) -> str:
        if self.pending is not None and action.kind not in ("block", "concede"):
            return "you must answer the attack first: block with a higher card or concede"
        if action.kind in ("play", "block") and action.args and action.args[0] not in self.hands[self.current_player]:
            return "that card is not in your hand"
        if action.kind == "block":
            return "a block needs a strictly higher card"
        if action.kind == "draw":
            return "the deck is empty or your hand is full"
        return f"{action} is not possible now"

    def _end_turn(self) -> None:
        self.turn += 1
        self.turn_player = 1 - self.turn_player

    def _apply(self, action: Action) -> None:
        p = self.current_player
        k = action.kind
        if k == "play":
            c = action.args[0]
            self.hands[p].remove(c)
            self.pending = (p, c)
            self.passes = 0
            self.emit("attack", {"player": p, "card": c})
        elif k == "block":
            c = action.args[0]
            att, ac = self.pending
            self.hands[p].remove(c)
            self.discard += [ac, c]
            self.scores_[p] += 1
            self.pending = None
            self.emit("block", {"player": p, "card": c})
            self._end_turn()
        elif k == "concede":
            att, ac = self.pending
            self.discard.append(ac)
            self.scores_[att] += value(ac)
            self.pending = None
            self.emit("concede", {"player": p})
            self._end_turn()
        elif k == "draw":
            c = self.deck.pop(self.rng.randbelow(len(self.deck)))
            self.hands[p].append(c)
            self.hands[p].sort()
            self.passes = 0
            self.emit("draw", {"player": p, "card": c}, to=(p,), redacted={"player": p})
            self._end_turn()
        elif k == "pass":
            self.passes += 1
            self.emit("pass", {"player": p})
            self._end_turn()
        else:  # pragma: no cover - apply() checked legality
            raise AssertionError(k)

    def scores(self) -> list[int]:
        return list(self.scores_)

    def winners(self) -> list[int]:
        return rank_winners(self.scores_)

    def view(self, player: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "discard": list(self.discard),
            "scores": list(self.scores_),
            "turn_player": self.turn_player,
            "pending": None if self.pending is None else {"attacker": self.pending[0], "card": self.pending[1],
                                                          "value": value(self.pending[1])},
            "passes": self.passes,
            "turn": self.turn,
            "to_act": self.current_player,
        }
        if player is not None:
            v["you"] = player
            v["hand"] = [{"card": c, "value": value(c)} for c in self.hands[player]]
        return v

    def describe(self, action: Action) -> str:
        if action.kind in ("play", "block"):
            c = action.args[0]
            return f"{action.kind} card {c} (value {value(c)})"
        return action.kind

    def clone(self) -> "DuelState":
        s = DuelState.__new__(DuelState)
        self._copy_base(s)
        s.hands = [list(h) for h in self.hands]
        s.deck = list(self.deck)
        s.discard = list(self.discard)
        s.scores_ = list(self.scores_)
        s.turn_player = self.turn_player
        s.pending = self.pending
        s.passes = self.passes
        s.turn = self.turn
        return s

    def to_json(self) -> dict[str, Any]:
        d = self._base_json()
        d["duel"] = {
            "hands": [list(h) for h in self.hands], "deck": list(self.deck), "discard": list(self.discard),
            "scores": list(self.scores_), "turn_player": self.turn_player,
            "pending": list(self.pending) if self.pending is not None else None,
            "passes": self.passes, "turn": self.turn,
        }
        return d

    def determinize(self, player: int, rng: Rng) -> "DuelState":
        s = self.clone()
        other = 1 - player
        unseen = self.hands[other] + self.deck
        rng.shuffle(unseen)
        n = len(self.hands[other])
        s.hands[other] = sorted(unseen[:n])
        s.deck = sorted(unseen[n:])
        s.rng = rng.fork()
        s.events = [e for e in s.events if e.to is None or player in e.to]
        s._legal = None
        return s
