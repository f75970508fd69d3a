"""Outside oracles that judge a ruleset through the registry (never part of its rules).

``cs4500``: the Northeastern CS 4500 (Spring 2016) course harnesses for ``northstar`` with ``variant=cs4500``.
"""
