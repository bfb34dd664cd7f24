// Marks for what a step changed, shared by the table renderers: `mark(node, words)` adds
// the class "just" (drawn as a blue ring by each game's stylesheet) and, for assistive
// technology, the words to the node's label ("just played"); `cardIn(root, selector, code)`
// finds the card `code` (its data-card) inside `selector`.
export function mark(node, words) {
  if (!node) return;
  node.classList.add("just");
  node.dataset.just = "true";
  const label = node.getAttribute("aria-label");
  if (label && words) node.setAttribute("aria-label", `${label}, ${words}`);
}

export function cardIn(root, selector, code) {
  if (code === null || code === undefined) return null;
  return root.querySelector(`${selector} [data-card="${CSS.escape(String(code))}"]`);
}

// Mark the played card of a trick (its figure's card and caption).
export function markPlayed(root, trickSelector, code) {
  const fig = cardIn(root, trickSelector, code)?.closest("figure");
  if (!fig) return;
  mark(fig.querySelector("[data-card]"), "just played");
  fig.querySelector("figcaption")?.append(" — just played");
}
