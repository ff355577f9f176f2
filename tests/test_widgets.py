"""Widgets without a browser: build them, press their buttons, choose from their menus,
and look at what they show."""

from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

import skitgubbe_widgets
from skitgubbe_core import OPTIONS, PRESETS, Game, examples, record
from skitgubbe_core.frames import key_frames
from skitgubbe_core.simulate import random_game
from skitgubbe_core.view import SIZES
from skitgubbe_widgets import (
    PlayTable,
    RuleSwitcher,
    Stepper,
    card_html,
    tables,
)
from tests.tabling import hand, move_on, playable, send


def test_a_card_has_rank_suit_text_presentation_and_an_accessible_label():
    from skitgubbe_core import parse_card
    html = card_html(parse_card("10H"))
    assert 'aria-label="ten of hearts"' in html and 'title="ten of hearts"' in html
    assert "10<" in html and "♥\ufe0e" in html
    four = card_html(parse_card("QC"), deck="four-colour")
    assert "color:#6a2c91" in four and "♣\ufe0e" in four


def test_a_game_displays_itself_as_html_with_names_escaped():
    game = Game(["<i>Ann</i>", "Bo", "Cai"], seed=2)
    html = game._repr_html_()
    assert "&lt;i&gt;Ann&lt;/i&gt;" in html and "<i>Ann" not in html
    assert "<svg" not in html and "The table is empty." in html


def test_stepper_buttons_and_frame_box_move_through_the_frames():
    s = Stepper("pickup-case-5")
    assert len(s.frames) == len(s.steps) == 6 and s.position == 0
    assert s.words["frame"] == "frame" and s.words["next"] == "next"
    assert "Start." in s.narration and s.label == "start · frame 1 of 6"
    s.go(s.position + 1)
    assert s.position == 1 and "A leads 9♥" in s.narration
    assert s.label == "move 1 · frame 2 of 6"
    s.go(s.position + 1)
    assert "B beats 9♥\ufe0e with J♥" in s.narration and "move 2, 1 of 2" in s.label
    s.go(s.position + 1)
    assert "is out: safe" in s.narration and "out - safe" in s.board
    s.go(len(s.frames) - 1)
    assert s.position == 5
    s.go(s.position + 1)  # no further than the last
    assert s.position == 5
    assert "the lead passes to C" in s.narration
    s.go(s.position - 1)
    assert s.position == 4
    s.go(0)
    assert s.position == 0
    s.go(3)
    assert s.position == 3 and "is out: safe" in s.narration


def test_stepper_moves_by_whole_moves_too():
    s = Stepper("stunsa-seven")
    s.go(s.move_start(+1))
    assert s.frame.label == "move 1, 1 of 2"
    s.go(s.move_start(+1))
    s.go(s.position + 1)
    assert s.frame.label == "move 2, 2 of 3"
    assert s.board.count("sg-mark-stunsa") == 2 and "stunsa" in s.board
    s.go(s.move_start(-1))
    assert s.frame.label == "move 2, 1 of 3"
    s.go(s.move_start(-1))
    assert s.frame.label == "move 1, 1 of 2"
    s.go_to_move(4)
    assert s.frame.label == "move 4, 1 of 3" and "B has played" in s.board
    s.go(s.position + 1)
    assert s.board.count("sg-win") == 1 and "wins" in s.board


def test_stepper_narrates_one_sentence_per_event_with_the_rule_one_click_away():
    s = Stepper("stunsa-seven")
    s.go(4)
    html = s.narration
    assert html.count("<details") == 1 and html.count("<summary") == 1
    assert "rule 4: stunsa (bounce)" in html and "Sources:" in html
    assert "Sources of these rules:" in s.sources


