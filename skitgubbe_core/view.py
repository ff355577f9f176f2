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
from typing import TYPE_CHECKING

from .cards import SUIT_SYMBOLS, Card, card_name, format_cards, rank_label
from .events import Event, Step
from .frames import Frame
from .i18n import N_, Messages, current, language, ngettext
from .i18n import gettext as _
from .rulebook import RULEBOOK
from .rules import Rules
from .sources import cite
from .state import State

if TYPE_CHECKING:
    from .game import Game

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
MARK_WORDS = Messages({"wins": "wins", "beats": "beats", "stunsa": "stunsa", "tie": "tie",
                       "picked-up": "picked up", "dealt": "dealt", "set-aside": "set aside"})
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
    name = card_name(card) + "".join(f", {MARK_WORDS[m]}" for m in marks)
    label = rank_label(card)
    symbol = f"{SUIT_SYMBOLS[card.suit]}{TEXT_STYLE}"
    if compact:
        return (f'<span class="{cls}" title="{name}" style="{_COMPACT_STYLE}'
                f'color:{colour};{extra}">{label}{symbol}</span>')
    return (f'<span class="{cls}" role="img" aria-label="{name}" title="{name}" '
            f'style="{_CARD_STYLE}color:{colour};{extra}">{label}'
            f'<span class="sg-suit">{symbol}</span></span>')


Marks = Mapping[Card, Sequence[str]]
"""Each marked card and its marks."""


def cards_html(cards: Iterable[Card], deck: str = "two-colour",
               marks: Marks | None = None, compact: bool = False) -> str:
    marks = marks or {}
    none = _("no cards")
    return "".join(card_html(c, deck, tuple(marks.get(c, ())), compact) for c in cards) or \
        f'<span class="sg-note" style="{_NOTE_STYLE}">{none}</span>'


def _mark_note(cards: Iterable[Card], marks: Marks) -> str:
    """The marks of a row of cards in words (``picked up: J♥``), for hands and piles."""
    named: dict[str, list[Card]] = {}
    for c in cards:
        for m in marks.get(c, ()):
            named.setdefault(m, []).append(c)
    return "".join(f' <b class="sg-mark-word" style="color:#333">{MARK_WORDS[m]}: '
                   f"{text_presentation(format_cards(cs))}</b>" for m, cs in named.items())


def backs_html(count: int) -> str:
    """A hidden hand: card backs (at most five drawn) and the count."""
    label = ngettext("{count} face-down card", "{count} face-down cards", count).format(
        count=count)
    backs = "".join(f'<span class="sg-back" style="{_BACK_STYLE}">&nbsp;</span>'
                    for _ in range(min(count, 5)))
    return (f'<span class="sg-hidden" role="img" aria-label="{label}" title="{label}" '
            f'style="display:inline-block;padding-left:0.9em">{backs}'
            f'<span class="sg-count" style="margin-left:0.3em;font-weight:bold">{count}</span>'
            "</span>")


def stack_html(count: int, what: str) -> str:
    """A face-down stack (``what`` is ``stock`` or ``pile``) with its count."""
    stack = _("stock") if what == "stock" else _("pile")
    label = ngettext("{stack}: {count} face-down card", "{stack}: {count} face-down cards",
                     count).format(stack=stack, count=count)
    return (f'<span class="sg-stack sg-{what}" role="img" aria-label="{label}" title="{label}" '
            f'style="{_STACK_STYLE}{_STACK_COLOURS[what]}">{count}</span>')


def hand_order(cards: Iterable[Card], trump: int | None = None) -> list[Card]:
    """A hand as a player holds it: by suit (♠ ♥ ♦ ♣, trumps last), low to high."""
    return sorted(cards, key=lambda c: (c.suit == trump, c.suit, c))


def _suit(suit: int | None) -> str:
    return _("not known yet") if suit is None else f"{SUIT_SYMBOLS[suit]}{TEXT_STYLE}"


def position_html(game: Game, *, viewer: int | None = None, deck: str = "two-colour",
                  size: str = "normal", lang: str | None = None,
                  compact: bool = False) -> str:
    """The whole table of ``game`` now (see :func:`board_html`)."""
    return board_html(game.state, game.players, game.rules, viewer=viewer, deck=deck,
                      size=size, lang=lang, compact=compact)


