// The page shell of the replay viewer and the play page. The frames of one perspective
// come from the API once (GET /api/games/{id}/frames/), then every step is a lookup:
// stepping (buttons, slider, ← → Home End, autoplay), deep links (#step=42&view=1), the
// perspective picker, a seat token ("Sit in", or #token=… once), the log with each step's
// explanation and clause links, and the table drawn by the game's renderer
// (renderers.js). New steps of a live game are fetched with ?after= (update()).
// The page adds what only it does (replay.js: polling; play.js: acting as a seat).
import { getJSON } from "./api.js";
import { el } from "./dom.js";
import * as link from "./deeplink.js";
import { Jumps } from "./jumps.js";
import { highlight, renderLog, renderStepDetail } from "./log.js";
import * as persp from "./perspective.js";
import { loadRenderer } from "./renderers.js";
import { ReplayController } from "./replay-controller.js";
import { basicSummary, renderSummary } from "./summary.js";

const $ = (id) => document.getElementById(id);

export class Shell {
  // Shell.open(root): the shell of the page element `root` (data-game: the game's uuid,
  // data-game-type: its registered id, data-status), with the game's renderer
  // (?renderer=… in the address picks another; an unknown one falls back to generic).
  static async open(root, options = {}) {
    const wanted = new URLSearchParams(location.search).get("renderer");
    const { id, module } = await loadRenderer(root.dataset.gameType, wanted);
    root.dataset.renderer = id;
    return new Shell(root, module, options);
  }

  constructor(root, renderer, { failText = "Could not load the game" } = {}) {
    this.root = root;
    this.game = root.dataset.game;
    this.renderer = renderer;
    this.failText = failText;
    this.data = null;      // the frames response of the current perspective
    this.etag = null;
    this.view = null;      // the current perspective value
    this.ownSeat = persp.savedToken(this.game)?.seat ?? null;  // the seat this tab sees by right
    this.items = [];
    this.updating = Promise.resolve();
    this.onShow = () => {};   // page hooks
    this.onToken = () => {};
    this.ui = { table: $("table"), log: $("log"), detail: $("step-detail"), slider: $("slider"),
                out: $("step-out"), play: $("play-button"), speed: $("speed"), view: $("perspective"),
                message: $("message"), legend: $("legend"), summary: $("summary") };
    this.ctl = new ReplayController({ onChange: (step) => this.show(step) });
    this.jumps = new Jumps($("jumps"), renderer.units, (step) => this.ctl.goTo(step));
    this.ctl.onPlayChange = (on) => {
      this.ui.play.setAttribute("aria-pressed", String(on));
      this.ui.play.textContent = on ? "Pause" : "Play";
    };
    if (this.ui.legend && renderer.legend) this.ui.legend.replaceChildren(renderer.legend());
  }

  get frames() { return this.data?.frames || []; }
  get step() { return this.ctl.step; }
  get atEnd() { return this.ctl.step >= this.frames.length - 1; }

  defaultView() {
    if (this.data?.finished) return "all";
    return this.ownSeat === null ? "spectator" : String(this.ownSeat);
  }

  // Open at the address's step and perspective (else `defaultStep`; -1: the latest).
  async start({ defaultStep = 0 } = {}) {
    this.wire();
    const asked = link.read();
    if (asked.token) {
      link.dropToken();
      await this.useToken(asked.token).catch((e) => this.fail(e));
    }
    const step = asked.step ?? defaultStep;
    const view = persp.parse(asked.view);
    try {
      await this.load(view, step);
    } catch (error) {  // a perspective this viewer may not have: its own instead
      if (view === null || ![400, 403].includes(error.status)) throw error;
      await this.load(null, step);
    }
  }

  // Fetch the frames seen as `value` (null: the requester's own default) and show `step`.
  async load(value, step) {
    const request = persp.framesRequest(this.game, value, persp.savedToken(this.game));
    const response = await getJSON(request.url, { token: request.token });
    this.data = response.body;
    this.etag = response.etag;
    if (value === null && this.data.viewer !== null) this.ownSeat = this.data.viewer;
    // What the API answered for decides the perspective.
    const seat = this.data.viewer === null ? "spectator" : String(this.data.viewer);
    this.view = this.data.finished && !this.data.as_played ? "all" : seat;
    this.redrawFrames();
    this.fillPerspectives();
    this.ctl.goTo(step < 0 ? this.frames.length - 1 : step);
  }

  // A live game's new steps (frames after the last one held; 304 when none). At the
  // game's end everything is loaded again (a finished game shows every card). Calls
  // run one after another. Resolves to true when something changed.
  update() {
    const run = this.updating.then(() => this.fetchNew());
    this.updating = run.catch(() => {});
    return run;
  }

  async fetchNew() {
    const data = this.data;
    if (!data || data.finished) return false;
    const request = persp.framesRequest(this.game, this.view, persp.savedToken(this.game));
    const last = this.frames.length - 1;
    const url = `${request.url}${request.url.includes("?") ? "&" : "?"}after=${last}`;
    const response = await getJSON(url, { token: request.token, etag: this.etag });
    if (response.status === 304 || this.data !== data) return false;  // none, or another load
    const atEnd = this.atEnd;
    const body = response.body;
    if (body.finished || (body.frames.length && body.frames[0].seq !== last + 1)) {
      await this.load(body.finished ? null : this.view, atEnd ? -1 : this.ctl.step);
      return true;
    }
    this.data = { ...body, frames: [...this.frames, ...body.frames],
                  clauses: { ...this.data.clauses, ...body.clauses } };
    this.etag = response.etag;
    this.redrawFrames();
    this.ctl.goTo(atEnd ? this.frames.length - 1 : this.ctl.step);
    return true;
  }

