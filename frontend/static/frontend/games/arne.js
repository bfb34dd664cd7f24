// Arne Total's table renderer (the page shell's renderer registry, ../renderers.js): the
// table as a player sees it, drawn from one frame's state (the engine's seat, spectator
// or revealed view: arne_core views): the status line (turn, phase, deck, direction,
// variant), the positions around the table in order with each seat's colour, hand and
// score, the active seat, the offer and the dummy's marker; the deck and the discard
// pile's top card; the turn panel (arne-turn.js: window, pending action, claims); each
// colour's area with its piles (chameleon, ×3, crush and lock as marks, each pile's worth,
// the area's X2 multiplier and total); the viewer's own hand; the result. Also its legend,
// stylesheet and input controls (arne-controls.js).
// It draws what the view holds and nothing more: another seat's hand is a count of backs
// unless the view lists it (a finished game's replay).
import { el } from "../dom.js";
import {
  areaMultiplier, card, cardName, cardRow, colourName, pileElement, plural,
} from "./arne-cards.js";
import { eventFocus } from "./arne-events.js";
import { openWindow, turnPanel } from "./arne-turn.js";

export { controls, inputLabel, playWords } from "./arne-controls.js";

// The jumps: a window (main, before, after) is marked by its `window` event, a turn by its
// `turn` event — and the final round by its `final_round` event.
export const units = [
  { name: "window", at: (frame) => frame.type === "window" },
  { name: "turn", at: (frame) => frame.type === "turn" || frame.type === "final_round" },
];

export const stylesheet = new URL("./arne.css", import.meta.url).href;

const PHASES = { deal: "the deal", draw: "a draw", main: "main window", window: "a window",
                 effect: "an action takes effect", final: "the final round", over: "game over" };

const list = (v) => (Array.isArray(v) ? v : []);
const nameOf = (s, i) => s.seats?.[i] ?? `seat ${i}`;
const option = (s, key) => s.ruleset?.options?.[key] ?? s.ruleset?.[key];
const ordinal = (n) => `${n}${["th", "st", "nd", "rd"][(n % 100 > 10 && n % 100 < 14) || n % 10 > 3 ? 0 : n % 10]}`;
const signed = (n) => String(n).replace("-", "−");

function phaseWords(s) {
  const w = openWindow(s);
  if (s.phase === "window" && w) return { before: "before-window", after: "after-window" }[w.kind] || PHASES.window;
  return PHASES[s.phase] || s.phase;
}

function statusLine(s) {
  const span = (cls, text, data = {}) => el("span", { class: cls, dataset: data }, text);
  const dir = s.direction < 0 ? -1 : 1;
  const badges = [];
  if (option(s, "mode") === "misere") badges.push(el("span", { class: "badge variant" }, "Misère: lowest wins"));
  if (option(s, "dummy") === true || s.dummy_colour) badges.push(el("span", { class: "badge variant" }, "Dummy game"));
  if (option(s, "deck") === "first_game") badges.push(el("span", { class: "badge variant" }, "First-game deck"));
  const spare = list(s.spare_colours);
  return el("p", { class: "status" },
    span("turn", s.turn ? `Turn ${s.turn}` : "Before the first turn", { turn: s.turn ?? 0 }),
    span("phase", `Phase: ${phaseWords(s)}`, { phase: s.phase }),
    span("direction", dir > 0 ? "Direction ↻ +1 (positions ascending)" : "Direction ↺ −1 (positions descending)",
         { direction: dir }),
    span("deck", `Deck: ${plural(s.deck_count ?? 0, "card")}`, { count: s.deck_count ?? 0 }),
    spare.length ? span("spare", `Spare colour: ${spare.map(colourName).join(", ")} (scores for nobody)`) : null,
    ...badges);
}

function hand(s, i, me) {
  const name = nameOf(s, i);
  const own = s.hands?.[i];
  const count = Array.isArray(own) ? own.length : s.hand_counts?.[i] ?? 0;
  if (Array.isArray(own) && i !== me) {
    const row = cardRow(own, { label: `Hand of ${name}`, cls: "hand", small: true, empty: "empty" });
    row.dataset.count = String(count);
    return row;
  }
  return el("span", { class: "hand-count", dataset: { count }, "aria-label": `${name} holds ${plural(count, "card")}` },
    el("span", { class: "backs", "aria-hidden": "true" }, ...Array.from({ length: Math.min(count, 12) },
      () => el("span", { class: "mini-back" }))),
    ` ${plural(count, "card")}`);
}

