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

function clauseNode(id, anchors) {
  const href = clauseHref(id, anchors);
  return href ? el("a", { href, class: "clause", "aria-label": `rule ${id}`, title: `Rulebook: ${id}` }, id)
    : el("span", { class: "clause", title: "clause id" }, id);
}

// The game's sentence with the clause ids it cites in brackets — "(plan.trump)",
// "(won tricks this year, req.vulnerable)" — turned into links (`known`: the ids that
// are clauses: the step's own and those the API placed). Returns [nodes, ids linked].
export function linkedText(text, known, anchors = {}) {
  const nodes = [];
  const linked = new Set();
  let rest = String(text || "");
  const group = /\(([^()]*)\)/g;
  let at = 0;
  let match;
  while ((match = group.exec(rest)) !== null) {
    const parts = match[1].split(/(,\s*)/);
    if (!parts.some((p) => known.has(p.trim()))) continue;
    nodes.push(rest.slice(at, match.index + 1));
    for (const part of parts) {
      const id = part.trim();
      if (known.has(id)) { nodes.push(clauseNode(id, anchors)); linked.add(id); } else nodes.push(part);
    }
    nodes.push(")");
    at = match.index + match[0].length;
  }
  nodes.push(rest.slice(at));
  rest = null;
  return [nodes.filter((n) => n !== ""), linked];
}
