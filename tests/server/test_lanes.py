"""People first: background steps run a few per loop iteration, pushes before bots, never ahead of a request."""

from __future__ import annotations

import asyncio

import pytest

from evolutio.server.lanes import BOTS, PUSHES, BackgroundLanes


async def _record(lanes: BackgroundLanes, lane: int, name: str, ran: list[str]) -> None:
    await lanes.turn(lane)
    ran.append(name)


def test_at_most_the_allowed_steps_run_per_loop_iteration_and_pushes_go_first() -> None:
    async def scenario() -> list[list[str]]:
        lanes = BackgroundLanes(steps_per_iteration=2)
        ran: list[str] = []
        tasks = [asyncio.ensure_future(_record(lanes, BOTS, f"bot{i}", ran)) for i in range(3)]
        tasks += [asyncio.ensure_future(_record(lanes, PUSHES, f"push{i}", ran)) for i in range(2)]
        rounds: list[list[str]] = []
        while len(ran) < len(tasks):
            before = len(ran)
            await asyncio.sleep(0)  # one loop iteration: what a request arriving now would wait behind
            rounds.append(ran[before:])
        await asyncio.gather(*tasks)
        return [batch for batch in rounds if batch]

    rounds = asyncio.run(scenario())
    assert rounds == [["push0", "push1"], ["bot0", "bot1"], ["bot2"]]


def _request_among_steps(steps_per_iteration: int) -> list[str]:
    """Five bots' steps wait; a request's handler becomes ready meanwhile: the order in which they all ran."""
    async def scenario() -> list[str]:
        lanes = BackgroundLanes(steps_per_iteration=steps_per_iteration)
        ran: list[str] = []
        steps = [asyncio.ensure_future(_record(lanes, BOTS, f"bot{i}", ran)) for i in range(5)]
        await asyncio.sleep(0)  # the steps ask for their turns
        await asyncio.sleep(0)  # the first turns are given

        async def request() -> None:
            ran.append("request")

        handler = asyncio.ensure_future(request())  # scheduled as a request read from a socket is
        await asyncio.gather(handler, *steps)
        return ran

    return asyncio.run(scenario())


def test_a_request_arriving_while_steps_wait_is_served_before_the_backlog() -> None:
    order = _request_among_steps(steps_per_iteration=1)
    assert order.index("request") <= 1
    assert sorted(order) == sorted(["request", *(f"bot{i}" for i in range(5))])
    # letting every step through at once, the request would come after all five
    assert _request_among_steps(steps_per_iteration=5).index("request") == 5


def test_a_cancelled_step_takes_no_turn() -> None:
    async def scenario() -> list[list[str]]:
        lanes = BackgroundLanes(steps_per_iteration=1)
        ran: list[str] = []
        first = asyncio.ensure_future(_record(lanes, BOTS, "cancelled", ran))
        second = asyncio.ensure_future(_record(lanes, BOTS, "kept", ran))
        await asyncio.sleep(0)  # both wait now
        first.cancel()
        rounds = []
        for _ in range(3):
            before = len(ran)
            await asyncio.sleep(0)
            rounds.append(ran[before:])
        await asyncio.gather(first, second, return_exceptions=True)
        return rounds

    # the one step per iteration goes to the step still waiting, in the first iteration that grants any
    assert asyncio.run(scenario()) == [[], ["kept"], []]


def test_at_least_one_step_per_iteration() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        BackgroundLanes(steps_per_iteration=0)
