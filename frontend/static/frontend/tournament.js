// A tournament page: its rounds with their tables (players, places, scores, a link to
// each replay), and the standings (sortable; CSV download), in the terms of the
// tournament's game (its score and tie-break names, `terms`; its table size — a smaller
// remainder table shows "—" in the seats it lacks). Byes and house bots met get a column
// when anyone had one; under the table, each pair of rows level on points says in words
// which tie-break put one above the other, with both values (the rows'
// `separated_from_next`), or that they share the rank. Once it is finished, a link to its
// archive (GET /api/tournaments/{id}/archive/, docs/archives.md). A table whose task failed
// shows "failed"; organisers (the API gives them the table's error, null to others)
// also see the error and a Resume button (POST /api/tables/{id}/resume/).
// A duplicate tournament (docs/duplicate.md) says so: matchpoints beside the points, a line
// on duplicate scoring, and per round that its tables (or boards) were dealt the same cards;
// a round still being played keeps its replays and results until all its tables are over.
import { ApiError, getJSON } from "./api.js";
import { el } from "./dom.js";
import { scrollHints } from "./scrollhint.js";
import { sortable } from "./sortable.js";

const root = document.querySelector("[data-tournament]");
const id = root.dataset.tournament;
const ORDINAL = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th"];
const PLACE_KEYS = ["firsts", "seconds", "thirds", "fourths", "fifths", "sixths", "sevenths",
  "eighths", "ninths", "tenths"];
const ordinal = (n) => ORDINAL[n - 1] || `${n}th`;
const title = (name) => name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, " ");

// The standings' columns for the game's terms and table size (Kolkhoz: … Points, Cellar,
// Medals, Opp. points, 1st … 4th).
// A first click sorts the best first: most points, the score as the game ranks it
// (fewest first when a lower score wins), most of each tie-break and of each place.
function columns(terms, size, rows, duplicate) {
  const most = "descending";
  const counts = [["byes", "Byes"], ["house_bots", "House bots"]]
    .filter(([key]) => rows.some((row) => row[key] > 0))
    .map(([key, label]) => ({ key, label, num: true, first: most }));
  return [
    { key: "rank", label: "Rank", num: true }, { key: "player", label: "Player" },
    { key: "games", label: "Games", num: true, first: most },
    { key: "points", label: "Points", num: true, first: most },
    ...(duplicate ? [{ key: "matchpoints", label: "Matchpoints", num: true, first: most },
      { key: "matchpoint_pct", label: "MP\u00a0%", num: true, first: most }] : []),
    { key: terms.score, label: title(terms.score), num: true,
      first: terms.lower_score_wins ? "ascending" : most },
    ...terms.tiebreaks.map((name) => ({ key: name, label: title(name), num: true, first: most })),
    { key: "opponents_points", label: "Opp. points", num: true, first: most },
    ...Array.from({ length: size }, (_, i) => ({ key: PLACE_KEYS[i] || `places_${i + 1}`,
      label: ordinal(i + 1), num: true, first: most })),
    ...counts,
  ];
}

const criterion = (name) => (name === "opponents_points" ? "opponents' points" : name.replace(/_/g, " "));
const short = (x) => Number(x).toFixed(2).replace(/\.?0+$/, "");

// Both values of the tie-break that separated two rows, as short decimals — exact
// fractions ("17/3") when two decimals would make them look equal.
function valuePair(sep) {
  const [a, b] = sep.values.map(short);
  return a === b ? sep.values_exact : [a, b];
}

// "ann is ahead of bob on cellar: 12 to 9." / "… on penalty (lower wins): 5 to 9." /
// "cat and dan are level on every tie-break: they share rank 5 (listed by name)."
function separationWords(row, next) {
  const sep = row.separated_from_next;
  if (sep.shared_rank) {
    return `${row.player} and ${next.player} are level on every tie-break: they share rank ${row.rank} (listed by name).`;
  }
  const [a, b] = valuePair(sep);
  const how = sep.lower_wins ? " (lower wins)" : "";
  return `${row.player} is ahead of ${next.player} on ${criterion(sep.tiebreak)}${how}: ${a} to ${b}.`;
}

