// Gong Zhu's card faces, drawn from API data: a card ("QS", "10C", "AH"), a back for a
// card this viewer may not see, a labelled row of cards and a trick (used by the Gong Zhu
// table renderer and its input controls). The three special cards carry a visible mark
// (the pig QS, the sheep JD, the doubler 10C) and a card someone exposed this round is
// marked "exposed" (its value is doubled). No rules here: what is hidden, exposed or
// taken is what the API sent.
import { el } from "../dom.js";

export const SUITS = {
  H: { name: "Hearts", symbol: "♥" },
  D: { name: "Diamonds", symbol: "♦" },
  C: { name: "Clubs", symbol: "♣" },
  S: { name: "Spades", symbol: "♠" },
};
const RANK_NAMES = { A: "Ace", J: "Jack", Q: "Queen", K: "King" };
// The three named cards: the mark drawn on their face and their name in words.
export const SPECIAL = {
  QS: { mark: "pig", tag: "Pig", name: "the pig" },
  JD: { mark: "sheep", tag: "Sheep", name: "the sheep" },
  "10C": { mark: "doubler", tag: "×2", name: "the doubler" },
};

// "10H" -> {rank: "10", suit: "H"}.
export function parseCard(code) {
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

export function suitName(suit) {
  const s = SUITS[suit];
  return s ? `${s.name} ${s.symbol}` : String(suit);
}

// The accessible name of a card: "Queen of Spades ♠ (the pig)", "10 of Hearts ♥".
export function cardLabel(code) {
  if (code === null || code === undefined) return "hidden card";
  const { rank, suit } = parseCard(code);
  const special = SPECIAL[code] ? ` (${SPECIAL[code].name})` : "";
  return `${RANK_NAMES[rank] || rank} of ${suitName(suit)}${special}`;
}

// A signed number for points: "+100", "−30", "0" (U+2212, read "minus").
export function points(n) {
  if (typeof n !== "number") return "—";
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

// One card face, or its back when `code` is null. Options: small, exposed (drawn with
// the "exposed" mark: its value is doubled this round), note (extra words in its label).
export function card(code, { small = false, exposed = false, note = null } = {}) {
  const classes = ["gz-card"];
  if (small) classes.push("small");
  if (code === null || code === undefined) {
    classes.push("back");
    return el("span", { class: classes.join(" "), role: "img", "aria-label": "hidden card",
                        dataset: { back: "" } });
  }
  const { rank, suit } = parseCard(code);
  const special = SPECIAL[code];
  classes.push(`suit-${suit}`);
  if (special) classes.push(`mark-${special.mark}`);
  if (exposed) classes.push("exposed");
  const notes = [exposed ? "exposed" : null, note].filter(Boolean);
  const label = cardLabel(code) + (notes.length ? `, ${notes.join(", ")}` : "");
  return el("span", { class: classes.join(" "), role: "img", "aria-label": label,
                      title: label, dataset: special ? { card: code, mark: special.mark } : { card: code } },
    el("span", { class: "rank", "aria-hidden": "true" }, rank),
    el("span", { class: "sym", "aria-hidden": "true" }, SUITS[suit]?.symbol || suit),
    special ? el("span", { class: "tag", "aria-hidden": "true" }, special.tag) : null,
    exposed ? el("span", { class: "shown", "aria-hidden": "true" }, "exposed") : null);
}

// A labelled row of cards (null entries are backs); `exposed`: the cards to mark exposed.
export function cardRow(codes, { label, empty = "—", small = false, cls = "", exposed = [] } = {}) {
  const row = el("div", { class: `gz-cards ${cls}`.trim(), role: "group", "aria-label": label });
  if (!codes.length) row.append(el("span", { class: "empty" }, empty));
  for (const code of codes) row.append(card(code, { small, exposed: code !== null && exposed.includes(code) }));
  return row;
}

// A trick: {cards, seats} (seats: who played each card); names: the seat names.
// `winner`: the seat that took it (marked), `exposed`: the cards exposed this round.
export function trick(t, names, { title = "Trick", winner = null, exposed = [] } = {}) {
  const played = t.cards.map((code, i) => {
    const seat = t.seats[i];
    const tags = [i === 0 ? "led" : null, seat === winner ? "won" : null].filter(Boolean);
    return el("figure", { class: `played${seat === winner ? " winner" : ""}`, dataset: { seat } },
      card(code, { exposed: exposed.includes(code) }),
      el("figcaption", {}, (names[seat] ?? `seat ${seat}`) + (tags.length ? ` (${tags.join(", ")})` : "")));
  });
  return el("section", { class: "gz-trick", "aria-label": title },
    el("h3", {}, title),
    el("div", { class: "played-row" },
      ...(played.length ? played : [el("span", { class: "empty" }, "no cards yet")])));
}
