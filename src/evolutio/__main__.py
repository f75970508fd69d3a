"""``python -m evolutio …``: the same command line as the ``evolutio`` script."""

from evolutio.cli.main import main

raise SystemExit(main())
