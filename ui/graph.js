// A line graph over the player's reviewed decisions, as SVG: the review screen's (each
// game says what its lines are: ui/games/*/review.js).

/**
 * Lines over the player's decisions, as an SVG: `main` gets a dot a decision in its grade's
 * colour, `second` (101's best opening before opening) a dashed line where it has values.
 * @param {any} app
 * @param {string} label
 * @param {any[]} decisions
 * @param {(d: any) => number} main
 * @param {((d: any) => number | null) | null} second
 */
export function graphEl(app, label, decisions, main, second) {
  const points = decisions.map(main);
  const others = second ? decisions.map(second) : [];
  const width = 320;
  const height = 90;
  const top = Math.max(...points, ...others.filter((v) => v !== null), 1);
  const x = (i) => (points.length < 2 ? width / 2 : 12 + (i * (width - 24)) / (points.length - 1));
  const y = (v) => 10 + ((top - v) / top) * (height - 20);
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "review__graph");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.dataset.reviewGraph = String(points.length);
  const polyline = (values, cls) => {
    const line = document.createElementNS(NS, "polyline");
    line.setAttribute("points", values.map(([i, v]) => `${x(i)},${y(v)}`).join(" "));
    line.setAttribute("class", cls);
    svg.append(line);
  };
  if (second) {
    polyline(others.map((v, i) => [i, v]).filter(([, v]) => v !== null), "review__line review__line--second");
  }
  polyline(points.map((v, i) => [i, v]), "review__line");
  decisions.forEach((d, i) => {
    const dot = document.createElementNS(NS, "circle");
    dot.setAttribute("cx", String(x(i)));
    dot.setAttribute("cy", String(y(points[i])));
    dot.setAttribute("r", "3.5");
    dot.setAttribute("class", `review__dot review__dot--${d.grade}`);
    svg.append(dot);
  });
  return svg;
}
