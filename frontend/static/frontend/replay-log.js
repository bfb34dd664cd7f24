// The replay's log beside the table: every step in words with the clause ids it
// applied, each linked to the rulebook (/rules/#clause.id), and the current step's
// details (caption, clauses, facts, a link to cite it).
import { el } from "./dom.js";

export function ruleLinks(rules) {
  return el("span", { class: "rules" }, ...rules.flatMap((id) => [
    el("a", { href: `/rules/#${encodeURIComponent(id)}`, class: "clause",
              "aria-label": `rule ${id}`, title: `Rulebook: ${id}` }, id), " "]));
}

// The whole log as <li>s (links to #step=i); returns the list items for highlighting.
export function renderLog(list, frames) {
  const items = frames.map((frame, i) => el("li", { dataset: { step: i, type: frame.type } },
    el("a", { href: `#step=${i}`, class: "step-link", "aria-label": `Step ${i}: ${frame.caption}` },
      el("span", { class: "num" }, String(i)), " ", frame.caption),
    frame.rules.length ? " " : null, frame.rules.length ? ruleLinks(frame.rules) : null));
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

// The current step: its caption, clauses and the facts the ruling used.
export function renderStepDetail(box, frame, step, total, permalink) {
  const facts = frame.event.facts || {};
  const keys = Object.keys(facts);
  box.replaceChildren(...[
    el("h2", {}, `Step ${step} of ${total - 1}`, el("span", { class: "type" }, ` · ${frame.type}`)),
    el("p", { class: "caption", id: "caption" }, frame.caption),
    frame.rules.length ? el("p", {}, "Rules applied: ", ruleLinks(frame.rules)) : null,
    keys.length ? el("dl", { class: "facts", "aria-label": "Facts the ruling used" },
      ...keys.flatMap((k) => [el("dt", {}, k), el("dd", {}, factValue(facts[k]))])) : null,
    el("p", { class: "permalink" }, el("a", { href: permalink, "aria-label": `Link to step ${step}` }, "Link to this step"))].filter(Boolean));
}
