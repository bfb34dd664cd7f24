// The legal-input controls, for every game: what the server's `legal` summary (GET
// /api/games/{id}/state/) says the seat may do now. A game's renderer may draw a kind of
// decision its own way (renderer.controls[kind]); any other decision gets one button per
// input the server listed (legal.inputs). The browser computes no rule: it offers what
// the server listed, and the server validates what is sent. A renderer may also export
// `playWords`: {kinds: {kind: words}, unit: its score's word} for the turn and result lines.
import { el } from "./dom.js";

function seatName(seats, seat) { return seats[seat] ?? `seat ${seat}`; }

// What a decision kind is, in the game's words: the renderer's `playWords.kinds[kind]`
// ("name trump", "send the trick's workers to the fields"), else the kind itself.
export function kindText(kind, renderer = {}) {
  return renderer.playWords?.kinds?.[kind] || kind || "";
}

// Whose decision the game awaits, in words ("Your turn: play a card.", "Waiting for
// Boris to name trump.").
export function turnText(legal, { seats = [], finished = false, renderer = {} } = {}) {
  if (finished) return "Game over.";
  if (!legal) return "";
  const what = kindText(legal.kind, renderer);
  if (legal.yours) return what ? `Your turn: ${what}.` : "Your turn.";
  const movers = Array.isArray(legal.may_act) ? legal.may_act
    : (legal.to_move === null || legal.to_move === undefined ? [] : [legal.to_move]);
  if (!movers.length) return "Waiting for the game to go on.";
  const names = movers.map((s) => seatName(seats, s)).join(", ");
  return `Waiting for ${names}${what ? ` to ${what}` : ""}.`;
}

// A listed input in words: the renderer's, else its type and facts ("choose: number 2").
export function inputText(input, renderer = {}) {
  const own = renderer.inputLabel?.(input);
  if (own) return own;
  const facts = Object.entries(input).filter(([k]) => k !== "type" && k !== "seat")
    .map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`);
  return `${input.type}${facts.length ? `: ${facts.join(", ")}` : ""}`;
}

// The controls for `legal` (null when the seat has nothing to decide). ctx: {state,
// viewer, seats, busy, send(input), redraw()}.
export function movesElement(legal, ctx, renderer = {}) {
  if (!legal || !legal.yours) return null;
  const own = legal.kind ? renderer.controls?.[legal.kind] : null;
  if (own) return own(legal, ctx);
  const inputs = legal.inputs || [];
  return el("div", { class: "listed-inputs" },
    el("p", {}, inputs.length ? "Choose one:" : "Nothing to choose."),
    ...inputs.map((input, k) => el("button", {
      class: "choice", type: "button", "data-action": input.type, "data-input": k,
      disabled: ctx.busy, onclick: () => ctx.send(input) }, inputText(input, renderer))));
}

// The end of the game, for the seat: its place and score ("You finished 2nd of 4 with 15
// points."), the winner, and a link to the replay. The full standings (every place, score
// and tie-break) are the shell's end-of-game summary just below (summary.js).
// `unit`: the game's word for its score ("points", "heads").
export function resultElement(state, seats = [], { replay = null, unit = "points", viewer = null } = {}) {
  const result = state?.result;
  const lines = [];
  if (result && Array.isArray(result.places)) {
    const score = (i) => (Array.isArray(result.scores) ? ` with ${result.scores[i]} ${unit}` : "");
    if (viewer !== null && result.places[viewer] !== undefined) {
      lines.push(el("p", { class: "mine", dataset: { place: result.places[viewer] } },
        `You finished ${ordinal(result.places[viewer])} of ${result.places.length}${score(viewer)}.`));
    }
    const winners = [...result.places.keys()].filter((i) => result.places[i] === 1);
    lines.push(el("p", { class: "winners" }, `${winners.length > 1 ? "Winners" : "Winner"}: `,
      winners.map((i) => `${seatName(seats, i)}${i === viewer ? " (you)" : ""}${score(i)}`).join(", "), "."));
  }
  return [el("h2", {}, "Final result"), ...lines,
    replay ? el("p", {}, el("a", { class: "replay-link", href: replay }, "Watch the replay of the whole game, every card face up")) : null];
}

function ordinal(n) {
  const tail = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
  return `${n}${tail}`;
}
