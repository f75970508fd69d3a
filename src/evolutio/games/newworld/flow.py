"""The turn structure of New World as steps of the kernel's decision stack: the four phases of a period and each
player turn. Attacks are in :mod:`.attacks`; trait modules and variants add their own steps (Tail Loss, Mimicry,
Grazing, Scavenger, Metamorphosis, Random Mutations) with :func:`.steps.step_type`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import ClassVar

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal, Step

from . import legal, pipeline, rules
from .actions import DISCARD, END_TURN, PASS
from .attacks import AttackStep
from .data import NO_TRAITS, TRAIT_INDEX
from .state import (
    CARNIVORE_BIT,
    HIBERNATION,
    LEFT,
    NO_ANIMAL,
    NO_CARD,
    RIGHT,
    SIDE_LARGE,
    SIDE_SMALL,
    SYMBIOSIS,
    NewWorldState,
)
from .steps import step_type
from .traits import HOOKS

DONE = Action("done")

#: steps that follow an additional action, filled by the trait modules (Metamorphosis's choice of what comes next)
FOLLOW_UPS: dict[str, Callable[[int], Step]] = {}
#: variants that replace the development turn or add to the extinction draw (``variants/``), by option name
DEVELOPMENT_TURNS: dict[str, Callable[[int], Step]] = {}
AFTER_DRAW: dict[str, Callable[[NewWorldState, int], None]] = {}


def development_turn(state: NewWorldState, seat: int) -> Step:
    if state.game.options["random_mutations"]:  # (state.options, without the property on the hot path)
        return DEVELOPMENT_TURNS["random_mutations"](seat)
    return DevelopmentTurn(seat)


def card_side(state: NewWorldState, card: int, side: int) -> int:
    data = state.data
    return data.card_large[card] if side == SIDE_LARGE else data.card_small[card]


# ================================================================================================== development
@step_type
class DevelopmentTurn(Step):
    """One development turn (NOTES §4): optionally rearrange the row (``arranged`` counts the moves made), then play
    one card or pass."""

    __slots__ = ("arranged", "seat")
    name = "development_turn"
    decides = True  # the seat on turn always decides
    accepts: ClassVar[tuple[str, ...]] = ("pass", "play_animal", "play_trait", "play_paired", "move", "reverse")

    def __init__(self, seat: int, arranged: int = 0) -> None:
        self.seat = seat
        self.arranged = arranged

    def decider(self, state: NewWorldState) -> int:
        return self.seat

    def prompt(self, state: NewWorldState) -> str:
        return (f"{state.player_name(self.seat)}: play a card from your hand (as an animal or a trait), rearrange "
                "your row, or pass")

    def candidates(self, state: NewWorldState) -> Iterable[Action]:
        out = [PASS]
        seat = self.seat
        hand = state.hands[seat]
        animals = state.living_animals()
        own = state.rows[seat]
        others = [animal for animal in animals if state.animal_owner[animal] != seat]
        traits = state.data.traits
        for card in hand:
            out.append(Action("play_animal", card))
            for side in (SIDE_LARGE, SIDE_SMALL):
                trait = card_side(state, card, side)
                if traits[trait].paired:
                    for animal in own:
                        out.append(Action("play_paired", card, side, animal, RIGHT))
                        out.append(Action("play_paired", card, side, animal, LEFT))
                else:
                    receivers = traits[trait].receivers
                    targets = own if receivers == "own" else animals if receivers == "any" else others
                    for animal in targets:
                        out.append(Action("play_trait", card, side, animal))
        if rules.may_rearrange(state, seat, self.arranged):
            out.extend(legal.rearrangements(state, seat))
        return out

    def legal(self, state: NewWorldState) -> list[Action]:
        """The candidates that pass :meth:`check`, in the same order (:func:`.legal.development`)."""
        return legal.development(state, self.seat, self.arranged)

    def check(self, state: NewWorldState, action: Action) -> Refusal | None:
        kind = action.kind
        seat = self.seat
        if kind == "pass":
            if rules.pass_forbidden(state, seat):
                return Refusal(f"in Catastrophe you may pass only once at most {rules.CATASTROPHE_KEEP} cards are left "
                               "in your hand")
            return None
        if kind == "move" or kind == "reverse":
            return None  # only the possible moves are offered (a block to another position of the row)
        card = action.args[0]
        if card not in state.hands[seat]:
            return Refusal(f"card {card} is not in your hand")
        if kind == "play_animal":
            return None
        trait = card_side(state, card, action.args[1])
        if kind == "play_paired":
            first, direction = action.args[2], action.args[3]
            if not state.alive(first):
                return Refusal(f"there is no animal {first}")
            if trait != SYMBIOSIS and direction != RIGHT:
                return Refusal(f"{state.trait_name(trait)} is played on an animal and its right-hand neighbour")
            second = neighbour(state, first, direction)
            if second == NO_ANIMAL:
                return Refusal(f"animal {first} has no neighbour on that side")
            return rules.pair_refusal(state, seat, trait, first, second)
        return rules.placement_refusal(state, seat, trait, action.args[2])

    def resolve(self, state: NewWorldState, action: Action) -> None:
        kind = action.kind
        seat = self.seat
        if kind == "move" or kind == "reverse":
            rearrange(state, seat, action)
            state.flow[-1] = DevelopmentTurn(seat, self.arranged + 1)  # (replace, on the hot path)
            return
        if kind == "pass":
            state.passed[seat] = 1
            if state.log_events:
                state.emit("pass", {"text": f"{state.player_name(seat)} passes in the development phase", "seat": seat})
        else:
            play_card(state, seat, action)
        next_development(state, seat)  # what NextDevelopment does, without the step in between (the hot path)


def play_card(state: NewWorldState, seat: int, action: Action) -> None:
    """A development turn's card: a new animal, a trait, or a paired trait (NOTES §4.3)."""
    kind = action.kind
    card = action.args[0]
    state.hands[seat].remove(card)
    state.played[seat] += 1
    log = state.log_events  # the texts are built only when someone keeps them (not in playouts)
    if kind == "play_animal":
        animal = state.new_animal(seat, card)
        if log:
            state.emit("animal", {"text": f"{state.player_name(seat)} plays a new animal {animal}", "seat": seat,
                                  "animal": animal})
        return
    trait = card_side(state, card, action.args[1])
    if kind == "play_paired":
        guardian = action.args[2]
        ward = neighbour(state, guardian, action.args[3])
        state.attach(card, trait, guardian, ward)
        if log:
            role = f" (guardian {guardian}, ward {ward})" if trait == SYMBIOSIS else ""
            text = (f"{state.player_name(seat)} links animals {guardian} and {ward} with "
                    f"{state.trait_name(trait)}{role}")
            state.emit("trait", {"text": text, "seat": seat, "card": card, "trait": state.data.traits[trait].id,
                                 "animals": [guardian, ward]})
        return
    animal = action.args[2]
    state.attach(card, trait, animal)
    if log:
        text = f"{state.player_name(seat)} gives animal {animal} {state.trait_name(trait)}"
        state.emit("trait", {"text": text, "seat": seat, "card": card, "trait": state.data.traits[trait].id,
                             "animals": [animal]})


