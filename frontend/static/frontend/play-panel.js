// The play page's panel beside the controls (play.js): what just happened in words, the
// time left on a deadline, and the hint under a table that does not fit the screen.
// Words come from the API only: each step's `caption` (the first sentence of the game's
// explanation, built from the seat's own redacted view: GET /api/games/{id}/frames/) and
// the clock (GET /api/games/{id}/clock/). No game rule here.
import { getJSON } from "./api.js";
import { el } from "./dom.js";

const RECENT_MAX = 8;    // steps listed at most (the log beside the table has them all)
const RECENT_FRESH = 6;  // steps listed when the page has not seen this seat move yet

// "What just happened": the captions of the steps from `since` (the first step after the
// seat's previous decision, or null: the last few steps) to the latest, oldest first.
export function drawRecent(section, list, frames, since) {
  const last = frames.length - 1;
  if (last < 1) { section.hidden = true; return; }
  let from = since === null || since === undefined ? last - RECENT_FRESH + 1 : since;
  from = Math.max(1, Math.min(from, last), last - RECENT_MAX + 1);
  const items = [];
  if (from > 1) {
    items.push(el("li", { class: "more" },
      el("a", { href: `#step=${from - 1}` }, `${from - 1} earlier steps are in the log.`)));
  }
  for (let i = from; i <= last; i += 1) {
    const frame = frames[i];
    items.push(el("li", { class: i === last ? "latest" : null, dataset: { step: i } },
      el("a", { class: "num", href: `#step=${i}`, "aria-label": `step ${i}` }, String(i)), " ",
      frame.caption || frame.explanation || ""));
  }
  list.replaceChildren(...items);
  section.hidden = false;
}

function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const m = Math.floor(s / 60);
  const h = Math.floor(m / 60);
  const mm = String(m % 60).padStart(h ? 2 : 1, "0");
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

// The deadline of the turns running now, counting down once a second. `refresh()` asks
// the API again (after every step); the count uses the server's `seconds_left`, so the
// browser's own clock does not matter.
export class Clock {
  constructor(game, box, text) {
    this.game = game;
    this.box = box;
    this.text = text;
    this.turns = [];
    this.at = 0;
    this.seats = [];
    this.viewer = null;
    this.policy = null;
    this.timer = null;
  }

  async refresh({ seats, viewer, finished }) {
    this.seats = seats || [];
    this.viewer = viewer;
    if (finished) { this.turns = []; this.draw(); return; }
    let body;
    try {
      body = (await getJSON(`/api/games/${this.game}/clock/`)).body;
    } catch {
      return;  // no clock (e.g. not at a table): leave it as it was
    }
    this.turns = body.turns || [];
    this.policy = body.policy;
    this.at = performance.now();
    this.draw();
    if (this.turns.length && this.timer === null) this.timer = setInterval(() => this.draw(), 1000);
    if (!this.turns.length && this.timer !== null) { clearInterval(this.timer); this.timer = null; }
  }

  draw() {
    const elapsed = (performance.now() - this.at) / 1000;
    if (!this.turns.length) { this.box.hidden = true; return; }
    const mine = this.turns.find((t) => t.seat === this.viewer);
    const shown = mine ? [mine] : this.turns;
    const parts = shown.map((t) => {
      const left = clockText(t.seconds_left - elapsed);
      return mine ? left : `${this.seats[t.seat] ?? `seat ${t.seat}`} ${left}`;
    });
    const least = Math.min(...shown.map((t) => t.seconds_left - elapsed));
    this.text.textContent = parts.join(" · ");
    this.box.hidden = false;
    this.box.classList.toggle("urgent", Boolean(mine) && least < 15);
    this.box.dataset.mine = String(Boolean(mine));
    this.box.title = mine && this.policy ? "When the time runs out, the autopilot plays this move for you." : "";
  }
}

// A hint above the table while it is wider than its box (it then scrolls sideways).
export function watchOverflow(box) {
  const hint = el("p", { class: "table-scroll-hint", id: "table-scroll-hint" },
    "The table is wider than the screen: swipe it sideways to see all of it →");
  box.before(hint);
  const check = () => { hint.dataset.show = String(box.scrollWidth > box.clientWidth + 2); };
  new ResizeObserver(check).observe(box);
  new MutationObserver(check).observe(box, { childList: true });
  check();
}
