// The keyed renderer the table draws with: Preact (vendored in ui/vendor, see
// scripts/vendor.sh), behind the same `h(tag, props, ...children)` as dom.js so screens read
// alike. `render` updates the page in place: an element that stays (same place, same `key`)
// stays the same node, so a press and its release meet the same tile while bots move.
// `dataset: {tileId: 4}` becomes `data-tile-id="4"`, as with dom.js.

import { h as element, render } from "./vendor/preact/preact.js";

export { render };

/** @param {string} name a dataset key, camelCase */
const dataAttribute = (name) => `data-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * A virtual element: `props.dataset` is spread into `data-` attributes (null and undefined
 * left out); every other prop goes to Preact as it is.
 * @param {string} tag
 * @param {Record<string, any> | null} props
 * @param {...any} children
 */
export function h(tag, props, ...children) {
  const out = { ...props };
  const dataset = out.dataset;
  if (dataset) {
    delete out.dataset;
    for (const [name, value] of Object.entries(dataset)) {
      if (value !== undefined && value !== null) out[dataAttribute(name)] = String(value);
    }
  }
  return element(tag, out, ...children);
}
