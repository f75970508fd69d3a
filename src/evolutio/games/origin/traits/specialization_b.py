"""Specialization B (Специализация В; Time to Fly): the Synthesis main action (``synthesis_b``), blocked while
another animal on the table has Specialization B; it cannot share an animal with Specialization A (``_synthesis``)."""

from ._synthesis import declare

declare("specialization_b", "synthesis_b")
