// The log beside the table: every step in the game's own words (the API's
// `explanation`) with the clause ids it applied, each linked to the rulebook; and the
// current step's detail (its caption — the explanation's first sentence —, the rest of
// the explanation with its clause links, a link to cite it).
import { el } from "./dom.js";
import { linkedText, ruleLinks } from "./clauses.js";

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
  const box = item.closest(".log-scroll") || item.parentElement;  // the scrolling box
  if (box && (item.offsetTop < box.scrollTop || item.offsetTop > box.scrollTop + box.clientHeight - 40)) {
    box.scrollTop = item.offsetTop - box.clientHeight / 3;
  }
}

// The current step, right under the step controls: where it is ("Step 8 of 224"), the
// game's explanation — its first sentence (the caption) and the rest — with the clause
// ids it cites linked to the rulebook, the step's other clauses, a link to cite it.
export function renderStepDetail(box, frame, step, total, { permalink, anchors }) {
  const known = new Set([...frame.rules, ...Object.keys(anchors || {})]);
  const text = frame.explanation || frame.caption || "";
  const more = text.startsWith(frame.caption) ? text.slice(frame.caption.length).trim() : "";
  const head = text.startsWith(frame.caption) ? frame.caption : text;
  const [caption, inCaption] = linkedText(head, known, anchors);
  const [rest, inRest] = more ? linkedText(more, known, anchors) : [[], new Set()];
  const others = frame.rules.filter((r) => !inCaption.has(r) && !inRest.has(r));
  box.replaceChildren(...[
    el("h2", {}, `Step ${step} of ${total - 1}`),
    el("p", { class: "caption", id: "caption" }, ...caption),
    more ? el("p", { class: "explanation-more" }, ...rest) : null,
    others.length ? el("p", { class: "rules-more" }, "Rules: ", ruleLinks(others, anchors)) : null,
    el("p", { class: "permalink" }, el("a", { href: permalink, "aria-label": `Link to step ${step}` }, "Link to this step"))].filter(Boolean));
}
