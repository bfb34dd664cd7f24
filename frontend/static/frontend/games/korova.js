// Korova 006's table renderer (the page shell's renderer registry, ../renderers.js): the
// table as a player sees it, drawn from one frame's state (the engine's seat or spectator
// view, docs: korova_core seat_view): the status line, the four rows, the turn's reveal
// in placing order, the low card's row choice, the tactical draft, the seats (2–10, a
// compact grid) with their hands, chosen badges, penalty piles and points, the score
// history and the result. Also its legend, its stylesheet and its input controls.
// It draws what the view holds and nothing more: a hand the view leaves null is drawn as
// backs (hand_counts); a seat that has chosen shows a face-down back — its card is shown
// only to its own seat (my_choice) until the reveal.
import { el } from "../dom.js";
import { card, cardRow, headsText, plural, rowName, tableRow } from "./korova-cards.js";

import { cardIn, mark } from "../marks.js";

export { controls, inputLabel, playWords } from "./korova-controls.js";

// The jumps: a turn is marked by its `turn` event (everyone chooses; the turn before's
// reveal and rows still in view), a round by its `round` event (four new rows).
export const units = [
  { name: "turn", at: (frame) => frame.type === "turn" },
  { name: "round", at: (frame) => frame.type === "round" },
];

export const stylesheet = new URL("./korova.css", import.meta.url).href;

const PHASES = { deal: "the deal", draft: "the draft", choose: "choosing cards",
                 take_row: "a row choice", over: "game over" };
const TURNS = 10;  // a round is ten turns (round.turns)

const list = (value) => (Array.isArray(value) ? value : []);
const nameOf = (s, i) => s.seats?.[i] ?? `seat ${i}`;
const ordinal = (n) => `${n}${["th", "st", "nd", "rd"][(n % 100 > 10 && n % 100 < 14) || n % 10 > 3 ? 0 : n % 10]}`;

// Is the view's reveal this turn's (its cards are being placed), not the turn before's
// (kept in view while the next turn's cards are chosen)?
const revealedNow = (s) => Boolean(s.reveal) && (s.reveal.turn ?? s.turn) === s.turn;

// The phase in words. A turn's reveal stays in the view until the next turn begins: while
// it is there and no row choice is due, the revealed cards are being placed.
function phaseWords(s) {
  if (revealedNow(s) && s.phase === "choose") return list(s.may_act).length ? PHASES.choose : "placing cards";
  return PHASES[s.phase] || s.phase;
}

function statusLine(s) {
  const span = (cls, text, data = {}) => (text ? el("span", { class: cls, dataset: data }, text) : null);
  const turn = !s.round ? null : s.turn ? `Turn ${s.turn} of ${TURNS}` : "Before the first turn";
  const tactical = s.ruleset?.options?.tactical || s.ruleset?.preset === "tactical";
  return el("p", { class: "status" },
    span("round", s.round ? `Round ${s.round}` : "Before the first round", { round: s.round ?? 0 }),
    span("turn", turn, { turn: s.turn ?? 0 }),
    span("phase", `Phase: ${phaseWords(s)}`, { phase: s.phase }),
    tactical ? el("span", { class: "badge tactical", title: "Tactical variant: every hand is public" },
                  "Tactical") : null,
    span("threshold", `Game ends at ${headsText(s.threshold)}`, { threshold: s.threshold }));
}

function rows(s) {
  const heads = list(s.row_heads);
  return el("section", { class: "kv-rows", "aria-label": "Rows" },
    el("h3", {}, "Rows"),
    el("ol", { class: "rows" }, ...list(s.rows).map((cards, r) => tableRow(r, list(cards), heads[r] ?? 0))));
}

// The cards still to be placed this turn are those in no row and no pile (a placed card
// is a row's card, or was taken with its row): marked "waiting".
function placedSet(s) {
  return new Set([...list(s.rows).flat(), ...list(s.piles).flat()]);
}

// The turn's revealed cards, lowest first (the order they are placed: turn.order).
function reveal(s) {
  const r = s.reveal;
  if (!r) return null;
  const placed = placedSet(s);
  const items = list(r.order).map((seat, k) => {
    const n = r.cards?.[seat];
    const done = placed.has(n);
    const low = s.low_card && s.low_card.card === n;
    return el("li", { class: `revealed${done ? " placed" : " waiting"}${low ? " low" : ""}`,
                      dataset: { seat, card: n, order: k } },
      card(n, { note: low ? "low card" : null }),
      el("span", { class: "who" }, nameOf(s, seat)),
      el("span", { class: "state" }, done ? "placed" : "waiting"));
  });
  return el("section", { class: `kv-reveal${revealedNow(s) ? " now" : " last"}`,
                         "aria-label": "Revealed cards, lowest first", dataset: { turn: r.turn ?? s.turn } },
    el("h3", {}, revealedNow(s) ? `Turn ${s.turn}: revealed, placed lowest first`
      : `Turn ${r.turn}'s reveal, placed lowest first`),
    el("ol", { class: "reveal-order" }, ...items));
}

