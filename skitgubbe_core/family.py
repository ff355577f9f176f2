"""The family of games as data: history, lineage, the sources' disagreements and a
glossary.  The notebooks turn these into tables and a family tree."""

from __future__ import annotations

from typing import NamedTuple


class Milestone(NamedTuple):
    when: str
    what: str
    sources: tuple[str, ...]


HISTORY: tuple[Milestone, ...] = (
    Milestone("1808", "Myllymatti is mentioned in Finland: the oldest trace of the family.",
              ("de-summary",)),
    Milestone("1800s", "Myllymatti appears in several Finnish newspaper articles; it is played "
              "in Ostrobothnia (Pohjanmaa), where it still is.", ("pagat-sv", "seres")),
    Milestone("1907", "A photograph shows people playing Myllymatti on a boat trip between "
              "Vihti and Lohja.", ("pagat-sv",)),
    Milestone("1949", "Swedish rules are first printed, under the name Mas.", ("de-summary",)),
    Milestone("1975", "Kortoxen describes Mas with turned-up trump.", ("kortoxen",)),
    Milestone("1982-1987", "64 Kortspel and 54 Kortspel, then the Norwegian Cappelens "
              "Kortspillbok with Mattis.", ("cappelens",)),
    Milestone("1994-1996", "Parlett and Glimne describe playing sequences.", ("parlett",
                                                                            "glimne")),
    Milestone("1999", "Anti-trumps reported from Kortspegeln in Borås.", ("green",)),
    Milestone("today", "Skitgubbe is one of Sweden's most played card games (German summary). "
              "Mark Reed reports a Mattis for three from Atlanta; pagat.com mentions related "
              "American versions, played at UCLA, CalTech and elsewhere, for up to seven "
              "players.", ("de-summary", "reed", "pagat")),
)

class Relation(NamedTuple):
    """What a source says about two games: ``kind`` is ``ancestor`` (the older is said
    to be, probably, the younger's ancestor), ``variant`` (the younger is described as
    a variant of the older), ``kin`` (said to be close kin, no direction given) or
    ``reading`` (the younger is one source's reading of the older's rules, not a game);
    ``says`` is that in a few words."""

    older: str
    younger: str
    kind: str
    says: str
    sources: tuple[str, ...]


_MYLLY = "Myllymatti\n(Finland, mentioned 1808)"
_SKIT = "Skitgubbe / Mas\n(Sweden, printed 1949)"
_MATTIS = "Mattis\n(Norway)"
_KOIRA = "Koira\n(Finland, later)"
_ATLANTA = "Atlanta\n(USA, for three)"

LINEAGE: tuple[Relation, ...] = (
    Relation(_MYLLY, _SKIT, "ancestor", "probably its ancestor", ("pagat-sv", "de-summary")),
    Relation(_MYLLY, _MATTIS, "ancestor", "probably", ("pagat-sv",)),
    Relation(_MYLLY, _KOIRA, "ancestor", "probably", ("pagat-sv",)),
    Relation(_SKIT, "Mas, turned-up trump\n(Kortoxen 1975)", "variant", "", ("pagat",)),
    Relation(_SKIT, "Sequences,\nanti-trumps", "variant", "", ("pagat",)),
    Relation(_SKIT, "Sets of equal cards in phase 1", "reading", "", ("de-summary",)),
    Relation(_MATTIS, _ATLANTA, "variant", "a Mattis for three", ("reed", "pagat-sv")),
    Relation(_KOIRA, _MATTIS, "kin", "closely related", ("pagat-sv",)),
    Relation(_ATLANTA, "American versions\n(UCLA, CalTech; up to 7)", "kin", "related",
             ("pagat", "pagat-sv")),
)
"""How the sources relate the games, and nothing more: the Swedish edition of pagat.com
calls Myllymatti probably the ancestor of every game on its page, Koira later and
closely related to Mattis, and Atlanta's game a variant of Mattis for three; pagat.com
mentions related American versions for up to seven players.  Where a game sits in the
drawing beyond these relations is not a claim."""


