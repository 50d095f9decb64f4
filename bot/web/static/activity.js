// The Discord Activity: the game of the channel it was launched in, on a board one plays by
// tapping. Who the member is comes from Discord (the SDK's authorize code, exchanged by the
// server: activity_discord.js), never from the page; the game comes over a WebSocket as `state`
// messages (see bot/web/activity/PROTOCOL.md), and a move goes back as its engine text, chosen
// among the legal moves the server sent (activity_moves.js).

import { discordSdk, signIn } from "./activity_discord.js";
import { COLOURS, boardPoint, colourDisc, drawPosition, joinedCells, tilePicture } from "./board.js";
import { AxioPicker, RotaPicker, axioMoveWords, handTile, moveText, rackTile, rotaMoveWords, turnedTile } from "./activity_moves.js";

const config = JSON.parse(document.getElementById("activity-config").textContent);
const query = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
const fill = (template, values = {}) => template.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ""));
const SUGGESTIONS = 3;

let words = config.words.en;
let session = null;
let socket = null;
let state = null; // the last `state` message
let picker = null; // the move being chosen, for the state it was made from
let pickedFor = null; // that state's move count and phase
let answer = null; // the exchange question's answer being chosen
let note = null; // a sentence for the status line instead of the phase's own (a refusal, an error)
let told = false; // the status line holds a stale move's refusal: kept through the state after it
let retry = 0;
let sdk = null;
const SIGN_IN_AGAIN = new Set([4401, 4403]); // the session is unknown (expired) or not this instance's
const TOO_MANY_BOARDS = 4429; // the member has too many boards open: the server's message stays

function button(label, onTap, className = "") {
  const node = document.createElement("button");
  node.type = "button";
  node.className = className;
  if (typeof label === "string") node.textContent = label;
  else node.append(...label);
  node.addEventListener("click", onTap);
  return node;
}

function speak(locale) {
  const tag = String(locale || "").toLowerCase();
  words = config.words[tag] || config.words[tag.split("-")[0]] || config.words.en;
  document.documentElement.lang = words === config.words.en ? "en" : tag.split("-")[0];
  document.title = words.title;
  $("heading").textContent = words.title;
  $("zoom").textContent = "⤢";
  $("zoom").setAttribute("aria-label", words.zoom);
  $("confirm").textContent = words.confirm;
  $("cancel").textContent = words.cancel;
  $("suggest-heading").textContent = words.suggestions;
}