def test_stepper_shows_a_snapshot_of_the_game_it_was_given():
    game = random_game(3, seed=4)
    s = Stepper(game)
    frames, pictures = len(s.frames), [s.board]
    s.go(len(s.frames) - 1)
    pictures.append(s.board)
    game.undo()
    game.undo()
    s.viewer = 2  # B's view
    s.viewer = 0  # everyone's cards
    assert s.board == pictures[1]
    s.go(0)
    assert s.board == pictures[0] and len(s.frames) == frames
    moves = s.game.move_count
    game.play(game.legal_actions()[0])
    s.go(len(s.frames) - 1)
    assert s.board == pictures[1] and s.game.move_count == moves == game.move_count + 1


def test_stepper_back_and_forth_shows_the_same_pictures():
    s = Stepper(random_game(3, seed=4))
    seen = {}
    last = len(s.frames) - 1
    for i in list(range(last + 1)) + list(range(last, -1, -7)):
        s.go(i)
        seen.setdefault(i, (s.board, s.narration))
        assert seen[i] == (s.board, s.narration)


def test_stepper_static_picture_is_the_whole_example_as_a_strip():
    s = Stepper("koira-tie-redistribution")
    html = s.static_html()
    assert html.count('<section class="sg-frame"') == len(key_frames(s.frames)) == 15
    assert "F gets 8♥\ufe0e, into their pile" in html
    long = Stepper(random_game(3, seed=7))
    assert long.static_html().count('<section class="sg-frame"') == 40
    assert f"The first 40 of {len(key_frames(long.frames))} frames" in long.static_html()


def test_stepper_large_size_scales_the_board_in_the_browser():
    s = Stepper("stunsa-seven", size="large")
    assert s.size == "large" and "font-size:1em" in s.board  # drawn once, scaled by CSS
    css = (Path(skitgubbe_widgets.__file__).parent / "front" / "skitgubbe.css").read_text()
    for size, scale in SIZES.items():
        if size != "normal":
            assert f".sg-size-{size} .sg-scaled {{ font-size: {scale}; }}" in css


def test_stepper_one_players_view_hides_the_other_hands():
    s = Stepper("stunsa-seven", viewer="A")
    assert s.board.count('aria-label="3 face-down cards"') == 2
    s.viewer = 0  # everyone's cards
    assert 'aria-label="3 face-down cards"' not in s.board


def test_stepper_accepts_records_scenarios_and_games():
    game = random_game(3, seed=9)
    assert Stepper(record.to_record(game)).frames[-1].move == game.move_count
    assert Stepper(examples.load("stunsa-chain")).frames[-1].move == 6
    assert Stepper(game).frames[-1].move == game.move_count
    with pytest.raises(TypeError, match="source must be a Game, a Scenario"):
        Stepper(5)


def test_play_table_offers_only_legal_moves_and_explains_illegal_ones():
    t = PlayTable(seed=3)
    offered = {t.table["hand"][i]["label"].replace("\ufe0e", "") for i in playable(t)}
    offered |= set(t.table["moves"])
    assert {a.text.replace("play ", "").replace("turn", "turn up the top stock card")
            for a in t.game.legal_actions()} == offered
    assert all("\ufe0e" in c["label"] for c in t.table["hand"])
    assert t.game.to_play == 0
    send(t, "play", text="play ZZ")
    assert "Not allowed" in t.message and "is not a card" in t.message and t.table["alert"]
    said = t.table["said"]
    t.play("play ZZ")  # the same refusal again is told again
    assert t.table["said"] == said + 1 and t.table["message"] == t.message
    t.play("pick up")
    assert "there is nothing to pick up in phase 1" in t.message
    before, board = t.game.move_count, t.board
    send(t, "card", index=playable(t)[0])
    assert t.game.move_count > before and t.message == "" and not t.table["alert"]
    assert t.board != board and "Alex leads" in t.narration


