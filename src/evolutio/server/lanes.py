"""People first: the event loop's background work (pushes, bots' moves) waits its turn behind people's requests.

asyncio runs every ready callback of a loop iteration in arrival order before it looks at the sockets again, so when
a hundred tables' pushes and bots' moves are all ready at once, a person's request that arrives meanwhile waits for
all of them — several times over, since an answer takes a few iterations (read, apply, commit, answer). A
:class:`BackgroundLanes` lets only a few background steps run per loop iteration: people's requests are never held
back and are read and answered between them, while the background goes on at full speed when nobody is asking.

Steps are granted in lane order (``PUSHES`` before ``BOTS``: a push is what tells a person it is their turn) and,
within a lane, first come first served.
"""

from __future__ import annotations

import asyncio
from collections import deque

#: how many background steps may run in one iteration of the event loop (each is about a view built and sent, or
#: a bot's move applied: a few tenths of a millisecond)
STEPS_PER_ITERATION = 4
#: the lanes, served in this order
PUSHES = 0
BOTS = 1
LANE_COUNT = 2


class BackgroundLanes:
    """``await lanes.turn(lane)`` before a background step: it returns in a later loop iteration, at most
    ``steps_per_iteration`` steps being let through per iteration (pushes before bots)."""

    def __init__(self, steps_per_iteration: int = STEPS_PER_ITERATION) -> None:
        if steps_per_iteration < 1:
            raise ValueError(f"steps_per_iteration must be at least 1, got {steps_per_iteration}")
        self.steps_per_iteration = steps_per_iteration
        self._waiting: tuple[deque[asyncio.Future[None]], ...] = tuple(deque() for _ in range(LANE_COUNT))
        self._granting = False

    @property
    def waiting(self) -> int:
        """Steps waiting for their turn."""
        return sum(len(queue) for queue in self._waiting)

    async def turn(self, lane: int) -> None:
        loop = asyncio.get_running_loop()
        granted: asyncio.Future[None] = loop.create_future()
        self._waiting[lane].append(granted)
        if not self._granting:
            self._granting = True
            loop.call_soon(self._grant)
        await granted

    def _grant(self) -> None:
        """Let the next steps through (they run in the next iteration, with whatever people's requests came in),
        and come back in that iteration for more while any wait."""
        allowed = self.steps_per_iteration
        for queue in self._waiting:
            while queue and allowed:
                granted = queue.popleft()
                if not granted.done():  # a step whose task was cancelled meanwhile takes no turn
                    granted.set_result(None)
                    allowed -= 1
        if self.waiting:
            asyncio.get_running_loop().call_soon(self._grant)
        else:
            self._granting = False
