// Arne Total's inputs and events in short words for the controls' labels (a played card
// with what it names, a window's name), and which pile or seat a step touched, highlighted
// on the table (eventFocus). A step's sentence is the game's own explanation
// (arne_core/explain.py, with its clause ids), shown by the page shell beside the controls.
import { cardName, colourName } from "./arne-cards.js";

const WINDOWS = { main: "main window", before: "before-window", after: "after-window" };

export const windowName = (kind) => WINDOWS[kind] || (kind === "final" ? "final round" : String(kind));

function seatNamer(names) {
  return (s) => (s === null || s === undefined ? "nobody" : names[s] ?? `seat ${s}`);
}

const where = (area) => (area === "discard" ? "the discard pile" : `${colourName(area)}'s area`);

// A listed or played input's target in words: a seat, a pile, "the discard pile".
function target(t, name) {
  if (t === "discard") return "the discard pile";
  if (typeof t === "number") return name(t);
  return `the ${cardName(t)} pile`;
}

// A played card with what it names (white / black inputs), without the seat.
export function playWords(e, names = []) {
  const name = seatNamer(names);
  const what = cardName(e.card);
  if (e.with) return `${what} with ${cardName(e.with)} into ${where(e.area)}`;
  if (e.colour) return `${what} on ${name(e.target)}, naming ${colourName(e.colour)}`;
  if (e.area) return `${what} into ${where(e.area)}`;
  if (e.target !== undefined && e.target !== null) {
    const verb = { GRAB: "from", PLUS2K: "on", SWAP: "with", THIEF: "taking from" }[String(e.card).split(".")[0]] || "on";
    return `${what} ${verb} ${target(e.target, name)}`;
  }
  return what;
}

// What the step touched, to highlight on the table: {pile, area, seats}.
export function eventFocus(e) {
  if (!e || typeof e !== "object") return {};
  const pile = ["tripled", "crushed", "locked"].includes(e.type) ? e.target
    : e.type === "placed" || (e.type === "stolen" && e.source !== "discard") ? e.card : null;
  const seats = [e.seat, e.source, e.to_seat, ...(e.seats || [])].filter((s) => Number.isInteger(s));
  return { pile, area: e.area ?? null, seats };
}
