"""The notebooks the site reads: every language's, each as a :class:`Page` of the site."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

#: the languages: the folder of their notebooks (under notebooks/) and of their pages
FOLDERS = {"en": "", "sv": "sv/"}
HOME = "00-index"


@dataclass(frozen=True)
class Page:
    """One notebook's page: its language, the notebook and the page's path in the site."""

    lang: str
    notebook: Path
    stem: str

    @property
    def path(self) -> str:
        """The page's path from the site's root (``sv/02-stunsa.html``)."""
        return f"{FOLDERS[self.lang]}{page_name(self.stem)}"

    @property
    def root(self) -> str:
        """The way from this page back to the site's root (``""`` or ``"../"``)."""
        return "../" * FOLDERS[self.lang].count("/")


def page_name(stem: str) -> str:
    """A notebook's page in its language's folder (the index is ``index.html``)."""
    return "index.html" if stem == HOME else f"{stem}.html"


def pages(notebooks: Path) -> list[Page]:
    """Every notebook of every language, in order."""
    return [Page(lang, path, path.stem) for lang, folder in FOLDERS.items()
            for path in sorted((notebooks / folder).glob("*.ipynb"))]


def text(value: str | list[str]) -> str:
    """A notebook's multi-line string (stored as one string or a list of lines)."""
    return value if isinstance(value, str) else "".join(value)
