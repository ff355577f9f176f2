"""The rule options as types and fields, derived from their one declaration
(``OPTIONS`` in ``rules.py``) by ``tools/option_fields.py`` (``make option-fields``): do not
edit. ``tests/test_code_health.py`` fails while this file is stale."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

TurnFromStock = Literal["more-than-one", "at-least-one", "never"]
LastTrick = Literal["bounce", "incomplete"]
LeadAfterGoingOut = Literal["next-left", "beaten-player"]
Phase1Tricks = Literal["pairs", "all-play", "beat-or-pick-up"]
Phase1Plays = Literal["single", "sets"]
TieScope = Literal["highest", "any"]
TieRule = Literal["replay", "redistribute"]
TieCardsTo = Literal["pile", "hand"]
Phase1End = Literal["no-card", "all-played", "last-draw"]
Draw = Literal["after-play", "refill-after-trick", "refill"]
YesNo = Literal["no", "yes"]
SloughTiming = Literal["decided", "undecided", "both", "losers"]
Phase1Follow = Literal["no", "suit", "suit-then-trump"]
Phase1Winner = Literal["rank", "trick-taking"]
MasTiming = Literal["own-turn", "any-time"]
Phase2Plays = Literal["single", "runs", "runs-of-three", "runs-from-two"]
SetBeat = Literal["higher-rank", "suit-by-suit"]
RunOrder = Literal["lowest-above-highest", "top-above-top"]
Beat = Literal["any-trump", "follow-suit"]
AntiTrumps = Literal["none", "same-colour", "clubs", "electric-clubs"]
PickUp = Literal["top", "lowest", "lowest-single", "lowest-run"]
EmptyHandAfterPhase1 = Literal["out", "blamattis", "loses"]


@dataclass(frozen=True)
class OptionFields:
    """Every rule option, with its type and default: the fields of ``Rules``."""

    turn_from_stock: TurnFromStock = "more-than-one"
    last_trick: LastTrick = "incomplete"
    lead_after_going_out: LeadAfterGoingOut = "next-left"
    phase1_tricks: Phase1Tricks = "pairs"
    phase1_plays: Phase1Plays = "single"
    tie_scope: TieScope = "highest"
    tie_rule: TieRule = "replay"
    tie_cards_to: TieCardsTo = "pile"
    phase1_end: Phase1End = "no-card"
    draw: Draw = "after-play"
    forced_bounce: YesNo = "no"
    slough: YesNo = "no"
    slough_timing: SloughTiming = "decided"
    turned_up_trump: YesNo = "no"
    phase1_follow: Phase1Follow = "no"
    phase1_winner: Phase1Winner = "rank"
    exchange_two: YesNo = "no"
    store_three_trumps: YesNo = "no"
    mas_timing: MasTiming = "own-turn"
    phase2_plays: Phase2Plays = "single"
    phase2_sets: YesNo = "no"
    set_beat: SetBeat = "higher-rank"
    run_order: RunOrder = "lowest-above-highest"
    beat: Beat = "any-trump"
    must_beat: YesNo = "no"
    anti_trumps: AntiTrumps = "none"
    pick_up: PickUp = "top"
    empty_hand_after_phase1: EmptyHandAfterPhase1 = "out"
    trump_ends_trick: YesNo = "no"
    dreck: YesNo = "no"
