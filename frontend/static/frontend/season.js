// A league's season in divisions: each division's members (rank, points, seed, and where
// they go: ▲ promoted / ▼ relegated, always said in words too — projected from the
// current standings while the season is open), the season's recorded movements, and the
// league's seasons in divisions (history). Everything from /api/leagues/{id}/seasons/.
import { getAll, getJSON } from "./api.js";
import { el } from "./dom.js";
import { scrollHints } from "./scrollhint.js";

const root = document.querySelector("[data-season]");
const league = root.dataset.league;
const number = Number(root.dataset.season);
const ORDINAL = ["1st", "2nd", "3rd"];
const ordinal = (n) => ORDINAL[n - 1] || `${n}th`;
const points = (x) => (x === null || x === undefined ? "—" : Number(x).toFixed(2).replace(/\.00$/, ""));
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const ARROWS = { promoted: "▲", relegated: "▼" };

// "▲ Promoted to Division 1" — the arrow is decoration, the words say it.
function movementWords(move) {
  if (!move) return "—";
  const arrow = ARROWS[move.reason];
  const seed = move.by_seed ? " (tied rank: decided by seed)" : "";
  let words;
  if (move.projected) {
    words = { promoted: `In a promotion place (to Division ${move.to_division})`,
      relegated: `In a relegation place (to Division ${move.to_division})`,
      stayed: "Stays", withdrawn: "Withdrawn: leaves the league" }[move.reason];
  } else {
    words = { promoted: `Promoted to Division ${move.to_division}`,
      relegated: `Relegated to Division ${move.to_division}`,
      stayed: `Stays in Division ${move.to_division}`,
      withdrawn: "Withdrawn: left the league",
      joined: `Joined Division ${move.to_division}` }[move.reason];
  }
  return el("span", { class: `move move-${move.reason}` },
    arrow ? el("span", { "aria-hidden": "true" }, `${arrow} `) : null, words + seed);
}

const FORMATS = { swiss: "Swiss", "round-robin": "round-robin", series: "match series" };

// "Open · 2 divisions (4, 4 players) · each plays a Swiss of 2 rounds. At the season's
// end the top player of every division but Division 1 moves up …"
function summary(season) {
  const sizes = season.divisions.map((d) => d.size);
  const s = season.settings;
  const state = season.status === "open" ? "Open"
    : `Closed ${new Date(season.closed_at).toLocaleDateString(undefined, { dateStyle: "medium" })}`;
  const moves = (n, end, where, dir) => (n === 0 ? `nobody moves ${dir}` : n === 1
    ? `the ${end} player of every division but ${where} moves ${dir}`
    : `the ${end} ${n} players of every division but ${where} move ${dir}`);
  const rule = sizes.length < 2 ? "With one division nobody moves."
    : `At the season's end ${moves(season.promote, "top", "Division 1", "up")} and ` +
      `${moves(season.relegate, "bottom", "the last", "down")}.`;
  const ready = season.status === "open" && season.divisions.every((d) => d.tournament.status === "finished")
    ? " Every division has finished: the season closes when an organiser closes it." : "";
  return `${state} · ${plural(sizes.length, "division")} (${sizes.join(", ")} players) · each plays a ` +
    `${FORMATS[s.format] || s.format} of ${plural(s.rounds, "round")}. ${rule}${ready}`;
}

