//! An arena seat played by a bot from outside: every view goes to it as `observe`, every
//! decision as `decide`, and its answer is the seat's action. An answer that cannot be read
//! or that the rules refuse goes back as `refused`, up to [`REFUSALS`] times; then, or when
//! the bot is silent past its time limit or has died, the random level decides in its place.
//! A bot that died stays dead for the rest of the round.

use super::protocol::{ToBot, ENDS, PROTOCOL};
use super::{Line, LineError, Spoken};
use crate::arena_report::OutsideCounts;
use crate::level::Level;
use crate::player::Player;
use crate::seat_player::SeatPlayer;
use okey_core::problem::{params, Problem};
use okey_core::{Game, Seat};

/// How many refused answers a decision allows before the random level takes it.
pub const REFUSALS: u32 = 3;

/// An outside bot at one seat for one round, over its `line`.
pub struct OutsideSeat<P: Player> {
    line: Box<dyn Line>,
    /// The random level, shown every view, deciding when the bot cannot.
    fallback: P,
    /// Why the last answer was refused, to send with the next `decide`.
    refusal: Option<Problem>,
    /// Refusals in the decision under way.
    refusals: u32,
    /// Answers owed for decisions that timed out: read and dropped before the next one.
    owed: u32,
    dead: bool,
    counts: OutsideCounts,
}

type Message<G> = ToBot<<G as Game>::Rules, <G as Game>::View, <G as Game>::Action>;

impl<P: Player> OutsideSeat<P>
where
    P::Game: Spoken,
{
    /// Seats the bot on `line` at `seat` of a match of `rules`, telling it so (`hello`);
    /// `seed` seeds its randomness and the random level's.
    pub fn new(
        line: Box<dyn Line>,
        rules: <P::Game as Game>::Rules,
        seat: Seat,
        seed: u64,
    ) -> Self {
        let mut this = OutsideSeat {
            line,
            fallback: P::seeded(Level::Random, seed),
            refusal: None,
            refusals: 0,
            owed: 0,
            dead: false,
            counts: OutsideCounts::default(),
        };
        this.send(&Message::<P::Game>::Hello {
            protocol: PROTOCOL,
            variant: <P::Game as Game>::NAME.to_string(),
            rules,
            seat: seat.0,
            seed,
        });
        this
    }

    /// Tells the bot the round and its match are over (each arena round is a match of its
    /// own), with the scores its seat sees, and gives back its line, how its answers went and
    /// whether it died.
    pub fn end(
        mut self,
        view: Option<&<P::Game as Game>::View>,
    ) -> (Box<dyn Line>, OutsideCounts, bool) {
        if let Some(view) = view {
            for of in ENDS {
                let scores = <P::Game as Spoken>::scores(view);
                self.send(&Message::<P::Game>::End { of, scores });
            }
        }
        (self.line, self.counts, self.dead)
    }

    fn send(&mut self, message: &Message<P::Game>) {
        if self.dead {
            return;
        }
        let sent = match serde_json::to_string(message) {
            Ok(text) => self.line.send(&text),
            Err(_) => Err(LineError::Closed),
        };
        if sent.is_err() {
            self.die();
        }
    }

    fn die(&mut self) {
        if !self.dead {
            self.dead = true;
            self.counts.crashes += 1;
        }
    }

    /// The random level's decision, counted as made in the bot's place.
    fn fall_back(&mut self, view: &<P::Game as Game>::View) -> Option<<P::Game as Game>::Action> {
        self.counts.fallbacks += 1;
        self.refusals = 0;
        self.refusal = None;
        self.fallback.decide(view)
    }

    /// Reads the bot's answer to the decision just sent, after the answers it owes.
    fn answer(&mut self) -> Result<String, LineError> {
        while self.owed > 0 {
            self.line.receive()?;
            self.owed -= 1;
        }
        self.line.receive()
    }

    /// Counts a refused answer; whether the bot may answer again.
    fn refuse(&mut self, problem: Problem) -> bool {
        self.counts.refusals += 1;
        self.refusals += 1;
        self.refusal = Some(problem);
        self.refusals < REFUSALS
    }
}

