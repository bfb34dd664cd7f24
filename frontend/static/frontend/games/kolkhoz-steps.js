// What Kolkhoz's steps so far say that one frame's state does not: read from the record
// (the frames' events up to this step, as this viewer may see them), never from rules.
//  - yearRecord: this year's fields inspected at requisition (failed) and completed with
//    the Wrecker on them (poisoned);
//  - yearTrump: the trump the current year had (shown once the year is over);
//  - northOwners: whose card each card sent North was (the `north` events' seat);
//  - markStep: the table's marks for what this step changed (the card just played, the
//    cards just assigned, the field just completed or inspected, the cellar card revealed,
//    pocketed or swapped, the card just sent North, the trump just named).
// Also the jumps (by trick, by year) and the end-of-game summary.
import { cardIn, mark, markPlayed } from "../marks.js";

// The jumps: a trick is marked by its `trick` event (its four cards and winner), a year by
// its `year` event (the year begins).
export const units = [
  { name: "trick", at: (frame) => frame.type === "trick" },
  { name: "year", at: (frame) => frame.type === "year" },
];

const list = (v) => (Array.isArray(v) ? v : []);

// {failed: Set(field), poisoned: Set(field)} of the current year (after its last `year`).
export function yearRecord(history) {
  const failed = new Set();
  const poisoned = new Set();
  for (let i = list(history).length - 1; i >= 0; i -= 1) {
    const e = history[i];
    if (e.type === "year") break;
    if (e.type === "requisition" && e.field && !e.skipped) failed.add(e.field);
    if (e.type === "farmed" && e.facts?.poisoned) poisoned.add(e.field);
  }
  return { failed, poisoned };
}

// The suit named trump in the current year (after its last `year` event), or null.
export function yearTrump(history) {
  for (let i = list(history).length - 1; i >= 0; i -= 1) {
    const e = history[i];
    if (e.type === "year") break;
    if (e.type === "trump" && e.suit) return e.suit;
  }
  return null;
}

// {card: name} for the cards sent North so far.
export function northOwners(history, seats) {
  const out = {};
  for (const e of list(history)) {
    if (e.type === "north" && e.card && Number.isInteger(e.seat)) out[e.card] = seats[e.seat] ?? `seat ${e.seat}`;
  }
  return out;
}

// Marks on `table` (the drawn table) for what `event` changed.
export function markStep(table, event) {
  if (!event) return;
  const seat = `.seat[data-seat="${event.seat}"]`;
  switch (event.type) {
    case "play":
      markPlayed(table, ".trick", event.card);
      break;
    case "assign":
      for (const [code, to] of Object.entries(event.cards || {})) {
        mark(cardIn(table, `.field[data-field="${to}"]`, code), "just assigned");
      }
      break;
    case "farmed": case "requisition":
      mark(table.querySelector(`.field[data-field="${event.field}"]`),
           event.type === "farmed" ? "just completed" : "just inspected");
      break;
    case "revealed": case "pocket":
      mark(cardIn(table, `${seat} .cellar`, event.card), event.type === "revealed" ? "just revealed" : "just pocketed");
      break;
    case "swap":
      mark(cardIn(table, `${seat} .cellar`, event.hand), "just buried");
      mark(cardIn(table, `${seat} .hand`, event.cellar), "just taken into the hand");
      break;
    case "north":
      mark(cardIn(table, ".north", event.card)?.closest("figure"), "just sent North");
      break;
    case "trump":
      mark(table.querySelector(".trump-now"), null);
      break;
    default:
  }
}

// The end of the game: places, points (the cellar's values) and the medals that break a
// tie, as the final step's event records them.
export function summary(state, { event } = {}) {
  const result = state?.result;
  const end = event?.type === "game_end" ? event : result;
  if (!result || !end) return null;
  const medals = end.facts?.tiebreak_medals ?? end.medals ?? state.medals_total;
  return {
    title: "The Plan is over",
    columns: ["Points (cellar)", "Medals (tie-break)"],
    rows: list(result.places).map((place, seat) => ({ seat, place,
      values: [result.scores?.[seat] ?? "—", medals?.[seat] ?? "—"] })),
  };
}
