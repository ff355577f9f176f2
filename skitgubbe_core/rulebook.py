"""The rulebook: every rule the engine enforces, in our own words, with its sources.

Keys are stable identifiers (``"stunsa"``); ``number`` is the rule's number in the
project's digest of the sources.  Events and errors name the rule they follow.
"""

from __future__ import annotations

from typing import NamedTuple

from .i18n import gettext as _
from .sources import cite


class Rule(NamedTuple):
    key: str
    number: str
    title: str
    summary: str
    sources: tuple[str, ...]

    @property
    def reference(self) -> str:
        """Short reference in the current language: ``'rule 4, stunsa (bounce)'``."""
        return _("rule {number}, {title}").format(number=self.number, title=_(self.title))

    @property
    def name(self) -> str:
        """The title in the current language."""
        return _(self.title)

    @property
    def text(self) -> str:
        """Our paragraph in the current language."""
        return _(self.summary)

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
        Rule("all-play", "V1", "everyone plays",
             "Every player plays a card to every phase-1 trick, starting with the leader; the "
             "highest card wins everything on the table and its player leads next.",
             ("pagat-sv", "cappelens", "reed", "de-summary")),
        Rule("tie-replay", "V2", "replaying a tie",
             "When the highest cards tie, only the tied players play again, from hand or "
             "stock, until one card is highest; it wins every card of the trick.",
             ("pagat-sv", "cappelens", "reed", "de-summary")),
        Rule("tie-any", "V3", "every tie replayed",
             "Any two equal cards, not only the highest, send their players to a replay.",
             ("pagat-sv",)),
        Rule("tie-redistribute", "V4", "the sorted tie redistribution",
             "Tied players take their cards back; the rest of the trick, sorted low to high, "
             "is dealt one at a time to them from the tied player who played last, "
             "counter-clockwise.", ("pagat-sv",)),
        Rule("koira-skip", "V5", "skipping empty hands",
             "With the stock gone, players without cards are skipped until every card has been "
             "played.", ("pagat-sv",)),
        Rule("koira-share", "V6", "a tie nobody can finish",
             "If a tied player has run out of cards, the trick's cards are shuffled and "
             "shared equally, face down, among the tied players.", ("pagat-sv",)),
        Rule("forced-bounce", "V7", "the forced bounce",
             "A player holding a card equal in rank to the highest card so far must play it.",
             ("reed",)),
        Rule("slough", "V8", "sloughing",
             "Before a trick is taken, a player who played to it, the winner too, may once add "
             "cards equal in rank to a losing card; they go to the winner.", ("reed", "pagat",
                                                                               "pagat-sv")),
        Rule("sets", "V9", "sets of equal cards",
             "The leader plays one card or several of equal rank, everyone plays as many; the "
             "highest true set wins; mixed cards cannot win.", ("de-summary",)),
        Rule("last-draw", "V10", "the last draw ends phase 1",
             "Phase 1 ends with the trick in which the last stock card is drawn; whoever drew "
             "it leads phase 2.", ("kortoxen", "de-summary")),
        Rule("mas-beat", "V11", "beat or pick up in phase 1",
             "In Mas the second player must beat the lead (higher in suit, or a trump on a "
             "non-trump) and win the trick, or pick the lead up; then the next player leads.",
             ("kortoxen", "pagat")),
        Rule("mas-last-card", "V12", "the turned-up trump",
             "The card turned up under the stock is trump and is the last card drawn; whoever "
             "draws it leads phase 2.", ("kortoxen", "pagat")),
        Rule("mas-store", "V13", "storing three trumps",
             "A hand of exactly three trumps may be shown and stored for phase 2; three new "
             "cards are drawn.", ("kortoxen", "pagat")),
        Rule("mas-exchange", "V14", "exchanging the two",
             "While the turned-up trump lies under the stock, the two of trumps may be "
             "exchanged for it.", ("kortoxen", "pagat")),
        Rule("runs", "V15", "runs",
             "A run of consecutive cards of one suit may be played as one play; a higher run "
             "or card of the suit, or a trump play on a non-trump, beats it.",
             ("parlett", "glimne", "se-house", "de-summary")),
        Rule("anti-trumps", "V16", "anti-trumps",
             "Anti-trumps beat nothing extra, but trumps cannot beat them.",
             ("green", "franzen", "pagat", "pagat-sv")),
        Rule("follow-suit", "V17", "following suit",
             "Beat with a higher card of the suit; trump only when void in it.", ("se-house",)),
        Rule("pick-up-lowest", "V18", "picking up the lowest play",
             "A player who cannot or will not beat takes the lowest (first) play of the trick.",
             ("pagat-sv", "cappelens")),
        Rule("pick-up-lowest-single", "V19", "picking up the lowest card",
             "Only the lowest single card is taken, even out of a run.", ("pagat-sv",)),
        Rule("pick-up-lowest-run", "V20", "picking up the lowest run",
             "The whole lowest unbroken run on the table is taken, even across players.",
             ("reed",)),
        Rule("blamattis", "V21", "Blåmattis",
             "A player with no cards after phase 1 stays in and must pick up the lowest play "
             "of the trick on each turn.", ("pagat-sv", "cappelens")),
        Rule("blamattis-loses", "V22", "Blåmattis loses",
             "A player with no cards after phase 1 loses at once.", ("pagat-sv",)),
        Rule("trump-ends-trick", "V23", "a trump ends the trick",
             "A trump played on a non-trump ends the trick; its player sets it aside and "
             "leads.", ("pagat-sv",)),
        Rule("dreck", "V24", "the dreck",
             "If anyone starts phase 2 with fewer than six cards, the twos to fives and the six "
             "of trumps are pooled and dealt at random to those players.", ("reed",)),
        Rule("koira-end", "V25", "the end of Koira's phase 1",
             "With the stock gone, play goes on without drawing, players without cards skipped, "
             "until every card has been played; then phase 2 begins.", ("pagat-sv",)),
        Rule("refill", "V26", "refilling to three",
             "While the stock lasts, a player whose hand holds fewer than three cards draws up "
             "to three; a hand may hold more.", ("kortoxen", "pagat")),
        Rule("refill-after-trick", "V27", "refilling after the trick",
             "Once a trick is over everyone refills to three cards from the stock, the winner "
             "first.", ("de-summary",)),
        Rule("follow-phase-1", "V28", "following suit in phase 1",
             "Two-card tricks with a turned-up trump: suit matters in phase 1 too, and the "
             "second player must follow the suit led if able (what a void player may play is "
             "our reconstruction).",
             ("se-house",)),
        Rule("trick-taking", "V29", "winning a trick by suit",
             "The higher card of the suit led wins, or a trump on a non-trump; a card of "
             "another suit loses (our reconstruction, from Mas and ordinary trick-taking).",
             ("se-house", "kortoxen")),
        Rule("turned-up-trump", "V30", "the turned-up trump",
             "A card turned up under the stock at the deal sets trumps; it is the last card "
             "drawn, and its drawer keeps it beside them for phase 2 (our reconstruction).",
             ("se-house", "kortoxen")),
        Rule("sets-phase-2", "V31", "pairs and the like",
             "Two, three or four cards of one rank are one play; a set answers only a set of "
             "as many cards of higher rank, and picking it up takes the whole set (our "
             "reconstruction).", ("se-house",)),
        Rule("must-beat", "V32", "beating when able",
             "A player who can beat the top play must; only one who cannot picks up.",
             ("de-summary", "se-house")),
    )
}

