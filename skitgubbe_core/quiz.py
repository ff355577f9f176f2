"""Questions a class answers, asked and answered by the engine itself.

At a moment of a worked example (or any game) the engine asks what a student should
be able to say - what may B do now, who plays next, who takes this trick, who is the
Skitgubbe, what are trumps, which cards does C pick up, which cards does each tied
Koira player get - and answers from the rules it enforces, never from a key written by
hand.  A wrong pick of a ``legal`` question is answered with the engine's own refusal
and its rule.

>>> from skitgubbe_core import examples
>>> sheet = questions(examples.load("pickup-case-5"), generate=True)
>>> q = sheet.find("to-play", 4)
>>> q.prompt, q.answer
('Who plays next?', ('C',))
>>> q.why
'B has gone out, so the lead passes to C, the next player still in'
>>> q.rule
'rule 12, going out'
>>> legal = sheet.find("legal", 2)
>>> legal.answer
('C: pick up',)
>>> print(legal.feedback("C: play 4D").sentence)  # doctest: +NORMALIZE_WHITESPACE
Not allowed: 4♦ does not beat J♥: beat it with a higher heart or with a trump (♠), or pick
it up (rule 9, beating).

A scenario's own ``exercises`` are asked instead, in a teacher's words where given:

>>> questions(examples.load("pickup-case-5")).find("to-play", 4).prompt
'The trick is emptied and B is out. Who leads the next trick?'

Every sentence a reader sees is a template in :data:`TEXT`, in one place, for a
message catalogue.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from . import examples
from .actions import BARE_VERBS, CARD_VERBS, EXCHANGE, PICK_UP, PLAY, STORE, TURN, VERBS, Action
from .cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, format_cards, parse_cards, parse_suit
from .errors import IllegalActionError, SkitgubbeError, quote
from .events import Event, Step, as_event, kinds_with
from .frames import Frame, frames
from .game import Game
from .i18n import Messages, gettext, pgettext
from .phase2 import anti_suit
from .rulebook import RULEBOOK
from .rules import OPTIONS
from .scenario import Outcome, Scenario, run
from .schema import EXERCISE_KINDS
from .view import board_html

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

NEEDS = Messages({
    "winner": "a move that settles a trick",
    "skitgubbe": "the move that ends the deal",
    "trump": "the move that starts phase 2, or a card turned up at the deal",
    "pick-up": "a pick-up as the next move",
    "tie-cards": "a move that redistributes a tie",
    "legal": "a player to act",
    "out-of-turn": "a player who may act out of turn",
    "sets-aside": "a move that completes a phase-2 trick",
    "dreck": "the move that deals the dreck",
    "trick-size": "a lead in phase 2",
    "anti-trump": "a phase 2 with anti-trumps",
    "blamattis": "a Blåmattis in phase 2",
})
"""What each kind asks of its moment, for :data:`TEXT` ``error.moment``."""

TURN_EVENTS = kinds_with("turn")
"""Events that decide who plays next in a way worth asking about, each naming that
player."""

WIN_EVENTS = frozenset(("trick-won", "trick-trumped", "trick-won-all", "trick-won-suit",
                        "lead-kept"))
"""Events that give a trick to a player, who takes it into their pile."""

NOBODY = "nobody"
"""The ``winner`` choice of the unfinished last trick of phase 1: its cards may be taken
back (rule ``last_trick``) instead of won."""


COMMON_REFUSALS = frozenset(("beat", "pick-up", "turn-order"))
"""Rules behind the refusals of nearly every position (a card that does not beat, no
pick-up from an empty table): a ``legal`` question explains with another refusal when
there is one, the rule that makes this position special."""


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


@dataclass
class Sheet:
    """The questions of one game: ``game`` (every move played), its ``frames``, and
    the ``questions`` in the order they come up."""

    game: Game
    frames: list[Frame]
    questions: list[Question]
    title: str = ""
    steps: list[Step] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.steps = self.game.history  # once: each question's context reads it

    def find(self, kind: str, after: int) -> Question:
        """The question of ``kind`` asked after ``after`` moves."""
        for q in self.questions:
            if q.kind == kind and q.after == after:
                return q
        raise QuizError(gettext("no {kind} question after move {after}").format(kind=kind,
                                                                                after=after))

    def board(self, question: Question, deck: str = "two-colour", compact: bool = False) -> str:
        """The board ``question`` shows before it is answered (the quiz, the worksheet
        and the static picture all draw this one): its frame, with whose turn it is and
        the marks hidden when it asks who plays, the facts it asks about hidden, and,
        asked what trumps are, the trump card face up, as the players see it once
        phase 1 is over."""
        frame = self.frames[question.frame]
        return board_html(frame.state, self.game.players, self.game.rules, deck=deck,
                          compact=compact, marks=None if question.hide_turn else frame.marks,
                          turn=not question.hide_turn, facts=not question.hide_facts,
                          trump_up=question.kind == "trump")

    def context(self, question: Question, since: int = 0) -> list[Event]:
        """The events narrated before ``question`` is asked, from step ``since`` on: the
        whole steps before its moment, then the first ``told`` events of its step."""
        steps = self.steps
        shown = [e for step in steps[since:max(since, question.after - 1)] for e in step.events]
        if question.after > since:
            shown.extend(steps[question.after - 1].events[:question.told])
        return shown

    def __len__(self) -> int:
        return len(self.questions)


class _Moment:
    """What the questions of one game need: its frames grouped by move, with the
    range of events each frame narrates (as places in its step: a stunsa or tie is
    narrated before the draws that come before it in the step).  The position after
    each move is the state its last frame keeps: nothing more is kept per move, so a
    long record costs memory in proportion to its length."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.names = list(game.players)
        self.frames = frames(game)
        self.steps = game.history
        self.actions = game.actions
        self._at: tuple[int, Game] | None = None
        self.by_move: dict[int, list[int]] = {}
        self.spans: dict[int, tuple[int, int]] = {}
        counted: dict[int, int] = {}
        for i, f in enumerate(self.frames):
            self.by_move.setdefault(f.move, []).append(i)
            start = counted.get(f.move, 0)
            events = f.step.events if f.step is not None else ()
            places = [next(j for j, e in enumerate(events) if e is told) for told in f.events]
            span = (min(places), max(places) + 1) if places else (start, start)
            counted[f.move] = max(start, span[1])
            self.spans[i] = span

    def last_frame(self, move: int) -> int:
        return self.by_move[move][-1]

    def before(self, move: int, event: int) -> int | None:
        """The last frame of step ``move`` that shows nothing of its ``event``-th event
        and later ones."""
        found = None
        for i in self.by_move[move]:
            start, end = self.spans[i]
            if end > event:
                break
            if start < event:
                found = i
        return found

    def at(self, moves: int) -> Game:
        """The game standing at its position after ``moves`` moves (without history;
        the last one asked for is kept, as each move's questions ask for it in turn)."""
        if self._at is None or self._at[0] != moves:
            state = self.frames[self.last_frame(moves)].state
            self._at = moves, self.game.at_position(state, moves)
        return self._at[1]


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


