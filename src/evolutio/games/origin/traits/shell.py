"""Shell (Раковина; Time to Fly): when attacked, the animal may hide in its Shell (``hide``, optional; not against an
Ambush): it is not eaten, cannot be attacked again this turn and receives no red or blue token until the end of the
turn (converting its own fat is still allowed); the Carnivore gets nothing and cannot attack again this turn (rulings
42, 49). When its animal dies (eaten or starved), the Shell card stays in the centre of the table
(``state.loose_shells``); any player may, as the main action of a feeding turn, put a loose Shell on one of their
animals that could take a Shell from hand (``pick_shell(animal)``; ruling 68). With Continents' locations a loose Shell
lies in the location where its animal died and only an animal there picks it up (NOTES §9.2 shell, engine
convention; ruling 55: a feeding turn's actions take place in one location). A Shell discarded by Metamorphosis leaves
the game (NOTES §9.2 shell)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from ..card_data import MAX_CARDS
from ..geography import LAURASIA, LOCATION_NAMES
from . import HOOKS, TRAIT_NUM, mark_kind, refuses, resolves, trait_action
from .carnivore import AMBUSHING

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import Defence, OriginFlow

SHELL = TRAIT_NUM["shell"]
HIDE = Action("hide")
PICK_SHELL = tuple(Action("pick_shell", animal) for animal in range(MAX_CARDS))
#: the animals hiding in their Shell this turn
IN_SHELL = mark_kind("in_shell", "turn")
HIDING = Refusal("it is hiding in its Shell this turn (ruling 42)")
NO_FOOD_IN_SHELL = Refusal("an animal hiding in its Shell receives no red or blue token this turn (converting its "
                           "own fat is allowed)")
NOT_FROM_AMBUSH = Refusal("an animal attacked from Ambush cannot hide in its Shell (ruling 49)")
NO_LOOSE_SHELL = Refusal("no loose Shell lies in the centre of the table (ruling 68)")
MAIN_ACTION_USED = Refusal("you have already used this feeding turn's main action; picking up a Shell is one "
                           "(ruling 18)")


@HOOKS.on("can_be_attacked", "shell", priority=5)
def safe_in_the_shell(state: OriginFlow, carnivore: int, target: int) -> Refusal | None:
    return HIDING if state.marks and state.marked(IN_SHELL, target) else None


@HOOKS.on("can_receive", "shell")
def shut_in(state: OriginFlow, animal: int) -> Refusal | None:
    return NO_FOOD_IN_SHELL if state.marks and state.marked(IN_SHELL, animal) else None


@refuses("hide", "shell")
def hide_refusal(state: OriginFlow, carnivore: int, target: int, rolled: bool, targeted: int) -> Refusal | None:
    return NOT_FROM_AMBUSH if state.marks and state.marked(AMBUSHING, carnivore) else None


@HOOKS.on("defences", "shell", priority=4)
def offer_the_shell(state: OriginFlow, carnivore: int, target: int, rolled: bool, targeted: int,
                    choices: list[Action]) -> bool:
    if hide_refusal(state, carnivore, target, rolled, targeted) is None:
        choices.append(HIDE)
    return False


def describe_hiding(state: OriginFlow) -> str:
    return "Shell: hide (safe this turn, but no food this turn)"


trait_action("shell", "hide", describe_hiding, (), answers="defence")


@resolves("hide")
def hide(state: OriginFlow, attack: Defence) -> None:
    state.mark(IN_SHELL, attack.target)
    if state.log_events:
        state.emit("shell", {"text": f"Shell: {state.animal_text(attack.target)} hides; Carnivore A{attack.carnivore} "
                             "gets nothing and cannot attack again this turn", "animal": attack.target,
                             "carnivore": attack.carnivore})


# -- loose Shells -----------------------------------------------------------------------------------------------------
@refuses("pick_shell", "shell", on_its_animal=False)
def pick_up_refusal(state: OriginFlow, animal: int) -> Refusal | None:
    if state.main_action_used:
        return MAIN_ACTION_USED
    if not state.loose_shells:
        return NO_LOOSE_SHELL
    if state.location and not state.loose_shells_in(state.location[animal]):
        return Refusal(f"no loose Shell lies in {LOCATION_NAMES[state.location[animal]]}, where A{animal} is: a Shell "
                       "stays in the location where its animal died (NOTES §9.2 shell)")
    return state.placement_refusal(state.owner[animal], SHELL, animal)


@HOOKS.on("table_actions", "shell")
def offer_loose_shells(state: OriginFlow, player: int, choices: list[Action]) -> None:
    # (loops, not comprehensions: those would make closure cells on every call, and this is asked at every feeding
    # choice of a game with Shells, mostly while none lies loose)
    if not state.loose_shells:
        return
    location = state.location
    places = 0   # Continents: the locations (a bit each) where a loose Shell lies, that the feeding turn may use
    if location:   # (pick_up_refusal refuses an animal whose location has no loose Shell: no call for it)
        here = state.feeding_location
        if here < 0:
            shell_places = state.shell_places
            for card in state.loose_shells:
                places |= 1 << shell_places.get(card, LAURASIA)
        elif state.loose_shells_in(here):
            places = 1 << here
        else:
            return
    for animal in state.animals[player]:
        if (not location or (places >> location[animal]) & 1) and pick_up_refusal(state, animal) is None:
            choices.append(PICK_SHELL[animal])


def describe_picking(state: OriginFlow, animal: int) -> str:
    return f"pick up a loose Shell and put it on {state.animal_text(animal, state.actor)}"


trait_action("shell", "pick_shell", describe_picking)


@resolves("pick_shell")
def pick_up(state: OriginFlow, animal: int) -> None:
    state.main_action_used = True
    state.round_had_actions = True
    if state.location:   # the oldest Shell of the animal's location (Shells are alike: which one does not matter)
        card = state.loose_shells_in(state.location[animal])[0]
        state.loose_shells.remove(card)
        del state.shell_places[card]
    else:
        card = state.loose_shells.pop(0)
    state.card_trait[card] = SHELL
    state.trait_cards[animal] = (*state.trait_cards[animal], card)
    state._recalc(animal)
    if state.log_events:
        state.emit("pick_shell", {"text": f"{state.player_name(state.owner[animal])} puts the loose Shell (card "
                                  f"{card}) on {state.animal_text(animal)}", "animal": animal, "card": card})
