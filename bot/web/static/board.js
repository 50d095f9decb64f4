// The board as SVG, drawn from a game's public state: AXIO's grid and Rota's display, in the
// pictures' colours and symbols (render/theme.py), with their coordinates and position
// names. A component: `drawBoard(game, index, options)` (a step of a game page's game) and
// `drawPosition(view, options)` (one position, as the Discord Activity has it) return an
// <svg> element and need nothing of the page around them; `boardPoint` tells which cell or
// position a tap on that element fell on, so the Activity can make the board playable.

const SVG = "http://www.w3.org/2000/svg";
const S = 10; // a cell's (or a Rota tile's) side, in the board's own units

export const COLOURS = ["r", "g", "b", "o", "p"];
export const TILE = { r: "#e23c40", g: "#1ea05c", b: "#2e70e8", o: "#f6881a", p: "#9650ce" };
const PRINTED = { r: "#a32b2e", g: "#167342", b: "#2151a7", o: "#b16213", p: "#6c3a94" };
const EDGE = { r: "#8c2528", g: "#136339", b: "#1d4590", o: "#985410", p: "#5d3280" };
const SYMBOL = { r: "sun", g: "dot", b: "star", o: "square", p: "ring" };
export const SEAT = ["#ffffff", "#b9a5ff", "#ff82c8", "#beeb50"];
const C = {
  card: "#1e2128", surface: "#303642", well: "#424b5b", dead: "#181a1f", deadMark: "#5c626e",
  text: "#eceef2", muted: "#969eac", ink: "#ffffff", highlight: "#ffd60a",
  face: "#e2ddd0", empty: "#beb8a8", rotaEdge: "#7c7a72",
  pyramid: ["#ecd6a0", "#b09460", "#8c7246", "#d4ba82"],
};
const COLUMNS = "ABCDEFGHIJKLM";

function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

function text(parent, x, y, words, size, fill, anchor = "middle") {
  const node = el("text", { x, y, "font-size": size, fill, "text-anchor": anchor,
    "dominant-baseline": "central", "font-family": "sans-serif", "font-weight": "bold" }, parent);
  node.textContent = words;
  return node;
}

// A colour's symbol in a circle of radius r: sun, dot, star, square, ring (as theme.draw_symbol).
export function symbol(parent, colour, cx, cy, r, ink = C.ink) {
  const kind = SYMBOL[colour];
  if (kind === "sun") {
    for (let i = 0; i < 8; i++) {
      const a = (i * Math.PI) / 4, ca = Math.cos(a), sa = Math.sin(a);
      const bx = cx + 0.62 * r * ca, by = cy + 0.62 * r * sa, px = -sa * 0.12 * r, py = ca * 0.12 * r;
      el("polygon", { points: `${bx + px},${by + py} ${cx + r * ca},${cy + r * sa} ${bx - px},${by - py}`, fill: ink }, parent);
    }
    el("circle", { cx, cy, r: 0.42 * r, fill: ink }, parent);
  } else if (kind === "dot") {
    el("circle", { cx, cy, r: 0.62 * r, fill: ink }, parent);
  } else if (kind === "star") {
    const points = [];
    for (let i = 0; i < 10; i++) {
      const radius = i % 2 ? 0.44 * r : 1.02 * r, a = -Math.PI / 2 + (i * Math.PI) / 5;
      points.push(`${cx + radius * Math.cos(a)},${cy + 0.06 * r + radius * Math.sin(a)}`);
    }
    el("polygon", { points: points.join(" "), fill: ink }, parent);
  } else if (kind === "square") {
    el("rect", { x: cx - 0.6 * r, y: cy - 0.6 * r, width: 1.2 * r, height: 1.2 * r, fill: ink }, parent);
  } else {
    el("circle", { cx, cy, r: 0.63 * r, fill: "none", stroke: ink, "stroke-width": 0.34 * r }, parent);
  }
}

// --- AXIO ------------------------------------------------------------------------------------
export function cellName(index) {
  return `${COLUMNS[index % 13]}${Math.floor(index / 13) + 1}`;
}

function axioBounds(board) {
  let low = 13, high = -1;
  for (let i = 0; i < 169; i++) {
    if (board[i] === "#") continue;
    const c = i % 13, r = Math.floor(i / 13);
    low = Math.min(low, c, r); high = Math.max(high, c, r);
  }
  return { low, count: high - low + 1 };
}