def board_html(s: State, players: Sequence[str], rules: Rules, *, viewer: int | None = None,
               deck: str = "two-colour", size: str = "normal", marks: Marks | None = None,
               compact: bool = False, open_piles: bool = False, sorted_table: bool = False,
               acted: bool = False, turn: bool = True, held: int | None = None,
               lang: str | None = None, facts: bool = True, trump_up: bool = False) -> str:
    """The table: a status line, the plays on the table (each with its player and its
    ``marks`` in words), every player's hand (others' face down when ``viewer`` is a
    seat) with their pile (face up with ``open_piles``), the trump card beside its
    holder, who is out, and the stock.  ``size`` (see :data:`SIZES`) scales everything
    for a projector; ``compact`` draws smaller markup with a shorter status line (for
    strips of frames); ``sorted_table`` says the table lies sorted for dealing;
    ``acted`` says the player on turn has just played (the move's outcome is not yet
    known); ``turn=False`` hides whose turn it is (a question asks it), ``facts=False``
    how many plays a phase-2 trick needs and who is Blåmattis (the same); ``trump_up``
    shows the trump card face up beside its holder, as it is once phase 1 is over, and
    the trumps as "?" (a question asks what the card makes trumps); the hand of seat
    ``held`` is shown elsewhere (the play table's card buttons) and only counted here.
    ``lang`` chooses the language of every label and card name (see :mod:`.i18n`); a
    board in another language than English says so with a ``lang`` attribute."""
    with language(lang):
        return _board(s, players, rules, viewer, deck, size, marks or {}, compact,
                      open_piles, sorted_table, acted, turn, held, facts, trump_up)


def _lang_attribute() -> str:
    """`` lang="sv"`` on an element whose text is not in English (English needs none: the
    page around it is English)."""
    lang = current()
    return "" if lang == "en" else f' lang="{lang}"'


def _board(s: State, players: Sequence[str], rules: Rules, viewer: int | None, deck: str, size: str,
           marks: Marks, compact: bool, open_piles: bool, sorted_table: bool, acted: bool,
           turn: bool, held: int | None, facts: bool = True, trump_up: bool = False) -> str:
    names = [escape(n) for n in players]
    parts = [f'<div class="sg-position sg-board"{_lang_attribute()} style="font-family:sans-serif;'
             f'font-size:{SIZES[size]};line-height:1.5">']
    status = _status(s, names, rules, compact, acted, turn, facts and not trump_up)
    parts.append(f'<div class="sg-status"><b>{status}</b></div>')
    parts.append(_table_html(s, names, deck, marks, compact, sorted_table))
    show_piles = s.phase == 1 or any(s.piles)
    trump_shown = card_html(s.trump_card, deck, compact=compact) if trump_up and s.trump_card else ""
    cell = "padding:0 0.3em;text-align:left" if compact else "padding:0.15em 0.6em;text-align:left"
    player, hand_word, pile_word = _("player"), _("hand"), _("pile")
    head = f'<th style="{cell}">{pile_word}</th>' if show_piles else ""
    parts.append('<table class="sg-players" style="border-collapse:collapse;margin:0.2em 0">')
    if not compact:
        parts.append(f'<tr style="{_NOTE_STYLE}"><th style="{cell}">{player}</th>'
                     f'<th style="{cell}">{hand_word}</th>{head}<td></td></tr>')
    for seat, name in enumerate(names):
        hand = s.hands[seat]
        if not hand and (seat in s.out or s.loser is not None):
            shown = ""
        elif seat == held:
            below = ngettext("your {count} card: below", "your {count} cards: below",
                             len(hand)).format(count=len(hand))
            shown = f'<span class="sg-note" style="{_NOTE_STYLE}">{below}</span>'
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
                     f'<td style="{cell}">{_seat_note(s, seat, rules, facts, trump_shown)}</td></tr>')
    parts.append("</table>")
    stock = _stock(s, rules, deck)
    if stock:
        parts.append(f'<div class="sg-stock">{stock}</div>')
    parts.append("</div>")
    return "".join(parts)


