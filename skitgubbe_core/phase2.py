"""Phase 2: beat or pick up, tricks as large as the players in, going out, the
Skitgubbe (rules 8-13 of the digest), with the variants' runs, sets (pairs and the
like), anti-trumps, follow-suit, must-beat, lowest pick-ups, Blåmattis,
trump-ends-trick and dreck."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, permutations

from .actions import PICK_UP, PICK_UP_ACTIONS, PLAY, PLAY_ROWS, Action
from .cards import CLUBS, DECK, DIAMONDS, HEARTS, SPADES, SUIT_NAME_SINGULAR, Card, deal, make_card, \
    suit_symbol
from .events import DROP, Event, make
from .rules import OPTIONS, Rules
from .state import State

_SAME_COLOUR = {SPADES: CLUBS, CLUBS: SPADES, HEARTS: DIAMONDS, DIAMONDS: HEARTS}
_PICK_UP_RULE = {"top": "pick-up", "lowest": "pick-up-lowest",
                 "lowest-single": "pick-up-lowest-single", "lowest-run": "pick-up-lowest-run"}
_MIN_RUN = {"runs": 2, "runs-of-three": 3, "runs-from-two": 2}


def anti_suit(rules: Rules, trump: int | None) -> int | None:
    """The anti-trump suit (mot-trumf) for this trump, or None."""
    return None if trump is None else _anti_suit(rules.anti_trumps, trump)


def _anti_suit(mode: str, trump: int) -> int | None:
    """The anti-trump suit under ``anti_trumps=mode``, or None."""
    if mode == "none":
        return None
    if mode == "same-colour":
        return _SAME_COLOUR[trump]
    if mode == "clubs":
        return None if trump == CLUBS else CLUBS
    return SPADES if trump == CLUBS else CLUBS


def begin(s: State, rules: Rules, events: list) -> None:
    """Rule 8: everyone takes up pile, hand and trump card; the trump drawer leads."""
    for hand, pile in zip(s.hands, s.piles):
        hand.extend(pile)
        pile.clear()
    shown: tuple[Card, ...] = ()
    if s.trump_card is not None:
        card = s.trump_card
        s.hands[s.trump_holder].append(card)
        s.trump = card & 3
        s.trump_card = None
        shown = (card,)
    s.phase = 2
    s.queue = []
    s.stage = "play"
    leader = s.trump_holder
    events is DROP or events.append(make(Event, ("phase-2", leader, shown, leader, s.trump,
                                                 "phase-2-start")))
    if rules.dreck == "yes":
        _dreck(s, leader, events)
    empty = [p for p in s.seats_from(leader) if not s.hands[p]]
    mode = rules.empty_hand_after_phase1
    if mode == "loses" and empty:
        s.loser = empty[0]
        s.to_play = None
        events is DROP or events.append(make(Event, ("blamattis-loses", empty[0], (), None, None,
                                                     "blamattis-loses")))
        return
    for p in sorted(empty):
        if mode == "blamattis":
            events is DROP or events.append(make(Event, ("blamattis", p, (), None, None,
                                                         "blamattis")))
        else:
            _go_out(s, p, events)
    if s.to_play is not None:
        s.to_play = _leader_in(s, leader, events)


def _dreck(s: State, leader: int, events: list) -> None:
    """Atlanta: if anyone holds fewer than six cards, the twos to fives and the six of
    trumps are pooled and dealt at random, as evenly as possible, to those players."""
    needy = [p for p in s.seats_from(leader) if len(s.hands[p]) < 6]
    if not needy:
        return
    six = make_card(6, s.trump)
    pool: list[Card] = []
    for hand in s.hands:
        dreck = [c for c in hand if c >> 2 <= 3 or c == six]
        for c in dreck:
            hand.remove(c)
        pool.extend(dreck)
    pool.sort()
    s.rng.shuffle(pool)
    deals = deal(pool, needy)
    for p, card in deals:
        s.hands[p].append(card)
    events is DROP or events.append(make(Event, ("dreck", needy[0], tuple(pool), None, deals,
                                                 "dreck")))


@lru_cache(maxsize=1 << 16)
def _suit_runs(cards: tuple[Card, ...], mode: str) -> tuple[tuple[Card, ...], ...]:
    """Every run the variant allows among ``cards`` (one suit, sorted), low card first.
    Cached: a suit's cards in a hand change slowly, and recur."""
    minimum = _MIN_RUN.get(mode, 0)
    if not minimum or len(cards) < minimum:
        return ()
    runs = []
    start = 0
    for i in range(1, len(cards) + 1):
        if i == len(cards) or cards[i] != cards[i - 1] + 4:
            segment = cards[start:i]
            if mode == "runs-from-two":
                if segment[0] >> 2 == 0:
                    runs.extend(segment[:b] for b in range(minimum, len(segment) + 1))
            else:
                runs.extend(segment[a:b] for a in range(len(segment))
                            for b in range(a + minimum, len(segment) + 1))
            start = i
    return tuple(runs)


