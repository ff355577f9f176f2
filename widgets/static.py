"""A static picture beside each live widget, for viewers that cannot run it."""

from __future__ import annotations

from typing import Any


class StaticPicture:
    """Mixin for widgets: besides the live view, the display carries ``static_html()``
    as ``text/html``, which JupyterLab shows when the notebook is opened without a
    kernel and which rendered pages (nbviewer, GitHub) show instead of nothing."""

    def static_html(self) -> str:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:  # a dict: IPython takes either
        # The widget class this mixes into (after it in the bases) provides the bundle;
        # anywidget's comes with its metadata (a pair), which is empty outside Colab.
        bundle: Any = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        data: dict[str, Any] = dict(bundle[0] if isinstance(bundle, tuple) else bundle)
        data["text/html"] = self.static_html()
        return data
