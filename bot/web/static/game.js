// The game page: fetches the game's public steps, draws the board at a step (board.js), and
// steps through the game with the buttons, the slider, the arrow keys and a swipe. The
// address holds the step (#23); a running game's page hears of new moves (Server-Sent Events).

import { COLOURS, SEAT, TILE, axioCellName, colourDisc, drawBoard, marksAt, positionName } from "./board.js";

const main = document.getElementById("game");
const code = main.dataset.code;
const $ = (id) => document.getElementById(id);
let data = null;
let index = 0;

const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ""));

async function load() {
  const response = await fetch(`/g/${code}.json`, { headers: { Accept: "application/json" } });
  if (!response.ok) return false;
  data = await response.json();
  return true;
}

const count = () => data.game.steps.length;
const stepFromHash = () => {
  const match = /^#(\d{1,5})$/.exec(location.hash);
  return match ? Math.min(Number(match[1]), count()) : count();
};

function go(to, { replace = false } = {}) {
  index = Math.max(0, Math.min(count(), to));
  const hash = `#${index}`;
  if (location.hash !== hash) history[replace ? "replaceState" : "pushState"](null, "", hash);
  render();
}

function reviewMark(number) {
  const review = data.game.review;
  return review ? review.marks.find((mark) => mark.number === number) : undefined;
}

function render() {
  const game = data.game, words = data.words;
  const mark = reviewMark(index);
  const svg = drawBoard(game, index, {
    marks: marksAt(game, index),
    ghost: mark ? mark.ghost : null,
    running: data.status === "running" && index === count(),
    label: fill(words.step, { step: index, count: count() }),
  });
  $("board").replaceChildren(svg);
  $("slider").max = String(count());
  $("slider").value = String(index);
  $("where").textContent = describe(index);
  renderScores(index);
  renderMoves(index);
  renderCells(index);
  renderReview(index, mark);
}

function describe(at) {
  const words = data.words, game = data.game;
  if (!at) return words.start;
  const step = game.steps[at - 1], move = step.move, seat = data.seats[move.seat];
  const gained = move.points.reduce((a, b) => a + b, 0);
  const parts = [fill(words.step, { step: at, count: count() }), `${seat.name}: ${move.words}`,
    gained ? pointsText(move.points) : words.noPoints];
  if (move.axio.length) parts.push(fill(words.axio, { colours: move.axio.map((c) => words.colours[c]).join(", ") }));
  if (move.returned && move.returned.length) parts.push(fill(words.returned, { tiles: move.returned.join(" · ") }));
  if (move.standIn) parts.push(words.standIn);
  if (step.over) parts.push(words.over);
  else if (step.toMove !== null) parts.push(fill(step.exchange ? words.exchangeOffer : words.toMove, { name: data.seats[step.toMove].name }));
  return parts.join(" — ");
}

function pointsText(points) {
  return points.map((p, i) => (p ? `${data.words.colours[COLOURS[i]]} ${fill(data.words.points, { points: p })}` : null))
    .filter(Boolean).join(", ");
}

function renderScores(at) {
  const state = at ? data.game.steps[at - 1] : data.game.start;
  const rows = $("scores").tBodies[0].rows;
  state.scores.forEach((scores, seat) => {
    const low = Math.min(...scores), row = rows[seat];
    if (!row) return;
    row.classList.toggle("to-move", state.toMove === seat);
    scores.forEach((score, colour) => {
      const cell = row.cells[colour + 1];
      cell.textContent = String(score);
      cell.classList.toggle("low", score === low);
    });
  });
}

