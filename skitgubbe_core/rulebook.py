"""The rulebook: every rule the engine enforces, in our own words, with its sources.

Keys are stable identifiers (``"stunsa"``); ``number`` is the rule's number in the
project's digest of the sources.  Events and errors name the rule they follow.
"""

from __future__ import annotations

from typing import NamedTuple

from .sources import cite


class Rule(NamedTuple):
    key: str
    number: str
    title: str
    summary: str
    sources: tuple[str, ...]

    @property
    def reference(self) -> str:
        """Short reference: ``'rule 4, stunsa'``."""
        return f"rule {self.number}, {self.title}"

    @property
    def citation(self) -> str:
        return cite(self.sources)


_BASIC = ("pagat", "pagat-sv")

RULEBOOK: dict[str, Rule] = {
    r.key: r
    for r in (
        Rule("deal", "0", "the deal",
             "Each player gets three cards; the rest is the face-down stock; the player "
             "left of the dealer leads.", _BASIC + ("se-faq",)),
        Rule("two-card-tricks", "1", "two-card tricks",
             "In phase 1 a trick is played by the leader and the player on the leader's "
             "left; any card may be played, suits do not matter.", _BASIC + ("se-house", "se-faq")),
        Rule("draw", "2", "drawing",
             "In phase 1 each player draws a card from the stock right after playing "
             "from hand, so hands stay at three while the stock lasts.", _BASIC + ("se-faq",)),
        Rule("trick-winner", "3", "winning a phase-1 trick",
             "The higher rank wins; the winner keeps the cards in a pile for phase 2 and "
             "leads the next trick against the player on the winner's left.", _BASIC + ("se-faq",)),
        Rule("stunsa", "4", "stunsa (bounce)",
             "Equal ranks bounce: the cards stay on the table and the same leader leads "
             "again against the same opponent; whoever finally wins takes every card on "
             "the table.", _BASIC + ("se-house", "se-faq")),
        Rule("turn", "5", "playing from the stock",
             "Instead of playing from hand a player may turn up the top stock card and "
             "must play it.", _BASIC + ("se-house", "se-faq")),
        Rule("trump-card", "6", "the trump card",
             "The last stock card decides trumps for phase 2; whoever must draw it keeps "
             "it face down beside them, not in hand, until phase 1 is over.", _BASIC + ("se-house", "se-faq")),
        Rule("end-of-phase-1", "7", "the end of phase 1",
             "With the stock gone, play goes on from hands until a player whose turn it "
             "is has no card; cards of an unfinished last trick are taken back.", _BASIC + ("se-faq",)),
        Rule("phase-2-start", "8", "taking up the cards",
             "Everyone takes up pile, hand and trump card; whoever drew the trump card "
             "leads phase 2.", _BASIC + ("se-house", "se-faq", "de-summary")),
        Rule("beat", "9", "beating",
             "A card is beaten by a higher card of its suit, or a non-trump by any trump; "
             "a trump only by a higher trump. Never duck: beat or pick up.",
             _BASIC + ("se-faq", "de-summary")),
        Rule("pick-up", "10", "picking up",
             "A player who cannot or will not beat takes only the top card into hand; "
             "the next player must beat the card now on top.", _BASIC + ("se-faq", "de-summary")),
        Rule("trick-complete", "11a", "a full trick",
             "A trick with as many plays as there were players in when it began is set "
             "aside; whoever played last leads, or the next player on the left if that "
             "player has just gone out.", _BASIC + ("se-faq", "de-summary")),
        Rule("all-picked-up", "11b", "an emptied trick",
             "When every card of a trick has been picked up, the player on the left of "
             "whoever picked up the last card leads.", _BASIC + ("se-faq",)),
        Rule("going-out", "12", "going out",
             "A player with no cards left is out and safe, and is skipped; a trick begun "
             "with more players still needs that many plays.", _BASIC + ("se-faq",)),
        Rule("loser", "13", "the Skitgubbe",
             "The last player holding cards is the Skitgubbe and loses.", _BASIC + ("se-faq", "de-summary")),
        Rule("turn-order", "0", "turn order",
             "Play goes clockwise; only the player whose turn it is may act.", _BASIC),
    )
}
