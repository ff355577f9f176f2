"""The sources behind every rule, by their bibliographic names.

Rules, options, presets and events cite sources by the keys of :data:`SOURCES`.
"""

from __future__ import annotations

from typing import NamedTuple

from .i18n import gettext as _


class Source(NamedTuple):
    key: str
    citation: str
    note: str


SOURCES: dict[str, Source] = {
    s.key: s
    for s in (
        Source(
            "pagat",
            'pagat.com, "Skitgubbe" (English)',
            "John McLeod's page; built on Kortoxen 1975, Parlett 1994, Glimne 1996 "
            "and Cappelens Kortspillbok 1987.",
        ),
        Source(
            "pagat-sv",
            'pagat.com, "Skitgubbe" (Swedish edition)',
            "The Swedish translation, extended with electric clubs, Mattis, Atlanta, "
            "Myllymatti and Koira.",
        ),
        Source(
            "se-house",
            'Swedish rules page "Skitgubbe" with house rules',
            "2-4 players, the seven-of-diamonds example, the A/B/C example, house rules "
            "(turned-up trump, several cards at once); warns that Vändtia is also called "
            "Skitgubbe.",
        ),
        Source(
            "se-faq",
            'Swedish rules page "Skitgubbe" with its "Vanliga tvister" (common disputes)',
            "Answers: no need to beat, no ducking, the leader stays through stunsas, "
            "turning only while more than one card is in the stock, pick up the top card "
            "only; counting Skitgubbes over several deals.",
        ),
        Source(
            "de-summary",
            'German summary "Skitgubbe"',
            "Phase 1 with sets of equal cards and everyone playing; a trump is beaten only "
            "by a higher trump; Myllymatti mentioned in 1808, Swedish rules printed 1949 "
            "as Mas.",
        ),
        Source("kortoxen", "E. Werner & T. Sandgren, Kortoxen (Helsingborg 1975)", "Mas with turned-up trump."),
        Source(
            "parlett",
            'David Parlett, "Shedding Games", Games and Puzzles no. 4 (July 1994)',
            "Playing sequences.",
        ),
        Source("glimne", "Dan Glimne, letter to pagat.com (1996)", "Playing sequences."),
        Source("green", "Bengt Green, report from Kortspegeln, Borås (1999), via pagat.com",
               "Anti-trumps (mot-trumf)."),
        Source("franzen", 'Thomas Franzén, "Skitgubbe med elektrisk klöver", via pagat.com',
               "Electric clubs."),
        Source("reed", "Mark Reed, the Atlanta variation, via pagat.com",
               "Atlanta, Georgia: all-play tricks, forced bounce, slough, dreck."),
        Source("seres", "Christian Seres, research on Myllymatti, via pagat.com (Swedish edition)",
               "Myllymatti in Finnish newspapers of the 1800s; Ostrobothnia."),
        Source(
            "cappelens",
            "I. & U. Schenkmanis, Cappelens Kortspillbok (1987), tr. Anthony Smith",
            "Norwegian Mattis; based on the Swedish 64 Kortspel (1982) and 54 Kortspel (1984).",
        ),
    )
}


def cite(keys: tuple[str, ...] | list[str]) -> str:
    """The citations of ``keys``, joined with semicolons.

    >>> cite(("pagat", "se-faq"))
    'pagat.com, "Skitgubbe" (English); Swedish rules page "Skitgubbe" with its "Vanliga tvister" (common disputes)'
    """
    return "; ".join(_(SOURCES[k].citation) for k in keys)
