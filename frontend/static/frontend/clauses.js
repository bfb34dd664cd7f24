// Clause links. The API names each clause id a step applied and where the game's
// rulebook explains it (the frames' `clauses`: {id: "docs/rules.md#req.take"}); the page
// says where each rulebook document is served (#rulebooks, written by the server:
// {"docs/rules.md": "/rules/"}). A clause without a served place is shown unlinked.
import { el } from "./dom.js";

let books = null;

function rulebooks() {
  if (books === null) {
    try { books = JSON.parse(document.getElementById("rulebooks")?.textContent || "{}"); }
    catch { books = {}; }
  }
  return books;
}

// The URL of clause `id` given the API's anchors, or null.
export function clauseHref(id, anchors = {}) {
  const anchor = anchors[id];
  if (typeof anchor !== "string") return null;
  const [doc, fragment = id] = anchor.split("#");
  const page = rulebooks()[doc];
  return page ? `${page}#${encodeURIComponent(fragment)}` : null;
}

// The clause ids as links (or plain labels), in a span.rules.
export function ruleLinks(rules, anchors = {}) {
  return el("span", { class: "rules" }, ...rules.flatMap((id) => {
    const href = clauseHref(id, anchors);
    return [href
      ? el("a", { href, class: "clause", "aria-label": `rule ${id}`, title: `Rulebook: ${id}` }, id)
      : el("span", { class: "clause", title: "clause id" }, id), " "];
  }));
}
