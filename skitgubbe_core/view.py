"""HTML views of cards, boards, frames and their narration, shared by
``Game._repr_html_``, the widgets and the printable handouts.

Plain HTML with inline styles (no SVG, no playing-card glyphs, nothing JupyterLab's
sanitizer strips); every card carries an accessible label (``aria-label``, and
``title``, which the sanitizer keeps in untrusted output), and suit symbols are
followed by U+FE0E so they never turn into emoji.  Every name a user supplies is
escaped.  Markup others rely on: the cards on the table sit inside an element with
``data-area="table"``; a frame of a strip is a ``<section class="sg-frame">``; a
marked card (see :data:`skitgubbe_core.frames.MARKS`) carries the class
``sg-mark-KIND`` for each of its marks and names them in its label.

>>> from skitgubbe_core.cards import parse_card
>>> html = card_html(parse_card("7D"))
>>> 'aria-label="seven of diamonds"' in html and "7<" in html
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape

from .cards import SUIT_SYMBOLS, Card, format_cards
from .events import Event, Step
from .frames import Frame
from .rulebook import RULEBOOK
from .sources import cite
from .state import State

TEXT_STYLE = "\ufe0e"
TWO_COLOUR = ("#111111", "#c8102e", "#c8102e", "#111111")
FOUR_COLOUR = ("#111111", "#c8102e", "#0b5fb3", "#6a2c91")
"""Four colours that do not rely on red against green: black spades, red hearts,
blue diamonds, purple clubs.  The suit symbol is always printed as well."""
DECKS = {"two-colour": TWO_COLOUR, "four-colour": FOUR_COLOUR}
SIZES = {"normal": "1em", "large": "1.6em", "huge": "2.2em"}
"""Text and card scale: ``large`` and ``huge`` are for a projector."""

_CARD_STYLE = ("display:inline-block;min-width:2.1em;padding:0.1em 0.3em;margin:0.1em;"
               "border:1px solid #777;border-radius:0.3em;background:#ffffff;"
               "font-weight:bold;text-align:center;font-family:sans-serif;")
_COMPACT_STYLE = ("display:inline-block;padding:0 0.2em;margin:0.05em;border:1px solid #777;"
                  "border-radius:0.2em;background:#fff;font-weight:bold;")
_MARK_STYLES = {
    "wins": "outline:0.2em solid #e0a800;background:#fff4c2;",
    "beats": "outline:0.2em solid #e0a800;background:#fff4c2;",
    "stunsa": "outline:0.2em double #d4561c;background:#ffe3d3;",
    "tie": "outline:0.2em double #7b3fa0;background:#f1e4fa;",
    "picked-up": "outline:0.2em dashed #0b5fb3;background:#dcebfb;",
    "dealt": "outline:0.2em dashed #2a7a2a;background:#dff2df;",
    "set-aside": "outline:0.15em dotted #555555;",
}
"""How each mark looks (outline style and colour); every mark is also named in words
beside the cards, never by colour alone."""
MARK_WORDS = {"wins": "wins", "beats": "beats", "stunsa": "stunsa", "tie": "tie",
              "picked-up": "picked up", "dealt": "dealt", "set-aside": "set aside"}
_BACK_STYLE = ("display:inline-block;min-width:1.3em;padding:0.1em 0.2em;margin:0.1em 0 0.1em "
               "-0.9em;border:1px solid #1d3557;border-radius:0.3em;color:#ffffff;"
               "text-align:center;font-family:sans-serif;background:#34568b;")
_STACK_STYLE = ("display:inline-block;min-width:2.1em;padding:0.1em 0.3em;margin:0.1em 0.5em "
                "0.3em 0.1em;border:1px solid #555;border-radius:0.3em;text-align:center;"
                "font-family:sans-serif;font-weight:bold;")
_STACK_COLOURS = {"stock": "background:#6b6b6b;color:#ffffff;box-shadow:0.15em 0.15em 0 #ffffff,"
                  "0.3em 0.3em 0 #6b6b6b;",
                  "pile": "background:#8a6d3b;color:#ffffff;box-shadow:0.15em 0.15em 0 #ffffff,"
                  "0.3em 0.3em 0 #8a6d3b;"}
_PLAY_STYLE = ("display:inline-block;vertical-align:top;margin:0.2em;padding:0.2em 0.4em;"
               "border:1px dashed #999;border-radius:0.3em;text-align:center;")
_TABLE_STYLE = ("margin:0.3em 0;padding:0.3em 0.5em;background:#e9f3ea;border-radius:0.4em;"
                "min-height:2.6em;")
_NOTE_STYLE = "color:#555;"
_TAG_STYLE = ("display:inline-block;margin-left:0.4em;padding:0 0.4em;border-radius:0.8em;"
              "background:#eef1f6;color:#34568b;font-size:0.85em;white-space:nowrap;")
def text_presentation(text: str) -> str:
    """``text`` with U+FE0E after every suit symbol, so none is drawn as an emoji.

    >>> text_presentation("play 7♦") == "play 7♦\ufe0e"
    True
    """
    for symbol in SUIT_SYMBOLS:
        text = text.replace(symbol, symbol + TEXT_STYLE)
    return text


def card_html(card: Card, deck: str = "two-colour", marks: Sequence[str] = (),
              compact: bool = False) -> str:
    """One card as a labelled HTML span; ``deck`` is ``two-colour`` or ``four-colour``;
    ``marks`` are its marks (``wins``, ``stunsa``, ...: class ``sg-mark-KIND`` each,
    and ``sg-win`` for the card winning a trick); a ``compact`` card (for strips of
    frames) has a shorter style and only its ``title`` label.

    >>> from skitgubbe_core.cards import parse_card
    >>> 'class="sg-card sg-mark sg-mark-stunsa"' in card_html(parse_card("7D"), marks=["stunsa"])
    True
    """
    colour = DECKS[deck][card.suit]
    extra = "".join(_MARK_STYLES[m] for m in marks[:1])
    cls = "sg-card"
    if marks:
        cls += " sg-win" * ("wins" in marks) + " sg-mark" + "".join(f" sg-mark-{m}" for m in marks)
    name = card.name + "".join(f", {MARK_WORDS[m]}" for m in marks)
    symbol = f"{SUIT_SYMBOLS[card.suit]}{TEXT_STYLE}"
    if compact:
        return (f'<span class="{cls}" title="{name}" style="{_COMPACT_STYLE}'
                f'color:{colour};{extra}">{card.label}{symbol}</span>')
    return (f'<span class="{cls}" role="img" aria-label="{name}" title="{name}" '
            f'style="{_CARD_STYLE}color:{colour};{extra}">{card.label}'
            f'<span class="sg-suit">{symbol}</span></span>')


Marks = Mapping[Card, Sequence[str]]
"""Each marked card and its marks."""


def cards_html(cards: Iterable[Card], deck: str = "two-colour",
               marks: Marks | None = None, compact: bool = False) -> str:
    marks = marks or {}
    return "".join(card_html(c, deck, tuple(marks.get(c, ())), compact) for c in cards) or \
        f'<span class="sg-note" style="{_NOTE_STYLE}">no cards</span>'


def _mark_note(cards: Iterable[Card], marks: Marks) -> str:
    """The marks of a row of cards in words (``picked up: J♥``), for hands and piles."""
    named: dict[str, list[Card]] = {}
    for c in cards:
        for m in marks.get(c, ()):
            named.setdefault(m, []).append(c)
    return "".join(f' <b class="sg-mark-word" style="color:#333">{MARK_WORDS[m]}: '
                   f"{text_presentation(format_cards(cs))}</b>" for m, cs in named.items())


def backs_html(count: int, what: str = "card") -> str:
    """A hidden hand: card backs (at most five drawn) and the count."""
    label = f"{count} face-down {what}{'s' if count != 1 else ''}"
    backs = "".join(f'<span class="sg-back" style="{_BACK_STYLE}">&nbsp;</span>'
                    for _ in range(min(count, 5)))
    return (f'<span class="sg-hidden" role="img" aria-label="{label}" title="{label}" '
            f'style="display:inline-block;padding-left:0.9em">{backs}'
            f'<span class="sg-count" style="margin-left:0.3em;font-weight:bold">{count}</span>'
            "</span>")


def stack_html(count: int, what: str) -> str:
    """A face-down stack (``what`` is ``stock`` or ``pile``) with its count."""
    label = f"{what}: {count} face-down card{'s' if count != 1 else ''}"
    return (f'<span class="sg-stack sg-{what}" role="img" aria-label="{label}" title="{label}" '
            f'style="{_STACK_STYLE}{_STACK_COLOURS[what]}">{count}</span>')


def hand_order(cards: Iterable[Card], trump: int | None = None) -> list[Card]:
    """A hand as a player holds it: by suit (♠ ♥ ♦ ♣, trumps last), low to high."""
    return sorted(cards, key=lambda c: (c & 3 == trump, c & 3, c))


def _suit(suit: int | None) -> str:
    return "not known yet" if suit is None else f"{SUIT_SYMBOLS[suit]}{TEXT_STYLE}"


def position_html(game, *, viewer: int | None = None, deck: str = "two-colour",
                  size: str = "normal") -> str:
    """The whole table of ``game`` now (see :func:`board_html`)."""
    return board_html(game._state, game.players, game.rules, viewer=viewer, deck=deck,
                      size=size)


def board_html(s: State, players: Sequence[str], rules, *, viewer: int | None = None,
               deck: str = "two-colour", size: str = "normal", marks: Marks | None = None,
               compact: bool = False, open_piles: bool = False, sorted_table: bool = False,
               acted: bool = False, turn: bool = True) -> str:
    """The table: a status line, the plays on the table (each with its player and its
    ``marks`` in words), every player's hand (others' face down when ``viewer`` is a
    seat) with their pile (face up with ``open_piles``), the trump card beside its
    holder, who is out, and the stock.  ``size`` (see :data:`SIZES`) scales everything
    for a projector; ``compact`` draws smaller markup with a shorter status line (for
    strips of frames); ``sorted_table`` says the table lies sorted for dealing;
    ``acted`` says the player on turn has just played (the move's outcome is not yet
    known); ``turn=False`` hides whose turn it is (a question asks it)."""
    names = [escape(n) for n in players]
    marks = marks or {}
    parts = [f'<div class="sg-position sg-board" style="font-family:sans-serif;'
             f'font-size:{SIZES[size]};line-height:1.5">']
    status = _status(s, names, rules, compact, acted, turn)
    parts.append(f'<div class="sg-status"><b>{status}</b></div>')
    parts.append(_table_html(s, names, deck, marks, compact, sorted_table))
    show_piles = s.phase == 1 or any(s.piles)
    cell = "padding:0 0.3em;text-align:left" if compact else "padding:0.15em 0.6em;text-align:left"
    head = f'<th style="{cell}">pile</th>' if show_piles else ""
    parts.append('<table class="sg-players" style="border-collapse:collapse;margin:0.2em 0">')
    if not compact:
        parts.append(f'<tr style="{_NOTE_STYLE}"><th style="{cell}">player</th>'
                     f'<th style="{cell}">hand</th>{head}<th></th></tr>')
    for seat, name in enumerate(names):
        hand = s.hands[seat]
        if not hand and (seat in s.out or s.loser is not None):
            shown = ""
        elif viewer is None or viewer == seat:
            shown = cards_html(hand_order(hand, s.trump if s.phase == 2 else None), deck,
                               marks, compact) + ("" if compact else _mark_note(hand, marks))
        else:
            shown = backs_html(len(hand))
        theirs = turn and seat == s.to_play
        style = ' class="sg-turn" style="background:#fff4c2"' if theirs else ""
        marker = "&#9654;&nbsp;" if theirs else ""
        pile = ""
        if show_piles:
            cards = s.piles[seat]
            if open_piles and cards:
                note = "" if compact else _mark_note(cards, marks)
                shown_pile = (f'<span class="sg-pile-open">{cards_html(cards, deck, marks, True)}'
                              f"{note}</span>")
            else:
                shown_pile = stack_html(len(cards), "pile") if cards else ""
            pile = f'<td style="{cell}">{shown_pile}</td>'
        parts.append(f'<tr{style}><td style="{cell};white-space:nowrap">{marker}{name}</td>'
                     f'<td style="{cell}">{shown}</td>{pile}'
                     f'<td style="{cell}">{_seat_note(s, seat, rules)}</td></tr>')
    parts.append("</table>")
    stock = _stock(s, rules, deck)
    if stock:
        parts.append(f'<div class="sg-stock">{stock}</div>')
    parts.append("</div>")
    return "".join(parts)


def _table_html(s: State, names: Sequence[str], deck: str, marks: Marks,
                compact: bool, sorted_table: bool) -> str:
    if not s.table:
        inner = f'<span class="sg-note" style="{_NOTE_STYLE}">The table is empty.</span>'
    else:
        plays = []
        aside = False
        for p, cards in s.table:
            kinds = [m for c in cards for m in marks.get(c, ())]
            aside = aside or "set-aside" in kinds
            words = [MARK_WORDS[m] for m in MARKS_SHOWN if m in kinds]
            badge = (f'<br><b class="sg-mark-word" style="color:#8a5a00">{", ".join(words)}</b>'
                     if words else "")
            play_style = _PLAY_STYLE + ("margin:0.05em;padding:0 0.2em;" if compact else "")
            plays.append(f'<span class="sg-play" style="{play_style}"><span class="sg-who" '
                         f'style="{_NOTE_STYLE}">{names[p]}</span>{"" if compact else "<br>"}'
                         f"{cards_html(cards, deck, marks, compact)}{badge}</span>")
        order = "sorted low to high, to be dealt" if sorted_table else "oldest first"
        note = (' <b class="sg-mark-word">- this trick is complete and is set aside</b>'
                if aside else "")
        head = ("" if compact and not sorted_table else
                f'<span class="sg-note" style="{_NOTE_STYLE}">On the table, {order}:</span> ')
        inner = f"{head}{''.join(plays)}{note}"
    style = _TABLE_STYLE + ("padding:0.1em 0.3em;min-height:0;margin:0.15em 0;" if compact else "")
    return f'<div class="sg-trick sg-table" data-area="table" style="{style}">{inner}</div>'


MARKS_SHOWN = ("wins", "beats", "stunsa", "tie")
"""The marks named under a play on the table (a set-aside trick is named once)."""


def _status(s: State, names: Sequence[str], rules, compact: bool = False,
            acted: bool = False, turn: bool = True) -> str:
    if s.to_play is None and turn:
        loser = names[s.loser] if s.loser is not None else "nobody"
        return f"Game over: {loser} is the Skitgubbe."
    if compact:
        return f"Phase {s.phase} &middot; trumps: {_suit(s.trump)}"
    if s.phase == 2:
        trick = (f"the trick needs {s.trick_size} plays" if s.table
                 else f"the next trick needs {s.n - len(s.out)} plays")
    elif rules.phase1_tricks == "all-play":
        trick = "everyone plays to each trick"
    else:
        trick = "two-card tricks"
    player = ""
    if turn and s.to_play is not None:
        player = f"{names[s.to_play]} {'has played' if acted else 'to play'} &middot; "
    return f"Phase {s.phase} &middot; trumps: {_suit(s.trump)} &middot; {player}{trick}"


def _seat_note(s: State, seat: int, rules) -> str:
    notes = []
    if s.trump_card is not None and s.trump_holder == seat:
        notes.append(f'{backs_html(1, "card")} <span style="{_NOTE_STYLE}">the trump card, '
                     "face down</span>")
    if s.loser == seat:
        notes.append('<b style="color:#a00">the Skitgubbe</b>')
    elif seat in s.out:
        notes.append(f'<b style="color:#2a7a2a">out - safe</b> <span style="{_NOTE_STYLE}">'
                     f"({_ORDINALS[min(s.out.index(seat), len(_ORDINALS) - 1)]} out)</span>")
    elif s.phase == 2 and not s.hands[seat] and rules.empty_hand_after_phase1 == "blamattis":
        notes.append("Blåmattis")
    return " ".join(notes)


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth", "later")


def _stock(s: State, rules, deck: str) -> str:
    parts = []
    if s.phase == 1:
        if s.stock:
            parts.append(f'stock {stack_html(len(s.stock), "stock")}')
            if rules.turned_up_trump == "yes":
                parts.append(f"turned up under it: {card_html(s.stock[0], deck)}")
        else:
            parts.append(f'<span style="{_NOTE_STYLE}">The stock is empty.</span>')
    if s.discarded:
        parts.append(f'<span style="{_NOTE_STYLE}">set aside: {len(s.discarded)} cards</span>')
    return " &nbsp; ".join(parts)


def event_html(event: Event, players: Sequence[str], disclosure: bool = True) -> str:
    """One event: its sentence at normal size, the rule's short name as a tag, and
    (with ``disclosure``) the rule's paragraph with its sources one click away."""
    rule = RULEBOOK[event.rule]
    sentence = escape(text_presentation(event.sentence(players)))
    tag = escape(f"rule {rule.number}: {rule.title}")
    if not disclosure:
        return (f'<div class="sg-event">{sentence}. <span class="sg-tag" '
                f'title="{escape(rule.summary)}" style="{_TAG_STYLE}">{tag}</span></div>')
    return (f'<details class="sg-event" style="margin:0.15em 0"><summary style="cursor:pointer">'
            f'{sentence}. <span class="sg-tag" title="{escape(rule.reference)}" '
            f'style="{_TAG_STYLE}">{tag}</span></summary>'
            f'<div class="sg-rule" style="margin:0.2em 0 0.4em 1.2em;{_NOTE_STYLE}">'
            f"{escape(rule.summary)} <i>Sources: {escape(rule.citation)}.</i></div></details>")