def questions(source: Any, kinds: Sequence[str] = GENERATED, generate: bool = False) -> Sheet:
    """Every question worth asking about ``source`` (a scenario, an example's name, a
    game), in the order they come up: ``legal`` where some choice is refused and the
    example's next move is the player's to make, ``to-play`` where the turn moves in a
    way that teaches (a trick set aside or emptied, a stunsa, a player gone out, phase 2
    beginning), ``winner`` before each trick is taken, and the variant's own moments
    (the Skitgubbe, trumps, a pick-up, a tie redistributed).  A scenario's own
    ``exercises`` replace the generated questions when it has some (unless
    ``generate``), each checked as ``check`` checks it (a wrong one raises
    :class:`~.scenario.ScenarioError` naming the file and the exercise, as does one its
    moves do not reach because a move is refused)."""
    kinds = check_kinds(kinds)
    game, title, exercises = _resolve(source)
    moment = _Moment(game)
    if exercises and not generate:
        from .jsondata import naming
        from .scenario import ScenarioError

        found = []
        with naming(getattr(source, "file", None)):
            for i, item in enumerate(exercises):
                if item["after"] > game.move_count:  # a refused move stopped the moves
                    raise ScenarioError(TEXT["error.unreached"].format(
                        kind=item["ask"], after=item["after"], count=game.move_count),
                        path=f"exercises[{i}].after")
                try:
                    q = _exercise(moment, i, item)
                except ExerciseError as err:
                    raise ScenarioError(err.detail, path=err.path) from None
                found.append(_teacher(q, item))
        return Sheet(game, moment.frames, found, title)
    asked: list[Question] = []
    for k in range(game.move_count + 1):
        for kind in kinds:
            asked.extend(_generated(moment, kind, k))
    asked.sort(key=lambda q: (q.frame, KINDS.index(q.kind)))
    return Sheet(game, moment.frames, asked, title)


def _resolve(source: Any) -> tuple[Game, str, list[dict[str, Any]]]:
    if isinstance(source, str):
        source = examples.load(source)
    if isinstance(source, Scenario):
        return (run(source).game, gettext(source.title),
                source.data.get("exercises", []))
    if isinstance(source, Game):
        return source, "", []
    raise TypeError(gettext("cannot ask questions about {kind}: give a Game, a Scenario or "
                            "an example name").format(kind=type(source).__name__))


