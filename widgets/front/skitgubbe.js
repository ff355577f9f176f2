/*
 * skitgubbe's front end: the stepper, the quiz, the rule switcher and the play table,
 * drawn from data Python sent once (skitgubbe_widgets.frontend). Plain modern JS, no
 * build step, no dependencies. The words shown come from Python, translated (the
 * `words` trait); HTML comes only from Python's view.py (which escapes what users
 * typed); text set here goes in as textContent.
 *
 * Contract: `render({model, el, front})` draws `model` into `el`; `front` is the shared
 * model that holds this module (`source`) and the style sheet (`style`). For the
 * stepper, the quiz and the rule switcher, render() uses only
 *   model.get(name), model.set(name, value), model.on("change:name", cb),
 *   model.off("change:name", cb), model.save_changes() (never called while stepping or
 *   answering), model.send(content) (only Quiz.drill asking for its next batch),
 *   model.widget_manager.get_model(id) (in the loader: a Promise of the shared model;
 *   ids as stored, the "IPY_MODEL_" prefix stripped),
 * so it runs in JupyterLab with or without a kernel and from stored widget state.
 * The play table's engine is in Python: it draws the trait `table` (PlayTable.view_data)
 * each time Python sets it, and sends every click, Enter and choice as
 * model.send({event, ...}) (PlayTable.received), which Python answers with a custom
 * message {answered: true} (model.on("msg:custom", cb)). Without an answer (or, for a
 * drill, its next batch) within NO_ANSWER_MS, the view says that no Python runs here.
 *
 * Traits of every view: kind ("stepper", "quiz", "switcher", "table"), size ("normal",
 * "large", "huge"), words (translated words), front (the shared model's reference).
 */

const SIZES = ["normal", "large", "huge"];
/** How long a drill waits for its next batch before it says that no Python answers. */
const NO_ANSWER_MS = 5000;
let uid = 0;

/** The style sheet of the shared model, once per page (replaced if it changed). */
function useStyle(front) {
  const css = front.get("style");
  let sheet = document.getElementById("skitgubbe-style");
  if (!sheet) {
    sheet = document.createElement("style");
    sheet.id = "skitgubbe-style";
    document.head.appendChild(sheet);
  }
  if (sheet.textContent !== css) sheet.textContent = css;
}

/** An element: `props` sets properties (className, textContent, title, ...), `attrs`
 * attributes (aria-*, data-*), then the children are appended. */
