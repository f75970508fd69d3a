"""Synthesis, the main action of Specialization A and B (Специализация А / В; Time to Fly; 3rd edition: Фотосинтез /
Термосинтез): instead of taking a red token, the animal gets one blue token — only while no other animal on the
table has the same Specialization (two animals with A block each other; a Specialization switched off neither works
nor blocks), once per turn (option ``synthesis_every_feeding_turn``: once per feeding turn, as any main action), and
only if the animal can receive food (NOTES §9.2, rulings 18, 69). A and B cannot share an animal (``INCOMPATIBLE``,
ruling 8). With Continents A and B count as one trait, and only animals in the same location block (NOTES §10)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from ..card_data import MAX_CARDS
from . import EN, HOOKS, TRAIT_NUM, mark_kind, refuses, resolves, trait_action

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

#: the animals that used Synthesis this turn
SYNTHESIS_USED = mark_kind("synthesis_used", "turn")
MAIN_ACTION_USED = Refusal("you have already used this feeding turn's main action; Synthesis is one (ruling 18)")
BLOCKED = Refusal("another animal's Specialization blocks this one's (ruling 69)")
USED = Refusal("this animal has already used Synthesis this turn (once per turn; option "
               "synthesis_every_feeding_turn lifts it)")


#: both Specializations (one trait, Synthesis, with Continents)
SYNTHESIS_BITS = sum(1 << TRAIT_NUM[trait] for trait in ("specialization_a", "specialization_b"))


def declare(trait: str, kind: str) -> None:
    """Give Specialization ``trait`` its main action ``kind`` (``synthesis_a`` / ``synthesis_b``)."""
    number = TRAIT_NUM[trait]
    bit = 1 << number
    blue = tuple(Action(kind, animal) for animal in range(MAX_CARDS))

    @refuses(kind, trait)
    def synthesis_refusal(state: OriginFlow, animal: int, explain: bool = True) -> Refusal | None:
        """Why ``animal`` may not use Synthesis now; with ``explain`` False (the offer: only whether the answer is
        ``None`` matters) a blocking Specialization answers without naming the animal that holds it."""
        if state.main_action_used:
            return MAIN_ACTION_USED
        if state.marked(SYNTHESIS_USED, animal) and not state.game.options["synthesis_every_feeding_turn"]:
            return USED
        masks, location = state.trait_mask, state.location
        # with Continents both Specializations are one trait, Synthesis, blocking only within a location (NOTES §10)
        blocking = SYNTHESIS_BITS if state.config.continents else bit
        for others in state.animals:
            for other in others:
                traits = masks[other]
                if other != animal and traits & blocking and (not location or location[other] == location[animal]):
                    if not explain:
                        return BLOCKED
                    held = EN[number] if traits & bit else EN[(traits & blocking).bit_length() - 1]
                    where = "in its location" if location else "on the table"
                    return Refusal(f"another animal {where}, A{other}, has {held}: they block each other (ruling 69)")
        return state.receive_refusal(animal)

    def describe(state: OriginFlow, animal: int) -> str:
        return f"{EN[number]}: {state.animal_text(animal, state.actor)} gets a blue token (Synthesis)"

    trait_action(trait, kind, describe)

    @HOOKS.on("main_actions", trait, priority=3)
    def offer_synthesis(state: OriginFlow, animals: list[int], choices: list[Action]) -> None:
        can_receive = state.can_receive   # (an animal that cannot receive food is refused: no search for a blocker)
        for animal in animals:
            if (state.trait_mask[animal] & bit and can_receive(animal)
                    and synthesis_refusal(state, animal, False) is None):
                choices.append(blue[animal])

    @resolves(kind)
    def synthesise(state: OriginFlow, animal: int) -> None:
        state.main_action_used = True
        state.round_had_actions = True
        state.mark(SYNTHESIS_USED, animal)
        if state.log_events:
            state.emit("synthesis", {"text": f"{EN[number]}: {state.animal_text(animal)} gets a blue token",
                                     "animal": animal})
        state.receive(animal, False)