def _generated(moment: _Moment, kind: str, k: int) -> list[Question]:
    """The questions of ``kind`` worth asking at move ``k`` (none if it teaches nothing)."""
    game = moment.game
    if kind == "legal":
        if k >= game.move_count:
            return []
        q = _try(moment, kind, k, None)
        nxt = moment.actions[k]
        if (q is None or not q.answer or q.player != moment.names[nxt.player]
                or move_text(nxt, moment.names) not in q.answer
                or not _teaches(q, bool(moment.at(k).table))):
            return []
        return [q]
    if kind == "to-play":
        if k == 0 or moment.at(k).is_over:
            return []
        events = moment.steps[k - 1].events
        if not any(e.kind in TURN_EVENTS for e in events):
            return []
        won = _event(moment, k, WIN_EVENTS)
        if won is not None and _slough_named_taker(moment, k, won[0]):
            return []  # the slough round named who takes the trick, and so leads
        return [ask(moment, kind, k)]
    if kind == "pick-up":
        q = _try(moment, kind, k, None)
        return [] if q is None or len(q.choices) < 2 else [q]
    if kind == "winner":
        q = _try(moment, kind, k, None)
        played = [c for c in q.choices if c != NOBODY] if q is not None else []
        return [] if q is None or len(played) < 2 or q.answer == (NOBODY,) else [q]
    if kind in ("tie-cards", "dreck"):
        event = _event(moment, k, ("redistribute" if kind == "tie-cards" else "dreck",))
        if event is None:
            return []
        dealt = dict.fromkeys(q for q, _ in event[1].deals)
        return [ask(moment, kind, k, moment.names[p]) for p in dealt]
    starts = _event(moment, k, ("phase-2", "blamattis")) is not None or (
        k == 0 and kind != "trump" and moment.at(0).phase == 2)
    if kind in ("trump", "anti-trump", "blamattis") and not starts or (
            kind == "trump" and k and moment.at(k - 1).trump is not None):
        return []  # asked where phase 2 begins; later (or Mas's trump) by an exercise
    if kind == "out-of-turn":
        if k >= game.move_count or moment.at(k).is_over:
            return []
        position = moment.at(k)
        late = [p for p, acts in position.legal_actions_by_player().items()
                if p != position.to_play and acts]
        return [ask(moment, kind, k, moment.names[p]) for p in late]
    q = _try(moment, kind, k, None)
    return [] if q is None else [q]


def _teaches(q: Question, table: bool) -> bool:
    """A ``legal`` question teaches when a card is refused, or a pick-up or turn while
    there is a trick to answer (not only a pick-up from an empty table)."""
    return any(" play " in c or " slough " in c or table for c in q.refusals)


def _try(moment: _Moment, kind: str, k: int, player: str | None) -> Question | None:
    if not 0 <= k <= moment.game.move_count:
        return None
    try:
        return ask(moment, kind, k, player)
    except QuizError:
        return None


def ask(moment: _Moment | Game, kind: str, after: int, player: str | None = None) -> Question:
    """The question of ``kind`` after ``after`` moves of a game (every move played);
    raises :class:`QuizError` if that moment cannot ask it."""
    if isinstance(moment, Game):
        moment = _Moment(moment)
    check_kinds([kind])
    if not 0 <= after <= moment.game.move_count:
        raise QuizError(gettext("after must be between 0 and {last}").format(
            last=moment.game.move_count))
    return _ASK[kind](moment, after, player)


def _event(moment: _Moment, k: int, kinds: Iterable[str],
           last: bool = False) -> tuple[int, Event] | None:
    if k == 0:
        return None
    found = [(i, e) for i, e in enumerate(moment.steps[k - 1].events) if e.kind in kinds]
    if not found:
        return None
    return found[-1] if last else found[0]


def _not_here(kind: str, after: int) -> QuizError:
    return QuizError(TEXT["error.moment"].format(kind=kind, needs=NEEDS[kind], after=after))


def _check_player(kind: str, needed: str | None, player: str | None) -> None:
    if player is not None and player != needed:
        raise QuizError(TEXT["error.player"].format(kind=kind, needed=needed, player=player))


def _legal(moment: _Moment, k: int, player: str | None) -> Question:
    game = moment.at(k)
    if game.is_over:
        raise _not_here("legal", k)
    _check_player("legal", moment.names[_seat(game.to_play)], player)
    frame = moment.last_frame(k)
    reveal = moment.last_frame(k + 1) if k < moment.game.move_count else frame
    return replace(legal_question(game), frame=frame, told=_told_all(moment, k), reveal=reveal)


def legal_question(game: Game) -> Question:
    """What may the player to act do now?  The choices are every card in hand, every
    legal move, and the pick-up or turn a player might try; the answer is
    :meth:`Game.legal_actions`, and each refused choice carries the engine's refusal
    (a play table's hint).

    >>> from skitgubbe_core import examples
    >>> q = legal_question(examples.load("must-beat").game())
    >>> q.answer
    ('A: play 8H', 'A: play 5C')
    >>> q.refusals["A: pick up"]
    'the table is empty, so there is nothing to pick up: A must lead (rule 10, picking up)'
    """
    names = list(game.players)
    who = _seat(game.to_play)
    legal = game.legal_actions()
    offered: list[Action] = [Action(who, PLAY, (c,)) for c in _hand_order(game.hands[who])]
    offered += [a for a in legal if a not in offered and a.cards]
    if game.phase == 2 or game.rules.phase1_tricks == "beat-or-pick-up":
        offered.append(Action(who, PICK_UP))
    elif game.stock:
        offered.append(Action(who, TURN))
    offered += [a for a in legal if a not in offered]
    choices = tuple(move_text(a, names) for a in offered)
    refusals: dict[str, str] = {}
    reasons: list[tuple[str, str]] = []
    for action, text in zip(offered, choices, strict=True):
        refused = game.refusal(action)
        if refused is not None:
            reason, rule = refused
            refusals[text] = f"{reason} ({RULEBOOK[rule].reference})"
            reasons.append(refused)
    answer = tuple(move_text(a, names) for a in legal)
    if reasons:
        distinct = [r for r in reasons if r[1] not in COMMON_REFUSALS]
        why, rule_key = (distinct or reasons)[0]
    else:
        rule_key = _phase_rule(game, who)
        why = TEXT["why.legal"].format(summary=_first_sentence(RULEBOOK[rule_key].text))
    return Question(game.move_count, names[who], "legal",
                    TEXT["prompt.legal"].format(player=names[who]), choices, answer, why,
                    RULEBOOK[rule_key].reference, refusals=refusals)


