"""What the tests of the PlayTable share: clicking as its front end does, by sending
the messages it sends (``{"event": ...}``), and reading the trait it draws."""

from __future__ import annotations

from typing import Any


def send(table: Any, event: str, **fields: Any) -> None:
    """The front end's message for a click: ``send(t, "next")``, ``send(t, "card",
    index=2)``, ``send(t, "play", text="play 7D")``."""
    custom = {"method": "custom", "content": {"event": event, **fields}}
    table._handle_msg({"content": {"data": custom}, "buffers": []})  # as the comm delivers it


def hand(table: Any) -> list[str]:
    """The hand's cards as their buttons show them (rank and suit)."""
    return [c["label"].replace("\ufe0e", "") for c in table.table["hand"]]


def playable(table: Any) -> list[int]:
    """The indexes of the cards the reader may play (their buttons carry the tick)."""
    return [i for i, c in enumerate(table.table["hand"]) if c["playable"]]


def move_on(table: Any) -> None:
    """One click: the next step while there is something to see, else the first playable
    card, else the first other move."""
    if table.waiting:
        send(table, "next")
    elif playable(table):
        send(table, "card", index=playable(table)[0])
    else:
        send(table, "move", index=0)