def neighbour(state: NewWorldState, animal: int, direction: int) -> int:
    """The animal's right (``RIGHT``) or left (``LEFT``) neighbour in its row, or ``NO_ANIMAL``."""
    left, right = state.neighbours(animal)
    return right if direction == RIGHT else left


def rearrange(state: NewWorldState, seat: int, action: Action) -> None:
    block_list = rules.blocks(state, seat)
    index = next(i for i, block in enumerate(block_list) if block[0] == action.args[0])
    block = block_list.pop(index)
    if action.kind == "reverse":
        block.reverse()
        block_list.insert(index, block)
    else:
        block_list.insert(action.args[1], block)
    state.rows[seat] = [animal for part in block_list for animal in part]
    if state.log_events:
        if action.kind == "reverse":
            text = f"{state.player_name(seat)} turns round the block of animals {', '.join(map(str, block))}"
        else:
            text = f"{state.player_name(seat)} moves animal {action.args[0]}'s block to position {action.args[1]}"
        state.emit("arrange", {"text": text, "seat": seat, "row": list(state.rows[seat])})


@step_type
class NextDevelopment(Step):
    __slots__ = ("seat",)
    name = "next_development"
    seat: int

    def run(self, state: NewWorldState) -> None:
        next_development(state, self.seat)