// Each placed cell's partner (the tile's other half), from the moves up to `index`.
function partners(game, index) {
  return joinedCells(game.steps.slice(0, index).map((step) => (step.move.cells || []).map((c) => c[0])));
}

// Each placed cell's partner, from the placed tiles' pairs of cells.
export function joinedCells(pairs) {
  const found = new Map();
  for (const cells of pairs) {
    if (cells.length === 2) {
      found.set(cells[0], cells[1]);
      found.set(cells[1], cells[0]);
    }
  }
  return found;
}

function drawAxio(svg, board, joined, marks, ghost, targets) {
  const { low, count } = axioBounds(board);
  const pad = 7, size = pad + count * S + 1;
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  LAYOUT.set(svg, { kind: "axio", pad, low, count });
  el("rect", { x: 0, y: 0, width: size, height: size, fill: C.card }, svg);
  el("rect", { x: pad - 0.5, y: pad - 0.5, width: count * S + 1, height: count * S + 1, rx: 1, fill: C.surface }, svg);
  const box = (i) => ({ x: pad + ((i % 13) - low) * S, y: pad + (Math.floor(i / 13) - low) * S });
  for (let k = 0; k < count; k++) {
    text(svg, pad + k * S + S / 2, pad / 2, COLUMNS[low + k], 3.6, C.muted);
    text(svg, pad / 2, pad + k * S + S / 2, String(low + k + 1), 3.6, C.muted);
  }
  const g = 0.6;
  for (let i = 0; i < 169; i++) {
    const ch = board[i];
    if (ch === "#") continue;
    const { x, y } = box(i);
    if (ch !== ".") el("rect", { x, y, width: S, height: S, fill: "none", "data-cell": cellName(i) }, svg);
    if (ch === "." ) {
      el("rect", { x: x + g, y: y + g, width: S - 2 * g, height: S - 2 * g, rx: 1.2, fill: C.well, "data-cell": cellName(i) }, svg);
    } else if (ch === "x") {
      el("rect", { x: x + g, y: y + g, width: S - 2 * g, height: S - 2 * g, rx: 1.2, fill: C.dead }, svg);
      el("path", { d: `M${x + 3} ${y + 3}L${x + 7} ${y + 7}M${x + 7} ${y + 3}L${x + 3} ${y + 7}`, stroke: C.deadMark, "stroke-width": 0.7 }, svg);
    } else if (ch === "^") {
      const a = g + 0.6, b = S - a, m = S / 2;
      const faces = [[[a, a], [b, a]], [[b, a], [b, b]], [[b, b], [a, b]], [[a, b], [a, a]]];
      faces.forEach((face, n) => el("polygon", {
        points: `${x + face[0][0]},${y + face[0][1]} ${x + face[1][0]},${y + face[1][1]} ${x + m},${y + m}`,
        fill: C.pyramid[n] }, svg));
    } else if (ch >= "A" && ch <= "Z") {
      const colour = ch.toLowerCase();
      el("rect", { x: x + g, y: y + g, width: S - 2 * g, height: S - 2 * g, fill: PRINTED[colour] }, svg);
      el("rect", { x: x + 1.3, y: y + 1.3, width: S - 2.6, height: S - 2.6, fill: "none", stroke: "#ffffff40", "stroke-width": 0.35 }, svg);
      symbol(svg, colour, x + S / 2, y + S / 2, 2.7, "#ffffffd0");
    } else {
      drawHalf(svg, ch, x, y, i, joined.get(i), g);
    }
  }
  if (targets) drawTargets(svg, targets, box, g);
  if (ghost && targets) { // the move being chosen (the Activity): a tile, as it would lie
    const [[a, colourA], [b, colourB]] = ghost;
    for (const [cell, colour, partner] of [[a, colourA, b], [b, colourB, a]]) {
      const { x, y } = box(cell);
      drawHalf(svg, colour, x, y, cell, partner, g);
    }
  } else if (ghost) {
    for (const [cell, colour] of ghost) {
      const { x, y } = box(cell);
      el("rect", { x: x + g, y: y + g, width: S - 2 * g, height: S - 2 * g, rx: 1.2,
        fill: TILE[colour], "fill-opacity": 0.35, stroke: C.text, "stroke-width": 0.5, "stroke-dasharray": "1.2 0.8", class: "ghost" }, svg);
      symbol(svg, colour, x + S / 2, y + S / 2, 2.6, "#ffffff90");
    }
  }
  for (const mark of marks) {
    const cells = mark.cells.map(box);
    if (!cells.length) continue;
    const x0 = Math.min(...cells.map((c) => c.x)), y0 = Math.min(...cells.map((c) => c.y));
    const x1 = Math.max(...cells.map((c) => c.x)) + S, y1 = Math.max(...cells.map((c) => c.y)) + S;
    frame(svg, x0, y0, x1, y1, mark);
  }
}

