"""Research interop: evolutio rulesets in PettingZoo, OpenSpiel and Gymnasium (``pip install evolutio[rl]``).

Importing this package imports none of the toolkits; import the adapter you need:

- :mod:`evolutio.interop.pettingzoo` — ``env(ruleset, **options)``: an AEC environment;
- :mod:`evolutio.interop.openspiel` — registers ``evolutio_<ruleset>`` pyspiel games on import;
- :mod:`evolutio.interop.gymnasium` — registers ``evolutio/<ruleset>-v0`` single-agent environments on import;
- :mod:`evolutio.interop.actions` — integer codes and legal-action masks over a ruleset's fixed action schema;
- :mod:`evolutio.interop.observation` — the generic, leak-free, fixed-size observation encoding of views.

See ``docs/interop.md``.
"""
