"""Variants of North Star's *Evolution* shipped with the ruleset (``variant=...`` option).

``cs4500_silly``: the CS 4500 course's reference "silly" player, offered to other packages as the ``"bots"`` plug-in
of the ruleset (``game_plugin("northstar", "bots")``).
"""
