"""What the static sites send, tested without building them (`make lite` takes minutes;
tests/test_lite.py and tests/test_voici.py check the built sites): the gzipped copies a
host can serve in place of the files, and a visit fetching only the notebook it opens."""

from __future__ import annotations

import gzip
import random
from pathlib import Path

import pytest

from tests.browsing import StaticSite, offline_chromium, require_chromium

pytest.importorskip("jupyterlite_pyodide_kernel")
from lite import build

ROOT = Path(__file__).resolve().parent.parent


def test_a_gzipped_copy_lies_beside_each_file_worth_compressing(tmp_path):
    text = "const stunsa = 'play the seven';\n" * 200
    (tmp_path / "lab").mkdir()
    (tmp_path / "lab" / "bundle.js").write_text(text, encoding="utf-8")
    (tmp_path / "small.json").write_text("{}", encoding="utf-8")
    noise = random.Random(7).randbytes(50_000)  # a wheel or font: compressed already
    (tmp_path / "package.whl").write_bytes(noise)
    before, after = build.precompress(tmp_path)
    assert gzip.decompress((tmp_path / "lab" / "bundle.js.gz").read_bytes()).decode() == text
    assert not (tmp_path / "small.json.gz").exists()
    assert not (tmp_path / "package.whl.gz").exists()
    assert before == len(text) and after == (tmp_path / "lab" / "bundle.js.gz").stat().st_size
    copy = (tmp_path / "lab" / "bundle.js.gz").read_bytes()
    assert build.precompress(tmp_path) == (before, after)  # a copy is not compressed again
    assert (tmp_path / "lab" / "bundle.js.gz").read_bytes() == copy  # the same bytes
    assert not (tmp_path / "lab" / "bundle.js.gz.gz").exists()


def test_a_host_that_serves_the_copies_sends_the_gzipped_bytes(tmp_path):
    """The test server (tests/browsing.py) serves them as nginx's gzip_static does."""
    sync_api = require_chromium()
    text = "<p>talong</p>\n" * 5000
    (tmp_path / "page.html").write_text(text, encoding="utf-8")
    build.precompress(tmp_path)
    site = StaticSite(tmp_path, precompressed=True)
    with offline_chromium(sync_api) as (chromium, _):
        tab = chromium.new_page()
        tab.goto(f"{site.url}/page.html")
        assert tab.locator("p").count() == 5000
        tab.close()
    assert site.sent == (tmp_path / "page.html.gz").stat().st_size < len(text) / 10
    site.close()


@pytest.mark.parametrize("opened", ["sv/02-stunsa.ipynb", None])
def test_a_visit_revalidates_only_the_notebook_it_opens(tmp_path, opened):
    """lite/fresh-notebooks.js, as the lab site's pages run it before JupyterLab starts:
    of the shipped notebooks it asks the host only for the one in the address's ``path``
    (and for the listings of the top folder and of that notebook's folder)."""
    sync_api = require_chromium()
    (tmp_path / "fresh-notebooks.js").write_text(
        build.fresh_script(ROOT / "notebooks") + "\nwindow.fresh = true;\n", encoding="utf-8")
    (tmp_path / "lab").mkdir()
    (tmp_path / "lab" / "index.html").write_text(
        "<script type='module'>await import('../fresh-notebooks.js');</script>", encoding="utf-8")
    site = StaticSite(tmp_path)
    with offline_chromium(sync_api) as (chromium, _):
        tab = chromium.new_page()
        requests: list[str] = []
        tab.on("request", lambda request: requests.append(request.url.removeprefix(site.url)))
        tab.goto(f"{site.url}/lab/index.html" + (f"?path={opened}" if opened else ""))
        tab.wait_for_function("() => window.fresh === true")
        tab.close()
    site.close()
    asked = sorted(u for u in requests if u.startswith(("/files/", "/api/")))
    if opened:
        assert asked == ["/api/contents/all.json", "/api/contents/sv/all.json",
                         f"/files/{opened}"]
    else:
        assert asked == ["/api/contents/all.json"]
