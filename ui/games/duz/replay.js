// The replay screen's Düz part: each seat with its score, discards and hand (open or face
// down), and the last action in words.

import { h } from "../../dom.js";
import { backEl, faceEl, faceKind, tileEl, tileName } from "../../tile.js";
import { seatName } from "../../seats.js";

// An action in words: "Ayşe discarded red 5", at the table seen in `view`.
function actionText(app, view, seat, action, bots) {
  const name = seatName(app, view, seat, bots);
  if (action === "draw") return app.t("replay.draw", { name });
  if (action === "take_discard") return app.t("replay.take", { name });
  if (action === "show_indicator") return app.t("replay.gosterge", { name });
  if (action === "end_round") return app.t("replay.endRound", { name });
  if (action.discard !== undefined) return app.t("replay.discard", { name, tile: tileName(app, action.discard) });
  if (action.finish !== undefined) return app.t("replay.finish", { name, tile: tileName(app, action.finish) });
  return "";
}

function seatEl(app, frame, p) {
  const okeyKind = faceKind(frame.view.okey);
  const open = frame.hands?.[p.seat];
  const own = p.seat === frame.view.seat ? frame.view.rack : null;
  const revealed = frame.view.revealed?.[p.seat];
  const slots = open ?? own ?? revealed;
  const tiles = slots
    ? slots.filter((t) => t !== null).map((id) => tileEl(id, { okeyKind, mark: app.settings.okey_mark, small: true }))
    : Array.from({ length: p.tiles }, () => backEl());
  const acted = frame.last && frame.last[0] === p.seat;
  return h(
    "div",
    { class: `replay__seat${acted ? " is-turn" : ""}`, dataset: { replaySeat: p.seat, tiles: p.tiles } },
    h("div", { class: "replay__head" },
      h("strong", {}, seatName(app, frame.view, p.seat, frame.bots)),
      frame.bots[p.seat] ? h("span", { class: "muted" }, app.t(`level.${frame.bots[p.seat]}`)) : null,
      h("span", { class: "seat__score" }, String(p.score)),
      h("span", { class: "muted" }, app.t("replay.discards", { n: p.discards.count })),
      p.discards.top !== null && p.discards.top !== undefined ? tileEl(p.discards.top, { okeyKind, small: true }) : null,
    ),
    h("div", { class: "replay__rack", dataset: { replayRack: p.seat } }, tiles),
  );
}

export const duzReplay = {
  actionText,
  seatEl,
  indicatorEl: (view) => faceEl(view.indicator, { small: true }),
};
