"""What may a player do: in turn (``legal``) and out of turn (``out-of-turn``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ...actions import EXCHANGE, PICK_UP, PLAY, STORE, TURN, Action
from ...cards import Card
from ...game import Game
from ...rulebook import RULEBOOK
from ..model import TEXT, Question, QuizError, join, move_text
from .moment import (
    COMMON_REFUSALS,
    _check_player,
    _first_sentence,
    _Moment,
    _not_here,
    _seat,
    _told_all,
    asks,
)


@asks("legal")
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


@asks("out-of-turn")
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