def _runs(hand: list[Card], mode: str) -> list[tuple[Card, ...]]:
    """Every run in ``hand`` that the variant allows."""
    if mode not in _MIN_RUN:
        return []
    by_suit: list[list[Card]] = [[], [], [], []]
    for c in sorted(hand):
        by_suit[c & 3].append(c)
    return [run for cards in by_suit if len(cards) > 1 for run in _suit_runs(tuple(cards), mode)]


def is_set(cards: tuple[Card, ...]) -> bool:
    """A play of several cards of one rank (a pair, three or four of a kind)."""
    return len(cards) > 1 and all(c >> 2 == cards[0] >> 2 for c in cards)


@lru_cache(maxsize=1 << 12)
def _rank_sets(cards: tuple[Card, ...], size: int) -> tuple[tuple[Card, ...], ...]:
    """The sets among ``cards`` (one rank, sorted): of ``size`` cards, or of any size."""
    sizes = (size,) if size else range(2, len(cards) + 1)
    return tuple(combo for k in sizes for combo in combinations(cards, k))


def _sets(hand: list[Card], size: int = 0, above: int = -1) -> list[tuple[Card, ...]]:
    """Every set in ``hand`` (of ``size`` cards if given, of rank above ``above``): the
    sorted hand's runs of equal rank, each set taken from the cache."""
    cards = sorted(hand)
    found: list[tuple[Card, ...]] = []
    start, rank = 0, -1
    for i, c in enumerate(cards):
        if c >> 2 != rank:
            if i - start > 1 and rank > above:
                found.extend(_rank_sets(tuple(cards[start:i]), size))
            start, rank = i, c >> 2
    if len(cards) - start > 1 and rank > above:
        found.extend(_rank_sets(tuple(cards[start:]), size))
    return found


def _beats_card(card: Card, other: Card, trump: int | None) -> bool:
    if card & 3 == other & 3:
        return card > other
    return card & 3 == trump


def _set_beats(cards: tuple[Card, ...], top: tuple[Card, ...], rules: Rules,
               trump: int | None) -> bool:
    """House rules, our reconstruction: a set beats a set of as many cards of lower rank;
    with set_beat=suit-by-suit each of its cards must also beat its own card of ``top``."""
    if len(cards) != len(top) or not is_set(cards) or cards[0] >> 2 <= top[0] >> 2:
        return False
    if rules.set_beat == "higher-rank":
        return True
    return any(all(_beats_card(b, a, trump) for b, a in zip(order, top))
               for order in permutations(cards))


_RUN_ACTIONS: tuple[dict[tuple[Card, ...], Action], ...] = tuple({} for _ in PLAY_ROWS)
"""Shared run actions, per player."""


def _actions(p: int, singles: list[Card], runs) -> list[Action]:
    row = PLAY_ROWS[p]
    actions = [row[c] for c in singles]
    if runs:
        known = _RUN_ACTIONS[p]
        for run in runs:
            action = known.get(run)
            if action is None:
                action = known[run] = Action(p, PLAY, run)
            actions.append(action)
    return actions


