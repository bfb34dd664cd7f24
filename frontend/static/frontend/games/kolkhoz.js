// Kolkhoz's table renderer (the page shell's renderer registry, ../renderers.js):
// the table as a player sees it, drawn from one frame's state (the API's seat or
// spectator view): status line, four seats around the fields and the trick, North.
// Also its legend, its stylesheet (card faces) and its legal-input controls.
import { el } from "../dom.js";
import { CROPS, cardRow, cellar, field, north, trick } from "./kolkhoz-cards.js";
import { markStep, northOwners, yearRecord, yearTrump } from "./kolkhoz-steps.js";

export { controls, inputLabel, playWords } from "./kolkhoz-controls.js";
export { summary, units } from "./kolkhoz-steps.js";

export const stylesheet = new URL("./kolkhoz.css", import.meta.url).href;

const PHASES = { setup: "setting up", deal: "the deal", trump: "naming trump", swap: "the swap",
                 play: "tricks", assign: "assignment", resolve: "end of the year", over: "game over" };
const POSITIONS = ["bottom", "left", "top", "right"];  // clockwise from the viewer
const ORDINAL = ["1st", "2nd", "3rd", "4th"];

const cropWords = (suit) => `${CROPS[suit].symbol} ${CROPS[suit].name}`;

// What is true of trump at this step: the year's trump; none in the famine; not named yet
// before the planner names it; once the year is over (and at the end), the trump that
// year had (from the record), or nothing before the Plan.
function trumpWords(s, history) {
  if (s.trump) return `Trump: ${cropWords(s.trump)}`;
  if (!s.year) return null;
  const over = ["setup", "over"].includes(s.phase);
  if (s.famine) return over ? `Year ${s.year} had no trump (famine)` : "No trump (famine)";
  if (!over) return "Trump: not named yet";
  const last = yearTrump(history);
  return last && CROPS[last] ? `Year ${s.year}'s trump was ${cropWords(last)}` : null;
}

function statusLine(s, history) {
  const trump = trumpWords(s, history);
  return el("p", { class: "status" },
    el("span", { class: "year", dataset: { year: s.year } }, s.year ? `Year ${s.year} of ${s.years}` : "Before the Plan"),
    s.famine ? el("span", { class: "badge famine" }, "Famine") : null,
    trump ? el("span", { class: "trump-now", dataset: { trump: s.trump || "" } }, trump) : null,
    el("span", { class: "phase" }, `Phase: ${s.phase === "setup" && s.year ? `year ${s.year} is over` : PHASES[s.phase] || s.phase}`),
    s.tricks_in_year ? el("span", { class: "tricks" }, ["play", "assign"].includes(s.phase)
      ? `Trick ${s.tricks_played + 1} of ${s.tricks_in_year}`
      : `${s.tricks_played} of ${s.tricks_in_year} tricks played`) : null);
}

function seat(s, i, position) {
  const name = s.seats[i];
  const badges = [
    s.planner === i && s.year ? el("span", { class: "badge planner", title: "The planner's cap" }, "☭ Planner") : null,
    s.to_move === i ? el("span", { class: "badge to-move" }, "to move") : null,
    s.brigadier === i ? el("span", { class: "badge brigadier" }, "Brigadier") : null,
  ];
  const result = s.result
    ? el("p", { class: "result" }, `${ORDINAL[s.result.places[i] - 1]} place · ${s.result.scores[i]} points`)
    : null;
  return el("section", { class: `seat pos-${position}${s.to_move === i ? " moving" : ""}`,
                         "aria-label": `Seat ${i}: ${name}`, dataset: { seat: i } },
    el("header", {}, el("span", { class: "name" }, name), ...badges),
    el("p", { class: "medals", "aria-label": `Medals of ${name}` },
      `★ ${s.medals_year[i]} this year · ${s.medals_total[i]} in all`),
    el("div", { class: "zone" }, el("span", { class: "label" }, "Hand"),
      cardRow(s.hands[i], { label: `Hand of ${name}`, cls: "hand", empty: "empty" })),
    el("div", { class: "zone" }, el("span", { class: "label" }, "Cellar"),
      cellar(s.cellars[i], { label: `Cellar of ${name}` })),
    result);
}

function currentTrick(s) {
  if (s.trick.cards.length) {
    return trick(s.trick, s.seats, { title: "Current trick",
                                     winner: s.phase === "assign" ? s.brigadier : null });
  }
  const last = s.year_tricks[s.year_tricks.length - 1];
  if (!last) return trick({ cards: [], seats: [], leader: null }, s.seats, { title: "Current trick" });
  const seats = last.cards.map((_, k) => (last.leader + k) % 4);
  return trick({ ...last, seats }, s.seats, { title: `Last trick — won by ${s.seats[last.winner]}`,
                                              winner: last.winner });
}

// renderTable(state, {hints: {quota}, bottom, history, event}) -> element. `bottom`: the
// seat drawn nearest the viewer (the perspective's seat; seat 0 for a spectator);
// `history`: the steps' events so far (this year's inspected fields, whose card went
// North); `event`: this step's, marked on the table (what changed).
export function renderTable(s, { hints = {}, bottom = 0, history = [], event = null } = {}) {
  const quota = hints.quota;
  const year = yearRecord(history);
  // between two years (and at the end) the fields keep the year's hours, their workers gone
  const closed = ["setup", "over"].includes(s.phase) && s.year > 0;
  const seats = [0, 1, 2, 3].map((k) => seat(s, (bottom + k) % 4, POSITIONS[k]));
  const centre = el("div", { class: "centre" },
    el("div", { class: "fields", role: "group", "aria-label": "Fields" },
      ...s.fields.map((f) => field(f, { quota, trump: s.trump, closed, failed: year.failed.has(f.field),
                                        poisoned: year.poisoned.has(f.field) }))),
    currentTrick(s));
  const table = el("div", { class: "table" }, statusLine(s, history), ...seats, centre,
                   north(s.north, { owners: northOwners(history, s.seats) }));
  markStep(table, event);
  return table;
}

// What the marks on the cards mean (shown under the table).
export function legend() {
  return el("p", { class: "legend", "aria-label": "Legend" },
    el("span", {}, el("span", { class: "card back", "aria-hidden": "true" }), " hidden from this viewer"),
    el("span", {}, el("span", { class: "card note-hidden", "aria-hidden": "true" },
      el("span", { class: "rank" }, "9")), " hidden cellar card this viewer may see"),
    el("span", {}, el("span", { class: "card note-reward", "aria-hidden": "true" },
      el("span", { class: "rank" }, "A")), " reward card"),
    el("span", {}, el("span", { class: "card just", "aria-hidden": "true" }), " changed by this step"),
    el("span", {}, el("span", { class: "card wrecker", "aria-hidden": "true" },
      el("span", { class: "rank" }, "★")), " the Wrecker (the joker: 14 hours, wins any trick)"),
    el("span", {}, "☭ Planner: deals and names trump"),
    el("span", {}, "Brigadier: won the trick, assigns its cards"),
    el("span", {}, "★ medals: tricks won"));
}
