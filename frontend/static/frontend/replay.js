// The replay viewer page (/games/{id}/): loads the frames the API computed once per
// perspective, then every step is a lookup. Step controls, slider, arrow keys,
// autoplay, the step in the URL (#step=42), the perspective switch, the log.
import { getJSON } from "./api.js";
import { el } from "./dom.js";
import { renderTable } from "./table.js";
import { ReplayController } from "./replay-controller.js";
import { highlight, renderLog, renderStepDetail } from "./replay-log.js";
import * as persp from "./perspective.js";

const root = document.querySelector("[data-game]");
const game = root.dataset.game;
const $ = (id) => document.getElementById(id);
const ui = { table: $("table"), log: $("log"), detail: $("step-detail"), slider: $("slider"),
             out: $("step-out"), play: $("play"), speed: $("speed"), view: $("perspective"),
             message: $("message"), title: $("game-title") };

let data = null;        // the frames response for the current perspective
let etag = null;
let logItems = [];
let view = null;        // the current perspective value
const ctl = new ReplayController({ onChange: show });
ctl.onPlayChange = (on) => {
  ui.play.setAttribute("aria-pressed", String(on));
  ui.play.textContent = on ? "Pause" : "Play";
};

function hashParams() { return new URLSearchParams(location.hash.slice(1)); }

function writeHash(step) {
  const params = new URLSearchParams({ step: String(step) });
  if (view && view !== defaultView()) params.set("view", view);
  history.replaceState(null, "", `#${params}`);
}

function defaultView() {
  if (data?.finished) return "all";
  const saved = persp.savedToken(game);
  return saved ? String(saved.seat) : "spectator";
}

function show(step) {
  if (!data) return;
  const frame = data.frames[step];
  const bottom = /^\d$/.test(view) ? Number(view) : 0;
  ui.table.replaceChildren(renderTable(frame.state, { quota: data.quota, bottom }));
  ui.slider.value = String(step);
  ui.slider.setAttribute("aria-valuetext", `Step ${step}: ${frame.caption}`);
  ui.out.textContent = `${step} / ${data.frames.length - 1}`;
  $("first").disabled = $("prev").disabled = step === 0;
  $("next").disabled = $("last").disabled = step >= data.frames.length - 1;
  highlight(logItems, step);
  writeHash(step);
  renderStepDetail(ui.detail, frame, step, data.frames.length, location.href);
}

function fillPerspectives() {
  const saved = persp.savedToken(game);
  const options = persp.choices(data.frames[0]?.state.seats || [], {
    finished: data.finished, tokenSeat: saved ? saved.seat : null });
  ui.view.replaceChildren(...options.map((o) =>
    el("option", { value: o.value, disabled: o.disabled, selected: o.value === view }, o.label)));
}

async function load(value, step) {
  const saved = persp.savedToken(game);
  const finished = data ? data.finished : root.dataset.status === "finished";
  const request = persp.framesRequest(game, value, { finished, saved });
  const response = await getJSON(request.url, { token: request.token });
  data = response.body;
  etag = response.etag;
  // What the API answered for decides the perspective: a live game is the token's seat
  // or a spectator, whatever was asked.
  view = data.finished ? value : (data.viewer === null ? "spectator" : String(data.viewer));
  ui.title.textContent = data.frames[0]?.state.seats.join(" · ") || "";
  ui.slider.max = String(Math.max(0, data.frames.length - 1));
  ctl.setCount(data.frames.length);
  logItems = renderLog(ui.log, data.frames);
  fillPerspectives();
  ctl.goTo(step < 0 ? data.frames.length - 1 : step);  // -1: the latest step
}

async function poll() {  // a live game: new steps as they are played (ETag: no change, no body)
  if (!data || data.finished || document.hidden) return;
  const request = persp.framesRequest(game, view, { finished: false, saved: persp.savedToken(game) });
  const response = await getJSON(request.url, { token: request.token, etag });
  if (response.status === 304) return;
  const atEnd = ctl.step >= data.frames.length - 1;
  data = response.body;
  etag = response.etag;
  ui.slider.max = String(data.frames.length - 1);
  ctl.setCount(data.frames.length);
  logItems = renderLog(ui.log, data.frames);
  if (data.finished) { view = "all"; await load("all", ctl.step); return; }
  ctl.goTo(atEnd ? data.frames.length - 1 : ctl.step);
}

function wire() {
  $("first").addEventListener("click", () => ctl.first());
  $("prev").addEventListener("click", () => ctl.prev());
  $("next").addEventListener("click", () => ctl.next());
  $("last").addEventListener("click", () => ctl.last());
  ui.slider.addEventListener("input", () => ctl.goTo(Number(ui.slider.value)));
  ui.play.addEventListener("click", () => (ctl.playing ? ctl.pause() : ctl.play(1000 / Number(ui.speed.value))));
  ui.speed.addEventListener("change", () => { if (ctl.playing) ctl.play(1000 / Number(ui.speed.value)); });
  ui.view.addEventListener("change", () => load(ui.view.value, ctl.step).catch(fail));
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
    const action = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
    if (!action) return;
    event.preventDefault();
    ctl[action]();
  });
  window.addEventListener("hashchange", () => {
    const step = Number(hashParams().get("step"));
    if (data && Number.isInteger(step) && step !== ctl.step) ctl.goTo(step);
  });
  $("token-form").addEventListener("submit", (event) => {
    event.preventDefault();
    useToken($("token").value.trim()).catch(fail);
  });
}

async function useToken(token) {
  if (!token) return;
  const response = await getJSON(`/api/games/${game}/frames/`, { token });
  if (response.body.viewer === null) throw new Error("that token is not a seat of this game");
  persp.saveToken(game, token, response.body.viewer);
  $("token").value = "";
  await load(response.body.finished ? "all" : String(response.body.viewer), ctl.step);
}

function fail(error) { ui.message.textContent = `Could not load the replay: ${error.message || error}`; }

async function start() {
  wire();
  const params = hashParams();
  const fromHash = params.get("token");  // #token=… once, then kept in sessionStorage only
  if (fromHash) { history.replaceState(null, "", "#"); await useToken(fromHash); }
  const finished = root.dataset.status === "finished";
  const saved = persp.savedToken(game);
  const valid = ["all", "spectator", "0", "1", "2", "3"];
  let wanted = params.get("view") || (finished ? "all" : (saved ? String(saved.seat) : "spectator"));
  if (!valid.includes(wanted)) wanted = finished ? "all" : "spectator";
  // No step asked: a finished game opens at its start, a live one at its latest step.
  const step = params.has("step") ? Number(params.get("step")) : (finished ? 0 : -1);
  await load(wanted, step);
  setInterval(() => poll().catch(() => {}), 4000);
}

start().catch(fail);
