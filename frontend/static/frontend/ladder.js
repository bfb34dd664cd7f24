// A league's rating ladder: ranked by ordinal (mu − 3σ), each player's rating history
// drawn as a chart from /api/players/{id}/ratings/?league=.
import { getAll, getJSON } from "./api.js";
import { el } from "./dom.js";
import { scrollHints } from "./scrollhint.js";
import { ratingChart, series } from "./ratingchart.js";

const root = document.querySelector("[data-league]");
const league = root.dataset.league;
const body = document.getElementById("ladder-body");

async function load() {
  const { body: rows } = await getJSON(`/api/ratings/?league=${league}`);
  const histories = await Promise.all(rows.map((r) => getAll(`/api/players/${r.player_id}/ratings/?league=${league}`)));
  const values = histories.flatMap((h) => series(h).flatMap((p) => [p.mu, p.mu - 3 * p.sigma]));
  const lo = values.length ? Math.min(...values) - 1 : 0;  // one scale for every chart
  const hi = values.length ? Math.max(...values) + 1 : 1;
  body.replaceChildren(...rows.map((r, i) => el("tr", { dataset: { player: r.player } },
    el("td", { class: "num" }, String(r.rank)),
    el("td", {}, r.player, r.provisional ? el("span", { class: "badge", title: "few games: sigma still high" }, "provisional") : null),
    el("td", { class: "num" }, r.ordinal.toFixed(2)),
    el("td", { class: "num wide-only" }, r.mu.toFixed(2)),
    el("td", { class: "num wide-only" }, r.sigma.toFixed(2)),
    el("td", { class: "num wide-only" }, String(r.games)),
    el("td", { class: "chart" }, ratingChart(histories[i], { name: r.player, lo, hi })))));
  if (!rows.length) body.append(el("tr", {}, el("td", { colspan: "7" }, "No rated games yet.")));
  scrollHints();
}

load().catch((error) => { body.textContent = `Could not load the ladder: ${error.message}`; });
