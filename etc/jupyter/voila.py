"""The Voila settings of `make present` (tests/test_voila.py starts Voila with them too):
Voila finds this file through ``JUPYTER_CONFIG_PATH``; a ``voila.py`` or ``voila.json`` in
``~/.jupyter`` overrides any of them.

A page's kernel is freed once the page is closed: Voila's page asks the server to shut it
down as it unloads, and when that request never comes (a tab closed on a phone, a laptop put
to sleep, a crashed browser), jupyter_server's culler shuts down every kernel with no page
connected that has been quiet for ``cull_idle_timeout`` seconds; it looks every
``cull_interval`` seconds, so such a kernel lives 20-25 s. A page still open keeps its
kernel (``cull_connected`` is off), however long the student stays on it. A server keeps at
most ``KernelsOfOpenPages.max_kernels`` kernels: a page opened beyond that shows an error
(HTTP 503) until a page is closed.
"""

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from traitlets import Integer

c = get_config()  # noqa: F821 (traitlets defines it for a configuration file)

c.MappingKernelManager.cull_idle_timeout = 20
c.MappingKernelManager.cull_interval = 5
c.MappingKernelManager.cull_connected = False
c.MappingKernelManager.cull_busy = False


class KernelsOfOpenPages(AsyncMappingKernelManager):  # type: ignore[misc]
    """jupyter_server's kernel manager with a bound on how many kernels it keeps (it has
    no setting of its own for that)."""

    max_kernels = Integer(40, config=True, help="The most kernels (open pages) at once.")

    async def start_kernel(self, *args: object, kernel_id: str | None = None,
                           **kwargs: object) -> str:
        if kernel_id is None and len(self.list_kernel_ids()) >= self.max_kernels:
            raise HTTPError(503, reason=f"This server keeps at most {self.max_kernels} apps "
                                        "open: close a page, or try again in a minute")
        kernel: str = await super().start_kernel(*args, kernel_id=kernel_id, **kwargs)
        return kernel


c.VoilaConfiguration.multi_kernel_manager_class = KernelsOfOpenPages
