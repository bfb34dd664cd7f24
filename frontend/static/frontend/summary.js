// The end-of-game summary under the step controls, at a finished game's last step: places,
// names, scores and tie-break values, as the renderer reads them from the final frame
// (`summary(state, {seats, event})` -> {title, columns: [label…], rows: [{seat, place,
// values: [..]}], note} or null). Nothing is computed here: the table is the API's numbers.
import { el } from "./dom.js";
import { scrollHints } from "./scrollhint.js";

const ordinal = (n) => `${n}${["th", "st", "nd", "rd"][(n % 100 > 10 && n % 100 < 14) || n % 10 > 3 ? 0 : n % 10]}`;

// The summary of a state whose result is {places, scores} when the renderer has none.
export function basicSummary(state, { seats = [] } = {}) {
  const result = state?.result;
  if (!result || !Array.isArray(result.places)) return null;
  return { title: "Game over", columns: ["Score"],
           rows: result.places.map((place, seat) => ({ seat, place, values: [result.scores?.[seat] ?? "—"] })),
           names: seats };
}

// Fill `box` (section#summary) with the summary, or hide it (null).
export function renderSummary(box, summary, seats) {
  box.hidden = !summary;
  if (!summary) { box.replaceChildren(); return; }
  const rows = [...summary.rows].sort((a, b) => a.place - b.place || a.seat - b.seat);
  const name = (i) => seats[i] ?? `seat ${i}`;
  // a column of numbers ("+50", "−140", 27) is right-aligned, one of words (a colour) is not
  const numeric = (k) => rows.every((r) => /^[+−-]?\d/.test(String(r.values[k])));
  const winners = rows.filter((r) => r.place === 1).map((r) => name(r.seat));
  box.replaceChildren(
    el("h2", { id: "summary-title" }, summary.title || "Game over"),
    el("p", { class: "winners" }, `${winners.length > 1 ? "Winners" : "Winner"}: ${winners.join(", ")}`),
    // a wide table scrolls sideways: a focusable region, so it scrolls by keyboard too
    el("div", { class: "scroll", tabindex: "0", role: "region", "aria-label": "Final standings" }, el("table", { class: "data summary-table" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Place"), el("th", { scope: "col" }, "Player"),
        ...summary.columns.map((c, k) => el("th", { scope: "col", class: numeric(k) ? "num" : null }, c)))),
      el("tbody", {}, ...rows.map((r) => el("tr", { dataset: { seat: r.seat, place: r.place } },
        el("td", {}, ordinal(r.place)), el("th", { scope: "row" }, name(r.seat)),
        ...r.values.map((v, k) => el("td", { class: numeric(k) ? "num" : null }, String(v)))))))),
    ...(summary.note ? [el("p", { class: "note muted" }, summary.note)] : []));
  scrollHints(box);  // "Scroll sideways…" shown while the table is wider than the screen
}
