"""Rule options and named rulesets (presets).

A :class:`Rules` value is a frozen bundle of options.  Every option documents its
choices, its default and the sources of each choice; every preset names its region,
its evidence and its sources.  Where the sources disagree, both readings are choices
of one option.

>>> rules = Rules.preset("skitgubbe")
>>> rules.turn_from_stock
'more-than-one'
>>> other = rules.replace(turn_from_stock="at-least-one")
>>> other.is_documented
False
>>> rules.difference(other)
{'turn_from_stock': ('more-than-one', 'at-least-one')}
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from functools import cache
from typing import Any

from .errors import RulesError, did_you_mean
from .i18n import SOURCE_LANGUAGE, current
from .i18n import gettext as _
from .option_fields import OptionFields
from .sources import cite

DOCUMENTED = "documented"
HOUSE_RULE = "house rule"
RECONSTRUCTION = "reconstruction"
HOUSE_CUSTOM = "house custom, no written source"
EVIDENCE = (DOCUMENTED, HOUSE_RULE, RECONSTRUCTION, HOUSE_CUSTOM)
"""How well a choice or preset is attested, strongest first: described by its sources;
a house rule a source reports; our reading (reconstruction) of sources that leave the
point open; a custom no written source describes (a choice of its own, with no
sources)."""


@dataclass(frozen=True)
class Choice:
    """One reading of an option: its value, what it means, its evidence and sources
    (none exactly when it is a :data:`HOUSE_CUSTOM`)."""

    value: str
    description: str
    sources: tuple[str, ...]
    evidence: str = DOCUMENTED

    def __post_init__(self) -> None:
        if self.evidence not in EVIDENCE:
            raise RulesError(f"choice {self.value!r}: unknown evidence {self.evidence!r}")
        if (self.evidence == HOUSE_CUSTOM) == bool(self.sources):
            raise RulesError(f"choice {self.value!r}: a {HOUSE_CUSTOM} has no sources, and "
                             "every other reading names its sources")

    @property
    def provenance(self) -> str:
        """Its evidence and sources, in the current language: ``'documented; pagat.com,
        ...'``, or ``'house custom, no written source'``."""
        evidence = _(self.evidence)
        return f"{evidence}; {cite(self.sources)}" if self.sources else evidence


ANY = ("*",)
"""``fast_path=ANY``: phase 2's fast path plays every value of the option right."""


@dataclass(frozen=True)
class Option:
    """A rule option: a point where sources (or variants) differ.

    ``fast_path``: the values under which the fast path of ``phase2.legal`` (single
    cards, one beat table per trump suit and anti-trump rule, picking up as ``must_beat``
    allows) still finds the legal moves: :data:`ANY` for an option it reads itself or that
    does not change what beats; by default only the option's default value, so that a new
    option that changes what beats turns the fast path off instead of being skipped by it
    (:attr:`Rules.single_beats`)."""

    name: str
    title: str
    summary: str
    choices: tuple[Choice, ...]
    default: str
    earlier: tuple[Choice, ...] = ()
    """Readings this package applied once and no longer offers (not listed, switched or
    asked among the choices): a record of that time replays under them."""
    fast_path: tuple[str, ...] = ()

    def keeps_fast_path(self, value: str) -> bool:
        """Whether phase 2's fast path plays ``value`` of this option right."""
        return self.fast_path == ANY or value in (self.fast_path or (self.default,))

    def choice(self, value: str) -> Choice:
        for c in (*self.choices, *self.earlier):
            if c.value == value:
                return c
        allowed = ", ".join(repr(c.value) for c in self.choices)
        hint = (did_you_mean(value, [c.value for c in self.choices], _(" (did you mean {name}?)"))
                if isinstance(value, str) else "")
        raise RulesError(_("option {name} cannot be {value}{hint}: choose one of {allowed}").format(
            name=repr(self.name), value=repr(value), hint=hint, allowed=allowed))


def _option(name: str, title: str, summary: str, default: str, *choices: Choice,
            earlier: tuple[Choice, ...] = (), fast_path: tuple[str, ...] = ()) -> Option:
    return Option(name, title, summary, choices, default, earlier, fast_path)


_C = Choice
_PAGAT = ("pagat", "pagat-sv")
NO, YES = "no", "yes"

