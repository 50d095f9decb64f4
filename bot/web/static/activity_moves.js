// The Activity's choosing of a move, without the page: what a tap on a rack tile, a cell, a
// position, a turn or a colour selects among the moves the server sent (`you.moves`, every
// legal move with its points). The browser never judges a rule: a choice is only ever one of
// those moves, and a tapped cell that none of them uses is explained from what lies on it.

import { COLUMNS, cellName, positionName } from "./board.js";

const totalGain = (move) => Object.values(move.gains || {}).reduce((a, b) => a + b, 0);
const best = (moves) => moves.reduce((a, b) => (totalGain(b) > totalGain(a) ? b : a), moves[0]);
const tileKey = (a, b) => [a, b].sort().join("");
export const moveText = (entry) => (typeof entry === "string" ? entry : entry.move);

// --- AXIO ------------------------------------------------------------------------------------
const PLACEMENT = /^([A-M])(\d{1,2}):([rgbop]) ([A-M])(\d{1,2}):([rgbop])$/;
const cellOf = (column, row) => (Number(row) - 1) * 13 + COLUMNS.indexOf(column);
const STEPS = { up: -13, right: 1, down: 13, left: -1 };

export function parseAxio(entry) {
  const found = PLACEMENT.exec(entry.move);
  if (!found) return null;
  const halves = [[cellOf(found[1], found[2]), found[3]], [cellOf(found[4], found[5]), found[6]]];
  return { ...entry, halves, tile: tileKey(found[3], found[6]) };
}

// A rack entry as its two colour letters ("rb"), whether sent as "rb", "r b" or ["r", "b"].
export const rackTile = (tile) => (Array.isArray(tile) ? tile.join("") : String(tile)).replace(/[^rgbop]/g, "");

const colourAt = (move, cell) => move.halves.find(([at]) => at === cell)?.[1];

function neighbours(cell) {
  const column = cell % 13, found = [];
  if (cell >= 13) found.push(cell - 13);
  if (cell < 156) found.push(cell + 13);
  if (column > 0) found.push(cell - 1);
  if (column < 12) found.push(cell + 1);
  return found;
}

// The neighbours of a cell in the order a tap at (fx, fy) inside it points to: the nearest
// side first, so tapping a cell near its right edge puts the other half on the right.
function towards(cell, fx, fy) {
  const near = { up: fy, right: 1 - fx, down: 1 - fy, left: fx };
  return Object.keys(STEPS).sort((a, b) => near[a] - near[b]).map((side) => cell + STEPS[side]);
}

export class AxioPicker {
  constructor(moves, rack) {
    this.moves = moves.map(parseAxio).filter(Boolean);
    this.rack = rack.map(rackTile);
    this.clear();
  }

  clear() {
    Object.assign(this, { tile: null, lead: null, cell: null, other: null, aim: [0.5, 0.5] });
  }

  movesOfTile() {
    if (this.tile === null) return [];
    const [a, b] = this.rack[this.tile];
    return this.moves.filter((move) => move.tile === tileKey(a, b));
  }

  fits(tileIndex) {
    const [a, b] = this.rack[tileIndex];
    return this.moves.some((move) => move.tile === tileKey(a, b) && (this.cell === null || colourAt(move, this.cell)));
  }

  // The move with `lead` on `cell` and the tile's other half on `other`.
  find(cell, lead, other) {
    return this.movesOfTile().find((move) => colourAt(move, cell) === lead && colourAt(move, other) !== undefined);
  }

  // Put the chosen tile's `lead` half on `cell`, the other half where the tap pointed.
  place(cell, lead, [fx, fy]) {
    for (const other of towards(cell, fx, fy)) {
      if (this.find(cell, lead, other)) {
        Object.assign(this, { cell, lead, other });
        return true;
      }
    }
    return false;
  }

  tapTile(index, half) {
    const colour = this.rack[index][half];
    if (this.tile === index && this.other !== null) return colour === this.lead ? null : this.turn();
    this.tile = index;
    if (this.cell === null) { this.lead = colour; return null; }
    const [a, b] = this.rack[index], second = half ? a : b;
    if (this.place(this.cell, colour, this.aim) || this.place(this.cell, second, this.aim)) return null;
    Object.assign(this, { lead: colour, cell: null, other: null });
    return null;
  }

  turn() {
    const move = this.current();
    if (!move) return null;
    const otherColour = colourAt(move, this.other);
    if (this.find(this.cell, otherColour, this.other)) this.lead = otherColour;
    return null;
  }

  // A tap on `cell` at (fx, fy) inside it; the words' key and values when it cannot be used.
  tapCell(cell, fx, fy, board) {
    this.aim = [fx, fy];
    if (this.tile === null) {
      if (this.moves.some((move) => colourAt(move, cell))) { this.cell = cell; this.other = null; return null; }
      return reason(cell, board, this.moves);
    }
    if (cell === this.cell || cell === this.other) return this.turn();
    if (this.cell !== null && this.other !== null && this.find(this.cell, this.lead, cell)) { this.other = cell; return null; }
    const [a, b] = this.rack[this.tile], second = this.lead === a ? b : a;
    if (this.place(cell, this.lead, this.aim) || this.place(cell, second, this.aim)) return null;
    if (this.moves.some((move) => colourAt(move, cell))) return { key: "cellNotTile", values: { cell: cellName(cell) } };
    return reason(cell, board, this.moves);
  }

  chosen() {
    return this.tile !== null || this.cell !== null;
  }

