// The rules as a page to read at the table, in both languages. The numbers (R1...) are those
// of docs/RULES.md, the rule book the engine implements, so a question can be looked up.

import { h } from "./dom.js";
import { checkGroup } from "./ipc.js";
import { idsOfTokens, okeyKindOf, tileEl, tileNames } from "./tile.js";
import { errorText } from "./errors.js";

// Examples of groups under the indicator K4 (the okeys are the black 5s). Whether each is
// valid, and why not, is asked of the engine when the page opens.
const EXAMPLE_INDICATOR = "K4";
/** @type {[string, string][]} */
const EXAMPLES = [
  ["R7 Y7 B7", "set"],
  ["R7 R7 B7", "setColour"],
  ["B9 B10 B11 B12", "run"],
  ["Y12 Y13 Y1", "wrapEnd"],
  ["Y13 Y1 Y2", "wrapBoth"],
  ["R3 K5 R5", "okey"],
  ["K5 B8 K5", "twoOkeys"],
  ["K3 K4 F", "fakeRun"],
  ["R3 F R5", "fakeNotWild"],
];

const RULES = {
  en: [
    ["The tiles", [
      "106 tiles: red, yellow, blue and black, numbered 1 to 13, two of each, plus two false jokers (R1).",
    ]],
    ["The okey", [
      "A numbered tile is turned face up: the indicator (gösterge). The okey is the tile of the same colour with the next number; after 13 comes 1. Indicator red 4: both red 5s are okeys (R3).",
      "An okey is wild: it can stand for any tile in a set, a run or a pair (R4).",
      "A false joker is not wild: it plays as the okey's face, a plain tile (R5).",
    ]],
    ["Winning", [
      "A set is 3 or 4 tiles of one number in different colours (R6).",
      "A run is 3 or more consecutive numbers of one colour. 1 goes before 2 or after 13 (12-13-1), never both: 13-1-2 is not a run (R7).",
      "You win when the 14 tiles left after your last discard split completely into sets and runs (R8), or into seven pairs of identical tiles (R9).",
      "To finish, throw your 15th tile onto the centre instead of to the next player (R10). You never have to finish.",
    ]],
    ["A turn", [
      "Play goes anticlockwise. The player to the dealer's right starts with 15 tiles and only discards (R12, R14).",
      "Then each player draws the top tile of the pile, or takes the last discard of the player on their left, and discards one tile to their right (R14, R15).",
      "You may look through your own discards and those of the player on your left; of the others you see only the top (R15).",
      "When the pile is empty you may still take the discard; if you do not, the round ends and nobody scores (R17).",
    ]],
    ["Points", [
      "Everyone starts with 20 points (or 12, or 6) and loses points when someone else finishes: 2 for a finish, doubled when the last tile is an okey, doubled for seven pairs; pairs with an okey cost 8 (R18).",
      "Gösterge: before your first draw (the starter: before the first discard), show a tile identical to the indicator and everyone else loses 1 point (R19).",
      "Options: red or black indicator doubles (R20), one-colour finish doubles (R21), discarding an okey costs 2 (R22).",
      "The match ends after the round in which someone reaches 0 or less; with four players the two with the most points win. With elimination, players at 0 drop out until one is left (R23). Partners sit opposite and share a score (R24).",
    ]],
    ["Playing here", [
      "Drag a tile to move it on your rack, onto your discard spot (bottom right) to discard, or onto the centre to finish. Drag from the pile or the left discard into a slot to draw there.",
      "Or tap a tile to select it, then tap an empty slot, Discard or Finish.",
      "Keyboard: arrows move the cursor, Enter picks up and puts down, D draw, T take, X discard, F finish, G gösterge, R runs, P pairs, B best, H hint, N next round, Esc cancels.",
    ]],
  ],
  tr: [
    ["Taşlar", [
      "106 taş: kırmızı, sarı, mavi ve siyah, 1'den 13'e, her birinden iki tane, artı iki sahte okey (R1).",
    ]],
    ["Okey", [
      "Bir taş açılır: gösterge. Okey, göstergeyle aynı renkte bir sonraki sayıdır; 13'ten sonra 1 gelir. Gösterge kırmızı 4 ise iki kırmızı 5 okeydir (R3).",
      "Okey her taşın yerine geçer: perde, seride ve çiftte (R4).",
      "Sahte okey her taşın yerine geçmez: okeyin yüzü olan düz bir taş gibi oynar (R5).",
    ]],
    ["Kazanmak", [
      "Per: aynı sayıda, farklı renkte 3 ya da 4 taş (R6).",
      "Seri: aynı renkte en az 3 ardışık sayı. 1, 2'den önce ya da 13'ten sonra (12-13-1) gelir, ikisi birden olmaz: 13-1-2 seri değildir (R7).",
      "Son taşını attıktan sonra kalan 14 taş tamamen per ve serilere (R8) ya da yedi çifte (R9) ayrılırsa kazanırsın.",
      "Bitirmek için 15. taşını sağındakine değil ortaya atarsın (R10). Bitirmek zorunlu değildir.",
    ]],
    ["Sıra", [
      "Oyun saatin tersine döner. Dağıtanın sağındaki 15 taşla başlar ve yalnızca taş atar (R12, R14).",
      "Sonra her oyuncu desteden üstteki taşı çeker ya da solundakinin attığı son taşı alır, ve sağına bir taş atar (R14, R15).",
      "Kendi attıklarına ve solundakinin attıklarına bakabilirsin; diğerlerinin yalnızca üstteki taşı görünür (R15).",
      "Deste bitince yine yandan alabilirsin; almazsan el biter ve kimse puan kaybetmez (R17).",
    ]],
    ["Puanlar", [
      "Herkes 20 (ya da 12, 6) puanla başlar ve başkası bitirince puan kaybeder: bitiş 2, okey atarak bitiş iki katı, çift bitiş iki katı; okeyle çift bitiş 8 (R18).",
      "Gösterge: ilk çekişinden önce (başlayan: ilk atışından önce) göstergenin aynısını gösterirsen diğerleri 1 puan kaybeder (R19).",
      "Seçenekler: kırmızı/siyah gösterge katlar (R20), tek renk bitiş katlar (R21), okey atmak 2 puan kaybettirir (R22).",
      "Birinin puanı 0 ya da altına düştüğü elden sonra oyun biter; dört kişide en çok puanlı iki oyuncu kazanır. Elemeli oyunda 0'a düşen çıkar, tek kişi kalana dek sürer (R23). Eşli oyunda eşler karşılıklı oturur ve puanı paylaşır (R24).",
    ]],
    ["Burada oynamak", [
      "Taşı ıstakada yerini değiştirmek için sürükle; atmak için sağ alttaki atma yerine, bitirmek için ortaya bırak. Desteden ya da soldan bir yuvaya sürükleyerek oraya çek.",
      "Ya da bir taşa dokunarak seç, sonra boş bir yuvaya, At ya da Bitir düğmesine dokun.",
      "Klavye: oklar imleci taşır, Enter taşı alır ve bırakır, D çek, T yandan al, X at, F bitir, G gösterge, R seri diz, P çift diz, B en iyi, H ipucu, N sonraki el, Esc vazgeç.",
    ]],
  ],
};