def test_play_table_answers_only_the_messages_of_its_front_end():
    """A click on a control the table shows disabled, an index out of the hand, a card it
    shows greyed out, a typed move too long or of the wrong kind: nothing is played."""
    t = PlayTable(seed=4)
    refused = [i for i, c in enumerate(t.table["hand"]) if not c["playable"]]
    board = t.table
    for event, fields in [("undo", {}), ("next", {}), ("card", {"index": 99}), ("card", {"index": True}),
                          ("card", {"index": -1}), ("move", {"index": "0"}), ("opponent", {"name": "typo"}),
                          ("play", {"text": 7}), ("nonsense", {})] + [("card", {"index": i}) for i in refused]:
        send(t, event, **fields)
        assert t.game.move_count == 0 and t.table == board, (event, fields)
    t.received(t, ["not", "a", "dict"], [])
    send(t, "play", text="play " + "7D" * 10_000)
    assert t.game.move_count == 0 and "Not allowed" in t.message and len(t.message) < 1000


def test_play_table_lets_the_reader_choose_the_opponents():
    t = PlayTable(seed=3)
    assert t.table["opponent"] == "random" and {b.name for b in t.bots.values()} == {"random"}
    assert [o["name"] for o in t.table["opponents"]] == ["random", "heuristic", "search", "memory"]
    send(t, "opponent", name="heuristic")
    assert t.opponent == "heuristic" and {b.name for b in t.bots.values()} == {"heuristic"}
    assert t.table["opponent"] == "heuristic"
    t.new_deal()
    assert {b.name for b in t.bots.values()} == {"heuristic"} and t.table["opponent"] == "heuristic"
    while not t.game.is_over and t.game.move_count < 40:
        move_on(t)
    assert t.game.move_count >= 40 or t.game.is_over


def test_play_table_plays_a_whole_game_by_buttons():
    t = PlayTable("koira", players=("Alex", "Bo", "Cai", "Dan"), seed=5)
    while not t.game.is_over and t.game.move_count < 3000:
        move_on(t)
    while t.waiting:
        send(t, "next")
    assert t.game.is_over and not t.table["enabled"]["entry"] and t.table["next_label"] == "game over"
    assert "Skitgubbe" in t.board


def test_rule_switcher_shows_each_reading_side_by_side():
    r = RuleSwitcher("disagreement-trumping", "beat")
    assert r.values == ["any-trump", "follow-suit"]
    assert r.step == 0 and "Start." in r.shown[0][1]
    assert r.words["step"] == "step" and r.steps == 2 and len(r.columns) == 2
    assert "beat = " not in r.static_html() and "Refused under this reading" in r.static_html()
    r.go(9)  # clamped to the last step
    assert r.step == 2
    (_, any_text), (_, follow_text) = r.shown
    assert "B beats 8♥ with 2♠" in any_text.replace("\ufe0e", "")
    assert "Refused under this reading" in follow_text
    assert "must follow suit" in follow_text
    assert [len(c["pages"]) for c in r.columns] == [len(pages) for pages in r.pages]
    r.go(0)
    (_, any_text), (_, follow_text) = r.shown
    assert "Start." in any_text and "Start." in follow_text


def test_tables_and_family_tree():
    variants = tables.variants_table()
    assert len(variants) == len(PRESETS) and variants.loc["koira", "players"] == "3-8"
    differences = tables.differences_table(options=True)
    assert "pick_up=lowest" in differences.loc["mattis", "options"]
    assert "_" not in differences.loc["mattis", "differs from basic Skitgubbe in"]
    assert tables.rules_table().loc["11b", "name"] == "an emptied trick"
    assert "V4" in tables.rules_table().index
    assert len(tables.disagreements_table()) >= 8
    assert "Blåmattis" in tables.glossary_table().index
    assert tables.history_table().index[0] == "1808"
    assert len(tables.options_table()) == len(OPTIONS)
    tree = tables.family_tree()._repr_html_()
    assert all(f"<b>{name}</b>" in tree
               for name in ("Myllymatti", "Koira", "Mattis", "Atlanta", "Skitgubbe / Mas"))
    assert "dashed" in tree and "said to be close kin of Atlanta" in tree


