"""The API reference: one HTML page per module of the engine and the widgets, from their
docstrings, built offline with pdoc (from the ``test`` extra; nothing is fetched, and the
pages load nothing from the network).

    python -m tools.api_docs build/docs       # `make docs`; open build/docs/index.html
"""

from __future__ import annotations

import pkgutil
import sys
import warnings
from pathlib import Path

import pdoc
import pdoc.render

#: the packages documented, each with every public module under it
PACKAGES = ("skitgubbe_core", "skitgubbe_widgets")


def modules() -> list[str]:
    """Every package and its public modules and subpackages, by name.  Listed one by one:
    pdoc would follow a package's ``__all__`` and leave out the modules it does not name."""
    names = []
    for package in PACKAGES:
        path = __import__(package).__path__
        names += [package] + [m.name for m in pkgutil.walk_packages(path, f"{package}.")
                              if not m.name.rpartition(".")[2].startswith("_")]
    return names


def build(output: Path) -> None:
    """Write the reference into ``output`` (``index.html`` lists the modules)."""
    # the docstrings' roles (:class:`Game`) and literal blocks are reStructuredText's;
    # no MathJax or Mermaid, which would load scripts from a CDN; no copy of the source
    # (it is in the repository), which would double the time and the size
    pdoc.render.configure(docformat="restructuredtext", math=False, mermaid=False,
                          show_source=False, footer_text="skitgubbe API reference")
    with warnings.catch_warnings():
        # a package's page already adds the modules its __all__ names (``classroom``)
        warnings.filterwarnings("ignore", "The module specification .* has already been added")
        pdoc.pdoc(*modules(), output_directory=output)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m tools.api_docs OUTPUT_FOLDER")
    build(Path(sys.argv[1]))
