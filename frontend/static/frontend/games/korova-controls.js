// Korova 006's legal-input controls: one builder per decision kind of the server's
// `legal` summary (korova_core legal_summary) — choose (click a card of your hand; it is
// then drawn as your face-down choice and the hand is disabled until the server answers),
// take_row (one button per row, showing its cards and heads) and pick (tactical draft:
// click a card on the table). Every option offered is one the API listed; the page puts
// it into the input shape the record format documents ({type: "choose"|"pick", seat,
// card} or {type: "take_row", seat, row}) and the server validates it.
// controls[kind](legal, ctx) -> element, ctx being {state, viewer, seats, busy,
// send(input), redraw()} (../controls.js).
import { el } from "../dom.js";
import { card, cardLabel, headsText, plural, rowName } from "./korova-cards.js";

// The card just clicked, drawn face down while its input is on its way (ctx.busy); the
// next redraw that is not busy drops it (the view's my_choice shows it from then on, or
// the decision is offered again if the server refused it).
let sending = null;

// The input the server listed for `field` = `value` (legal.inputs), if it listed one.
function listed(legal, field, value) {
  return (legal.inputs || []).find((input) => input[field] === value) || null;
}

function cardButtons(legal, { viewer, busy, send }, { type, verb, held, id, label }) {
  const group = el("div", { id, class: "kv-cards card-buttons", role: "group", "aria-label": label });
  for (const n of held) {
    const ok = legal.options.includes(n);
    const picked = busy && sending === n;
    group.append(el("button", {
      class: `card-button${ok ? " legal" : ""}${picked ? " picked" : ""}`, type: "button",
      [`data-${type === "pick" ? "pick" : "choose"}`]: n, disabled: !ok || busy,
      "aria-pressed": type === "choose" ? String(picked) : null,
      "aria-label": ok ? `${verb} ${cardLabel(n)}` : `${cardLabel(n)} (not available)`,
      onclick: () => {
        sending = n;
        send(listed(legal, "card", n) || { type, seat: viewer, card: n });
      },
    }, picked ? card(n, { note: "face down", cls: "my-choice" }) : card(n)));
  }
  return group;
}

function choose(legal, ctx) {
  if (!ctx.busy) sending = null;
  const own = ctx.state?.hands?.[ctx.viewer];
  const held = Array.isArray(own) ? own : legal.options;
  const words = ctx.busy && sending !== null
    ? `Your card ${sending} is laid face down.`
    : "Choose a card of your hand; it stays face down until everybody has chosen.";
  return el("div", { class: "kv-controls", dataset: { kind: "choose" } },
    el("p", { "aria-live": "polite" }, words),
    cardButtons(legal, ctx, { type: "choose", verb: "choose", held, id: "hand", label: "Your hand" }));
}

function pick(legal, ctx) {
  const table = Array.isArray(ctx.state?.draft?.cards) ? ctx.state.draft.cards : legal.options;
  return el("div", { class: "kv-controls", dataset: { kind: "pick" } },
    el("p", {}, "Draft: take one card from the table."),
    cardButtons(legal, ctx, { type: "pick", verb: "pick", held: table, id: "draft-table",
                              label: "Cards on the table" }));
}

// take_row: options [{row, cards, heads}], one button per row.
function takeRow(legal, { viewer, busy, send, state }) {
  const low = state?.low_card;
  const buttons = legal.options.map((option) => {
    const words = `${rowName(option.row)}: ${plural(option.cards.length, "card")}, ${headsText(option.heads)}`;
    return el("button", {
      class: "row-button", type: "button", "data-row": option.row, disabled: busy,
      "aria-label": `Take ${words} (${option.cards.join(", ")})`,
      onclick: () => send(listed(legal, "row", option.row) || { type: "take_row", seat: viewer, row: option.row }),
    },
    el("span", { class: "row-name" }, rowName(option.row)),
    el("span", { class: "row-cards" }, ...option.cards.map((n) => card(n, { small: true }))),
    el("span", { class: "row-heads" }, headsText(option.heads)));
  });
  const why = low ? `Your ${low.card} is lower than every row's end.` : "Your card is lower than every row's end.";
  return el("div", { class: "kv-controls", dataset: { kind: "take_row" } },
    el("p", {}, `${why} Take one row into your penalty pile; your card starts it anew.`),
    el("div", { id: "take-rows", class: "row-buttons", role: "group", "aria-label": "Rows to take" }, ...buttons));
}

// The words of the turn line and the result (../controls.js turnText, resultElement):
// Korova counts heads, and the fewest win.
export const playWords = {
  kinds: { choose: "choose a card", take_row: "take a row", pick: "pick a card from the draft" },
  unit: "heads",
};

export const controls = { choose, take_row: takeRow, pick };

// A listed input in words, for a kind without its own control.
export function inputLabel(input) {
  if (input.type === "choose") return `Choose ${cardLabel(input.card)}`;
  if (input.type === "pick") return `Pick ${cardLabel(input.card)}`;
  if (input.type === "take_row") return `Take ${rowName(input.row)}`;
  return null;
}
