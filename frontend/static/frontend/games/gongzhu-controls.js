// Gong Zhu's legal-input controls: one builder per decision kind of the server's `legal`
// summary — play (click one of the listed cards), pass (choose exactly `pick.min`..`pick.max`
// of the options, i.e. three, then confirm), expose (choose any of the options, or none,
// then confirm). Every card offered is one the API listed; the page only puts the chosen
// cards into the input shape the record format documents ({type: "pass"|"expose", seat,
// cards}) and the server validates it. controls[kind](legal, ctx) -> element, ctx being
// {state, viewer, seats, busy, send(input), redraw()} (../controls.js).
import { el } from "../dom.js";
import { card, cardLabel } from "./gongzhu-cards.js";

// The cards chosen so far for the decision at hand, kept across redraws (the page redraws
// its controls on every refresh) and dropped when the decision changes.
let chosen = { key: null, cards: new Set() };

function selection(legal, viewer) {
  const key = `${viewer}:${legal.kind}:${legal.options.join(",")}`;
  if (chosen.key !== key) chosen = { key, cards: new Set() };
  return chosen.cards;
}

// The input the server listed for this card (legal.inputs), if it listed one.
function listed(legal, code) {
  return (legal.inputs || []).find((input) => input.card === code) || null;
}

function play(legal, { state, viewer, busy, send }) {
  const held = Array.isArray(state?.hands?.[viewer]) ? state.hands[viewer] : legal.options;
  const hand = el("div", { id: "hand", class: "gz-cards hand-buttons", role: "group", "aria-label": "Your hand" });
  for (const code of held) {
    const ok = legal.options.includes(code);
    hand.append(el("button", {
      class: `card-button${ok ? " legal" : ""}`, type: "button", "data-play": code, disabled: !ok || busy,
      "aria-label": ok ? `play ${cardLabel(code)}` : `${cardLabel(code)} (not playable now)`,
      onclick: () => send(listed(legal, code) || { type: "play", seat: viewer, card: code }),
    }, card(code)));
  }
  return el("div", { class: "gz-controls" }, el("p", {}, "Play a highlighted card from your hand."), hand);
}

// pass / expose: toggle buttons (aria-pressed) and a confirm button, updated in place
// so that keyboard focus stays where it is.
function chooser(kind, legal, { viewer, busy, send }) {
  const picked = selection(legal, viewer);
  for (const code of [...picked]) if (!legal.options.includes(code)) picked.delete(code);
  const min = legal.pick?.min ?? (kind === "pass" ? 3 : 0);
  const max = legal.pick?.max ?? (kind === "pass" ? 3 : legal.options.length);
  const count = el("p", { class: "pick-count", "aria-live": "polite" });
  const confirm = el("button", { class: "choice confirm", type: "button", "data-action": kind });
  const update = () => {
    const n = picked.size;
    count.textContent = kind === "pass" ? `${n} of ${min} chosen.`
      : `${n} chosen${n ? "" : " (exposing none is allowed)"}.`;
    confirm.disabled = busy || n < min || n > max;
    confirm.textContent = kind === "pass"
      ? (n === min ? "Pass these cards" : `Choose ${min} cards to pass`)
      : (n ? `Expose ${n} card${n > 1 ? "s" : ""}` : "Expose none");
    for (const b of buttons) {
      const on = picked.has(b.dataset.pick);
      b.setAttribute("aria-pressed", String(on));
      b.classList.toggle("picked", on);
    }
  };
  const buttons = legal.options.map((code) => el("button", {
    class: "card-button legal", type: "button", "data-pick": code, "aria-pressed": "false",
    "aria-label": `${kind === "pass" ? "pass" : "expose"} ${cardLabel(code)}`, disabled: busy,
    onclick: () => {
      if (picked.has(code)) picked.delete(code);
      else if (picked.size < max) picked.add(code);
      update();
    },
  }, card(code)));
  confirm.addEventListener("click", () => {
    if (picked.size < min || picked.size > max) return;
    const cards = legal.options.filter((code) => picked.has(code));
    send({ type: kind, seat: viewer, cards });
  });
  update();
  const words = kind === "pass"
    ? `Choose ${min} cards to pass${legal.pass_to ? ` ${legal.pass_to}` : ""}, then confirm.`
    : "Choose the scoring cards to expose (their value doubles this round), or none, then confirm.";
  const group = el("div", { id: "hand", class: "gz-cards pick-buttons", role: "group",
                            "aria-label": kind === "pass" ? "Cards to pass" : "Cards to expose" }, ...buttons);
  return el("div", { class: "gz-controls", dataset: { kind } }, el("p", {}, words), group, count, confirm);
}

const pass = (legal, ctx) => chooser("pass", legal, ctx);
const expose = (legal, ctx) => chooser("expose", legal, ctx);

// The words of the turn line and the result (../controls.js turnText, resultElement).
export const playWords = {
  kinds: { play: "play a card", pass: "pass three cards", expose: "expose scoring cards (or none)" },
  unit: "points",
};

export const controls = { play, pass, expose };

// A listed input in words, for a kind without its own control.
export function inputLabel(input) {
  if (input.type === "play") return `Play ${cardLabel(input.card)}`;
  const cards = Array.isArray(input.cards) ? input.cards.map(cardLabel).join(", ") : "";
  if (input.type === "pass") return `Pass ${cards}`;
  if (input.type === "expose") return cards ? `Expose ${cards}` : "Expose nothing";
  return null;
}