def next_development(state: NewWorldState, after: int) -> None:
    """Replace the top step with the next development turn after seat ``after`` (a seat without cards passes), or
    with the next phase when every seat has passed."""
    players = len(state.passed)  # (one entry per seat: num_players, without the property on the hot path)
    for offset in range(1, players + 1):
        seat = (after + offset) % players
        if not state.passed[seat]:
            if not state.hands[seat]:
                state.passed[seat] = 1
                if state.log_events:
                    state.emit("pass", {"text": f"{state.player_name(seat)} has no cards and passes", "seat": seat})
                continue
            state.flow[-1] = development_turn(state, seat)  # (replace, on the hot path)
            return
    state.replace(StartFeeding() if state.catastrophe else AreasPhase())


# ======================================================================================================== areas
@step_type
class AreasPhase(Step):
    """NOTES §5: reveal the top area card at the left end, then fill every area's symbols."""

    __slots__ = ()
    name = "areas_phase"

    def run(self, state: NewWorldState) -> None:
        state.phase = "areas"
        area = state.area_deck.pop()
        state.area_row.insert(0, area)
        if not state.area_deck:
            state.final = 1
        if state.log_events:
            final = " — the area deck is empty: this is the final period" if state.final else ""
            state.emit("area", {"text": f"the area {state.data.areas[area].en} is revealed at the left end{final}",
                                "area": state.data.areas[area].id})
        state.fill_areas()
        state.replace(StartFeeding())


@step_type
class StartFeeding(Step):
    __slots__ = ()
    name = "start_feeding"

    def run(self, state: NewWorldState) -> None:
        state.phase = "feeding"
        state.passed = [0] * state.num_players
        state.turn_used = []
        if state.log_events:
            state.emit("phase", {"text": f"period {state.period}: the feeding phase begins"})
        state.replace(FeedingTurn(state.first_player))