OPTIONS: dict[str, Option] = {
    o.name: o
    for o in (
        _option(
            "turn_from_stock", "Turning the stock card",
            "When a player may play the top stock card instead of a card from hand (rule 5).",
            "more-than-one",
            _C("more-than-one", "only while the stock holds more than one card, so the last "
               "card always becomes the trump card", ("pagat", "se-faq")),
            _C("at-least-one", "while the stock holds at least one card; turning the last card "
               "plays the trump card, and its turner leads phase 2", ("pagat-sv",)),
            _C("never", "the sources of Mas and of the German summary do not mention it",
               ("kortoxen", "de-summary"), RECONSTRUCTION),
            fast_path=ANY,
        ),
        _option(
            "last_trick", "The last trick of phase 1",
            "What happens to cards left on the table when phase 1 ends (rule 7).", "incomplete",
            _C("bounce", "only a bounced (stunsa) last trick is taken back; an unanswered lead "
               "stays with its leader, who wins it. pagat.com speaks only of the bounce and is "
               "silent on an unanswered lead, so this reading of its silence is ours",
               ("pagat",), RECONSTRUCTION),
            _C("incomplete", "any last trick that is not complete, a bounce or an unanswered "
               "lead, is taken back into the hands of the players who played it",
               ("pagat-sv", "se-faq", "pagat")),
            fast_path=ANY,
        ),
        _option(
            "lead_after_going_out", "The lead after a trick completed by a player who goes out",
            "Who leads when the player who completed a phase-2 trick has just played their last "
            "card (rule 11a).", "next-left",
            _C("next-left", "the next player still in, on the left of the player who went out",
               ("se-faq",)),
            _C("beaten-player", "the player whose play was beaten last, as the trick's "
               "runner-up; pagat.com only says that whoever played last leads and is silent when "
               "that player is out, so this reading is ours", ("pagat",), RECONSTRUCTION),
            fast_path=ANY,
        ),
        _option(
            "phase1_tricks", "Phase-1 tricks", "Who plays to a phase-1 trick and how it is won.",
            "pairs",
            _C("pairs", "two-card tricks: the leader and the player on the leader's left; the "
               "higher rank wins, equal ranks bounce (stunsa)", _PAGAT + ("se-faq",)),
            _C("all-play", "every player plays to every trick; the highest card wins; ties for "
               "highest are replayed by the tied players", ("pagat-sv", "cappelens", "reed",
                                                           "de-summary")),
            _C("beat-or-pick-up", "two-card tricks in which the second player must beat the lead "
               "(higher in suit, or a trump on a non-trump) or pick it up; after a pick-up the "
               "next player leads", ("kortoxen", "pagat")),
            fast_path=ANY,
        ),
        _option(
            "phase1_plays", "Phase-1 plays", "What a player plays to a phase-1 trick.", "single",
            _C("single", "one card", _PAGAT),
            _C("sets", "the leader plays one card or several of equal rank, everyone plays as "
               "many; the highest true set wins; tie replays are single cards (our reading)",
               ("de-summary",)),
            fast_path=ANY,
        ),
        _option(
            "tie_scope", "Which ties are replayed", "In all-play tricks: which equal cards force "
            "a replay.", "highest",
            _C("highest", "only a tie for the highest card", ("pagat-sv", "cappelens")),
            _C("any", "any two equal cards, highest or not; the replay's highest card wins all",
               ("pagat-sv",)),
            fast_path=ANY,
        ),
        _option(
            "tie_rule", "Resolving a tie", "In all-play tricks: what happens to tied cards.",
            "replay",
            _C("replay", "the tied players play another card each until one is highest",
               ("pagat-sv", "cappelens")),
            _C("redistribute", "the tied players take their cards back; the rest of the trick "
               "is sorted low to high and dealt one at a time to the tied players, starting "
               "with the tied player who played last and going counter-clockwise; the trick's "
               "leader leads again (our reading)", ("pagat-sv",)),
            fast_path=ANY,
        ),
        _option(
            "tie_cards_to", "Where redistributed tie cards go", "With Koira's sorted tie "
            "redistribution: whether the dealt cards join the collected pile or the hand. The "
            "source is silent.",
            "pile",
            _C("pile", "the collected pile, since phase 1 collects cards for phase 2",
               ("pagat-sv",), RECONSTRUCTION),
            _C("hand", "the hand, to be played on in phase 1", ("pagat-sv",), RECONSTRUCTION),
            fast_path=ANY,
        ),
        _option(
            "phase1_end", "The end of phase 1", "When phase 1 ends.", "no-card",
            _C("no-card", "when the player whose turn it is has no card (at the start of a "
               "trick, in its middle or during a tie)", _PAGAT + ("cappelens",)),
            _C("all-played", "players without cards are skipped until every card is played; a "
               "tied player without a card ends the tie: the trick's cards are shuffled and "
               "shared among the tied players", ("pagat-sv",)),
            _C("last-draw", "with the trick in which the last stock card is drawn",
               ("kortoxen", "de-summary")),
            fast_path=ANY,
        ),
        _option(
            "draw", "Drawing in phase 1", "When players draw from the stock.", "after-play",
            _C("after-play", "right after playing from hand, one card per card played", _PAGAT),
            _C("refill-after-trick", "everyone refills to three once the trick is over, the "
               "winner first", ("de-summary",)),
            _C("refill", "whenever your hand holds fewer than three cards after your action; "
               "hands may exceed three", ("kortoxen", "pagat")),
            fast_path=ANY,
        ),
        _option(
            "forced_bounce", "Forced bounce", "All-play tricks: a player holding a card equal "
            "to the highest so far must play it.", NO,
            _C(NO, "no obligation", _PAGAT),
            _C(YES, "you must play a card equal in rank to the highest card of the round (in "
               "a bounce resolution, of the replay so far: our reading)", ("reed",)),
            fast_path=ANY,
        ),
        _option(
            "slough", "Sloughing", "All-play tricks: extra cards equal to a losing card.", NO,
            _C(NO, "no sloughing", _PAGAT),
            _C(YES, "each player who played to a trick, the winner too, may once add cards "
               "equal in rank to a losing card before the trick is taken; they go to the "
               "winner, and the slougher draws for them (our reading of the drawing)",
               ("reed", "pagat", "pagat-sv")),
            fast_path=ANY,
        ),
        _option(
            "slough_timing", "When a slough may come", "With slough=yes: when a player may "
            "slough. pagat.com says once after playing and before the trick is taken; its "
            "Swedish edition says while the trick is not yet decided.", "decided",
            _C("decided", "once the trick is decided and before it is taken, in turn from the "
               "winner (our reading of pagat.com's 'before that trick is taken')", ("reed",
                                                                                 "pagat")),
            _C("undecided", "while the trick is still undecided (for example during a "
               "bounce), at any moment and out of turn, onto a card that is losing at that "
               "moment", ("reed", "pagat-sv")),
            _C("both", "at any moment after playing, out of turn while the trick is undecided "
               "or in the round once it is decided, but still only once per trick",
               ("reed", "pagat"), RECONSTRUCTION),
            earlier=(_C("losers", "once the trick is decided and before it is taken, in turn "
                        "from the winner's left, the winner not sloughing (this package's "
                        "reading until 30 November 2026: Atlanta's records of that time replay "
                        "under it)", ("reed", "pagat"), RECONSTRUCTION),),
            fast_path=ANY,
        ),
        _option(
            "turned_up_trump", "Turned-up trump", "Whether trumps are known from the deal.", NO,
            _C(NO, "the last stock card decides trumps when it is drawn", _PAGAT),
            _C(YES, "after the deal the next card is turned face up under the stock: its suit "
               "is trump, and it is the last card to be drawn", ("kortoxen", "pagat",
                                                                 "se-house")),
            fast_path=ANY,
        ),
        _option(
            "phase1_follow", "Following suit in phase 1", "Two-card tricks: whether the second "
            "player must follow the suit led. The house-rules page says only that suit matters "
            "and you must follow; the rest is ours.", NO,
            _C(NO, "any card may be played", _PAGAT + ("se-house",)),
            _C("suit", "follow suit if you can, otherwise play any card", ("se-house",),
               RECONSTRUCTION),
            _C("suit-then-trump", "follow suit if you can, otherwise trump if you can",
               ("se-house",), RECONSTRUCTION),
            fast_path=ANY,
        ),
        _option(
            "phase1_winner", "Who wins a two-card trick", "Two-card tricks: whether suits "
            "decide the trick.", "rank",
            _C("rank", "the higher rank, suits ignored; equal ranks bounce", _PAGAT),
            _C("trick-taking", "the higher card of the suit led, or the trump played on a "
               "non-trump, as in ordinary trick-taking and in Mas; a card of another suit "
               "loses, so no stunsa happens", ("se-house", "kortoxen"), RECONSTRUCTION),
            fast_path=ANY,
        ),
        _option(
            "exchange_two", "Exchanging the two of trumps", "Mas: the two of trumps may be "
            "swapped for the turned-up trump.", NO,
            _C(NO, "no exchange", _PAGAT),
            _C(YES, "while the turned-up trump lies under the stock, the two of trumps may be "
               "exchanged for it", ("kortoxen", "pagat")),
            fast_path=ANY,
        ),
        _option(
            "store_three_trumps", "Storing three trumps", "Mas: a hand of three trumps may be "
            "stored for phase 2.", NO,
            _C(NO, "no storing", _PAGAT),
            _C(YES, "a hand of exactly three trumps may be shown and stored face down for "
               "phase 2, and three new cards drawn", ("kortoxen", "pagat")),
            fast_path=ANY,
        ),
        _option(
            "mas_timing", "When Mas's exchange and storing happen", "With exchange_two or "
            "store_three_trumps: pagat.com says 'at any stage'.", "own-turn",
            _C("own-turn", "only on the player's own turn (a narrow reading)", ("kortoxen",
                                                                                 "pagat"),
               RECONSTRUCTION),
            _C("any-time", "at any moment of phase 1, out of turn too ('at any stage')",
               ("kortoxen", "pagat")),
            fast_path=ANY,
        ),
        _option(
            "phase2_plays", "Phase-2 plays", "Single cards, or runs too.", "single",
            _C("single", "single cards only", _PAGAT + ("seres",)),
            _C("runs", "a single card or a run of two or more consecutive cards of one suit; "
               "each play counts once toward the trick", ("parlett", "glimne", "se-house",
                                                         "de-summary")),
            _C("runs-of-three", "a single card or a run of three or more", ("pagat-sv",
                                                                           "cappelens")),
            _C("runs-from-two", "single cards, or runs that start with a two", ("pagat-sv",)),
        ),
        _option(
            "phase2_sets", "Pairs and the like", "Phase 2: whether two, three or four cards of "
            "one rank may be played as one play. The house-rules page allows them by "
            "agreement and says no more.", NO,
            _C(NO, "no sets", _PAGAT),
            _C(YES, "a pair, three or four of a kind is one play: it answers only a set of as "
               "many cards, and picking it up takes the whole set", ("se-house",),
               RECONSTRUCTION),
        ),
        _option(
            "set_beat", "How sets compare", "With phase2_sets=yes: when a set beats a set of "
            "as many cards.", "higher-rank",
            _C("higher-rank", "a set of higher rank, suits ignored", ("se-house",),
               RECONSTRUCTION),
            _C("suit-by-suit", "a set of higher rank each of whose cards beats its own card "
               "of the beaten set (a higher card of its suit, or a trump on a non-trump)",
               ("se-house",), RECONSTRUCTION),
            fast_path=ANY,
        ),
        _option(
            "run_order", "How runs compare", "When a card or run beats another of its suit. "
            "The sources do not define 'higher' for runs.", "lowest-above-highest",
            _C("lowest-above-highest", "the beating play's lowest card is higher than the "
               "beaten play's highest card", ("parlett", "glimne"), RECONSTRUCTION),
            _C("top-above-top", "the beating play's highest card is higher than the beaten "
               "play's highest card", ("parlett", "glimne"), RECONSTRUCTION),
            fast_path=ANY,
        ),
        _option(
            "beat", "Beating in phase 2", "When a trump may be played on another suit.",
            "any-trump",
            _C("any-trump", "any trump beats a non-trump, and you may always pick up instead",
               _PAGAT + ("se-faq",)),
            _C("follow-suit", "follow suit with a higher card; trump only when void in the suit "
               "of the card to beat", ("se-house",), HOUSE_RULE),
        ),
        _option(
            "must_beat", "Must you beat when you can?", "Phase 2: whether a player who can beat "
            "may pick up instead.", NO,
            _C(NO, "you may always pick up instead, even holding a card that beats",
               ("se-faq",) + _PAGAT),
            _C(YES, "a player who can beat must; only one who cannot picks up",
               ("de-summary", "se-house")),
            fast_path=ANY,
        ),
        _option(
            "anti_trumps", "Anti-trumps (mot-trumf)", "A suit that trumps cannot beat.", "none",
            _C("none", "no anti-trumps", _PAGAT),
            _C("same-colour", "the other suit of the trump's colour", ("green", "pagat")),
            _C("clubs", "always clubs; none when clubs are trumps", ("green", "pagat")),
            _C("electric-clubs", "clubs, unless clubs are trumps: then spades", ("franzen",
                                                                                 "pagat-sv")),
            fast_path=ANY,
        ),
        _option(
            "pick_up", "What is picked up", "What a player who cannot or will not beat takes.",
            "top",
            _C("top", "only the top (last) play", _PAGAT + ("se-faq",)),
            _C("lowest", "the lowest (first) play of the trick", ("pagat-sv", "cappelens")),
            _C("lowest-single", "only the lowest single card, even out of a run; a run counts "
               "toward the trick until all its cards are gone", ("pagat-sv",)),
            _C("lowest-run", "the whole lowest unbroken run on the table, even if several "
               "players made it", ("reed",)),
            fast_path=ANY,
        ),
        _option(
            "empty_hand_after_phase1", "No cards after phase 1", "What happens to a player who "
            "ends phase 1 with no cards at all.", "out",
            _C("out", "the player is out (safe) at once", _PAGAT),
            _C("blamattis", "Blåmattis: the player stays in and on each turn must pick up the "
               "lowest play of the trick on the table; one who would lead passes the lead on "
               "(our reading)", ("pagat-sv", "cappelens")),
            _C("loses", "the Blåmattis loses at once", ("pagat-sv",)),
            fast_path=ANY,
        ),
        _option(
            "trump_ends_trick", "A trump ends the trick", "Whether a trump on a non-trump ends "
            "a phase-2 trick at once.", NO,
            _C(NO, "the trick goes on", _PAGAT),
            _C(YES, "its player sets the trick aside and leads", ("pagat-sv",)),
            fast_path=ANY,
        ),
        _option(
            "dreck", "Dreck", "Atlanta: short hands are topped up at the start of phase 2.", NO,
            _C(NO, "no dreck", _PAGAT),
            _C(YES, "if anyone has fewer than six cards, everyone pools their twos to fives and "
               "the six of trumps, and these are dealt at random, as evenly as possible, to the "
               "players who had too few", ("reed",)),
            fast_path=ANY,
        ),
    )
}


