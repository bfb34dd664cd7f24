// The fallback table renderer (../renderers.js): any game's view drawn readably before
// the game has a renderer of its own — each seat with the view's per-seat facts (a list
// with one entry per seat), then the view's other facts. It draws what the API sent for
// this viewer and nothing else: no rules, no guessing of hidden facts.
import { el } from "../dom.js";

export const stylesheet = new URL("./generic.css", import.meta.url).href;
const SKIP = new Set(["seats", "viewer"]);

// A fact in words: null "—", booleans yes/no, lists of plain values joined, else JSON.
export function factText(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== "object")) {
    return value.length ? value.map(factText).join(", ") : "none";
  }
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function facts(pairs, label) {
  return el("dl", { class: "facts", "aria-label": label },
    ...pairs.flatMap(([key, value]) => [el("dt", {}, key),
                                        el("dd", { dataset: { fact: key } }, factText(value))]));
}

// renderTable(state, {seats, viewer, bottom}) -> element.
export function renderTable(state, { seats = [], viewer = null } = {}) {
  const view = state && typeof state === "object" ? state : { state };
  const names = seats.length ? seats : (Array.isArray(view.seats) ? view.seats : []);
  const n = names.length;
  const keys = Object.keys(view).filter((k) => !SKIP.has(k));
  const perSeat = keys.filter((k) => n > 0 && Array.isArray(view[k]) && view[k].length === n);
  const rest = keys.filter((k) => !perSeat.includes(k));
  const seatBoxes = names.map((name, i) => el("section", {
    class: `seat${viewer === i ? " me" : ""}`, "aria-label": `Seat ${i}: ${name}`, dataset: { seat: i } },
    el("header", {}, el("span", { class: "name" }, name), viewer === i ? " (you)" : null),
    perSeat.length ? facts(perSeat.map((k) => [k, view[k][i]]), `Facts of ${name}`) : null));
  return el("div", { class: "generic-table", dataset: { renderer: "generic" } },
    el("div", { class: "generic-seats", role: "group", "aria-label": "Seats" }, ...seatBoxes),
    rest.length ? el("section", { class: "generic-facts", "aria-label": "The table" },
      el("h3", {}, "The table"), facts(rest.map((k) => [k, view[k]]), "Public facts")) : null);
}
