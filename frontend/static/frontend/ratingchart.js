// A small SVG chart of one player's rating history: mu after each game (line) and the
// ordinal mu − 3σ (dashed), on a shared vertical scale. ratingChart(changes, {name, lo, hi}).
const NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs, text) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text) node.textContent = text;
  return node;
}

// The points of a history: the rating before the first game, then after each game.
export function series(changes) {
  if (!changes.length) return [];
  const first = changes[0];
  return [{ mu: first.mu_before, sigma: first.sigma_before },
          ...changes.map((c) => ({ mu: c.mu_after, sigma: c.sigma_after }))];
}

export function ratingChart(changes, { name, lo, hi, width = 240, height = 64 }) {
  const points = series(changes);
  const pad = 4;
  const x = (i) => pad + (i * (width - 2 * pad)) / Math.max(1, points.length - 1);
  const y = (v) => height - pad - ((v - lo) * (height - 2 * pad)) / Math.max(1e-9, hi - lo);
  const last = points[points.length - 1];
  const label = points.length
    ? `Rating history of ${name} over ${changes.length} games: mu from ${points[0].mu.toFixed(1)} to ${last.mu.toFixed(1)}, ordinal ${(last.mu - 3 * last.sigma).toFixed(1)}`
    : `No rated games for ${name}`;
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
                             "aria-label": label, class: "rating-chart" });
  chart.append(svg("title", {}, label));
  chart.append(svg("rect", { x: 0, y: 0, width, height, fill: "#fff", stroke: "#d9d6cf" }));
  if (points.length) {
    const line = (f) => points.map((p, i) => `${x(i).toFixed(1)},${y(f(p)).toFixed(1)}`).join(" ");
    chart.append(svg("polyline", { points: line((p) => p.mu - 3 * p.sigma), fill: "none", stroke: "#8a8578",
                                   "stroke-width": 1.5, "stroke-dasharray": "4 3" }));
    chart.append(svg("polyline", { points: line((p) => p.mu), fill: "none", stroke: "#a4161a", "stroke-width": 2 }));
    points.forEach((p, i) => chart.append(svg("circle", { cx: x(i), cy: y(p.mu), r: 2.5, fill: "#a4161a" })));
  }
  return chart;
}