// The cells a tap may choose now (the Activity's legal moves), ringed; `chosen` more boldly.
function drawTargets(svg, { cells = [], chosen = [] }, box, g) {
  for (const cell of cells) {
    const { x, y } = box(cell);
    el("rect", { x: x + g + 0.4, y: y + g + 0.4, width: S - 2 * g - 0.8, height: S - 2 * g - 0.8, rx: 1.2,
      fill: C.highlight, "fill-opacity": 0.12, stroke: C.highlight, "stroke-width": 0.5, class: "target" }, svg);
  }
  for (const cell of chosen) {
    const { x, y } = box(cell);
    el("rect", { x: x + 0.3, y: y + 0.3, width: S - 0.6, height: S - 0.6, rx: 1.6,
      fill: "none", stroke: C.highlight, "stroke-width": 1, class: "chosen" }, svg);
  }
}

function drawHalf(svg, colour, x, y, cell, partner, g) {
  let x0 = x + g, y0 = y + g, x1 = x + S - g, y1 = y + S - g;
  if (partner === cell - 13) y0 = y; else if (partner === cell + 1) x1 = x + S;
  else if (partner === cell + 13) y1 = y + S; else if (partner === cell - 1) x0 = x;
  el("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 1.4, fill: EDGE[colour] }, svg);
  el("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0 - 0.5, rx: 1.4, fill: TILE[colour] }, svg);
  symbol(svg, colour, x + S / 2, y + (S - 0.5) / 2, 3.2);
}

// A mark: a ring in the mover's seat colour with its numbered badge; the viewed move in yellow.
function frame(svg, x0, y0, x1, y1, mark) {
  const colour = mark.current ? C.highlight : SEAT[mark.seat], inset = mark.current ? 1.1 : 0.3;
  el("rect", { x: x0 + inset, y: y0 + inset, width: x1 - x0 - 2 * inset, height: y1 - y0 - 2 * inset, rx: 1.6,
    fill: "none", stroke: colour, "stroke-width": mark.current ? 0.9 : 0.7, class: "mark" }, svg);
  if (mark.number) {
    // Readable on a phone without zooming: ~9 px digits on a 13-column board 390 px wide.
    el("circle", { cx: x0 + 1.4, cy: y0 + 1.4, r: 2.5, fill: colour, stroke: C.card, "stroke-width": 0.4, class: "badge" }, svg);
    text(svg, x0 + 1.4, y0 + 1.5, String(mark.number), mark.number > 9 ? 3.0 : 3.4, C.card);
  }
}

// --- Rota ------------------------------------------------------------------------------------
export function columnName(x) {
  let prefix = "";
  while (x > 13) { prefix += "Z"; x -= 26; }
  while (x < -12) { prefix += "A"; x += 26; }
  return prefix + String.fromCharCode(65 + x + 12);
}

export const rowName = (y) => String(y + 10);
export const positionName = (x, y) => columnName(x) + rowName(y);

function corners(tileText) {
  return tileText.split(" ").map((c) => (c === "-" ? null : c));
}

export function openPositions(tiles) {
  const taken = new Set(tiles.map(([x, y]) => `${x},${y}`)), open = new Map();
  for (const [x, y] of tiles) {
    for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
      const key = `${x + dx},${y + dy}`;
      if (!taken.has(key)) open.set(key, [x + dx, y + dy]);
    }
  }
  return [...open.values()];
}

function drawRotaTile(svg, x, y, tileText, faint, name = null) {
  const group = el("g", faint ? { opacity: 0.45, class: "ghost" } : name ? { "data-position": name } : {}, svg);
  el("rect", { x, y, width: S, height: S, fill: C.face, stroke: C.rotaEdge, "stroke-width": 0.2 }, group);
  const r = 0.44 * S, reach = r / (1 + Math.SQRT2);
  const at = [[x, y, 1, 1], [x + S, y, -1, 1], [x + S, y + S, -1, -1], [x, y + S, 1, -1]];
  corners(tileText).forEach((colour, n) => {
    const [cx, cy, sx, sy] = at[n], sweep = sx * sy > 0 ? 1 : 0;
    const d = `M${cx} ${cy}L${cx + sx * r} ${cy}A${r} ${r} 0 0 ${sweep} ${cx} ${cy + sy * r}Z`;
    if (colour === null) {
      el("path", { d, fill: C.empty, stroke: C.muted, "stroke-width": 0.25, "stroke-dasharray": "0.6 0.6" }, group);
    } else {
      el("path", { d, fill: TILE[colour] }, group);
      symbol(group, colour, cx + sx * reach, cy + sy * reach, reach * 0.9);
    }
  });
  if (faint) el("rect", { x, y, width: S, height: S, fill: "none", stroke: C.text, "stroke-width": 0.5, "stroke-dasharray": "1.2 0.8" }, svg);
}

function drawRota(svg, tiles, running, marks, ghost, targets) {
  const open = running ? openPositions(tiles) : [];
  const all = [...tiles, ...open, ...(ghost ? [ghost.at] : [])];
  const xs = all.map((t) => t[0]), ys = all.map((t) => t[1]);
  const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
  const pad = 7, width = pad + (maxX - minX + 1) * S + 1, height = pad + (maxY - minY + 1) * S + 1;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  el("rect", { x: 0, y: 0, width, height, fill: C.card }, svg);
  const at = (x, y) => [pad + (x - minX) * S, pad + (y - minY) * S];
  LAYOUT.set(svg, { kind: "rota", pad, minX, minY, maxX, maxY });
  const wanted = new Set((targets?.positions || []).map(([x, y]) => `${x},${y}`));
  for (let x = minX; x <= maxX; x++) text(svg, at(x, 0)[0] + S / 2, pad / 2, columnName(x), 3.4, C.muted);
  for (let y = minY; y <= maxY; y++) text(svg, pad / 2, at(0, y)[1] + S / 2, rowName(y), 3.4, C.muted);
  for (const [x, y] of open) {
    const [px, py] = at(x, y), target = wanted.has(`${x},${y}`);
    el("rect", { x: px + 0.5, y: py + 0.5, width: S - 1, height: S - 1, rx: 1,
      fill: target ? C.highlight : "none", "fill-opacity": target ? 0.12 : 0,
      stroke: target ? C.highlight : C.well, "stroke-width": target ? 0.5 : 0.4,
      "stroke-dasharray": target ? "none" : "1 1", class: target ? "target" : "open", "data-position": positionName(x, y) }, svg);
    text(svg, px + S / 2, py + S / 2, positionName(x, y), 2.6, target ? C.text : C.muted);
  }
  for (const [x, y, tileText] of tiles) drawRotaTile(svg, ...at(x, y), tileText, false, positionName(x, y));
  if (ghost) drawRotaTile(svg, ...at(...ghost.at), ghost.corners, !targets);
  if (ghost && targets) {
    const [px, py] = at(...ghost.at);
    el("rect", { x: px + 0.2, y: py + 0.2, width: S - 0.4, height: S - 0.4, rx: 1, fill: "none", stroke: C.highlight, "stroke-width": 0.8, class: "chosen" }, svg);
  }
  for (const mark of marks) {
    if (!mark.at) continue;
    const [px, py] = at(...mark.at);
    frame(svg, px, py, px + S, py + S, mark);
  }
}

// --- the component ---------------------------------------------------------------------------
const LAYOUT = new WeakMap(); // each drawn <svg>'s grid, for boardPoint

// One position: `view` = {kind, board, joined (AXIO: cell → its tile's other cell)} or
// {kind, tiles (Rota: [x, y, corners] as laid), running (open positions drawn)}.
// `marks`: [{seat, number, current, cells | at}]; `ghost`: a move to draw faintly (AXIO:
// [[cell, colour], …]; Rota: {at, corners}); `targets`: what a tap may choose now (AXIO:
// {cells, chosen}; Rota: {positions}), ringed in yellow.
export function drawPosition(view, { marks = [], ghost = null, targets = null, label = "" } = {}) {
  const svg = el("svg", { role: "img", "aria-label": label, preserveAspectRatio: "xMidYMid meet" });
  if (view.kind === "axio") drawAxio(svg, view.board, view.joined || new Map(), marks, ghost, targets);
  else drawRota(svg, view.tiles, view.running, marks, ghost, targets);
  return svg;
}

// A game page's game at step `index`.
export function drawBoard(game, index, { marks = [], ghost = null, running = false, label = "" } = {}) {
  const state = index ? game.steps[index - 1] : game.start;
  const view = game.kind === "axio"
    ? { kind: "axio", board: state.board, joined: partners(game, index) }
    : { kind: "rota", tiles: game.tiles.slice(0, state.tiles), running };
  return drawPosition(view, { marks, ghost, label });
}

// Where a tap at (clientX, clientY) fell on a drawn board: AXIO {cell, fx, fy} (fx, fy: where
// in the cell, 0…1 from its top left), Rota {x, y}; null off the grid.
export function boardPoint(svg, clientX, clientY) {
  const layout = LAYOUT.get(svg), matrix = svg.getScreenCTM();
  if (!layout || !matrix) return null;
  const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  const u = (point.x - layout.pad) / S, v = (point.y - layout.pad) / S;
  if (layout.kind === "axio") {
    const column = Math.floor(u), row = Math.floor(v);
    if (column < 0 || row < 0 || column >= layout.count || row >= layout.count) return null;
    return { cell: (row + layout.low) * 13 + column + layout.low, fx: u - column, fy: v - row };
  }
  const x = Math.floor(u) + layout.minX, y = Math.floor(v) + layout.minY;
  if (x < layout.minX || y < layout.minY || x > layout.maxX || y > layout.maxY) return null;
  return { x, y };
}

const NOT_PLACEMENTS = ["keep", "exchange"];

// The placements since the player to move at step `index` last played (their own extra ones of
// this turn included; with no one to move, the game over, or one player: the last turn's),
// numbered in order, and the viewed move itself (framed in yellow): what the table's picture
// marks (render/marks.py's recent_marks).
export function marksAt(game, index) {
  if (!index) return [];
  const steps = game.steps;
  const state = steps[index - 1];
  const over = state.toMove === null || game.players === 1;
  const since = (step) => over
    ? step.move.turn !== state.move.turn
    : step.move.seat === state.toMove && step.move.turn !== state.turn;
  let first = index;
  while (first > 0 && !since(steps[first - 1])) first--;
  const where = (step) => (game.kind === "axio" ? { cells: step.move.cells.map((c) => c[0]) } : { at: step.move.at });
  const placed = steps.slice(first, index).filter((step) => !NOT_PLACEMENTS.includes(step.move.text));
  const marks = placed.map((step, n) => ({ seat: step.move.seat, number: n + 1, current: false, ...where(step) }));
  // The viewed move's yellow frame first, so that the numbered badges lie on top of it.
  return [{ seat: state.move.seat, number: 0, current: true, ...where(state) }, ...marks];
}

export { cellName as axioCellName, COLUMNS };

// A colour's disc with its symbol, as the scores' headings and chips show it.
export function colourDisc(colour) {
  const svg = el("svg", { viewBox: "0 0 10 10", "aria-hidden": "true" });
  el("circle", { cx: 5, cy: 5, r: 5, fill: TILE[colour] }, svg);
  symbol(svg, colour, 5, 5, 3.2);
  return svg;
}

// A rack's AXIO tile (two halves side by side) or a Rota tile by itself, for buttons.
export function tilePicture(kind, tile) {
  const svg = el("svg", { "aria-hidden": "true", focusable: "false" });
  if (kind === "axio") {
    svg.setAttribute("viewBox", `0 0 ${2 * S} ${S}`);
    [...tile].forEach((colour, n) => drawHalf(svg, colour, n * S, 0, n, 1 - n, 0.4));
  } else {
    svg.setAttribute("viewBox", `-0.3 -0.3 ${S + 0.6} ${S + 0.6}`);
    drawRotaTile(svg, 0, 0, tile, false);
  }
  return svg;
}
