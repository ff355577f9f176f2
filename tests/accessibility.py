"""axe-core (from npm, kept in a cache like the Lite site's downloads) run in a browser
tab over our outputs: the WCAG 2.1 A and AA rules, and what counts as a failure for us
(a serious or critical violation)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
from functools import cache
from pathlib import Path

import pytest

AXE = "axe-core@4.11.0"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "skitgubbe" / "axe"
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


@cache
def axe_source() -> str:
    """axe.min.js of the pinned axe-core, fetched once with ``npm pack``."""
    tarball = CACHE / f"{AXE.replace('@', '-')}.tgz"
    if not tarball.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("the accessibility checks need npm (apt-get install npm) for axe-core")
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run([npm, "pack", AXE, "--pack-destination", str(CACHE)], cwd=CACHE,
                       check=True, capture_output=True, timeout=300)
    with tarfile.open(tarball) as tar:
        member = tar.extractfile("package/axe.min.js")
        assert member is not None, f"{tarball} holds no package/axe.min.js"
        return member.read().decode("utf-8")


def violations(tab, include: str) -> list[str]:
    """The serious and critical WCAG 2.1 AA violations inside the elements ``include``
    selects, one line each: rule, impact and the elements it found."""
    if not tab.evaluate("() => typeof axe !== 'undefined'"):
        tab.add_script_tag(content=axe_source())
    found = tab.evaluate("""async ([include, tags]) => {
      const elements = [...document.querySelectorAll(include)];
      if (!elements.length) return [];
      const result = await axe.run({include: elements},
                                   {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
      return result.violations.map(v => ({id: v.id, impact: v.impact,
                                          nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 3),
                                          count: v.nodes.length}));
    }""", [include, WCAG_AA])
    return [f"{v['id']} ({v['impact']}, {v['count']}): {'; '.join(v['nodes'])}" for v in found
            if v["impact"] in ("serious", "critical")]


#: the computed outline of a control with keyboard focus in our widgets
#: (widgets/front/skitgubbe.css: 3px solid #0b57d0)
FOCUS_RING = ["solid", "3px", "rgb(11, 87, 208)"]


def focus_ring(tab) -> list[str]:
    """The outline (style, width, colour) of the element with the focus."""
    return tab.evaluate("() => { const s = getComputedStyle(document.activeElement);"
                        " return [s.outlineStyle, s.outlineWidth, s.outlineColor]; }")
