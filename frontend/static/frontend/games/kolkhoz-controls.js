// Kolkhoz's legal-input controls: one builder per decision kind of the server's `legal`
// summary (trump, swap, play, assign). Every choice offered is one the API listed; the
// page only puts the chosen parts into the input shape the API documents (the record
// format) and the server validates it. controls[kind](legal, ctx) -> element, where ctx
// is {state, viewer, seats, busy, send(input), redraw(), hints} (../controls.js).
// Large choice sets stay compact: a swap is two picks (a hand card, then a cellar card)
// and a confirm, not one button per pair; an assignment starts with nothing chosen and
// shows each field's hours as they would be (legal.hours: what each card adds, from the
// server), and is sent only once every card has a field.
import { el } from "../dom.js";
import { CROPS, card, cardLabel, cropName } from "./kolkhoz-cards.js";

const assignChoice = new Map();     // card -> the field picked so far (kept across redraws)
let assignKey = null;               // which decision those picks belong to (year, seat, cards)
let swapPick = { key: null, hand: null, cellar: null };  // the swap's two picks so far

// The words of the turn line and the result (../controls.js turnText, resultElement).
export const playWords = {
  kinds: { trump: "name trump", swap: "swap a hand card with your cellar, or pass",
           play: "play a card", assign: "send the trick's four workers to the fields",
           deal: "deal" },
  unit: "points",
};

// The input the server listed for this choice (legal.inputs), if it listed one.
function listed(legal, key, value) {
  return (legal.inputs || []).find((input) => input[key] === value) || null;
}

function choice(attrs, ...children) {
  return el("button", { class: "choice", type: "button", ...attrs }, ...children);
}

function handView(state) {  // the seat's hand, face up, for reference (nothing to click)
  const hand = state?.hand || [];
  return el("div", { class: "cards own-hand", role: "group", "aria-label": "Your hand" },
    ...hand.map((code) => card(code)));
}

function trump(legal, { state, viewer, busy, send }) {
  return el("div", { class: "kz-controls", dataset: { kind: "trump" } },
    el("p", { class: "hint" }, "You are the planner: name this year's trump crop. Your hand:"),
    handView(state),
    el("div", { class: "trump-choices", role: "group", "aria-label": "Trump" },
      ...legal.options.map((suit) => choice({
        "data-action": "trump", "data-suit": suit, disabled: busy,
        onclick: () => send(listed(legal, "suit", suit) || { type: "trump", seat: viewer, suit }),
      }, `${cropName(suit)} trump`))));
}

// swap: pick one of the hand cards the options name, then one of the cellar cards
// listed with it; "Swap" sends the listed input with those two, "Keep my hand" the pass.
function swap(legal, { state, viewer, busy, send, redraw }) {
  const pairs = legal.options.filter((o) => !o.pass);
  const key = `${viewer}:${pairs.map((o) => `${o.hand}-${o.cellar}`).join(",")}`;
  if (swapPick.key !== key) swapPick = { key, hand: null, cellar: null };
  const hands = [...new Set(pairs.map((o) => o.hand))];
  const cellars = swapPick.hand ? pairs.filter((o) => o.hand === swapPick.hand).map((o) => o.cellar) : [];
  if (!cellars.includes(swapPick.cellar)) swapPick.cellar = null;
  const own = state?.cellars?.[viewer] || [];
  const noteOf = (code) => {
    const c = own.find((x) => x.card === code);
    if (!c) return null;
    return c.kind === "reward" ? "reward" : (c.hidden ? "hidden" : "revealed");
  };
  const pick = (which, code, label) => el("button", {
    class: "card-button legal", type: "button", "aria-pressed": String(swapPick[which] === code),
    [`data-swap-${which}`]: code, disabled: busy, "aria-label": label,
    onclick: () => { swapPick[which] = swapPick[which] === code ? null : code; redraw(); },
  }, card(code, { note: which === "cellar" ? noteOf(code) : null }));
  const chosen = pairs.findIndex((o) => o.hand === swapPick.hand && o.cellar === swapPick.cellar);
  const input = (opt) => legal.inputs[legal.options.indexOf(opt)];
  const passOpt = legal.options.find((o) => o.pass);
  return el("div", { class: "kz-controls", dataset: { kind: "swap" } },
    el("p", { class: "hint" }, "Before the tricks you may swap one hand card with a card of your cellar: "
      + "the hand card is buried face down, the cellar card joins your hand."),
    el("p", { class: "step-label" }, "1. The hand card to bury"),
    el("div", { class: "cards hand-buttons", id: "swap-hand", role: "group", "aria-label": "Hand card to bury" },
      ...(state?.hand || hands).map((code) => (hands.includes(code)
        ? pick("hand", code, `bury ${cardLabel(code)}`) : card(code)))),
    el("p", { class: "step-label" }, "2. The cellar card to take"),
    el("div", { class: "cards cellar-buttons", id: "swap-cellar", role: "group", "aria-label": "Cellar card to take" },
      ...(cellars.length ? cellars.map((code) => pick("cellar", code, `take ${cardLabel(code)} from the cellar`))
        : [el("span", { class: "empty" }, "pick a hand card first")])),
    el("p", {},
      choice({ class: "choice submit", "data-action": "swap", "data-pass": "false", disabled: busy || chosen < 0,
               onclick: () => send(input(pairs[chosen])) },
        chosen < 0 ? "Swap (pick both cards)" : `Swap: bury ${cardLabel(swapPick.hand)}, take ${cardLabel(swapPick.cellar)}`),
      passOpt ? choice({ "data-action": "swap", "data-pass": "true", disabled: busy,
                         onclick: () => send(input(passOpt)) }, "Keep my hand (pass)") : null));
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
  const all = legal.options.length === (state?.hand || []).length;
  return el("div", { class: "kz-controls", dataset: { kind: "play" } },
    el("p", { class: "hint" }, all ? "Click a card to play it." : "Click a highlighted card to play it (the others may not be played now: you must follow the suit led)."),
    hand);
}