def narration_html(frame: Frame, players: Sequence[str], title: str = "",
                   disclosure: bool = True, label: bool = True) -> str:
    """What a frame narrates: its ``label`` (``move 7, 3 of 5``), then one line per
    event (or the caption of a frame that splits an event); ``disclosure`` as in
    :func:`event_html`."""
    if frame.move == 0:
        return (f'<div class="sg-narration" style="line-height:1.4"><b>Start.</b> '
                f"{escape(title)}</div>")
    lines = []
    if frame.caption:
        lines.append(f'<div class="sg-event">{escape(text_presentation(frame.caption))}.</div>')
    lines += [event_html(e, players, disclosure) for e in frame.events]
    head = (f'<div class="sg-label" style="{_NOTE_STYLE}"><b>{escape(frame.label.capitalize())}'
            "</b></div>" if label else "")
    return (f'<div class="sg-narration" style="line-height:1.4">{head}'
            f'{"".join(lines)}</div>')


def sources_html(frames: Sequence[Frame]) -> str:
    """The sources of every rule the frames follow, listed once."""
    keys: list[str] = []
    for rule in rules_used(frames):
        keys += [k for k in RULEBOOK[rule].sources if k not in keys]
    if not keys:
        return ""
    return (f'<div class="sg-sources" style="{_NOTE_STYLE}font-size:0.9em;margin-top:0.4em;'
            f'line-height:1.4">'
            f"Sources of these rules: {escape(cite(tuple(keys)))}.</div>")