def _to_play(moment: _Moment, k: int, player: str | None) -> Question:
    _check_player("to-play", None, player)
    game = moment.at(k)
    names = moment.names
    choices = tuple(names)
    frame, told = moment.last_frame(k), _told_all(moment, k)
    if game.is_over:
        loser = names[game.loser] if game.loser is not None else "nobody"
        why, rule = TEXT["why.to-play.over"].format(loser=loser), "loser"
        answer: tuple[str, ...] = ()
    else:
        answer = (names[_seat(game.to_play)],)
        first = _event(moment, k, TURN_EVENTS | WIN_EVENTS)  # the winner leads: not told
        decisive = _event(moment, k, TURN_EVENTS, last=True)
        if first is not None and decisive is not None:
            told = first[0]
            frame = moment.before(k, told) or moment.by_move[k][0]
            why, rule = decisive[1].sentence(names), decisive[1].rule
        else:
            why, rule = _turn_reason(moment, k, answer[0])
    return Question(k, None, "to-play", TEXT["prompt.to-play"], choices, answer, why,
                    RULEBOOK[rule].reference, frame, told, moment.last_frame(k), True)


TRICK_ENDS = WIN_EVENTS | {"take-back", "redistribute", "share", "trick-complete",
                           "all-picked-up", "trump-ends-trick"}
"""Events after which a trick is over: a tie before them is no longer being replayed."""


def _turn_reason(moment: _Moment, k: int, player: str) -> tuple[str, str]:
    """Why ``player`` acts after move ``k`` where no event says so, and the rule: the
    slough round after a decided trick, a tie's replay, a move that does not pass the
    turn (out of turn, or a Mas exchange), or else the clockwise order."""
    names = moment.names
    if k == 0:
        dealer = moment.at(0).dealer
        if dealer is not None:
            return TEXT["why.to-play.dealt"].format(player=player, dealer=names[dealer]), "deal"
        return TEXT["why.to-play.next"].format(player=player), "deal"
    game, before = moment.at(k), moment.at(k - 1)
    rule = moment.steps[k - 1].events[0].rule
    if game.state.stage == "slough" and game.state.winner is not None:
        return TEXT["why.to-play.slough"].format(
            player=player, winner=names[game.state.winner]), "slough"
    tie = _tie_replayed(moment, k)
    if tie is not None:
        tied = join([names[p] for p in tie.seats])
        return TEXT["why.to-play.tie"].format(player=player, tied=tied), tie.rule
    if before.to_play is not None and names[before.to_play] == player:
        return TEXT["why.to-play.still"].format(player=player), rule
    return TEXT["why.to-play.next"].format(player=player), rule


def _tie_replayed(moment: _Moment, k: int) -> Event | None:
    """The tie whose replay is under way after move ``k`` (None if there is none)."""
    for step in range(k - 1, -1, -1):
        for e in reversed(moment.steps[step].events):
            if e.kind in TRICK_ENDS or e.kind == "phase-2":
                return None
            if e.kind == "tie":
                return as_event(e)
    return None


def _winner(moment: _Moment, k: int, player: str | None) -> Question:
    """Who takes the trick about to be settled; at the end of phase 1 an unfinished
    last trick may be taken back instead (its choices then include :data:`NOBODY`)."""
    _check_player("winner", None, player)
    found = _event(moment, k, WIN_EVENTS)
    back = _event(moment, k, ("take-back",))
    if back is not None and (found is None or back[0] < found[0]):
        found = back
    frame = None if found is None else moment.before(k, found[0])
    if found is None or frame is None:
        raise _not_here("winner", k)
    index, event = found
    if _slough_named_taker(moment, k, index):
        raise _not_here("winner", k)
    names = moment.names
    state = moment.frames[frame].state
    played = tuple(dict.fromkeys(names[p] for p, _ in state.table)) or tuple(names)
    unfinished = event.kind in ("take-back", "lead-kept")
    choices = (*played, NOBODY) if unfinished else played
    answer = (NOBODY,) if event.kind == "take-back" else (names[_seat(event.player)],)
    return Question(k, None, "winner", TEXT["prompt.winner"], choices, answer,
                    event.sentence(names), RULEBOOK[event.rule].reference, frame, index,
                    moment.last_frame(k), True)


def _slough_named_taker(moment: _Moment, k: int, index: int) -> bool:
    """Whether a slough narrated before event ``index`` of step ``k`` named who takes the
    trick (Atlanta's round after the decision): a winner question there is answered."""
    for step in range(k - 1, -1, -1):
        events = moment.steps[step].events
        for e in reversed(events[:index] if step == k - 1 else events):
            if e.kind in WIN_EVENTS or e.kind == "take-back":
                return False
            if e.kind == "slough" and e.other is not None:
                return True
    return False


