// The replay screen's Okey 101 part: each seat with its status, total and hand (open or
// face down), the melds on the table grouped by owner, and the last action in words.

import { h } from "../../dom.js";
import { backEl, faceKind, tileEl, tileName } from "../../tile.js";
import { seatName } from "../../seats.js";
import { statusText } from "./words.js";

// An action in words: "Ayşe laid off red 5", at the table seen in `view`.
function actionText(app, view, seat, action, bots) {
  const name = seatName(app, view, seat, bots);
  const simple = { draw: "replay.draw", take: "replay.take", return: "replay101.return", declare_pairs: "replay101.declare", end_round: "replay.endRound" };
  if (typeof action === "string") return simple[action] ? app.t(simple[action], { name }) : "";
  if (action.open !== undefined) return app.t("replay101.open", { name, n: action.open.length });
  if (action.meld !== undefined) return app.t("replay101.meld", { name, n: action.meld.tiles.length });
  if (action.lay_off !== undefined) return app.t("replay101.layOff", { name, tile: tileName(app, action.lay_off.tile) });
  if (action.swap !== undefined) return app.t("replay101.swap", { name, tile: tileName(app, action.swap.tile) });
  if (action.take_back !== undefined) return app.t("replay101.takeBack", { name, tile: tileName(app, action.take_back.tile) });
  if (action.discard !== undefined) return app.t("replay.discard", { name, tile: tileName(app, action.discard) });
  return "";
}

function seatEl(app, frame, p) {
  const { view } = frame;
  const okeyKind = faceKind(view.okey);
  const tile = (id) => tileEl(id, { okeyKind, mark: app.settings.okey_mark, small: true });
  const hand = frame.hands?.[p.seat] ?? (p.seat === view.seat ? view.hand : null);
  const tiles = hand ? hand.map(tile) : Array.from({ length: p.hand_size }, () => backEl());
  const acted = frame.last && frame.last[0] === p.seat;
  const top = p.stack.length ? p.stack[p.stack.length - 1] : null;
  const melds = view.table.filter((m) => m.owner === p.seat);
  return h(
    "div",
    { class: `replay__seat${acted ? " is-turn" : ""}`, dataset: { replaySeat: p.seat, tiles: p.hand_size } },
    h("div", { class: "replay__head" },
      h("strong", {}, seatName(app, view, p.seat, frame.bots)),
      frame.bots[p.seat] ? h("span", { class: "muted" }, app.t(`level.${frame.bots[p.seat]}`)) : null,
      h("span", { class: "seat__score" }, String(p.total)),
      h("span", { class: "muted", dataset: { replayStatus: Object.keys(p.status)[0] } }, statusText(app, p.status)),
      p.penalties ? h("span", { class: "muted" }, app.t("replay101.penalties", { n: p.penalties })) : null,
      top !== null ? tile(top) : null,
    ),
    h("div", { class: "replay__rack", dataset: { replayRack: p.seat } }, tiles),
    melds.length
      ? h("div", { class: "layout", dataset: { replayMelds: p.seat } },
          melds.map((m) => h("div", { class: "layout__group", dataset: { meld: m.id, owner: m.owner } }, m.tiles.map((placed) => tile(placed.tile)))))
      : null,
  );
}

export const r101Replay = {
  actionText,
  seatEl,
  indicatorEl: (view) => tileEl(view.indicator, { small: true }),
};