# ====================================================================================================== feeding
@step_type
class FeedingTurn(Step):
    """One feeding turn (NOTES §6.2): at most one basic action and at most one additional action."""

    __slots__ = ("basic_done", "extra_done", "seat")
    name = "feeding_turn"
    accepts = ("pass", "end_turn", "shelter", "feed", "attack", "piracy", "metamorphosis")

    def __init__(self, seat: int, basic_done: int = 0, extra_done: int = 0) -> None:
        self.seat = seat
        self.basic_done = basic_done
        self.extra_done = extra_done

    def decider(self, state: NewWorldState) -> int | None:
        if self.basic_done and (self.extra_done or not legal.has_additional(state, self.seat)):
            return None  # nothing is left to do this turn: it ends by itself
        return self.seat

    def run(self, state: NewWorldState) -> None:
        next_feeding(state, self.seat)  # what NextFeeding does, without the step in between (the hot path)

    def prompt(self, state: NewWorldState) -> str:
        return f"{state.player_name(self.seat)}: take shelter, feed, attack, use Piracy or Metamorphosis, or pass"

    def extra_candidates(self, state: NewWorldState) -> list[Action]:
        out = []
        for animal in state.rows[self.seat]:
            mask = state.trait_mask[animal]
            if mask & rules.PIRACY_BIT and not state.used[animal] & rules.PIRACY_BIT:
                for victim in state.living_animals():
                    out.append(Action("piracy", animal, victim))
            if mask & rules.METAMORPHOSIS_BIT and not state.used[animal] & rules.METAMORPHOSIS_BIT:
                for card in state.animal_cards[animal]:
                    out.append(Action("metamorphosis", animal, card))
        return out

    def candidates(self, state: NewWorldState) -> Iterable[Action]:
        out = [PASS, END_TURN]
        if not self.basic_done:
            slots = state.slots()
            shelter_slots = [slot for slot in slots if state.area_shelter[slot]]
            food_slots = [slot for slot in slots if state.area_food[slot]]
            animals = state.living_animals()
            for animal in state.rows[self.seat]:
                if not state.shelter[animal]:
                    for slot in shelter_slots:
                        out.append(Action("shelter", animal, slot))
                for slot in food_slots:
                    out.append(Action("feed", animal, slot))
                if rules.attacker_refusal(state, self.seat, animal) is None:
                    for prey in animals:
                        out.append(Action("attack", animal, prey))
        if not self.extra_done:
            out.extend(self.extra_candidates(state))
        return out

    def legal(self, state: NewWorldState) -> list[Action]:
        """The candidates that pass :meth:`check`, in the same order (:func:`.legal.feeding`)."""
        return legal.feeding(state, self.seat, self.basic_done, self.extra_done)

    def check(self, state: NewWorldState, action: Action) -> Refusal | None:
        kind = action.kind
        seat = self.seat
        if kind == "pass":
            if self.basic_done or self.extra_done:
                return Refusal("you have acted this turn: end the turn instead of passing")
            if rules.must_act(state, seat):
                return Refusal("you may not pass while you can take shelter, feed, or attack with a hungry predator")
            return None
        if kind == "end_turn":
            if self.basic_done:
                return None
            if not self.extra_done:
                return Refusal("take a basic action (or pass) before ending your turn")
            if rules.must_act(state, seat):
                return Refusal("you still have to take a basic action this turn")
            return None
        if kind in ("shelter", "feed", "attack"):
            if self.basic_done:
                return Refusal("you have already taken your basic action this turn")
            animal, target = action.args
            if kind == "attack":
                return rules.attacker_refusal(state, seat, animal) or rules.prey_refusal(state, animal, target)
            if state.animal_owner[animal] != seat:
                return Refusal(f"animal {animal} is not one of your animals")
            if target not in state.slots():
                return Refusal(f"there is no area slot {target} on the table")
            tokens = state.area_shelter if kind == "shelter" else state.area_food
            if not tokens[target]:
                what = "shelter token" if kind == "shelter" else "food"
                return Refusal(f"{state.data.areas[target >> 1].halves[target & 1].en} has no {what} left")
            if kind == "shelter" and state.shelter[animal]:
                return Refusal(f"animal {animal} already has a shelter")
            if kind == "feed" and not state.can_take_food(animal):
                return Refusal(f"animal {animal} cannot take food: it is fed (or its Symbiosis guardian is hungry)")
            if not state.slot_open_to(animal, target):
                half = state.data.areas[target >> 1].halves[target & 1]
                need = "no traits at all" if half.requires == NO_TRAITS else \
                    state.trait_name(TRAIT_INDEX[half.requires or ""]) + " or Adaptable"
                return Refusal(f"animal {animal} cannot use {half.en}: it needs {need}")
            return None
        if self.extra_done:
            return Refusal("you have already taken your additional action this turn")
        if kind == "piracy":
            return rules.piracy_refusal(state, action.args[0], action.args[1])
        return rules.metamorphosis_refusal(state, action.args[0], action.args[1])

    def resolve(self, state: NewWorldState, action: Action) -> None:
        kind = action.kind
        seat = self.seat
        if kind == "pass":
            state.passed[seat] = 1
            if state.log_events:
                state.emit("pass", {"text": f"{state.player_name(seat)} passes for the rest of the feeding phase",
                                    "seat": seat})
            next_feeding(state, seat)
            return
        if kind == "end_turn":
            next_feeding(state, seat)
            return
        if kind == "feed" or kind == "shelter":
            after = state.flow[-1] = FeedingTurn(seat, 1, self.extra_done)  # (replace, on the hot path)
            animal, slot = action.args
            if kind == "feed":
                pipeline.give_food(state, animal, slot)
            else:
                state.area_shelter[slot] -= 1
                state.shelter[animal] = 1
                if state.log_events:
                    state.emit("shelter", {"text": f"animal {animal} takes shelter in "
                                                   f"{state.data.areas[slot >> 1].halves[slot & 1].en}",
                                           "animal": animal, "slot": slot})
            if state.flow[-1] is after and after.decider(state) is None:
                next_feeding(state, seat)  # what settling would do: the turn has nothing left and ends by itself
            return
        if kind == "attack":
            state.replace(FeedingTurn(seat, 1, self.extra_done))
        else:
            state.replace(FeedingTurn(seat, self.basic_done, 1))
        animal, target = action.args
        if kind == "attack":
            state.used[animal] |= CARNIVORE_BIT
            if state.log_events:
                state.emit("attack", {"text": f"animal {animal} ({state.player_name(seat)}) attacks animal {target} "
                                              f"({state.player_name(state.animal_owner[target])})",
                                      "predator": animal, "prey": target})
            state.push(AttackStep(animal, target, 0))
        elif kind == "piracy":
            state.used[animal] |= rules.PIRACY_BIT
            state.food[target] -= 1
            state.emit("piracy", {"text": f"animal {animal} steals 1 food from animal {target}", "animal": animal,
                                  "victim": target})
            pipeline.give_food(state, animal)
        else:
            state.used[animal] |= rules.METAMORPHOSIS_BIT
            trait = state.card_trait[target]
            state.detach(target)
            state.emit("metamorphosis", {"text": f"animal {animal} changes: it discards "
                                                 f"{state.trait_name(trait)}", "animal": animal})
            state.push(FOLLOW_UPS["metamorphosis"](animal))


