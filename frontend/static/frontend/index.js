// The landing page: the stored games from /api/games/, a page at a time, filtered by the
// form's query (the page's own URL: ?game=&status=&player=&tournament=&date_from=&date_to=
// &page=, so a filtered page can be linked). Each game links to its replay (a live one
// also to its play page); the winner is the API's (null while live: "—").
import { getJSON } from "./api.js";
import { el } from "./dom.js";
import { scrollHints } from "./scrollhint.js";

export const PAGE_SIZE = 25;
const FILTERS = ["game", "status", "player", "tournament", "date_from", "date_to"];

const tbody = document.getElementById("games");
const summary = document.getElementById("summary");
const message = document.getElementById("message");
const pager = document.querySelector("nav.pager");
const query = new URLSearchParams(window.location.search);
const pageNumber = Math.max(1, Number.parseInt(query.get("page") || "1", 10) || 1);

// The catalog's names by game id, read from the filter form's options.
const gameNames = Object.fromEntries([...document.querySelectorAll('select[name="game"] option')]
  .filter((o) => o.value).map((o) => [o.value, o.textContent]));

function apiUrl() {
  const params = new URLSearchParams();
  for (const name of FILTERS) if (query.get(name)) params.set(name, query.get(name));
  params.set("limit", String(PAGE_SIZE));
  params.set("offset", String((pageNumber - 1) * PAGE_SIZE));
  return `/api/games/?${params}`;
}

function pageHref(n) {
  const params = new URLSearchParams(query);
  if (n > 1) params.set("page", String(n)); else params.delete("page");
  const text = params.toString();
  return text ? `?${text}` : window.location.pathname;
}

function when(iso) {
  const date = new Date(iso);
  return el("time", { datetime: iso }, date.toISOString().slice(0, 16).replace("T", " "));
}

// "—" while a game is live (or voided), read out as "none yet".
function noneYet(words) {
  return [el("span", { "aria-hidden": "true" }, "—"), el("span", { class: "visually-hidden" }, words)];
}

// A cell with its column's name (shown beside the value when the table is stacked on a
// phone, site.css `table.stack`); its content in one span (one grid cell).
const cell = (label, ...children) => el("td", { "data-label": label }, el("span", {}, ...children));

function row(game) {
  const short = game.id.slice(0, 8);
  const name = gameNames[game.game] || game.game;
  const live = game.status === "live";
  return el("tr", {},
    cell("Game",
      el("a", { href: `/games/${game.id}/`, "aria-label": `${name}: replay game ${short}` }, name),
      game.preset ? el("span", { class: "muted" }, ` · ${game.preset}`) : null),
    cell("Players", game.seats.join(", ")),
    cell("Status", el("span", { class: `badge status-${game.status}` }, live ? "live" : "finished"),
      live ? [" ", el("a", { href: `/play/${game.id}/`, "aria-label": `Watch or play game ${short}` }, "Play")] : null),
    cell("Winner", game.winners?.length ? game.winners.join(", ")
      : noneYet(live ? "no winner yet" : "no winner")),
    cell("Date", when(game.created_at)),
    cell("Tournament", game.tournament
      ? [el("a", { href: `/tournaments/${game.tournament.id}/` }, game.tournament.name),
         el("span", { class: "muted" }, ` · round ${game.tournament.round}, table ${game.tournament.table}`)]
      : noneYet("none")));
}

function showPager(count) {
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const link = (node, n, ok) => {
    if (ok) { node.setAttribute("href", pageHref(n)); node.removeAttribute("aria-disabled"); }
    else { node.removeAttribute("href"); node.setAttribute("aria-disabled", "true"); }
  };
  link(document.getElementById("prev"), pageNumber - 1, pageNumber > 1);
  link(document.getElementById("next"), pageNumber + 1, pageNumber < pages);
  document.getElementById("pages").textContent = `Page ${pageNumber} of ${pages}`;
  pager.hidden = count <= PAGE_SIZE && pageNumber === 1;
}

async function load() {
  const { body: page } = await getJSON(apiUrl());
  tbody.replaceChildren(...page.results.map(row));
  const filtered = FILTERS.some((name) => query.get(name));
  const first = (pageNumber - 1) * PAGE_SIZE;
  summary.textContent = page.count
    ? `${page.count} ${page.count === 1 ? "game" : "games"}${filtered ? " match the filters" : ""}` +
      (page.results.length ? `; showing ${first + 1}–${first + page.results.length}.` : "; none on this page.")
    : (filtered ? "No games match the filters." : "No games yet.");
  showPager(page.count);
  scrollHints();
}

// The filters start open on a wide screen (on a phone only when some are set: the
// template opens them then).
if (window.matchMedia("(min-width: 40rem)").matches) document.getElementById("filters").open = true;

// Leave empty filters out of the page's address (a shorter link to share).
document.querySelector("form.filters").addEventListener("submit", (event) => {
  for (const field of event.target.elements) if (field.name && !field.value) field.disabled = true;
  setTimeout(() => { for (const field of event.target.elements) field.disabled = false; });
});

load().catch((error) => {
  summary.textContent = "";
  message.textContent = `Could not load the games: ${error.message}`;
});
