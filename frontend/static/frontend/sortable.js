// A sortable data table: header buttons sort by a column (click again to reverse),
// with aria-sort on the sorted header. sortable(table, {columns, rows, cell, key, dir}).
// columns: [{key, label, num, first}]; `first`: the order of a column's first click
// ("descending" for points and totals: highest first; default "ascending");
// cell(row, column) -> Node|string (default row[key]). The clicked button keeps the focus.
import { el } from "./dom.js";

export function sortable(table, { columns, rows, cell = (row, c) => String(row[c.key] ?? ""),
                                  key = columns[0].key, dir = "ascending" }) {
  const state = { key, dir };
  const thead = el("thead");
  const tbody = el("tbody");
  table.replaceChildren(thead, tbody);

  function render() {
    const column = columns.find((c) => c.key === state.key);
    const sign = state.dir === "ascending" ? 1 : -1;
    const sorted = [...rows].sort((a, b) => {
      const x = a[column.key];
      const y = b[column.key];
      const order = column.num ? Number(x) - Number(y) : String(x).localeCompare(String(y));
      return sign * order;
    });
    thead.replaceChildren(el("tr", {}, ...columns.map((c) => el("th", {
      class: c.num ? "num" : null, scope: "col",
      "aria-sort": c.key === state.key ? state.dir : "none" },
      el("button", { type: "button", class: "sort", "aria-label": `Sort by ${c.label}`,
                     onclick: () => {
                       if (state.key === c.key) state.dir = state.dir === "ascending" ? "descending" : "ascending";
                       else state.dir = c.first || "ascending";
                       state.key = c.key;
                       render();
                       thead.querySelector(`th[aria-sort="${state.dir}"] button`)?.focus();
                     } }, c.label)))));
    tbody.replaceChildren(...sorted.map((row) => el("tr", {}, ...columns.map((c) =>
      el("td", { class: c.num ? "num" : null }, cell(row, c))))));
  }
  render();
}