function separations(rows) {
  const items = rows.flatMap((row, i) => (row.separated_from_next && rows[i + 1]
    ? [el("li", {}, separationWords(row, rows[i + 1]))] : []));
  const box = document.getElementById("separations");
  box.hidden = items.length === 0;
  box.replaceChildren(el("h3", {}, "Level on points"), el("ul", {}, ...items));
}

// "Placement points, then cellar totals, medals and opponents' points break ties."
function tieBreakNote(terms) {
  const figures = [`${terms.score} totals${terms.lower_score_wins ? " (lower first)" : ""}`,
    ...terms.tiebreaks];
  const last = figures.length > 1 ? `${figures.slice(0, -1).join(", ")}, ${figures.at(-1)}` : figures[0];
  return `Placement points, then ${last} and opponents' points break ties.`;
}

const DUPLICATE_NOTE = "Duplicate: every table of a round is dealt the same cards, seat for seat. " +
  "Matchpoints compare each result with everyone who held the same cards in the same round: " +
  "1 for each result beaten, ½ for each tie. MP % is the share of the most that could have been " +
  "earned. Points still decide the ranking.";

// Under a duplicate round's heading: what its tables shared, and how far the deals agreed.
function duplicateLine(round) {
  const boards = round.tables.filter((tb) => tb.board !== null && tb.board !== undefined).length;
  const n = round.tables.length;
  const shared = boards
    ? `One table, so the deal was played as ${boards} boards: the same players rotated seats, each holding every seat's cards once.`
    : `All ${n} tables were dealt the same cards.`;
  let reach = "";
  if (round.identical_deals !== null && round.identical_deals !== undefined) {
    const where = boards ? "board" : "table";
    const k = round.identical_deals, of = round.deals;
    reach = k === of
      ? ` Every deal and draw (${of === 1 ? "one" : `all ${of}`}) was the same at every ${where}.`
      : ` The first ${k} of ${of} deals and draws were the same at every ${where}; later ones followed each ${where}'s own play.`;
  } else if (round.status !== "finished") {
    reach = " Its replays and results are shown once every table has finished.";
  }
  return el("p", { class: "muted duplicate-round" }, shared + reach);
}

function seatCell(table, seat) {
  const place = table.places?.[seat.seat];
  const score = table.scores?.[seat.seat];
  return el("td", { "data-label": `Seat ${seat.seat}` }, seat.player,
    place ? el("span", { class: "muted" }, ` — ${ordinal(place)}, ${score}`) : null);
}

const csrf = document.querySelector('meta[name="csrf-token"]')?.content || "";

async function resume(table) {
  const response = await fetch(`/api/tables/${table.id}/resume/`, {
    method: "POST", headers: { Accept: "application/json", "X-CSRFToken": csrf } });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null));
}

function statusCell(table) {
  // organisers get the error of a table that is retrying ("" when none), others null
  return el("td", { "data-label": "Status" }, table.error && table.status !== "failed"
    ? el("span", { title: table.error }, `${table.status} (retrying)`) : table.status);
}

// Under a failed table, for organisers: its error and a Resume button.
function failedRow(round, table) {
  if (table.status !== "failed" || table.error === null) return null;
  const button = el("button", { type: "button", "aria-label": `Resume round ${round.number}, table ${table.number}`,
    onclick: () => {
      button.disabled = true;
      resume(table).then(load).catch((error) => {
        button.disabled = false;
        document.getElementById("message").textContent = `Could not resume the table: ${error.message}`;
      });
    } }, "Resume");
  return el("tr", { class: "failed" }, el("td", {}),
    el("td", { colspan: "6" }, el("strong", {}, `Table ${table.number} failed: `),
      el("code", { class: "error" }, table.error), " ", button));
}

