// The legal-input controls, for every game: what the server's `legal` summary (GET
// /api/games/{id}/state/) says the seat may do now. A game's renderer may draw a kind of
// decision its own way (renderer.controls[kind]); any other decision gets one button per
// input the server listed (legal.inputs). The browser computes no rule: it offers what
// the server listed, and the server validates what is sent.
import { el } from "./dom.js";

function seatName(seats, seat) { return seats[seat] ?? `seat ${seat}`; }

// Whose decision the game awaits, in words ("Your turn: play.", "Waiting for Boris (play).").
export function turnText(legal, { seats = [], finished = false } = {}) {
  if (finished) return "Game over.";
  if (!legal) return "";
  const kind = legal.kind ? `: ${legal.kind}` : "";
  if (legal.yours) return `Your turn${kind}.`;
  const movers = Array.isArray(legal.may_act) ? legal.may_act
    : (legal.to_move === null || legal.to_move === undefined ? [] : [legal.to_move]);
  if (!movers.length) return "Waiting for the game to go on.";
  const names = movers.map((s) => seatName(seats, s)).join(", ");
  return `Waiting for ${names}${legal.kind ? ` (${legal.kind})` : ""}.`;
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

// The end of the game: places (and scores) when the seat's view states them.
export function resultElement(state, seats = []) {
  const result = state?.result;
  const list = el("ol", {});
  if (result && Array.isArray(result.places)) {
    const order = [...result.places.keys()].sort((a, b) => result.places[a] - result.places[b]);
    for (const i of order) {
      const score = Array.isArray(result.scores) ? `, ${result.scores[i]} points` : "";
      list.append(el("li", {}, `${seatName(seats, i)}: place ${result.places[i]}${score}`));
    }
  }
  return [el("h2", {}, "Game over"), list.children.length ? list : null];
}
