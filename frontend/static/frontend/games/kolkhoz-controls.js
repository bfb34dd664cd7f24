// Kolkhoz's legal-input controls: one builder per decision kind of the server's `legal`
// summary (trump, swap, play, assign). Every choice offered is one the API listed; the
// page only puts the chosen parts into the input shape the API documents (RECORD_FORMAT.md)
// and the server validates it. controls[kind](legal, ctx) -> element, where ctx is
// {state, viewer, seats, busy, send(input), redraw()} (../controls.js).
import { el } from "../dom.js";
import { CROPS, card, cardLabel, cropName } from "./kolkhoz-cards.js";

const assignChoice = new Map();  // card -> the field picked so far (kept across redraws)

// The input the server listed for this choice (legal.inputs), if it listed one.
function listed(legal, key, value) {
  return (legal.inputs || []).find((input) => input[key] === value) || null;
}

function choice(attrs, ...children) {
  return el("button", { class: "choice", type: "button", ...attrs }, ...children);
}

function trump(legal, { viewer, busy, send }) {
  return el("div", {}, el("p", {}, "Name trump:"),
    ...legal.options.map((suit) => choice({
      "data-action": "trump", "data-suit": suit, disabled: busy,
      onclick: () => send(listed(legal, "suit", suit) || { type: "trump", seat: viewer, suit }),
    }, cropName(suit))));
}

function swap(legal, { busy, send }) {
  return el("div", {}, el("p", {}, "Swap a hand card with a cellar card, or pass:"),
    ...legal.options.map((opt, k) => choice({
      "data-action": "swap", "data-pass": opt.pass ? "true" : "false", disabled: busy,
      onclick: () => send(legal.inputs[k]),
    }, opt.pass ? "Pass" : `Put ${cardLabel(opt.hand)} in the cellar, take ${cardLabel(opt.cellar)}`)));
}

function play(legal, { state, viewer, busy, send }) {
  const hand = el("div", { id: "hand", class: "cards hand-buttons", role: "group", "aria-label": "Your hand" });
  for (const code of state?.hand || []) {
    const ok = legal.options.includes(code);
    hand.append(el("button", {
      class: `card-button${ok ? " legal" : ""}`, type: "button", "data-play": code, disabled: !ok || busy,
      "aria-label": ok ? `play ${cardLabel(code)}` : `${cardLabel(code)} (not playable now)`,
      onclick: () => send(listed(legal, "card", code) || { type: "play", seat: viewer, card: code }),
    }, card(code)));
  }
  return el("div", {}, el("p", {}, "Play a highlighted card from your hand."), hand);
}

function assign(legal, { viewer, busy, send, redraw }) {
  const cards = Object.keys(legal.options);
  for (const code of [...assignChoice.keys()]) if (!cards.includes(code)) assignChoice.delete(code);
  const rows = cards.map((code) => {
    const fields = legal.options[code];
    if (!fields.includes(assignChoice.get(code))) assignChoice.set(code, fields[0]);
    return el("div", { class: "assign-row", "data-assign-card": code, role: "group",
                       "aria-label": `Send ${cardLabel(code)} to` },
      card(code, { small: true }), " → ",
      ...fields.map((f) => choice({
        "aria-pressed": String(assignChoice.get(code) === f), "data-field": f, disabled: busy,
        onclick: () => { assignChoice.set(code, f); redraw(); },
      }, cropName(f))));
  });
  const submit = choice({ "data-action": "assign", disabled: busy, onclick: () => {
    const chosen = Object.fromEntries(cards.map((code) => [code, assignChoice.get(code)]));
    send({ type: "assign", seat: viewer, cards: chosen });
  } }, "Assign");
  return el("div", {}, el("p", {}, "You won the trick: send each card to a field."), ...rows, submit);
}

export const controls = { trump, swap, play, assign };

// A listed input in words, for a kind without its own control.
export function inputLabel(input) {
  if (input.type === "play") return `Play ${cardLabel(input.card)}`;
  if (input.type === "trump") return `Name trump ${CROPS[input.suit] ? cropName(input.suit) : input.suit}`;
  if (input.type === "swap") return input.pass ? "Pass the swap" : "Swap with the cellar";
  return null;
}
