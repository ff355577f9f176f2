"""What a notebook needs beyond the offline JupyterLite site (``make lite``).

The site serves Python, ipywidgets and our package itself; pandas and matplotlib are
too big to bundle and have no Pyodide wheels we can reach, so the browser fetches them
from the Pyodide CDN when it is online. A notebook that needs them awaits
:func:`needs` first: in the site it loads them; offline it says so in one sentence,
and from then on each cell that fails for want of them says so in one sentence too
(on stderr, in place of a traceback, and without failing: Run All goes on). In an
ordinary kernel :func:`needs` does nothing.

>>> import asyncio
>>> asyncio.run(needs("pandas", "matplotlib")) is None
True
>>> sorted(made("from a import b as c\\nx, y = 1, 2\\nimport p.q"))
['c', 'p', 'x', 'y']
"""

from __future__ import annotations

import ast
import importlib.util
import sys
from typing import Any


class Offline:
    """What :func:`needs` shows when the browser cannot load ``missing``."""

    def __init__(self, missing: list[str]) -> None:
        self.missing = missing

    def __repr__(self) -> str:
        return (f"Offline: this notebook needs {' and '.join(self.missing)}, which the site "
                "loads from the internet, so each cell that needs them says so in one "
                "sentence; open the site again when online, or use JupyterLab or Binder.")

    def _repr_html_(self) -> str:
        return f'<p style="max-width:60em;overflow-wrap:break-word">{self!r}</p>'


def made(cell: str) -> set[str]:
    """The names a cell assigns or imports (what later cells miss if it fails)."""
    try:
        tree = ast.parse(cell)
    except SyntaxError:
        return set()
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


def _explain_failures(missing: list[str]) -> None:
    """Show one sentence, not a traceback, for a cell that fails because ``missing``
    cannot be loaded, or because it uses a name such a cell could not make."""
    from IPython import get_ipython

    shell = get_ipython()
    needed = " and ".join(missing)
    unmade: set[str] = set()

    def explain(shell: Any, value: BaseException) -> str | None:
        cell = shell.user_ns.get("_ih", [""])[-1]
        if any(m in str(value) for m in missing):  # an ImportError, or ours saying so
            unmade.update(made(cell))
            return (f"This cell needs {needed}, which the site loads from the internet: "
                    "this browser is offline.")
        if isinstance(value, NameError) and value.name in unmade:
            unmade.update(made(cell))
            return (f"This cell needs {needed}: it uses {value.name}, which an earlier "
                    "cell could not make offline.")
        return None

    def handler(shell: Any, etype: type, value: BaseException, tb: Any,
                tb_offset: int | None = None) -> list[str]:
        sentence = explain(shell, value)
        if sentence is None:
            stb: list[str] = shell.InteractiveTB.structured_traceback(etype, value, tb, tb_offset=tb_offset)
            shell._showtraceback(etype, value, stb)  # IPython 9 leaves showing it to us
            return stb
        print(sentence, file=sys.stderr)  # not an error reply, so Run All goes on
        return []

    shell.set_custom_exc((Exception,), handler)


async def needs(*packages: str) -> Offline | None:
    """Load ``packages`` in the browser (Pyodide); if it cannot, return an
    :class:`Offline` note and explain each cell that fails for want of them. Nothing to
    do in an ordinary Python kernel."""
    if sys.platform != "emscripten":
        return None
    import pyodide_js
    from pyodide.ffi import to_js

    await pyodide_js.loadPackage(to_js(list(packages)))
    missing = [name for name in packages if importlib.util.find_spec(name) is None]
    if not missing:
        return None
    _explain_failures(missing)
    return Offline(missing)
