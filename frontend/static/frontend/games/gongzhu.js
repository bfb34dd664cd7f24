// Gong Zhu's table renderer (the page shell's renderer registry, ../renderers.js): the
// table as a player sees it, drawn from one frame's state (the engine's seat or spectator
// view, docs: gongzhu_core seat_view): the status line, four seats around the trick, the
// score history and the result. Also its legend, its stylesheet and its input controls.
// It draws what the view holds and nothing more: a hand the view leaves null is drawn as
// backs (hand_counts), passes appear only where the view shows them.
import { el } from "../dom.js";
import { card, cardRow, points, trick } from "./gongzhu-cards.js";

import { cardIn, mark, markPlayed } from "../marks.js";

export { controls, inputLabel, playWords } from "./gongzhu-controls.js";

// The jumps: a trick is marked by its `trick` event (the four cards and who took them), a
// round by its `round` event (the round begins).
export const units = [
  { name: "trick", at: (frame) => frame.type === "trick" },
  { name: "round", at: (frame) => frame.type === "round" },
];

export const stylesheet = new URL("./gongzhu.css", import.meta.url).href;

const PHASES = { deal: "the deal", pass: "passing", expose: "exposing", play: "tricks",
                 over: "game over" };
const POSITIONS = ["bottom", "left", "top", "right"];  // clockwise from the viewer
const ORDINAL = ["1st", "2nd", "3rd", "4th"];
const TRICKS = 13;  // a round: 52 cards dealt to four seats (round.deal)

const list = (value) => (Array.isArray(value) ? value : []);
const nameOf = (s, i) => s.seats?.[i] ?? `seat ${i}`;

function statusLine(s) {
  const options = s.ruleset?.options || {};
  const passing = s.pass_to ? `Passing: ${s.pass_to}` : (options.passing && s.round ? "No passing this round" : null);
  const tricks = !s.round ? null : s.phase === "play"
    ? `Trick ${Math.min(s.tricks_played + 1, TRICKS)} of ${TRICKS}`
    : `${s.tricks_played} of ${TRICKS} tricks played`;
  const span = (cls, text, data = {}) => (text ? el("span", { class: cls, dataset: data }, text) : null);
  return el("p", { class: "status" },
    span("round", s.round ? `Round ${s.round}` : "Before the first deal", { round: s.round }),
    s.dealer === null || s.dealer === undefined ? null : span("dealer", `Dealer: ${nameOf(s, s.dealer)}`),
    span("phase", `Phase: ${PHASES[s.phase] || s.phase}`, { phase: s.phase }),
    span("pass-to", passing, { passTo: s.pass_to || "" }),
    span("tricks", tricks, { tricksPlayed: s.tricks_played }),
    options.hearts_broken && s.hearts_broken ? el("span", { class: "badge hearts" }, "Hearts broken") : null,
    span("end-score", `Game ends at ${points(s.end_score)}`, { endScore: s.end_score }));
}

// The cards every seat exposed this round (public), and those no longer in a hand: a
// scoring card that was played lies in a trick or among some seat's taken cards.
function exposure(s) {
  const all = list(s.exposed).flat();
  const out = new Set([...list(s.taken).flat(), ...list(s.trick?.cards)]);
  return { all, inHand: (i) => list(s.exposed?.[i]).filter((c) => !out.has(c)) };
}

function hand(s, i, exp, small) {
  const name = nameOf(s, i);
  const own = s.hands?.[i];
  if (Array.isArray(own)) {  // the viewer's own, or every hand once the game is over
    return cardRow(own, { label: `Hand of ${name}`, cls: "hand", empty: "empty", exposed: exp.all, small });
  }
  // hidden: the exposed cards still held face up, the rest as backs
  const count = s.hand_counts?.[i] ?? 0;
  const shown = exp.inHand(i).slice(0, count);
  const row = cardRow([...shown, ...Array(count - shown.length).fill(null)],
                      { label: `Hand of ${name}: ${count} card${count === 1 ? "" : "s"}`,
                        cls: "hand hidden", empty: "empty", exposed: exp.all, small: true });
  row.dataset.count = String(count);
  return row;
}

function zone(label, content) {
  return el("div", { class: "zone" }, el("span", { class: "label" }, label), content);
}

function seat(s, i, position, viewer, exp) {
  const name = nameOf(s, i);
  const badges = [
    viewer === i ? el("span", { class: "badge you" }, "you") : null,
    s.dealer === i ? el("span", { class: "badge dealer", title: "Deals this round" }, "Dealer") : null,
    s.to_move === i ? el("span", { class: "badge to-move" }, "to move") : null,
    s.phase === "pass" && s.passes_made?.[i] ? el("span", { class: "badge has-passed" }, "has passed") : null,
  ];
  const passed = s.passed?.[i];
  const received = s.received?.[i];
  const exposed = list(s.exposed?.[i]);
  const place = s.result?.places?.[i];
  return el("section", { class: `seat pos-${position}${s.to_move === i ? " moving" : ""}`,
                         "aria-label": `Seat ${i}: ${name}`, dataset: { seat: i } },
    el("header", {}, el("span", { class: "name" }, name), ...badges),
    el("p", { class: "score", "aria-label": `Points of ${name}` },
      el("span", { class: "round-points", dataset: { points: s.round_points?.[i] ?? 0 } },
        `This round ${points(s.round_points?.[i] ?? 0)}`), " · ",
      el("span", { class: "total", dataset: { total: s.totals?.[i] ?? 0 } }, `Total ${points(s.totals?.[i] ?? 0)}`)),
    zone("Hand", hand(s, i, exp, position !== "bottom")),
    exposed.length ? zone("Exposed", cardRow(exposed, { label: `Exposed by ${name}`, cls: "exposed-row",
                                                        small: true, exposed })) : null,
    Array.isArray(passed) ? zone("Passed", cardRow(passed, { label: `Passed by ${name}`, cls: "passed", small: true })) : null,
    Array.isArray(received) ? zone("Got", cardRow(received, { label: `Received by ${name}`, cls: "received", small: true })) : null,
    zone("Taken", cardRow(list(s.taken?.[i]), { label: `Scoring cards taken by ${name}`, cls: "taken",
                                               small: true, empty: "none", exposed: exp.all })),
    place ? el("p", { class: "result" }, `${ORDINAL[place - 1] || place} place · ${points(s.result.scores?.[i])}`) : null);
}