@dataclass(frozen=True)
class Preset:
    """A named ruleset: a bundle of option values with its provenance."""

    name: str
    title: str
    region: str
    evidence: str
    sources: tuple[str, ...]
    summary: str
    min_players: int
    max_players: int
    options: tuple[tuple[str, str], ...] = ()
    usual_players: int = 3

    @property
    def player_counts(self) -> str:
        """``'2-4'``, or ``'3'`` when only one count is allowed."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"

    @property
    def citation(self) -> str:
        return cite(self.sources)


def _preset(name: str, title: str, region: str, evidence: str, sources: tuple[str, ...],
            summary: str, players: tuple[int, int], usual: int = 3, **options: str) -> Preset:
    """``players`` is the range the sources allow, ``usual`` the count they favour."""
    return Preset(name, title, region, evidence, sources, summary, players[0], players[1],
                  tuple(options.items()), usual)


_SKITGUBBE = ("pagat", "pagat-sv", "se-house", "se-faq")
_MATTIS = dict(phase1_tricks="all-play", phase2_plays="runs", pick_up="lowest",
               empty_hand_after_phase1="blamattis")
_KOIRA = dict(phase1_tricks="all-play", phase1_end="all-played", phase2_plays="runs",
              pick_up="lowest")

PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        _preset("skitgubbe", "Skitgubbe (basic game)", "Sweden", DOCUMENTED, _SKITGUBBE,
                "Two-card tricks with stunsa in phase 1; beat or pick up the top card in "
                "phase 2.", (2, 4)),
        _preset("skitgubbe-sequences", "Skitgubbe with sequences", "Sweden", DOCUMENTED,
                ("parlett", "glimne", "pagat"),
                "Phase 2 allows runs of two or more cards of one suit.", (2, 4),
                phase2_plays="runs"),
        _preset("skitgubbe-anti-trumps", "Skitgubbe with anti-trumps", "Borås, Sweden",
                DOCUMENTED, ("green", "pagat", "pagat-sv"),
                "The other suit of the trump's colour cannot be beaten by trumps.", (2, 4),
                anti_trumps="same-colour"),
        _preset("skitgubbe-clubs-anti-trumps", "Skitgubbe with clubs as anti-trumps", "Sweden",
                DOCUMENTED, ("green", "pagat"),
                "Clubs cannot be beaten by trumps (no anti-trumps when clubs are trumps).",
                (2, 4), anti_trumps="clubs"),
        _preset("skitgubbe-electric-clubs", "Skitgubbe med elektrisk klöver", "Sweden",
                DOCUMENTED, ("franzen", "pagat-sv"),
                "Clubs are 'electric' anti-trumps; when clubs are trumps, spades are.", (2, 4),
                anti_trumps="electric-clubs"),
        _preset("skitgubbe-follow-suit", "Skitgubbe, Swedish house rules", "Sweden", HOUSE_RULE,
                ("se-house",),
                "The house-rules page's own phase 2: follow suit with a higher card, trump only "
                "when void; single cards.", (2, 4), beat="follow-suit"),
        _preset("skitgubbe-turned-up-trump", "Skitgubbe with turned-up trump", "Sweden",
                HOUSE_RULE, ("se-house",),
                "The house-rules page's variation: a trump is turned up at the deal and suit "
                "matters in phase 1 too: follow suit (the rest reconstructed from Mas and "
                "ordinary trick-taking); phase 2 as on that page.", (2, 4),
                turned_up_trump=YES, phase1_follow="suit", phase1_winner="trick-taking",
                beat="follow-suit"),
        _preset("skitgubbe-pairs", "Skitgubbe, several cards at once", "Sweden", HOUSE_RULE,
                ("se-house",),
                "The house-rules page's 'several cards at once': runs in one suit and, by "
                "agreement, pairs and the like (how sets are beaten is reconstructed); follow "
                "suit in phase 2.", (2, 4), beat="follow-suit", phase2_plays="runs",
                phase2_sets=YES),
        _preset("skitgubbe-sets", "Skitgubbe, German summary", "Germany (from Sweden)",
                DOCUMENTED, ("de-summary",),
                "Everyone plays sets of equal cards in phase 1, ties replayed; phase 1 ends with "
                "the last draw; runs in phase 2.", (2, 4),
                phase1_tricks="all-play", phase1_plays="sets", phase1_end="last-draw",
                draw="refill-after-trick", turn_from_stock="never", phase2_plays="runs"),
        _preset("mas", "Mas with turned-up trump", "Sweden", DOCUMENTED, ("kortoxen", "pagat",
                                                                          "pagat-sv"),
                "Trumps turned up at the deal; beat or pick up in phase 1; refill below three; "
                "store three trumps and exchange the two of trumps at any stage.", (2, 4),
                phase1_tricks="beat-or-pick-up", turned_up_trump=YES, exchange_two=YES,
                store_three_trumps=YES, mas_timing="any-time", draw="refill",
                phase1_end="last-draw", turn_from_stock="never"),
        _preset("mattis", "Mattis", "Norway", DOCUMENTED, ("cappelens", "pagat-sv", "pagat"),
                "Everyone plays to phase-1 tricks, ties replayed; runs and lowest pick-up in "
                "phase 2; Blåmattis.", (2, 8), 4, **_MATTIS),
        _preset("mattis-blamattis-loses", "Mattis: Blåmattis loses", "Norway", DOCUMENTED,
                ("pagat-sv",), "Mattis, but a player with no cards after phase 1 loses at once.",
                (2, 8), 4, **{**_MATTIS, "empty_hand_after_phase1": "loses"}),
        _preset("mattis-any-tie", "Mattis: every tie replayed", "Norway", DOCUMENTED,
                ("pagat-sv",), "Mattis, but any tie in phase 1 is replayed, not only for highest.",
                (2, 8), 4, **_MATTIS, tie_scope="any"),
        _preset("mattis-runs-of-three", "Mattis: runs of three", "Norway", DOCUMENTED,
                ("pagat-sv", "cappelens"), "Mattis, but runs need three or more cards.", (2, 8),
                4, **{**_MATTIS, "phase2_plays": "runs-of-three"}),
        _preset("atlanta", "Atlanta", "Atlanta, Georgia, USA", DOCUMENTED, ("reed", "pagat",
                                                                              "pagat-sv"),
                "Three players; all play; forced bounce and sloughing; dreck; pick up the whole "
                "lowest run.", (3, 3),
                phase1_tricks="all-play", forced_bounce=YES, slough=YES, dreck=YES,
                phase2_plays="runs", pick_up="lowest-run"),
        _preset("myllymatti", "Myllymatti", "Ostrobothnia, Finland", DOCUMENTED,
                ("pagat-sv", "seres"),
                "The Finnish ancestor: the basic rules, single cards only in phase 2 (the same "
                "options as basic Skitgubbe).", (2, 4)),
        _preset("koira", "Koira", "Finland", DOCUMENTED, ("pagat-sv",),
                "3-8 players; all play, ties replayed; empty hands skipped until every card is "
                "played; runs and lowest pick-up in phase 2.", (3, 8), 4, **_KOIRA),
        _preset("koira-sorted-ties", "Koira: sorted tie redistribution", "Finland", DOCUMENTED,
                ("pagat-sv",), "Koira, but tied cards go back to hand and the rest is sorted and "
                "dealt to the tied players.", (3, 8), 4, **_KOIRA, tie_rule="redistribute"),
        _preset("koira-trump-ends-trick", "Koira: a trump ends the trick", "Finland", DOCUMENTED,
                ("pagat-sv",), "Koira, but a trump on a non-trump ends the phase-2 trick.",
                (3, 8), 4, **_KOIRA, trump_ends_trick=YES),
        _preset("koira-runs-from-two", "Koira: runs from the two", "Finland", DOCUMENTED,
                ("pagat-sv",), "Koira, but runs must start with a two.", (3, 8), 4,
                **{**_KOIRA, "phase2_plays": "runs-from-two"}),
        _preset("koira-lowest-single", "Koira: pick up the lowest single card", "Finland",
                DOCUMENTED, ("pagat-sv",), "Koira, but only the lowest single card is picked up, "
                "even out of a run.", (3, 8), 4, **{**_KOIRA, "pick_up": "lowest-single"}),
    )
}


_TURN_ABOVE = {"more-than-one": 1, "at-least-one": 0, "never": 52}
"""``turn_from_stock`` as a stock size that must be exceeded (52: never)."""

_REQUIRES: dict[tuple[str, str], tuple[str, tuple[str, ...]]] = {
    ("phase1_plays", "sets"): ("phase1_tricks", ("all-play",)),
    # No source turns the stock card in a trick of sets (what would one card answer?).
    ("turn_from_stock", "more-than-one"): ("phase1_plays", ("single",)),
    ("turn_from_stock", "at-least-one"): ("phase1_plays", ("single",)),
    ("phase1_end", "all-played"): ("phase1_tricks", ("all-play",)),
    ("forced_bounce", YES): ("phase1_tricks", ("all-play",)),
    ("slough", YES): ("phase1_tricks", ("all-play",)),
    ("draw", "refill-after-trick"): ("phase1_tricks", ("all-play",)),
    ("phase1_tricks", "beat-or-pick-up"): ("draw", ("refill",)),
    ("turned_up_trump", YES): ("phase1_tricks", ("beat-or-pick-up", "pairs")),
    ("phase1_follow", "suit"): ("phase1_tricks", ("pairs",)),
    ("phase1_follow", "suit-then-trump"): ("turned_up_trump", (YES,)),
    ("phase1_winner", "trick-taking"): ("phase1_tricks", ("pairs",)),
    ("slough_timing", "undecided"): ("slough", (YES,)),
    ("slough_timing", "both"): ("slough", (YES,)),
    ("slough_timing", "losers"): ("slough", (YES,)),
    ("mas_timing", "any-time"): ("turned_up_trump", (YES,)),
    ("set_beat", "suit-by-suit"): ("phase2_sets", (YES,)),
    ("draw", "refill"): ("phase1_tricks", ("beat-or-pick-up",)),
    ("exchange_two", YES): ("turned_up_trump", (YES,)),
    ("store_three_trumps", YES): ("turned_up_trump", (YES,)),
}
"""Options that only make sense together: (option, value) -> (other option, its values)."""

_ALSO_REQUIRES: dict[tuple[str, str], tuple[str, tuple[str, ...]]] = {
    # Only Mas's phase 1 (beat or pick up) offers the exchange and the storing.
    ("exchange_two", YES): ("phase1_tricks", ("beat-or-pick-up",)),
    ("store_three_trumps", YES): ("phase1_tricks", ("beat-or-pick-up",)),
}
"""A second requirement of the same (option, value), checked after :data:`_REQUIRES`."""


@dataclass(frozen=True)
class Rules(OptionFields):
    """A complete set of rule options, starting from a preset: the fields of
    :class:`~skitgubbe_core.option_fields.OptionFields` (one per option in :data:`OPTIONS`,
    derived from it), then the preset's name."""

    preset_name: str = "skitgubbe"
    single_beats: bool = field(init=False, repr=False, compare=False)
    """Phase 2 plays single cards only, and any trump beats a non-trump (the common case,
    which has a fast path): every option's value keeps the fast path
    (:meth:`Option.keeps_fast_path`)."""
    turn_above: int = field(init=False, repr=False, compare=False)
    """The stock card may be turned while the stock holds more than this many cards."""
    trump_ends: bool = field(init=False, repr=False, compare=False)
    """A trump played on a non-trump ends the phase-2 trick (``trump_ends_trick``)."""
    may_pick_up: bool = field(init=False, repr=False, compare=False)
    """A player who can beat may pick up instead (``must_beat=no``)."""

    def __post_init__(self) -> None:
        if self.preset_name not in PRESETS:
            known = ", ".join(PRESETS)
            hint = did_you_mean(self.preset_name, PRESETS, _(" (did you mean {name}?)"))
            raise RulesError(_("unknown ruleset {name}{hint}: known rulesets are {known}").format(
                name=repr(self.preset_name), hint=hint, known=known))
        for name, option in OPTIONS.items():
            option.choice(getattr(self, name))
        for (name, value), (needs, allowed) in (*_REQUIRES.items(), *_ALSO_REQUIRES.items()):
            if getattr(self, name) == value and getattr(self, needs) not in allowed:
                raise RulesError(_("{setting} needs {needed}, not {value}").format(
                    setting=f"{name}={value}", needed=f"{needs}={' or '.join(allowed)}",
                    value=getattr(self, needs)))
        # Derived once, read on every phase-2 turn (not a field: equality, hashing
        # and records see only the options).
        object.__setattr__(self, "single_beats", all(
            option.keeps_fast_path(getattr(self, name)) for name, option in OPTIONS.items()))
        object.__setattr__(self, "turn_above", _TURN_ABOVE[self.turn_from_stock])
        object.__setattr__(self, "trump_ends", self.trump_ends_trick == YES)
        object.__setattr__(self, "may_pick_up", self.must_beat == NO)

    @classmethod
    def preset(cls, name: str, **options: str) -> Rules:
        """The rules of preset ``name``, with single ``options`` overridden."""
        if name not in PRESETS:
            known = ", ".join(PRESETS)
            hint = did_you_mean(name, PRESETS, _(" (did you mean {name}?)"))
            raise RulesError(_("unknown ruleset {name}{hint}: known rulesets are {known}").format(
                name=repr(name), hint=hint, known=known))
        base = _preset_rules(name)
        return base.replace(**options) if options else base

    def replace(self, **options: str) -> Rules:
        """These rules with some options changed."""
        for name in options:
            if name not in OPTIONS:
                known = ", ".join(OPTIONS)
                hint = did_you_mean(name, OPTIONS, _(" (did you mean {name}?)"))
                raise RulesError(_("unknown rule option {name}{hint}: options are {known}").format(
                    name=repr(name), hint=hint, known=known))
        values: dict[str, Any] = options  # checked against each option's choices on creation
        return replace(self, **values)

    @property
    def base(self) -> Preset:
        return PRESETS[self.preset_name]

    def options(self) -> dict[str, str]:
        """Every option and its value."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name in OPTIONS}

    def overrides(self) -> dict[str, str]:
        """The options that differ from the preset's own values."""
        return {k: v for k, (_, v) in Rules.preset(self.preset_name).difference(self).items()}

    def difference(self, other: Rules) -> dict[str, tuple[str, str]]:
        """Options whose values differ: name -> (this value, other value)."""
        mine, theirs = self.options(), other.options()
        return {k: (mine[k], theirs[k]) for k in mine if mine[k] != theirs[k]}

    @property
    def is_documented(self) -> bool:
        """False for a combination of options that no preset describes."""
        return not self.overrides()

    def check_players(self, count: int) -> None:
        """Refuse a player count outside what the preset's sources allow."""
        p = self.base
        if not p.min_players <= count <= p.max_players:
            raise RulesError(_("{preset} is for {counts} players ({source}), not {count}").format(
                preset=_(p.title), counts=p.player_counts, source=p.citation, count=count))

    def describe(self) -> str:
        """One line: the preset, and any overridden options (in English as the notation
        ``--option`` takes, ``slough_timing=both``; in another language in words)."""
        extra = self.overrides()
        if not extra:
            return self.preset_name
        if current() == SOURCE_LANGUAGE:
            opts = ", ".join(f"{k}={v}" for k, v in extra.items())
        else:
            opts = "; ".join(f"{_(OPTIONS[k].title).lower()}: {_(OPTIONS[k].choice(v).description)}"
                             for k, v in extra.items())
        return _("{preset} ({options}; a combination no source describes)").format(
            preset=self.preset_name, options=opts)

    def to_json(self) -> dict[str, Any]:
        return {"variant": self.preset_name, "options": self.overrides()}



def ruleset_name(name: str) -> str:
    """A ruleset as a table or chart shows it: in English its name (what ``--variant``
    takes), in another language its title (an unknown name stays as it is).

    >>> from .i18n import language
    >>> with language("sv"):
    ...     ruleset_name("skitgubbe-follow-suit")
    'Skitgubbe, svenska husregler'
    >>> ruleset_name("skitgubbe-follow-suit")
    'skitgubbe-follow-suit'
    """
    preset = PRESETS.get(name) if isinstance(name, str) else None
    return name if preset is None or current() == SOURCE_LANGUAGE else _(preset.title)

@cache
def _preset_rules(name: str) -> Rules:
    """A preset's rules, built and checked once (they are immutable)."""
    options: dict[str, Any] = dict(PRESETS[name].options)
    return Rules(preset_name=name, **options)