// One example: the tiles as at the table, the engine's verdict, and what it shows.
function exampleEl(app, [group, note]) {
  const tokens = group.split(" ");
  const okeyKind = okeyKindOf(EXAMPLE_INDICATOR);
  const tiles = idsOfTokens(tokens).map((id) => tileEl(id, { okeyKind, mark: true, small: true }));
  const verdict = h("span", { class: "example__verdict" }, "…");
  const row = h(
    "li",
    { class: "example", dataset: { example: group } },
    h("span", { class: "example__tiles" }, tiles),
    verdict,
    h("span", { class: "example__note" }, app.t(`rules.ex.${note}`)),
  );
  checkGroup(EXAMPLE_INDICATOR, tokens)
    .then((v) => {
      row.dataset.valid = String(v.valid);
      row.classList.add(v.valid ? "is-valid" : "is-invalid");
      verdict.replaceChildren(v.valid ? `✓ ${app.t(`rules.meld.${v.meld}`)} (${tileNames(app, v.stands_for)})` : `✗ ${errorText(app, v.reason)}`);
    })
    .catch((e) => verdict.replaceChildren(errorText(app, e)));
  return row;
}

export function rulesScreen(app) {
  const sections = (RULES[app.lang] ?? RULES.en).map(([title, items]) =>
    h("section", { class: "card" }, h("h2", {}, title), h("ul", {}, items.map((text) => h("li", {}, text)))),
  );
  const el = h(
    "main",
    { class: "page page--rules", dataset: { screen: "rules" } },
    h("h1", {}, app.t("rules.title")),
    sections,
    h(
      "section",
      { class: "card", dataset: { examples: "" } },
      h("h2", {}, app.t("rules.examples")),
      h("p", { class: "muted" }, app.t("rules.examplesIntro")),
      h("ul", { class: "examples" }, EXAMPLES.map((e) => exampleEl(app, e))),
    ),
    h("div", { class: "page__buttons" }, h("button", { class: "btn", dataset: { action: "back" }, onclick: () => app.back() }, app.t("back"))),
  );
  return { el };
}