def test_tables_and_tree_need_no_pandas(monkeypatch):
    """The offline JupyterLite site has no pandas: the same tables, drawn the same way."""
    frames = {name: tables.show(getattr(tables, name)(), name)._repr_html_()
              for name in ("history_table", "variants_table", "options_table", "glossary_table")}
    monkeypatch.setattr(tables, "pandas", None)
    for name, html in frames.items():
        rows = getattr(tables, name)()
        assert isinstance(rows, tables.Rows)
        assert tables.show(rows, name)._repr_html_() == html


def test_the_family_tree_draws_only_relations_the_sources_state():
    from skitgubbe_core.family import LINEAGE
    kinds = {(r.older.split("\n")[0], r.younger.split("\n")[0]): r.kind for r in LINEAGE}
    assert kinds[("Koira", "Mattis")] == "kin"
    assert ("Skitgubbe / Mas", "Mattis") not in kinds
    assert kinds[("Mattis", "Atlanta")] == "variant"
    assert all(r.sources for r in LINEAGE)


def test_the_family_tree_shows_a_sources_reading_as_no_game():
    tree = tables.family_tree()._repr_html_()
    assert "German summary\n" not in tree and "summary (sets)" not in tree
    reading = tree[tree.index('class="sg-reading"'):]
    reading = reading[:reading.index("</li>")]
    assert "border" not in reading and "German summary" in reading and "not a game" in reading


def test_tables_show_left_aligned_and_fold_long_ones():
    shown = tables.show(tables.options_table(), "Every rule option")._repr_html_()
    assert shown.startswith("<details") and "text-align:left" in shown
    short = tables.show(tables.history_table(), "History")._repr_html_()
    assert "<details" not in short and "<table" in short


@pytest.mark.parametrize("make", [lambda: Stepper("stunsa-seven"), lambda: PlayTable(seed=2),
                                  lambda: RuleSwitcher("disagreement-pick-up", "pick_up")])
def test_every_widget_carries_a_static_picture_for_viewers_without_a_kernel(make):
    widget = make()
    bundle = widget._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert 'class="sg-card"' in bundle["text/html"]
    assert bundle["text/plain"] == repr(widget)


def test_play_table_hand_is_sorted_cards_with_only_legal_ones_enabled():
    t = PlayTable(seed=3)
    cards = sorted(t.game.hands[0], key=lambda c: (c & 3, c))
    assert hand(t) == [f"{c.label}{'♠♥♦♣'[c.suit]}" for c in cards]
    legal = {a.cards[0] for a in t.game.legal_actions() if a.kind == "play"}
    assert [c["playable"] for c in t.table["hand"]] == [c in legal for c in cards]
    assert t.table["moves"] == ["turn up the top stock card"]
    assert t.table["hand"][0] == {"label": "5♥\ufe0e", "name": "five of hearts", "playable": True,
                                  "tip": "play the five of hearts", "red": True}


def test_play_table_trumps_go_last_in_phase_2():
    t = PlayTable(seed=4)
    while t.game.phase == 1 and not t.game.is_over:
        move_on(t)
    while t.waiting:
        send(t, "next")
    trump = t.game.trump
    suits = [c & 3 for c in t.game.hands[0]]
    if trump in suits and len(set(suits)) > 1:
        assert hand(t)[-1][-1] == "♠♥♦♣"[trump]


