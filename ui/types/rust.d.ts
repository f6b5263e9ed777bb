// Written by the test src-tauri/src/tests/types.rs from the Rust types (ts-rs);
// OKEY_WRITE_TYPES=1 cargo test -p okey-app --lib types writes it again. Do not edit.

export type Accuracy = { 
/**
 * The mean, 0 to 100.
 */
mean: number, 
/**
 * The rounds it covers (at most [`ACCURACY_ROUNDS`]).
 */
rounds: number, 
/**
 * The matches those rounds come from.
 */
matches: number, };
export type ActArgs = { 
/**
 * A tile id.
 */
tile?: number, 
/**
 * A rack slot for a drawn or taken tile.
 */
to?: number, 
/**
 * A table meld.
 */
meld?: number, 
/**
 * The okey taken out by a swap.
 */
okey?: number, 
/**
 * A run's end for an okey lay-off: `low` or `high`.
 */
side?: string, 
/**
 * Groups of tile ids for an opening or new melds.
 */
groups?: Array<Array<number>>, };
export type Action = "show_indicator" | "draw" | "take_discard" | { "discard": Tile } | { "finish": Tile } | "end_round" | { "move": { 
/**
 * The slot holding the tile.
 */
from: Slot, 
/**
 * Where it goes; a tile there swaps back.
 */
to: Slot, } } | "next_round";
export type Action101 = "draw" | "take" | "return" | "declare_pairs" | { "open": Array<Laid> } | { "meld": Laid } | { "lay_off": { 
/**
 * The tile from the hand.
 */
tile: Tile, 
/**
 * The meld it goes on.
 */
meld: MeldId, 
/**
 * Which end of a run, needed only for an okey.
 */
side: Side | null, } } | { "swap": { 
/**
 * The tile from the hand.
 */
tile: Tile, 
/**
 * The meld.
 */
meld: MeldId, 
/**
 * The okey taken out.
 */
okey: Tile, } } | { "take_back": { 
/**
 * The tile.
 */
tile: Tile, } } | { "discard": Tile } | "end_round" | "next_round";
export type Answer = { 
/**
 * Whether the tile answers the puzzle.
 */
correct: boolean, 
/**
 * Every tile that does, in notation.
 */
solutions: Array<string>, 
/**
 * The distance the answered discard leaves.
 */
distance: number, 
/**
 * The smallest distance a discard leaves.
 */
best_distance: number, };
export type AnyFrame = Frame<SeatView, Action> | Frame<SeatView101, Action101>;
export type AnyReview = ReviewPage<Decision, null> | ReviewPage<Decision101, Left101 | null>;
export type Assist = { 
/**
 * Tiles on the rack (14 between turns, 15 before a discard).
 */
tiles: number, 
/**
 * Fewest tiles to swap for a win (0: the hand wins, or can finish now with 15).
 */
distance: number, 
/**
 * The groups it sees: the winning ones when there is a win, else the most tiles in
 * sets and runs (or pairs, when pairs cover more).
 */
groups: Array<Array<Tile>>, 
/**
 * Tiles in no group (okeys never count as loose).
 */
loose: Array<Tile>, 
/**
 * With 15 tiles: every discard that finishes.
 */
finishes: Array<FinishHint>, 
/**
 * With 15 tiles: the best discards first (at most five), with their outs.
 */
discards: Array<DiscardHint>, 
/**
 * A finish is possible but not with an okey, while the hand holds one: holding it for
 * a later okey-discard finish (double points, R18) is possible.
 */
can_hold_for_okey: boolean, 
/**
 * What to do now, on the player's turn.
 */
hint: Hint | null, };
export type Assist101 = { 
/**
 * The value of the best series opening the hand holds (R101-14).
 */
opening_value: number, 
/**
 * Its melds, as they would be laid.
 */
opening: Array<Laid>, 
/**
 * The figure and the pairs needed (R101-17).
 */
needed: [number, number], 
/**
 * Whether the best opening reaches the figure.
 */
reaches: boolean, 
/**
 * The most pairs the hand holds (R101-15).
 */
pairs: number, 
/**
 * Whether they are enough to open with pairs.
 */
pairs_reach: boolean, 
/**
 * Whether the seat has opened (lay-offs count only then).
 */
opened: boolean, 
/**
 * Where hand tiles can be laid off or swapped in, once opened (R101-21, R101-22).
 */
spots: Array<Spot101>, 
/**
 * Tiles that cost 101 if discarded now (R101-24, R101-25).
 */
costly: Array<[Tile, Cause]>, 
/**
 * The suggested action, when the seat has one to make.
 */
hint: Hint101 | null, };
export type Assisted = Assist | Assist101;
export type BestMatch101 = { 
/**
 * The match.
 */
id: MatchId, 
/**
 * The player's total of penalty points in it.
 */
total: number, };
export type BotSpeed = "slow" | "normal" | "fast" | "instant";
export type Cause = "take_return" | "okey_discard" | "playable_discard" | { "table_error": string };
export type Charge = { 
/**
 * Who pays.
 */
payer: Payer, 
/**
 * How many points each payer loses.
 */
points: number, 
/**
 * Why.
 */
reason: ChargeReason, };
export type ChargeReason = "finish" | "gosterge" | "okey_discard" | "false_claim";
export type Check101 = { 
/**
 * Always `"101"`.
 */
variant: string, 
/**
 * The indicator, canonical.
 */
indicator: string, 
/**
 * The okey's face.
 */
okey: string, 
/**
 * The best opening with sets and runs.
 */
opening: OpeningReport, 
/**
 * Whether it reaches 101 (R101-14).
 */
can_open: boolean, 
/**
 * The most disjoint pairs (R101-15).
 */
pairs: number, 
/**
 * Those pairs, each as the rack's two tokens.
 */
pair_list: Array<[string, string]>, 
/**
 * Whether they reach five (R101-15).
 */
can_open_pairs: boolean, 
/**
 * The rack's tokens in no meld of the best opening.
 */
left: Array<string>, };
export type Colour = "Red" | "Yellow" | "Blue" | "Black";
export type ColourDouble = "off" | "red_black" | "red_black_with_gosterge";
export type Deal101 = "simple" | "stacks";
export type DealKind = "stacks" | "simple";
export type Decision = { 
/**
 * Its index among the round's actions, from 0.
 */
turn: number, 
/**
 * Take or draw, or discard.
 */
kind: DecisionKind, 
/**
 * The seat's tiles before it (tokens, rack order).
 */
rack: Array<Kind>, 
/**
 * The indicator.
 */
indicator: Kind, 
/**
 * Tiles the seat had seen outside its rack (discards, a gösterge, the centre).
 */
seen: Array<Kind>, 
/**
 * What the seat did.
 */
chosen: Action, 
/**
 * What the analysis finds best.
 */
best: Action, 
/**
 * The grade.
 */
grade: Grade, 
/**
 * Distance to a win after the choice (a draw: the distance before it).
 */
distance_after: number, 
/**
 * Distance after the best choice.
 */
best_distance_after: number, 
/**
 * The faces whose draw would lower the distance after the choice (discards only).
 */
outs: Array<Kind>, 
/**
 * Unseen copies of those faces, counted from the seat's view.
 */
outs_after: number, 
/**
 * The same after the best choice.
 */
best_outs_after: number, 
/**
 * A discard the next seat took and finished with, that same turn.
 */
fed_finish: boolean, };
export type Decision101 = { 
/**
 * Its index among the round's actions, from 0.
 */
turn: number, 
/**
 * What kind of decision.
 */
kind: DecisionKind101, 
/**
 * The seat's hand before it (tokens).
 */
rack: Array<Kind>, 
/**
 * The indicator.
 */
indicator: Kind, 
/**
 * What the seat did.
 */
chosen: Action101, 
/**
 * What the review finds best.
 */
best: Action101, 
/**
 * The grade.
 */
grade: Grade, 
/**
 * The value of the best series opening the hand held before the decision.
 */
opening_value: number, 
/**
 * The hand's points (H of R101-31) after the decision.
 */
at_risk: number, 
/**
 * For a discard, what it is judged by...
 */
measure: Measure101 | null, 
/**
 * ... its figure after the choice (an opening: the value or pairs opened) ...
 */
value_after: number, 
/**
 * ... and after the best choice.
 */
best_value_after: number, 
/**
 * Tiles that could have gone to the table and stayed in the hand.
 */
missed: Array<Tile>, 
/**
 * The discard cost a penalty of 101 (R101-24, R101-25).
 */
penalised: boolean, 
/**
 * The next seat took this discard and opened or finished with it.
 */
fed: Fed101 | null, };
export type DecisionKind = "take" | "draw" | "discard" | "finish" | "gosterge";
export type DecisionKind101 = "open" | "lay_off" | "swap" | "discard" | "finish";
export type Dice = { 
/**
 * The first throw: which of the dealer's stacks, from its left (1..=6).
 */
first: number, 
/**
 * Every second throw in order: the tile from the bottom of the chosen stack. All but
 * the last picked a false joker.
 */
second: Array<number>, };
export type DiscardHint = { 
/**
 * The tile to throw.
 */
tile: Tile, 
/**
 * The distance of the 14 left.
 */
distance: number, 
/**
 * Draws that would lower that distance.
 */
outs: Array<OutHint>, };
export type DiscardView = { 
/**
 * How many tiles the stack holds.
 */
count: number, 
/**
 * The top tile, visible to all.
 */
top: Tile | null, 
/**
 * The whole stack, bottom first: only the viewer's own and the one to its left.
 */
tiles: Array<Tile> | null, };
export type DuzMark = "duz";
export type DuzTable = { 
/**
 * The game: `"duz"`.
 */
variant: DuzMark, 
/**
 * Per seat, its score when this round began, so the round's losses can be shown.
 */
round_start_scores: Array<number>, 
/**
 * Once the round is over, per seat, what it lost this round and why; None while the
 * round is played. Every seat may know it: charges are public events.
 */
round_losses: Array<RoundLoss> | null, };
export type EldenScope = "nobody_opened" | "only_self";
export type EldenThreshold = "waived" | "required";
export type EndKind = { "finished": Finish } | "exhausted" | "void";
export type Event = { "round_started": { 
/**
 * Round number, from 1.
 */
round: number, 
/**
 * The dealer.
 */
dealer: Seat, 
/**
 * Who discards first.
 */
starter: Seat, 
/**
 * The indicator face.
 */
indicator: Face, 
/**
 * The dice of a stacks deal.
 */
dice: Dice | null, } } | { "indicator_shown": { 
/**
 * Who showed it.
 */
seat: Seat, 
/**
 * The tile shown.
 */
tile: Tile, } } | { "drew": { 
/**
 * Who drew.
 */
seat: Seat, } } | { "took_discard": { 
/**
 * Who took it.
 */
seat: Seat, 
/**
 * The tile.
 */
tile: Tile, } } | { "discarded": { 
/**
 * Who discarded.
 */
seat: Seat, 
/**
 * The tile.
 */
tile: Tile, } } | { "false_claim": { 
/**
 * Who claimed.
 */
seat: Seat, 
/**
 * What was wrong, as data for the player's interface.
 */
reason: Problem, } } | { "charged": Charge } | { "round_ended": RoundEnd } | { "eliminated": { 
/**
 * The seat that left.
 */
seat: Seat, } } | { "match_ended": { 
/**
 * The winning seats.
 */
winners: Array<Seat>, } };
export type Event101 = { "drew": Seat } | { "took": [Seat, Tile] } | { "returned": [Seat, Tile] } | { "declared": Seat } | { "opened": [Seat, Status] } | { "laid": [Seat, MeldId] } | { "laid_off": [Seat, Tile, MeldId] } | { "swapped": [Seat, Tile, MeldId] } | { "took_back": [Seat, Tile] } | { "discarded": [Seat, Tile] } | { "penalised": [Seat, Cause] } | "ended";
export type Exhaustion = "last_discard" | "one_more_take";
export type Face = { 
/**
 * The colour.
 */
colour: Colour, 
/**
 * The number.
 */
number: Number, };
export type Fault = { 
/**
 * The match id, or `tree/key` for a record that names no match.
 */
name: string, 
/**
 * What was wrong.
 */
reason: string, };
export type Fed101 = "opening" | "finish";
export type Finish = { 
/**
 * Who finished.
 */
seat: Seat, 
/**
 * The finishing discard was an okey.
 */
okey: boolean, 
/**
 * The finisher opened with pairs.
 */
pairs: boolean, 
/**
 * Opened and laid everything as its own new melds in the finishing turn.
 */
elden: boolean, };
export type FinishHint = { 
/**
 * The tile to finish with.
 */
tile: Tile, 
/**
 * Whether it is an okey: such a finish scores double (R18).
 */
okey_discard: boolean, 
/**
 * What each other player loses (before colour doubles).
 */
points: number, 
/**
 * `melds` or `pairs`.
 */
kind: WinKind, };
export type Frame<V, A> = { 
/**
 * The game: `"duz"` or `"101"`, so the screen knows which table to draw.
 */
variant: string, 
/**
 * The round replayed, counted from 1 (a voided 101 deal counts: it is a round on the
 * sheet).
 */
round: number, 
/**
 * Every round of the match that can be replayed (those that are over).
 */
rounds: Array<number>, 
/**
 * Steps shown so far, 0 (the deal) to `steps`.
 */
step: number, 
/**
 * Steps in the round.
 */
steps: number, 
/**
 * The table from the player's seat at this moment.
 */
view: V, 
/**
 * Every seat's tiles (Düz: the rack slot by slot), when the hands are open.
 */
hands: Array<Array<Tile | null>> | null, 
/**
 * The action that led here.
 */
last: [Seat, A] | null, 
/**
 * Per seat, the bot level, or None for a person.
 */
bots: Array<Level | null>, };
export type Grade = "best" | "good" | "inaccuracy" | "mistake" | "blunder";
export type GroupVerdict = { 
/**
 * The group is a set or a run under the indicator.
 */
valid: boolean, 
/**
 * Its shape, when valid.
 */
meld: MeldKind | null, 
/**
 * The face each tile stands for, in notation, when valid (an okey's chosen face).
 */
stands_for: Array<string>, 
/**
 * Why not, as data (a code and the group's tiles), when not valid.
 */
reason: Problem | null, };
export type HandReport = { 
/**
 * The hand as tiles (the first copy of a face, then the second), in the order given.
 */
tiles: Array<Tile>, 
/**
 * 14 tiles that win, or 15 with a finishing discard.
 */
win: boolean, 
/**
 * How the win is made, when there is one.
 */
kind: WinKind | null, 
/**
 * Fewest tiles to swap for a win: of the 14, or after the best discard of the 15.
 */
distance: number, 
/**
 * The okey's face, in notation.
 */
okey: string, 
/**
 * A winning arrangement when there is one, else the most tiles in groups.
 */
groups: Array<Array<Tile>>, 
/**
 * Tiles outside those groups (the finishing discard, for a 15-tile win).
 */
loose: Array<Tile>, 
/**
 * With 15 tiles: every finishing discard.
 */
finishes: Array<FinishHint>, 
/**
 * With 15 tiles: every discard, best first, with its outs.
 */
discards: Array<DiscardHint>, };
export type Hint = { "do": "take", 
/**
 * The tile on offer.
 */
tile: Tile, 
/**
 * The distance after taking it and the best discard.
 */
distance: number, } | { "do": "draw", 
/**
 * The tile on offer, if any.
 */
offered: Tile | null, 
/**
 * The distance now.
 */
distance: number, } | { "do": "finish" } & FinishHint | { "do": "discard" } & DiscardHint;
export type Hint101 = { 
/**
 * The action.
 */
action: Action101, 
/**
 * The reason.
 */
reason: Reason101, };
export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null;
export type Kind = { "Face": Face } | "FalseJoker";
export type Laid = { 
/**
 * Set, run or pair.
 */
shape: Shape, 
/**
 * The tiles, a run's from its lowest number up.
 */
tiles: Array<Tile>, };
export type Language = "auto" | "en" | "tr";
export type LastPairs = "refused" | "void_round";
export type Left101 = { 
/**
 * The tiles left in its hand.
 */
tiles: Array<Tile>, 
/**
 * Their points (H of R101-31).
 */
hand_value: number, 
/**
 * What the hand scored (R101-31, R101-32; lower is better).
 */
hand_score: number, 
/**
 * The penalties of the round.
 */
penalties: number, 
/**
 * The round's score.
 */
total: number, };
export type LessonInPlay = { 
/**
 * The lesson's id.
 */
id: string, 
/**
 * Its match.
 */
game: MatchId, 
/**
 * The step reached, from 0.
 */
step: number, };
export type Level = "random" | "easy" | "medium" | "hard";
export type LevelRecord = { 
/**
 * Finished matches against the level.
 */
played: number, 
/**
 * Of those, won.
 */
won: number, };
export type Mark101 = "101";
export type MatchId = number;
export type MatchPoints = { 
/**
 * The match.
 */
id: MatchId, 
/**
 * When it was last played, in ms since the epoch.
 */
at_ms: number, 
/**
 * The player's final score (their team's, in partnership).
 */
score: number, 
/**
 * The score it started from.
 */
start: number, 
/**
 * Whether the player was among the winners.
 */
won: boolean, };
export type MatchState = { "state": "in_play" } | { "state": "finished", 
/**
 * Who won.
 */
winners: Array<Seat>, 
/**
 * When it ended, in ms since the epoch.
 */
ended_ms: number, };
export type MatchSummary = { 
/**
 * The match.
 */
id: MatchId, 
/**
 * When it was created, in ms since the epoch.
 */
created_ms: number, 
/**
 * When its last action was saved (its creation if none).
 */
last_played_ms: number, 
/**
 * Which Okey it plays.
 */
variant: Variant, 
/**
 * The rules of a Düz match. A 101 match has its own in `rules101`; here it has Düz's
 * defaults with its number of players, so that code reading only Düz fields still
 * counts the seats right.
 */
rules: Rules, 
/**
 * The rules of a 101 match; None for Düz.
 */
rules101: Rules101 | null, 
/**
 * 101: the rounds that counted so far (a voided deal does not), of `rounds_total`.
 */
rounds_played: number | null, 
/**
 * 101: the rounds the match lasts.
 */
rounds_total: number | null, 
/**
 * Who sits where.
 */
seats: Array<string>, 
/**
 * The round being played, or the last one.
 */
round: number, 
/**
 * Düz: scores by scoring unit (per seat, or per team in partnership). 101: each seat's
 * total of penalty points (lower is better).
 */
scores: Array<number>, 
/**
 * In play or finished.
 */
state: MatchState, 
/**
 * Actions saved.
 */
actions: number, 
/**
 * Whose turn it is in the round in play, when the save says.
 */
turn?: Seat, };
export type Measure101 = "opening" | "pairs" | "at_risk";
export type MeldId = number;
export type MeldKind = "set" | "run" | "pair";
export type MeldReport = { 
/**
 * Set or run.
 */
shape: Shape, 
/**
 * The rack's own tokens in the meld's order (an okey as its own token).
 */
tiles: Array<string>, 
/**
 * The same tiles as what they play as: an okey as the tile it stands for, a false joker
 * as the okey's face (R101-1).
 */
as: Array<string>, 
/**
 * The meld's value (R101-9).
 */
value: number, };
export type Multipliers = "stack" | "single" | "none";
export type NewGame<R> = { 
/**
 * The rule set.
 */
rules: R, 
/**
 * The bots' levels, seat by seat after the player's.
 */
bots: Array<Level>, };
export type Number = number;
export type OkeyInHand = "flat101" | "face";
export type OneColourDouble = "off" | "any" | "red_black";
export type OpeningReport = { 
/**
 * Its total value.
 */
value: number, 
/**
 * Its melds, lowest first.
 */
melds: Array<MeldReport>, };
export type OutHint = { 
/**
 * The face in notation (`R5`, `F`).
 */
token: string, 
/**
 * Copies neither in the rack nor visible on the table.
 */
unseen: number, };
export type PairsLayoffLimit = "two" | "unlimited";
export type Payer = { "seat": Seat } | { "others_of": Seat };
export type Phase = "draw" | "discard";
export type Placed = { 
/**
 * The physical tile.
 */
tile: Tile, 
/**
 * What it plays as.
 */
as_face: Face, };
export type PlayerView = { 
/**
 * The seat.
 */
seat: Seat, 
/**
 * Whether it plays this round (it may have left the match, R23).
 */
playing: boolean, 
/**
 * How many tiles its rack holds.
 */
tiles: number, 
/**
 * Its score (its team's in partnership, R24).
 */
score: number, 
/**
 * Its discard stack, which lies to its right (R15).
 */
discards: DiscardView, };
export type PlayerView101 = { 
/**
 * The seat.
 */
seat: Seat, 
/**
 * Its status (R101-5).
 */
status: Status, 
/**
 * Tiles in its hand.
 */
hand_size: number, 
/**
 * Its discard stack as the viewer may see it, bottom first: the whole stack for the
 * viewer's own and its previous player's, the top tile only for the others (R15).
 */
stack: Array<Tile>, 
/**
 * Penalties charged this round.
 */
penalties: number, 
/**
 * Its match total.
 */
total: number, };
export type PracticeReport = HandReport | Check101;
export type Problem = { code: string, params: { [key in string]: JsonValue }, message: string, };
export type Puzzle = { 
/**
 * What to find.
 */
kind: PuzzleKind, 
/**
 * The indicator, in notation.
 */
indicator: string, 
/**
 * The hand, in notation, in the order the tiles lay.
 */
tiles: Array<string>, };
export type PuzzleKind = "finish" | "discard";
export type RackGroup = { 
/**
 * The tiles, in slot order.
 */
tiles: Array<Tile>, 
/**
 * The meld it makes (a pair for two tiles), None when it makes none.
 */
shape: Shape | null, 
/**
 * Its value as a set or run (R101-14); 0 for a pair or no meld.
 */
value: number, };
export type Reason101 = "next_round" | "take_usable" | "draw" | "end_round" | { "open_series": { 
/**
 * Its value.
 */
value: number, 
/**
 * The figure.
 */
needed: number, } } | { "open_pairs": { 
/**
 * Pairs in the opening.
 */
pairs: number, 
/**
 * Pairs needed.
 */
needed: number, } } | { "meld": { 
/**
 * Its value.
 */
value: number, } } | "lay_off" | "swap" | "return_taken" | "discard" | "discard_penalised";
export type Repair = { 
/**
 * The match.
 */
id: MatchId, 
/**
 * Actions it holds now.
 */
actions: number, 
/**
 * Confirmed actions that could not be recovered (0: every one is back).
 */
lost: number, 
/**
 * What was wrong and what was done, in English, for a report.
 */
what: string, };
export type ReviewPage<D, E> = { 
/**
 * The game: `"duz"` or `"101"`.
 */
variant: string, 
/**
 * The round, from 1.
 */
round: number, 
/**
 * Every round of the match that can be reviewed (those that are over).
 */
rounds: Array<number>, 
/**
 * For each of the round's actions (a decision's `turn`), the replay step that shows the
 * table just before it (rack moves are not steps).
 */
steps: Array<number>, 
/**
 * Each seat's review, in seat order.
 */
seats: Array<RoundReview<D, E>>, };
export type RisingPartner = "counts" | "ignored";
export type RoundEnd = { "finished": { 
/**
 * Who finished.
 */
seat: Seat, 
/**
 * The tile thrown onto the centre.
 */
discard: Tile, 
/**
 * Sets and runs, or pairs.
 */
win: WinKind, 
/**
 * The 14 tiles shown, in their groups.
 */
groups: Array<Array<Tile>>, 
/**
 * The final discard was an okey (R18).
 */
okey_discard: boolean, 
/**
 * The hand counts as one colour (R21).
 */
one_colour: boolean, 
/**
 * Points every other player (team) lost.
 */
points: number, } } | { "no_tiles_left": { 
/**
 * Who declined.
 */
seat: Seat, } };
export type RoundEnd101 = { 
/**
 * How it ended.
 */
kind: EndKind, 
/**
 * The multiplier m (R101-32).
 */
multiplier: number, 
/**
 * One line per seat.
 */
lines: Array<ScoreLine>, };
export type RoundLoss = { 
/**
 * Lost to another's finish (R18), doubles included (R20, R21).
 */
finish: number, 
/**
 * Lost to another's gösterge (R19).
 */
gosterge: number, 
/**
 * Penalties: an okey discarded in play (R22), a false finish claim (R11).
 */
penalties: number, };
export type RoundReview<D, E = null> = { 
/**
 * The seat.
 */
seat: Seat, 
/**
 * Every decision, in order.
 */
decisions: Array<D>, 
/**
 * The mean of the decisions' grade scores, 0 to 100 (100 with no decision).
 */
accuracy: number, 
/**
 * The variant's account of the round's end for the seat.
 */
end: E, };
export type Rules = { 
/**
 * Number of players, 2..=4 (R12).
 */
players: number, 
/**
 * How the tiles are dealt (R13).
 */
deal: DealKind, 
/**
 * A finish must be laid out on the rack; a false claim costs 2 points (R11).
 */
strict_rack: boolean, 
/**
 * The indicator is drawn as the last tile of the pile (R16).
 */
indicator_last: boolean, 
/**
 * Points each player (team) starts with, 1..=100 (R18).
 */
start_points: number, 
/**
 * Showing a tile equal to the indicator scores (R19).
 */
gosterge: boolean, 
/**
 * The red or black indicator double (R20).
 */
colour_double: ColourDouble, 
/**
 * The one-colour finish double (R21).
 */
one_colour_double: OneColourDouble, 
/**
 * Discarding an okey during play costs 2 points (R22).
 */
okey_discard_penalty: boolean, 
/**
 * Players at 0 or less leave and the rest play on (R23).
 */
elimination: boolean, 
/**
 * Partners sit opposite and share a score; 4 players only (R24).
 */
partnership: boolean, };
export type Rules101 = { 
/**
 * Players at the table, 2..=4 (R101-3).
 */
players: number, 
/**
 * The deal (R101-4).
 */
deal: Deal101, 
/**
 * Taking back an unusable discard (R101-13).
 */
take_return: TakeReturn, 
/**
 * Pairs must be declared before opening with them (R101-16).
 */
pairs_declaration: boolean, 
/**
 * Each opening must beat the last of its kind (R101-17, katlamalı).
 */
rising_open: boolean, 
/**
 * The last pairs opening (R101-18).
 */
last_pairs: LastPairs, 
/**
 * New melds, lay-offs and swaps in the opening turn (R101-19).
 */
opening_turn_play: boolean, 
/**
 * Pairs laid by series openers (R101-20).
 */
series_pairs: SeriesPairs, 
/**
 * Lay-offs per turn of a pairs opener (R101-21).
 */
pairs_layoff_limit: PairsLayoffLimit, 
/**
 * Okey swaps (R101-22).
 */
okey_swap: boolean, 
/**
 * 101 for discarding an okey (R101-24).
 */
okey_discard_penalty: boolean, 
/**
 * 101 for discarding an işlek tile (R101-25).
 */
playable_discard_penalty: boolean, 
/**
 * Invalid table actions (R101-26).
 */
table_errors: TableErrors, 
/**
 * Elden finish scope (R101-29).
 */
elden_scope: EldenScope, 
/**
 * Elden opening threshold (R101-29).
 */
elden_threshold: EldenThreshold, 
/**
 * Pile exhaustion (R101-30).
 */
exhaustion: Exhaustion, 
/**
 * Okeys left in hand (R101-31).
 */
okey_in_hand: OkeyInHand, 
/**
 * Multipliers (R101-32).
 */
multipliers: Multipliers, 
/**
 * Rounds in a match (R101-34).
 */
rounds: number, 
/**
 * Partners sit opposite (R101-35).
 */
partnership: boolean, 
/**
 * The partner's opening and the rising figure (R101-35).
 */
rising_partner: RisingPartner, };
export type Saves = { 
/**
 * Every saved match, the most recently played first.
 */
matches: Array<MatchSummary>, 
/**
 * Matches found damaged while listing: moved to quarantine, kept, named here.
 */
set_aside: Array<Fault>, 
/**
 * Matches repaired from their journals since start (a loss is counted and named).
 */
repaired: Array<Repair>, 
/**
 * When the whole database was damaged at start: where the old one was kept (what was
 * found wrong is in that folder's `okey_store::DAMAGE_NOTE`, not in the player's words).
 */
recovered: string | null, 
/**
 * The match on the table in this run of the app, if any.
 */
playing: MatchId | null, 
/**
 * The matches dealt for Learn's lessons.
 */
lessons: Array<MatchId>, };
export type ScoreLine = { 
/**
 * The player.
 */
seat: Seat, 
/**
 * Its status at the end.
 */
status: Status, 
/**
 * The tiles left in its hand.
 */
left: Array<Tile>, 
/**
 * H of R101-31.
 */
hand_value: number, 
/**
 * Okeys left in the hand.
 */
okeys: number, 
/**
 * The hand part: −101·m, H·m, 2·H·m or 202·m/404·m, plus okeys under flat_101.
 */
hand_score: number, 
/**
 * Wiped because the partner finished (R101-35).
 */
wiped: boolean, 
/**
 * The sum of its penalties (R101-27).
 */
penalties: number, 
/**
 * The round score.
 */
total: number, };
export type Seat = number;
export type SeatView = { 
/**
 * The viewer.
 */
seat: Seat, 
/**
 * The rules of the match.
 */
rules: Rules, 
/**
 * Round number, from 1.
 */
round: number, 
/**
 * Turn actions played this round (see `Round::plays`).
 */
plays: number, 
/**
 * The dealer of this round.
 */
dealer: Seat, 
/**
 * Who is to move, while the round lasts.
 */
turn: Seat | null, 
/**
 * What the seat to move must do.
 */
phase: Phase | null, 
/**
 * The viewer's rack, slot by slot (empty if it does not play).
 */
rack: Array<Tile | null>, 
/**
 * Every seat of the table, in seat order.
 */
players: Array<PlayerView>, 
/**
 * The tile the viewer may take (R14): the top of the stack of the seat before it, while
 * the viewer plays this round. Whether taking it is allowed right now is in
 * `legal_actions`; this is the one place that says which discard is on offer.
 */
takeable: Tile | null, 
/**
 * Tiles left to draw.
 */
pile: number, 
/**
 * The indicator face (R3).
 */
indicator: Face, 
/**
 * The indicator tile while it lies face up on the table (R16).
 */
indicator_tile: Tile | null, 
/**
 * The okey face (R3).
 */
okey: Face, 
/**
 * The dice of a stacks deal; thrown in the open.
 */
dice: Dice | null, 
/**
 * A gösterge shown this round (R19).
 */
gosterge: [Seat, Tile] | null, 
/**
 * The finishing discard on the centre (R10).
 */
centre: Tile | null, 
/**
 * How the round ended; a finished hand is shown to all.
 */
round_end: RoundEnd | null, 
/**
 * Once the round is over, every seat's rack slot by slot, in seat order (empty for a
 * seat that did not play); None while the round is played.
 */
revealed: Array<Array<Tile | null>> | null, 
/**
 * The winners once the match is over (R23).
 */
winners: Array<Seat> | null, 
/**
 * What the viewer may do now (rack moves are always allowed in a round).
 */
legal_actions: Array<Action>, };
export type SeatView101 = { 
/**
 * The viewer.
 */
seat: Seat, 
/**
 * Its hand.
 */
hand: Array<Tile>, 
/**
 * The indicator and the okey face.
 */
indicator: Tile, 
/**
 * The okey face.
 */
okey: Face, 
/**
 * Tiles left in the pile.
 */
pile: number, 
/**
 * Every player, in seat order.
 */
players: Array<PlayerView101>, 
/**
 * The table melds, each okey with what it stands for.
 */
table: Array<TableMeld>, 
/**
 * Whose turn it is.
 */
turn: Seat | null, 
/**
 * For the viewer on its turn: whether it has taken, and the discard it must still use.
 */
taken: boolean, 
/**
 * The taken discard still to be put on the table (R101-13).
 */
pending: Tile | null, 
/**
 * The discard the viewer may take now.
 */
offered: Tile | null, 
/**
 * Why the discard on offer could not reach the table this turn, when it could not
 * (R101-38); None when nothing is offered or it could be used.
 */
offered_use: Problem | null, 
/**
 * The viewer's tiles that would cost 101 if discarded now (R101-24, R101-25, R101-27),
 * on its turn; the finishing discard costs nothing and is not listed.
 */
discard_costs: Array<[Tile, Cause]>, 
/**
 * The opening figure and pairs the viewer needs (R101-17).
 */
needed: [number, number], 
/**
 * Rounds played and rounds in the match.
 */
rounds: [number, number], 
/**
 * Turns played this round (each discard ends one; every player sees them go by).
 */
turns: number, 
/**
 * The end of the round, once over (hands are shown then, R101-39).
 */
end: RoundEnd101 | null, 
/**
 * What the viewer may do now ([`Match101::legal_actions`](crate::r101::Match101::legal_actions)): its turn's actions as
 * [`Round101::legal_actions`] lists them, the next round once this one is over and the
 * match is not; empty otherwise.
 */
legal_actions: Array<Action101>, };
export type SeriesPairs = "if_pairs_opened" | "never";
export type Settings = { 
/**
 * The interface language.
 */
language: Language, 
/**
 * How fast bots play.
 */
bot_speed: BotSpeed, 
/**
 * Okeys carry a star on the rack.
 */
okey_mark: boolean, 
/**
 * Draws and discards are animated.
 */
animations: boolean, 
/**
 * The rules of the last match started, offered for the next one.
 */
last_rules: Rules, 
/**
 * The seats of the last match started.
 */
last_seats: Array<string>, 
/**
 * The rules of the last Okey 101 match started, offered for the next one.
 */
last_rules101: Rules101, 
/**
 * The seats of the last 101 match started; empty before the first.
 */
last_seats101: Array<string>, 
/**
 * Whether the hand assistant (distance, suggested discards) is shown.
 */
assistant: boolean, 
/**
 * Matches where the player hid the assistant (while `assistant` is on), oldest first,
 * at most [`Settings::MAX_ASSISTANT_OFF`].
 */
assistant_off: Array<MatchId>, 
/**
 * Draws, discards, refusals and wins make a sound.
 */
sound: boolean, 
/**
 * Seconds the player has for a turn before it is played for them, 0 for no timer.
 */
turn_timer: number, 
/**
 * The Learn lessons the player finished, by id, each once.
 */
lessons_done: Array<string>, 
/**
 * Whether the home screen has offered Learn (it does once, on the first start).
 */
learn_offered: boolean, 
/**
 * The Learn lesson left in play, to go on with, after a restart too.
 */
lesson_in_play: LessonInPlay | null, };
export type Setup = { "variant": "duz" } & NewGame<Rules> | { "variant": "101" } & NewGame<Rules101>;
export type Shape = "set" | "run" | "pair";
export type Side = "low" | "high";
export type Slot = number;
export type Sort = "runs" | "pairs" | "best";
export type Spot101 = { 
/**
 * The tile from the hand.
 */
tile: Tile, 
/**
 * The table meld.
 */
meld: MeldId, 
/**
 * For an okey on a run, the end it goes to.
 */
side: Side | null, 
/**
 * For a swap, the okey it takes out of the meld.
 */
okey: Tile | null, };
export type Statistics = { 
/**
 * Finishes with sets and runs.
 */
finishes_melds: number, 
/**
 * Finishes with seven pairs.
 */
finishes_pairs: number, 
/**
 * Finishes that threw an okey.
 */
finishes_okey_discard: number, 
/**
 * One-colour finishes.
 */
finishes_one_colour: number, 
/**
 * Rounds that ran out of tiles.
 */
rounds_no_tiles: number, 
/**
 * Points the others lost to the player's finishes.
 */
points_won: number, 
/**
 * Points the player (their team) lost, to finishes, göstergeler and penalties.
 */
points_lost: number, 
/**
 * Results against each bot level, by the level's name.
 */
by_level: { [key in string]: LevelRecord }, 
/**
 * The most matches won one after another, in the order they ended.
 */
longest_winning_streak: number, 
/**
 * Matches won since the last one lost.
 */
current_winning_streak: number, 
/**
 * Matches left out because a record does not decode; nothing was moved.
 */
damaged: Array<Fault>, 
/**
 * The Okey 101 matches, counted apart: none of the fields above counts them.
 */
okey101: Statistics101, 
/**
 * Matches finished.
 */
matches_played: number, 
/**
 * Matches finished among the winners (their team's, in partnership; in 101 the lowest
 * total).
 */
matches_won: number, 
/**
 * Matches still in play.
 */
matches_in_play: number, 
/**
 * Matches of this game with bots only, not counted anywhere else.
 */
bot_only_matches: number, 
/**
 * Rounds played to their end (in 101, rounds that counted).
 */
rounds_played: number, 
/**
 * Rounds the player finished.
 */
rounds_won: number, };
export type Statistics101 = { 
/**
 * The player's round scores added up (negative for finishes).
 */
points: number, 
/**
 * `points` over `rounds_played`; None before any round.
 */
average_points: number | null, 
/**
 * Rounds the player opened with sets and runs (R101-14).
 */
opened_series: number, 
/**
 * Rounds the player opened with pairs (R101-15).
 */
opened_pairs: number, 
/**
 * Rounds the player never opened.
 */
never_opened: number, 
/**
 * Penalties of 101 charged to the player (R101-27).
 */
penalties: number, 
/**
 * The finished match with the player's lowest total.
 */
best_match: BestMatch101 | null, 
/**
 * Matches finished.
 */
matches_played: number, 
/**
 * Matches finished among the winners (their team's, in partnership; in 101 the lowest
 * total).
 */
matches_won: number, 
/**
 * Matches still in play.
 */
matches_in_play: number, 
/**
 * Matches of this game with bots only, not counted anywhere else.
 */
bot_only_matches: number, 
/**
 * Rounds played to their end (in 101, rounds that counted).
 */
rounds_played: number, 
/**
 * Rounds the player finished.
 */
rounds_won: number, };
export type StatsPage = { 
/**
 * Totals over every saved match.
 */
totals: Statistics, 
/**
 * Up to [`CHARTED`] finished matches with a person at the bottom seat, oldest first.
 */
recent: Array<MatchPoints>, };
export type Status = { "unopened": { 
/**
 * Declared for pairs.
 */
declared: boolean, } } | { "series": { 
/**
 * The opening's value.
 */
value: number, } } | { "pairs": { 
/**
 * Pairs in the opening.
 */
pairs: number, } };
export type Table101 = { 
/**
 * The game: `"101"`.
 */
variant: Mark101, 
/**
 * The match's rules.
 */
rules: Rules101, 
/**
 * The player's rack layout, slot by slot (2 rows of 16).
 */
rack: Array<Tile | null>, 
/**
 * The groups the rack shows, read as melds (for the opening tray).
 */
groups: Array<RackGroup>, 
/**
 * The score sheet: every round played so far, hands shown (R101-39).
 */
results: Array<RoundEnd101>, 
/**
 * The winners, once the match is over.
 */
winners: Array<Seat> | null, };
export type TableErrors = "refuse" | "penalize";
export type TableMeld = { 
/**
 * Stable id.
 */
id: MeldId, 
/**
 * Who laid it.
 */
owner: Seat, 
/**
 * Set, run or pair.
 */
shape: Shape, 
/**
 * Its tiles in order (a run's from low to high).
 */
tiles: Array<Placed>, };
export type TableUpdate<V, E, X> = { 
/**
 * Which match this is about; the UI drops updates of a match it has left.
 */
game: number, 
/**
 * How many actions the match has taken: the UI animates and announces what an update
 * with a new number brought.
 */
seq: number, 
/**
 * When the update was built, as a number that grows with every update the app builds
 * ([`next_rev`]). Updates may arrive out of order (a bot's event built just before a
 * rack move may reach the webview after the move's answer, with the same `seq` in 101,
 * whose rack moves are no actions), and the UI keeps the one with the highest number.
 */
rev: number, 
/**
 * The player's view (R15, R101-5): its own tiles, counts of the others, what is public.
 */
view: V, 
/**
 * Per seat, the bot level, or None for the player.
 */
bots: Array<Level | null>, 
/**
 * Who acted, when this update follows an action.
 */
actor: Seat | null, 
/**
 * What that action did, as every seat may know it (a drawn tile is never named).
 */
events: Array<E>, } & X;
export type TakeReturn = "free" | "penalty";
export type Tile = number;
export type Update = TableUpdate<SeatView, Event, DuzTable> | TableUpdate<SeatView101, Event101, Table101>;
export type Variant = "duz" | "101";
export type WinKind = "melds" | "pairs";
