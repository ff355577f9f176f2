"""The command that builds the light static site (`make site`):

    python -m tools.static_site --output build/site     # open build/site/index.html
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from skitgubbe_core.i18n import language
from tools import static_site
from tools.static_site.notebooks import pages
from tools.static_site.page_html import draw, render
from tools.static_site.widget_state import Sources, hoisted, shared_strings

ROOT = Path(__file__).resolve().parents[2]
#: the site's own stylesheet and widget loader (this package's data), copied into ``assets/``
ASSETS = Path(__file__).resolve().parent / "assets"


def build(output: Path, notebooks: Path = ROOT / "notebooks", lite: str = "../lite/") -> None:
    """Write the site into ``output`` (emptied first)."""
    shutil.rmtree(output, ignore_errors=True)
    (output / "assets").mkdir(parents=True)
    for asset in ("site.css", "loader.js"):
        shutil.copyfile(ASSETS / asset, output / "assets" / asset)
    sources = Sources(output / "assets" / "widgets")
    every = pages(notebooks)
    existing = {p.path for p in every}
    drawn = {}
    for page in every:
        with language(page.lang):
            drawn[page] = draw(page, lite)
    shared = shared_strings([d.state for d in drawn.values()])
    for page in every:
        drawn[page].state = hoisted(drawn[page].state, shared, sources)
        with language(page.lang):
            written = render(page, existing, drawn[page], lite)
        target = output / page.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(written, encoding="utf-8")
    files = [p for p in output.rglob("*") if p.is_file()]
    print(f"built {output}: {len(every)} pages, {len(files)} files, "
          f"{sum(p.stat().st_size for p in files) / 1e6:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=(static_site.__doc__ or "").split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=ROOT / "build" / "site")
    parser.add_argument("--notebooks", type=Path, default=ROOT / "notebooks",
                        help="the English notebooks (the Swedish ones in its sv/ folder)")
    parser.add_argument("--lite", default="../lite/",
                        help="where the JupyterLite site is, from this site's root (../lite/)")
    args = parser.parse_args()
    build(args.output, args.notebooks, args.lite.rstrip("/") + "/")


if __name__ == "__main__":
    main()
