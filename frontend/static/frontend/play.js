// The play page: one seat's table. It holds no game rules: the position comes from
// GET /api/games/{id}/state/ (redacted for this viewer), the legal moves from the same
// answer (`legal`, computed by the engine), and updates from the NDJSON long-poll
// GET /api/games/{id}/stream/?after=SEQ. A click posts one command
// (POST /api/games/{id}/commands/ {expected_seq, input}).
// The seat is the signed-in account's (session + CSRF), or a seat token given as
// #token=… in the address (kept in sessionStorage, removed from the address).

const main = document.getElementById("play");
const gameId = main.dataset.game;
const csrf = document.querySelector('meta[name="csrf-token"]')?.content || "";
const SUIT_NAMES = { H: "Wheat", D: "Beet", C: "Potato", S: "Sunflower" };
const $ = (id) => document.getElementById(id);

let token = null;
{
  const m = /(?:^|[#&])token=([^&]+)/.exec(location.hash);
  const key = `kolkhoz-seat-token:${gameId}`;
  if (m) {
    token = decodeURIComponent(m[1]);
    sessionStorage.setItem(key, token);
    history.replaceState(null, "", location.pathname + location.search);
  } else {
    token = sessionStorage.getItem(key);
  }
}

let current = null;   // the last /state/ answer
let after = -1;       // the last seq shown in the log
let busy = false;
let assignChoice = {};

function headers(extra = {}) {
  const h = { Accept: "application/json", ...extra };
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

async function api(path, options = {}) {
  const r = await fetch(path, { credentials: "same-origin", ...options,
                                headers: headers(options.headers || {}) });
  let body = null;
  const type = r.headers.get("Content-Type") || "";
  if (type.includes("json") && !type.includes("ndjson")) body = await r.json();
  else body = await r.text();
  return { ok: r.ok, status: r.status, body, headers: r.headers };
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v === true) node.setAttribute(k, "");
    else if (v !== false && v != null) node.setAttribute(k, String(v));
  }
  for (const c of children) node.append(c);
  return node;
}

function suitOf(card) {
  if (!card || card === "X") return "";
  return card.slice(-1);
}

function cardLabel(card) {
  return card === null || card === undefined ? "?" : card;
}

function cardSpan(card) {
  return el("span", { class: `card ${suitOf(card)} ${card == null ? "hidden" : ""}`,
                      text: cardLabel(card) });
}

function seatName(i) {
  return current && current.seats[i] !== undefined ? current.seats[i] : `seat ${i}`;
}

function setStatus(text, isError = false) {
  const s = $("status");
  s.textContent = text;
  s.className = isError ? "error" : "";
}

// -- rendering ---------------------------------------------------------------------------

function render() {
  const st = current.state;
  const legal = current.legal;
  const me = current.viewer;
  $("title").textContent = current.seats.join(" · ");
  main.dataset.seat = me === null ? "" : String(me);
  main.dataset.headSeq = String(current.head_seq);
  main.dataset.finished = String(current.finished);
  main.dataset.yours = String(Boolean(legal && legal.yours));
  main.dataset.kind = legal && legal.kind ? legal.kind : "";
  if (!st) return;
  const parts = [`Year ${st.year} of ${st.years}`, `planner ${seatName(st.planner)}`,
                 `trump ${st.trump ? `${SUIT_NAMES[st.trump]} (${st.trump})` : "—"}`];
  if (st.famine) parts.push("famine");
  if (current.finished) parts.push("game over");
  else if (legal && legal.to_move !== null) {
    parts.push(legal.yours ? `your turn: ${legal.kind}`
                           : `waiting for ${seatName(legal.to_move)} (${legal.kind})`);
  }
  $("phase").textContent = parts.join(" · ");
  renderSeats(st, me, legal);
  renderFields(st);
  renderTrick(st);
  renderActions(st, legal);
  renderHand(st, legal);
  renderResult(st);
}

function renderSeats(st, me, legal) {
  const box = $("seats");
  box.replaceChildren();
  st.seats.forEach((name, i) => {
    const cellar = st.cellars[i] || [];
    const hand = st.hands[i] || [];
    const classes = ["seat"];
    if (legal && legal.to_move === i) classes.push("to-move");
    if (me === i) classes.push("me");
    box.append(el("div", { class: classes.join(" "), "aria-label": `seat ${i} ${name}` },
      el("strong", { text: `${name}${me === i ? " (you)" : ""}` }),
      el("div", { class: "muted", text: `${hand.length} in hand · cellar ${cellar.length}` }),
      el("div", { class: "cards" }, ...cellar.map((c) => cardSpan(c.card)))));
  });
}

function renderFields(st) {
  const box = $("fields");
  box.replaceChildren();
  for (const f of st.fields) {
    box.append(el("div", { class: `field ${st.trump === f.field ? "trump" : ""}`,
                           "aria-label": `field ${f.field}` },
      el("strong", { text: `${SUIT_NAMES[f.field]} (${f.field})` }),
      el("div", { class: "muted",
                  text: `${f.hours} hours${f.completed ? " · completed" : ""}` }),
      el("div", { class: "cards" }, ...f.cards.map(cardSpan)),
      f.rewards.length ? el("div", { class: "muted", text: `reward: ${f.rewards.join(" ")}` })
                       : ""));
  }
}

function renderTrick(st) {
  const box = $("trick");
  box.replaceChildren();
  st.trick.cards.forEach((card, k) => {
    box.append(el("span", {}, cardSpan(card),
                  el("span", { class: "muted", text: ` ${seatName(st.trick.seats[k])} ` })));
  });
  if (!st.trick.cards.length) box.append(el("span", { class: "muted", text: "—" }));
}

function renderHand(st, legal) {
  const box = $("hand");
  box.replaceChildren();
  const hand = st.hand || [];
  const playable = legal && legal.yours && legal.kind === "play" ? legal.options : [];
  for (const card of hand) {
    const ok = playable.includes(card);
    box.append(el("button", {
      class: `card ${suitOf(card)} ${ok ? "legal" : ""}`, type: "button", text: card,
      "data-card": card, disabled: !ok || busy,
      "aria-label": ok ? `play ${card}` : `${card} (not playable now)`,
      onclick: () => send({ type: "play", seat: current.viewer, card }),
    }));
  }
  if (current.viewer === null) box.append(el("span", { class: "muted", text: "spectating" }));
}

function renderActions(st, legal) {
  const box = $("actions");
  box.replaceChildren();
  const yours = legal && legal.yours && !current.finished;
  $("actions-section").hidden = !yours;
  if (!yours) return;
  const seat = current.viewer;
  if (legal.kind === "trump") {
    box.append(el("p", { text: "Name trump:" }));
    for (const suit of legal.options) {
      box.append(el("button", { class: "choice", type: "button", "data-action": "trump",
                                "data-suit": suit, disabled: busy,
                                text: `${SUIT_NAMES[suit]} (${suit})`,
                                onclick: () => send({ type: "trump", seat, suit }) }));
    }
  } else if (legal.kind === "swap") {
    box.append(el("p", { text: "Swap a hand card with a cellar card, or pass:" }));
    legal.options.forEach((opt, k) => {
      const input = legal.inputs[k];
      const text = opt.pass ? "Pass" : `Put ${opt.hand} in the cellar, take ${cardLabel(opt.cellar)}`;
      box.append(el("button", { class: "choice", type: "button", "data-action": "swap",
                                "data-pass": opt.pass ? "true" : "false", disabled: busy,
                                text, onclick: () => send(input) }));
    });
  } else if (legal.kind === "play") {
    box.append(el("p", { text: "Play a highlighted card from your hand." }));
  } else if (legal.kind === "assign") {
    box.append(el("p", { text: "You won the trick: send each card to a field." }));
    const cards = Object.keys(legal.options);
    for (const card of cards) {
      const fields = legal.options[card];
      if (!fields.includes(assignChoice[card])) assignChoice[card] = fields[0];
      const row = el("div", { "data-assign-card": card }, cardSpan(card), " → ");
      for (const f of fields) {
        row.append(el("button", {
          class: "choice", type: "button", "aria-pressed": String(assignChoice[card] === f),
          "data-field": f, text: `${SUIT_NAMES[f]} (${f})`, disabled: busy,
          onclick: () => { assignChoice[card] = f; render(); },
        }));
      }
      box.append(row);
    }
    box.append(el("button", {
      class: "choice", type: "button", "data-action": "assign", disabled: busy,
      text: "Assign",
      onclick: () => {
        const chosen = {};
        for (const card of cards) chosen[card] = assignChoice[card];
        send({ type: "assign", seat, cards: chosen });
      },
    }));
  }
}

function renderResult(st) {
  const box = $("result");
  const r = st.result;
  if (!r) { box.hidden = true; return; }
  box.hidden = false;
  box.replaceChildren(el("h2", { text: "Game over" }));
  const list = el("ol");
  const order = [...r.places.keys()].sort((a, b) => r.places[a] - r.places[b]);
  for (const i of order) {
    list.append(el("li", { text: `${seatName(i)}: place ${r.places[i]}, ${r.scores[i]} points` }));
  }
  box.append(list);
}

function logEvent(e) {
  const who = (s) => (s === null || s === undefined ? "" : seatName(s));
  let text = e.type;
  if (e.type === "play") text = `${who(e.seat)} plays ${cardLabel(e.card)}`;
  else if (e.type === "trick") text = `${who(e.winner)} wins the trick`;
  else if (e.type === "trump") text = `trump: ${e.suit}${e.seat === null ? "" : ` (${who(e.seat)})`}`;
  else if (e.type === "assign") text = `${who(e.seat)} assigns`;
  else if (e.type === "swap") text = `${who(e.seat)} ${e.pass ? "passes" : "swaps"}`;
  else if (e.type === "year") text = `year ${e.year}, planner ${who(e.planner)}`;
  else if (e.type === "farmed") text = `field ${e.field} completed by ${who(e.seat)}`;
  else if (e.type === "game_end") text = "game over";
  const li = el("li", { "data-seq": e.seq, text: `#${e.seq} ${text}` });
  $("log").append(li);
  li.scrollIntoView({ block: "nearest" });
}

// -- talking to the API ------------------------------------------------------------------

async function refresh() {
  const r = await api(`/api/games/${gameId}/state/`);
  if (!r.ok) {
    setStatus(r.body && r.body.error ? r.body.error.message : `error ${r.status}`, true);
    return;
  }
  current = r.body;
  if (!(current.legal && current.legal.kind === "assign")) assignChoice = {};
  render();
}

async function send(input) {
  if (busy || !current) return;
  busy = true;
  render();
  setStatus("sending…");
  const r = await api(`/api/games/${gameId}/commands/`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
    body: JSON.stringify({ expected_seq: current.head_seq, input }),
  });
  busy = false;
  if (r.ok) {
    setStatus("");
  } else if (r.body && r.body.error) {
    const e = r.body.error;
    setStatus(`${e.message}${e.rule ? ` [${e.rule}]` : ""} (${e.code})`, true);
  } else {
    setStatus(`error ${r.status}`, true);
  }
  await refresh();
}

function sleep(ms) { return new Promise((resolve) => setTimeout(resolve, ms)); }

async function streamLoop() {
  for (;;) {
    let r;
    try {
      const wait = after < 0 ? 0 : 20;
      r = await api(`/api/games/${gameId}/stream/?after=${after}&wait=${wait}`,
                    { headers: { Accept: "application/x-ndjson" } });
    } catch (err) {
      await sleep(1000);
      continue;
    }
    if (!r.ok) { await sleep(1000); continue; }
    const events = String(r.body).split("\n").filter(Boolean).map((line) => JSON.parse(line));
    for (const e of events) logEvent(e);
    if (events.length) {
      after = events[events.length - 1].seq;
      await refresh();
    }
    if (r.headers.get("X-Game-Status") === "finished" && !events.length) {
      await refresh();
      main.dataset.stream = "closed";  // the game is over: nothing more will come
      return;
    }
  }
}

await refresh();
streamLoop();
