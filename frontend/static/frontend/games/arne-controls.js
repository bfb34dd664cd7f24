// Arne Total's legal-input controls, built from the server's listed inputs only
// (legal.inputs: arne_core choices.legal_inputs — every white, black, pass_window or give
// the seat may send now, with its fields). The seat's hand is drawn as buttons: a card
// with a listed use is enabled; choosing it shows one button per listed use of it (a
// score card's area or the discard pile, an X3's pile, a Grab / Plus Two / Swap's seat and
// a Plus Two's colour, a chameleon's `with` card and area, a thief's discard pile or
// pile, a crush's or lock's pile, a Stop! or Reverse! as it is). Passing is one button
// (pass_window, when listed). A `give` (Plus Two's target holding more than two cards of
// the kind) is picking two cards, then "Give". The page sends the listed input as it is;
// the server validates it. controls[kind](legal, ctx) -> element, ctx being {state,
// viewer, seats, busy, send(input), redraw()} (../controls.js).
import { el } from "../dom.js";
import { card, cardName, colourName, isWhite } from "./arne-cards.js";
import { windowName } from "./arne-events.js";
import { openWindow } from "./arne-turn.js";

let chosen = null;         // the hand card whose uses are shown: {key, card}
let giving = null;         // the cards picked for a give: {key, cards: []}
const list = (v) => (Array.isArray(v) ? v : []);

// A key for the decision now (a choice made for an earlier one is dropped).
const decisionKey = (state, legal) => `${state?.turn}:${state?.phase}:${JSON.stringify(legal.inputs || [])}`;

function pileArea(state, code) {
  for (const [c, piles] of Object.entries(state?.areas || {})) {
    if (list(piles).some((p) => p.card === code)) return c;
  }
  return null;
}

// One listed use of a card in words (after "Play <card> "), with the table's names.
export function useWords(input, { state = null, seats = [], viewer = null } = {}) {
  const name = (s) => (s === viewer ? `${seats[s] ?? `seat ${s}`} (you)` : seats[s] ?? `seat ${s}`);
  const areaWords = (c) => {
    if (c === "discard") return "to the discard pile";
    const p = list(state?.colours).indexOf(c);
    const seat = p >= 0 ? state?.position_seats?.[p] : null;
    const whose = c === state?.dummy_colour ? "the dummy's area"
      : seat === viewer && seat !== null ? "your area"
        : seat !== null && seat !== undefined ? `${name(seat)}'s area` : "";
    return `into ${colourName(c)}${whose ? ` (${whose})` : "'s area"}`;
  };
  const pileWords = (code) => {
    const a = pileArea(state, code);
    return `the ${cardName(code)} pile${a ? ` in ${colourName(a)}` : ""}`;
  };
  const kind = String(input.card).split(".")[0];
  if (input.with) return `with ${cardName(input.with)} ${areaWords(input.area)}`;
  if (input.area) return areaWords(input.area);
  if (kind === "PLUS2C") return `on ${name(input.target)}: gives ${colourName(input.colour)} score cards`;
  if (kind === "PLUS2K") return `on ${name(input.target)}: gives black cards to you`;
  if (kind === "GRAB") return `from ${name(input.target)}`;
  if (kind === "SWAP") return `with ${name(input.target)}`;
  if (kind === "THIEF") {
    if (input.target === "discard") {
      const top = list(state?.discard).at(-1);
      return `on the discard pile${top ? `: take ${cardName(top)}` : ""}`;
    }
    return `on ${pileWords(input.target)}: take it home`;
  }
  if (input.target !== undefined && input.target !== null) return `on ${pileWords(input.target)}`;
  return "";
}

function prompt(legal, state, viewer) {
  const types = new Set(list(legal.inputs).map((i) => i.type));
  if (types.has("give")) return "Plus Two: choose the two cards you give.";
  const w = openWindow(state || {});
  if (w?.kind === "main" || types.has("white")) {
    return types.has("white") ? "Your main window: play black cards if you like, then one white card."
      : "Your main window: you hold no white card you can play — play black cards, or pass.";
  }
  if (w?.kind === "final") return "Your final turn: play one black card, or pass.";
  if (w) {
    const p = state?.pending;
    const about = w.kind === "before" && p ? ` ${state.seats?.[p.seat] ?? "A seat"}'s ${cardName(p.card)} waits for it.` : "";
    return `${windowName(w.kind)[0].toUpperCase()}${windowName(w.kind).slice(1)}: you are offered — play a black card, or pass.${about}`;
  }
  return viewer === null ? "" : "Your decision:";
}

function handButtons(legal, ctx, uses, key) {
  const held = list(ctx.state?.hands?.[ctx.viewer]);
  const cards = held.length ? held : [...uses.keys()];
  const group = el("div", { id: "arne-hand", class: "ar-cards card-buttons", role: "group",
                            "aria-label": "Your hand: choose a card to play" });
  for (const code of cards) {
    const n = uses.get(code)?.length || 0;
    const on = chosen?.key === key && chosen.card === code;
    group.append(el("button", {
      class: `card-button${n ? " legal" : ""}`, type: "button", "data-play": code, disabled: !n || ctx.busy,
      "aria-pressed": n ? String(on) : null,
      onclick: () => { chosen = on ? null : { key, card: code }; ctx.redraw(); },
    }, card(code), el("span", { class: "ar-sr" },
      n ? ` (${isWhite(code) ? "white" : "black"}): ${n === 1 ? "1 use" : `${n} uses`}` : " (no use now)")));
  }
  return group;
}

