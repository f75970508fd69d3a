"""Parasite (Паразит): played on another player's animal, it raises that animal's food need by 2.

Everything about it is data: ``target: opponent`` and ``food: 2`` in its row of ``data/cards.json`` (placement and
food need are read from the rows by the core). It registers no hooks."""
