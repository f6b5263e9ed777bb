//! The game a command is about, as `--variant` names it.

/// Which game: `okey check` judges a hand for it, `okey autoplay` plays it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Variant {
    /// Düz Okey: 14 or 15 tiles.
    Duz,
    /// Okey 101: 1 to 22 tiles.
    #[value(name = "101")]
    Okey101,
}
