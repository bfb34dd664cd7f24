// The log beside the table: every step in the game's own words (the API's
// `explanation`) with the clause ids it applied, each linked to the rulebook; and the
// current step's detail (its caption — the explanation's first sentence —, the rest of
// the explanation, its clauses, the facts the ruling used, a link to cite it).
import { el } from "./dom.js";
import { ruleLinks } from "./clauses.js";

// The whole log as <li>s (each links to #step=i); returns the items, for highlighting.
export function renderLog(list, frames, anchors) {
  const items = frames.map((frame, i) => el("li", { dataset: { step: i, type: frame.type } },
    el("a", { href: `#step=${i}`, class: "step-link" },
      el("span", { class: "num" }, String(i)), " ",
      el("span", { class: "explanation" }, frame.explanation || frame.caption)),
    frame.rules.length ? " " : null, frame.rules.length ? ruleLinks(frame.rules, anchors) : null));
  list.replaceChildren(...items);
  return items;
}

export function highlight(items, step) {
  for (const item of items) item.removeAttribute("aria-current");
  const item = items[step];
  if (!item) return;
  item.setAttribute("aria-current", "step");
  const box = item.parentElement;
  if (box && (item.offsetTop < box.scrollTop || item.offsetTop > box.scrollTop + box.clientHeight - 40)) {
    box.scrollTop = item.offsetTop - box.clientHeight / 3;
  }
}

function factValue(value) {
  if (value === null) return "—";
  if (Array.isArray(value)) return value.map((v) => (typeof v === "object" ? JSON.stringify(v) : String(v))).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

// The current step: caption, the rest of its explanation, clauses, facts, permalink.
export function renderStepDetail(box, frame, step, total, { permalink, anchors }) {
  const facts = frame.event.facts || {};
  const keys = Object.keys(facts);
  const text = frame.explanation || "";
  const more = text.startsWith(frame.caption) ? text.slice(frame.caption.length).trim() : text;
  box.replaceChildren(...[
    el("h2", {}, `Step ${step} of ${total - 1}`, el("span", { class: "type" }, ` · ${frame.type}`)),
    el("p", { class: "caption", id: "caption" }, frame.caption),
    more ? el("p", { class: "explanation-more" }, more) : null,
    frame.rules.length ? el("p", {}, "Rules applied: ", ruleLinks(frame.rules, anchors)) : null,
    keys.length ? el("dl", { class: "facts", "aria-label": "Facts the ruling used" },
      ...keys.flatMap((k) => [el("dt", {}, k), el("dd", {}, factValue(facts[k]))])) : null,
    el("p", { class: "permalink" }, el("a", { href: permalink, "aria-label": `Link to step ${step}` }, "Link to this step"))].filter(Boolean));
}