function divisionSection(division, season) {
  const played = division.members.some((m) => m.games > 0);
  const members = [...division.members].sort((a, b) =>
    (played ? (a.rank ?? 1e9) - (b.rank ?? 1e9) : 0) || a.seed - b.seed);
  const title = `${division.name}${division.number === 1 ? " (strongest)" : ""}`;
  const id = `division-${division.number}`;
  const rows = members.map((m) => el("tr", { dataset: { player: m.player, movement: m.movement?.reason || "" } },
    el("td", { class: "num" }, m.rank === null || !played ? "—" : String(m.rank)),
    el("td", {}, m.player, m.withdrawn ? el("span", { class: "badge" }, "withdrawn") : null),
    el("td", { class: "num" }, points(m.points)),
    el("td", { class: "num wide-only" }, String(m.games)),
    el("td", { class: "num wide-only" }, String(m.seed),
      el("span", { class: "muted" }, m.ordinal === null ? " (unrated)" : ` (${m.ordinal.toFixed(2)})`)),
    el("td", {}, movementWords(m.movement))));
  return el("section", { class: "division", "aria-labelledby": id },
    el("h3", { id }, title, " ", el("span", { class: `badge status-${division.tournament.status}` }, division.tournament.status)),
    el("p", {}, "Tournament: ", el("a", { href: `/tournaments/${division.tournament.id}/` }, division.tournament.name)),
    el("div", { class: "scroll" }, el("table", { class: "data season-division", "aria-label": `${title} of season ${season.number}` },
      el("thead", {}, el("tr", {}, el("th", { class: "num" }, "Rank"), el("th", {}, "Player"),
        el("th", { class: "num" }, "Points"), el("th", { class: "num wide-only" }, "Games"),
        el("th", { class: "num wide-only" }, "Seed (rating)"),
        el("th", {}, season.status === "open" ? "If it ended now" : "Movement"))),
      el("tbody", {}, ...rows))));
}

function movementsTable(season) {
  if (season.status === "open") {
    return el("p", { class: "muted" }, "Recorded when the season closes, from the final standings. " +
      "Until then each division shows where its current standings would put every player.");
  }
  const moves = season.movements.filter((m) => m.reason !== "stayed");
  if (!moves.length) return el("p", { class: "muted" }, "Nobody moved this season.");
  return el("div", { class: "scroll" }, el("table", { class: "data movements", "aria-labelledby": "movements-title" },
    el("thead", {}, el("tr", {}, el("th", {}, "Player"), el("th", {}, "Movement"),
      el("th", { class: "wide-only" }, "From"), el("th", { class: "num wide-only" }, "Final rank"))),
    el("tbody", {}, ...moves.map((m) => el("tr", { dataset: { player: m.player } },
      el("td", {}, m.player), el("td", {}, movementWords({ ...m, projected: false })),
      el("td", { class: "wide-only" }, m.from_division ? `Division ${m.from_division}` : "new to the league"),
      el("td", { class: "num wide-only" }, m.final_rank ? ordinal(m.final_rank) : "—"))))));
}

function names(season, reason) {
  const list = season.movements.filter((m) => m.reason === reason)
    .map((m) => `${m.player} (${m.from_division} → ${m.to_division})`);
  return list.length ? list.join(", ") : "—";
}

function historyTable(seasons) {
  return el("div", { class: "scroll" }, el("table", { class: "data history", "aria-labelledby": "history-title" },
    el("thead", {}, el("tr", {}, el("th", {}, "Season"), el("th", {}, "Status"),
      el("th", { class: "num wide-only" }, "Divisions"), el("th", {}, "Promoted"), el("th", {}, "Relegated"))),
    el("tbody", {}, ...seasons.map((s) => el("tr", { dataset: { season: s.number } },
      el("td", {}, s.number === number ? el("strong", { "aria-current": "page" }, `Season ${s.number}`)
        : el("a", { href: `/leagues/${league}/seasons/${s.number}/` }, `Season ${s.number}`)),
      el("td", {}, s.status),
      el("td", { class: "num wide-only" }, String(s.divisions.length)),
      el("td", {}, s.status === "open" ? "—" : names(s, "promoted")),
      el("td", {}, s.status === "open" ? "—" : names(s, "relegated")))))));
}

async function load() {
  const [{ body: season }, seasons] = await Promise.all([
    getJSON(`/api/leagues/${league}/seasons/${number}/`), getAll(`/api/leagues/${league}/seasons/`)]);
  document.getElementById("summary").textContent = summary(season);
  const links = document.getElementById("season-links");
  for (const [label, n] of [["Previous season", season.previous], ["Next season", season.next]]) {
    if (n) links.append(" · ", el("a", { href: `/leagues/${league}/seasons/${n}/` }, `${label} (${n})`));
  }
  document.getElementById("divisions").replaceChildren(...season.divisions.map((d) => divisionSection(d, season)));
  document.getElementById("movements").replaceChildren(movementsTable(season));
  document.getElementById("history").replaceChildren(historyTable(seasons));
  scrollHints();
}

load().catch((error) => { document.getElementById("message").textContent = `Could not load the season: ${error.message}`; });
