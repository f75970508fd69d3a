"""The kernel's decision stack and trait hook tables, on a tiny game written for the test.

The game: a pile of tokens; players take 1-3 in turn. Taking 3 lets the next player react: claim one token back or
let it go (an interrupt pushed on the stack). Nobody may take more than the pile holds. Empty pile: game over.
"""

from __future__ import annotations

import pytest

from evolutio.kernel import Action, Game, IllegalAction, ScenarioError
from evolutio.kernel.flow import FlowState, Refusal, Step, steps_from_json, steps_to_json
from evolutio.kernel.hooks import TraitHooks, first_refusal, total
from evolutio.kernel.scenario import apply_scenario_controls


class TakeTurn(Step):
    __slots__ = ("seat",)
    name = "take"

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def decider(self, state):
        return self.seat

    def candidates(self, state):
        return [Action("take", n) for n in (1, 2, 3)]

    def check(self, state, action):
        if action.args[0] > state.pile:
            return Refusal(f"the pile has only {state.pile} tokens")
        return None

    def resolve(self, state, action):
        taken = action.args[0]
        state.pile -= taken
        state.taken[self.seat] += taken
        nxt = 1 - self.seat
        state.replace(AfterTurn(nxt))
        if taken == 3 and state.pile >= 0:
            state.push(React(nxt, self.seat))


class React(Step):
    __slots__ = ("seat", "victim")
    name = "react"

    def __init__(self, seat: int, victim: int) -> None:
        self.seat = seat
        self.victim = victim

    def decider(self, state):
        return self.seat

    def candidates(self, state):
        return [Action("claim"), Action("let_go")]

    def resolve(self, state, action):
        if action.kind == "claim":
            state.taken[self.victim] -= 1
            state.taken[self.seat] += 1
        state.pop()


class AfterTurn(Step):
    __slots__ = ("seat",)
    name = "after_turn"

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def run(self, state):
        state.pop()
        if state.pile > 0:
            state.push(TakeTurn(self.seat))


class PileGame(Game):
    name = "pile_test"
    min_players = max_players = 2


class PileState(FlowState):
    __slots__ = ("pile", "taken")

    def __init__(self, pile: int) -> None:
        super().__init__(PileGame(), 0)
        self.pile = pile
        self.taken = [0, 0]
        self.push(TakeTurn(0))
        self.settle()


def test_current_player_and_legal_actions_come_from_the_top_step():
    state = PileState(2)
    assert state.current_player == 0
    assert state.legal_actions() == [Action("take", 1), Action("take", 2)]


def test_refused_action_carries_the_checks_own_reason_and_changes_nothing():
    state = PileState(2)
    with pytest.raises(IllegalAction, match="the pile has only 2 tokens"):
        state.apply(Action("take", 3))
    assert state.pile == 2 and state.num_actions_applied == 0
    assert state.refusal(Action("take", 3)).reason == "the pile has only 2 tokens"
    assert state.refusal(Action("take", 1)) is None


def test_non_candidate_is_refused_with_the_steps_prompt():
    state = PileState(5)
    with pytest.raises(IllegalAction, match="not one of the choices now; take"):
        state.apply(Action("claim"))


def test_interrupt_is_pushed_and_resolved_before_the_turn_moves_on():
    state = PileState(5)
    state.apply(Action("take", 3))
    assert state.current_player == 1 and state.step.name == "react"
    state.apply(Action("claim"))
    assert state.taken == [2, 1]
    assert state.current_player == 1 and state.step.name == "take"
    state.apply(Action("take", 2))
    assert state.is_terminal and state.current_player is None and state.legal_actions() == []