def _beaters(top: int, trump: int | None, trumps_beat: bool) -> frozenset[Card]:
    """The single cards that beat ``top``: higher of its suit, or (if ``trumps_beat``
    and it is not a trump) any trump.  The deck's own card objects, so that looking
    up a card of a hand finds the very object (no comparison of values)."""
    suit = top & 3
    return frozenset(c for c in DECK if (c > top and c & 3 == suit)
                     or (trumps_beat and suit != trump and c & 3 == trump))


_BEAT_TABLES = {
    choice.value: tuple(tuple(_beaters(top, trump, top & 3 != _anti_suit(choice.value, trump))
                              for top in range(52)) for trump in range(4))
    for choice in OPTIONS["anti_trumps"].choices}
"""``_BEAT_TABLES[anti_trumps][trump][top]``: the single cards that beat ``top`` when any
trump beats a non-trump except an anti-trump."""


def legal(s: State, rules: Rules) -> list[Action]:
    """Lead any card (or run); otherwise beat the top play or pick up (rules 9, 10)."""
    p = s.to_play
    hand = s.hands[p]
    if not hand:
        return [PICK_UP_ACTIONS[p]]
    if rules.single_beats:
        # The common case, kept fast: single cards, any trump beats a non-trump (a
        # beat table per anti-trump rule, trump and card to beat).  Plain loops: in
        # these small lists a comprehension costs more than it saves.
        row = PLAY_ROWS[p]
        table = s.table
        actions = []
        if not table:
            for c in hand:
                actions.append(row[c])
            return actions
        top = table[-1][1][-1]
        trump = s.trump
        beats = (_beaters(top, None, False) if trump is None
                 else _BEAT_TABLES[rules.anti_trumps][trump][top])
        for c in hand:
            if c in beats:
                actions.append(row[c])
        if not actions or rules.may_pick_up:
            actions.append(PICK_UP_ACTIONS[p])
        return actions
    mode = rules.phase2_plays
    sets = rules.phase2_sets == "yes"
    if not s.table:
        return _actions(p, hand, _runs(hand, mode) + _sets(hand) if sets else _runs(hand, mode))
    top = s.table[-1][1]
    if sets and is_set(top):
        beating = [c for c in _sets(hand, len(top), top[0] >> 2)
                   if _set_beats(c, top, rules, s.trump)]
        actions = _actions(p, [], beating)
        if not actions or rules.must_beat == "no":
            actions.append(PICK_UP_ACTIONS[p])
        return actions
    top_suit, high = top[0] & 3, top[-1]
    trump = s.trump
    same: list[Card] = []
    trumps: list[Card] = []
    for c in hand:
        suit = c & 3
        if suit == top_suit:
            same.append(c)
        elif suit == trump:
            trumps.append(c)
    same.sort()
    singles = [c for c in same if c > high]
    if rules.run_order == "lowest-above-highest":
        runs = list(_suit_runs(tuple(singles), mode))
    else:
        runs = [r for r in _suit_runs(tuple(same), mode) if r[-1] > high]
    if (trumps and top_suit != trump
            and (rules.anti_trumps == "none" or top_suit != anti_suit(rules, trump))
            and (rules.beat != "follow-suit" or not same)):
        trumps.sort()
        singles += trumps
        runs += _suit_runs(tuple(trumps), mode)
    actions = _actions(p, singles, runs)
    if not actions or rules.must_beat == "no":
        actions.append(PICK_UP_ACTIONS[p])
    return actions


