// The leagues page: every league, its seasons in divisions (linked to each season's page:
// divisions, movements, history), its tournaments (linked) and its rating ladder.
import { getAll } from "./api.js";
import { el } from "./dom.js";

const list = document.getElementById("leagues");

async function load() {
  const leagues = await getAll("/api/leagues/");
  list.replaceChildren();
  for (const league of leagues) {
    const [tournaments, seasons] = await Promise.all([
      getAll(`/api/tournaments/?league=${league.id}`), getAll(`/api/leagues/${league.id}/seasons/`)]);
    list.append(el("li", { dataset: { league: league.id } },
      el("h2", {}, league.name),
      league.description ? el("p", {}, league.description) : null,
      el("p", {}, el("a", { href: `/leagues/${league.id}/ladder/` }, "Rating ladder")),
      seasons.length
        ? el("p", { class: "seasons" }, "Seasons in divisions: ", ...seasons.flatMap((s, i) => [i ? " · " : "",
            el("a", { href: `/leagues/${league.id}/seasons/${s.number}/` }, `Season ${s.number}`),
            ` (${s.divisions.length} divisions, ${s.status})`]))
        : null,
      tournaments.length
        ? el("ul", { "aria-label": `Tournaments of ${league.name}` }, ...tournaments.map((t) => el("li", {},
            el("a", { href: `/tournaments/${t.id}/` }, t.name),
            ` · ${t.format}, ${t.rounds} rounds, ${t.players.length} players · `,
            el("span", { class: `badge status-${t.status}` }, t.status))))
        : el("p", { class: "muted" }, "No tournaments yet.")));
  }
  if (!leagues.length) list.append(el("li", {}, "No leagues yet."));
}

load().catch((error) => { list.textContent = `Could not load the leagues: ${error.message}`; });
