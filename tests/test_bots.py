"""Computer players: legal for every preset, blind to hidden cards, and as strong as
their design says (heuristic against random; search against heuristic)."""

import copy
import random

import pytest

from skitgubbe_core import PRESETS, Game, RulesError, parse_cards
from skitgubbe_core.bots import BOTS, MemoryBot, SearchBot, Seen, heuristic_choice, make_bot
from skitgubbe_core.simulate import simulate

BOT_OPTIONS = {"search": {"playouts": 4}, "memory": {"playouts": 4}}


def _bot(name, seed):
    return make_bot(name, seed, **BOT_OPTIONS.get(name, {}))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_bot_plays_only_legal_moves_in_every_preset(preset):
    p = PRESETS[preset]
    for players in sorted({p.min_players, p.max_players}):
        for name in BOTS:
            game = Game(players, preset, seed=players)
            bots = [_bot(name, seat) for seat in range(players)]
            limit = {"search": 12, "memory": 40, "random": 300}.get(name, 3000)
            while not game.is_over and game.move_count < limit:
                action = bots[game.to_play].choose(game)
                assert action in game.legal_actions()
                game.play(action)
            if name == "heuristic":
                assert game.is_over, f"{preset} {players}p: the heuristic game did not end"


def _hide_differently(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` in which every card ``seat`` cannot see is dealt anew: the
    other hands (same sizes), the stock order and the face-down trump card."""
    other = game.copy()
    s = other.state
    seen = Seen(s, other.rules, seat)
    pool = list(seen.unseen)
    rng.shuffle(pool)
    for q in range(s.n):
        if q != seat:
            size = len(s.hands[q])
            s.hands[q], pool = pool[:size], pool[size:]
    if s.trump_card is not None:
        s.trump_card, pool = pool[0], pool[1:]
    s.stock = ([seen.turned_up] if seen.turned_up is not None else []) + pool
    assert sorted(other.all_cards()) == list(range(52))
    return other


@pytest.mark.parametrize("preset", ["skitgubbe", "mas", "mattis", "atlanta", "koira",
                                    "skitgubbe-sequences", "myllymatti"])
def test_a_bots_choice_does_not_depend_on_cards_it_cannot_see(preset):
    rng = random.Random(preset)
    players = PRESETS[preset].usual_players
    for seed in range(3):
        game = Game(players, preset, seed=seed)
        driver = random.Random(seed)
        while not game.is_over and game.move_count < 160:
            if game.move_count % 9 == 4 and len(game.legal_actions()) > 1:
                seat = game.to_play
                twin = _hide_differently(game, seat, rng)
                for name in BOTS:
                    a = _bot(name, 5).choose(game)
                    b = _bot(name, 5).choose(twin)
                    assert a == b, f"{name} at move {game.move_count} of {preset} seed {seed}"
            game.play(driver.choice(game.legal_actions()))


def _hide_what_it_does_not_remember(game: Game, bot: MemoryBot, rng: random.Random) -> Game:
    """A copy of ``game`` in which the cards ``bot`` can neither see nor remember are
    dealt anew; each remembered card stays in its holder's hand."""
    other = game.copy()
    s = other._state
    seat = s.to_play
    assert seat is not None
    seen = Seen(s, other.rules, seat)
    held = {c for cards in bot.known for c in cards}
    pool = [c for c in seen.unseen if c not in held]
    rng.shuffle(pool)
    for q in range(s.n):
        if q != seat:
            need = len(s.hands[q]) - len(bot.known[q])
            s.hands[q], pool = sorted(bot.known[q]) + pool[:need], pool[need:]
    if s.trump_card is not None:
        s.trump_card, pool = pool[0], pool[1:]
    s.stock = ([seen.turned_up] if seen.turned_up is not None else []) + pool
    assert sorted(other.all_cards()) == list(range(52))
    return other


@pytest.mark.parametrize("preset", ["skitgubbe", "mas", "koira", "atlanta"])
def test_the_memory_player_remembers_only_true_public_cards_and_sees_no_hidden_one(preset):
    rng = random.Random(preset)
    players = PRESETS[preset].usual_players
    remembered = 0
    for seed in range(2):
        game = Game(players, preset, seed=seed, narrate=False)
        memory = MemoryBot(seed, playouts=4)
        others = [make_bot("heuristic", p) for p in range(players)]
        decisions = 0
        while not game.is_over and game.move_count < 400:
            if game.to_play != 0:
                game.play(others[game.to_play].choose(game))
                continue
            memory.observe(game, Seen(game._state, game.rules, 0))
            for q, cards in enumerate(memory.known):
                assert cards <= set(game.hands[q]), f"{preset}: a false memory of seat {q}"
            remembered += sum(len(cards) for cards in memory.known)
            decisions += 1
            if decisions % 4 == 0 and len(game.legal_actions()) > 1:
                twin = _hide_what_it_does_not_remember(game, memory, rng)
                first, second = copy.deepcopy(memory), copy.deepcopy(memory)
                assert first.choose(game) == second.choose(twin), f"{preset} move {game.move_count}"
            game.play(memory.choose(game))
    assert remembered > 0, f"{preset}: the memory player remembered nothing"


def test_the_heuristic_follows_its_rules_of_thumb():
    game = Game(3, start={
        "phase": 2, "trump": "H", "to_play": "A",
        "hands": {"A": ["3S", "9S", "4H", "QH"], "B": ["5D", "6D"], "C": ["KC", "2C"]},
        "table": ["C: 7S"], "leader": "C", "trick_size": 3})
    seen = Seen(game.state, game.rules, 0)
    assert str(heuristic_choice(seen, game.legal_actions()).cards[0]) == "9♠"


def test_heuristic_loses_well_under_a_third_against_two_random_players():
    df = simulate("skitgubbe", 3, 90, seed=10, bots=["heuristic", "random", "random"],
                  rotate=True)
    assert not df["unfinished"].any()
    assert (df["loser_bot"] == "heuristic").mean() < 0.15


def test_search_finds_the_winning_lead_that_the_heuristic_misses():
    # Phase 2, hearts trumps, C is out; B leads against A's K♠ Q♦.  The heuristic
    # leads its lowest non-trump, 9♣, and loses; leading A♠ first wins.
    game = Game(3, start={
        "phase": 2, "trump": "H", "to_play": "B", "out": ["C"],
        "hands": {"A": ["KS", "QD"], "B": ["9C", "QS", "AS", "QC", "JD"], "C": []}})
    seen = Seen(game.state, game.rules, 1)
    assert heuristic_choice(seen, game.legal_actions()).cards == tuple(parse_cards("9C"))
    assert SearchBot(1, playouts=40).choose(game).cards == tuple(parse_cards("AS"))


def test_make_bot_names_the_bots_and_refuses_unknown_ones():
    assert {name: make_bot(name, 1).name for name in BOTS} == {n: n for n in BOTS}
    with pytest.raises(RulesError, match="unknown bot 'clever'; the bots are random"):
        make_bot("clever")