  redrawFrames() {
    this.ui.slider.max = String(Math.max(0, this.frames.length - 1));
    this.ctl.setCount(this.frames.length);
    this.jumps.setFrames(this.frames);
    this.items = renderLog(this.ui.log, this.frames, this.data.clauses);
  }

  show(step) {
    const frame = this.frames[step];
    if (!frame) return;
    const seat = /^\d+$/.test(this.view) ? Number(this.view) : this.ownSeat;
    // history: every event up to this step, as this viewer may see them (what changed, whose
    // card went where); prev: the state before it
    const ctx = { seats: this.data.seats || [], viewer: this.data.viewer, bottom: seat ?? 0,
                  hints: this.data, event: frame.event, step,
                  history: this.frames.slice(0, step + 1).map((f) => f.event),
                  prev: step > 0 ? this.frames[step - 1].state : null };
    this.ui.table.replaceChildren(this.renderer.renderTable(frame.state, ctx));
    this.ui.slider.value = String(step);
    this.ui.slider.setAttribute("aria-valuetext", `Step ${step}: ${frame.caption}`);
    this.ui.out.textContent = `${step} / ${this.frames.length - 1}`;
    // aria-disabled, not disabled: the button just pressed keeps the focus (First, Last)
    for (const id of ["first", "prev"]) $(id).setAttribute("aria-disabled", String(step === 0));
    for (const id of ["next", "last"]) $(id).setAttribute("aria-disabled", String(step >= this.frames.length - 1));
    this.jumps.show(step);
    highlight(this.items, step);
    link.write(step, this.view !== this.defaultView() ? this.view : null);
    renderStepDetail(this.ui.detail, frame, step, this.frames.length,
                     { permalink: location.href, anchors: this.data.clauses });
    const last = this.data.finished && step === this.frames.length - 1;
    const summary = !last ? null : (this.renderer.summary || basicSummary)(frame.state, ctx);
    renderSummary(this.ui.summary, summary, this.data.seats || []);
    this.onShow(step);
    document.dispatchEvent(new CustomEvent("shell:step", {
      detail: { step, seq: frame.seq, view: this.view, frame, game: this.game } }));
  }

  fillPerspectives() {
    const options = persp.choices(this.data.seats || [], { finished: this.data.finished,
                                                           ownSeat: this.ownSeat });
    this.ui.view.replaceChildren(...options.map((o) =>
      el("option", { value: o.value, disabled: o.disabled, selected: o.value === this.view }, o.label)));
  }

  // Sit in with a seat token: checked against the API (the seat it belongs to), then
  // kept for this tab and the table is seen as that seat.
  async useToken(token) {
    if (!token) return;
    const response = await getJSON(`/api/games/${this.game}/state/`, { token });
    if (response.body.viewer === null) throw new Error("that token is not a seat of this game");
    persp.saveToken(this.game, token, response.body.viewer);
    this.ownSeat = response.body.viewer;
    if (this.data) await this.load(this.data.finished ? "all" : String(this.ownSeat), this.ctl.step);
    await this.onToken();
  }

  async followAddress() {
    if (!this.data) return;
    const { step, view } = link.read();
    const wanted = persp.parse(view) ?? this.defaultView();
    const at = Number.isInteger(step) ? step : this.ctl.step;
    if (wanted !== this.view) await this.load(wanted, at);
    else if (at !== this.ctl.step) this.ctl.goTo(at);
  }

  fail(error) { this.ui.message.textContent = `${this.failText}: ${error.message || error}`; }

  wire() {
    const { ui, ctl } = this;
    $("first").addEventListener("click", () => ctl.first());
    $("prev").addEventListener("click", () => ctl.prev());
    $("next").addEventListener("click", () => ctl.next());
    $("last").addEventListener("click", () => ctl.last());
    ui.slider.addEventListener("input", () => ctl.goTo(Number(ui.slider.value)));
    const interval = () => 1000 / Number(ui.speed.value);
    ui.play.addEventListener("click", () => (ctl.playing ? ctl.pause() : ctl.play(interval())));
    ui.speed.addEventListener("change", () => { if (ctl.playing) ctl.play(interval()); });
    ui.view.addEventListener("change", () => this.load(ui.view.value, ctl.step).catch((e) => this.fail(e)));
    document.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey
          || ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
      if (!this.data) return;
      // Page Up / Down in the log scroll it (← → Home End still step)
      if (event.target.closest?.(".log-scroll") && ["PageUp", "PageDown"].includes(event.key)) return;
      if (this.jumps.key(event)) { event.preventDefault(); return; }
      if (event.shiftKey) return;
      const action = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
      if (!action) return;
      event.preventDefault();
      ctl[action]();
    });
    // an address changed by hand, a link or Back: its step and perspective, without a reload
    const follow = () => this.followAddress().catch((e) => this.fail(e));
    window.addEventListener("hashchange", follow);
    window.addEventListener("popstate", follow);
    $("token-form")?.addEventListener("submit", (event) => {
      event.preventDefault();
      const input = $("token");
      this.useToken(input.value.trim()).then(() => { input.value = ""; }).catch((e) => this.fail(e));
    });
  }
}
