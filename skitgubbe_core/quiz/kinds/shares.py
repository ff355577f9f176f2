"""Which cards a player gets: picked up from the table (``pick-up``), a tie's cards
redistributed (``tie-cards``), Atlanta's dreck (``dreck``)."""

from __future__ import annotations

from ...actions import PICK_UP
from ...rulebook import RULEBOOK
from ..model import TEXT, Question, QuizError, _cards_text, join
from .moment import _check_player, _event, _Moment, _not_here, _seat, _told_all, asks


@asks("pick-up")
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


@asks("tie-cards")
def _tie_cards(moment: _Moment, k: int, player: str | None) -> Question:
    return _dealt_share(moment, k, player, "tie-cards", "redistribute")


@asks("dreck")
def _dreck(moment: _Moment, k: int, player: str | None) -> Question:
    """Which cards of Atlanta's dreck ``player`` gets (the whole share)."""
    return _dealt_share(moment, k, player, "dreck", "dreck")
