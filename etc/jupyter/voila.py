"""The Voila settings of `make present` (tests/test_voila.py starts Voila with them too):
Voila finds this file through ``JUPYTER_CONFIG_PATH``; a ``voila.py`` or ``voila.json`` in
``~/.jupyter`` overrides any of them.

A page's kernel is freed once the page is closed: jupyter_server's culler shuts down
every kernel with no page connected that has been quiet for ``cull_idle_timeout`` seconds,
and it looks every ``cull_interval`` seconds, so the kernel of a closed page (a tab closed,
a laptop put to sleep, a browser that crashed) lives at most 25 s. A page still open keeps
its kernel (``cull_connected`` is off), however long the student stays on it, and a
kernel whose page has not connected yet (still loading) is spared for 2 minutes
(``KernelsOfOpenPages.first_connection_timeout``). A server keeps at most
``KernelsOfOpenPages.max_kernels`` kernels (40): a page opened beyond that shows an error
(HTTP 503) until the kernel of a closed page has been freed.
"""

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from traitlets import Integer

c = get_config()  # noqa: F821 (traitlets defines it for a configuration file)

c.MappingKernelManager.cull_idle_timeout = 20
c.MappingKernelManager.cull_interval = 5
c.MappingKernelManager.cull_connected = False
c.MappingKernelManager.cull_busy = False


class KernelsOfOpenPages(AsyncMappingKernelManager):
    """jupyter_server's kernel manager with a bound on how many kernels it keeps (it has
    no setting for that), whose culler spares a kernel until its page has connected (a page
    that has run in the server still loads its scripts before it connects, which takes
    long on a busy machine or a slow laptop)."""

    max_kernels = Integer(40, config=True, help="The most kernels (open pages) at once.")
    first_connection_timeout = Integer(
        120, config=True, help="Seconds a kernel waits for its page to connect before the "
                               "culler may shut it down.")

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._connected_once: set[str] = set()

    async def start_kernel(self, *args: object, kernel_id: str | None = None,
                           **kwargs: object) -> str:
        if kernel_id is None and len(self.list_kernel_ids()) >= self.max_kernels:
            raise HTTPError(503, reason=f"This server keeps at most {self.max_kernels} apps "
                                        "open: close a page, or try again in a minute")
        kernel: str = await super().start_kernel(*args, kernel_id=kernel_id, **kwargs)
        return kernel

    def notify_connect(self, kernel_id: str) -> None:
        self._connected_once.add(kernel_id)
        super().notify_connect(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        self._connected_once &= set(self.list_kernel_ids())
        kernel = self._kernels[kernel_id]
        waiting = utcnow() - getattr(kernel, "last_activity", utcnow())
        if kernel_id in self._connected_once or waiting.total_seconds() > self.first_connection_timeout:
            await super().cull_kernel_if_idle(kernel_id)


c.VoilaConfiguration.multi_kernel_manager_class = KernelsOfOpenPages