// The viewer's own table of a game still in play (the API's your_seat): a link to play it.
function playLink(round, table) {
  if (table.your_seat === null || table.your_seat === undefined || !table.game) return null;
  if (table.status !== "pending" && table.status !== "playing") return null;
  return el("span", {}, " · ", el("a", { class: "play-your-seat", href: `/play/${table.game}/`,
    "aria-label": `Play your seat: round ${round.number}, table ${table.number}` }, el("strong", {}, "Play your seat")));
}

function replayCell(round, table) {
  if (!table.game) return "—";
  if (table.sealed) return el("span", { class: "muted" }, "after the round");
  return el("a", { href: `/games/${table.game}/`, "aria-label": `Replay of round ${round.number}, table ${table.number}` }, "Replay");
}

function roundSection(round, size, duplicate) {
  const seatNumbers = Array.from({ length: size }, (_, s) => s);
  const boards = round.tables.some((tb) => tb.board !== null && tb.board !== undefined);
  const unit = boards ? "Board" : "Table";
  const rows = round.tables.flatMap((table) => [el("tr", {},
    el("td", { class: "num", "data-label": unit }, String(table.board ?? table.number)),
    ...seatNumbers.map((s) => seatCell(table, table.seats.find((x) => x.seat === s) || { seat: s, player: "—" })),
    statusCell(table),
    el("td", { "data-label": "Replay" }, replayCell(round, table), playLink(round, table))),
    failedRow(round, table)]);
  return el("section", { class: "round", "aria-label": `Round ${round.number}` },
    el("h3", {}, `Round ${round.number} `, el("span", { class: `badge status-${round.status}` }, round.status)),
    duplicate ? duplicateLine(round) : null,
    el("div", { class: "scroll" }, el("table", { class: "data stack", "aria-label": `${unit}s of round ${round.number}` },
      el("thead", {}, el("tr", {}, el("th", { class: "num" }, unit),
        ...seatNumbers.map((s) => el("th", {}, `Seat ${s}`)), el("th", {}, "Status"), el("th", {}, "Replay"))),
      el("tbody", {}, ...rows))));
}

async function load() {
  const [{ body: t }, { body: standings }] = await Promise.all([
    getJSON(`/api/tournaments/${id}/`), getJSON(`/api/tournaments/${id}/standings/`)]);
  document.getElementById("summary").textContent =
    `${t.format}${t.duplicate ? " (duplicate)" : ""}, ${t.rounds} round${t.rounds === 1 ? "" : "s"}, ${t.players.length} players · ${t.status}`;
  document.getElementById("tie-breaks").textContent = tieBreakNote(t.terms);
  // the archive (docs/archives.md) once the seed is served: finished, no game live
  document.getElementById("archive").hidden = !(t.status === "finished" && t.seed !== null);
  const note = document.getElementById("duplicate-note");
  note.hidden = !t.duplicate;
  note.textContent = t.duplicate ? DUPLICATE_NOTE : "";
  const decimal = (x) => Number(x).toFixed(2).replace(/\.00$/, "");
  sortable(document.getElementById("standings"), {
    columns: columns(t.terms, t.table_size, standings, t.duplicate), rows: standings, key: "rank", dir: "ascending",
    cell: (row, c) => {
      if (c.key === "matchpoint_pct") return row[c.key] === null ? "—" : `${decimal(row[c.key])}%`;
      return ["points", "opponents_points", "matchpoints"].includes(c.key) ? decimal(row[c.key]) : String(row[c.key]);
    },
  });
  separations(standings);
  const rounds = document.getElementById("rounds");
  rounds.replaceChildren(...(t.rounds_detail.length
    ? t.rounds_detail.map((round) => roundSection(round, t.table_size, t.duplicate))
    : [el("p", { class: "muted" }, "No rounds played yet.")]));
  scrollHints();
}

load().catch((error) => { document.getElementById("message").textContent = `Could not load the tournament: ${error.message}`; });
