// Arne Total's card faces and piles, drawn from API data (used by the table renderer
// arne.js, its turn panel arne-turn.js, its event words arne-events.js and its controls
// arne-controls.js). A card is a code `KIND.n` (RECORD_FORMAT "Cards and places"):
// colour cards `Y500.1`, `GX2.1`, `O-200.1`; neutral cards `X3.1`, `GRAB.2`, `STOP.1`, ….
// Reading a code (its colour, face, white or black) is reading what is printed on the
// card (RULINGS deck.codes), not a rule. A pile is the view's
// {card, chameleon, x3, crush, lock, worth}; its worth is the engine's (score.pile).
import { el } from "../dom.js";

export const COLOURS = {
  R: "Red", B: "Blue", Y: "Yellow", G: "Green", O: "Orange", P: "Purple",
};

// The neutral cards: name (RULINGS deck.codes), the short face text, white or black.
export const NEUTRAL = {
  X3: { name: "Triple ×3", face: "×3", white: true },
  GRAB: { name: "Grab", face: "Grab", white: true },
  PLUS2C: { name: "Plus Two (score cards)", face: "+2 score", white: true },
  PLUS2K: { name: "Plus Two (black cards)", face: "+2 black", white: true },
  DRAW3: { name: "Draw Three", face: "Draw 3", white: true },
  HANDS: { name: "Pass Hands", face: "Pass hands", white: true },
  SWAP: { name: "Swap Seats", face: "Swap seats", white: true },
  CHAM: { name: "Chameleon", face: "Chameleon", white: false },
  THIEF: { name: "Thief", face: "Thief", white: false },
  CRUSH: { name: "Crush", face: "Crush", white: false },
  LOCK: { name: "Lock", face: "Lock", white: false },
  STOP: { name: "Stop!", face: "Stop!", white: false },
  REV: { name: "Reverse!", face: "Reverse!", white: false },
};

// Every card code of the game (the "everyone may see what's printed" pattern), for tests
// and for finding codes in text.
export const CODE_PATTERN = /(?:[RBYGOP](?:50|100|200|500|1000|X2|-200)|X3|GRAB|PLUS2C|PLUS2K|DRAW3|HANDS|SWAP|CHAM|THIEF|CRUSH|LOCK|STOP|REV)\.\d+/g;

export const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
export const colourName = (c) => COLOURS[c] || String(c);
export const kindOf = (code) => String(code).split(".")[0];

// {kind, colour, face}: colour "Y" and face "500" / "X2" / "-200" for a colour card,
// colour null and face null for a neutral card.
export function parse(code) {
  const kind = kindOf(code);
  if (NEUTRAL[kind]) return { kind, colour: null, face: null };
  return { kind, colour: kind[0], face: kind.slice(1) };
}

export const isNeutral = (code) => Boolean(NEUTRAL[kindOf(code)]);
export const isMinus = (code) => !isNeutral(code) && parse(code).face === "-200";
export const isX2 = (code) => !isNeutral(code) && parse(code).face === "X2";
// White cards: the colour score cards (X2 included) and the white actions; black: the
// −200s and the black actions (RULINGS deck.codes, turn.white, black.any_time).
export const isWhite = (code) => (isNeutral(code) ? NEUTRAL[kindOf(code)].white : !isMinus(code));

// A card in words: "Yellow 500", "Green X2", "Orange −200", "Thief", "hidden card".
export function cardName(code) {
  if (code === null || code === undefined) return "hidden card";
  const { kind, colour, face } = parse(code);
  if (!colour) return NEUTRAL[kind].name;
  return `${colourName(colour)} ${face === "-200" ? "−200" : face}`;
}

// One card face, or its back when `code` is null. Options: small, note (extra words in
// its label and a tag on the face), cls.
export function card(code, { small = false, note = null, cls = "" } = {}) {
  const classes = ["ar-card"];
  if (small) classes.push("small");
  if (cls) classes.push(cls);
  if (code === null || code === undefined) {
    classes.push("back");
    return el("span", { class: classes.join(" "), role: "img",
                        "aria-label": note ? `hidden card, ${note}` : "hidden card", dataset: { back: "" } });
  }
  const { kind, colour, face } = parse(code);
  classes.push(isWhite(code) ? "white" : "black", colour ? `colour-${colour}` : "neutral", `kind-${kind}`);
  const label = cardName(code) + (note ? `, ${note}` : "");
  const big = colour ? (face === "-200" ? "−200" : face) : NEUTRAL[kind].face;
  return el("span", { class: classes.join(" "), role: "img", "aria-label": label, title: `${label} (${code})`,
                      dataset: { card: code } },
    el("span", { class: "face", "aria-hidden": "true" }, big),
    el("span", { class: "sub", "aria-hidden": "true" }, colour ? colourName(colour) : (isWhite(code) ? "white" : "black")),
    note ? el("span", { class: "tag", "aria-hidden": "true" }, note) : null);
}

