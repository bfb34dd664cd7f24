// The landing page: the stored games from the API, each linked to its replay viewer.
import { getJSON } from "./api.js";
import { el } from "./dom.js";

const tbody = document.getElementById("games");

async function load() {
  const { body: page } = await getJSON("/api/games/?limit=100");
  tbody.replaceChildren();
  for (const game of page.results) {
    const api = el("td", {}, ...["events", "frames", "record", "verify"].flatMap((what) => [
      el("a", { href: `/api/games/${game.id}/${what}/` }, what), " "]));
    tbody.append(el("tr", {},
      el("td", {}, el("a", { href: `/games/${game.id}/`,
                             "aria-label": `Replay game ${game.id.slice(0, 8)}` }, game.id.slice(0, 8))),
      el("td", {}, game.game), el("td", {}, game.status), el("td", {}, game.preset || "custom"),
      el("td", {}, game.seats.join(", ")), el("td", {}, String(game.head_seq)), api));
  }
  if (!page.results.length) tbody.append(el("tr", {}, el("td", { colspan: "7" }, "No games yet.")));
}

load().catch((error) => { tbody.textContent = `Could not load games: ${error}`; });
