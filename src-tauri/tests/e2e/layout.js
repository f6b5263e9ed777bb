// Layout faults of the screen shown, as readable lines (empty when the layout is right):
// named parts outside the window, overlapping one another or hidden under something, a
// table that scrolls, buttons under 44 px, and rack tiles narrower than `arguments[0]` px.
// With a selector in `arguments[1]` (an overlay), only the parts inside it are checked.
const minTile = arguments[0];
const scope = arguments[1] ? document.querySelector(arguments[1]) : null;
const w = window.innerWidth;
const h = window.innerHeight;
const faults = [];
const PARTS = [
  ".tools button", ".table__round", ".actions button", "[data-seat]", ".discards__spot",
  ".discards__look", "[data-pile]", "[data-indicator]", "[data-centre]", "[data-hint]",
  "[data-assist]", "[data-rack]", "[data-screen] button", "main select", "main input", "main h1",
  ".overlay button", ".overlay h2",
];
const visible = (el) => {
  const r = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  const inScope = scope ? scope.contains(el) : !el.closest(".overlay, [data-rotate]");
  return r.width > 0 && r.height > 0 && style.visibility !== "hidden" && inScope;
};
const name = (el) => {
  const cls = el.className && typeof el.className === "string" ? "." + el.className.split(" ")[0] : "";
  const data = Object.entries(el.dataset).map(([k, v]) => `[${k}${v ? "=" + v : ""}]`).join("");
  return el.tagName.toLowerCase() + cls + data;
};
const parts = [...new Set(PARTS.flatMap((s) => [...document.querySelectorAll(s)]))].filter(visible);
// A part of a page that scrolls may lie beyond the window (scrolling shows it), but not the
// page's main buttons.
const reachable = (el) => {
  const page = el.closest(".page, .panel");
  return page && !el.closest(".page__buttons, .end__buttons") && page.scrollHeight > page.clientHeight + 1;
};
const boxes = parts.filter((el) => !reachable(el)).map((el) => [el, el.getBoundingClientRect()]);
for (const [el, r] of boxes) {
  if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5) {
    faults.push(`${name(el)} out of the ${w}x${h} window: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`);
  }
  if ((el.tagName === "BUTTON" || el.tagName === "SELECT") && (r.width < 43.5 || r.height < 43.5)) {
    faults.push(`${name(el)} is ${Math.round(r.width)}x${Math.round(r.height)} px`);
  }
  // A control must be the thing a finger at its centre touches: not clipped, not covered.
  if (el.matches("button, select, input, [data-pile], [data-seat], .discards__spot")) {
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(el.contains(hit) || hit.contains(el))) {
      faults.push(`${name(el)} is hidden under ${hit ? name(hit) : "nothing"} at its centre`);
    }
  }
}
for (let i = 0; i < boxes.length; i += 1) {
  for (let j = i + 1; j < boxes.length; j += 1) {
    const [a, ra] = boxes[i];
    const [b, rb] = boxes[j];
    if (a.contains(b) || b.contains(a)) continue;
    const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
    const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
    if (x > 0.5 && y > 0.5) faults.push(`${name(a)} overlaps ${name(b)} by ${Math.round(x)}x${Math.round(y)} px`);
  }
}
const page = document.scrollingElement;
for (const el of [page, ...document.querySelectorAll("[data-screen]")]) {
  const style = getComputedStyle(el);
  const scrolls = style.overflowY !== "visible" && style.overflowY !== "hidden" && el.scrollHeight > el.clientHeight + 1;
  if (el === page ? page.scrollHeight > h + 1 || page.scrollWidth > w + 1 : scrolls && el.dataset.screen === "table") {
    faults.push(`${el === page ? "the page" : name(el)} scrolls: ${el.scrollWidth}x${el.scrollHeight} in ${w}x${h}`);
  }
}
const rack = scope ? null : document.querySelector("[data-rack]");
if (rack && visible(rack)) {
  const slots = [...rack.querySelectorAll("[data-slot-index]")];
  if (slots.length !== 32) faults.push(`the rack has ${slots.length} slots, not 32`);
  for (const slot of slots) {
    const r = slot.getBoundingClientRect();
    if (r.width < minTile - 0.01) {
      faults.push(`rack slot ${slot.dataset.slot} is ${r.width.toFixed(1)} px wide, under ${minTile}`);
      break;
    }
    if (r.left < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5 || r.top < -0.5) {
      faults.push(`rack slot ${slot.dataset.slot} is outside the window`);
      break;
    }
  }
}
return faults;
