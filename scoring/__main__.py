"""`python -m scoring`: the command line (see scoring/cli.py); needs no Django settings."""

from scoring.cli import main

raise SystemExit(main())
