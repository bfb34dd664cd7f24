// The play page (/play/{id}/): one seat at the table, on top of the page shell
// (shell.js: the table, stepping, deep links, perspective, the log with explanations).
// What only this page does: who the seat is (a seat token — "Sit in" or #token=… — or
// the signed-in account that holds the seat), the seat's decision at the head of the
// game (the server's `legal` from GET /api/games/{id}/state/, drawn by controls.js),
// sending it (POST /api/games/{id}/commands/ {expected_seq, input}), following the game
// live (NDJSON long-poll GET /api/games/{id}/stream/?after=SEQ), and the panel at the
// top (play-panel.js): what just happened, the time left, the result. No game rules here.
import { getJSON, postJSON } from "./api.js";
import { movesElement, resultElement, turnText } from "./controls.js";
import * as persp from "./perspective.js";
import { Clock, drawRecent, watchOverflow } from "./play-panel.js";
import { Shell } from "./shell.js";

const root = document.getElementById("play");
const game = root.dataset.game;
const csrf = document.querySelector('meta[name="csrf-token"]')?.content || "";
const $ = (id) => document.getElementById(id);
let shell = null;
let clock = null;
let current = null;   // the last /state/ answer: {head_seq, finished, viewer, seats, state, legal}
let busy = false;
let after = -1;       // the last seq the stream delivered
let since = null;     // the first step after this seat's last decision sent from this page

const token = () => persp.savedToken(game)?.token || null;

function setStatus(text, isError = false) {
  $("status").textContent = text;
  $("status").className = isError ? "error" : "";
}

function drawWho() {
  const { viewer, seats } = current;
  const account = root.dataset.user;
  const how = account ? `signed in as ${account}` : (viewer === null ? "" : "with this seat's token");
  $("you").textContent = viewer === null
    ? (account ? `Signed in as ${account} · watching (you hold no seat here).` : "Watching as a spectator.")
    : `You play ${seats[viewer]} (seat ${viewer})${how ? `, ${how}` : ""}.`;
  if ($("sign-in")) $("sign-in").hidden = viewer !== null || Boolean(token());
}

function drawMoves() {
  if (!current) return;
  const { legal, finished, viewer } = current;
  const renderer = shell.renderer;
  drawWho();
  $("phase").textContent = turnText(legal, { seats: current.seats, finished, renderer });
  $("phase").classList.toggle("yours", Boolean(legal?.yours) && !finished);
  const ctx = { state: current.state, viewer, seats: current.seats, busy, send, redraw: drawMoves,
                hints: shell.data || {} };
  const moves = finished ? null : movesElement(legal, ctx, renderer);
  $("actions-section").hidden = !moves;
  $("actions").replaceChildren(...(moves ? [moves] : []));
  $("result").hidden = !finished;
  $("result").replaceChildren(...(finished ? resultElement(current.state, current.seats, {
    replay: root.dataset.replay, unit: renderer.playWords?.unit, viewer }) : []));
  if (finished) {
    $("game-status").textContent = "Finished";
    $("game-status").className = "badge status-finished";
  }
  drawRecent($("recent"), $("recent-list"), shell.frames, since);
  // what the tests (and anyone scripting the page) read: the head drawn, whose decision
  Object.assign(root.dataset, { seat: viewer === null ? "" : String(viewer), headSeq: String(current.head_seq),
    finished: String(finished), yours: String(Boolean(legal?.yours)), kind: legal?.kind || "" });
}

function drawBehind() {  // looking back while the game goes on: a way back to the latest step
  if (shell.data && !root.dataset.seat && shell.data.viewer !== null) root.dataset.seat = String(shell.data.viewer);
  const behind = shell.data && !shell.atEnd;
  $("behind").hidden = !behind;
  if (behind) $("behind-text").textContent = `You are looking at step ${shell.step}; the game is at step ${shell.frames.length - 1}.`;
}

async function refresh() {
  let state;
  try {
    state = (await getJSON(`/api/games/${game}/state/`, { token: token() })).body;
  } catch (error) {
    setStatus(error.message || String(error), true);
    return;
  }
  if (state.viewer !== null) shell.ownSeat = state.viewer;
  root.dataset.seat = state.viewer === null ? "" : String(state.viewer);  // who, at once
  // the table first, then the controls: both then show the same head
  await shell.update().catch((error) => shell.fail(error));
  current = state;
  drawMoves();
  clock.refresh({ seats: state.seats, viewer: state.viewer, finished: state.finished });
}

async function send(input) {
  if (busy || !current) return;
  busy = true;
  drawMoves();
  setStatus("sending…");
  const r = await postJSON(`/api/games/${game}/commands/`, { expected_seq: current.head_seq, input },
                           { token: token(), csrf }).catch((error) => ({ ok: false, status: 0, body: null, error }));
  busy = false;
  if (r.ok) {
    setStatus("");
    since = current.head_seq;  // the seq of this decision: its step and what followed
  } else if (r.body?.error) {
    const e = r.body.error;
    setStatus(`${e.message}${e.rule ? ` [${e.rule}]` : ""} (${e.code})`, true);
  } else setStatus(`error ${r.status || r.error}`, true);
  await refresh();
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function stream() {  // one long-poll: {events, finished}
  const headers = { Accept: "application/x-ndjson" };
  if (token()) headers.Authorization = `Bearer ${token()}`;
  const wait = after < 0 ? 0 : 20;
  const r = await fetch(`/api/games/${game}/stream/?after=${after}&wait=${wait}`,
                        { headers, credentials: "same-origin", cache: "no-store" });
  if (!r.ok) throw new Error(`stream: HTTP ${r.status}`);
  const events = (await r.text()).split("\n").filter(Boolean).map((line) => JSON.parse(line));
  return { events, finished: r.headers.get("X-Game-Status") === "finished" };
}

async function follow() {
  for (;;) {
    let got;
    try { got = await stream(); } catch { await sleep(1000); continue; }
    if (got.events.length) {
      after = got.events[got.events.length - 1].seq;
      await refresh();
    }
    if (got.finished && !got.events.length) {
      await refresh();
      root.dataset.stream = "closed";  // the game is over: nothing more will come
      return;
    }
  }
}

async function start() {
  if ($("sign-in") && token()) $("sign-in").hidden = true;
  shell = await Shell.open(root, { failText: "Could not load the game" });
  clock = new Clock(game, $("clock"), $("clock-left"));
  shell.onShow = drawBehind;
  shell.onToken = () => (shell.data ? refresh() : null);  // at start: refreshed below, once loaded
  $("latest").addEventListener("click", () => shell.ctl.last());
  watchOverflow($("table"));
  await shell.start({ defaultStep: -1 });
  await refresh();
  follow();
}

start().catch((error) => setStatus(`Could not load the game: ${error.message || error}`, true));
