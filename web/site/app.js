// The tilebase page: play a sliding puzzle with exact answers from the tilebase library,
// compiled to WebAssembly and run in a Web Worker (pkg/tilebase.js): no server behind it.
//
// Test hooks, kept stable (tests and other tools use them): the board has
// data-testid="board"; each tile data-tile="N" (the gap is 0) and data-cell="I" (its cell, row
// by row); the distance data-testid="distance", whose text holds the number; the solve control
// data-testid="solve", the hint control data-testid="hint"; a hinted tile data-hint="up" (the
// way it slides: up, down, left, right). Errors that escape are collected in
// window.tilebaseErrors.
//
// One question is asked of the library at a time: moves made while it is answering are shown at
// once, and only the latest position is asked about next (4x4 answers are searches, from
// milliseconds up to a second or so, after the pattern databases' first build).
//
// The library, not the page, reads what the address names (state, goal, board): the page asks
// about the words as written, so that a mistake in them is answered in the library's words about
// those words (query's). Whatever the library cannot answer leaves the page playable: its words
// stand where the distance goes, and the board shows a position the library can answer.
import init, * as tilebase from "./pkg/tilebase.js";

window.tilebaseErrors = [];
window.addEventListener("error", (event) => {
  window.tilebaseErrors.push(String(event.message));
});
window.addEventListener("unhandledrejection", (event) => {
  window.tilebaseErrors.push(String(event.reason));
});

const started = init({ onProgress: (progress) => window.tilebaseProgress?.(progress) });

// Installable, and offline after the first visit (sw.js). The service worker is registered a
// moment after the first answer, so that the files it keeps are not fetched a second time
// before it. A browser that refuses (a page opened from a file, an insecure address other than
// localhost) plays online as before.
let installing = null;
function installOnce() {
  if (installing === null && "serviceWorker" in navigator) {
    installing = setTimeout(() => navigator.serviceWorker.register("sw.js").catch(() => {}), 1000);
  }
}

