// Whose eyes the table is seen through, and the frames URL + token for each.
// Values: "all" (a finished game, everything shown), "spectator", "0", "1", … (a seat).
// A finished game may be seen as anyone saw it; a live game as a spectator, or as a
// seat only by that seat: its token (kept in sessionStorage for this game) or the
// signed-in account that holds it (the session cookie goes with every request).
const key = (game) => `kolkhoz:seat-token:${game}`;

export function savedToken(game) {
  try { return JSON.parse(sessionStorage.getItem(key(game))); } catch { return null; }
}

export function saveToken(game, token, seat) {
  sessionStorage.setItem(key(game), JSON.stringify({ token, seat }));
}

export function forgetToken(game) { sessionStorage.removeItem(key(game)); }

// A perspective value as the address may carry it, or null.
export function parse(value) {
  return typeof value === "string" && /^(all|spectator|\d{1,2})$/.test(value) ? value : null;
}

// The choices for the perspective switch: [{value, label, disabled}]. `ownSeat`: the
// seat this tab sees by right (token or account), or null.
export function choices(names, { finished, ownSeat }) {
  const out = [];
  if (finished) out.push({ value: "all", label: "Everything (game over)", disabled: false });
  out.push({ value: "spectator", label: "Spectator", disabled: false });
  names.forEach((name, i) => {
    const allowed = finished || ownSeat === i;
    out.push({ value: String(i), label: `${name} (seat ${i})${allowed ? "" : ", token needed"}`,
               disabled: !allowed });
  });
  return out;
}

// {url, token} to fetch the frames of `game` seen as `value`; null or "all": the
// requester's own default (everything once the game is over, else its own seat's view).
export function framesRequest(game, value, saved) {
  const base = `/api/games/${game}/frames/`;
  if (value === null || value === undefined || value === "all") {
    return { url: base, token: saved ? saved.token : null };
  }
  const url = `${base}?perspective=${encodeURIComponent(value)}`;
  const mine = value !== "spectator" && saved && String(saved.seat) === value;
  return { url, token: mine ? saved.token : null };
}