@step_type
class NextFeeding(Step):
    __slots__ = ("seat",)
    name = "next_feeding"
    seat: int

    def run(self, state: NewWorldState) -> None:
        next_feeding(state, self.seat)


def next_feeding(state: NewWorldState, after: int) -> None:
    """Replace the top step with the next feeding turn after seat ``after`` (seats that passed are skipped), or with
    the extinction phase when every seat has passed. The once-per-turn marks of the trait cards are cleared."""
    state.turn_used = []
    players = len(state.passed)  # (one entry per seat: num_players, without the property on the hot path)
    for offset in range(1, players + 1):
        seat = (after + offset) % players
        if not state.passed[seat]:
            state.flow[-1] = FeedingTurn(seat)  # (replace, on the hot path)
            return
    state.replace(ExtinctionPhase())


# =================================================================================================== extinction
@step_type
class ExtinctionPhase(Step):
    """NOTES §7 step 1: poisoned predators die, then each player may spend fat or hibernate, first player first."""

    __slots__ = ()
    name = "extinction_phase"

    def run(self, state: NewWorldState) -> None:
        state.phase = "extinction"
        if state.log_events:
            state.emit("phase", {"text": f"period {state.period}: the extinction phase begins"})
        for animal in state.living_animals():
            if state.poisoned[animal]:
                if state.log_events:
                    state.emit("death", {"text": f"animal {animal} dies of poison", "animal": animal,
                                         "cause": rules.DEATH_POISONED})
                state.kill(animal)
        players = state.num_players
        order = [(state.first_player + offset) % players for offset in range(players)]
        state.replace(Starvation(), *(SaveStep(seat) for seat in reversed(order)))


def hibernation_allowed(state: NewWorldState) -> bool:
    if state.catastrophe:
        return False
    return not state.final or state.options["hibernation_in_final_period"]


@step_type
class SaveStep(Step):
    """NOTES §7 step 1 (b, c): a hungry animal may spend fat covering its shortfall, or discard Hibernation."""

    __slots__ = ("seat",)
    name = "save_animals"
    seat: int

    def decider(self, state: NewWorldState) -> int | None:
        return self.seat if any(True for _ in self.saves(state)) else None

    def run(self, state: NewWorldState) -> None:
        state.pop()

    def prompt(self, state: NewWorldState) -> str:
        return f"{state.player_name(self.seat)}: save hungry animals with fat or Hibernation, or be done"

    def saves(self, state: NewWorldState) -> Iterable[Action]:
        for animal in state.rows[self.seat]:
            if state.hungry(animal) and not state.used[animal] & rules.HIBERNATION_BIT:
                for handler in HOOKS.handlers("savers", state.trait_mask[animal]):
                    yield from handler(state, animal)

    def candidates(self, state: NewWorldState) -> Iterable[Action]:
        return [DONE, *self.saves(state)]

    def resolve(self, state: NewWorldState, action: Action) -> None:
        if action.kind == "done":
            state.pop()
            return
        animal = action.args[0]
        if action.kind == "use_fat":
            shortfall = state.need(animal) - state.food[animal]
            state.fat[animal] -= shortfall
            state.food[animal] += shortfall
            if state.log_events:
                state.emit("fat", {"text": f"animal {animal} spends {shortfall} fat and is fed", "animal": animal})
        else:
            state.used[animal] |= rules.HIBERNATION_BIT
            state.detach(state.cards_with(animal, HIBERNATION)[0])
            if state.log_events:
                state.emit("hibernate", {"text": f"animal {animal} hibernates (its Hibernation card is discarded)",
                                         "animal": animal})