  current() {
    if (this.tile === null || this.other === null) return null;
    return this.find(this.cell, this.lead, this.other) || null;
  }

  targets() {
    if (this.tile === null) {
      const cells = this.cell === null ? [] : [this.cell];
      return { cells: [], chosen: cells };
    }
    if (this.other !== null) {
      const cells = neighbours(this.cell).filter((n) => n !== this.other && this.find(this.cell, this.lead, n));
      return { cells, chosen: [this.cell, this.other] };
    }
    const cells = new Set();
    for (const move of this.movesOfTile()) for (const [at, colour] of move.halves) if (colour === this.lead) cells.add(at);
    return { cells: [...cells], chosen: [] };
  }

  ghost() {
    const move = this.current();
    return move ? move.halves : null;
  }

  // Select a whole move (a suggestion): its tile from the rack, its cells and colours.
  choose(entry) {
    const move = parseAxio(entry);
    const index = this.rack.findIndex(([a, b]) => tileKey(a, b) === move.tile);
    if (index < 0) return;
    const [[cell, lead], [other]] = move.halves;
    Object.assign(this, { tile: index, cell, lead, other });
  }
}

// Why a cell that no legal move uses cannot be played, from what lies on it.
function reason(cell, board, moves) {
  const ch = board[cell], values = { cell: cellName(cell) };
  if (ch >= "A" && ch <= "Z") return { key: "cellPrinted", values };
  if ("rgbop".includes(ch)) return { key: "cellTaken", values };
  if (ch === "^") return { key: "cellPyramid", values };
  if (ch === "x") return { key: "cellDeadWhy", values };
  if (!neighbours(cell).some((n) => board[n] === ".")) return { key: "cellNoNeighbour", values };
  const printedNear = (at) => neighbours(at).some((n) => board[n] >= "A" && board[n] <= "Z");
  if (moves.length && moves.every((move) => move.halves.some(([at]) => printedNear(at)))) return { key: "cellFirst", values };
  return { key: "cellNoMove", values };
}

export function axioMoveWords(entry, colours) {
  const move = parseAxio(entry);
  if (!move) return entry.move;
  return move.halves.map(([cell, colour]) => `${cellName(cell)} ${colours[colour]}`).join(" · ");
}

// --- Rota ------------------------------------------------------------------------------------
const ROTA = /^(-?\d+),(-?\d+) (0|90|180|270)(?: ([rgbop]))?$/;
export const TURNS = [0, 90, 180, 270];

export function parseRota(entry) {
  const found = ROTA.exec(entry.move);
  return found ? { ...entry, x: Number(found[1]), y: Number(found[2]), turn: Number(found[3]), colour: found[4] || null } : null;
}

// A Rota tile's corners ("r g b -") turned clockwise by `degrees`.
export function turnedTile(text, degrees) {
  const corners = text.trim().split(/\s+/), steps = (degrees / 90) % 4;
  return (steps ? [...corners.slice(-steps), ...corners.slice(0, -steps)] : corners).join(" ");
}

export const handTile = (tile) => (Array.isArray(tile) ? tile.join(" ") : String(tile));

export class RotaPicker {
  constructor(moves, tile) {
    this.moves = moves.map(parseRota).filter(Boolean);
    this.tile = tile;
    this.clear();
  }

  clear() {
    Object.assign(this, { at: null, turn: null, colour: null });
  }

  chosen() {
    return this.at !== null;
  }

  here() {
    return this.at ? this.moves.filter((m) => m.x === this.at[0] && m.y === this.at[1]) : [];
  }

  tapPosition(x, y, tiles) {
    const values = { position: positionName(x, y) };
    const there = this.moves.filter((m) => m.x === x && m.y === y);
    if (there.length) {
      const chosen = best(there);
      Object.assign(this, { at: [x, y], turn: chosen.turn, colour: chosen.colour });
      return null;
    }
    if (tiles.some(([tx, ty]) => tx === x && ty === y)) return { key: "positionTaken", values };
    const touching = tiles.some(([tx, ty]) => Math.abs(tx - x) + Math.abs(ty - y) === 1);
    return { key: touching ? "positionNoFit" : "positionAlone", values };
  }

  turns() {
    const here = this.here();
    return TURNS.map((turn) => ({ turn, legal: here.some((m) => m.turn === turn) }));
  }

  setTurn(turn) {
    const fitting = this.here().filter((m) => m.turn === turn);
    if (!fitting.length) return;
    this.turn = turn;
    if (!fitting.some((m) => m.colour === this.colour)) this.colour = best(fitting).colour;
  }

  colours() {
    return this.here().filter((m) => m.turn === this.turn && m.colour).map((m) => m.colour);
  }

  setColour(colour) {
    if (this.colours().includes(colour)) this.colour = colour;
  }

  current() {
    return this.here().find((m) => m.turn === this.turn && m.colour === this.colour) || null;
  }

  targets() {
    return { positions: [...new Set(this.moves.map((m) => `${m.x},${m.y}`))].map((k) => k.split(",").map(Number)) };
  }

  ghost() {
    return this.at && this.turn !== null ? { at: this.at, corners: turnedTile(this.tile, this.turn) } : null;
  }

  choose(entry) {
    const move = parseRota(entry);
    if (move) Object.assign(this, { at: [move.x, move.y], turn: move.turn, colour: move.colour });
  }
}

export function rotaMoveWords(entry, colours) {
  const move = parseRota(entry);
  if (!move) return entry.move;
  return `${positionName(move.x, move.y)} ↻${move.turn}°${move.colour ? ` ${colours[move.colour]}` : ""}`;
}