def _table_html(s: State, names: Sequence[str], deck: str, marks: Marks,
                compact: bool, sorted_table: bool) -> str:
    if not s.table:
        empty = _("The table is empty.")
        inner = f'<span class="sg-note" style="{_NOTE_STYLE}">{empty}</span>'
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
        order = (_("On the table, sorted low to high, to be dealt:") if sorted_table
                 else _("On the table, oldest first:"))
        complete = _("- this trick is complete and is set aside")
        note = f' <b class="sg-mark-word">{complete}</b>' if aside else ""
        head = ("" if compact and not sorted_table else
                f'<span class="sg-note" style="{_NOTE_STYLE}">{order}</span> ')
        inner = f"{head}{''.join(plays)}{note}"
    style = _TABLE_STYLE + ("padding:0.1em 0.3em;min-height:0;margin:0.15em 0;" if compact else "")
    return f'<div class="sg-trick sg-table" data-area="table" style="{style}">{inner}</div>'


MARKS_SHOWN = ("wins", "beats", "stunsa", "tie")
"""The marks named under a play on the table (a set-aside trick is named once)."""


def _status(s: State, names: Sequence[str], rules: Rules, compact: bool = False,
            acted: bool = False, turn: bool = True, facts: bool = True) -> str:
    if s.to_play is None and turn:
        if s.loser is None:
            return _("Game over: nobody is the Skitgubbe.")
        return _("Game over: {loser} is the Skitgubbe.").format(loser=names[s.loser])
    parts = [_("Phase {phase}").format(phase=s.phase),
             _("trumps: {suit}").format(suit=_suit(s.trump) if facts else "?")]
    if compact:
        return " &middot; ".join(parts)
    if s.phase == 2 and not facts:
        trick = ""
    elif s.phase == 2:
        trick = (_("the trick needs {count} plays").format(count=s.trick_size) if s.table
                 else _("the next trick needs {count} plays").format(count=s.n - len(s.out)))
    elif rules.phase1_tricks == "all-play":
        trick = _("everyone plays to each trick")
    else:
        trick = _("two-card tricks")
    if turn and s.to_play is not None:
        who = _("{player} has played") if acted else _("{player} to play")
        parts.append(who.format(player=names[s.to_play]))
    return " &middot; ".join(parts + [trick] if trick else parts)


def _seat_note(s: State, seat: int, rules: Rules, facts: bool = True,
               trump_shown: str = "") -> str:
    """Beside a seat: the trump card (``trump_shown``, the card face up, when given),
    the Skitgubbe, who is out, Blåmattis."""
    notes = []
    if s.trump_card is not None and s.trump_holder == seat:
        if trump_shown:
            turned = _("the trump card, turned up")
            notes.append(f'{trump_shown} <span style="{_NOTE_STYLE}">{turned}</span>')
        else:
            trump_card = _("the trump card, face down")
            notes.append(f'{backs_html(1)} <span style="{_NOTE_STYLE}">{trump_card}</span>')
    if s.loser == seat:
        loser = _("the Skitgubbe")
        notes.append(f'<b style="color:#a00">{loser}</b>')
    elif seat in s.out:
        safe = _("out - safe")
        notes.append(f'<b style="color:#2a7a2a">{safe}</b> <span style="{_NOTE_STYLE}">'
                     f"({_(_OUT_ORDER[min(s.out.index(seat), len(_OUT_ORDER) - 1)])})</span>")
    elif (facts and s.phase == 2 and not s.hands[seat]
          and rules.empty_hand_after_phase1 == "blamattis"):
        notes.append("Blåmattis")
    return " ".join(notes)


_OUT_ORDER = (N_("first out"), N_("second out"), N_("third out"), N_("fourth out"),
              N_("fifth out"), N_("sixth out"), N_("seventh out"), N_("eighth out"),
              N_("ninth out"), N_("later out"))


def _stock(s: State, rules: Rules, deck: str) -> str:
    parts = []
    if s.phase == 1:
        if s.stock:
            parts.append(_("stock") + f' {stack_html(len(s.stock), "stock")}')
            if rules.turned_up_trump == "yes":
                parts.append(_("turned up under it:") + f" {card_html(s.stock[0], deck)}")
        else:
            empty = _("The stock is empty.")
            parts.append(f'<span style="{_NOTE_STYLE}">{empty}</span>')
    if s.discarded:
        aside = _("set aside: {count} cards").format(count=len(s.discarded))
        parts.append(f'<span style="{_NOTE_STYLE}">{aside}</span>')
    return " &nbsp; ".join(parts)


