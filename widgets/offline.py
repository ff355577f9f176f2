"""What a notebook needs beyond the offline JupyterLite site (``make lite``).

The site serves Python, ipywidgets and our package itself; pandas and matplotlib are
too big to bundle and have no Pyodide wheels we can reach, so the browser fetches them
from the Pyodide CDN when it is online. A notebook that needs them awaits
:func:`needs` first: in the site it loads them, or stops with one clear sentence
instead of a traceback; in an ordinary kernel it does nothing.

>>> import asyncio
>>> asyncio.run(needs("pandas", "matplotlib")) is None
True
"""

from __future__ import annotations

import importlib.util
import sys


class NeedsPackages(ImportError):
    """The offline site cannot load packages a notebook needs."""

    def __init__(self, missing: list[str]) -> None:
        self.missing = missing
        super().__init__(
            f"This notebook needs {' and '.join(missing)}, which the JupyterLite site "
            "loads from the internet: this browser is offline. Open the site again "
            "when online, or use JupyterLab (make lab) or Binder. The other notebooks "
            "work offline.")

    def _render_traceback_(self) -> list[str]:
        """IPython shows these lines in place of a traceback."""
        return [str(self)]


async def needs(*packages: str) -> None:
    """Load ``packages`` in the browser (Pyodide); raise :class:`NeedsPackages` with a
    clear message if it cannot. Nothing to do in an ordinary Python kernel."""
    if sys.platform != "emscripten":
        return
    import pyodide_js
    from pyodide.ffi import to_js

    await pyodide_js.loadPackage(to_js(list(packages)))
    missing = [name for name in packages if importlib.util.find_spec(name) is None]
    if missing:
        raise NeedsPackages(missing)