class Disagreement(NamedTuple):
    point: str
    readings: str
    default: str
    option: str | None
    example: str | None


DISAGREEMENTS: tuple[Disagreement, ...] = (
    Disagreement("turning the stock card", "pagat.com (English), common-disputes page: only "
                 "while more than one card remains; pagat.com (Swedish): while at least one "
                 "remains", "more than one", "turn_from_stock", "disagreement-turn-last-card"),
    Disagreement("the trump card", "pagat.com: drawn and kept face down; house-rules page: left "
                 "lying until the hands are played out; German summary: laid aside, phase 1 "
                 "ends with that trick", "kept face down beside its drawer", None, None),
    Disagreement("end of phase 1", "pagat.com: until someone to play has no card; common "
                 "disputes: until someone cannot answer; German summary: with the trick of the "
                 "last draw; Mas: once the trick in progress is done", "no card to play",
                 "phase1_end", None),
    Disagreement("last trick of phase 1", "pagat.com (English): a bounce is taken back (it "
                 "says nothing of an unanswered lead); pagat.com (Swedish), Swedish rules page: an "
                 "incomplete trick is taken back", "any incomplete trick is taken back",
                 "last_trick", "disagreement-last-trick"),
    Disagreement("trumping in phase 2", "pagat.com, common disputes: any trump beats a "
                 "non-trump, and you may always pick up; house-rules page: follow suit, trump "
                 "only when void", "any trump", "beat", "disagreement-trumping"),
    Disagreement("what is picked up", "Skitgubbe: the top card only; Mattis, Koira: the lowest "
                 "(first) card or run; Atlanta: the whole lowest unbroken run", "the top card",
                 "pick_up", "disagreement-pick-up"),
    Disagreement("phase-1 trick size", "Skitgubbe, Myllymatti, Mas: two players; Mattis, "
                 "Koira, Atlanta, German summary: everyone", "two players", "phase1_tricks",
                 None),
    Disagreement("the lead in pick-up case 5", "the sources' text says B, who has no cards; "
                 "the rules give C", "C", None, "pickup-case-5"),
    Disagreement("who leads after a trick completed by a player going out", "common disputes: "
                 "the next player on the left; our alternative: the player beaten last",
                 "the next player on the left", "lead_after_going_out",
                 "disagreement-lead-after-going-out"),
    Disagreement("must you beat when you can?", "common disputes: no, you may always pick up "
                 "instead; German summary: 'must beat, otherwise pick up'; house-rules page: "
                 "'if you cannot play you must pick up' - both readable as an obligation to beat "
                 "when able", "no", "must_beat", "disagreement-must-beat"),
    Disagreement("when actions out of turn happen", "Mas (pagat.com after Kortoxen): the two of "
                 "trumps exchanged and three trumps stored 'at any stage'; Atlanta: pagat.com "
                 "says a slough comes once after playing and before the trick is taken, by any "
                 "player, the winner too; its Swedish edition says while the trick is not yet "
                 "decided", "Mas: at any stage, out of turn too; Atlanta: once the trick is "
                 "decided, in turn from the winner", "slough_timing",
                 "atlanta-slough-during-bounce"),
    Disagreement("several deals", "common disputes: count how often each player became "
                 "Skitgubbe; most after the agreed number of deals has lost for real; who deals "
                 "next is not said", "the deal passes to the left (our reading)", None, None),
    Disagreement("players", "Skitgubbe: 2-4; Mattis: nearly unlimited; Koira: 3-8; Atlanta: "
                 "3", "as each ruleset's sources say", None, None),
    Disagreement("history", "pagat.com (Swedish): Myllymatti in 19th-century newspapers; German "
                 "summary: Myllymatti mentioned 1808, Swedish rules printed 1949 as Mas",
                 "both", None, None),
)


