// The landing page: lists the stored games from the API. No game rules here.
const tbody = document.getElementById("games");

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

function link(href, text) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  return a;
}

async function load() {
  const response = await fetch("/api/games/?limit=100", { headers: { Accept: "application/json" } });
  const page = await response.json();
  tbody.replaceChildren();
  for (const game of page.results) {
    const tr = document.createElement("tr");
    tr.append(cell(game.id.slice(0, 8)), cell(game.status), cell(game.preset || "custom"),
      cell(game.seats.join(", ")), cell(String(game.head_seq)));
    const links = document.createElement("td");
    for (const what of ["events", "frames", "record", "verify"]) {
      links.append(link(`/api/games/${game.id}/${what}/`, what), " ");
    }
    tr.append(links);
    tbody.append(tr);
  }
  if (!page.results.length) {
    tbody.append(Object.assign(document.createElement("tr"), { textContent: "No games yet." }));
  }
}

load().catch((error) => { tbody.textContent = `Could not load games: ${error}`; });
