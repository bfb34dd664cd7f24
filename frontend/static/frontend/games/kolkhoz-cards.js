// Kolkhoz's card faces and objects, drawn from API data: cards, card backs, fields,
// cellars, the North pile and a trick (used by the Kolkhoz table renderer and its
// input controls). No rules here: a card the API sends as null is drawn as a back;
// hours, completion and visibility are what the API computed.
import { el } from "../dom.js";

export const CROPS = {
  H: { name: "Wheat", symbol: "♥" },
  D: { name: "Beet", symbol: "♦" },
  C: { name: "Potato", symbol: "♣" },
  S: { name: "Sunflower", symbol: "♠" },
};
const RANK_NAMES = { A: "Ace", J: "Jack", Q: "Queen", K: "King" };

// "10H" -> {rank: "10", suit: "H"}; "X" (the Wrecker) -> {rank: "X", suit: null}.
export function parseCard(code) {
  if (code === "X") return { rank: "X", suit: null };
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

export function cropName(suit) {
  const crop = CROPS[suit];
  return crop ? `${crop.name} ${crop.symbol}` : String(suit);
}

// The accessible name of a card: "10 of Wheat ♥", "Queen of Beet ♦", "the Wrecker".
export function cardLabel(code) {
  if (code === null || code === undefined) return "hidden card";
  const { rank, suit } = parseCard(code);
  if (rank === "X") return "the Wrecker (joker)";
  return `${RANK_NAMES[rank] || rank} of ${cropName(suit)}`;
}

// One card face, or its back when `code` is null. Options: note (e.g. "reward",
// "hidden"), small.
export function card(code, { note = null, small = false } = {}) {
  const classes = ["card"];
  if (small) classes.push("small");
  if (code === null || code === undefined) {
    classes.push("back");
    return el("span", { class: classes.join(" "), role: "img",
                        "aria-label": note ? `hidden card (${note})` : "hidden card" });
  }
  const { rank, suit } = parseCard(code);
  classes.push(rank === "X" ? "wrecker" : `suit-${suit}`);
  if (note) classes.push(`note-${note}`);
  const label = cardLabel(code) + (note ? ` (${note})` : "");
  return el("span", { class: classes.join(" "), role: "img", "aria-label": label,
                      dataset: { card: code } },
    el("span", { class: "rank", "aria-hidden": "true" }, rank === "X" ? "★" : rank),
    el("span", { class: "sym", "aria-hidden": "true" }, rank === "X" ? "" : CROPS[suit].symbol),
    el("span", { class: "crop", "aria-hidden": "true" }, rank === "X" ? "Wrecker" : CROPS[suit].name));
}

// A labelled row of cards; `empty` is shown when there are none.
export function cardRow(codes, { label, empty = "—", small = false, cls = "" } = {}) {
  const row = el("div", { class: `cards ${cls}`.trim(), role: "group", "aria-label": label });
  if (!codes.length) row.append(el("span", { class: "empty" }, empty));
  for (const code of codes) row.append(card(code, { small }));
  return row;
}

// A field (job): crop, hours against the quota, reward card(s), the cards assigned.
// f: {field, hours, cards, rewards, completed}. `year`: what this year's record says of it
// so far (the renderer reads it from the steps: failed — inspected at requisition, so not
// completed whatever its hours —, poisoned — completed with the Wrecker on it —, closed — the
// year is over: its workers are gone, its hours are the year's final count).
export function field(f, { quota, trump = null, failed = false, poisoned = false, closed = false } = {}) {
  const crop = CROPS[f.field];
  const done = f.completed && !failed;
  const title = el("h3", {},
    el("span", { class: "sym", "aria-hidden": "true" }, crop.symbol), ` ${crop.name}`,
    f.field === trump ? el("span", { class: "badge trump" }, "trump") : null,
    done ? el("span", { class: "badge done" }, "✓ completed") : null,
    failed ? el("span", { class: "badge failed", title: "Inspected at requisition: failed" }, "✗ failed") : null,
    poisoned && !failed ? el("span", { class: "badge poisoned", title: "The Wrecker is on this field" },
                             "Wrecker on it: to be inspected") : null);
  const hours = el("div", { class: "hours" },
    el("meter", { min: 0, max: quota, value: Math.min(f.hours, quota), low: quota - 0.5,
                  "aria-label": `${crop.name} hours` }),
    el("span", { class: "hours-text", dataset: { hours: f.hours } },
      closed ? `${f.hours} / ${quota} h (year's total)` : `${f.hours} / ${quota} h`));
  const rewards = el("div", { class: "reward" }, el("span", { class: "label" }, "Reward"),
    ...(f.rewards.length ? f.rewards.map((c) => card(c, { small: true, note: "reward" }))
      : [el("span", { class: "empty" }, "—")]));
  const classes = ["field", `suit-${f.field}`, done ? "completed" : null, failed ? "failed" : null,
                   closed ? "closed" : null].filter(Boolean);
  return el("section", { class: classes.join(" "),
                         "aria-label": `${crop.name} ${crop.symbol} field`,
                         dataset: { field: f.field, failed: String(failed) } },
    title, hours, rewards,
    cardRow(f.cards, { label: `Workers assigned to ${crop.name}`, small: true, cls: "assigned",
                       empty: closed ? "workers gone at the year's end" : "no workers yet" }));
}

// A seat's cellar: {card, hidden, kind, stack}[]. A null card is hidden from this
// viewer (a back); a hidden card this viewer may see is marked "hidden"; rewards
// and revealed cards are face-up.
export function cellar(cards, { label }) {
  const row = el("div", { class: "cards cellar", role: "group", "aria-label": label });
  if (!cards.length) row.append(el("span", { class: "empty" }, "empty"));
  for (const c of cards) {
    const note = c.kind === "reward" ? "reward" : (c.hidden ? "hidden" : "revealed");
    row.append(card(c.card, { small: true, note: c.card === null ? null : note }));
  }
  return row;
}

// The North pile: every card sent North, face-up, each with the name of the seat whose
// card it was when the record says so (`owners`: {card: name}).
export function north(codes, { owners = {} } = {}) {
  // the owner's whole name, wrapped under the card (never cut short)
  const items = codes.map((code) => el("figure", { class: "north-card", dataset: { card: code },
                                                   title: owners[code] ? `${cardLabel(code)}, ${owners[code]}'s` : null },
    card(code, { small: true }),
    el("figcaption", {}, owners[code] ? owners[code] : "")));
  return el("section", { class: "north", "aria-label": "Sent North" },
    el("h3", {}, `North (${codes.length})`),
    el("div", { class: "cards north-pile", role: "group", "aria-label": "Cards sent North, with whose they were" },
      ...(items.length ? items : [el("span", { class: "empty" }, "none yet")])));
}

// A trick: {cards, seats, leader}; names: seat names. `title` e.g. "Trick" or "Last trick".
export function trick(t, names, { title = "Trick", winner = null } = {}) {
  const played = t.cards.map((code, i) => {
    const seat = t.seats ? t.seats[i] : (t.leader + i) % 4;
    const tags = [i === 0 ? "led" : null, seat === winner ? "won" : null].filter(Boolean);
    return el("figure", { class: `played${seat === winner ? " winner" : ""}`, dataset: { seat } },
      card(code), el("figcaption", {}, names[seat] + (tags.length ? ` (${tags.join(", ")})` : "")));
  });
  return el("section", { class: "trick", "aria-label": title },
    el("h3", {}, title),
    el("div", { class: "played-row" }, ...(played.length ? played : [el("span", { class: "empty" }, "no cards yet")])));
}