function renderMoves(at) {
  for (const item of $("moves").children) {
    const current = Number(item.dataset.step) === at;
    item.classList.toggle("current", current);
    if (current) item.setAttribute("aria-current", "step"); else item.removeAttribute("aria-current");
  }
  const list = $("moves"), current = list.querySelector(".current");
  if (current) { // scroll the list only, never the page away from the board
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
}

// The board in words, for a screen reader: what lies where at this step.
function renderCells(at) {
  const game = data.game, words = data.words, list = [];
  if (game.kind === "axio") {
    const board = (at ? game.steps[at - 1] : game.start).board;
    for (let i = 0; i < 169; i++) {
      const ch = board[i], cell = axioCellName(i);
      if ("rgbop".includes(ch)) list.push(fill(words.cellTile, { cell, colour: words.colours[ch] }));
      else if (ch === "^") list.push(fill(words.cellPyramid, { cell }));
      else if (ch === "x") list.push(fill(words.cellDead, { cell }));
    }
  } else {
    const state = at ? game.steps[at - 1] : game.start;
    for (const [x, y, tile] of game.tiles.slice(0, state.tiles)) {
      const corners = tile.split(" ").map((c) => (c === "-" ? words.emptyCorner : words.colours[c])).join(", ");
      list.push(fill(words.tileAt, { position: positionName(x, y), corners }));
    }
  }
  $("cells").replaceChildren(...list.map((line) => Object.assign(document.createElement("li"), { textContent: line })));
}

function renderReview(at, mark) {
  const review = data.game.review;
  if (!review) return;
  $("review-note").textContent = mark
    ? `${fill(data.words.cost, { grade: data.words.grades[mark.grade], cost: mark.cost })}. ${fill(data.words.expert, { move: mark.best })}`
    : "";
  const line = $("chart").querySelector(".now");
  if (line) { line.setAttribute("x1", String(at)); line.setAttribute("x2", String(at)); }
}

function buildReview() {
  const review = data.game.review, words = data.words;
  const section = $("review");
  if (!review) { section.hidden = true; return; }
  section.hidden = false;
  $("accuracy").replaceChildren(...review.seats.map((seat) => {
    const item = document.createElement("li");
    const value = seat.accuracy === null ? "–" : `${seat.accuracy} %`;
    item.textContent = `${data.seats[seat.seat].name}: ${value}`;
    return item;
  }));
  $("marked").replaceChildren(...review.marks.map((mark) => {
    const item = document.createElement("li"), button = document.createElement("button");
    button.type = "button";
    button.className = `grade-${mark.grade}`;
    button.textContent = `${mark.number}. ${data.seats[mark.seat].name} — ${words.grades[mark.grade]} (−${mark.cost})`;
    button.addEventListener("click", () => go(mark.number));
    item.appendChild(button);
    return item;
  }));
  buildChart(review.lowest);
}

function buildChart(lowest) {
  const svg = $("chart"), steps = lowest.length - 1, top = Math.max(1, ...lowest.flat());
  svg.setAttribute("viewBox", `-2 -1 ${steps + 4} ${top + 2}`);
  svg.setAttribute("preserveAspectRatio", "none"); // the moves across, the points up: fill the box
  const ns = "http://www.w3.org/2000/svg", nodes = [];
  const seats = lowest[0].length;
  for (let seat = 0; seat < seats; seat++) {
    const points = lowest.map((row, x) => `${x},${top - row[seat]}`).join(" ");
    const line = document.createElementNS(ns, "polyline");
    for (const [k, v] of Object.entries({ points, fill: "none", stroke: SEAT[seat], "stroke-width": 0.35, "vector-effect": "non-scaling-stroke" })) line.setAttribute(k, v);
    nodes.push(line);
  }
  const now = document.createElementNS(ns, "line");
  for (const [k, v] of Object.entries({ class: "now", x1: index, x2: index, y1: 0, y2: top, stroke: TILE.o, "stroke-width": 0.3, "vector-effect": "non-scaling-stroke" })) now.setAttribute(k, v);
  nodes.push(now);
  svg.replaceChildren(...nodes);
}

function colourHeads() {
  for (const head of document.querySelectorAll("th[data-colour]")) head.prepend(colourDisc(head.dataset.colour));
}

function controls() {
  const moves = { first: () => 0, previous: () => index - 1, next: () => index + 1, last: () => count() };
  for (const button of document.querySelectorAll("[data-go]")) {
    button.addEventListener("click", () => go(moves[button.dataset.go]()));
  }
  $("slider").addEventListener("input", (event) => go(Number(event.target.value), { replace: true }));
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
    const to = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count() }[event.key];
    if (to !== undefined) { event.preventDefault(); go(to); }
  });
  for (const item of $("moves").children) {
    item.addEventListener("click", () => go(Number(item.dataset.step)));
  }
  let start = null;
  const board = $("board");
  board.addEventListener("touchstart", (event) => {
    start = event.touches.length === 1 ? [event.touches[0].clientX, event.touches[0].clientY] : null;
  }, { passive: true });
  board.addEventListener("touchend", (event) => {
    if (!start || event.changedTouches.length !== 1) return;
    const dx = event.changedTouches[0].clientX - start[0], dy = event.changedTouches[0].clientY - start[1];
    start = null;
    if (Math.abs(dx) > 40 && Math.abs(dx) > 2 * Math.abs(dy)) go(index + (dx < 0 ? 1 : -1));
  });
  window.addEventListener("hashchange", () => go(stepFromHash(), { replace: true }));
}

function listen() {
  if (main.dataset.running !== "yes" || !window.EventSource) return;
  const events = new EventSource(`/g/${code}/events`);
  $("live").textContent = data.words.live;
  let following = Promise.resolve(); // one news at a time, in the order they came
  events.onmessage = (message) => {
    following = following.then(() => follow(events, JSON.parse(message.data)));
  };
  // Refused (too many pages open from this address) or gone for good: no longer live.
  events.onerror = () => {
    if (events.readyState === EventSource.CLOSED) notLive(events);
  };
}

// A new move count or status: the JSON again, and the page drawn from it.
async function follow(events, news) {
  if (news.moveCount === count() && news.status === data.status) return;
  const atEnd = index === count();
  if (!(await loadAgain())) return notLive(events);
  rebuildMoves();
  go(atEnd ? count() : index, { replace: true });
  if (data.status !== "running") ended(events);
}

// The game is over: the page says so, and no longer that it is live.
function ended(events) {
  events.close();
  $("status-word").textContent = data.words.statuses[data.status] || data.status;
  $("result").textContent = data.result || "";
  $("live").textContent = "";
}

// The JSON, read again after a pause while it cannot be (the database away, the network
// gone): a page that says it is live is never left behind its game for good.
async function loadAgain() {
  for (const pause of [0, 1000, 2000, 4000, 8000, 16000]) {
    if (pause) await new Promise((done) => setTimeout(done, pause));
    try {
      if (await load()) return true;
    } catch {
      // the network: try again after the next pause
    }
  }
  return false;
}

function notLive(events) {
  events.close();
  $("live").textContent = data.words.notLive;
}

// The move list as the JSON has it (a running game's grows).
function rebuildMoves() {
  const list = $("moves"), template = list.dataset.points;
  const items = data.game.steps.map((step, i) => {
    const item = document.createElement("li"), move = step.move;
    item.dataset.step = String(i + 1);
    const gained = move.points.reduce((a, b) => a + b, 0);
    item.textContent = `${data.seats[move.seat].name}: ${move.words} — ${gained ? pointsText(move.points) : data.words.noPoints}`;
    item.addEventListener("click", () => go(i + 1));
    return item;
  });
  list.replaceChildren(...items);
  if (template) list.dataset.points = template;
}

async function main_() {
  if (!(await load())) return;
  colourHeads();
  controls();
  buildReview();
  main.classList.add("ready");
  go(stepFromHash(), { replace: true });
  listen();
}

main_();
