"""Never run: ``mypy --strict`` (``make lint``) checks this file, so that the widget
methods :func:`skitgubbe_core.i18n.speaking` wraps keep their signatures.  Each call below
is wrong, and its ``type: ignore`` must be needed: were the signatures erased, mypy would
report the ignore as unused."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # mypy reads the widgets from their folder, as its first run does
    from widgets.quiz import Quiz
    from widgets.table import PlayTable


def _wrong_calls(table: PlayTable, quiz: Quiz) -> None:
    table.play(1, 2, 3, nonsense=True)  # type: ignore[call-arg, arg-type]  # refused
    table.hint("now")  # type: ignore[call-arg]  # takes no argument
    table.deal(seed="1")  # type: ignore[arg-type]  # a seed is an int
    quiz.go_next(1)  # type: ignore[call-arg]  # takes no argument