// The seat at position p, with its colour, badges, hand and score now.
function position(s, p, me, focus) {
  const i = s.position_seats?.[p];
  const colour = s.colours?.[p];
  const name = nameOf(s, i);
  const w = openWindow(s);
  const badges = [];
  if (i === me) badges.push(el("span", { class: "badge you" }, "you"));
  if (i === s.active && s.phase !== "over") badges.push(el("span", { class: "badge active" }, "turn"));
  if (w && w.offered === i) badges.push(el("span", { class: "badge offered" }, "offered now"));
  else if (w && list(w.passed).includes(i)) badges.push(el("span", { class: "badge passed" }, "passed"));
  if (s.dummy_colour && s.dummy_control === p) {
    badges.push(el("span", { class: "badge dummy-marker", title: `Controls the dummy (${colourName(s.dummy_colour)})` },
      `dummy ${colourName(s.dummy_colour)}`));
  }
  const place = s.result?.places?.[i];
  const score = s.scores?.[i] ?? 0;
  const classes = ["ar-seat", `colour-${colour}`];
  if (i === s.active && s.phase !== "over") classes.push("active");
  if (w && w.offered === i) classes.push("offered");
  if (i === me) classes.push("mine");
  if (focus.seats?.includes(i)) classes.push("last");
  return el("li", { class: classes.join(" "), dataset: { position: p, seat: i, colour },
                    "aria-label": `Position ${p}: ${name}, ${colourName(colour)}` },
    el("header", {}, el("span", { class: `chip colour-${colour}`, "aria-hidden": "true" }),
      el("span", { class: "name" }, name), ...badges),
    el("p", { class: "where" }, `Position ${p} · ${colourName(colour)}`),
    el("p", { class: "score", dataset: { score } }, `Score now ${signed(score)}`),
    hand(s, i, me),
    place ? el("p", { class: "result" }, `${ordinal(place)} place · ${signed(s.result.scores?.[i] ?? score)}`) : null);
}

function positions(s, me, focus) {
  const n = list(s.colours).length;
  const dir = s.direction < 0 ? -1 : 1;
  const items = [];
  for (let p = 0; p < n; p += 1) {
    items.push(position(s, p, me, focus));
  }
  return el("section", { class: "ar-ring", "aria-label": "Positions around the table" },
    el("h3", {}, "Around the table ", el("span", { class: "arrow", "aria-hidden": "true" }, dir > 0 ? "→" : "←"),
      el("span", { class: "sub" }, dir > 0 ? " play goes 0 → 1 → … and round" : " play goes backwards: … → 1 → 0 and round")),
    el("ol", { class: `ring dir-${dir > 0 ? "up" : "down"}`, start: 0 }, ...items));
}

function pile(s) {
  const discard = list(s.discard);
  const top = discard.length ? discard[discard.length - 1] : null;
  return el("section", { class: "ar-piles", "aria-label": "Deck and discard pile" },
    el("div", { class: "deck", dataset: { count: s.deck_count ?? 0 } },
      el("span", { class: "label" }, "Deck"),
      s.deck_count ? card(null, { note: plural(s.deck_count, "card") }) : el("span", { class: "empty" }, "empty"),
      el("span", { class: "count" }, plural(s.deck_count ?? 0, "card"))),
    el("div", { class: "discard", dataset: { count: discard.length, top: top ?? "" } },
      el("span", { class: "label" }, "Discard pile"),
      top ? card(top, { note: "top" }) : el("span", { class: "empty" }, "empty"),
      el("span", { class: "count" }, plural(discard.length, "card"))));
}

// Who owns the area of colour c: the seat at the position of that colour, or the dummy.
function owner(s, c) {
  const p = list(s.colours).indexOf(c);
  if (p >= 0) return { seat: s.position_seats?.[p], position: p };
  return null;
}

function area(s, c, me, focus) {
  const piles = list(s.areas?.[c]);
  const total = s.totals?.[c] ?? 0;
  const mult = areaMultiplier(piles);
  const who = owner(s, c);
  const dummy = c === s.dummy_colour;
  let title = `${colourName(c)}`;
  if (who) title += ` — ${nameOf(s, who.seat)}${who.seat === me ? " (you)" : ""}`;
  if (dummy) {
    const ctl = s.dummy_controller;
    title += ` — the dummy, ${ctl === null || ctl === undefined ? "controlled by nobody" : `controlled by ${nameOf(s, ctl)}`}`;
  }
  const classes = ["ar-area", `colour-${c}`];
  if (dummy) classes.push("dummy");
  if (who?.seat === me) classes.push("mine");
  if (focus.area === c) classes.push("last");
  return el("section", { class: classes.join(" "), "aria-label": `Area ${title}`, dataset: { area: c, total } },
    el("header", {}, el("span", { class: `chip colour-${c}`, "aria-hidden": "true" }),
      el("h4", {}, title),
      mult !== 1 ? el("span", { class: "badge mult", dataset: { mult }, title: "Live X2 multipliers: score cards count this many times" },
        `score cards ×${mult}`) : null,
      el("span", { class: "total", dataset: { total } }, `Total ${signed(total)}`)),
    el("ul", { class: "piles", "aria-label": `Piles in ${colourName(c)}` },
      ...(piles.length ? piles.map((p) => pileElement(p, { area: c, last: focus.pile === p.card }))
        : [el("li", { class: "empty" }, "no piles")])));
}