// Each field's hours now (the seat's view) and as they would be with the cards chosen.
function fieldTotals(legal, state, quota) {
  const add = {};
  for (const [code, f] of assignChoice) add[f] = (add[f] || 0) + (legal.hours?.[code] ?? 0);
  return (state?.fields || []).map((f) => {
    const now = f.hours;
    const then = now + (add[f.field] || 0);
    const crop = CROPS[f.field];
    const text = then === now ? `${crop.name} ${crop.symbol} ${now} / ${quota} h`
      : `${crop.name} ${crop.symbol} ${now} → ${then} / ${quota} h`;
    return el("li", { dataset: { field: f.field, hours: then }, class: then >= quota ? "reached" : null },
      text, then >= quota && now < quota ? el("span", { class: "badge done" }, "reaches the quota") : null);
  });
}

function assign(legal, { state, viewer, busy, send, redraw, hints }) {
  const cards = Object.keys(legal.options);
  // A card comes back next year (the deck is dealt again): picks from an earlier
  // assignment must not preselect a field for it.
  const key = `${viewer}:${state?.year}:${cards.join(",")}`;
  if (assignKey !== key) { assignChoice.clear(); assignKey = key; }
  for (const [code, f] of [...assignChoice]) {
    if (!cards.includes(code) || !legal.options[code].includes(f)) assignChoice.delete(code);
  }
  const quota = hints?.quota ?? 40;
  const rows = cards.map((code) => {
    const fields = legal.options[code];
    const hours = legal.hours?.[code];
    return el("div", { class: "assign-row", "data-assign-card": code, role: "group",
                       "aria-label": `Send ${cardLabel(code)} to` },
      card(code, { small: true }),
      el("span", { class: "adds" }, hours === undefined ? "" : `${hours} h →`),
      ...fields.map((f) => choice({
        "aria-pressed": String(assignChoice.get(code) === f), "data-field": f, disabled: busy,
        onclick: () => { assignChoice.set(code, f); redraw(); },
      }, cropName(f))));
  });
  const left = cards.filter((code) => !assignChoice.has(code)).length;
  const submit = choice({ class: "choice submit", "data-action": "assign", disabled: busy || left > 0,
    onclick: () => {
      if (cards.some((code) => !assignChoice.has(code))) return;
      const chosen = Object.fromEntries(cards.map((code) => [code, assignChoice.get(code)]));
      send({ type: "assign", seat: viewer, cards: chosen });
    } }, left ? `Send the workers (${left} still without a field)` : "Send the workers");
  return el("div", { class: "kz-controls", dataset: { kind: "assign" } },
    el("p", { class: "hint" }, "You won the trick, so you are the brigadier: choose a field for each of its cards. "
      + "A card adds its hours to the field it goes to."),
    ...rows,
    el("ul", { class: "assign-totals", id: "assign-totals", "aria-label": "Hours per field", "aria-live": "polite" },
      ...fieldTotals(legal, state, quota)),
    submit);
}

export const controls = { trump, swap, play, assign };

// A listed input in words, for a kind without its own control.
export function inputLabel(input) {
  if (input.type === "play") return `Play ${cardLabel(input.card)}`;
  if (input.type === "trump") return `Name trump ${CROPS[input.suit] ? cropName(input.suit) : input.suit}`;
  if (input.type === "swap") return input.pass ? "Pass the swap" : "Swap with the cellar";
  return null;
}