impl<P: Player> SeatPlayer<P::Game> for OutsideSeat<P>
where
    P::Game: Spoken,
{
    fn know(&mut self, m: &P::Game) {
        Player::know(&mut self.fallback, m);
    }

    fn observe(&mut self, view: &<P::Game as Game>::View) {
        Player::observe(&mut self.fallback, view);
        self.send(&Message::<P::Game>::Observe { view: view.clone() });
    }

    fn decide(&mut self, view: &<P::Game as Game>::View) -> Option<<P::Game as Game>::Action> {
        loop {
            if self.dead || self.refusals >= REFUSALS {
                return self.fall_back(view);
            }
            let legal = <P::Game as Spoken>::legal(view);
            if legal.is_empty() {
                // Nothing to do at this seat (a finished match): nothing is asked.
                return None;
            }
            let refused = self.refusal.take();
            self.send(&Message::<P::Game>::Decide {
                view: view.clone(),
                legal,
                refused,
            });
            match self.answer() {
                Ok(text) => match serde_json::from_str(&text) {
                    Ok(action) => return Some(action),
                    Err(error) => {
                        let problem = unreadable(&text, &error.to_string());
                        if !self.refuse(problem) {
                            return self.fall_back(view);
                        }
                    }
                },
                Err(LineError::TimedOut) => {
                    self.counts.timeouts += 1;
                    self.owed += 1;
                    return self.fall_back(view);
                }
                Err(LineError::Closed) => {
                    self.die();
                    return self.fall_back(view);
                }
                Err(error @ (LineError::TooLong | LineError::NotUtf8)) => {
                    let problem = unreadable("", &error.to_string());
                    if !self.refuse(problem) {
                        return self.fall_back(view);
                    }
                }
            }
        }
    }

    fn refused(&mut self, problem: &Problem) -> bool {
        self.refuse(problem.clone());
        // Asked again either way: after the last refusal the random level answers.
        true
    }
}

/// The refusal of an answer that is not an action: `unreadable_answer`, with the start of
/// what was read and why.
fn unreadable(text: &str, why: &str) -> Problem {
    let start: String = text.chars().take(80).collect();
    Problem::new(
        UnreadableCode,
        params()
            .text("answer", start.clone())
            .text("why", why)
            .build(),
        format!("the answer {start:?} is not an action: {why}"),
    )
}

/// The code of an unreadable answer.
#[derive(Debug, Clone, Copy)]
struct UnreadableCode;

impl okey_core::problem::Code for UnreadableCode {
    fn as_str(self) -> &'static str {
        "unreadable_answer"
    }
}

/// A seat of an arena that may hold a bot from outside: ours, or theirs.
pub enum Seated<P: Player> {
    /// One of our bots.
    Ours(P),
    /// A bot from outside.
    Outside(OutsideSeat<P>),
}

impl<P: Player> SeatPlayer<P::Game> for Seated<P>
where
    P::Game: Spoken,
{
    fn know(&mut self, m: &P::Game) {
        match self {
            Seated::Ours(bot) => Player::know(bot, m),
            Seated::Outside(seat) => seat.know(m),
        }
    }
    fn observe(&mut self, view: &<P::Game as Game>::View) {
        match self {
            Seated::Ours(bot) => Player::observe(bot, view),
            Seated::Outside(seat) => seat.observe(view),
        }
    }
    fn decide(&mut self, view: &<P::Game as Game>::View) -> Option<<P::Game as Game>::Action> {
        match self {
            Seated::Ours(bot) => Player::decide(bot, view),
            Seated::Outside(seat) => seat.decide(view),
        }
    }
    fn refused(&mut self, problem: &Problem) -> bool {
        match self {
            Seated::Ours(_) => false,
            Seated::Outside(seat) => seat.refused(problem),
        }
    }
}
