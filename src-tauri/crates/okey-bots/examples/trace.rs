use okey_bots::{play_round, Bot, Level};
use okey_core::{Match, Rules};
fn main() {
    for seed in 0..50u64 {
        let mut m = Match::new(Rules::default(), seed).unwrap();
        let mut bots: Vec<Option<Bot>> = (0..4)
            .map(|s| {
                Some(Bot::new(
                    if s == 0 { Level::Easy } else { Level::Random },
                    s,
                ))
            })
            .collect();
        let mut log = Vec::new();
        let r = play_round(&mut m, &mut bots, |mv| log.push((mv.seat, mv.action)));
        if let Err(e) = r {
            println!("seed {seed}: {e}; pile {}", m.round().pile_len());
            for l in log.iter().rev().take(12) {
                println!("{l:?}");
            }
            break;
        }
    }
}