def rules_used(frames: Sequence[Frame]) -> list[str]:
    """The keys of the rules the frames' events follow, in the rulebook's order (0-13,
    then the variants' V1, V2, ...)."""
    keys: list[str] = []
    for frame in frames:
        for e in frame.events:
            if e.rule not in keys:
                keys.append(e.rule)
    return sorted(keys, key=lambda k: rule_order(RULEBOOK[k].number))


def rule_order(number: str) -> tuple[int, int, str]:
    """A sort key for rule numbers: ``'3' < '11a' < '11b' < '12' < 'V2' < 'V10'``.

    >>> sorted(["V10", "12", "V2", "11b", "3", "11a"], key=rule_order)
    ['3', '11a', '11b', '12', 'V2', 'V10']
    """
    variant = number.startswith("V")
    digits = "".join(ch for ch in number if ch.isdigit())
    return (int(variant), int(digits or 0), number.lstrip("V0123456789"))


def rules_html(frames: Sequence[Frame], disclosure: bool = True) -> str:
    """Each rule the frames follow, once: number, name, our paragraph and its sources;
    inside a disclosure unless ``disclosure`` is False (a printed page)."""
    items = "".join(
        f'<div class="sg-rule-item"><dt><b>Rule {escape(r.number)}: {escape(r.title)}</b></dt>'
        f'<dd style="margin:0 0 0.3em 1.2em">{escape(r.summary)} <i>({escape(r.citation)})</i>'
        "</dd></div>" for r in (RULEBOOK[k] for k in rules_used(frames)))
    if not items:
        return ""
    body = f'<dl class="sg-rules" style="line-height:1.4">{items}</dl>'
    if not disclosure:
        return f"<h2>The rules in this example</h2>{body}"
    return (f'<details class="sg-rules-list"><summary style="cursor:pointer"><b>The rules in this '
            f"example</b></summary>{body}</details>")