function centre(s, exp) {
  const t = s.trick || { cards: [], seats: [] };
  let shown;
  if (list(t.cards).length) {
    shown = trick({ cards: t.cards, seats: t.seats }, s.seats, { title: "Current trick", exposed: exp.all });
  } else if (s.last_trick) {
    const last = s.last_trick;
    shown = trick(last, s.seats, { title: `Trick ${last.trick} — won by ${nameOf(s, last.winner)}`,
                                   winner: last.winner, exposed: exp.all });
    shown.classList.add("last");
  } else {
    shown = trick({ cards: [], seats: [] }, s.seats, { title: "Current trick" });
  }
  return el("div", { class: "centre" }, shown);
}

// The score history: each finished round's points per seat, then the totals.
function scores(s) {
  const names = list(s.seats);
  const history = list(s.history);
  const cell = (n, attrs = {}) => el("td", { ...attrs, dataset: { points: n } }, points(n));
  return el("section", { class: "gz-scores", "aria-label": "Scores" },
    el("table", { class: "data" },
      el("caption", {}, history.length ? "Scores, round by round" : "Scores (no round finished yet)"),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Round"),
        ...names.map((n) => el("th", { scope: "col" }, n)))),
      el("tbody", {}, ...history.map((row, r) => el("tr", { dataset: { round: r + 1 } },
        el("th", { scope: "row" }, String(r + 1)), ...row.map((n) => cell(n))))),
      el("tfoot", {}, el("tr", { class: "totals" }, el("th", { scope: "row" }, "Total"),
        ...list(s.totals).map((n) => cell(n))))));
}

function result(s) {
  if (!s.result) return null;
  const places = list(s.result.places);
  const winners = places.map((p, i) => (p === 1 ? nameOf(s, i) : null)).filter(Boolean);
  return el("section", { class: "gz-result", "aria-label": "Result" },
    el("strong", {}, `Game over — ${winners.length > 1 ? "winners" : "winner"}: ${winners.join(", ")}`));
}

// What this step changed, marked on the table: the card just played, the cards just
// passed, received or exposed.
function markStep(table, e) {
  const seat = `.seat[data-seat="${e?.seat}"]`;
  if (e?.type === "play") markPlayed(table, ".gz-trick", e.card);
  if (e?.type === "pass") list(e.cards).forEach((c) => mark(cardIn(table, `${seat} .passed`, c), "just passed"));
  if (e?.type === "expose") list(e.cards).forEach((c) => mark(cardIn(table, `${seat} .exposed-row`, c), "just exposed"));
  if (e?.type === "exchange") {
    list(e.received).forEach((cards, i) => list(cards).forEach((c) =>
      mark(cardIn(table, `.seat[data-seat="${i}"] .received`, c), "just received")));
  }
}

// renderTable(state, {bottom, viewer, event}) -> element. `bottom`: the seat drawn nearest
// the viewer (the perspective's seat; seat 0 for a spectator); `event`: this step's.
export function renderTable(s, { bottom = 0, viewer = null, event = null } = {}) {
  const exp = exposure(s);
  const me = viewer ?? s.viewer ?? null;
  const seats = [0, 1, 2, 3].map((k) => seat(s, (bottom + k) % 4, POSITIONS[k], me, exp));
  const table = el("div", { class: "gz-table", dataset: { renderer: "gongzhu", phase: s.phase } },
    statusLine(s), ...seats, centre(s, exp), scores(s), result(s));
  markStep(table, event);
  return table;
}

// The end of the game: places, each round's points and the total (equal totals share a
// place: no tie-break).
export function summary(s) {
  if (!s?.result) return null;
  const history = list(s.history);
  return {
    title: "Game over",
    columns: [...history.map((_, r) => `Round ${r + 1}`), "Total"],
    rows: list(s.result.places).map((place, seat) => ({ seat, place,
      values: [...history.map((row) => points(row?.[seat])), points(s.result.scores?.[seat] ?? s.totals?.[seat])] })),
  };
}

// What the marks on the cards mean (shown under the table).
export function legend() {
  return el("p", { class: "legend gz-legend", "aria-label": "Legend" },
    el("span", {}, card(null, { small: true }), " hidden from this viewer"),
    el("span", {}, card("QS", { small: true }), " the pig −100"),
    el("span", {}, card("JD", { small: true }), " the sheep +100"),
    el("span", {}, card("10C", { small: true }), " the doubler"),
    el("span", {}, card("AH", { small: true, exposed: true }), " exposed: value doubled"),
    el("span", {}, el("span", { class: "gz-card small just", "aria-hidden": "true" }), " changed by this step"));
}