def why_illegal(s: State, rules: Rules, action: Action, names) -> tuple[str, str]:
    name = names[action.player]
    hand = s.hands[action.player]
    if action.kind == PICK_UP:
        if s.table:
            return (f"{name} can beat {' '.join(map(str, s.table[-1][1]))} and so must: a "
                    "player who can beat may not pick up"), "must-beat"
        return f"the table is empty, so there is nothing to pick up: {name} must lead", "pick-up"
    if action.kind != PLAY:
        return f"'{action.kind}' belongs to phase 1; in phase 2 you play or pick up", "beat"
    if not hand:
        return f"{name} has no cards (Blåmattis) and must pick up", "blamattis"
    missing = [c for c in action.cards if c not in hand]
    if missing:
        return f"{name} does not hold {' '.join(map(str, missing))}", "beat"
    cards = tuple(sorted(action.cards))
    top = s.table[-1][1] if s.table else ()
    if is_set(cards) or is_set(top):
        return _why_set(rules, cards, top)
    if len(cards) > 1:
        if rules.phase2_plays == "single":
            return "this ruleset plays one card at a time in phase 2", "beat"
        if cards not in _runs(hand, rules.phase2_plays):
            what = {"runs": "two or more", "runs-of-three": "three or more",
                    "runs-from-two": "cards starting with a two, in"}[rules.phase2_plays]
            return f"{' '.join(map(str, cards))} is not a run: {what} consecutive cards of one " \
                   "suit", "runs"
    shown = " ".join(map(str, top))
    anti = anti_suit(rules, s.trump)
    top_suit = top[0] & 3
    if top_suit == s.trump:
        how = f"{shown} is a trump, and a trump is beaten only by a higher trump"
    elif top_suit == anti and cards[0] & 3 == s.trump:
        return (f"{shown} is an anti-trump ({suit_symbol(anti)}): trumps cannot beat it, only "
                f"a higher {SUIT_NAME_SINGULAR[anti]}"), "anti-trumps"
    elif rules.beat == "follow-suit" and cards[0] & 3 == s.trump and any(
            c & 3 == top_suit for c in hand):
        return (f"{name} holds a {SUIT_NAME_SINGULAR[top_suit]} and must follow suit with a "
                "higher one: trumping is allowed only when void"), "follow-suit"
    else:
        how = (f"beat it with a higher {SUIT_NAME_SINGULAR[top_suit]} or with a trump "
               f"({suit_symbol(s.trump)})")
    return f"{' '.join(map(str, cards))} does not beat {shown}: {how}, or pick it up", "beat"


def _why_set(rules: Rules, cards: tuple[Card, ...], top: tuple[Card, ...]) -> tuple[str, str]:
    shown = " ".join(map(str, cards))
    if rules.phase2_sets != "yes":
        return (f"{shown} is a set of one rank, and this ruleset plays no pairs or the like "
                "in phase 2"), "runs"
    need = (f"a set of {len(top)} cards of higher rank"
            + (", each beating its own card" if rules.set_beat == "suit-by-suit" else ""))
    return (f"{shown} does not beat the set {' '.join(map(str, top))}: only {need} does, "
            "or pick it up" if is_set(top) else
            f"{shown} is a set, and a set answers only a set of as many cards"), "sets-phase-2"


def _go_out(s: State, p: int, events: list) -> None:
    """Rules 12 and 13."""
    s.in_game[p] = False
    s.out.append(p)
    events is DROP or events.append(make(Event, ("out", p, (), None, None, "going-out")))
    still = [q for q in range(s.n) if s.in_game[q]]
    if len(still) <= 1:
        s.loser = still[0] if still else None
        s.to_play = None
        if still:
            events is DROP or events.append(make(Event, ("game-over", still[0], (), None, None,
                                                         "loser")))


def _leader_in(s: State, leader: int, events: list) -> int | None:
    """``leader`` if still in with cards, else the next such player on the left (rule 12;
    a Blåmattis with no cards cannot lead).  If every player still in is a Blåmattis
    without cards, the game ends and the first of them on the left loses (our reading)."""
    if s.in_game[leader] and s.hands[leader]:
        return leader
    nxt = leader
    for _ in range(s.n):
        nxt = s.next_in(nxt)
        if s.hands[nxt]:
            reason = "next" if not s.in_game[leader] else "blamattis"
            events is DROP or events.append(make(Event, ("lead-passes", leader, (), nxt, reason,
                                                         "going-out")))
            return nxt
    s.loser = s.next_in(leader)
    events is DROP or events.append(make(Event, ("game-over", s.loser, (), None, None, "loser")))
    return None


def _take_lowest_run(table: list) -> tuple[Card, ...]:
    """Atlanta: the whole lowest unbroken run, across plays, from the first play on."""
    taken = list(table.pop(0)[1])
    while table and table[0][1][0] & 3 == taken[-1] & 3 and table[0][1][0] == taken[-1] + 4:
        taken.extend(table.pop(0)[1])
    return tuple(taken)