function areas(s, me, focus) {
  const colours = [...list(s.colours)];
  if (s.dummy_colour && !colours.includes(s.dummy_colour)) colours.push(s.dummy_colour);
  for (const c of Object.keys(s.areas || {})) if (!colours.includes(c)) colours.push(c);
  return el("section", { class: "ar-areas", "aria-label": "Areas" },
    el("h3", {}, "Areas"), el("div", { class: "area-grid" }, ...colours.map((c) => area(s, c, me, focus))));
}

function ownHand(s, me) {
  const own = s.hands?.[me];
  if (!Number.isInteger(me) || !Array.isArray(own)) return null;
  const passed = Array.isArray(s.passed_hand) ? s.passed_hand : null;  // at the last Pass Hands
  return el("section", { class: "ar-hand", "aria-label": "Your hand" },
    el("h3", {}, `Your hand (${plural(own.length, "card")})`),
    cardRow(own, { label: `Hand of ${nameOf(s, me)} (yours)`, cls: "hand own", empty: "empty" }),
    passed ? el("div", { class: "passed-hand" }, el("span", { class: "label" }, "The hand you passed on at the last Pass Hands:"),
      cardRow(passed, { label: "The hand you passed on", cls: "hand passed", small: true, empty: "empty" })) : null);
}

function result(s) {
  if (!s.result) return null;
  const places = list(s.result.places);
  const winners = places.map((p, i) => (p === 1 ? nameOf(s, i) : null)).filter(Boolean);
  const misere = option(s, "mode") === "misere";
  return el("section", { class: "ar-result", "aria-label": "Result" },
    el("strong", {}, `Game over — ${winners.length > 1 ? "winners" : "winner"} (${misere ? "lowest" : "highest"} score): ${winners.join(", ")}`));
}

// The end of the game: places, each seat's colour (its position's at the end) and score;
// equal scores share a place (no tie-break).
export function summary(s) {
  if (!s?.result) return null;
  const colourOf = (seat) => {
    const p = list(s.position_seats).indexOf(seat);
    return p >= 0 && s.colours?.[p] ? colourName(s.colours[p]) : "—";
  };
  return {
    title: "Game over",
    columns: ["Colour", option(s, "mode") === "misere" ? "Score (lowest wins)" : "Score"],
    rows: list(s.result.places).map((place, seat) => ({ seat, place,
      values: [colourOf(seat), signed(s.result.scores?.[seat] ?? "—")] })),
  };
}

// renderTable(state, {viewer, bottom, event}) -> element. `event`: the frame's event
// (the shell passes it), for the highlight of what it touched; the step's sentence is the
// shell's (the game's own explanation, beside the controls), not repeated on the table.
export function renderTable(s, { viewer = null, event = null } = {}) {
  const me = viewer ?? s.viewer ?? null;
  const focus = eventFocus(event);
  return el("div", { class: "ar-table", dataset: { renderer: "arne", phase: s.phase, seats: list(s.seats).length,
                                             event: event?.type ?? "" } },
    statusLine(s),
    positions(s, me, focus),
    el("div", { class: "ar-centre" }, pile(s), turnPanel(s, me)),
    areas(s, me, focus),
    ownHand(s, me),
    result(s));
}

// What the marks mean (shown under the table).
export function legend() {
  const sample = (code, words) => {
    const face = card(code, { small: true });
    delete face.dataset.card;  // a sample, not a card of this game's table
    face.removeAttribute("title");
    return el("span", {}, face, ` ${words}`);
  };
  return el("div", { class: "legend ar-legend", "aria-label": "Legend" },
    sample(null, "hidden card"),
    sample("Y500.1", "score card (white)"),
    sample("Y-200.1", "−200 (black)"),
    sample("GRAB.1", "white action"),
    sample("CRUSH.1", "black card"),
    el("span", {}, el("span", { class: "mark chameleon" }, "Chameleon"), " carried in: counts as the area's colour"),
    el("span", {}, el("span", { class: "mark x3" }, "×3"), " tripled"),
    el("span", {}, el("span", { class: "mark crush" }, "Crushed"), " scores nothing unless locked"),
    el("span", {}, el("span", { class: "mark lock" }, "Locked"), " restores a crushed card / cancels a −200"),
    el("span", {}, el("span", { class: "badge mult" }, "score cards ×2"), " live X2s in the area"),
    el("span", {}, `${cardName("STOP.1")} / ${cardName("REV.1")}: the last claim of a turn decides the next turn`));
}
