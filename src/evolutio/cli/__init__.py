"""The ``evolutio`` command."""