@step_type
class Starvation(Step):
    """NOTES §7 steps 2–5: hungry animals die; then (except in the final period) renewal, draw, next period."""

    __slots__ = ()
    name = "starvation"

    def run(self, state: NewWorldState) -> None:
        for animal in state.living_animals():
            if state.hungry(animal) and not state.used[animal] & rules.HIBERNATION_BIT:
                if state.log_events:
                    state.emit("death", {"text": f"animal {animal} starves", "animal": animal,
                                         "cause": rules.DEATH_STARVED})
                state.kill(animal)
        if state.final:
            state.phase = "over"
            state.pop()
            if not state.log_events:
                return
            scores = rules_scores(state)
            winners = state.winners()
            state.emit("game_over", {"text": "game over: " + ", ".join(
                f"{state.player_name(seat)} {value} points" for seat, value in enumerate(scores))
                + "; winner(s): " + ", ".join(state.player_name(seat) for seat in winners),
                "scores": scores, "winners": winners})
            return
        renew(state)
        players = state.num_players
        order = [(state.first_player + offset) % players for offset in range(players)]
        for seat in order:
            draw_for(state, seat)
        steps: list[Step] = [NextPeriod()]
        if not state.options["unlimited_hand"] and not state.options["random_mutations"]:
            steps.extend(DiscardStep(seat) for seat in reversed(order))
        state.replace(*steps)


def rules_scores(state: NewWorldState) -> list[int]:
    return [rules.score(state, seat) for seat in range(state.num_players)]


def renew(state: NewWorldState) -> None:
    """NOTES §7 step 3: food and shelters back to the supply (fat stays), rightmost area out, cards upright."""
    for animal in state.living_animals():
        state.food[animal] = state.shelter[animal] = state.used[animal] = state.survived[animal] = 0
    area = state.area_row.pop()
    state.area_discard.append(area)
    for half in range(2):
        state.area_food[2 * area + half] = state.area_shelter[2 * area + half] = 0
    if state.log_events:
        state.emit("area_out", {"text": f"the area {state.data.areas[area].en} is discarded",
                                "area": state.data.areas[area].id})


def draw_for(state: NewWorldState, seat: int) -> None:
    """NOTES §7 step 4: surviving animals + 2 cards; a player with no animals draws up to 6 (ruling 67, 75)."""
    hand = state.hands[seat]
    if state.rows[seat]:
        count = len(state.rows[seat]) + 2
    elif state.options["unlimited_hand"]:
        count = max(2, state.data.starting_hand - len(hand))
    else:
        count = max(0, state.data.starting_hand - len(hand))
    drawn = []
    for _ in range(count):
        card = state.draw_card()
        if card == NO_CARD:
            break
        drawn.append(card)
    hand.extend(drawn)
    blind = bool(state.options["random_mutations"])  # the gene pool is unseen even by its owner
    if state.log_events:
        name = state.player_name(seat)
        state.emit("draw", {"text": f"{name} draws {len(drawn)} cards: {', '.join(map(str, drawn)) or 'none'}",
                            "seat": seat, "cards": drawn}, to=() if blind else (seat,),
                   redacted={"text": f"{name} draws {len(drawn)} cards", "seat": seat, "count": len(drawn)})
    if blind:
        AFTER_DRAW["random_mutations"](state, seat)


@step_type
class DiscardStep(Step):
    """NOTES §7 step 4: a hand above the limit is cut down by its owner, one card at a time."""

    __slots__ = ("seat",)
    name = "discard_to_limit"
    seat: int

    def decider(self, state: NewWorldState) -> int | None:
        return self.seat if len(state.hands[self.seat]) > state.data.hand_limit else None

    def run(self, state: NewWorldState) -> None:
        state.pop()

    def prompt(self, state: NewWorldState) -> str:
        return f"{state.player_name(self.seat)}: discard down to {state.data.hand_limit} cards"

    def candidates(self, state: NewWorldState) -> Iterable[Action]:
        return [DISCARD[card] for card in state.hands[self.seat]]

    def resolve(self, state: NewWorldState, action: Action) -> None:
        card = action.args[0]
        state.hands[self.seat].remove(card)
        state.discard.append(card)
        if state.log_events:
            name = state.player_name(self.seat)
            state.emit("discard", {"text": f"{name} discards card {card}", "seat": self.seat, "card": card},
                       to=(self.seat,), redacted={"text": f"{name} discards a card", "seat": self.seat})


@step_type
class NextPeriod(Step):
    __slots__ = ()
    name = "next_period"

    def run(self, state: NewWorldState) -> None:
        state.first_player = (state.first_player + 1) % state.num_players
        state.period += 1
        state.phase = "development"
        state.passed = [0] * state.num_players
        state.played = [0] * state.num_players
        if state.log_events:
            state.emit("period", {"text": f"period {state.period} begins; {state.player_name(state.first_player)} "
                                          "goes first",
                                  "period": state.period})
        state.replace(NextDevelopment(state.first_player - 1))

