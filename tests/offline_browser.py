"""Headless Debian chromium that cannot reach the internet, for the JupyterLite and Voila
tests: every request to a host other than the loopback goes to a proxy on 127.0.0.1 that
refuses it and counts it (requests from pages, web workers and service workers alike)."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import socketserver
import threading
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


class _Refuse(socketserver.StreamRequestHandler):
    def handle(self):
        line = self.rfile.readline(65536).decode("latin-1").strip()
        if line:
            self.server.refused.append(line)
        self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")


class RefusingProxy(socketserver.ThreadingTCPServer):
    """An HTTP proxy on a free loopback port that refuses everything and keeps the
    request lines (``CONNECT host:443 HTTP/1.1``, ``GET http://...``) in ``refused``."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), _Refuse)
        self.refused: list[str] = []
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def close(self) -> None:
        self.shutdown()
        self.server_close()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, *args):
        pass


class StaticSite(http.server.ThreadingHTTPServer):
    """A folder served over HTTP on a free loopback port, like any static host."""

    daemon_threads = True

    def __init__(self, folder: Path):
        super().__init__(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def close(self) -> None:
        self.shutdown()
        self.server_close()


def launch_offline(playwright, proxy: RefusingProxy):
    """Chromium whose every non-loopback request goes to ``proxy``."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=[
        "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage", "--disable-extensions", "--disable-default-apps",
        "--disable-domain-reliability", "--disable-client-side-phishing-detection", "--no-pings",
        "--disable-features=AutofillServerCommunication,OptimizationHints,MediaRouter,Translate",
        f"--proxy-server={proxy.url}"])
