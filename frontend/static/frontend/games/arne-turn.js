// Arne Total's turn panel (part of the table renderer arne.js): the window open now — its
// kind (main, before, after, or the final round), the order it is offered in, who is
// offered now and who has passed in succession —, the pending action (a Grab or Plus Two
// awaiting its before-window, then its effect) and the stack of STOP / REVERSE claims of
// this turn, with the one that decides the next turn (claim.last). All from the view
// (window, final, pending, claims, may_act); nothing is computed but words.
import { el } from "../dom.js";
import { card, cardName, colourName, kindOf, plural } from "./arne-cards.js";

const list = (v) => (Array.isArray(v) ? v : []);
const nameOf = (s, i) => (i === null || i === undefined ? "nobody" : s.seats?.[i] ?? `seat ${i}`);
const you = (s, i, me) => (i === me ? `${nameOf(s, i)} (you)` : nameOf(s, i));
const option = (s, key) => s.ruleset?.options?.[key] ?? s.ruleset?.[key];

const KINDS = {
  main: { title: "Main window", about: (s) => `${nameOf(s, s.active)} alone: black cards, then one white card.` },
  before: { title: "Before-window", about: () => "Anyone may answer with black cards before the action takes effect." },
  after: { title: "After-window", about: () => "Anyone may play black cards; it closes once every seat has passed in succession." },
  final: { title: "Final round", about: () => "One black card or a pass per seat; no white cards, no windows." },
};

// The window as {kind, order, offered, passed} (the final round's too), or null.
export function openWindow(s) {
  if (s.phase === "final" && s.final) {
    return { kind: "final", order: list(s.final.order), offered: s.final.offered ?? null,
             passed: list(s.final.passed) };
  }
  if (s.window) {
    return { kind: s.window.kind, order: list(s.window.order), offered: s.window.offered ?? null,
             passed: list(s.window.passed) };
  }
  return null;
}

function windowPanel(s, me) {
  const w = openWindow(s);
  if (!w) return null;
  const kind = KINDS[w.kind] || { title: `${w.kind} window`, about: () => "" };
  const passed = new Set(w.passed);
  const items = w.order.map((seat, k) => {
    const state = seat === w.offered ? "offered" : passed.has(seat) ? "passed" : "waiting";
    const words = { offered: "offered now", passed: "passed", waiting: "waiting" }[state];
    return el("li", { class: `offer ${state}`, dataset: { seat, state, order: k },
                      "aria-label": `${k + 1}. ${you(s, seat, me)}: ${words}` },
      el("span", { class: "who", "aria-hidden": "true" }, you(s, seat, me)),
      el("span", { class: `badge ${state}`, "aria-hidden": "true" }, words));
  });
  const count = w.kind === "main" || w.kind === "final" ? null
    : el("p", { class: "passes", dataset: { passed: w.passed.length } },
      `${plural(w.passed.length, "seat")} of ${w.order.length} passed in succession`);
  return el("section", { class: `ar-window kind-${w.kind}`, "aria-label": kind.title,
                         dataset: { kind: w.kind, offered: w.offered ?? "" } },
    el("h3", {}, kind.title, w.offered !== null ? el("span", { class: "offered-now" },
      ` — ${w.offered === me ? "your offer" : `${nameOf(s, w.offered)} is offered`}`) : null),
    el("p", { class: "about" }, kind.about(s)),
    el("ol", { class: "window-order", "aria-label": "Order offered" }, ...items),
    count);
}

// A Grab / Plus Two in words: "Anya's Grab on Boris", "… naming Green".
function pendingWords(s, p, me) {
  const what = cardName(p.card);
  const on = p.target !== null && p.target !== undefined ? ` on ${you(s, p.target, me)}` : "";
  const naming = p.colour ? `, naming ${colourName(p.colour)}` : "";
  return `${you(s, p.seat, me)}: ${what}${on}${naming}`;
}

function pendingPanel(s, me) {
  const p = s.pending;
  if (!p) return null;
  const waiting = s.phase === "window" && s.window?.kind === "before";
  const movers = list(s.may_act);
  const kind = kindOf(p.card);
  let status = "awaiting its before-window";
  if (!waiting) {
    status = kind === "GRAB" ? "taking effect: a card is drawn at random"
      : movers.length ? `taking effect: ${movers.map((i) => you(s, i, me)).join(", ")} chooses the cards to give`
        : "taking effect";
  }
  return el("section", { class: "ar-pending", "aria-label": "Pending action",
                         dataset: { card: p.card, seat: p.seat, target: p.target ?? "", waiting: String(waiting) } },
    el("h3", {}, "Pending action"),
    el("div", { class: "pending-row" }, card(p.card, { small: true }),
      el("p", {}, pendingWords(s, p, me), el("br"), el("span", { class: "pending-status" }, status))));
}

function claimsPanel(s, me) {
  const claims = list(s.claims);
  if (!claims.length) return null;
  const each = option(s, "reverse_stack") === "each_reverses";
  const items = claims.map((c, k) => {
    const last = k === claims.length - 1;
    const effect = c.effect === "reverse" ? "Reverse!" : "Stop!";
    const words = last ? "decides the next turn" : each && c.effect === "reverse" ? "turns the direction" : "overruled";
    return el("li", { class: `claim${last ? " decides" : ""}`, dataset: { seat: c.seat, card: c.card, effect: c.effect },
                      "aria-label": `${k + 1}. ${you(s, c.seat, me)}: ${effect} — ${words}` },
      card(c.card, { small: true }),
      el("span", { class: "who", "aria-hidden": "true" }, you(s, c.seat, me)),
      el("span", { class: `badge${last ? " decides" : ""}`, "aria-hidden": "true" }, words));
  });
  return el("section", { class: "ar-claims", "aria-label": "Claims this turn" },
    el("h3", {}, `Claims this turn (${claims.length})`),
    el("p", { class: "about" }, each ? "The last one decides who moves; every Reverse! turns the direction."
      : "The last one played decides who takes the next turn."),
    el("ol", { class: "claims" }, ...items));
}

// The turn panel: window, pending action, claims (each only when there is one).
export function turnPanel(s, me) {
  const parts = [windowPanel(s, me), pendingPanel(s, me), claimsPanel(s, me)].filter(Boolean);
  if (!parts.length) return null;
  return el("div", { class: "ar-turn" }, ...parts);
}