function lowCard(s, me) {
  const low = s.low_card;
  if (!low) return null;
  const who = low.seat === me ? "You" : nameOf(s, low.seat);
  const words = low.seat === me
    ? `Your ${low.card} is lower than every row's end: choose a row to take.`
    : `${who}'s ${low.card} is lower than every row's end: ${who} chooses a row to take.`;
  return el("section", { class: "kv-low", role: "status", "aria-label": "Row choice",
                         dataset: { seat: low.seat, card: low.card } },
    card(low.card, { small: true }), el("p", {}, words));
}

function draft(s, me) {
  const d = s.draft;
  if (!d) return null;
  const next = d.next === me ? "your pick" : `${nameOf(s, d.next)} picks next`;
  return el("section", { class: "kv-draft", "aria-label": "Draft" },
    el("h3", {}, `Draft — ${next}`),
    cardRow(list(d.cards), { label: "Cards on the table to draft", cls: "draft-cards", small: true,
                             empty: "none left" }));
}

function hand(s, i, me) {
  const name = nameOf(s, i);
  const own = s.hands?.[i];
  if (Array.isArray(own)) {
    const row = cardRow(own, { label: `Hand of ${name}${i === me ? " (yours)" : ""}`, cls: "hand",
                               empty: "empty", small: i !== me });
    row.dataset.count = String(own.length);
    return row;
  }
  const count = s.hand_counts?.[i] ?? 0;
  const row = cardRow(Array(count).fill(null), { label: `Hand of ${name}: ${plural(count, "card")}`,
                                                  cls: "hand hidden", empty: "empty", small: true });
  row.dataset.count = String(count);
  return row;
}

function zone(label, content) {
  return el("div", { class: "zone" }, el("span", { class: "label" }, label), content);
}

// Has seat i laid its card face down this turn (and is it not yet revealed)?
const hasChosen = (s, i) => s.phase === "choose" && !revealedNow(s) && Boolean(s.chosen?.[i]);

// The seat's face-down card this turn: the viewer's own (my_choice) face up with a "face
// down" note, and so every card in a replay of a finished game (chosen_cards, the
// everything view); anybody else's as a back. Nothing once the reveal is made.
function choice(s, i, me) {
  if (!hasChosen(s, i)) return null;
  const known = i === me ? s.my_choice : s.chosen_cards?.[i];
  const shown = known !== null && known !== undefined;
  const face = shown ? card(known, { small: true, note: "face down", cls: "my-choice" })
    : card(null, { small: true, note: "face down" });
  const label = i === me ? "Your face-down choice" : `${nameOf(s, i)}'s face-down choice`;
  return zone("Chosen", el("div", { class: "kv-cards choice", role: "group", "aria-label": label }, face));
}

function seat(s, i, me) {
  const name = nameOf(s, i);
  const acting = list(s.may_act).includes(i);
  const chosen = hasChosen(s, i);
  const badges = [
    me === i ? el("span", { class: "badge you" }, "you") : null,
    chosen ? el("span", { class: "badge has-chosen" }, "has chosen") : null,
    acting && s.phase === "choose" && !chosen ? el("span", { class: "badge to-move" }, "choosing") : null,
    acting && s.phase === "take_row" ? el("span", { class: "badge to-move" }, "takes a row") : null,
    acting && s.phase === "draft" ? el("span", { class: "badge to-move" }, "picks") : null,
  ];
  const pile = list(s.piles?.[i]);
  const place = s.result?.places?.[i];
  const penalty = s.penalties?.[i] ?? 0;
  const total = s.scores?.[i] ?? 0;
  return el("section", { class: `seat${acting ? " acting" : ""}${me === i ? " mine" : ""}`,
                         "aria-label": `Seat ${i}: ${name}`, dataset: { seat: i, chosen: String(chosen) } },
    el("header", {}, el("span", { class: "name" }, name), ...badges),
    el("p", { class: "score", "aria-label": `Heads of ${name}` },
      el("span", { class: "penalty", dataset: { heads: penalty } }, `This round ${headsText(penalty)}`), " · ",
      el("span", { class: "total", dataset: { total } }, `Total ${total}`)),
    zone("Hand", hand(s, i, me)),
    choice(s, i, me),
    zone("Taken", cardRow(pile, { label: `Penalty pile of ${name}: ${headsText(penalty)}`, cls: "pile",
                                  small: true, empty: "none" })),
    place ? el("p", { class: "result" }, `${ordinal(place)} place · ${headsText(s.result.scores?.[i] ?? total)}`) : null);
}