def frame_board_html(frame: Frame, players: Sequence[str], rules, *, viewer: int | None = None,
                     deck: str = "two-colour", size: str = "normal",
                     compact: bool = False) -> str:
    """The board of one frame, with its marks (see :func:`board_html`)."""
    return board_html(frame.state, players, rules, viewer=viewer, deck=deck, size=size,
                      marks=frame.marks, compact=compact, open_piles=frame.open_piles,
                      sorted_table=frame.sorted_table, acted=frame.acted)


def frame_html(frame: Frame, players: Sequence[str], rules, *, viewer: int | None = None,
               deck: str = "two-colour", size: str = "normal", title: str = "",
               compact: bool = False) -> str:
    """One frame as a ``<section class="sg-frame">``: its narration (the rules as tags;
    their paragraphs are listed once, see :func:`rules_html`) and its board."""
    board = frame_board_html(frame, players, rules, viewer=viewer, deck=deck, size=size,
                             compact=compact)
    width = "flex:1 1 24em;max-width:36em;" if compact else ""
    return (f'<section class="sg-frame" style="break-inside:avoid;page-break-inside:avoid;'
            f'{width}margin:0.4em 0;padding:0.3em 0.6em;border-left:0.25em solid #c9d6e8">'
            f"{narration_html(frame, players, title, disclosure=False)}{board}</section>")