def _skitgubbe(moment: _Moment, k: int, player: str | None) -> Question:
    _check_player("skitgubbe", None, player)
    found = _event(moment, k, ("game-over", "blamattis-loses"))
    if found is None:
        raise _not_here("skitgubbe", k)
    index, event = found
    names = moment.names
    events = moment.steps[k - 1].events
    # asked before anyone goes out on this move: a player shown out is no choice
    index = next((i for i, e in enumerate(events[:index]) if e.kind == "out"), index)
    frame = moment.before(k, index) or moment.last_frame(k - 1)
    shown = moment.frames[frame].state
    choices = tuple(names[p] for p in range(len(names)) if p not in shown.out)
    loser = moment.game.loser
    answer = (names[loser],) if loser is not None else ()
    return Question(k, None, "skitgubbe", TEXT["prompt.skitgubbe"], choices, answer,
                    event.sentence(names), RULEBOOK[event.rule].reference, frame, index,
                    moment.last_frame(k), True)


def _trump(moment: _Moment, k: int, player: str | None) -> Question:
    _check_player("trump", None, player)
    found = _event(moment, k, ("phase-2",))
    if found is None or moment.at(k - 1).trump is not None:
        return _turned_trump(moment, k)
    index, event = found
    frame = moment.before(k, index)
    if frame is None:
        raise _not_here("trump", k)
    return Question(k, None, "trump", TEXT["prompt.trump"], tuple(SUITS),
                    (SUITS[event.suit],), event.sentence(moment.names),
                    RULEBOOK[event.rule].reference, frame, index, moment.last_frame(k), True)


def _turned_trump(moment: _Moment, k: int) -> Question:
    """The trump a card turned up at the deal has named (Mas), asked at any move."""
    game = moment.at(k)
    if game.trump is None or game.rules.turned_up_trump != "yes":
        raise _not_here("trump", k)
    rule = "mas-last-card" if game.rules.phase1_tricks == "beat-or-pick-up" else "turned-up-trump"
    why = TEXT["why.trump.turned"].format(suit=suit_label(game.trump))
    return Question(k, None, "trump", TEXT["prompt.trump"], tuple(SUITS), (SUITS[game.trump],),
                    why, RULEBOOK[rule].reference, moment.last_frame(k), _told_all(moment, k),
                    moment.last_frame(k), False, True)


def _pick_up(moment: _Moment, k: int, player: str | None) -> Question:
    game = moment.game
    if k >= game.move_count or moment.actions[k].kind != PICK_UP:
        raise _not_here("pick-up", k)
    names = moment.names
    event = moment.steps[k].events[0]
    who = names[_seat(event.player)]
    _check_player("pick-up", who, player)
    table = moment.at(k).table
    choices = [_cards_text(cards) for _, cards in table]
    choices += [c.text for _, cards in table if len(cards) > 1 for c in cards]
    picked = _cards_text(event.cards)
    if picked not in choices:
        choices.append(picked)
    return Question(k, who, "pick-up", TEXT["prompt.pick-up"].format(player=who),
                    tuple(dict.fromkeys(choices)), (picked,), event.sentence(names),
                    RULEBOOK[event.rule].reference, moment.last_frame(k),
                    _told_all(moment, k), moment.last_frame(k + 1), False)


def _dealt_share(moment: _Moment, k: int, player: str | None, kind: str,
                 dealing: str) -> Question:
    """Which cards ``player`` is dealt by the ``dealing`` event of move ``k`` (Koira's tie
    redistribution, Atlanta's dreck): the whole share is the answer, one card of two is
    wrong."""
    found = _event(moment, k, (dealing,))
    if found is None:
        raise _not_here(kind, k)
    index, event = found
    names = moment.names
    receivers = [names[p] for p in dict.fromkeys(p for p, _ in event.deals)]
    if player is None or player not in receivers:
        raise QuizError(TEXT["error.player"].format(kind=kind, needed=join(receivers),
                                                    player=player))
    shares = [_cards_text(sorted(c for p, c in event.deals if p == names.index(r)))
              for r in receivers]
    choices = [c.text for c in sorted(card for _, card in event.deals)]
    choices += [s for s in shares if " " in s]
    first = moment.by_move[k]
    dealt_at = next((i for i in first if event in moment.frames[i].events), first[-1])
    frame = max(first[0], dealt_at - len(event.deals))  # before the first card is dealt
    return Question(k, player, kind, TEXT[f"prompt.{kind}"].format(player=player),
                    tuple(dict.fromkeys(choices)), (shares[receivers.index(player)],),
                    event.sentence(names), RULEBOOK[event.rule].reference, frame, index,
                    moment.last_frame(k), False)


def _tie_cards(moment: _Moment, k: int, player: str | None) -> Question:
    return _dealt_share(moment, k, player, "tie-cards", "redistribute")