// --- the connection --------------------------------------------------------------------------
function connect() {
  const url = new URL("/activity/ws", location.href);
  url.search = new URLSearchParams({ session, instance_id: sdk.instanceId }).toString();
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(url);
  socket.addEventListener("message", (event) => {
    retry = 0;
    receive(JSON.parse(event.data));
  });
  socket.addEventListener("close", (event) => {
    socket = null;
    // The refusal that came before a close (an expired session, too many boards) is said
    // until the board is back: the first state then clears it.
    told = false;
    if (event.code !== TOO_MANY_BOARDS) note = words.reconnecting;
    render();
    // Back after a pause (the state it opens with makes the board equal the database);
    // a session the server no longer knows is opened again through Discord.
    const again = SIGN_IN_AGAIN.has(event.code) ? openSession : connect;
    setTimeout(again, Math.min(8000, 300 * 2 ** retry++));
  });
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function receive(message) {
  if (message.type === "state") {
    state = message;
    if (!told) note = null;
    told = false;
    render();
  } else if (message.type === "error") {
    note = message.message;
    // A stale move's refusal comes with the fresh state it refers to, and is kept through
    // it; any other refusal is news that the next state (a move, the board back) replaces.
    told = message.code === "stale";
    $("confirm").disabled = !(picker && picker.current()) && !answer;
    showStatus();
  }
}

// --- drawing ---------------------------------------------------------------------------------
const game = () => state && state.game;
const you = () => (state && state.you) || {};
const myTurn = () => Boolean(game() && game().status === "running" && you().to_move);
const phase = () => you().phase || "move";

function render() {
  $("activity").removeAttribute("aria-busy");
  const g = game();
  $("no-game").hidden = Boolean(g) || !state;
  $("activity").classList.toggle("empty", Boolean(state) && !g);
  if (!g) {
    $("tray").hidden = true;
    $("board").replaceChildren();
    $("players").replaceChildren();
    if (state) { // the server's note is Discord's text: its markdown marks are dropped here
      $("no-game-title").textContent = state.note ? state.note.replace(/[`*]/g, "") : words.noGame;
      $("no-game-how").textContent = state.note ? words.openAgain : words.howToStart;
    }
    showStatus();
    return;
  }
  $("activity").dataset.moveCount = String(g.move_count); // which move the board shows
  freshPicker();
  renderPlayers(g);
  renderBoard(g);
  renderTray(g);
  showStatus();
}

function freshPicker() {
  const key = `${game().code}:${game().move_count}:${phase()}:${myTurn()}`;
  if (pickedFor === key && picker) return;
  pickedFor = key;
  answer = null;
  const moves = myTurn() ? you().moves || [] : [];
  picker = game().kind === "axio"
    ? new AxioPicker(moves, you().tiles || [])
    : new RotaPicker(moves, toPlace());
}

// The Rota tile to place: the supply's extra tile during an extra turn, else the hand tile.
function toPlace() {
  const tiles = you().tiles || [];
  return game().extra ? handTile(game().extra) : tiles.length ? handTile(tiles[0]) : "";
}

function renderPlayers(g) {
  const players = g.players || [];
  $("players").replaceChildren(...players.map((player, seat) => {
    const item = document.createElement("li");
    item.className = `player seat-${seat}${g.to_move === seat && g.status === "running" ? " to-move" : ""}`;
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = seat === you().seat ? `${player.name} (${words.you})` : player.name;
    if (player.winner) { // the engine's ranking, sent; a star every font has, unlike 🏆
      const star = document.createElement("span");
      star.className = "winner";
      star.textContent = "★ ";
      star.setAttribute("role", "img");
      star.setAttribute("aria-label", `${words.winner}: `);
      name.prepend(star);
    }
    const scores = document.createElement("span");
    scores.className = "scores";
    const low = Math.min(...player.scores);
    player.scores.forEach((score, colour) => {
      const chip = document.createElement("span");
      chip.className = `score${score === low ? " low" : ""}`;
      chip.append(colourDisc(COLOURS[colour]), String(score));
      chip.title = `${words.colours[COLOURS[colour]]} ${score}`;
      scores.append(chip);
    });
    item.append(name, scores);
    return item;
  }));
}

function renderBoard(g) {
  const playing = myTurn() && phase() !== "exchange";
  const view = g.kind === "axio"
    ? { kind: "axio", board: g.board, joined: joinedCells(g.pairs || []) }
    : { kind: "rota", tiles: g.tiles || [], running: g.status === "running" };
  const marks = (g.last_moves || []).map((mark, n) => ({
    seat: mark.seat, number: n + 1, current: false,
    ...(g.kind === "axio" ? { cells: (mark.cells || []).map((c) => (Array.isArray(c) ? c[0] : c)) } : { at: mark.at }),
  }));
  $("board").replaceChildren(drawPosition(view, {
    marks,
    ghost: playing ? picker.ghost() : null,
    targets: playing ? picker.targets() : null,
    label: words.title,
  }));
}

function renderTray(g) {
  const mine = you().seat !== null && you().seat !== undefined;
  $("tray").hidden = !mine || g.status !== "running";
  if ($("tray").hidden) return;
  const exchange = myTurn() && phase() === "exchange";
  $("tray-heading").textContent = g.kind === "axio" ? words.rack : g.extra && myTurn() ? words.supply : words.hand;
  if (g.kind === "axio") renderRack(exchange);
  else renderHand();
  $("choices").replaceChildren(...(exchange ? exchangeChoices() : g.kind === "rota" && myTurn() ? rotaChoices() : []));
  const move = exchange ? answer : picker.current();
  $("confirm").hidden = !myTurn();
  $("confirm").disabled = !move;
  $("confirm").dataset.move = move ? moveText(move) : "";
  $("cancel").hidden = !myTurn() || exchange || !picker.chosen();
  $("gains").replaceChildren(...(move && move.gains && !exchange ? gainsLine(move) : []));
  renderSuggestions(exchange);
}

function renderRack(exchange) {
  const active = myTurn() && !exchange;
  $("pieces").replaceChildren(...picker.rack.map((tile, index) => {
    const item = document.createElement("div");
    item.className = "tile";
    item.dataset.tile = tile;
    item.classList.toggle("chosen", picker.tile === index);
    item.classList.toggle("unfit", active && !picker.fits(index));
    [0, 1].forEach((half) => {
      const node = button([halfPicture(tile[half])], () => tapTile(index, half), "half");
      node.setAttribute("aria-label", `${words.colours[tile[0]]} · ${words.colours[tile[1]]}`);
      node.setAttribute("aria-pressed", String(picker.tile === index && picker.lead === tile[half]));
      node.disabled = !active;
      item.append(node);
    });
    return item;
  }));
}

function halfPicture(colour) {
  const svg = tilePicture("axio", colour + colour);
  svg.setAttribute("viewBox", "0 0 10 10");
  return svg;
}

function renderHand() {
  const tile = toPlace();
  const shown = picker.turn !== null ? turnedTile(tile, picker.turn) : tile;
  const item = document.createElement("div");
  item.className = "hand";
  if (tile) item.append(tilePicture("rota", shown));
  $("pieces").replaceChildren(item);
}

function rotaChoices() {
  if (!picker.at) return [];
  const turns = document.createElement("div");
  turns.className = "turns";
  for (const { turn, legal } of picker.turns()) {
    const node = button([tilePicture("rota", turnedTile(picker.tile, turn))], () => { picker.setTurn(turn); render(); }, "turn");
    node.setAttribute("aria-label", fill(words.turned, { degrees: turn }));
    node.setAttribute("aria-pressed", String(picker.turn === turn));
    node.dataset.turn = String(turn);
    node.disabled = !legal;
    turns.append(node);
  }
  const named = picker.colours();
  if (!named.length) return [turns];
  const colours = document.createElement("div");
  colours.className = "colours";
  colours.setAttribute("aria-label", words.nameColour);
  for (const colour of COLOURS) {
    const node = button([colourDisc(colour)], () => { picker.setColour(colour); render(); }, "colour");
    node.setAttribute("aria-label", words.colours[colour]);
    node.setAttribute("aria-pressed", String(picker.colour === colour));
    node.dataset.colour = colour;
    node.disabled = !named.includes(colour);
    colours.append(node);
  }
  return [turns, colours];
}

function exchangeChoices() {
  const answers = document.createElement("div");
  answers.className = "answers";
  for (const word of ["exchange", "keep"]) {
    const entry = (you().moves || []).find((m) => moveText(m) === word);
    const node = button(words[word], () => { answer = entry; render(); }, "answer");
    node.setAttribute("aria-pressed", String(answer === entry && Boolean(entry)));
    node.dataset.answer = word;
    node.disabled = !entry;
    answers.append(node);
  }
  return [answers];
}

function gainsLine(move) {
  const parts = [Object.assign(document.createElement("span"), { textContent: `${words.gains}:`, className: "label" })];
  for (const colour of COLOURS) {
    const points = move.gains[colour] || 0;
    if (!points) continue;
    const chip = document.createElement("span");
    chip.className = "gain";
    chip.append(colourDisc(colour), fill(words.points, { points }));
    parts.push(chip);
  }
  if (parts.length === 1) parts.push(words.noPoints);
  if (move.axio) parts.push(Object.assign(document.createElement("strong"), { textContent: words.axioGain }));
  return parts;
}

function renderSuggestions(exchange) {
  const shown = myTurn() && !exchange ? (you().suggested || []).slice(0, SUGGESTIONS) : [];
  $("suggest-heading").hidden = !shown.length;
  const describe = game().kind === "axio" ? axioMoveWords : rotaMoveWords;
  $("suggestions").replaceChildren(...shown.map((suggested) => {
    const entry = (you().moves || []).find((m) => m.move === moveText(suggested)) || { move: moveText(suggested) };
    const item = document.createElement("li");
    const total = Object.values(entry.gains || {}).reduce((a, b) => a + b, 0);
    const node = button(`${describe(entry, words.colours)} (${fill(words.points, { points: total })})`,
      () => { picker.choose(entry); note = null; render(); }, "suggestion");
    node.dataset.move = entry.move;
    item.append(node);
    return item;
  }));
}

function showStatus() {
  const g = game();
  let line = note;
  if (!line && !session) line = words.connecting;
  else if (!line && g && g.status !== "running") line = g.result || endedWords(g);
  else if (!line && g) line = phaseLine(g);
  $("status").textContent = line || "";
}

// A game that stopped without a result (`/axio end`): "Game over: ended without a result".
function endedWords(g) {
  const status = (words.statuses || {})[g.status];
  return status ? `${words.over}: ${status}` : words.over;
}

function phaseLine(g) {
  const mover = (g.players || [])[g.to_move];
  if (you().seat === null || you().seat === undefined) return words.watching;
  if (!myTurn()) return fill(words.waiting, { name: mover ? mover.name : "" });
  if (phase() === "exchange") return words.exchangeQuestion;
  const move = picker.current();
  const describe = g.kind === "axio" ? axioMoveWords : rotaMoveWords;
  if (move) return fill(words.ready, { move: describe(move, words.colours) });
  const lead = phase() === "extra" ? `${words.extraTurn} ` : `${words.yourTurn}. `;
  if (g.kind === "rota") return lead + (picker.at ? (picker.colours().length ? words.pickColour : words.pickTurn) : words.pickPosition);
  return lead + (picker.tile === null ? words.pickTile : words.pickCell);
}

// --- taps ------------------------------------------------------------------------------------
function said(refusal) {
  note = refusal ? fill(words[refusal.key], refusal.values) : null;
  render();
}

function tapTile(index, half) {
  said(picker.tapTile(index, half));
}

function tapBoard(event) {
  const g = game(), svg = $("board").querySelector("svg");
  if (!g || !svg) return;
  const point = boardPoint(svg, event.clientX, event.clientY);
  if (!point) return;
  if (!myTurn()) {
    const mover = (g.players || [])[g.to_move];
    if (you().seat !== null && you().seat !== undefined && g.status === "running") {
      said({ key: "notYourTurn", values: { name: mover ? mover.name : "" } });
    }
    return;
  }
  if (phase() === "exchange") return;
  if (g.kind === "axio") said(picker.tapCell(point.cell, point.fx, point.fy, g.board));
  else said(picker.tapPosition(point.x, point.y, g.tiles || []));
}

function confirm() {
  const move = phase() === "exchange" ? answer : picker.current();
  if (!move || !game()) return;
  $("confirm").disabled = true;
  note = words.sending;
  showStatus();
  send({ type: "move", move: moveText(move), expected: game().move_count });
}

function cancel() {
  picker.clear();
  note = null;
  render();
}

function controls() {
  $("board").addEventListener("click", tapBoard);
  $("confirm").addEventListener("click", confirm);
  $("cancel").addEventListener("click", cancel);
  $("zoom").addEventListener("click", () => {
    const zoomed = $("board").classList.toggle("zoomed");
    $("zoom").setAttribute("aria-pressed", String(zoomed));
  });
}

async function openSession() {
  try {
    const opened = await signIn(sdk, config.clientId);
    session = opened.session;
    speak(opened.locale);
    connect();
  } catch (error) {
    refused(error);
  }
}

function refused(error) {
  note = fill(words.refused, { reason: error.message || String(error) });
  $("activity").removeAttribute("aria-busy");
  showStatus();
}

async function start() {
  speak(navigator.language);
  controls();
  showStatus();
  try { // outside Discord (no frame_id) the SDK refuses at once
    sdk = discordSdk(config, query);
    await sdk.ready();
  } catch (error) {
    refused(error);
    return;
  }
  await openSession();
}

start();