def test_play_table_shows_the_computer_moves_frame_by_frame_then_undo_and_new_deal():
    t = PlayTable(seed=3)
    enabled = t.table["enabled"]
    assert not t.waiting and not enabled["next"] and not enabled["undo"] and enabled["hint"]
    first = t.game.position()
    send(t, "card", index=playable(t)[0])
    assert t.waiting and t.table["enabled"]["next"] and t.table["next_label"] == "next step"
    assert playable(t) == [] and not t.table["enabled"]["entry"] and not t.table["enabled"]["hint"]
    seen = []
    while t.waiting:
        seen.append(t.narration)
        send(t, "next")
    assert len(seen) >= 2 and any("Bo" in s for s in seen)
    assert t.game.to_play == 0 or t.game.is_over
    send(t, "undo")
    assert t.game.move_count == 0 and t.game.position() == first and not t.table["enabled"]["undo"]
    send(t, "new")
    assert t.seed == 4 and t.game.seed == 4 and t.game.move_count == 0


def test_play_table_refuses_a_move_while_there_is_something_to_see():
    t = PlayTable(seed=3)
    send(t, "card", index=playable(t)[0])
    t.play("pick up")
    assert "next step" in t.message and t.table["alert"]


def test_play_table_skips_to_my_turn_and_plays_to_the_end_with_a_log_of_the_deal():
    t = PlayTable(seed=3)
    send(t, "card", index=playable(t)[0])
    assert t.waiting and t.table["enabled"]["skip"]
    send(t, "skip")
    assert not t.waiting and t.game.to_play == 0 and not t.table["enabled"]["skip"]
    log = t.table["log"]
    assert log["lines"][-1].startswith("<li><b>1.</b> Alex leads")  # latest first
    assert any("Bo draws a card from the stock" in line.replace("\ufe0e", "") for line in log["lines"])
    assert t._shown is not None and t._shown.move == t.game.move_count
    send(t, "finish")
    assert t.game.is_over and not t.table["enabled"]["finish"] and t.table["next_label"] == "game over"
    log = t.table["log"]
    assert log["count"] == f"({t.game.move_count}, latest first)"
    assert len(log["lines"]) == 40 and log["more"] == f"... and {t.game.move_count - 40} earlier moves"
    send(t, "undo")
    assert not t.game.is_over and t.game.to_play == 0


def test_play_table_shows_the_hand_once_as_the_frame_has_it():
    t = PlayTable(seed=3)
    assert "your 3 cards: below" in t.board and t.board.count("sg-card") == 0
    send(t, "card", index=playable(t)[0])
    while t.waiting:
        shown = t._shown
        assert sorted(hand(t)) == sorted(f"{c.label}{'♠♥♦♣'[c.suit]}" for c in shown.state.hands[0])
        send(t, "next")


def test_play_table_move_box_plays_only_the_readers_seat():
    t = PlayTable(seed=3)
    send(t, "play", text="Bo: turn")
    assert "you play for Alex only" in t.message and t.game.move_count == 0
    send(t, "play", text="Alex: turn")
    assert t.game.move_count == 1 and t.message == ""


def test_play_table_hint_says_what_may_be_played_and_why_not_the_rest():
    t = PlayTable(seed=4)
    send(t, "hint")
    assert t.message.startswith('<div class="sg-hint"><b>You may:</b>') and not t.table["alert"]
    assert t.table["message"] == t.message


def test_play_table_pictures_only_the_last_step(monkeypatch):
    import skitgubbe_core.frames
    t = PlayTable("koira", players=("A", "B", "C", "D", "E", "F"), seed=2)

    def refuse(*args):
        raise AssertionError("the play table replayed the whole game")
    monkeypatch.setattr(skitgubbe_core.frames, "frames", refuse)
    t.play(t.game.legal_actions(0)[0])
    for _ in range(30):
        send(t, "next")
    send(t, "skip")
    assert t.game.move_count > 5


