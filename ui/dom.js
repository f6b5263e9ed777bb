// A tiny element builder: h("div", {class: "x", dataset: {slot: "0-1"}}, child, "text").
// Building with nodes, never with HTML strings, keeps names and messages from being parsed.

export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) {
      continue;
    }
    if (key === "class") {
      el.className = value;
    } else if (key === "dataset") {
      for (const [name, v] of Object.entries(value)) {
        if (v !== undefined && v !== null) {
          el.dataset[name] = String(v);
        }
      }
    } else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

// Replaces the children of `el`, taking children as h() does: lists are spread, and null,
// undefined and false are left out (the DOM's own replaceChildren would write "null").
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) {
      continue;
    }
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}
