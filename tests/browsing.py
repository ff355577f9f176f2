"""What the browser tests share: Debian's chromium (or a skip), free loopback ports,
waiting for a server, and a chromium that cannot reach the internet (JupyterLite and
Voila tests): every request to a host other than the loopback goes to a proxy on
127.0.0.1 that refuses it and keeps its request line.

One chromium per test session: :func:`offline_chromium` (and the fixtures ``chromium``
and ``chromium_page`` of ``tests/conftest.py``) give the session's one offline chromium,
launched on first use and closed at the session's end (:func:`close_shared`), and close
the contexts (pages) opened meanwhile, so each test still has its own. Playwright's sync
API refuses a second driver while one runs: ``require_chromium().sync_playwright()``
therefore yields the session's driver and leaves it running, so a test that launches a
browser of its own that way still works. While the driver runs, the main thread has a
running asyncio loop (``asyncio.run()`` fails there): ``tests/conftest.py`` therefore runs
the test files that import this module last, together."""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import socket
import socketserver
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parent.parent
#: where `make present` finds its Voila settings (``voila.py``: kernels freed, and bounded)
PRESENT_CONFIG = ROOT / "etc" / "jupyter"


#: how long Playwright's ``expect`` polls (its default, 5 s, is too short for a widget to
#: appear on a busy 2-core machine; a wait that holds ends as soon as the page is right)
EXPECT_MS = 120_000


def require_chromium():
    """Playwright's sync API (its ``expect`` polling up to ``EXPECT_MS``), or skip (fail in
    CI) when the browser is missing."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("browser tests need Debian's chromium: .ci/run installs it", pytrace=False)
        pytest.skip("browser tests need Debian's chromium (apt-get install chromium)",
                    allow_module_level=True)
    sync_api = pytest.importorskip("playwright.sync_api")
    sync_api.expect.set_options(timeout=EXPECT_MS)
    return _SessionSyncApi(sync_api)


class _SessionSyncApi:
    """``playwright.sync_api``, except that ``sync_playwright()`` yields the session's one
    driver (:func:`driver`) and does not stop it at the end of its ``with`` block."""

    def __init__(self, module):
        self._module = module

    def __getattr__(self, name):
        return getattr(self._module, name)

    @contextlib.contextmanager
    def sync_playwright(self):
        yield driver(self._module)


_session: dict = {}
"""The session's Playwright driver (``driver``), offline chromium (``chromium``) and its
refusing proxy (``proxy``), once started."""


def driver(sync_api):
    """The session's Playwright driver, started on first use."""
    if "driver" not in _session:
        module = getattr(sync_api, "_module", sync_api)
        _session["driver"] = module.sync_playwright().start()
    return _session["driver"]


def shared_chromium(sync_api):
    """The session's offline chromium and its refusing proxy, launched on first use."""
    if "chromium" not in _session or not _session["chromium"].is_connected():
        _session.setdefault("proxy", RefusingProxy())
        _session["chromium"] = launch_offline(driver(sync_api), _session["proxy"])
    return _session["chromium"], _session["proxy"]


def close_shared() -> None:
    """Close the session's chromium, proxy and driver (``pytest_sessionfinish``)."""
    if "chromium" in _session:
        _session.pop("chromium").close()
    if "proxy" in _session:
        _session.pop("proxy").close()
    if "driver" in _session:
        _session.pop("driver").stop()


@contextlib.contextmanager
def own_contexts(chromium):
    """Close the contexts (and so the pages) of ``chromium`` opened inside the block."""
    before = list(chromium.contexts)
    try:
        yield
    finally:
        for context in chromium.contexts:
            if context not in before:
                context.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(url: str, server: subprocess.Popen, what: str, seconds: float = 90) -> None:
    """Poll ``url`` until it answers; fail (and kill ``server``) if it never does."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                pytest.fail(f"{what} did not start")
            time.sleep(0.5)


def start_present(notebooks: Path, home: Path, configured: bool = True,
                  *options: str) -> tuple[subprocess.Popen, str]:
    """Voila on a free loopback port serving ``notebooks`` as `make present` starts it: our
    template and (unless ``configured`` is false) our settings, then ``options``; Jupyter's
    own folders in ``home``, so that no ``~/.jupyter`` changes what is tested. Returns the
    server and its address, once it answers."""
    port = free_port()
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"),
           "JUPYTER_DATA_DIR": str(home / "data"), "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
           "JUPYTER_PATH": str(ROOT / "share" / "jupyter"),
           "JUPYTER_CONFIG_PATH": str(PRESENT_CONFIG) if configured else ""}
    server = subprocess.Popen(
        [sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
         "--template=skitgubbe", *options, str(notebooks)],
        env=env, cwd=home, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    wait_until_up(url, server, "Voila")
    return server, url


def jupyter_env(home: Path) -> dict[str, str]:
    """The environment with Jupyter's own folders in ``home`` (no ``~/.jupyter`` changes
    what is tested or measured)."""
    return {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"),
            "JUPYTER_DATA_DIR": str(home / "data"), "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
            "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces")}


def start_lab(notebooks: Path, home: Path) -> tuple[subprocess.Popen, str, str]:
    """JupyterLab on a free loopback port serving ``notebooks``, Jupyter's folders in
    ``home``; returns the server, its address and its token, once it answers."""
    port, token = free_port(), "skitgubbe-test"
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
         "--ip=127.0.0.1", f"--port={port}", f"--ServerApp.token={token}",
         f"--ServerApp.root_dir={notebooks}"],
        env=jupyter_env(home), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    wait_until_up(f"{url}/api/status?token={token}", server, "JupyterLab", seconds=300)
    return server, url, token


class _Background(socketserver.TCPServer):
    """A server of the standard library on a free loopback port, in a daemon thread (a
    mixin before the server class; TCPServer, the servers' common base, only for its
    types)."""

    daemon_threads = True

    def start(self) -> None:
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def close(self) -> None:
        self.shutdown()
        self.server_close()


class _Refuse(socketserver.StreamRequestHandler):
    def handle(self):
        line = self.rfile.readline(65536).decode("latin-1").strip()
        if line:
            self.server.refused.append(line)
        self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")


class RefusingProxy(_Background, socketserver.ThreadingTCPServer):
    """An HTTP proxy that refuses everything and keeps the request lines
    (``CONNECT host:443 HTTP/1.1``, ``GET http://...``) in ``refused``."""

    def __init__(self):
        super().__init__(("127.0.0.1", 0), _Refuse)
        self.refused: list[str] = []
        self.start()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, *args):
        pass