def test_every_widget_has_a_size_switch_and_classroom_sets_the_default():
    from skitgubbe_widgets import Quiz, classroom
    from skitgubbe_widgets.classroom import default_size
    makers = [lambda: Stepper("stunsa-seven"), lambda: PlayTable(seed=2),
              lambda: RuleSwitcher("disagreement-pick-up", "pick_up"),
              lambda: Quiz("stunsa-seven")]
    classroom(size="large")
    try:
        widgets = [make() for make in makers]
    finally:
        classroom(size="normal")
    assert default_size() == "normal"
    # drawn by the front end: the size and the switch's words are sent, the browser scales
    for widget in widgets:
        assert widget.size == "large" and list(widget.words["sizes"]) == ["normal", "large", "huge"]
        widget.size_switch.set("huge")
        assert widget.size == "huge"
    with pytest.raises(ValueError, match="size cannot be .giant.: choose one of normal, large, huge"):
        classroom(size="giant")


def test_play_table_says_why_each_greyed_card_is_refused():
    """A card the reader may not play is greyed out, and its tip gives the engine's
    refusal with its rule (the same words the hint and a typed move give)."""
    from skitgubbe_core.actions import PLAY, Action
    from skitgubbe_core.rulebook import RULEBOOK

    t = PlayTable(seed=4)
    checked = 0
    while not t.game.is_over and t.game.move_count < 400 and checked < 3:
        if not t.waiting:
            for shown in t.table["hand"]:
                if not shown["playable"]:
                    card = next(c for c in t.game.hands[0]
                                if f"{c.label}{'♠♥♦♣'[c.suit]}" == shown["label"].replace("\ufe0e", ""))
                    reason, rule = t.game.refusal(Action(0, PLAY, (card,)))
                    assert shown["tip"].endswith(f": {reason} ({RULEBOOK[rule].reference})")
                    checked += 1
        move_on(t)
    assert checked >= 3


def test_koira_sources_are_those_of_the_rules_it_uses_in_koira():
    koira = Stepper("koira-tie-redistribution").sources
    assert "Swedish edition" in koira
    for other in ("Atlanta", "German summary", "common disputes", "Cappelens"):
        assert other not in koira
    assert "common disputes" in Stepper("stunsa-seven").sources


def test_rule_switcher_text_is_single_spaced_and_atlanta_plays_with_three():
    switcher = RuleSwitcher("disagreement-pick-up", "pick_up")
    switcher.go(2)
    for column, (_, narration) in zip(switcher.columns, switcher.shown, strict=True):
        assert "line-height:1.4" in column["head"]
        assert 'class="sg-narration" style="line-height:1.4"' in narration
    players = tables.variants_table()["players"]
    assert players["atlanta"] == "3" and players["koira"] == "3-8"


def test_the_front_end_is_sent_names_escaped_in_html_and_raw_only_as_text():
    """What the browser gets as HTML (the pieces) escapes a player's name and a title;
    names and titles sent as text (the viewer menu, the heading, a quiz's prompts) are
    raw, for the module to set as text (tests/test_front_module.py shows it does)."""
    from skitgubbe_widgets import Quiz

    game = random_game(["<i>A</i>", "Bo", "Cai"], seed=3)
    stepper = Stepper(game, title="<b>T</b>")
    quiz = Quiz(game)
    for widget in stepper, quiz:
        assert not any("<i>A</i>" in piece or "<b>T</b>" in piece for piece in widget.pieces)
        assert any("&lt;i&gt;A&lt;/i&gt;" in piece for piece in widget.pieces)
    assert stepper.viewers[1] == "<i>A</i>" and stepper.heading == "<b>T</b>"


def test_the_table_answers_every_message_so_the_browser_knows_python_runs():
    """Without an answer the front end says that no Python runs (a stored notebook):
    so every message gets one, a click that changes nothing and a malformed one too."""
    table = PlayTable(seed=3)
    answers: list[object] = []
    table.send = answers.append  # what goes to the browser
    send(table, "hint")
    send(table, "nosuch")
    table._handle_msg({"content": {"data": {"method": "custom", "content": "play"}}, "buffers": []})
    assert answers == [{"answered": True}] * 3
    assert "Python" in table.words["no-python"]