function useButtons(legal, ctx, uses, key) {
  if (chosen?.key !== key || !uses.has(chosen.card)) return null;
  const code = chosen.card;
  const buttons = uses.get(code).map(({ input, k }) => {
    const words = useWords(input, ctx);
    return el("button", { class: "use choice", type: "button", "data-input": k, "data-action": input.type,
                          disabled: ctx.busy, "aria-label": `Play ${cardName(code)}${words ? ` ${words}` : ""}`,
                          onclick: () => { chosen = null; ctx.send(input); } },
      words || `Play ${cardName(code)}`);
  });
  return el("div", { id: "arne-uses", class: "uses", role: "group", "aria-label": `Uses of ${cardName(code)}` },
    el("p", { class: "use-title" }, `Play ${cardName(code)}:`), ...buttons);
}

function giveControls(legal, ctx, key) {
  const gives = list(legal.inputs).map((input, k) => ({ input, k })).filter((g) => g.input.type === "give");
  if (!gives.length) return null;
  if (giving?.key !== key) giving = { key, cards: [] };
  const offered = [...new Set(gives.flatMap((g) => g.input.cards))];
  const held = list(ctx.state?.hands?.[ctx.viewer]);
  offered.sort((a, b) => held.indexOf(a) - held.indexOf(b));
  const match = gives.find((g) => giving.cards.length === 2 && giving.cards.every((c) => g.input.cards.includes(c)));
  const toggles = offered.map((code) => {
    const on = giving.cards.includes(code);
    return el("button", { class: "card-button legal", type: "button", "data-give": code, "aria-pressed": String(on),
                          disabled: ctx.busy,
                          onclick: () => {
                            giving.cards = on ? giving.cards.filter((c) => c !== code) : [...giving.cards, code].slice(-2);
                            ctx.redraw();
                          } }, card(code), el("span", { class: "ar-sr" }, " to give"));
  });
  return el("div", { class: "ar-give" },
    el("div", { id: "arne-give", class: "ar-cards card-buttons", role: "group", "aria-label": "Cards to give: pick two" },
      ...toggles),
    el("p", { "aria-live": "polite" }, `${giving.cards.length} of 2 picked${giving.cards.length ? `: ${giving.cards.map(cardName).join(", ")}` : ""}.`),
    el("button", { id: "arne-give-send", type: "button", class: "choice", "data-action": "give",
                   "data-input": match ? match.k : "", disabled: ctx.busy || !match,
                   onclick: () => { if (match) { giving = null; ctx.send(match.input); } } }, "Give these two"));
}

function arne(legal, ctx) {
  const inputs = list(legal.inputs);
  const key = decisionKey(ctx.state, legal);
  if (chosen && chosen.key !== key) chosen = null;
  const uses = new Map();
  inputs.forEach((input, k) => {
    if ((input.type === "white" || input.type === "black") && input.card) {
      if (!uses.has(input.card)) uses.set(input.card, []);
      uses.get(input.card).push({ input, k });
    }
  });
  const pass = inputs.findIndex((i) => i.type === "pass_window");
  const w = openWindow(ctx.state || {});
  const passWords = w?.kind === "main" ? "Pass: end the main window (no white card to play)"
    : w?.kind === "final" ? "Pass your final turn" : `Pass (${w ? windowName(w.kind) : "this offer"})`;
  const give = giveControls(legal, ctx, key);
  return el("div", { class: "ar-controls", dataset: { kind: legal.kind || "", window: w?.kind || "" } },
    el("p", { class: "prompt" }, prompt(legal, ctx.state, ctx.viewer)),
    give,
    uses.size || !give ? handButtons(legal, ctx, uses, key) : null,
    useButtons(legal, ctx, uses, key),
    pass >= 0 ? el("button", { id: "arne-pass", type: "button", class: "choice pass", "data-action": "pass_window",
                               "data-input": pass, disabled: ctx.busy, onclick: () => { chosen = null; ctx.send(inputs[pass]); } },
      passWords) : null);
}

// The words of the turn line and the result (../controls.js turnText, resultElement).
export const playWords = {
  kinds: { main: "play white cards, or pass", window: "answer in the response window (a black card, or pass)",
           final: "take the final turn", give: "give two cards to the Plus Two" },
  unit: "points",
};

// The summary's kinds (arne_core legal_summary): the main window, a before- or
// after-window, a final turn, a Plus Two's give — one builder for all.
export const controls = { main: arne, window: arne, final: arne, give: arne };

// A listed input in words, for a kind drawn without the builder (no table names here).
export function inputLabel(input) {
  if (input.type === "pass_window") return "Pass";
  if (input.type === "give") return `Give ${list(input.cards).map(cardName).join(" and ")}`;
  if (input.type === "white" || input.type === "black") {
    const words = useWords(input);
    return `Play ${cardName(input.card)}${words ? ` ${words}` : ""}`;
  }
  return null;
}
