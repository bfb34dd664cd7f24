// Whose eyes the replay is seen through, and the frames URL + token for each.
// Values: "all" (a finished game, everything shown), "spectator", "0".."3" (a seat).
// A finished game may be seen as anyone saw it; a live game as a spectator, or as a
// seat only with that seat's token (kept in sessionStorage for this game).
const key = (game) => `kolkhoz:seat-token:${game}`;

export function savedToken(game) {
  try { return JSON.parse(sessionStorage.getItem(key(game))); } catch { return null; }
}

export function saveToken(game, token, seat) {
  sessionStorage.setItem(key(game), JSON.stringify({ token, seat }));
}

export function forgetToken(game) { sessionStorage.removeItem(key(game)); }

// The choices for the perspective switch: [{value, label, disabled}].
export function choices(names, { finished, tokenSeat }) {
  const out = [];
  if (finished) out.push({ value: "all", label: "Everything (game over)", disabled: false });
  out.push({ value: "spectator", label: "Spectator", disabled: false });
  names.forEach((name, i) => {
    const allowed = finished || tokenSeat === i;
    out.push({ value: String(i), label: `${name} (seat ${i})${allowed ? "" : ", token needed"}`,
               disabled: !allowed });
  });
  return out;
}

// {url, token} to fetch the frames of `game` seen as `value`.
export function framesRequest(game, value, { finished, saved }) {
  const base = `/api/games/${game}/frames/`;
  if (finished) {
    return { url: value === "all" ? base : `${base}?perspective=${value}`, token: null };
  }
  if (value !== "spectator" && saved && String(saved.seat) === value) {
    return { url: base, token: saved.token };
  }
  return { url: base, token: null };
}