def step_html(step: Step | None, players: Sequence[str], title: str = "") -> str:
    """The narration of a whole step: each event in a sentence with its rule."""
    if step is None:
        return f'<div class="sg-narration"><b>Start.</b> {escape(title)}</div>'
    lines = "".join(event_html(e, players) for e in step.events)
    return f'<div class="sg-narration"><b>Move {step.number}.</b>{lines}</div>'


def strip_html(frames: Sequence[Frame], players: Sequence[str], rules, *,
               deck: str = "two-colour", title: str = "", limit: int | None = None) -> str:
    """A whole example as a strip of its frames (what a stored notebook shows without
    a kernel); ``limit`` caps the frames drawn, saying how many were left out."""
    shown = frames if limit is None else frames[:limit]
    parts = [frame_html(f, players, rules, deck=deck, title=title, compact=True)
             for f in shown]
    more = ""
    if len(shown) < len(frames):
        more = (f'<p class="sg-note" style="{_NOTE_STYLE}">The first {len(shown)} of '
                f"{len(frames)} frames; run the notebook to step through them all.</p>")
    return (f'<div class="sg-strip" style="display:flex;flex-wrap:wrap;column-gap:0.8em">'
            f'{"".join(parts)}</div>{more}{rules_html(frames)}{sources_html(frames)}')