// The score history: each finished round's heads per seat, then the totals.
function scores(s) {
  const names = list(s.seats);
  const history = list(s.history);
  const cell = (n) => el("td", { dataset: { heads: n } }, String(n));
  return el("section", { class: "kv-scores", "aria-label": "Scores" },
    el("table", { class: "data" },
      el("caption", {}, history.length ? "Heads, round by round" : "Heads (no round finished yet)"),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Round"),
        ...names.map((n) => el("th", { scope: "col" }, n)))),
      el("tbody", {}, ...history.map((row, r) => el("tr", { dataset: { round: r + 1 } },
        el("th", { scope: "row" }, String(r + 1)), ...list(row).map(cell)))),
      el("tfoot", {}, el("tr", { class: "totals" }, el("th", { scope: "row" }, "Total"),
        ...list(s.scores).map(cell)))));
}

function result(s) {
  if (!s.result) return null;
  const places = list(s.result.places);
  const winners = places.map((p, i) => (p === 1 ? nameOf(s, i) : null)).filter(Boolean);
  return el("section", { class: "kv-result", "aria-label": "Result" },
    el("strong", {}, `Game over — ${winners.length > 1 ? "winners" : "winner"} (fewest heads): ${winners.join(", ")}`));
}

// What this step changed, marked on the table: the card just placed in its row, the cards
// just taken into a pile, the seat that just chose.
function markStep(table, e) {
  if (!e) return;
  const seat = `.seat[data-seat="${e.seat}"]`;
  if (e.type === "place") mark(cardIn(table, ".kv-rows", e.card), "just placed");
  if (e.type === "take") list(e.cards).forEach((c) => mark(cardIn(table, `${seat} .pile`, c), "just taken"));
  if (e.type === "choose") mark(table.querySelector(`${seat} .choice`), "just chose");
  if (e.type === "low_card" || e.type === "take_row") mark(table.querySelector(".kv-low"), null);
}

// The end of the game: places, each round's heads and the total (fewest wins; tied totals
// share a place).
export function summary(s) {
  if (!s?.result) return null;
  const history = list(s.history);
  return {
    title: "Game over",
    columns: [...history.map((_, r) => `Round ${r + 1} heads`), "Total heads"],
    rows: list(s.result.places).map((place, seat) => ({ seat, place,
      values: [...history.map((row) => row?.[seat] ?? "—"), s.result.scores?.[seat] ?? s.scores?.[seat] ?? "—"] })),
  };
}

// renderTable(state, {bottom, viewer, event}) -> element. `event`: this step's (marked). `bottom`: the seat drawn first (the
// perspective's seat; seat 0 for a spectator); the others follow in seat order around
// the table.
export function renderTable(s, { bottom = 0, viewer = null, event = null } = {}) {
  const me = viewer ?? s.viewer ?? null;
  const n = list(s.seats).length;
  const first = Number.isInteger(me) ? me : (bottom < n ? bottom : 0);
  const order = Array.from({ length: n }, (_, k) => (first + k) % n);
  const table = el("div", { class: "kv-table", dataset: { renderer: "korova", phase: s.phase, seats: n } },
    statusLine(s),
    el("div", { class: "kv-centre" }, rows(s),
      el("div", { class: "kv-side" }, lowCard(s, me), reveal(s), draft(s, me))),
    el("div", { class: "kv-seats", role: "list", "aria-label": "Seats" },
      ...order.map((i) => { const node = seat(s, i, me); node.setAttribute("role", "listitem"); return node; })),
    scores(s), result(s));
  markStep(table, event);
  return table;
}

// What the marks on the cards mean (shown under the table).
export function legend() {
  return el("p", { class: "legend kv-legend", "aria-label": "Legend" },
    el("span", {}, card(null, { small: true }), " hidden from this viewer"),
    ...[1, 2, 3, 5, 7].map((h) => {
      const n = { 1: 1, 2: 5, 3: 10, 5: 11, 7: 55 }[h];
      return el("span", {}, card(n, { small: true }), ` ${headsText(h)}`);
    }),
    el("span", {}, el("span", { class: "badge full" }, "full"), " a row of five: the next card into it takes it"));
}
