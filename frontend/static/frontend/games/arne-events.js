// Arne Total's events in short words, for the table's "this step" line (arne.js) and the
// controls' input labels: one sentence per event type of RECORD_FORMAT.md ("The adjudicated
// log"), from the fields the event carries for this viewer (a card redacted to null is "a
// card"). The log beside the table keeps the server's own explanation of every step (the
// game's explain module, with its clause ids); this line only says on the table what the
// step did, and which pile or seat it touched (eventFocus).
import { cardName, colourName, plural } from "./arne-cards.js";

const WINDOWS = { main: "main window", before: "before-window", after: "after-window" };

export const windowName = (kind) => WINDOWS[kind] || (kind === "final" ? "final round" : String(kind));

function seatNamer(names) {
  return (s) => (s === null || s === undefined ? "nobody" : names[s] ?? `seat ${s}`);
}

const cards = (list) => (Array.isArray(list) && list.length
  ? list.map(cardName).join(", ") : "nothing");

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

// One event in words (null for an unknown type: the renderer shows nothing then).
export function eventText(e, names = []) {
  if (!e || typeof e !== "object") return null;
  const name = seatNamer(names);
  const who = name(e.seat);
  switch (e.type) {
    case "game": return `A game of ${plural((e.seats || []).length, "seat")} is set up; ${name(e.first_player)} takes the first turn.`;
    case "deal": return "Every seat is dealt 8 cards.";
    case "turn": return `Turn ${e.turn}: ${name(e.seat)} at position ${e.position} (direction ${e.direction > 0 ? "+1" : "−1"}).`;
    case "draw": {
      const n = Array.isArray(e.cards) ? e.cards.length : e.count ?? 0;
      const seen = Array.isArray(e.cards) && e.cards.every((c) => c) ? `: ${cards(e.cards)}` : "";
      return `${who} draws ${plural(n, "card")}${seen}.`;
    }
    case "deck_empty": return `${who} took the last card: the deck is empty.`;
    case "window": return `The ${windowName(e.kind)} opens; order: ${(e.order || []).map(name).join(", ")}.`;
    case "window_closed": return `The ${windowName(e.kind)} closes.`;
    case "white": return `${who} plays ${playWords(e, names)} (white card).`;
    case "black": return `${who} plays ${playWords(e, names)} (black card).`;
    case "pass_window": return `${who} passes.`;
    case "random_card": return `A card is taken at random from ${who}'s hand${e.card ? `: ${cardName(e.card)}` : ""}.`;
    case "give": return `${who} chooses two cards to give${Array.isArray(e.cards) && e.cards.every((c) => c) ? `: ${cards(e.cards)}` : ""}.`;
    case "placed": return `${cardName(e.card)}${e.chameleon ? " with a chameleon" : ""} is placed in ${where(e.area)}.`;
    case "discarded": return `To the discard pile: ${cards(e.cards)}.`;
    case "tripled": return `${who} triples the ${cardName(e.target)} pile in ${where(e.area)}.`;
    case "crushed": return `${who} crushes the ${cardName(e.target)} pile in ${where(e.area)}.`;
    case "locked": return `${who} locks the ${cardName(e.target)} pile in ${where(e.area)}: ${e.cancels === "minus200" ? "the −200 is cancelled" : "the card is restored"}.`;
    case "stolen": return e.source === "discard"
      ? `${who}'s thief takes ${e.card ? cardName(e.card) : "the top card"} off the discard pile.`
      : `${who}'s thief takes the ${cardName(e.card)} pile from ${where(e.source)} into ${where(e.area)}.`;
    case "grabbed": return `${who} grabs ${e.card ? cardName(e.card) : e.card === null ? "a card" : "nothing"} from ${name(e.source)}.`;
    case "gave": {
      const n = Array.isArray(e.cards) ? e.cards.length : e.count ?? 0;
      const shown = Array.isArray(e.cards) && e.cards.every((c) => c) ? ` (${cards(e.cards)})` : "";
      const to = e.to_seat !== null && e.to_seat !== undefined ? ` to ${name(e.to_seat)}` : e.area ? ` into ${where(e.area)}` : "";
      return `${who} gives ${plural(n, "card")}${shown}${to}.`;
    }
    case "hands_passed": return `Every hand passes to the next position (direction ${e.direction > 0 ? "+1" : "−1"}).`;
    case "swapped": return `${name(e.seats?.[0])} and ${name(e.seats?.[1])} swap seats.`;
    case "claim": return `${who}'s ${e.effect === "reverse" ? "Reverse!" : "Stop!"} claims the next turn.`;
    case "dummy_control": return `${who} takes control of the dummy (position ${e.position}).`;
    case "turn_end": return `Turn ${e.turn} ends; next: ${name(e.next_seat)} at position ${e.next_position}${e.decided_by ? `, decided by ${cardName(e.decided_by)}` : ""}.`;
    case "final_round": return `The deck is out: the final round, in the order ${(e.order || []).map(name).join(", ")}.`;
    case "hands_discarded": return "Every card left in a hand goes to the discard pile.";
    case "game_end": return "The game ends; the areas are scored.";
    default: return null;
  }
}

// What the step touched, to highlight on the table: {pile, area, seats}.
export function eventFocus(e) {
  if (!e || typeof e !== "object") return {};
  const pile = ["tripled", "crushed", "locked"].includes(e.type) ? e.target
    : e.type === "placed" || (e.type === "stolen" && e.source !== "discard") ? e.card : null;
  const seats = [e.seat, e.source, e.to_seat, ...(e.seats || [])].filter((s) => Number.isInteger(s));
  return { pile, area: e.area ?? null, seats };
}