WHERE: dict[str, dict[str, tuple[str, ...]]] = {
    "two-card-tricks": {"phase1_tricks": ("pairs",), "phase1_follow": ("no",)},
    "draw": {"draw": ("after-play",)},
    "trick-winner": {"phase1_tricks": ("pairs",), "phase1_winner": ("rank",)},
    "stunsa": {"phase1_tricks": ("pairs",), "phase1_winner": ("rank",)},
    "turn": {"turn_from_stock": ("more-than-one", "at-least-one")},
    "trump-card": {"turned_up_trump": ("no",)},
    "end-of-phase-1": {"phase1_end": ("no-card",)},
    "pick-up": {"pick_up": ("top",)},
    "beat": {"beat": ("any-trump",)},
    "all-play": {"phase1_tricks": ("all-play",)},
    "tie-replay": {"phase1_tricks": ("all-play",)},
    "tie-any": {"tie_scope": ("any",)},
    "tie-redistribute": {"tie_rule": ("redistribute",)},
    "koira-skip": {"phase1_end": ("all-played",)},
    "koira-share": {"phase1_end": ("all-played",)},
    "koira-end": {"phase1_end": ("all-played",)},
    "forced-bounce": {"forced_bounce": ("yes",)},
    "slough": {"slough": ("yes",)},
    "sets": {"phase1_plays": ("sets",)},
    "last-draw": {"phase1_end": ("last-draw",)},
    "mas-beat": {"phase1_tricks": ("beat-or-pick-up",)},
    "mas-last-card": {"turned_up_trump": ("yes",), "phase1_end": ("last-draw",)},
    "mas-store": {"store_three_trumps": ("yes",)},
    "mas-exchange": {"exchange_two": ("yes",)},
    "runs": {"phase2_plays": ("runs", "runs-of-three", "runs-from-two")},
    "anti-trumps": {"anti_trumps": ("same-colour", "clubs", "electric-clubs")},
    "follow-suit": {"beat": ("follow-suit",)},
    "pick-up-lowest": {"pick_up": ("lowest",)},
    "pick-up-lowest-single": {"pick_up": ("lowest-single",)},
    "pick-up-lowest-run": {"pick_up": ("lowest-run",)},
    "blamattis": {"empty_hand_after_phase1": ("blamattis",)},
    "blamattis-loses": {"empty_hand_after_phase1": ("loses",)},
    "trump-ends-trick": {"trump_ends_trick": ("yes",)},
    "dreck": {"dreck": ("yes",)},
    "refill": {"draw": ("refill",)},
    "refill-after-trick": {"draw": ("refill-after-trick",)},
    "follow-phase-1": {"phase1_follow": ("suit", "suit-then-trump")},
    "trick-taking": {"phase1_winner": ("trick-taking",)},
    "turned-up-trump": {"turned_up_trump": ("yes",)},
    "sets-phase-2": {"phase2_sets": ("yes",)},
    "must-beat": {"must_beat": ("yes",)},
}
"""Where each rule holds: option -> the values under which it applies (rules not named
hold in every variant)."""


def applies(key: str, options: dict[str, str]) -> bool:
    """Whether rule ``key`` belongs to a ruleset with these option values."""
    return all(options[name] in values for name, values in WHERE.get(key, {}).items())
