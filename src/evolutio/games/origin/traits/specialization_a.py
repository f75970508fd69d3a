"""Specialization A (Специализация А; Time to Fly): the Synthesis main action (``synthesis_a``), blocked while
another animal on the table has Specialization A; it cannot share an animal with Specialization B (``_synthesis``)."""

from ._synthesis import declare

declare("specialization_a", "synthesis_a")
