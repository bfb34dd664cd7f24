// Deep links: the step and the perspective live in the address, #step=42&view=spectator
// (the perspective only when it is not the page's default), so a link opens the same
// step seen by the same eyes. A seat token may be handed over once as #token=…: it is
// taken out of the address at once and kept in sessionStorage (perspective.js).
export function read() {
  const params = new URLSearchParams(location.hash.slice(1));
  const step = params.has("step") ? Number(params.get("step")) : null;
  return { step: Number.isFinite(step) ? step : null, view: params.get("view"),
           token: params.get("token") };
}

export function write(step, view = null) {
  const params = new URLSearchParams({ step: String(step) });
  if (view) params.set("view", view);
  history.replaceState(null, "", `#${params}`);
}

// Forget a #token=… (keep the rest of the address).
export function dropToken() {
  const params = new URLSearchParams(location.hash.slice(1));
  params.delete("token");
  const rest = params.toString();
  history.replaceState(null, "", `${location.pathname}${location.search}${rest ? `#${rest}` : ""}`);
}