(() => {
  // A move is named by where the gap goes, as the API names it: U, D, L, R.
  const STEP = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] };
  // The tile moves the other way; an arrow key names the way the tile moves.
  const TILE_WAY = { U: "down", D: "up", L: "right", R: "left" };
  const ARROW = { U: "\u2193", D: "\u2191", L: "\u2192", R: "\u2190" };
  const KEYS = { ArrowUp: "D", ArrowDown: "U", ArrowLeft: "R", ArrowRight: "L" };
  const SOLVE_DELAY_MS = 250;
  // How long a tile takes to slide into the gap; no sliding for those who ask for less motion.
  const SLIDE_MS = 110;
  const REDUCED_MOTION = window.matchMedia("(prefers-reduced-motion: reduce)");
  // Answers slower than this show that the library is thinking.
  const THINKING_AFTER_MS = 200;
  // Boards past 25 cells are answered with proven bounds (a lower bound and a solution) found
  // within this many seconds after each move; none while a solution found is played.
  const BOUNDS_SECONDS = 2;

  const $ = (id) => document.getElementById(id);

  const view = {
    board: "3x3",
    width: 3,
    height: 3,
    named: true, // whether the library is told the board (else it reads it off the goal)
    goal: null, // as typed, or the library's default when null
    cells: [],
    answer: null, // the library's answer for `cells`, once it has come
    problem: "", // the library's words for why it could not answer, shown in the distance's place
    pending: Promise.resolve(null),
    asked: 0,
    inflight: null, // settles when the question being answered has been
    thinking: null, // the timer that shows "Thinking"
    hint: false,
    metric: "stm", // "mtm": a line of tiles slid at once is one move
    playing: false,
    history: [],
    // Past 25 cells, the solution being played: its moves, the next one's index, and the
    // position it is to be played from (any other move ends it).
    plan: null,
  };

  // ---- states -----------------------------------------------------------------------------

  function sizeOf(board) {
    const match = /^(\d+)x(\d+)$/.exec(board);
    return match ? [Number(match[1]), Number(match[2])] : [3, 3];
  }

  function parseState(text) {
    const trimmed = String(text).trim();
    if (/[^0-9]/.test(trimmed)) {
      return trimmed.split(/[^0-9]+/).filter((s) => s !== "").map(Number);
    }
    return Array.from(trimmed, Number);
  }

  function formatState(cells) {
    return cells.length <= 10 ? cells.join("") : cells.join(",");
  }

  function boardFor(count) {
    return { 4: "2x2", 9: "3x3", 16: "4x4", 25: "5x5", 36: "6x6", 49: "7x7", 64: "8x8",
      81: "9x9", 100: "10x10" }[count] || null;
  }

  // Boards past 25 cells (the 35-puzzle and up) are answered with bounds, as query answers
  // them: at least so many moves, and a solution found within a few seconds; no hints, no
  // list of optimal solutions, no move judged optimal.
  function isBounded() {
    return view.width * view.height > 25;
  }

  // Whether the answer is about the goal itself: its distance 0, or, past 25 cells, a lower
  // bound of 0 (the heuristic is 0 at the goal only).
  function atGoal(answer) {
    return Boolean(answer && answer.solvable && (answer.distance === 0 || answer.lower_bound === 0));
  }

  // Boards of over 12 cells (the 15-puzzle, the 24-puzzle, ...) are answered by a search over
  // pattern databases, not a table lookup: hints (a search per move) are asked for only when
  // shown, and there are no random puzzles at an exact distance.
  function isSearched() {
    return view.width * view.height > 12;
  }

  // The cells after the gap moves `move` one cell (or `count` cells: the tiles between slide
  // together), or null when it would leave the board (or there is no board yet: the address's
  // position is still being read).
  function slide(cells, move, count = 1) {
    let next = cells;
    for (let i = 0; i < count; i += 1) {
      const gap = next.indexOf(0);
      if (gap < 0) {
        return null;
      }
      const row = Math.floor(gap / view.width) + STEP[move][0];
      const col = (gap % view.width) + STEP[move][1];
      if (row < 0 || row >= view.height || col < 0 || col >= view.width) {
        return null;
      }
      next = next.slice();
      const target = row * view.width + col;
      next[gap] = next[target];
      next[target] = 0;
    }
    return next;
  }

  // A move as the API names it: the gap's direction, and the cells it goes when more than one
  // (`U`, `U2`).
  function moveName(move, count) {
    return count > 1 ? `${move}${count}` : move;
  }

  // The move that slides the tile in `cell` into the gap (with the tiles between it and the gap,
  // in the multi-tile metric) as { move, count, name }, or null when it cannot: it is not beside
  // the gap (in the multi-tile metric, not in line with it).
  function moveOf(cell) {
    const gap = view.cells.indexOf(0);
    const longest = view.metric === "mtm" ? Math.max(view.width, view.height) - 1 : 1;
    for (const move of Object.keys(STEP)) {
      for (let count = 1; count <= longest; count += 1) {
        const row = Math.floor(gap / view.width) + STEP[move][0] * count;
        const col = (gap % view.width) + STEP[move][1] * count;
        if (row < 0 || row >= view.height || col < 0 || col >= view.width) {
          break;
        }
        if (row * view.width + col === cell) {
          return { move, count, name: moveName(move, count) };
        }
      }
    }
    return null;
  }

  // A move named as the API names it (`U`, `U2`), as { move, count }.
  function readMove(name) {
    return { move: name[0], count: name.length > 1 ? Number(name.slice(1)) : 1 };
  }

  // ---- the library ------------------------------------------------------------------------

  // The questions the page asks, as the service's JSON API names them, answered by the library
  // in this page's Web Worker (pkg/tilebase.js): the same objects the service answers.
  async function api(path, params) {
    try {
      return await answered(path, params);
    } catch (error) {
      if (error.message === "stopped") {
        throw new Error("Stopped. Make a move, or choose another puzzle, to ask again.");
      }
      throw error;
    }
  }

  async function answered(path, params) {
    await started;
    const options = {
      board: params.board ?? undefined,
      goal: params.goal ?? undefined,
      metric: params.metric ?? undefined,
    };
    switch (path) {
      case "/api/query":
        return tilebase.answer(params.state, {
          ...options,
          hints: params.hint === "true",
          seconds: params.seconds,
        });
      case "/api/random":
        return { states: [await tilebase.random({ ...options, distance: params.distance })] };
      case "/api/stats":
        return tilebase.stats(options);
      default:
        throw new Error(`${path}: not a question the page asks`);
    }
  }

  function question() {
    return {
      board: view.named ? view.board : null,
      goal: view.goal,
      metric: view.metric === "mtm" ? "mtm" : null,
    };
  }

  // Shows `cells` at once, then asks the library about them; resolves to the answer (null on
  // an error, whose words are shown, or when another position was shown before the answer
  // came). `problem`, the library's words about an earlier question, stays in the distance's
  // place until the next position is shown.
  function show(cells, problem = "") {
    view.cells = cells;
    view.answer = null;
    view.problem = problem;
    const asked = ++view.asked;
    render();
    view.pending = ask(asked);
    return view.pending;
  }

  // Asks about `state` as the address writes it, with the board and goal as it writes them: a
  // page that read the state itself would ask about what it made of it (12 for "12a") and be
  // answered about that. The cells the library reads are drawn when it answers; until then
  // (4x4 files may take minutes to build), the page's own reading, if it is a whole board.
  function open(state) {
    resetClock();
    const likely = parseState(state);
    const size = view.width * view.height;
    const whole = likely.length === size && likely.every((t, i) => likely.indexOf(i) >= 0);
    view.cells = whole ? likely : [];
    view.answer = null;
    view.problem = "";
    const asked = ++view.asked;
    render();
    view.pending = ask(asked, state);
    return view.pending;
  }

  // Asks about the position shown (or `written`, a state as the address writes it), once the
  // question before it has been answered; gives up as soon as another position is shown.
  async function ask(asked, written) {
    for (;;) {
      while (view.inflight) {
        await view.inflight;
        if (asked !== view.asked) {
          return null;
        }
      }
      if (asked !== view.asked) {
        return null;
      }
      const params = { state: written ?? formatState(view.cells), ...question() };
      if (isBounded()) {
        params.seconds = view.playing ? 0 : BOUNDS_SECONDS;
      } else if (!isSearched() || view.hint) {
        params.hint = "true";
      }
      const request = api("/api/query", params);
      view.inflight = request.then(() => {}, () => {}).then(() => {
        view.inflight = null;
        setThinking(false);
      });
      setThinking(true);
      try {
        const answer = await request;
        if (asked !== view.asked) {
          return null;
        }
        if (written !== undefined) {
          view.cells = parseState(answer.state);
        }
        // The library says which board it answered for (read off the goal, when not named).
        setBoard(answer.board);
        view.answer = answer;
        view.goal = answer.goal;
        if (atGoal(answer)) {
          finished();
        }
        setError("");
        setStatus("");
        render();
        remember();
        installOnce();
        return answer;
      } catch (error) {
        if (asked !== view.asked) {
          return null;
        }
        // No answer is coming: the library's words take the distance's place (else it would
        // say "Thinking" for ever).
        setStatus("");
        view.problem = error.message;
        stop();
        render();
        return null;
      }
    }
  }

  // How the build or the search under way goes, as the module tells it.
  window.tilebaseProgress = (progress) => {
    const text =
      progress.kind === "build"
        ? `${progress.what[0].toUpperCase()}${progress.what.slice(1)}: ` +
          `${Math.floor((100 * progress.done) / Math.max(1, progress.total))}%`
        : `Searching for solutions of ${progress.bound} moves: ` +
          `${progress.nodes.toLocaleString("en")} positions so far`;
    $("progress").textContent = text;
    const bar = $("progress-bar");
    bar.hidden = progress.kind !== "build";
    if (progress.kind === "build") {
      bar.value = progress.done / Math.max(1, progress.total);
    }
  };

  // Ends the build or search under way: its question is answered "Stopped".
  $("stop").addEventListener("click", () => {
    tilebase.stop();
  });

  // Shows that an answer is awaited, unless it comes quickly.
  function setThinking(on) {
    clearTimeout(view.thinking);
    view.thinking = null;
    if (on) {
      view.thinking = setTimeout(() => {
        $("thinking").classList.add("on");
        $("board").setAttribute("aria-busy", "true");
      }, THINKING_AFTER_MS);
    } else {
      $("thinking").classList.remove("on");
      $("progress").textContent = "Thinking\u2026";
      $("progress-bar").hidden = true;
      $("board").removeAttribute("aria-busy");
    }
  }

  function setStatus(message) {
    $("status").textContent = message;
  }

  function remember() {
    const params = new URLSearchParams({
      state: formatState(view.cells),
      goal: view.goal || "",
      board: view.board,
    });
    if (!view.goal) {
      params.delete("goal");
    }
    if (view.metric === "mtm") {
      params.set("metric", "mtm");
    }
    // Commas need no escape in a query string: keep 4x4 positions readable in the address.
    window.history.replaceState(null, "", `/?${params.toString().replace(/%2C/g, ",")}`);
  }

  // ---- drawing ----------------------------------------------------------------------------

  function setError(message) {
    $("error").textContent = message;
  }

  function render() {
    const board = $("board");
    board.classList.toggle("large", view.width * view.height > 25);
    board.style.setProperty("--w", view.width);
    board.style.setProperty("--h", view.height);
    board.setAttribute("aria-label", `Puzzle board, ${view.width} columns by ${view.height} rows`);
    const focused = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.tile : undefined;
    const optimal = new Map();
    const answer = view.answer;
    if (answer && answer.hints) {
      for (const hint of answer.hints) {
        if (hint.optimal) {
          optimal.set(hint.move, hint);
        }
      }
    }
    const children = view.cells.map((tile, cell) => {
      const row = Math.floor(cell / view.width) + 1;
      const col = (cell % view.width) + 1;
      if (tile === 0) {
        const gap = document.createElement("div");
        gap.className = "blank";
        gap.dataset.tile = "0";
        gap.dataset.cell = String(cell);
        gap.setAttribute("role", "img");
        gap.setAttribute("aria-label", `Gap, row ${row}, column ${col}`);
        return gap;
      }
      const button = document.createElement("button");
      button.type = "button";
      button.className = "tile";
      button.dataset.tile = String(tile);
      button.dataset.cell = String(cell);
      button.textContent = String(tile);
      const slid = moveOf(cell);
      let label = `Tile ${tile}, row ${row}, column ${col}`;
      if (slid) {
        const move = slid.move;
        const others = slid.count > 1 ? ` with the ${slid.count - 1} between it and the gap` : "";
        button.classList.add("movable");
        label += `, slides ${TILE_WAY[move]}${others}`;
        if (view.hint && optimal.has(slid.name)) {
          // Told at a glance, and not by colour alone: a ring, stripes and a large arrow the
          // way the tile slides (CSS); in words for a screen reader and in a tooltip.
          const hint = `hint: move tile ${tile} ${TILE_WAY[move]}${others}`;
          button.classList.add("optimal");
          button.dataset.hint = TILE_WAY[move];
          button.title = hint.charAt(0).toUpperCase() + hint.slice(1);
          label += `, ${hint}`;
          const mark = document.createElement("span");
          mark.className = "hint-mark";
          mark.setAttribute("aria-hidden", "true");
          mark.textContent = ARROW[move];
          button.append(mark);
        }
      } else {
        button.setAttribute("aria-disabled", "true");
      }
      button.setAttribute("aria-label", label);
      return button;
    });
    // Tiles slide rather than jump: each is drawn where it was, then moved to its cell.
    const was = new Map();
    for (const element of board.querySelectorAll("[data-tile]")) {
      was.set(element.dataset.tile, element.getBoundingClientRect());
    }
    board.replaceChildren(...children);
    const moved = children.filter((element) => {
      const from = was.get(element.dataset.tile);
      const to = element.getBoundingClientRect();
      return element.dataset.tile !== "0" && from && (from.left !== to.left || from.top !== to.top);
    });
    // A move slides one tile, or a line of them; any other change (a new puzzle) is drawn at once.
    const slid = moved.length > 0 && moved.length < Math.max(view.width, view.height);
    if (was.size === children.length && slid && !REDUCED_MOTION.matches) {
      for (const element of moved) {
        const from = was.get(element.dataset.tile);
        const to = element.getBoundingClientRect();
        element.animate(
          [{ transform: `translate(${from.left - to.left}px, ${from.top - to.top}px)` },
            { transform: "none" }],
          { duration: SLIDE_MS, easing: "ease-out" },
        );
      }
    }
    if (focused !== undefined) {
      const again = board.querySelector(`[data-tile="${focused}"]`);
      if (again && again.tagName === "BUTTON") {
        again.focus();
      }
    }
    renderDistance();
    renderGoal();
    renderControls();
  }

  function renderControls() {
    $("hint").setAttribute("aria-pressed", String(view.hint));
    $("undo").disabled = view.history.length === 0 || view.playing;
    $("solve").disabled = view.playing;
    $("pause").disabled = !view.playing;
  }

  function renderDistance() {
    const answer = view.answer;
    const distance = $("distance");
    distance.classList.toggle("stale", !answer && !view.problem);
    distance.classList.toggle("problem", view.problem !== "");
    if (view.problem) {
      distance.textContent = view.problem;
    } else if (!answer) {
      // The last answer stays until the next comes, so that it is not read out twice.
      if (distance.textContent === "") {
        distance.textContent = "Thinking\u2026";
      }
    } else if (!answer.solvable) {
      distance.textContent =
        "Cannot reach the goal: no sequence of moves leads there from this position (its parity differs).";
    } else if (atGoal(answer)) {
      distance.textContent = "0 moves: solved!";
    } else if (answer.distance == null && answer.lower_bound != null) {
      distance.textContent = boundsText(answer);
    } else {
      const plural = answer.distance === 1 ? "move" : "moves";
      distance.textContent = `${answer.distance} ${plural} to the goal`;
    }
  }

  // What is proven about a position past 25 cells: no solution is shorter than its lower bound,
  // and the shortest found (or the one being played) is so long.
  function boundsText(answer) {
    const plural = answer.lower_bound === 1 ? "move" : "moves";
    let text = `At least ${answer.lower_bound} ${plural} to the goal`;
    const plan = view.plan;
    if (plan && plan.state === formatState(view.cells) && plan.next < plan.moves.length) {
      const left = plan.moves.length - plan.next;
      text += `; ${left} moves left of a solution of ${plan.moves.length} found`;
    } else if (answer.length != null) {
      text += `; a solution of ${answer.length} found`;
    }
    return `${text}.`;
  }

  function renderGoal() {
    const goal = view.goal ? parseState(view.goal) : null;
    // The goal twice: beside the board, small, and with the form that changes it.
    for (const box of [$("goal-board"), $("goal-mini")]) {
      box.style.setProperty("--w", view.width);
      if (!goal || goal.length !== view.width * view.height) {
        box.replaceChildren();
        continue;
      }
      box.setAttribute("aria-label", `The goal: ${view.goal}`);
      box.replaceChildren(...goal.map((tile) => {
        const cell = document.createElement("div");
        cell.className = tile === 0 ? "blank" : "tile";
        cell.textContent = tile === 0 ? "" : String(tile);
        cell.setAttribute("aria-hidden", "true");
        return cell;
      }));
    }
    if (!goal || goal.length !== view.width * view.height) {
      return;
    }
    const input = $("goal");
    if (document.activeElement !== input) {
      input.value = view.goal;
    }
  }

  // ---- playing ----------------------------------------------------------------------------

  // Plays the move named `name` (`U`; `U2` in the multi-tile metric: the gap two cells up),
  // says whether it was optimal, and resolves once the new position's answer has come.
  function play(name) {
    const { move, count } = readMove(name);
    const next = slide(view.cells, move, count);
    if (!next) {
      return Promise.resolve(null);
    }
    counted();
    const before = view.answer;
    const verdict = $("verdict");
    // The tile farthest from the gap: the one clicked.
    const tile = view.cells[next.indexOf(0)];
    if (isBounded()) {
      // Past 25 cells no distance is known, and no move can be judged optimal.
      verdict.textContent = `Tile ${tile} ${TILE_WAY[move]}.`;
      verdict.className = "verdict";
      view.history.push(view.cells);
      return show(next);
    }
    if (before && before.solvable && !before.hints) {
      // No hints asked for (4x4): the move was optimal exactly when it brings the goal one
      // move closer, which the next answer tells.
      verdict.textContent = `Tile ${tile} ${TILE_WAY[move]}\u2026`;
      verdict.className = "verdict";
      view.history.push(view.cells);
      return show(next).then((answer) => {
        if (answer && answer.solvable) {
          judge(verdict, tile, move, answer.distance, before.distance);
        }
        return answer;
      });
    }
    if (before && before.solvable && before.hints) {
      const hint = before.hints.find((h) => h.move === name);
      if (hint) {
        judge(verdict, tile, move, hint.distance, before.distance);
      }
    } else {
      verdict.textContent = `Tile ${tile} ${TILE_WAY[move]}.`;
      verdict.className = "verdict";
    }
    view.history.push(view.cells);
    return show(next);
  }

  // Says whether sliding `tile` (the gap moving `move`) from a position at distance `from` to
  // one at distance `to` was optimal.
  function judge(verdict, tile, move, to, from) {
    const slid = `Tile ${tile} ${TILE_WAY[move]}`;
    if (to === from - 1) {
      verdict.textContent = `${slid}: optimal.`;
      verdict.className = "verdict good";
    } else if (from === 0) {
      verdict.textContent = `${slid}: away from the goal, which was reached.`;
      verdict.className = "verdict bad";
    } else {
      const plural = to === 1 ? "move" : "moves";
      verdict.textContent =
        `${slid}: not optimal, ${to} ${plural} left where the best move leaves ${from - 1}.`;
      verdict.className = "verdict bad";
    }
  }

  async function stepOnce() {
    const answer = view.answer || (await view.pending);
    if (isBounded()) {
      return stepPlanned(answer);
    }
    if (!answer || !answer.solvable || answer.distance === 0 || !answer.moves) {
      return false;
    }
    // In the multi-tile metric a run of one letter is one move.
    let count = 1;
    if (view.metric === "mtm") {
      while (answer.moves[count] === answer.moves[0]) {
        count += 1;
      }
    }
    await play(moveName(answer.moves[0], count));
    return true;
  }

  // Past 25 cells: the next move of the solution found, played without searching again after
  // each move (the rest of a solution is a solution).
  async function stepPlanned(answer) {
    const here = formatState(view.cells);
    const plan = view.plan;
    if (!plan || plan.state !== here || plan.next >= plan.moves.length) {
      if (!answer || !answer.solvable || atGoal(answer) || !answer.solution) {
        return false;
      }
      view.plan = { moves: answer.solution, next: 0, state: here };
    }
    const move = view.plan.moves[view.plan.next];
    const after = slide(view.cells, move);
    if (!after) {
      view.plan = null;
      return false;
    }
    view.plan.next += 1;
    view.plan.state = formatState(after);
    await play(move);
    return true;
  }

  async function solve() {
    if (view.playing) {
      return;
    }
    view.playing = true;
    renderControls();
    while (view.playing) {
      const moved = await stepOnce();
      if (!moved) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, SOLVE_DELAY_MS));
    }
    stop();
  }

  function stop() {
    view.playing = false;
    renderControls();
  }

  // ---- new puzzles, boards and goals -----------------------------------------------------

  // Brings the puzzle into view when part of it is out of view: a board chosen from the menu,
  // or a new puzzle from the controls below the board, changes what is above them.
  function reveal() {
    const top = $("distance").getBoundingClientRect().top;
    const bottom = $("board").getBoundingClientRect().bottom;
    if (top < 0 || bottom > window.innerHeight) {
      document.querySelector(".play").scrollIntoView({ block: "start" });
    }
  }

  // ---- the move counter and the clock ------------------------------------------------------

  // A speedsolver's figures for the puzzle shown: the moves made since it was set, the time from
  // the first move until the goal is reached, and the moves a second.
  const clock = { moves: 0, started: null, finished: null, ticking: null };

  function resetClock() {
    clock.moves = 0;
    clock.started = null;
    clock.finished = null;
    clearInterval(clock.ticking);
    clock.ticking = null;
    renderClock();
  }

  // A move is made: counted, and the clock started at the first.
  function counted() {
    clock.moves += 1;
    if (clock.started === null) {
      clock.started = performance.now();
      clock.ticking = setInterval(renderClock, 100);
    }
    renderClock();
  }

  // The goal is reached: the clock stops.
  function finished() {
    if (clock.started !== null && clock.finished === null) {
      clock.finished = performance.now();
      clearInterval(clock.ticking);
      clock.ticking = null;
      renderClock();
    }
  }

  function renderClock() {
    if (clock.started === null) {
      $("clock").textContent = "";
      return;
    }
    const seconds = ((clock.finished ?? performance.now()) - clock.started) / 1000;
    const rate = seconds > 0 ? clock.moves / seconds : 0;
    const plural = clock.moves === 1 ? "" : "s";
    $("clock").textContent =
      `${clock.moves} move${plural} \u00b7 ${seconds.toFixed(1)} s \u00b7 ${rate.toFixed(2)} moves/s` +
      (clock.finished !== null ? " \u00b7 solved" : "");
  }

  // Shows `cells`, a new puzzle, and brings it into view; resolves as `show` does.
  function fresh(cells) {
    resetClock();
    view.history = [];
    $("verdict").textContent = "";
    setError("");
    const answered = show(cells);
    reveal();
    return answered;
  }

  // A position drawn at the slider's distance; throws the library's words when there is none.
  async function draw() {
    const distance = $("difficulty").value;
    const drawn = await api("/api/random", { distance, ...question() });
    if (drawn.states.length === 0) {
      throw new Error(`No position is ${distance} moves from this goal.`);
    }
    return parseState(drawn.states[0]);
  }

  async function newPuzzle() {
    stop();
    if (isSearched()) {
      await shuffle();
      return;
    }
    let cells;
    try {
      cells = await draw();
    } catch (error) {
      setError(error.message);
      return;
    }
    await fresh(cells);
  }

  // A puzzle of a board answered by search: a position drawn uniformly among all those that can
  // reach the goal (there are no draws at an exact distance without a full table), its distance
  // then found. Resolves as `show` does.
  async function shuffle() {
    stop();
    let state;
    try {
      await started;
      state = await tilebase.random(question());
    } catch (error) {
      setError(error.message);
      return null;
    }
    return fresh(parseState(state));
  }

  async function refreshRange() {
    if (isSearched()) {
      return;
    }
    try {
      const stats = await api("/api/stats", question());
      const slider = $("difficulty");
      slider.max = String(stats.max_distance);
      if (Number(slider.value) > stats.max_distance) {
        slider.value = String(stats.max_distance);
      }
      $("difficulty-value").textContent = slider.value;
    } catch (error) {
      setError(error.message);
    }
  }

  // `named` false: the board is only likely, and the library reads it off the goal.
  function setBoard(board, named = true) {
    view.board = board;
    view.named = named;
    [view.width, view.height] = sizeOf(board);
    $("board-size").value = board;
    const searched = isSearched();
    $("random-controls").hidden = searched;
    $("shuffle-controls").hidden = !searched;
    // Past 25 cells there are no hints and no optimal solutions to list.
    const bounded = isBounded();
    $("hint").disabled = bounded;
    $("all-solutions").disabled = bounded;
    $("bounds-note").hidden = !bounded;
  }

  async function changeBoard(board) {
    stop();
    setBoard(board);
    view.goal = null;
    setGoalError("");
    // Nothing of the old board stays to be played, or drawn at the new board's width, while the
    // new one is drawn; an answer still to come about it is not shown.
    view.cells = [];
    view.answer = null;
    view.problem = "";
    view.asked += 1;
    $("distance").textContent = "";
    render();
    reveal();
    const slider = $("difficulty");
    slider.value = String(Math.min(Number(slider.value), 20));
    $("difficulty-value").textContent = slider.value;
    // The range first: a small board's farthest position may be nearer than the slider says
    // (2x2's is 6 moves away), and no position would be drawn.
    await refreshRange();
    await newPuzzle();
  }

  // Counts moves the other way: the same position asked about again, and the range of
  // distances to draw from read again.
  async function changeMetric(metric) {
    stop();
    view.metric = metric === "mtm" ? "mtm" : "stm";
    view.history = [];
    $("verdict").textContent = "";
    const answered = show(view.cells);
    await refreshRange();
    await answered;
  }

  function setGoalError(message) {
    $("goal-error").textContent = message;
    if (message) {
      $("goal").setAttribute("aria-invalid", "true");
    } else {
      $("goal").removeAttribute("aria-invalid");
    }
  }

  async function changeGoal(goal) {
    stop();
    setGoalError("");
    const previous = view.goal;
    view.goal = goal;
    const answered = show(view.cells);
    const asked = view.asked;
    if (await answered) {
      await refreshRange();
      return;
    }
    if (view.asked !== asked) {
      return; // another position was shown first
    }
    // The library could not answer with this goal: its words go beside the goal as typed, for
    // mending, and the position is asked about again with the goal it had.
    const problem = view.problem;
    view.goal = previous;
    setGoalError(problem);
    const again = show(view.cells);
    const input = $("goal");
    input.value = goal ?? "";
    input.focus();
    await again;
  }

  // The address asked what the library cannot answer: its words (`problem`) stay in the
  // distance's place, and the board shows the goal of the board in question to play from. The
  // goal is the address's; else, if that is what is wrong, the board's default; else the default
  // board's.
  async function fallback(problem, board, goal) {
    const asked = view.asked;
    const questions = [{ board, goal }, { board, goal: null }, { board: null, goal: null }]
      .filter((q, i, all) => all.findIndex((o) => o.board === q.board && o.goal === q.goal) === i);
    let failure = null;
    for (const question of questions) {
      let stats;
      try {
        stats = await api("/api/stats", question);
      } catch (error) {
        failure = error;
        continue;
      }
      if (view.asked !== asked) {
        return; // the reader has moved on: a board chosen, a new puzzle
      }
      setBoard(stats.board);
      view.goal = stats.goal;
      view.history = [];
      const verdict = $("verdict");
      verdict.textContent = "The goal is shown instead: slide a tile to play.";
      verdict.className = "verdict";
      await show(parseState(stats.goal), problem);
      return;
    }
    if (view.asked === asked) {
      setError(failure.message);
    }
  }

  // The first position: the address's, else a new puzzle; the goal instead when the library
  // cannot answer what the address names.
  async function begin(state, board, goal) {
    let problem = "";
    if (state !== null || isSearched()) {
      const answered = state !== null ? open(state) : shuffle();
      const asked = view.asked;
      if (!(await answered) && view.asked === asked) {
        problem = view.problem;
      }
    } else {
      const asked = view.asked;
      let cells;
      try {
        cells = await draw();
      } catch (error) {
        problem = error.message;
      }
      if (view.asked !== asked) {
        return; // the reader has moved on: a board chosen
      }
      if (problem) {
        view.problem = problem;
        render();
      } else {
        await fresh(cells);
      }
    }
    if (problem) {
      await fallback(problem, board, goal);
    }
    await refreshRange();
  }

  // ---- wiring -----------------------------------------------------------------------------

  function start() {
    const params = new URLSearchParams(window.location.search);
    // An empty parameter is one not given (the page writes none).
    const state = params.get("state") || null;
    const goal = params.get("goal") || null;
    // The board named to the library: the address's; else, with no goal to read it off, the one
    // a state of that many cells is on (the library would take 3x3, and a 15-puzzle's 16 cells
    // mean 4x4). Until the library answers, the board is drawn as that, or as the goal's cells
    // make likely.
    const named = params.get("board") ||
      (goal === null && state !== null ? boardFor(parseState(state).length) : null);
    setBoard(named || boardFor(parseState(goal || "").length) || "3x3", named !== null);
    view.goal = goal;
    view.metric = params.get("metric") === "mtm" ? "mtm" : "stm";
    $("metric").value = view.metric;

    $("board").addEventListener("click", (event) => {
      const tile = event.target.closest("[data-cell]");
      if (!tile) {
        return;
      }
      const slid = moveOf(Number(tile.dataset.cell));
      if (slid) {
        stop();
        play(slid.name);
      }
    });
    document.addEventListener("keydown", (event) => {
      const move = KEYS[event.key];
      const tag = event.target && event.target.tagName;
      if (!move || tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") {
        return;
      }
      event.preventDefault();
      stop();
      play(move);
    });
    $("hint").addEventListener("click", () => {
      view.hint = !view.hint;
      if (view.hint && view.answer && view.answer.solvable && view.answer.distance > 0 &&
          !view.answer.hints) {
        // Hints were not asked for (4x4): ask again, with them.
        show(view.cells);
        return;
      }
      render();
    });
    $("solve").addEventListener("click", () => {
      solve();
    });
    $("pause").addEventListener("click", stop);
    $("step").addEventListener("click", () => {
      stop();
      stepOnce();
    });
    $("undo").addEventListener("click", () => {
      const previous = view.history.pop();
      if (previous) {
        stop();
        $("verdict").textContent = "";
        show(previous);
      }
    });
    $("difficulty").addEventListener("input", () => {
      $("difficulty-value").textContent = $("difficulty").value;
    });
    $("new").addEventListener("click", newPuzzle);
    $("shuffle").addEventListener("click", shuffle);
    $("board-size").addEventListener("change", () => changeBoard($("board-size").value));
    $("metric").addEventListener("change", () => changeMetric($("metric").value));
    $("setup").addEventListener("submit", (event) => {
      event.preventDefault();
      const goal = $("goal").value.trim();
      changeGoal(goal === "" ? null : goal);
    });
    $("goal-here").addEventListener("click", () => changeGoal(formatState(view.cells)));
    $("goal-default").addEventListener("click", () => changeGoal(null));

    $("all-solutions").addEventListener("click", listSolutions);
    $("judge").addEventListener("submit", (event) => {
      event.preventDefault();
      judgeSolve();
    });

    begin(state, named, goal);
  }

  // The most optimal solutions listed.
  const LISTED = 100;

  // Every optimal solution of the position shown (the first LISTED), and how many there are.
  async function listSolutions() {
    const count = $("solutions-count");
    const list = $("solutions-list");
    list.replaceChildren();
    count.textContent = "Thinking\u2026";
    try {
      await started;
      const answer = await tilebase.answer(formatState(view.cells), {
        ...question(),
        all: true,
        count: true,
        limit: LISTED,
      });
      if (!answer.solvable) {
        count.textContent = "None: this position cannot reach the goal.";
        return;
      }
      const n = Number(answer.count);
      const plural = n === 1 ? "" : "s";
      const shown = n > LISTED ? `; the first ${LISTED}:` : ":";
      count.textContent =
        `${n.toLocaleString("en")} optimal solution${plural} of ${answer.distance} moves${shown}`;
      for (const moves of answer.solutions ?? []) {
        const item = document.createElement("li");
        item.textContent = moves === "" ? "(already at the goal)" : moves;
        list.append(item);
      }
    } catch (error) {
      count.textContent = error.message;
    }
  }

  // A solve judged move by move, as `analyse` judges it.
  async function judgeSolve() {
    const error = $("judge-error");
    const summary = $("judge-summary");
    const list = $("judge-moves-list");
    error.textContent = "";
    summary.textContent = "";
    list.replaceChildren();
    const scramble = $("judge-scramble").value.trim() || formatState(view.cells);
    try {
      await started;
      const analysis = await tilebase.analyse(scramble, $("judge-solution").value, {
        ...question(),
        moves: $("judge-moves").value,
      });
      const lost = analysis.lost;
      summary.textContent =
        `${analysis.length} moves played from ${analysis.scramble}, ${analysis.optimal} needed: ` +
        (lost === 0 ? "optimal." : `${lost} move${lost === 1 ? "" : "s"} lost.`);
      for (const move of analysis.moves) {
        const item = document.createElement("li");
        const better = move.better.length > 0 ? `; optimal: ${move.better.join(", ")}` : "";
        item.textContent = move.optimal
          ? `${move.move}: ${move.before} \u2192 ${move.after}, optimal`
          : `${move.move}: ${move.before} \u2192 ${move.after}, ${move.lost} lost${better}`;
        item.classList.toggle("lost", !move.optimal);
        list.append(item);
      }
    } catch (refused) {
      error.textContent = refused.message;
    }
  }

  start();
})();