class _Precompressed(_Quiet):
    """Serves ``X.gz`` in place of ``X`` (with ``Content-Encoding: gzip``) to a browser
    that accepts gzip, as nginx's ``gzip_static`` does."""

    gzipped = False

    def send_head(self):
        path = self.translate_path(self.path)
        self.gzipped = (self.server.precompressed and os.path.isfile(path + ".gz")
                        and "gzip" in self.headers.get("Accept-Encoding", ""))
        return super().send_head()

    def translate_path(self, path):
        found = super().translate_path(path)
        return found + ".gz" if self.gzipped else found

    def guess_type(self, path):
        return super().guess_type(path.removesuffix(".gz") if self.gzipped else path)

    def end_headers(self):
        if self.gzipped:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def copyfile(self, source, outputfile):
        self.server.sent += os.fstat(source.fileno()).st_size
        super().copyfile(source, outputfile)


class StaticSite(_Background, http.server.ThreadingHTTPServer):
    """A folder served over HTTP, like any static host; with ``precompressed``, as a host
    that serves the ``.gz`` copies `make lite` writes. ``sent`` counts the bytes of the
    files it sent (bodies, not headers)."""

    def __init__(self, folder: Path, precompressed: bool = False):
        self.precompressed = precompressed
        self.sent = 0
        super().__init__(("127.0.0.1", 0),
                         functools.partial(_Precompressed, directory=str(folder)))
        self.start()

    def quiet(self, seconds: float = 5.0) -> None:
        """Wait until the site has sent nothing for ``seconds`` (a visit's download is
        over)."""
        sent, since = self.sent, time.monotonic()
        while time.monotonic() - since < seconds:
            time.sleep(0.25)
            if self.sent != sent:
                sent, since = self.sent, time.monotonic()


def throttle(tab, rate: int = 4) -> None:
    """Chromium's CPU throttling on ``tab`` (4: a school laptop; 1: none; it lasts across
    the tab's navigations)."""
    tab.context.new_cdp_session(tab).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def offline_args(proxy: RefusingProxy) -> list[str]:
    """Chromium's flags: no sandbox, no calls of its own, every non-loopback request to
    ``proxy``."""
    return [
        "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage", "--disable-extensions", "--disable-default-apps",
        "--disable-domain-reliability", "--disable-client-side-phishing-detection", "--no-pings",
        "--disable-features=AutofillServerCommunication,OptimizationHints,MediaRouter,Translate",
        f"--proxy-server={proxy.url}"]


def launch_offline(playwright, proxy: RefusingProxy):
    """Chromium whose every non-loopback request goes to ``proxy``."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=offline_args(proxy))


@contextlib.contextmanager
def offline_chromium(sync_api):
    """The session's offline chromium (``launch_offline``) and its refusing proxy; the
    contexts and pages opened meanwhile are closed afterwards. The proxy's ``refused``
    lists the whole session's: note ``len(proxy.refused)`` first to see a test's own."""
    chromium, proxy = shared_chromium(sync_api)
    with own_contexts(chromium):
        yield chromium, proxy


def build_lite(script: str, output: Path, *options: str) -> None:
    """Run ``python -m lite.SCRIPT --output OUTPUT OPTIONS`` (``build``: the lab site;
    ``voici``: the apps) as `make lite` does; fail with its output's end if it fails."""
    started = time.monotonic()
    build = subprocess.run([sys.executable, "-m", f"lite.{script}", "--output", str(output),
                            *options], cwd=ROOT, capture_output=True, text=True, timeout=1800)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    print(f"\n{script}: {time.monotonic() - started:.1f} s; {build.stdout.splitlines()[-1]}")
