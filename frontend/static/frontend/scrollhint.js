// Wide tables on narrow screens: every `.scroll` box (a table wrapper) becomes a named,
// keyboard-scrollable region (role=region, tabindex=0, "<table's name>, scrolls
// sideways"), and while its content is wider than the box a visible hint says so
// (`data-hint`, or a default) and the box gets the `overflowing` class (a fading edge in
// site.css). Call scrollHints() after a page has filled its tables; it re-checks on resize.
import { el } from "./dom.js";

const DEFAULT_HINT = "Scroll sideways to see every column →";
const watched = new WeakSet();

function tableName(box) {
  const table = box.querySelector("table");
  if (!table) return "Wide content";
  const by = table.getAttribute("aria-labelledby");
  const label = by ? document.getElementById(by)?.textContent : table.getAttribute("aria-label");
  return (label || "Table").trim();
}

function update(box) {
  const hint = box.previousElementSibling?.classList.contains("scroll-hint") ? box.previousElementSibling : null;
  const wide = box.scrollWidth > box.clientWidth + 1;
  box.classList.toggle("overflowing", wide);
  if (hint) hint.hidden = !wide;
}

export function scrollHints(root = document) {
  for (const box of root.querySelectorAll(".scroll")) {
    if (!watched.has(box)) {
      watched.add(box);
      box.setAttribute("role", "region");
      box.setAttribute("tabindex", "0");
      if (!box.hasAttribute("aria-label")) box.setAttribute("aria-label", `${tableName(box)}, scrolls sideways`);
      box.before(el("p", { class: "scroll-hint", hidden: true }, box.dataset.hint || DEFAULT_HINT));
      const observer = new ResizeObserver(() => update(box));
      observer.observe(box);
      if (box.firstElementChild) observer.observe(box.firstElementChild);
    }
    update(box);
  }
}
