"""Writing output files safely, and file names as text.

Every file the package writes (records, match records, handouts, study rows) is
written whole or not at all: into a temporary file beside it, renamed over it when
complete.  A name that is a symbolic link is written through (the link stays); a
name that exists and is not a regular file (a FIFO, a device, a folder) is refused.
New files get the mode the umask gives, as ``open`` would.
"""

from __future__ import annotations

import os
import re
import secrets
import stat
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from .errors import SkitgubbeError
from .i18n import gettext as _
from .schema import CONTROL

_UNSHOWN = re.compile(f"[{CONTROL}]")


class OutputError(SkitgubbeError):
    """A file cannot be written where asked (not a regular file, or no name)."""


def shown_name(path: str | os.PathLike[str]) -> str:
    """A file name as text to show: bytes that are not UTF-8 become U+FFFD, control
    and invisible direction marks are dropped.

    >>> shown_name("koira\\u202etxt.json")
    'koiratxt.json'
    >>> shown_name(os.fsdecode(b"caf\\xe9.json"))
    'caf�.json'
    """
    text = os.fsdecode(path).encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return _UNSHOWN.sub("", text)


def write_atomically(path: str | os.PathLike[str], write: Callable[[BinaryIO], object]) -> None:
    """Call ``write`` with a binary file that becomes ``path`` once ``write`` returns;
    if it raises (or the user presses Ctrl-C), nothing is left behind."""
    if not os.fspath(path):
        raise OutputError(_("an empty file name: name the file to write"))
    target = Path(os.path.realpath(path))
    try:
        found = os.stat(target).st_mode
    except FileNotFoundError:
        found = None
    if found is not None and not stat.S_ISREG(found):
        raise OutputError(_("{file}: exists and is not a regular file; name a new file, or an "
                            "ordinary file to replace").format(file=shown_name(path)))
    tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            if found is not None:
                os.chmod(tmp, stat.S_IMODE(found))
            write(f)
        os.replace(tmp, target)
    except BaseException:
        os.unlink(tmp)
        raise


def save_text(text: str, path: str | os.PathLike[str]) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically."""
    data = text.encode("utf-8")
    write_atomically(path, lambda f: f.write(data))
