"""The state of a game of ``origin``: the whole of :class:`~.rules.OriginRules` (the position and its rules),
:class:`~.turn.OriginTurn` (the turn's effects), :class:`~.flow.OriginFlow` (the decisions they push) and
:class:`~.present.OriginPresentation` (views, JSON, determinization), plus the deal of a new game."""

from __future__ import annotations

from types import FunctionType
from typing import Any, Callable

from evolutio.kernel import Action, Game
from evolutio.kernel.flow import Refusal

from . import actions as A
from . import rules
from .config import CORE_TRAITS, Config
from .flow import DEVELOPMENT_PHASE, OriginFlow
from .nature import announce, new_deck
from .present import OriginPresentation
from .rules import OriginRules
from .turn import OriginTurn

__all__ = ["Config", "CoreOriginState", "OriginState"]


class OriginState(OriginPresentation):
    __slots__ = ()

    def malformed(self, action: Action) -> Refusal | None:
        """What is wrong with an action that is not an action of this game at all (the kernel's ``refusal`` asks
        this first; an action of a kind the decision on top does not take is then told what is asked now)."""
        return A.malformed(action, self.config.arguments, self.config.num_cards)

    @classmethod
    def blank(cls, game: Game, config: Config, seed: int) -> OriginState:
        """An empty table (no cards dealt, no steps) of ``game``, for a new game, a saved state or a scenario."""
        state = cls(game, seed)
        state._init_empty(config)
        return state

    def use_core_class(self) -> None:
        """Make this state a :class:`CoreOriginState` when its game and position use no expansion layer (the same
        rules with fewer calls; called once a new, loaded or scenario state is built)."""
        if (self.config.core_rules and type(self) is OriginState and not self.marks and not self.husks
                and not self.ignores and not self.location and self.nature is None):
            self.__class__ = CoreOriginState

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
        if self.nature is not None:   # Ice Age: the nature-change deck, shuffled after the deal
            self.nature = new_deck(len(self.nature.deck), self.rng)
            announce(self)
        self.push(DEVELOPMENT_PHASE)
        self.settle()


#: the hook masks of ``rules.py`` that hold Time to Fly traits (ids 32 and up: two-digit ints, off Python 3.11's
#: one-digit fast path of ``&``), as a core game sees them: a deck of ``config.core_rules`` holds no trait
#: outside :data:`~.config.CORE_TRAITS` (scenarios and saved states take traits from the deck's cards), so no animal
#: of such a game has another bit and ``mask & NAME`` gives the same with either form
CORE_MASKS = {name: getattr(rules, name) & CORE_TRAITS
              for name in ("BECOMING_FED", "DEFENDING", "LIMITING_FOOD", "OFFERING_MAIN_ACTIONS", "PROTECTING")}
_CORE_GLOBALS = {**vars(rules), **CORE_MASKS}   # (rules' globals, taken once the module and its imports are loaded)


def with_core_masks(rule: Callable[..., Any]) -> Callable[..., Any]:
    """The rule ``rule`` of ``rules.py`` reading :data:`CORE_MASKS` for those masks: the same code object (the rule
    is written once), run with a copy of its module's globals in which only those names differ; its defaults,
    keyword-only defaults, qualified name and docstring are the rule's own."""
    bound = FunctionType(rule.__code__, _CORE_GLOBALS, rule.__name__, rule.__defaults__, rule.__closure__)
    bound.__kwdefaults__ = rule.__kwdefaults__
    bound.__qualname__, bound.__doc__ = rule.__qualname__, rule.__doc__
    return bound


class CoreOriginState(OriginState):
    """The state of a game whose deck holds only base-game and gift cards, without Continents or Ice Age, and whose
    position has no expansion marks, husks or Intellect choices (``config.core_rules``; chosen by
    :meth:`OriginState.use_core_class`).

    The expansions' layers (``locations``, ``trait_support``, ``migration``, ``expansion_flow``) override a few hot
    methods to add what their traits do and call the core's method for the rest; in such a game each of those overrides
    only calls the core's (no husk, location, nature card, hunter or paralysis mark, Time to Fly hook can exist). This
    class binds the core's methods directly: the same rules, without the layers' calls on every attack, death and
    trait played, and the rules that test the hook masks on every feeding choice, food token and attack read them as
    :data:`CORE_MASKS` (one-digit ints; :func:`with_core_masks`) (``docs/origin.md``, "Performance")."""

    __slots__ = ()
    _recalc = OriginRules._recalc
    ignored_traits = OriginRules.ignored_traits
    _has_partner = OriginRules._has_partner
    attack_targets = with_core_masks(OriginRules.attack_targets)
    has_attack_target = with_core_masks(OriginRules.has_attack_target)
    _remove_animal = OriginTurn._remove_animal
    discard_trait = OriginTurn.discard_trait
    blue_token = OriginTurn.blue_token
    start_attack = OriginFlow.start_attack
    defend = OriginFlow.defend
    feeding_choices = with_core_masks(OriginRules.feeding_choices)
    can_receive = with_core_masks(OriginRules.can_receive)
    receive_refusal = with_core_masks(OriginRules.receive_refusal)
    receive = with_core_masks(OriginRules.receive)
    attack_refusal = with_core_masks(OriginRules.attack_refusal)
    defence_choices = with_core_masks(OriginRules.defence_choices)