def _out_of_turn(moment: _Moment, k: int, player: str | None) -> Question:
    """What ``player``, whose turn it is not, may do now: Mas's exchange and store,
    Atlanta's slough while the trick is undecided (and the moves refused out of turn)."""
    game = moment.at(k)
    names = moment.names
    late = [names[p] for p, acts in game.legal_actions_by_player().items()
            if p != game.to_play and acts]
    if game.is_over or not late:
        raise _not_here("out-of-turn", k)
    if player is None or player not in late:
        raise QuizError(TEXT["error.player"].format(kind="out-of-turn", needed=join(late),
                                                    player=player))
    who = names.index(player)
    legal = game.legal_actions(who)
    offered: list[Action] = [Action(who, PLAY, (c,)) for c in _hand_order(game.hands[who])]
    offered += [a for a in legal if a not in offered]
    offered += [a for a in (Action(who, EXCHANGE), Action(who, STORE), Action(who, PICK_UP))
                if a not in offered and game.rules.phase1_tricks == "beat-or-pick-up"]
    choices = tuple(move_text(a, names) for a in offered)
    refusals = {}
    for action, text in zip(offered, choices, strict=True):
        refused = game.refusal(action)
        if refused is not None:
            refusals[text] = f"{refused[0]} ({RULEBOOK[refused[1]].reference})"
    rule = {EXCHANGE: "mas-exchange", STORE: "mas-store"}.get(legal[0].kind, "slough")
    why = TEXT["why.out-of-turn"].format(player=player, other=names[_seat(game.to_play)],
                                         summary=_first_sentence(RULEBOOK[rule].text))
    frame = moment.last_frame(k)
    reveal = moment.last_frame(k + 1) if k < moment.game.move_count else frame
    return Question(k, player, "out-of-turn", TEXT["prompt.out-of-turn"].format(player=player),
                    choices, tuple(move_text(a, names) for a in legal), why,
                    RULEBOOK[rule].reference, frame, _told_all(moment, k), reveal,
                    refusals=refusals)


def _sets_aside(moment: _Moment, k: int, player: str | None) -> Question:
    """Who completes a phase-2 trick and sets it aside (rule 11a, or Koira's trump that
    ends the trick), also when that player goes out on the last card."""
    _check_player("sets-aside", None, player)
    found = _event(moment, k, ("trick-complete", "trump-ends-trick"))
    if found is None:
        raise _not_here("sets-aside", k)
    event = found[1]
    names = moment.names
    table = moment.at(k - 1).table
    played = [names[p] for p, _ in table]
    who = names[_seat(event.player)]
    choices = tuple(dict.fromkeys([*played, who]))
    return Question(k, None, "sets-aside", TEXT["prompt.sets-aside"], choices, (who,),
                    event.sentence(names), RULEBOOK[event.rule].reference,
                    moment.last_frame(k - 1), 0, moment.last_frame(k), True)


def _dreck(moment: _Moment, k: int, player: str | None) -> Question:
    """Which cards of Atlanta's dreck ``player`` gets (the whole share)."""
    return _dealt_share(moment, k, player, "dreck", "dreck")


def _trick_size(moment: _Moment, k: int, player: str | None) -> Question:
    """How many plays the phase-2 trick led by move ``k`` needs: one from each player
    still in."""
    _check_player("trick-size", None, player)
    if k == 0 or moment.at(k - 1).phase != 2:
        raise _not_here("trick-size", k)
    event = moment.steps[k - 1].events[0]
    if event.kind != "lead" or event.other is not None:
        raise _not_here("trick-size", k)
    count = event.number
    choices = tuple(str(n) for n in range(2, len(moment.names) + 1))
    why = TEXT["why.trick-size"].format(count=count)
    return Question(k, None, "trick-size", TEXT["prompt.trick-size"], choices, (str(count),),
                    why, RULEBOOK[event.rule].reference, moment.last_frame(k - 1), 0,
                    moment.last_frame(k), False, True)


def _anti_trump(moment: _Moment, k: int, player: str | None) -> Question:
    """The anti-trump suit of phase 2, asked once trumps are known."""
    _check_player("anti-trump", None, player)
    game = moment.at(k)
    anti = anti_suit(game.rules, game.trump) if game.phase == 2 else None
    if anti is None or game.trump is None:
        raise _not_here("anti-trump", k)
    summary = _first_sentence(RULEBOOK["anti-trumps"].text)
    why = TEXT["why.anti-trump"].format(trump=suit_label(game.trump), anti=suit_label(anti),
                                        summary=summary)
    return Question(k, None, "anti-trump", TEXT["prompt.anti-trump"],
                    tuple(s for s in SUITS if s != SUITS[game.trump]), (SUITS[anti],), why,
                    RULEBOOK["anti-trumps"].reference, moment.last_frame(k),
                    _told_all(moment, k), moment.last_frame(k), False)


def _blamattis(moment: _Moment, k: int, player: str | None) -> Question:
    """Who has no cards after phase 1 and is Blåmattis (still in, picking up)."""
    _check_player("blamattis", None, player)
    events = moment.steps[k - 1].events if k else ()
    found = [(i, e) for i, e in enumerate(events) if e.kind == "blamattis"]
    frame = moment.before(k, found[0][0]) if found else None
    names = moment.names
    if not found or frame is None:
        return _still_blamattis(moment, k)
    state = moment.frames[frame].state
    choices = tuple(names[p] for p in range(len(names)) if p not in state.out)
    answer = tuple(names[_seat(e.player)] for _, e in found)
    why = "; ".join(e.sentence(names) for _, e in found)
    return Question(k, None, "blamattis", TEXT["prompt.blamattis"], choices, answer, why,
                    RULEBOOK["blamattis"].reference, frame, found[0][0],
                    moment.last_frame(k), False, True)


