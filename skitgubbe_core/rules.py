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

from dataclasses import dataclass, fields, replace
from typing import Any

from .errors import RulesError
from .sources import cite

DOCUMENTED = "documented"
HOUSE_RULE = "house rule"
RECONSTRUCTION = "reconstruction"


@dataclass(frozen=True)
class Choice:
    """One reading of an option: its value, what it means, its evidence and sources."""

    value: str
    description: str
    sources: tuple[str, ...]
    evidence: str = DOCUMENTED


@dataclass(frozen=True)
class Option:
    """A rule option: a point where sources (or variants) differ."""

    name: str
    title: str
    summary: str
    choices: tuple[Choice, ...]
    default: str

    def choice(self, value: str) -> Choice:
        for c in self.choices:
            if c.value == value:
                return c
        allowed = ", ".join(repr(c.value) for c in self.choices)
        raise RulesError(f"option {self.name!r} cannot be {value!r}: choose one of {allowed}")


OPTIONS: dict[str, Option] = {
    o.name: o
    for o in (
        Option(
            "turn_from_stock",
            "Turning the stock card",
            "When a player may play the top stock card instead of a card from hand (rule 5).",
            (
                Choice("more-than-one", "only while the stock holds more than one card, so "
                       "the last card always becomes the trump card", ("pagat", "se-faq")),
                Choice("at-least-one", "while the stock holds at least one card; turning the "
                       "last card plays the trump card, and its turner leads phase 2",
                       ("pagat-sv",)),
            ),
            "more-than-one",
        ),
        Option(
            "last_trick",
            "The last trick of phase 1",
            "What happens to cards left on the table when phase 1 ends (rule 7).",
            (
                Choice("bounce", "a bounced (stunsa) last trick is taken back by the players "
                       "who played it; an unanswered lead stays with its leader, who wins it",
                       ("pagat",)),
                Choice("incomplete", "any last trick that is not complete is taken back into "
                       "the hands of the players who played it", ("pagat-sv", "se-faq")),
            ),
            "bounce",
        ),
        Option(
            "lead_after_going_out",
            "The lead after a trick completed by a player who goes out",
            "Who leads when the player who completed a phase-2 trick has just played their "
            "last card (rule 11a).",
            (
                Choice("next-left", "the next player still in, on the left of the player who "
                       "went out", ("se-faq",)),
                Choice("beaten-player", "the player whose play was beaten last, as the "
                       "trick's runner-up; pagat.com only says that whoever played last leads "
                       "and is silent when that player is out, so this reading is ours",
                       ("pagat",), RECONSTRUCTION),
            ),
            "next-left",
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

    @property
    def citation(self) -> str:
        return cite(self.sources)


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            "skitgubbe",
            "Skitgubbe (basic game)",
            "Sweden",
            DOCUMENTED,
            ("pagat", "pagat-sv", "se-house", "se-faq"),
            "Two-card tricks with stunsa in phase 1; beat or pick up the top card in phase 2.",
            2,
            4,
        ),
    )
}


@dataclass(frozen=True)
class Rules:
    """A complete set of rule options, starting from a preset."""

    preset_name: str = "skitgubbe"
    turn_from_stock: str = OPTIONS["turn_from_stock"].default
    last_trick: str = OPTIONS["last_trick"].default
    lead_after_going_out: str = OPTIONS["lead_after_going_out"].default

    def __post_init__(self) -> None:
        if self.preset_name not in PRESETS:
            known = ", ".join(PRESETS)
            raise RulesError(f"unknown ruleset {self.preset_name!r}: known rulesets are {known}")
        for name, option in OPTIONS.items():
            option.choice(getattr(self, name))

    @classmethod
    def preset(cls, name: str, **options: str) -> "Rules":
        """The rules of preset ``name``, with single ``options`` overridden."""
        if name not in PRESETS:
            known = ", ".join(PRESETS)
            raise RulesError(f"unknown ruleset {name!r}: known rulesets are {known}")
        base = cls(preset_name=name, **dict(PRESETS[name].options))
        return base.replace(**options) if options else base

    def replace(self, **options: str) -> "Rules":
        """These rules with some options changed."""
        for name in options:
            if name not in OPTIONS:
                known = ", ".join(OPTIONS)
                raise RulesError(f"unknown rule option {name!r}: options are {known}")
        return replace(self, **options)

    @property
    def base(self) -> Preset:
        return PRESETS[self.preset_name]

    def options(self) -> dict[str, str]:
        """Every option and its value."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name in OPTIONS}

    def overrides(self) -> dict[str, str]:
        """The options that differ from the preset's own values."""
        return Rules.preset(self.preset_name).difference_values(self)

    def difference_values(self, other: "Rules") -> dict[str, str]:
        return {k: v for k, (_, v) in self.difference(other).items()}

    def difference(self, other: "Rules") -> dict[str, tuple[str, str]]:
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
            raise RulesError(
                f"{p.title} is for {p.min_players}-{p.max_players} players "
                f"({p.citation}), not {count}"
            )

    def describe(self) -> str:
        """One line: the preset, and any overridden options."""
        extra = self.overrides()
        if not extra:
            return self.preset_name
        opts = ", ".join(f"{k}={v}" for k, v in extra.items())
        return f"{self.preset_name} ({opts}; a combination no source describes)"

    def to_json(self) -> dict[str, Any]:
        return {"variant": self.preset_name, "options": self.overrides()}
