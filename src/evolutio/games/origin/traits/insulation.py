"""Insulation (Утепление; Ice Age, unofficial — reconstructed, NOTES §11.2): the animal ignores every nature-change
card carrying one of the tags its data row lists (``ignores_tags``; the shipped reconstruction: ``cold``), by the
rule shared with Immunity (``_nature_tags``). Food 0, score 0, own animals only, one copy per animal."""

from ._nature_tags import declare

declare("insulation")