function h(tag, props = {}, attrs = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

/** Button `b`'s visible `text`; `tip`, when given, is its tooltip and completes its
 * accessible name ("move, back to the previous move"), or is that name when it starts
 * with the text ("large, for a projector", not "large, large, for a projector"). */
function label(b, text, tip) {
  b.textContent = text;
  if (!tip) return;
  b.title = tip;
  if (tip !== text) b.setAttribute("aria-label", tip.toLowerCase().startsWith(text.toLowerCase()) ? tip : `${text}, ${tip}`);
}

/** A native button with visible `text` and `tip` (see label()). */
function button(text, tip, onClick, className = "") {
  const b = h("button", { type: "button", className: `sg-button ${className}`.trim() });
  label(b, text, tip);
  b.addEventListener("click", onClick);
  return b;
}

/** Pieces of HTML joined by their numbers (base 36, separated by spaces; see
 * frontend.Pieces). */
function joined(pieces, numbers) {
  return numbers.split(" ").filter(Boolean).map((n) => pieces[parseInt(n, 36)]).join("");
}

/** Fill in `{name}` fields of a translated template. */
function format(template, fields) {
  return template.replace(/\{(\w+)\}/g, (all, name) => (name in fields ? String(fields[name]) : all));
}

/** The widget's root: our class, its size's class, and JupyterLab told to leave our keys
 * alone (data-lm-suppress-shortcuts): on the root, and on each element of ours that takes
 * the focus, since JupyterLab's command mode matches the focused element itself before it
 * looks at its ancestors ("m" on a focused button would turn the cell into Markdown).
 * The view returns it drawn; render() puts it into the page. */
function widgetRoot(kind, size) {
  const root = h("div", { className: `sg-widget sg-${kind} sg-size-${size}` },
                 { "data-lm-suppress-shortcuts": "true" });
  root.addEventListener("focusin", (event) => {
    if (event.target instanceof HTMLElement) event.target.setAttribute("data-lm-suppress-shortcuts", "true");
  });
  return root;
}

/** The size switch: three buttons, aria-pressed on the one in use; sizes the root in the
 * browser only, and follows the model's `size` (Python's size_switch.set, the static
 * site's page-wide switch). */
function sizeSwitch(root, words, model, cleanups) {
  const id = `sg-size-label-${++uid}`;
  const group = h("div", { className: "sg-size-switch" }, { role: "group", "aria-labelledby": id },
                  h("span", { id, className: "sg-size-label", textContent: words.size }));
  const buttons = {};
  const set = (size) => {
    for (const s of SIZES) {
      root.classList.toggle(`sg-size-${s}`, s === size);
      buttons[s].setAttribute("aria-pressed", String(s === size));
    }
  };
  for (const s of SIZES) {
    buttons[s] = button(words.sizes[s], words.size_tips[s], () => set(s), "sg-size");
    group.append(buttons[s]);
  }
  set(model.get("size"));
  follow(model, "size", set, cleanups);
  return group;
}

/** Python's answer to a message: `start()` when one is sent; unless Python answers
 * ({answered: true}, a custom message) or `done()` comes within NO_ANSWER_MS, `silent()`
 * tells the reader that no Python runs here (a stored page: the static site, a notebook
 * not run). */
function awaitPython(model, silent, cleanups) {
  let timer = null;
  const done = () => { clearTimeout(timer); timer = null; };
  const answered = (content) => { if (content && content.answered) done(); };
  model.on("msg:custom", answered);
  cleanups.push(done, () => model.off("msg:custom", answered));
  return { start() { done(); timer = setTimeout(silent, NO_ANSWER_MS); }, done };
}

/** Keep a view following a trait Python changes (`model.on`), undone on cleanup. */
function follow(model, name, callback, cleanups) {
  const handler = () => callback(model.get(name));
  model.on(`change:${name}`, handler);
  cleanups.push(() => model.off(`change:${name}`, handler));
}

/** Is this key press for a text field, a menu or a number box (they keep their keys)? */
function typing(event) {
  return event.target instanceof HTMLElement && event.target.closest("input, select, textarea") !== null;
}

/** ArrowLeft / ArrowRight step, Home and End go to the ends: ``go`` gets the place, from
 * ``where()`` (the place on show) and ``last``, unless the key was for a field. */
function stepKeys(root, where, last, go) {
  root.addEventListener("keydown", (event) => {
    if (typing(event) || event.altKey || event.ctrlKey || event.metaKey) return;
    const at = where();
    const target = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    go(target);
  });
}

// -- the stepper ------------------------------------------------------------------------

function renderStepper({ model, cleanups }) {
  const words = model.get("words");
  const pieces = model.get("pieces");
  const steps = model.get("steps");
  const last = steps.length - 1;
  let at = Math.min(model.get("position"), last);
  let viewer = model.get("viewer");
  const root = widgetRoot("stepper", model.get("size"));
  const heading = model.get("heading") ? h("h3", { className: "sg-heading", textContent: model.get("heading") }) : null;

  const go = (index) => show(Math.max(0, Math.min(last, index)));
  const moveStart = (direction) => {
    const move = steps[at].move;
    const inside = direction < 0 && at > 0 && steps[at - 1].move === move;
    const target = inside ? move : move + direction;
    if (target <= 0) return 0;
    if (target > steps[last].move) return last;
    const found = steps.findIndex((s) => s.move >= target);
    return found < 0 ? last : found;
  };
  const buttons = {
    first: button(words.first, words.first_tip, () => go(0), "sg-first"),
    back_move: button(words.back_move, words.back_move_tip, () => go(moveStart(-1)), "sg-back-move"),
    back: button(words.back, words.back_tip, () => go(at - 1), "sg-back"),
    next: button(words.next, words.next_tip, () => go(at + 1), "sg-next"),
    next_move: button(words.next_move, words.next_move_tip, () => go(moveStart(+1)), "sg-next-move"),
    last: button(words.last, words.last_tip, () => go(last), "sg-last"),
  };
  const menuId = `sg-show-${++uid}`;
  const menu = h("select", { id: menuId, className: "sg-viewer" });
  model.get("viewers").forEach((name, i) => menu.append(h("option", { value: String(i), textContent: name })));
  menu.value = String(viewer);
  menu.addEventListener("change", () => { viewer = Number(menu.value); show(at, false); });
  const boxId = `sg-frame-${++uid}`;
  const box = h("input", { id: boxId, type: "number", min: "1", max: String(last + 1), step: "1",
                           className: "sg-frame-box", value: String(at + 1) });
  box.addEventListener("input", () => {
    const typed = Number(box.value);
    if (Number.isInteger(typed) && typed >= 1 && typed <= last + 1) go(typed - 1);
  });
  box.addEventListener("change", () => { box.value = String(at + 1); });
  const where = h("span", { className: "sg-where" });
  const board = h("div", { className: "sg-scaled sg-board-area" });
  const told = h("div", { className: "sg-scaled sg-live" }, { role: "status", "aria-live": "polite" });
  const sources = h("div", { className: "sg-sources" });
  sources.innerHTML = model.get("sources");
  const sizes = sizeSwitch(root, words, model, cleanups);
  root.append(
    heading ?? "",
    h("div", { className: "sg-controls" }, {}, ...Object.values(buttons),
      h("span", { className: "sg-menu" }, {}, h("label", { htmlFor: menuId, textContent: words.show }), menu),
      sizes),
    h("div", { className: "sg-controls sg-scrub" }, {},
      h("label", { htmlFor: boxId, textContent: words.frame }), box, where),
    board, told, sources);

  function show(index, narrate = true) {
    at = index;
    const step = steps[at];
    board.innerHTML = joined(pieces, step.boards[viewer]);
    if (narrate) told.innerHTML = joined(pieces, step.told);
    if (document.activeElement !== box || Number(box.value) !== at + 1) box.value = String(at + 1);
    where.replaceChildren(h("b", { textContent: step.label }),
                          ` · ${format(words.where, { number: at + 1, count: last + 1 })}`);
    const focused = document.activeElement;
    for (const name of ["first", "back_move", "back"]) buttons[name].disabled = at === 0;
    for (const name of ["next", "next_move", "last"]) buttons[name].disabled = at === last;
    if (focused instanceof HTMLButtonElement && focused.disabled && root.contains(focused)) {
      (at === 0 ? buttons.next : buttons.back).focus();  // not lost to the page
    }
  }
  stepKeys(root, () => at, last, go);
  follow(model, "position", (p) => go(p), cleanups);
  follow(model, "viewer", (v) => { viewer = v; menu.value = String(v); show(at, false); }, cleanups);
  show(at);
  return root;
}

// -- the quiz ---------------------------------------------------------------------------

function renderQuiz({ model, cleanups }) {
  const words = model.get("words");
  const root = widgetRoot("quiz", model.get("size"));
  let questions = model.get("questions");
  let pieces = model.get("pieces");
  let at = -1;
  let shown = 0;
  let picked = false;
  let right = 0;
  let asked = 0;
  let waiting = false;
  const heading = h("h3", { className: "sg-heading" });
  const progress = h("div", { className: "sg-progress" });
  const board = h("div", { className: "sg-scaled sg-board-area" });
  const told = h("div", { className: "sg-scaled sg-live" }, { role: "status", "aria-live": "polite" });
  const promptId = `sg-prompt-${++uid}`;
  const prompt = h("p", { id: promptId, className: "sg-prompt sg-scaled" });
  const choices = h("div", { className: "sg-controls sg-choices" }, { role: "group", "aria-labelledby": promptId });
  const answerArea = h("div", { className: "sg-scaled sg-answer-area" });
  const showMe = button(words["show-me"], words["show-me-tip"], () => step(), "sg-show-me");
  const next = button(words.next, null, () => go(at + 1, true), "sg-next-question sg-primary");
  const sizes = sizeSwitch(root, words, model, cleanups);
  root.append(heading, progress, board, told, prompt, choices, answerArea,
              h("div", { className: "sg-controls" }, {}, showMe, next, sizes));

  const title = () => model.get("heading") || (questions[at] ? questions[at].title : "");
  function showProgress() {
    const number = Math.min(at + 1, questions.length);
    const head = model.get("endless") ? format(words["progress-drill"], { number })
                                      : format(words.progress, { number, count: questions.length });
    progress.replaceChildren(h("b", { textContent: head }), " · ",
                             h("span", { className: "sg-score", textContent: format(words.score, { right, asked }) }));
  }
  function draw(shownPart) {
    board.innerHTML = joined(pieces, shownPart.board);
    told.innerHTML = joined(pieces, shownPart.told);
  }
  function go(index, moveFocus = false) {
    if (index >= questions.length) {
      if (model.get("endless")) {  // a drill: Python makes the next batch
        waiting = true;
        next.disabled = true;
        answerArea.replaceChildren(h("p", { className: "sg-feedback", textContent: words.asking }));
        python.start();  // first: with no kernel, send may throw
        model.send({ event: "more" });
        return;
      }
      at = questions.length;
      heading.textContent = title();
      prompt.replaceChildren(h("b", { textContent: words.done }));
      choices.replaceChildren();
      answerArea.replaceChildren();
      showMe.disabled = next.disabled = true;
      showProgress();
      if (moveFocus) {
        prompt.setAttribute("tabindex", "-1");
        prompt.focus();
      }
      return;
    }
    at = index;
    shown = 0;
    picked = false;
    const q = questions[at];
    heading.textContent = title();
    heading.hidden = !heading.textContent;
    draw(q);
    prompt.removeAttribute("tabindex");
    prompt.textContent = q.prompt;
    choices.replaceChildren(...q.choices.map((c, i) => {
      return button(c.text, c.tip, () => answer(i), `sg-choice${c.red ? " sg-red" : ""}${c.card ? " sg-card-choice" : ""}`);
    }));
    answerArea.replaceChildren();
    showMe.textContent = words["show-me"];
    showMe.disabled = true;
    next.disabled = false;
    showProgress();
    if (moveFocus && choices.firstChild) choices.firstChild.focus();
  }
  function answer(i) {
    const q = questions[at];
    const said = q.feedback[i];
    if (!picked) {
      asked += 1;
      right += said.right ? 1 : 0;
      picked = true;
    }
    [...choices.children].forEach((b, k) => {
      b.disabled = true;
      const isAnswer = q.answer.includes(k);
      b.classList.toggle("sg-answer", isAnswer);
      b.classList.toggle("sg-picked-wrong", k === i && !isAnswer);
      if (isAnswer || k === i) b.prepend(h("span", { textContent: isAnswer ? "✓ " : "✗ " }, { "aria-hidden": "true" }));
    });
    const feedback = h("p", { className: `sg-feedback ${said.right ? "sg-right" : "sg-wrong"}`, tabIndex: -1,
                              textContent: said.text });
    answerArea.replaceChildren(feedback);
    showMe.disabled = shown >= q.steps.length;
    showProgress();
    feedback.focus();
  }
  function step() {
    const q = questions[at];
    if (shown < q.steps.length) shown += 1;
    draw(q.steps[shown - 1]);
    showMe.textContent = words["show-me-more"];
    showMe.disabled = shown >= q.steps.length;
    if (showMe.disabled) next.focus();
  }
  const python = awaitPython(model, () => {
    const none = h("p", { className: "sg-feedback sg-wrong", tabIndex: -1, textContent: words["no-python"] });
    answerArea.replaceChildren(none);
    none.focus();
  }, cleanups);
  follow(model, "questions", (qs) => {
    python.done();
    questions = qs;
    pieces = model.get("pieces");
    if (waiting) { waiting = false; go(at + 1, true); } else showProgress();
  }, cleanups);
  follow(model, "at", (index) => go(index), cleanups);
  go(Math.max(0, model.get("at")));
  return root;
}

// -- the rule switcher ---------------------------------------------------------------------

function renderSwitcher({ model, cleanups }) {
  const words = model.get("words");
  const pieces = model.get("pieces");
  const columns = model.get("columns");
  const last = Math.max(...columns.map((c) => c.pages.length)) - 1;
  const root = widgetRoot("switcher", model.get("size"));
  const boxId = `sg-step-${++uid}`;
  const box = h("input", { id: boxId, type: "number", min: "0", max: String(last), step: "1",
                           className: "sg-step-box", value: "0" });
  const sizes = sizeSwitch(root, words, model, cleanups);
  const drawn = columns.map((c) => {
    const head = h("div", { className: "sg-reading" });
    head.innerHTML = c.head;
    const board = h("div", { className: "sg-scaled sg-board-area" });
    const told = h("div", { className: "sg-scaled sg-told" });
    return { column: h("div", { className: "sg-column" }, {}, head, board, told), board, told };
  });
  const live = h("div", { className: "sg-live sg-visually-hidden" }, { role: "status", "aria-live": "polite" });
  root.append(h("h3", { className: "sg-heading", textContent: model.get("heading") }),
              h("p", { className: "sg-summary", textContent: model.get("summary") }),
              h("div", { className: "sg-controls" }, {}, h("label", { htmlFor: boxId, textContent: words.step }),
                box, sizes),
              h("div", { className: "sg-columns" }, {}, ...drawn.map((d) => d.column)), live);
  let at = -1;
  function show(step, narrate = true) {
    at = Math.max(0, Math.min(last, step));
    if (document.activeElement !== box || Number(box.value) !== at) box.value = String(at);
    columns.forEach((c, i) => {
      const [board, told] = c.pages[Math.min(at, c.pages.length - 1)];
      drawn[i].board.innerHTML = joined(pieces, board);
      drawn[i].told.innerHTML = joined(pieces, told);
    });
    if (narrate) live.textContent = drawn.map((d) => d.told.innerText.trim()).join(" | ");
  }
  box.addEventListener("input", () => {
    const typed = Number(box.value);
    if (Number.isInteger(typed) && typed >= 0 && typed <= last) show(typed);
  });
  box.addEventListener("change", () => { box.value = String(at); });
  stepKeys(root, () => at, last, show);
  follow(model, "step", (s) => show(s), cleanups);
  show(model.get("step"), false);
  return root;
}

// -- the play table ---------------------------------------------------------------------

/** A card of the reader's hand: a playable one carries a tick (not only a colour) and
 * plays it; another is aria-disabled (it keeps its focus, so its refusal can be read:
 * its tip is its description) and a click shows the refusal. */
function cardButton(card, onPlay, onRefused) {
  const b = h("button", { type: "button", title: card.tip,
                          className: `sg-button sg-card-button${card.red ? " sg-red" : ""}${card.playable ? " sg-playable" : ""}` });
  if (card.playable) {
    b.append(h("span", { textContent: "✓ " }, { "aria-hidden": "true" }), card.label);
    b.setAttribute("aria-label", card.tip);
    b.addEventListener("click", onPlay);
  } else {
    b.textContent = card.label;
    b.setAttribute("aria-label", card.name);
    b.setAttribute("aria-description", card.tip);
    b.setAttribute("aria-disabled", "true");
    b.addEventListener("click", onRefused);
  }
  return b;
}

function renderTable({ model, cleanups }) {
  const words = model.get("words");
  const root = widgetRoot("table-view", model.get("size"));
  let focusAfter = null;  // where focus goes when Python answers a click
  let typed = false;      // a typed move is on its way: the box empties if it is played
  const act = (event, fields = {}, after = null) => {
    focusAfter = after;
    python.start();  // first: with no kernel, send may throw
    model.send({ event, ...fields });
  };
  const board = h("div", { className: "sg-scaled sg-board-area" });
  const told = h("div", { className: "sg-scaled sg-live" }, { role: "status", "aria-live": "polite" });
  const handId = `sg-hand-${++uid}`;
  const yours = h("b", { id: handId });
  const ticks = h("span", { className: "sg-ticks" });
  const hand = h("div", { className: "sg-controls sg-hand" }, { role: "group", "aria-labelledby": handId });
  const moves = h("div", { className: "sg-controls sg-moves" });
  const message = h("div", { className: "sg-scaled sg-message" }, { role: "status", "aria-live": "polite" });
  const controls = {};
  for (const name of ["next", "skip", "finish", "undo", "new", "hint"]) {
    controls[name] = button(words[name], words[`${name}_tip`], () => act(name, {}, name === "hint" ? null : "moved"),
                            `sg-do-${name}${name === "next" ? " sg-primary" : ""}`);
  }
  const entryId = `sg-entry-${++uid}`;
  const entry = h("input", { id: entryId, type: "text", className: "sg-entry", placeholder: words.placeholder,
                             autocomplete: "off", spellcheck: false });
  const submitTyped = () => {
    if (entry.disabled || !entry.value.trim()) return;
    typed = true;
    act("play", { text: entry.value }, "typed");
  };
  entry.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    submitTyped();
  });
  const submit = button(words.submit, words.submit_tip, submitTyped, "sg-submit");
  const menuId = `sg-opponents-${++uid}`;
  const menu = h("select", { id: menuId, className: "sg-opponents" });
  menu.addEventListener("change", () => act("opponent", { name: menu.value }));
  const summary = h("summary");
  const logList = h("ul", { className: "sg-log-moves", tabIndex: 0 }, { "aria-label": words.log });
  const log = h("details", { className: "sg-scaled sg-log", open: true }, {}, summary, logList);
  const sizes = sizeSwitch(root, words, model, cleanups);
  root.append(board, told,
              h("div", { className: "sg-controls sg-scaled sg-hand-row" }, {}, yours, ticks, hand), moves,
              h("div", { className: "sg-controls" }, {}, ...Object.values(controls)),
              h("div", { className: "sg-controls" }, {}, h("label", { htmlFor: entryId, textContent: words.entry }),
                entry, submit),
              h("div", { className: "sg-controls" }, {},
                h("label", { htmlFor: menuId, textContent: words.opponents }), menu, sizes),
              message, log);

  const say = (html, alert) => {  // Python's message (HTML from view.py)
    message.innerHTML = html;
    message.classList.toggle("sg-alert", alert);
  };
  const warn = (text) => {  // our own words: a greyed card's refusal, no Python
    message.textContent = text;
    message.classList.add("sg-alert");
  };
  const python = awaitPython(model, () => warn(words["no-python"]), cleanups);
  /** After a move: the next step if there is one to see, else the hand, else the box. */
  const focusOn = () => {
    const usable = (b) => b && !b.disabled && b.getAttribute("aria-disabled") !== "true";
    const target = [controls.next, hand.querySelector(".sg-playable"), moves.firstElementChild, entry, controls.new]
      .find(usable);
    if (target) target.focus();
  };
  let said = -1;
  function draw(table) {
    if (!table.hand) return;  // not dealt yet
    const focused = document.activeElement;
    const hadFocus = focused instanceof HTMLElement && root.contains(focused);
    board.innerHTML = table.board;
    if (told.innerHTML !== table.told) told.innerHTML = table.told;
    yours.textContent = table.yours;
    ticks.textContent = table.ticks ? ` ${table.ticks}` : "";
    hand.replaceChildren(...table.hand.map((card, i) => cardButton(
      card, () => act("card", { index: i }, "moved"), () => warn(card.tip))));
    moves.replaceChildren(...table.moves.map((label, i) => button(label, null, () => act("move", { index: i }, "moved"), "sg-move")));
    if (table.play_on) moves.append(button(table.play_on, null, () => act("next", {}, "moved"), "sg-play-on"));
    for (const [name, b] of Object.entries(controls)) b.disabled = !table.enabled[name];
    label(controls.next, table.next_label, words.next_tip);
    entry.disabled = submit.disabled = !table.enabled.entry;
    if (menu.options.length !== table.opponents.length) {
      menu.replaceChildren(...table.opponents.map((o) => h("option", { value: o.name, textContent: o.label })));
    }
    menu.value = table.opponent;
    if (table.said !== said) {
      said = table.said;
      say(table.message, table.alert);
    } else if (!table.message) say("", false);
    if (typed && !table.alert) entry.value = "";
    typed = false;
    const lines = table.log.lines;
    log.hidden = lines.length === 0;
    summary.replaceChildren(h("b", { textContent: words.log }), ` ${table.log.count}`);
    logList.innerHTML = lines.join("");
    if (table.log.more) logList.append(h("li", { className: "sg-log-more", textContent: table.log.more }));
    const lost = hadFocus && (!focused.isConnected || focused.disabled);
    if (focusAfter === "moved" || (focusAfter === "typed" && entry.disabled) || lost) focusOn();
    focusAfter = null;
  }
  follow(model, "table", draw, cleanups);
  draw(model.get("table"));
  return root;
}

const VIEWS = { stepper: renderStepper, quiz: renderQuiz, switcher: renderSwitcher, table: renderTable };

/** Draw `model` (a view of kind `model.get("kind")`) into `el`: the view builds its root
 * (registering what to undo in `cleanups`), which enters the page drawn, so its live
 * regions do not read the first frame out as the page loads. */
export function render({ model, el, front }) {
  useStyle(front);
  const kind = model.get("kind");
  el.classList.add("sg-host", `sg-host-${kind}`);  // see skitgubbe.css: "disconnected"
  const cleanups = [];
  el.replaceChildren(VIEWS[kind]({ model, cleanups }));
  return () => cleanups.forEach((undo) => undo());
}
