"""What the browser tests of the Quiz widget share (JupyterLab and Voila): answering
the first pick-up-case questions of notebook 03 by mouse and by keyboard, timing each
answer and each new question from the press to the change on the page."""

from __future__ import annotations

WATCH = """([root, kind]) => {
    const prompt = () => (root.querySelector('.sg-prompt') || {}).textContent;
    const board = () => root.querySelector('.sg-board-area').innerHTML;
    const before = kind === 'board' ? board() : prompt();
    const done = () => kind === 'feedback' ? !!root.querySelector('.sg-feedback')
                       : (kind === 'board' ? board() : prompt()) !== before;
    let start = null;
    const press = () => { if (start === null) start = performance.now(); };
    document.addEventListener('pointerdown', press, {capture: true, once: true});
    document.addEventListener('keydown', press, {capture: true, once: true});
    window.sgTiming = new Promise(resolve => {
        const watch = new MutationObserver(() => {
            if (start !== null && done()) { watch.disconnect(); resolve(performance.now() - start); }
        });
        watch.observe(root, {childList: true, subtree: true, characterData: true,
                             attributes: true});
    });
}"""


def timed(tab, quiz, kind: str, act) -> float:
    """Milliseconds from the press that ``act`` makes to the quiz showing ``kind``
    (``feedback``: an answer's feedback; ``prompt``: the next question), or to a new
    board (``board``: any widget's board area, e.g. the play table's)."""
    tab.evaluate(WATCH, [quiz.element_handle(), kind])
    act()
    return tab.evaluate("window.sgTiming")


def answer_by_mouse_and_keyboard(tab) -> dict[str, list[float]]:
    """Notebook 03's quiz: a wrong answer by mouse (feedback with the rule, then show
    me up to the answer), the next question by mouse, a right answer by keyboard (a
    card button), the next question by keyboard; returns the times in ms."""
    quiz = tab.locator(".sg-quiz").first
    quiz.scroll_into_view_if_needed()
    quiz.locator(".sg-prompt:has-text('Who leads the next trick?')").wait_for(state="visible")
    assert quiz.locator(".sg-turn").count() == 0
    times: dict[str, list[float]] = {"answer": [], "question": []}
    choices = quiz.locator("button.sg-choice")
    from playwright.sync_api import expect

    # the buttons arrive one widget at a time: wait for all three
    expect(choices).to_have_text(["A", "B", "C"])
    times["answer"].append(timed(tab, quiz, "feedback", choices.nth(0).click))
    wrong = quiz.locator(".sg-feedback.sg-wrong")
    assert "rule 11a, a full trick" in wrong.inner_text()
    assert "the lead goes to C, who played last" in wrong.inner_text()
    quiz.locator(".sg-score:has-text('score 0 of 1')").wait_for()
    show_me = quiz.locator("button.sg-show-me")
    board = quiz.locator(".sg-board").first
    for _ in range(10):
        if not show_me.is_enabled():
            break
        before = board.inner_html()
        show_me.click()
        # widgets update one by one: the board may change before the button is disabled
        tab.wait_for_function("([b, old, button]) => b.innerHTML !== old || button.disabled",
                              arg=[board.element_handle(), before, show_me.element_handle()])
    quiz.locator(".sg-board .sg-status:has-text('C to play')").wait_for(state="visible")
    times["question"].append(timed(tab, quiz, "prompt",
                                   quiz.locator("button.sg-next-question").click))
    quiz.locator(".sg-prompt:has-text('What does C pick up?')").wait_for(state="visible")
    jack = quiz.locator("button.sg-choice[title='jack of hearts']")
    assert "J" in jack.inner_text() and jack.evaluate("b => getComputedStyle(b).color") \
        == "rgb(200, 16, 46)"

    def by_keyboard() -> None:
        jack.focus()
        tab.keyboard.press("Enter")

    times["answer"].append(timed(tab, quiz, "feedback", by_keyboard))
    right = quiz.locator(".sg-feedback.sg-right")
    assert right.inner_text().strip().startswith("Right: C picks up J")
    quiz.locator(".sg-score:has-text('score 1 of 2')").wait_for()

    def next_by_keyboard() -> None:
        quiz.locator("button.sg-next-question").focus()
        tab.keyboard.press("Space")

    times["question"].append(timed(tab, quiz, "prompt", next_by_keyboard))
    quiz.locator(".sg-prompt:has-text('What may A do now?')").wait_for(state="visible")
    for _ in range(3):  # more answers and questions, for the timing
        times["answer"].append(timed(tab, quiz, "feedback", choices.first.click))
        times["question"].append(timed(tab, quiz, "prompt",
                                       quiz.locator("button.sg-next-question").click))
    return times


def answer_in_any_language(tab, quiz) -> None:
    """A quiz of any notebook, in any language: an answer by mouse (its feedback takes the
    focus), the next question by keyboard (its first choice takes the focus) and an
    answer by keyboard."""
    from playwright.sync_api import expect

    quiz.scroll_into_view_if_needed()
    quiz.locator("button.sg-choice").first.click()
    expect(quiz.locator(".sg-feedback")).to_be_focused()
    quiz.locator("button.sg-next-question").focus()
    tab.keyboard.press("Enter")
    expect(quiz.locator("button.sg-choice").first).to_be_focused()
    expect(quiz.locator(".sg-feedback")).to_have_count(0)
    tab.keyboard.press("Enter")
    expect(quiz.locator(".sg-feedback")).to_be_focused()
