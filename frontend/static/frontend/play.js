// The play page (/play/{id}/): one seat at the table, on top of the page shell
// (shell.js: the table, stepping, deep links, perspective, the log with explanations).
// What only this page does: who the seat is (a seat token — "Sit in" or #token=… — or
// the signed-in account that holds the seat), the seat's decision at the head of the
// game (the server's `legal` from GET /api/games/{id}/state/, drawn by controls.js),
// sending it (POST /api/games/{id}/commands/ {expected_seq, input}), and following the
// game live (NDJSON long-poll GET /api/games/{id}/stream/?after=SEQ). No game rules here.
import { getJSON, postJSON } from "./api.js";
import { movesElement, resultElement, turnText } from "./controls.js";
import * as persp from "./perspective.js";
import { Shell } from "./shell.js";

const root = document.getElementById("play");
const game = root.dataset.game;
const csrf = document.querySelector('meta[name="csrf-token"]')?.content || "";
const $ = (id) => document.getElementById(id);
let shell = null;
let current = null;   // the last /state/ answer: {head_seq, finished, viewer, seats, state, legal}
let busy = false;
let after = -1;       // the last seq the stream delivered

const token = () => persp.savedToken(game)?.token || null;

function setStatus(text, isError = false) {
  $("status").textContent = text;
  $("status").className = isError ? "error" : "";
}

function drawMoves() {
  if (!current) return;
  const { legal, finished, viewer } = current;
  Object.assign(root.dataset, { seat: viewer === null ? "" : String(viewer), headSeq: String(current.head_seq),
    finished: String(finished), yours: String(Boolean(legal?.yours)), kind: legal?.kind || "" });
  $("you").textContent = viewer === null ? "Spectating." : `You play ${current.seats[viewer]} (seat ${viewer}).`;
  if ($("sign-in")) $("sign-in").hidden = viewer !== null;
  $("phase").textContent = turnText(legal, { seats: current.seats, finished });
  $("phase").classList.toggle("yours", Boolean(legal?.yours) && !finished);
  const ctx = { state: current.state, viewer, seats: current.seats, busy, send, redraw: drawMoves };
  const moves = finished ? null : movesElement(legal, ctx, shell.renderer);
  $("actions-section").hidden = !moves;
  $("actions").replaceChildren(...(moves ? [moves] : []));
  $("result").hidden = !finished;
  $("result").replaceChildren(...(finished ? resultElement(current.state, current.seats) : []));
}

function drawBehind() {  // looking back while the game goes on: a way back to the latest step
  const behind = shell.data && !shell.atEnd;
  $("behind").hidden = !behind;
  if (behind) $("behind-text").textContent = `You are looking at step ${shell.step}; the game is at step ${shell.frames.length - 1}.`;
}

async function refresh() {
  try {
    current = (await getJSON(`/api/games/${game}/state/`, { token: token() })).body;
  } catch (error) {
    setStatus(error.message || String(error), true);
    return;
  }
  if (current.viewer !== null) shell.ownSeat = current.viewer;
  drawMoves();
  await shell.update().catch((error) => shell.fail(error));
}

async function send(input) {
  if (busy || !current) return;
  busy = true;
  drawMoves();
  setStatus("sending…");
  const r = await postJSON(`/api/games/${game}/commands/`, { expected_seq: current.head_seq, input },
                           { token: token(), csrf }).catch((error) => ({ ok: false, status: 0, body: null, error }));
  busy = false;
  if (r.ok) setStatus("");
  else if (r.body?.error) {
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
  shell = await Shell.open(root, { failText: "Could not load the game" });
  shell.onShow = drawBehind;
  shell.onToken = refresh;
  $("latest").addEventListener("click", () => shell.ctl.last());
  await shell.start({ defaultStep: -1 });
  await refresh();
  follow();
}

start().catch((error) => setStatus(`Could not load the game: ${error.message || error}`, true));