class OfferTurn(Step):
    """Automatic: pushes seat ``seat``'s turn with its legal actions computed here (``FlowState.offer``); with
    ``then_react`` it pushes a reaction above it afterwards, which must make the offered list stale."""

    __slots__ = ("seat", "then_react")
    name = "offer_turn"

    def __init__(self, seat: int, then_react: bool) -> None:
        self.seat = seat
        self.then_react = then_react

    def run(self, state):
        state.pop()
        turn = TakeTurn(self.seat)
        state.offer(turn, [Action("take", 1)])   # (deliberately shorter than turn.legal: the test sees which is used)
        if self.then_react:
            state.push(React(1 - self.seat, self.seat))


def test_an_offered_legal_list_stands_until_the_stack_changes():
    state = PileState(5)
    state.push(OfferTurn(1, False))
    state.settle()
    assert state.legal_actions() == [Action("take", 1)]   # the offered list, not the step's own generation
    reacting = PileState(5)
    reacting.push(OfferTurn(1, True))
    reacting.settle()
    assert reacting.step.name == "react"
    assert reacting.legal_actions() == [Action("claim"), Action("let_go")]


def test_stack_round_trips_through_json_and_reports_paths():
    state = PileState(5)
    state.apply(Action("take", 3))
    data = steps_to_json(state.flow)
    assert data == [{"step": "after_turn", "seat": 1}, {"step": "react", "seat": 1, "victim": 0}]
    assert steps_from_json(data, (TakeTurn, React, AfterTurn)) == state.flow
    with pytest.raises(ValueError, match=r"flow\[1\].step: unknown step 'ract'"):
        steps_from_json([data[0], {**data[1], "step": "ract"}], (TakeTurn, React, AfterTurn))
    with pytest.raises(ValueError, match=r"flow\[1\].victim: missing"):
        steps_from_json([data[0], {"step": "react", "seat": 1}], (TakeTurn, React, AfterTurn))


def test_hooks_run_only_for_traits_present_and_in_priority_order():
    hooks = TraitHooks(("can_be_attacked", "food_need"), traits=("big", "camouflage", "fat"))
    calls = []

    @hooks.on("can_be_attacked", "camouflage")
    def camouflage(attacker_mask, target_mask):
        calls.append("camouflage")
        return None if attacker_mask & hooks.bit["big"] else Refusal("camouflaged")

    @hooks.on("can_be_attacked", "big", priority=-1)
    def big(attacker_mask, target_mask):
        calls.append("big")
        return None if attacker_mask & hooks.bit["big"] else Refusal("big")

    @hooks.on("food_need")
    def base_need(mask):
        return 1

    @hooks.on("food_need", "big")
    def big_need(mask):
        return 1

    both = hooks.mask_of(["big", "camouflage"])
    assert hooks.handlers("can_be_attacked", hooks.bit["fat"]) == ()
    assert first_refusal(hooks.handlers("can_be_attacked", both), 0, both).reason == "big"
    assert calls == ["big"]
    assert first_refusal(hooks.handlers("can_be_attacked", both), hooks.bit["big"], both) is None
    assert total(hooks.handlers("food_need", hooks.bit["big"]), 0) == 2
    assert total(hooks.handlers("food_need", 0), 0) == 1
    assert hooks.traits_with("can_be_attacked") == both
    assert hooks.names(both) == ["big", "camouflage"]
    with pytest.raises(ValueError, match="unknown trait 'fatt'"):
        hooks.on("food_need", "fatt")


# -- pinned chance and hold points (issue 16's kernel part) ---------------------------------------------------------

class RollStep(Step):
    """Automatic: roll the die; on 4-6 the pile grows by the roll."""

    __slots__ = ()
    name = "roll"

    def run(self, state):
        state.pop()
        roll = state.rng.die(6)
        state.rolls.append(roll)
        if roll >= 4:
            state.pile += roll


class DiceGame(PileGame):
    name = "dice_test"
    die_sides = 6
    hold_points = {"roll": "before the die is rolled"}


class DiceState(FlowState):
    __slots__ = ("pile", "taken", "rolls")

    def __init__(self, scenario: dict) -> None:
        super().__init__(DiceGame(), scenario.get("seed", 0))
        self.pile = 3
        self.taken = [0, 0]
        self.rolls = []
        self.push(TakeTurn(0), RollStep())
        apply_scenario_controls(self, scenario)
        self.settle()




