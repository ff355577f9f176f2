"""What the browser tests share: Debian's chromium (or a skip), free loopback ports,
waiting for a server, and a chromium that cannot reach the internet (JupyterLite and
Voila tests): every request to a host other than the loopback goes to a proxy on
127.0.0.1 that refuses it and keeps its request line."""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import socket
import socketserver
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def require_chromium():
    """Playwright's sync API, or skip (fail in CI) when the browser is missing."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("browser tests need Debian's chromium: .ci/run installs it", pytrace=False)
        pytest.skip("browser tests need Debian's chromium (apt-get install chromium)",
                    allow_module_level=True)
    return pytest.importorskip("playwright.sync_api")


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


class StaticSite(_Background, http.server.ThreadingHTTPServer):
    """A folder served over HTTP, like any static host."""

    def __init__(self, folder: Path):
        super().__init__(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
        self.start()


def launch_offline(playwright, proxy: RefusingProxy):
    """Chromium whose every non-loopback request goes to ``proxy``."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=[
        "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage", "--disable-extensions", "--disable-default-apps",
        "--disable-domain-reliability", "--disable-client-side-phishing-detection", "--no-pings",
        "--disable-features=AutofillServerCommunication,OptimizationHints,MediaRouter,Translate",
        f"--proxy-server={proxy.url}"])


@contextlib.contextmanager
def offline_chromium(sync_api):
    """Chromium offline (``launch_offline``) and its refusing proxy, closed afterwards."""
    proxy = RefusingProxy()
    with sync_api.sync_playwright() as p:
        chromium = launch_offline(p, proxy)
        yield chromium, proxy
        chromium.close()
    proxy.close()