_UNSEEN = {
    "draw": lambda e, p: _("{player} draws a card from the stock").format(player=p[e.player]),
    "trump-card": lambda e, p: _("{player} draws the last stock card and lays it face down "
                                 "beside them: it decides trumps for phase 2").format(
                                     player=p[e.player]),
}
"""What a player sees of another's private events (a card drawn, the trump card)."""


def sentence_for(event: Event, players: Sequence[str], viewer: int | None = None) -> str:
    """The event's sentence as ``viewer`` (a seat, or None for everyone's view) may
    hear it: another player's drawn card is not named.

    >>> from skitgubbe_core.cards import parse_card
    >>> from skitgubbe_core.events import Event
    >>> drew = Event("draw", 1, (parse_card("QH"),), None, None, "draw")
    >>> sentence_for(drew, ["Ann", "Bo"]), sentence_for(drew, ["Ann", "Bo"], viewer=0)
    ('Bo draws Q♥ from the stock', 'Bo draws a card from the stock')
    """
    if viewer is not None and event.player != viewer and event.kind in _UNSEEN:
        return _UNSEEN[event.kind](event, players)
    return event.sentence(players)


def event_html(event: Event, players: Sequence[str], disclosure: bool = True,
               viewer: int | None = None) -> str:
    """One event: its sentence at normal size (as ``viewer`` may hear it, see
    :func:`sentence_for`), the rule's short name as a tag, and (with ``disclosure``)
    the rule's paragraph with its sources one click away."""
    rule = RULEBOOK[event.rule]
    sentence = escape(text_presentation(sentence_for(event, players, viewer)))
    tag = escape(_("rule {number}: {title}").format(number=rule.number, title=rule.name))
    sources = escape(_("Sources: {sources}.").format(sources=rule.citation))
    if not disclosure:
        return (f'<div class="sg-event">{sentence}. <span class="sg-tag" '
                f'title="{escape(rule.text)}" style="{_TAG_STYLE}">{tag}</span></div>')
    return (f'<details class="sg-event" style="margin:0.15em 0"><summary style="cursor:pointer">'
            f'{sentence}. <span class="sg-tag" title="{escape(rule.reference)}" '
            f'style="{_TAG_STYLE}">{tag}</span></summary>'
            f'<div class="sg-rule" style="margin:0.2em 0 0.4em 1.2em;{_NOTE_STYLE}">'
            f"{escape(rule.text)} <i>{sources}</i></div></details>")


def narration_html(frame: Frame, players: Sequence[str], title: str = "",
                   disclosure: bool = True, label: bool = True,
                   viewer: int | None = None) -> str:
    """What a frame narrates: its ``label`` (``move 7, 3 of 5``), then one line per
    event (or the caption of a frame that splits an event); ``disclosure`` and
    ``viewer`` as in :func:`event_html`."""
    if frame.move == 0:
        start = _("Start.")
        return (f'<div class="sg-narration" style="line-height:1.4"><b>{start}</b> '
                f"{escape(title)}</div>")
    lines = []
    if frame.caption:
        lines.append(f'<div class="sg-event">{escape(text_presentation(frame.caption))}.</div>')
    lines += [event_html(e, players, disclosure, viewer) for e in frame.events]
    head = (f'<div class="sg-label" style="{_NOTE_STYLE}"><b>{escape(frame.label.capitalize())}'
            "</b></div>" if label else "")
    return (f'<div class="sg-narration" style="line-height:1.4">{head}'
            f'{"".join(lines)}</div>')


def sources_html(frames: Sequence[Frame], rules: Rules | None = None) -> str:
    """The sources of every rule the frames follow, listed once; with ``rules``, only
    the sources of the ruleset played (a rule none of them states keeps its own)."""
    played = rules.base.sources if rules is not None else ()
    keys: list[str] = []
    for rule in rules_used(frames):
        own = RULEBOOK[rule].sources
        keys += [k for k in ([s for s in own if s in played] or own) if k not in keys]
    if not keys:
        return ""
    return (f'<div class="sg-sources" style="{_NOTE_STYLE}font-size:0.9em;margin-top:0.4em;'
            f'line-height:1.4">'
            + escape(_("Sources of these rules: {sources}.").format(sources=cite(tuple(keys))))
            + "</div>")


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
    return rule_list_html(rules_used(frames), disclosure)