@pytest.mark.parametrize("roll, pile", [(1, 3), (3, 3), (4, 7), (6, 9)])
def test_pinned_die_decides_the_roll_both_ways(roll, pile):
    state = DiceState({"chance": [{"die": roll}]})
    assert state.rolls == [roll] and state.pile == pile


def test_pinned_dice_run_out_into_the_seeded_generator_deterministically():
    first = DiceState({"seed": 5, "chance": [{"dice": [2]}]})
    again = DiceState({"seed": 5, "chance": [{"dice": [2]}]})
    assert first.rng == again.rng and first.rng.pinned_dice == ()
    assert first.rng.die() == again.rng.die()


@pytest.mark.parametrize("chance, message", [
    ([{"die": 7}], r"chance\[0\].die: 7 is not a face of a 6-sided die"),
    ([{"die": 2}, {"dice": [3, 0]}], r"chance\[1\].dice\[1\]: 0 is not a face of a 6-sided die"),
    ([{"deck": "main", "cards": [1]}], r"chance\[0\].deck: dice_test has no deck named 'main'"),
    ([{"coin": 1}], r"chance\[0\]: expected"),
    ({"die": 1}, r"chance: expected a list"),
])
def test_impossible_pinned_outcomes_are_refused_with_their_json_path(chance, message):
    with pytest.raises(ScenarioError, match=message):
        DiceState({"chance": chance})


def test_hold_point_stops_the_game_until_resume_and_survives_json():
    state = DiceState({"hold": ["roll"], "chance": [{"die": 5}]})
    assert state.held == "roll" and state.rolls == [] and state.pile == 3
    assert state.legal_actions() == [Action("resume")]
    with pytest.raises(IllegalAction, match="held before the die is rolled; the only choice is resume"):
        state.apply(Action("take", 1))
    assert steps_from_json(steps_to_json(state.flow), (TakeTurn, RollStep)) == state.flow
    state.apply(Action("resume"))
    assert state.held is None and state.rolls == [5] and state.pile == 8 and state.current_player == 0


def test_unknown_hold_point_is_refused_with_the_known_ones():
    message = r"hold\[0\]: unknown hold point 'extinction' for dice_test \(known: roll\)"
    with pytest.raises(ScenarioError, match=message):
        DiceState({"hold": ["extinction"]})


class Tally(Step):
    """A step that declares its fields only in ``__slots__``: the kernel writes its constructor."""

    __slots__ = ("seat", "count")
    name = "tally"


class TallyOfTwo(Tally):
    __slots__ = ("second",)
    name = "tally_of_two"


def test_a_step_declares_its_fields_once_and_gets_a_constructor_in_slot_order():
    step = TallyOfTwo(1, 5, 0)
    assert (step.seat, step.count, step.second) == (1, 5, 0)
    assert step == TallyOfTwo(1, 5, 0) and step != TallyOfTwo(1, 5, 1)
    assert steps_from_json(steps_to_json([Tally(0, 2), step]), [Tally, TallyOfTwo]) == [Tally(0, 2), step]
    with pytest.raises(TypeError):
        Tally(1)


def test_a_shared_field_less_step_loads_as_the_games_own_instance():
    shared_roll = RollStep()
    data = steps_to_json([TakeTurn(0), shared_roll, RollStep()])
    loaded = steps_from_json(data, (TakeTurn, RollStep), shared=(shared_roll,))
    assert loaded == [TakeTurn(0), shared_roll, shared_roll]
    assert loaded[1] is shared_roll and loaded[2] is shared_roll
    assert steps_from_json(data, (TakeTurn, RollStep))[1] is not shared_roll   # not shared: new instances
    with pytest.raises(TypeError, match="shared step 'take' has fields"):
        steps_from_json(data, (TakeTurn, RollStep), shared=(TakeTurn(0),))