def _still_blamattis(moment: _Moment, k: int) -> Question:
    """Who is Blåmattis in a phase 2 under way: a player still in without cards."""
    game = moment.at(k)
    names = moment.names
    if game.phase != 2 or game.is_over or game.rules.empty_hand_after_phase1 != "blamattis":
        raise _not_here("blamattis", k)
    still = [p for p in range(len(names)) if p not in game.out]
    answer = tuple(names[p] for p in still if not game.hands[p])
    if not answer:
        raise _not_here("blamattis", k)
    why = _first_sentence(RULEBOOK["blamattis"].text)
    return Question(k, None, "blamattis", TEXT["prompt.blamattis"],
                    tuple(names[p] for p in still), answer, why,
                    RULEBOOK["blamattis"].reference, moment.last_frame(k),
                    _told_all(moment, k), moment.last_frame(k), False, True)


def suit_label(suit: int) -> str:
    """``'♥ hearts'``."""
    return TEXT["suit"].format(symbol=SUIT_SYMBOLS[suit], name=gettext(SUIT_NAMES[suit]))


_ASK: dict[str, Callable[[_Moment, int, str | None], Question]] = {
    "legal": _legal, "to-play": _to_play, "winner": _winner, "skitgubbe": _skitgubbe,
    "trump": _trump, "pick-up": _pick_up, "tie-cards": _tie_cards,
    "out-of-turn": _out_of_turn, "sets-aside": _sets_aside, "dreck": _dreck,
    "trick-size": _trick_size, "anti-trump": _anti_trump, "blamattis": _blamattis,
}


def _seat(seat: int | None) -> int:
    """A seat the moment is known to have (a player to act, an event's player)."""
    if seat is None:
        raise QuizError(gettext("nobody is to act here"))
    return seat


def _told_all(moment: _Moment, k: int) -> int:
    return len(moment.steps[k - 1].events) if k else 0


def _hand_order(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (c & 3, c))


def _phase_rule(game: Game, who: int) -> str:
    """The rule that makes every move of ``who`` allowed: a Blåmattis's pick-up, a tie's
    replay, or the phase's own way of playing."""
    if game.phase == 2:
        return "blamattis" if not game.hands[who] else "beat"
    state = game.state
    if state.round_start and state.stage == "play" and game.rules.phase1_tricks == "all-play":
        return "tie-any" if game.rules.tie_scope == "any" else "tie-replay"
    return {"pairs": "two-card-tricks", "all-play": "all-play",
            "beat-or-pick-up": "mas-beat"}[game.rules.phase1_tricks]


def _first_sentence(text: str) -> str:
    head = text.split(". ")[0].rstrip(".")
    return head[:1].lower() + head[1:]


def _teacher(q: Question, item: Mapping[str, Any]) -> Question:
    """The engine's question, with a teacher's own prompt and choices where given (the
    answer is still the engine's, narrowed to those choices; an empty prompt asks the
    engine's)."""
    if "choices" not in item and not item.get("prompt"):
        return q
    choices = tuple(item.get("choices", q.choices))
    right = {_normal(q.kind, a) for a in q.answer}
    refusals = {_normal(q.kind, c): r for c, r in q.refusals.items()}
    return Question(q.after, q.player, q.kind, gettext(item.get("prompt", "")) or q.prompt, choices,
                    tuple(c for c in choices if _normal(q.kind, c) in right), q.why, q.rule,
                    q.frame, q.told, q.reveal, q.hide_turn, q.hide_facts,
                    {c: refusals[_normal(q.kind, c)] for c in choices
                     if _normal(q.kind, c) in refusals})


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


def check_exercise(q: Question, item: Mapping[str, Any]) -> tuple[str, str] | None:
    """None if a teacher's ``choices`` and stated ``answer`` agree with the engine's
    question ``q`` (asked without the teacher's changes), else (the field that does
    not, why not)."""
    offered = {_normal(q.kind, c) for c in q.choices}
    dealt = ({w for c in q.choices for w in c.split()} if q.kind in ("tie-cards", "dreck")
             else set())
    choices = item.get("choices", list(q.choices))
    for i, c in enumerate(choices):
        normal = _normal(q.kind, c)
        if normal is None or (q.kind not in ("legal", "out-of-turn") and normal not in offered
                              and not (dealt and set(normal.split()) <= dealt)):
            return f"choices[{i}]", TEXT["error.choice"].format(choice=quote(c), kind=q.kind)
    if "answer" not in item:
        return None
    right = {_normal(q.kind, a) for a in q.answer}
    given = {_normal(q.kind, c) for c in choices}
    engine = sorted(c for c in choices if _normal(q.kind, c) in right)
    stated = item["answer"]
    for i, a in enumerate(stated):
        if _normal(q.kind, a) not in given:
            return f"answer[{i}]", TEXT["error.choice"].format(choice=quote(a), kind=q.kind)
    if {_normal(q.kind, a) for a in stated} != {_normal(q.kind, c) for c in engine}:
        return "answer", TEXT["error.answer"].format(stated=sorted(stated), engine=engine)
    return None


DRILL_MOVES = 400
"""A drill's random game stops here if it has not ended (random play can cycle)."""
DRILL_GAMES = 50
"""A drill gives up after this many random games in a row without a question of its
kinds (a kind its variant never asks); one that does ask them asks them in most games."""


