"""The question model: a :class:`Question` and its :class:`Feedback`, the kinds of
question, every sentence the quiz shows (:data:`TEXT`), and how choices are shown and
typed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..actions import BARE_VERBS, CARD_VERBS, PLAY, VERBS, Action
from ..cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, format_cards, parse_cards, parse_suit
from ..errors import SkitgubbeError, quote
from ..i18n import Messages, gettext
from ..schema import EXERCISE_KINDS

KINDS = EXERCISE_KINDS
"""Every kind of question, in the order a moment asks them."""

GENERATED = KINDS[:7]
"""The kinds :func:`questions` generates unless told otherwise; the others (what a
player may do out of turn, who sets a trick aside, the dreck, the trick size, the
anti-trump, Blåmattis) are asked by a scenario's ``exercises`` or an explicit
``kinds``."""

JSON_KEYS = ("after", "player", "kind", "prompt", "choices", "answer", "why", "rule")

TEXT = Messages({
    "prompt.legal": "What may {player} do now?",
    "prompt.to-play": "Who plays next?",
    "prompt.winner": "Who takes this trick?",
    "prompt.skitgubbe": "Who is the Skitgubbe?",
    "prompt.trump": "What are trumps in phase 2?",
    "prompt.pick-up": "What does {player} pick up?",
    "prompt.tie-cards": "Which cards does {player} get?",
    "prompt.out-of-turn": "What may {player} do now, out of turn?",
    "prompt.sets-aside": "Who completes this trick and sets it aside?",
    "prompt.dreck": "Which dreck cards does {player} get?",
    "prompt.trick-size": "How many plays does this trick need?",
    "prompt.anti-trump": "Which suit is anti-trump?",
    "prompt.blamattis": "Who is Blåmattis?",
    "prompt.reading": "Reading: {reading}. {prompt}",
    "why.legal": "every one of these is allowed: {summary}",
    "why.to-play.next": "{player} is next: play goes clockwise",
    "why.to-play.dealt": "{player}, on the dealer's left, leads first: {dealer} dealt",
    "why.to-play.still": "{player} is still to play: that move does not pass the turn",
    "why.to-play.tie": "{player} is next: only the tied players, {tied}, play again",
    "why.to-play.slough": ("{player} is next: the trick is decided, and its players may "
                           "slough in turn from the winner, {winner}"),
    "why.to-play.over": "the deal is over: {loser} is the Skitgubbe",
    "why.trump.turned": "the card turned up under the stock at the deal sets trumps: {suit}",
    "why.out-of-turn": "{player} may act while it is {other}'s turn: {summary}",
    "why.trick-size": "the trick needs one play from each player still in: {count}",
    "why.anti-trump": "trumps are {trump}, so the anti-trump suit is {anti}: {summary}",
    "right.legal": "Right: {choice} is allowed.",
    "right.to-play": "Right: {answer} plays next.",
    "right.to-play.over": "Right: nobody plays, the deal is over.",
    "right.winner": "Right: {answer} takes the trick.",
    "right.winner.back": "Right: nobody takes it, the cards are taken back.",
    "nobody": "nobody (taken back)",
    "right.skitgubbe": "Right: {answer} is the Skitgubbe.",
    "right.trump": "Right: trumps are {answer}.",
    "right.pick-up": "Right: {player} picks up {answer}.",
    "right.tie-cards": "Right: {player} gets {answer}.",
    "right.out-of-turn": "Right: {choice} is allowed out of turn.",
    "right.sets-aside": "Right: {answer} completes the trick and sets it aside.",
    "right.dreck": "Right: {player} gets {answer}.",
    "right.trick-size": "Right: the trick needs {answer} plays.",
    "right.anti-trump": "Right: {answer} is anti-trump.",
    "right.blamattis": "Right: {answer} is Blåmattis.",
    "wrong.legal": "Not allowed: {refusal}.",
    "wrong": "Not quite: {why} ({rule}).",
    "also": "{answers} would also be right",
    "suit": "{symbol} {name}",
    "score": "Score: {right} of {asked}.",
    "and": "{first} and {last}",
    "question": "Question {number} of {count}",
    "answer": "Answer: {answer}.",
    "show-me": "show me",
    "choose": "Type the number of your answer (1-{count}): ",
    "no-answer": "Please type a number from 1 to {count}.",
    "over": "The deal is over.",
    "none-answered": "No question was answered.",
    "error.moment": "a {kind} question needs {needs}, and move {after} is not one",
    "error.unreached": ("a {kind} question after move {after} cannot be asked: the moves "
                        "stop after move {count}, where a move is refused"),
    "error.player": "a {kind} question is asked of {needed}, not {player}",
    "error.choice": "{choice} is not a possible answer of a {kind} question here",
    "error.answer": "the stated answer is {stated}; the engine says {engine}",
    "error.kind": "unknown kind of question {kind}{suggestion}: the kinds are {kinds}",
    "error.kind.like": " (did you mean {kind}?)",
    "error.kinds.text": "kinds is a list of kinds of question, such as [{kind}], not the "
                        "text {text}",
    "error.kinds.none": "name at least one kind of question: the kinds are {kinds}",
    "error.drill": "no {kinds} question came up in {games} random games of {variant}: its "
                   "rules may never ask it",
})
"""Every sentence and label the quiz shows, as a ``str.format`` template."""


NOBODY = "nobody"
"""The ``winner`` choice of the unfinished last trick of phase 1: its cards may be taken
back (rule ``last_trick``) instead of won."""


class QuizError(SkitgubbeError):
    """A question cannot be asked at that moment, or a stated answer is not a choice."""


@dataclass(frozen=True)
class Feedback:
    """What a pick earns: ``right``, one ``sentence``, and the rule tag."""

    right: bool
    sentence: str
    rule: str


@dataclass(frozen=True)
class Question:
    """One question, asked after ``after`` moves (see :data:`JSON_KEYS`).

    ``choices`` and ``answer`` are in scenario notation (``'B: play 7D'``, ``'C'``,
    ``'H'``, ``'6H 7H'``); ``answer`` holds every right choice (empty when none is).
    ``frame`` is the index of the frame (of :func:`skitgubbe_core.frames.frames`) the
    question shows, ``told`` how many events of the moment's step are narrated with it,
    ``reveal`` the frame that shows the answer; ``hide_turn`` hides whose turn it is on
    the board (the question asks it), ``hide_facts`` trumps, the plays a trick needs
    and who is Blåmattis (the same); ``refusals`` are the engine's reasons (with
    their rules) that wrong choices of a ``legal`` question are refused.
    """

    after: int
    player: str | None
    kind: str
    prompt: str
    choices: tuple[str, ...]
    answer: tuple[str, ...]
    why: str
    rule: str
    frame: int = 0
    told: int = 0
    reveal: int = 0
    hide_turn: bool = False
    hide_facts: bool = False
    refusals: Mapping[str, str] = field(default_factory=dict)

    def is_right(self, choice: str) -> bool:
        return choice in self.answer

    def feedback(self, choice: str) -> Feedback:
        """The answer to picking ``choice``: right in one sentence, or why not with the
        rule (a refused move: the engine's refusal).

        >>> from skitgubbe_core import examples
        >>> from skitgubbe_core.quiz import questions
        >>> q = questions(examples.load("stunsa-higher")).find("to-play", 2)
        >>> q.feedback("B").sentence
        'Right: B plays next.'
        >>> q.feedback("A").rule
        'rule 3, winning a phase-1 trick'
        """
        if choice not in self.choices:
            raise QuizError(TEXT["error.choice"].format(choice=quote(choice), kind=self.kind))
        if self.is_right(choice):
            return Feedback(True, self._right(choice), self.rule)
        refusal = self.refusals.get(choice)
        if refusal is not None:
            return Feedback(False, TEXT["wrong.legal"].format(refusal=refusal), self.rule)
        return Feedback(False, TEXT["wrong"].format(why=self.why, rule=self.rule), self.rule)

    def _right(self, choice: str) -> str:
        shown = answer_label(self)
        if self.kind in ("legal", "out-of-turn"):
            right = TEXT[f"right.{self.kind}"].format(choice=choice_label(self, choice))
            others = [choice_label(self, a) for a in self.answer if a != choice]
            if not others:
                return right
            also = TEXT["also"].format(answers=join(others))
            return f"{right} {also[:1].upper()}{also[1:]}."
        if self.kind == "to-play" and not self.answer:
            return TEXT["right.to-play.over"]
        if self.kind == "winner" and choice == NOBODY:
            return TEXT["right.winner.back"]
        return TEXT[f"right.{self.kind}"].format(answer=shown, player=self.player)

    def label(self, choice: str) -> str:
        """How ``choice`` is shown to a reader."""
        return choice_label(self, choice)

    def typed(self, text: str) -> str | None:
        """The choice ``text`` names, typed as shown or in scenario notation, in any case
        and card notation (a ``legal`` move also without the player's name), or None.

        >>> from skitgubbe_core import examples
        >>> from skitgubbe_core.quiz import questions
        >>> q = questions(examples.load("pickup-case-6")).find("legal", 3)
        >>> q.typed("play k♥"), q.typed("A: Pick Up"), q.typed("pass")
        ('A: play KH', 'A: pick up', None)
        """
        wanted = " ".join(text.split())
        forms = [wanted]
        if self.kind in ("legal", "out-of-turn") and ":" not in wanted:
            forms.append(f"{self.player}: {wanted}")
        typed = {f.casefold() for f in forms}
        typed |= {n.casefold() for f in forms if (n := _normal(self.kind, f)) is not None}
        for choice in self.choices:
            known = {choice.casefold(), self.label(choice).casefold()}
            normal = _normal(self.kind, choice)
            if normal is not None:
                known.add(normal.casefold())
            if typed & known:
                return choice
        return None

    def to_json(self) -> dict[str, Any]:
        """The question as JSON data: exactly :data:`JSON_KEYS`."""
        return {"after": self.after, "player": self.player, "kind": self.kind,
                "prompt": self.prompt, "choices": list(self.choices),
                "answer": list(self.answer), "why": self.why, "rule": self.rule}


def choice_label(question: Question, choice: str) -> str:
    """``'B: play 7D'`` -> ``'play 7♦'``, ``'H'`` -> ``'♥ hearts'``, ``'6H 7H'`` ->
    ``'6♥ 7♥'``; players as named."""
    if question.kind in ("legal", "out-of-turn"):
        verb = choice.partition(":")[2].strip()
        head, _, cards = verb.partition(" ")
        if head in (PLAY, "slough") and cards:
            return f"{VERBS[head]} {format_cards(parse_cards(cards.split()))}"
        return VERBS.get(verb, verb)
    if question.kind in ("trump", "anti-trump"):
        return suit_label(parse_suit(choice))
    if question.kind in ("pick-up", "tie-cards", "dreck"):
        return format_cards(parse_cards(choice.split()))
    if question.kind == "winner" and choice == NOBODY:
        return TEXT["nobody"]
    return choice


def answer_label(question: Question) -> str:
    """The answer as a reader reads it: ``'C'``, ``'2♠ and 8♥'`` (a tie's share, one
    answer of two cards)."""
    if question.kind in ("tie-cards", "dreck"):
        return join([format_cards([c]) for a in question.answer for c in parse_cards(a.split())])
    return join([choice_label(question, a) for a in question.answer])


def join(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return TEXT["and"].format(first=", ".join(words[:-1]), last=words[-1])


def move_text(action: Action, players: Sequence[str]) -> str:
    """An action in scenario notation: ``'B: play 7D'``, ``'C: pick up'``."""
    if action.cards:
        return f"{players[action.player]}: {action.kind} {' '.join(c.text for c in action.cards)}"
    return f"{players[action.player]}: {action.kind}"


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.text for c in cards)


def check_kinds(kinds: Iterable[str]) -> tuple[str, ...]:
    """``kinds`` as a tuple if each is a kind of question (:data:`KINDS`), else a
    :class:`QuizError` naming the valid kinds (a misspelt one with the likely kind; a
    text, which would be read letter by letter, as the list it should be).

    >>> check_kinds(["pick-up", "trump"])
    ('pick-up', 'trump')
    >>> try:
    ...     check_kinds(["pickup"])
    ... except QuizError as err:
    ...     print(str(err)[:59])
    unknown kind of question 'pickup' (did you mean 'pick-up'?)
    """
    listed = ", ".join(KINDS)
    if isinstance(kinds, (str, bytes)):
        text = kinds.decode(errors="replace") if isinstance(kinds, bytes) else kinds
        like = text if text in KINDS else _likely(text) or KINDS[0]
        raise QuizError(TEXT["error.kinds.text"].format(kind=quote(like), text=quote(kinds)))
    try:
        found = tuple(kinds)
    except TypeError:
        raise QuizError(TEXT["error.kinds.text"].format(kind=quote(KINDS[0]),
                                                        text=quote(kinds))) from None
    if not found:
        raise QuizError(TEXT["error.kinds.none"].format(kinds=listed))
    for kind in found:
        if kind not in KINDS:
            likely = _likely(kind) if isinstance(kind, str) else None
            suggestion = TEXT["error.kind.like"].format(kind=quote(likely)) if likely else ""
            raise QuizError(TEXT["error.kind"].format(kind=quote(kind), suggestion=suggestion,
                                                      kinds=listed))
    return found


def _likely(text: str) -> str | None:
    """The kind of question ``text`` most likely misspells, if any."""
    from difflib import get_close_matches

    found = get_close_matches(text[:40].lower(), KINDS, n=1, cutoff=0.6)
    return found[0] if found else None


def suit_label(suit: int) -> str:
    """``'♥ hearts'``."""
    return TEXT["suit"].format(symbol=SUIT_SYMBOLS[suit], name=gettext(SUIT_NAMES[suit]))


def _normal(kind: str, text: str) -> str | None:
    """One spelling of a choice (cards and moves in scenario notation, suits as a
    letter), or None if it is not one of ``kind``'s possible answers.

    >>> _normal("legal", "b: Play 7♦"), _normal("trump", "♥"), _normal("pick-up", "7h 6H")
    ('b: play 7D', 'H', '6H 7H')
    """
    try:
        if kind in ("legal", "out-of-turn"):
            name, colon, verb = text.partition(":")
            head, _, cards = verb.strip().lower().partition(" ")
            if colon and name.strip() and head in CARD_VERBS and cards:
                shown = _cards_text(sorted(parse_cards(cards.split())))
                return f"{name.strip()}: {head} {shown}"
            bare = " ".join(verb.lower().split())
            return f"{name.strip()}: {bare}" if colon and bare in BARE_VERBS else None
        if kind in ("trump", "anti-trump"):
            return SUITS[parse_suit(text)]
        if kind in ("pick-up", "tie-cards", "dreck"):
            return _cards_text(sorted(parse_cards(text.split())))
    except SkitgubbeError:
        return None
    return text.strip()
