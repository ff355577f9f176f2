"""``python -m skitgubbe_core``: the ``skitgubbe`` command, for an environment without
its script on the path."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