class ExerciseError(QuizError):
    """A scenario's exercise that its moment cannot ask, or whose choices or stated
    answer the engine does not agree with: ``path`` (JSON) says where, ``detail`` why."""

    def __init__(self, detail: str, path: str) -> None:
        self.detail, self.path = detail, path
        super().__init__(f"{path}: {detail}")


def _exercise(moment: _Moment, i: int, item: Mapping[str, Any]) -> Question:
    """The engine's question for a scenario's exercise ``i``, checked as ``check``
    checks it (every use of a teacher's exercise does): else :class:`ExerciseError`."""
    path = f"exercises[{i}]"
    try:
        q = ask(moment, item["ask"], item["after"], item.get("player"))
    except QuizError as err:
        raise ExerciseError(str(err), path) from None
    wrong = check_exercise(q, item)
    if wrong is not None:
        raise ExerciseError(wrong[1], f"{path}.{wrong[0]}")
    return q


def check_exercises(game: Game, exercises: Sequence[Mapping[str, Any]]) -> list[tuple[str, str | None]]:
    """For each of a scenario's ``exercises`` (on ``game``, every move played): its
    label and None, or the JSON path of what is wrong with a sentence."""
    moment = _Moment(game)
    results: list[tuple[str, str | None]] = []
    for i, item in enumerate(exercises):
        label = gettext("exercise {number} ({kind} after move {after})").format(
            number=i + 1, kind=pgettext("exercise kind", item["ask"]), after=item["after"])
        try:
            _exercise(moment, i, item)
        except ExerciseError as err:
            results.append((label, str(err)))
            continue
        results.append((label, None))
    return results


def check(sc: Scenario) -> Outcome:
    """What ``skitgubbe check`` reports of a scenario: :func:`.scenario.run` (its moves
    and checkpoints), then, if all passed, each exercise's stated answer against the
    engine's.

    >>> check(examples.load("pickup-case-5")).passed[-1]
    'exercise 3 (to-play after move 4)'
    """
    outcome = run(sc)
    if outcome.ok and sc.data.get("exercises"):
        for label, problem in check_exercises(outcome.game, sc.data["exercises"]):
            if problem is None:
                outcome.passed.append(label)
            else:
                outcome.failures.append(f"{label}: {problem}")
    return outcome


def readings(source: Any, option: str, kind: str, after: int,
             values: Sequence[str] | None = None) -> list[tuple[Sheet, Question]]:
    """The question of ``kind`` after ``after`` moves of a scenario (or example name)
    under each reading of a disputed rule ``option`` (every value, or ``values``): the
    moves are replayed under each, up to the first one that reading refuses.

    >>> [q.answer for _, q in readings("disagreement-trumping", "beat", "legal", 1)]
    [('B: play 2S', 'B: pick up'), ('B: pick up',)]
    """
    sc = examples.load(source) if isinstance(source, str) else source
    rule = OPTIONS[option]
    found = []
    for value in values or [c.value for c in rule.choices]:
        game = sc.game(sc.game().rules.replace(**{option: value}))
        for text in sc.moves:
            try:
                game.play(text)
            except IllegalActionError:
                break
        moment = _Moment(game)
        q = ask(moment, kind, min(after, game.move_count))
        reading = gettext(rule.choice(value).description)
        prompt = TEXT["prompt.reading"].format(reading=reading[:1].upper() + reading[1:],
                                               prompt=q.prompt)
        found.append((Sheet(game, moment.frames, [q], sc.title),
                      replace(q, prompt=prompt)))
    return found


def drill(variant: str = "skitgubbe", players: int | Sequence[str] = 3, seed: int = 0,
          kinds: Sequence[str] = GENERATED) -> Iterable[tuple[Sheet, Question]]:
    """Unlimited practice: questions from seeded random games of ``variant``, one game
    after another (the same seed, the same questions).  The arguments are checked at
    once; if :data:`DRILL_GAMES` games in a row ask no question of ``kinds``, the next
    question raises :class:`QuizError`.

    >>> from itertools import islice
    >>> [q.kind for _, q in islice(drill(seed=3), 3)]
    ['to-play', 'winner', 'to-play']
    """
    kinds = check_kinds(kinds)
    Game(players, variant, seed=0)  # an unknown variant or player count, now
    return _drilled(variant, players, seed, kinds)


def _drilled(variant: str, players: int | Sequence[str], seed: int,
             kinds: tuple[str, ...]) -> Iterator[tuple[Sheet, Question]]:
    from .simulate import random_game

    rng = random.Random(seed)
    dry = 0
    while dry < DRILL_GAMES:
        game = random_game(players, variant, rng.randrange(2**32), DRILL_MOVES)
        sheet = questions(game, kinds)
        dry = 0 if sheet.questions else dry + 1
        picked = [q for q in sheet.questions if rng.random() < 0.25]
        for q in picked:
            yield sheet, q
    raise QuizError(TEXT["error.drill"].format(kinds=join([quote(k) for k in kinds]),
                                               games=DRILL_GAMES, variant=variant))


def to_json(sheet: Sheet) -> list[dict[str, Any]]:
    return [q.to_json() for q in sheet.questions]


__all__ = ["Feedback", "GENERATED", "KINDS", "Question", "QuizError", "Sheet", "TEXT", "ask", "legal_question",
           "check", "check_exercise", "check_kinds", "check_exercises", "drill", "questions", "readings",
           "to_json"]