// A labelled row of cards (null entries are backs).
export function cardRow(cards, { label, empty = "—", small = false, cls = "" } = {}) {
  const row = el("div", { class: `ar-cards ${cls}`.trim(), role: "group", "aria-label": label });
  if (!cards.length) row.append(el("span", { class: "empty" }, empty));
  for (const code of cards) row.append(card(code, { small }));
  return row;
}

// What a pile is worth now, as the view says it (the engine's `worth`: "500", "−600",
// "×6", "0"): {kind: "score"|"x2"|"minus", text, live, mult}. `mult`: a live X2's
// multiplier (1 otherwise). A pile the view sends without a worth shows "?".
export function pileWorth(pile) {
  const code = pile.card;
  const kind = isX2(code) ? "x2" : isMinus(code) ? "minus" : "score";
  const text = typeof pile.worth === "string" ? pile.worth : pile.worth === undefined ? "?" : String(pile.worth);
  const live = text !== "0";
  const mult = kind === "x2" && text.startsWith("×") ? Number(text.slice(1)) || 1 : 1;
  return { kind, text, live, mult };
}

// The worth in words: "1500", "−200", "×6", "0 (crushed)", "0 (cancelled)".
export function worthText(pile) {
  const w = pileWorth(pile);
  const dead = w.live ? "" : pile.crush && !pile.lock ? " (crushed)" : pile.lock && isMinus(pile.card) ? " (cancelled)" : "";
  return `${w.text.replace("-", "−")}${dead}`;
}

// The area's multiplier from its live X2 piles' worth (×2, ×6 …; score.area): 1, 2, 4, 6, …
export function areaMultiplier(piles) {
  return piles.map(pileWorth).reduce((m, w) => m * w.mult, 1);
}

// One pile: its base card, then what lies on it (chameleon, X3, crush, lock) as marks,
// then its worth. `last`: the pile the current step touched (highlighted).
export function pileElement(pile, { area = null, last = false } = {}) {
  const base = pile.card;
  const w = pileWorth(pile);
  const marks = [];
  const words = [];
  if (pile.chameleon) {
    marks.push(el("span", { class: "mark chameleon", title: `Chameleon (${pile.chameleon}): counts as ${colourName(area)}`,
                            dataset: { mark: "chameleon", card: pile.chameleon } }, "Chameleon"));
    words.push(`carried by a chameleon, counts as ${colourName(area)}`);
  }
  if (pile.x3) {
    marks.push(el("span", { class: "mark x3", title: `Triple (${pile.x3})`, dataset: { mark: "x3", card: pile.x3 } }, "×3"));
    words.push("tripled");
  }
  if (pile.crush) {
    marks.push(el("span", { class: "mark crush", title: `Crush (${pile.crush})`, dataset: { mark: "crush", card: pile.crush } },
      "Crushed"));
    words.push("crushed");
  }
  if (pile.lock) {
    const what = isMinus(base) ? "cancels the −200" : "restores the card";
    marks.push(el("span", { class: "mark lock", title: `Lock (${pile.lock}): ${what}`, dataset: { mark: "lock", card: pile.lock } },
      isMinus(base) ? "Locked: cancelled" : "Locked: restored"));
    words.push(`locked (${what.replace("the card", "it")})`);
  }
  const worth = worthText(pile);
  const label = `Pile ${cardName(base)}${words.length ? `, ${words.join(", ")}` : ""}: worth ${worth}`;
  const classes = ["ar-pile", w.kind, w.live ? "live" : "dead"];
  if (pile.crush) classes.push("crushed");
  if (pile.lock) classes.push("locked");
  if (last) classes.push("last");
  return el("li", { class: classes.join(" "), "aria-label": label,
                    dataset: { pile: base, worth: w.text, live: String(w.live) } },
    el("div", { class: "pile-card" }, card(base, { small: true, cls: pile.crush && !pile.lock ? "struck" : "" })),
    marks.length ? el("div", { class: "marks", "aria-hidden": "true" }, ...marks) : null,
    el("span", { class: "worth", "aria-hidden": "true" }, worth));
}