def rule_list_html(keys: Sequence[str], disclosure: bool = True) -> str:
    """The rules ``keys`` (rulebook keys, in the rulebook's order), as
    :func:`rules_html` lists them."""
    heading = _("Rule {number}: {title}")
    items = "".join(
        f'<div class="sg-rule-item"><dt><b>{escape(heading.format(number=r.number, title=r.name))}'
        "</b></dt>"
        f'<dd style="margin:0 0 0.3em 1.2em">{escape(r.text)} <i>({escape(r.citation)})</i>'
        "</dd></div>" for r in (RULEBOOK[k] for k in keys))
    if not items:
        return ""
    body = f'<dl class="sg-rules" style="line-height:1.4">{items}</dl>'
    these = _("The rules in this example")
    if not disclosure:
        return f"<h2>{these}</h2>{body}"
    return (f'<details class="sg-rules-list"><summary style="cursor:pointer"><b>{these}</b>'
            f"</summary>{body}</details>")


def frame_board_html(frame: Frame, players: Sequence[str], rules: Rules, *, viewer: int | None = None,
                     deck: str = "two-colour", size: str = "normal",
                     compact: bool = False, held: int | None = None) -> str:
    """The board of one frame, with its marks (see :func:`board_html`)."""
    return board_html(frame.state, players, rules, viewer=viewer, deck=deck, size=size,
                      marks=frame.marks, compact=compact, open_piles=frame.open_piles,
                      sorted_table=frame.sorted_table, acted=frame.acted, held=held)


def frame_html(frame: Frame, players: Sequence[str], rules: Rules, *, viewer: int | None = None,
               deck: str = "two-colour", size: str = "normal", title: str = "",
               compact: bool = False, lang: str | None = None) -> str:
    """One frame as a ``<section class="sg-frame">``: its narration (the rules as tags;
    their paragraphs are listed once, see :func:`rules_html`) and its board."""
    with language(lang):
        return _frame(frame, players, rules, viewer, deck, size, title, compact)


def _frame(frame: Frame, players: Sequence[str], rules: Rules, viewer: int | None, deck: str,
           size: str, title: str, compact: bool) -> str:
    board = frame_board_html(frame, players, rules, viewer=viewer, deck=deck, size=size,
                             compact=compact)
    width = "flex:1 1 24em;max-width:36em;" if compact else ""
    return (f'<section class="sg-frame"{_lang_attribute()} style="break-inside:avoid;page-break-inside:avoid;'
            f'{width}margin:0.4em 0;padding:0.3em 0.6em;border-left:0.25em solid #c9d6e8">'
            f"{narration_html(frame, players, title, disclosure=False)}{board}</section>")


def step_html(step: Step | None, players: Sequence[str], title: str = "",
              lang: str | None = None) -> str:
    """The narration of a whole step: each event in a sentence with its rule."""
    with language(lang):
        tag = f'<div class="sg-narration"{_lang_attribute()} style="line-height:1.4">'
        if step is None:
            return tag + "<b>" + _("Start.") + f"</b> {escape(title)}</div>"
        lines = "".join(event_html(e, players) for e in step.events)
        move = _("Move {number}.").format(number=step.number)
        return f'{tag}<b>{move}</b>{lines}</div>'


def strip_html(frames: Sequence[Frame], players: Sequence[str], rules: Rules, *,
               deck: str = "two-colour", title: str = "", limit: int | None = None,
               lang: str | None = None) -> str:
    """A whole example as a strip of its frames (what a stored notebook shows without
    a kernel); ``limit`` caps the frames drawn, saying how many were left out."""
    with language(lang):
        return _strip(frames, players, rules, deck, title, limit)


def _strip(frames: Sequence[Frame], players: Sequence[str], rules: Rules, deck: str, title: str,
           limit: int | None) -> str:
    shown = frames if limit is None else frames[:limit]
    parts = [frame_html(f, players, rules, deck=deck, title=title, compact=True)
             for f in shown]
    more = ""
    if len(shown) < len(frames):
        more = (f'<p class="sg-note" style="{_NOTE_STYLE}">' + _(
            "The first {shown} of {count} frames; run the notebook to step through them "
            "all.").format(shown=len(shown), count=len(frames)) + "</p>")
    return (f'<div class="sg-strip"{_lang_attribute()} style="display:flex;flex-wrap:wrap;column-gap:0.8em">'
            f'{"".join(parts)}</div>{more}{rules_html(frames)}{sources_html(frames, rules)}')