def _pick_up(s: State, rules: Rules, p: int) -> tuple[tuple[Card, ...], str]:
    """Take what the rules say from the table: (cards, rule key).  The common case,
    a player with cards picking up the top play, is done in :func:`apply`."""
    table = s.table
    if not s.hands[p]:
        return table.pop(0)[1], "blamattis"
    mode = rules.pick_up
    if mode == "lowest":
        cards = table.pop(0)[1]
    elif mode == "lowest-single":
        q, play = table[0]
        if len(play) > 1:
            table[0] = (q, play[1:])
        else:
            table.pop(0)
        cards = play[:1]
    else:
        cards = _take_lowest_run(table)
    return cards, _PICK_UP_RULE[mode]


def apply(s: State, rules: Rules, action: Action, events: list) -> None:
    p, kind, cards = action
    table = s.table
    hand = s.hands[p]
    if kind == PICK_UP:
        if hand and rules.pick_up == "top":
            cards, rule = table.pop()[1], "pick-up"
        else:
            cards, rule = _pick_up(s, rules, p)
        hand += cards
        if table:
            s.to_play = s.next_in(p)
            events is DROP or events.append(make(Event, ("pick-up", p, cards, s.to_play,
                                                         table[-1][1], rule)))
        else:
            natural = (p + 1) % s.n
            events is DROP or events.append(make(Event, ("pick-up", p, cards, None, (), rule)))
            events is DROP or events.append(make(Event, ("all-picked-up", p, (), natural, None,
                                                         "all-picked-up")))
            s.to_play = _leader_in(s, natural, events)
        return
    if len(cards) == 1:
        hand.remove(cards[0])
    else:
        cards = tuple(sorted(cards))
        for c in cards:
            hand.remove(c)
    if table:
        top = table[-1][1]
        table.append((p, cards))
        events is DROP or events.append(make(Event, ("beat", p, cards, None, top,
                                                     _beat_rule(rules, cards))))
        trumped = (rules.trump_ends and cards[0] & 3 == s.trump and top[0] & 3 != s.trump)
    else:
        table.append((p, cards))
        s.trick_size = s.n - len(s.out)
        s.leader = p
        events is DROP or events.append(make(Event, ("lead", p, cards, None, s.trick_size,
                                                     "trick-complete")))
        trumped = False
    if not hand:
        _go_out(s, p, events)
        if s.to_play is None:
            return
    if trumped or len(table) == s.trick_size:
        _complete(s, rules, p, trumped, events)
    else:
        n, in_game = s.n, s.in_game
        p = (p + 1) % n
        while not in_game[p]:
            p = (p + 1) % n
        s.to_play = p


def _beat_rule(rules: Rules, cards: tuple[Card, ...]) -> str:
    """The rule a beating play follows: sets, runs, following suit or plain beating."""
    if len(cards) > 1:
        return "sets-phase-2" if is_set(cards) else "runs"
    return "follow-suit" if rules.beat == "follow-suit" else "beat"


def _complete(s: State, rules: Rules, p: int, trumped: bool, events: list) -> None:
    """Rule 11a (and Koira's trump-ends-trick): set the trick aside; the lead."""
    table = s.table
    discarded = s.discarded
    for _, play in table:
        discarded.extend(play)
    s.table = []
    if trumped:
        events is DROP or events.append(make(Event, ("trump-ends-trick", p, table[-1][1], p,
                                                     len(table),
                                                     "trump-ends-trick")))
    else:
        events is DROP or events.append(make(Event, ("trick-complete", p, (), p, len(table),
                                                     "trick-complete")))
    if s.in_game[p]:
        s.to_play = p
    elif rules.lead_after_going_out == "beaten-player":
        beaten = table[-2][0]
        leader = beaten if s.in_game[beaten] else s.next_in(beaten)
        events is DROP or events.append(make(Event, ("lead-passes", p, (), leader, "beaten",
                                                     "trick-complete")))
        s.to_play = _leader_in(s, leader, events)
    else:
        s.to_play = _leader_in(s, p, events)
