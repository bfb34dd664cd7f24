// Korova 006's card faces, drawn from API data: a card (an integer 1..104) with its
// heads (the penalty points printed on it), a back for a card this viewer may not see,
// a labelled row of cards and one of the four table rows. Used by the Korova table
// renderer (korova.js) and its input controls (korova-controls.js). No rules here: where
// a card lies, what is hidden and which row is full is what the API sent; the heads are
// what is printed on the card's face (the rulings' table, card.heads).
import { el } from "../dom.js";

// The heads printed on a card (RULINGS card.heads): 55 → 7; 11, 22, …, 99 → 5;
// 10, 20, …, 100 → 3; 5, 15, …, 95 → 2; any other → 1.
export function heads(n) {
  if (n === 55) return 7;
  if (n % 11 === 0 && n < 100) return 5;
  if (n % 10 === 0) return 3;
  if (n % 5 === 0) return 2;
  return 1;
}

export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
export const headsText = (n) => plural(n, "head");

// A row's name in words: the engine's number (RULINGS setup.rows: rows 0–3 from the top),
// the one the game's explanations use.
export const rowName = (r) => `Row ${r}`;

// The accessible name of a card: "34 (1 head)", "55 (7 heads)".
export function cardLabel(n) {
  if (n === null || n === undefined) return "hidden card";
  return `${n} (${headsText(heads(n))})`;
}

// One card face, or its back when `n` is null. Options: small, note (extra words in its
// label and a tag on the face, e.g. "face down"), cls (extra classes).
export function card(n, { small = false, note = null, cls = "" } = {}) {
  const classes = ["kv-card"];
  if (small) classes.push("small");
  if (cls) classes.push(cls);
  if (n === null || n === undefined) {
    classes.push("back");
    return el("span", { class: classes.join(" "), role: "img",
                        "aria-label": note ? `hidden card, ${note}` : "hidden card", dataset: { back: "" } });
  }
  const h = heads(n);
  classes.push(`heads-${h}`);
  const label = cardLabel(n) + (note ? `, ${note}` : "");
  return el("span", { class: classes.join(" "), role: "img", "aria-label": label, title: label,
                      dataset: { card: n, heads: h } },
    el("span", { class: "num", "aria-hidden": "true" }, String(n)),
    el("span", { class: "pips", "aria-hidden": "true" },
      ...Array.from({ length: h }, () => el("span", { class: "pip" }))),
    note ? el("span", { class: "tag", "aria-hidden": "true" }, note) : null);
}

// A labelled row of cards (null entries are backs).
export function cardRow(cards, { label, empty = "—", small = false, cls = "" } = {}) {
  const row = el("div", { class: `kv-cards ${cls}`.trim(), role: "group", "aria-label": label });
  if (!cards.length) row.append(el("span", { class: "empty" }, empty));
  for (const n of cards) row.append(card(n, { small }));
  return row;
}

// One of the four table rows: its cards left to right (the last is its end), its heads,
// and a "full" flag when it holds five cards (the next card into it is a sixth, which
// takes it: place.sixth). `heads` is the view's row_heads entry.
export function tableRow(r, cards, rowHeads, { small = false } = {}) {
  const full = cards.length >= 5;
  const words = `${rowName(r)}: ${plural(cards.length, "card")}, ${headsText(rowHeads)}${full ? ", full" : ""}`;
  const faces = cards.map((n, k) => card(n, { small, cls: k === cards.length - 1 ? "end" : "" }));
  const slots = Array.from({ length: Math.max(0, 5 - cards.length) },
                           () => el("span", { class: "slot", "aria-hidden": "true" }));
  return el("li", { class: `kv-row${full ? " full" : ""}`, "aria-label": words,
                    dataset: { row: r, length: cards.length, heads: rowHeads, full: String(full) } },
    el("span", { class: "row-name" }, rowName(r)),
    el("div", { class: "row-cards" }, ...faces, ...slots),
    el("span", { class: "row-heads", title: headsText(rowHeads) }, headsText(rowHeads)),
    full ? el("span", { class: "badge full", title: "The next card placed here is its sixth and takes it" },
              "full") : null);
}
