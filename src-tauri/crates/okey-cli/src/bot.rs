//! `okey bot`: one of this project's bots over the line protocol (docs/PROTOCOL.md) on
//! standard input and output, for any referee; the arena's `--external 'okey bot ...'` seat
//! plays as the native seat of the same level does.

use crate::args::BotArgs;
use crate::failure::Failure;
use crate::variant::Variant;
use okey_bots::outside::{serve, ServeError};
use okey_bots::{Bot, Bot101};

/// Serves the bot until the referee closes its input.
pub fn run(args: &BotArgs) -> Result<(), Failure> {
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    let served = match args.variant {
        Variant::Duz => {
            if args.rollouts.is_some() {
                return Err(Failure::Input("--rollouts is for --variant 101".into()));
            }
            let budget = args.budget.unwrap_or(Bot::DEFAULT_BUDGET);
            serve(
                args.level,
                |level, seed| Bot::new(level, seed).with_budget(budget),
                stdin,
                stdout,
            )
        }
        Variant::Okey101 => {
            let budget = args.budget.unwrap_or(Bot101::DEFAULT_BUDGET);
            let rollouts = args.rollouts.unwrap_or(0);
            serve(
                args.level,
                |level, seed| {
                    Bot101::new(level, seed)
                        .with_budget(budget)
                        .with_rollouts(rollouts)
                },
                stdin,
                stdout,
            )
        }
    };
    served.map_err(|error| match error {
        ServeError::Io(e) => Failure::Write(e.to_string()),
        other => Failure::Input(other.to_string()),
    })
}
