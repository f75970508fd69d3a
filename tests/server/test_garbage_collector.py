"""A serving process collects garbage rarely (``GC_THRESHOLDS``): the default thresholds' frequent full collections
were most of people's p99 latency under load. The tuning keeps cycles collectable."""

from __future__ import annotations

import gc

from evolutio.server.app import GC_THRESHOLDS, tune_garbage_collector


class Cycle:
    def __init__(self) -> None:
        self.me = self


def test_tuning_raises_the_thresholds_and_cycles_made_afterwards_are_still_collected() -> None:
    before = gc.get_threshold()
    try:
        tune_garbage_collector()
        assert gc.get_threshold() == GC_THRESHOLDS
        assert GC_THRESHOLDS[0] > before[0]
        assert gc.get_freeze_count() > 0   # what was loaded before serving is out of the collector's sight
        Cycle()
        assert gc.collect() >= 1           # a cycle made while serving is still found
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