GLOSSARY: tuple[tuple[str, str, str], ...] = (
    ("stick", "Swedish", "trick"),
    ("Stich", "German", "trick"),
    ("stickhög", "Swedish", "the pile of won cards in front of a player (the rules page's "
     "\"stickhögar\")"),
    ("stunsa, studs", "Swedish", "bounce: a tie in phase 1; the Swedish edition of pagat.com: "
     "\"kallas det för 'Stunsa'\"; in Atlanta it says \"studs\""),
    ("talong, stock, plockhög", "Swedish", "the stock (pagat.com's Swedish edition says "
     "\"talong\", the rules pages \"stock\" and \"plockhög\")"),
    ("Talon", "German", "the stock"),
    ("trumf", "Swedish", "trump"),
    ("Trumpf", "German", "trump"),
    ("mot-trumf", "Swedish", "anti-trump"),
    ("elektrisk klöver", "Swedish", "electric clubs: clubs as anti-trumps"),
    ("spader, hjärter, ruter, klöver", "Swedish", "spades, hearts, diamonds, clubs"),
    ("ess, kung, dam, knekt", "Swedish", "ace, king, queen, jack; on the cards E K D Kn, "
     "\"Ess är högst och därefter i fallande ordning K D Kn 10 ... 2\" (pagat.com, Swedish)"),
    ("färg", "Swedish", "suit (also colour)"),
    ("valör", "Swedish", "rank: \"ett kort med högre valör i samma färg\" beats"),
    ("slå", "Swedish", "to beat a card"),
    ("spela ut, leda", "Swedish", "to lead: play the first card of a trick"),
    ("följa färg", "Swedish", "to follow suit"),
    ("sekvens", "Swedish", "a run: \"en sekvens av två eller fler följande kort i samma färg\""),
    ("krypa, ducka", "Swedish", "to duck: \"Det är aldrig tillåtet att krypa\" (not allowed "
     "in phase 2)"),
    ("ta upp", "Swedish", "to pick up"),
    ("aufnehmen", "German", "to pick up"),
    ("given", "Swedish", "the deal: dealing out the cards, and the game that follows"),
    ("Skitgubbe", "Swedish", "the loser ('dirty old man', unwashed rather than obscene)"),
    ("Mas, Mattis", "Swedish, Norwegian", "the loser: 'fool'"),
    ("Mjölnarmatte", "Swedish", "another name for Skitgubbe (\"i folkmun även kallas för "
     "Mjölnarmatte\"); 'miller Matte' is our reading of the name, no source explains it"),
    ("Myllymatti", "Finnish", "the Finnish ancestor game; 'miller Matti' (mylly, mill) is our "
     "reading of the name, no source explains it"),
    ("Koira", "Finnish", "'dog' (the source: \"betyder hund\"): a Finnish relative; the loser "
     "may have to bark"),
    ("Pohjanmaa", "Finnish", "Ostrobothnia, where Myllymatti is played"),
    ("Blåmattis", "Norwegian", "a Mattis player with no cards after phase 1 (\"kallas för "
     "'Blåmattis'\")"),
    ("Mattishatt", "Norwegian", "the hat the loser wears"),
    ("Dreck", "English (Atlanta)", "the low cards pooled for redistribution"),
    ("slough", "English (Atlanta)", "to add extra cards equal to a losing card (Swedish: "
     "kasta)"),
    ("trick", "English", "one round of plays, won (phase 1) or set aside (phase 2) as a whole"),
    ("lead", "English", "to play the first card of a trick; the leader is who does"),
    ("trump", "English", "a card of the trump suit, which beats any card of another suit"),
    ("follow suit", "English", "to play a card of the suit shown (only some variants demand it)"),
    ("void", "English", "holding no card of a suit"),
    ("duck", "English", "to play low on purpose so as not to win; phase 2 forbids it"),
    ("run", "English", "several cards of one suit in unbroken order, played together"),
    ("turn (the stock card)", "English", "to play the top stock card face up instead of a "
     "card from hand"),
)
