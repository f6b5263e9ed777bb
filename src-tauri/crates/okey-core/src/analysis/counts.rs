//! A hand as the analysers see it: how many plain tiles stand for each face, and the wilds.

use crate::tile::{Face, Joker, Kind, Role};

/// Plain tiles per face (index colour * 13 + number - 1) and the number of okeys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Counts {
    pub plain: [u8; Face::COUNT],
    pub wilds: u8,
}

impl Counts {
    pub fn of(hand: &[Kind], joker: Joker) -> Counts {
        let mut c = Counts {
            plain: [0; Face::COUNT],
            wilds: 0,
        };
        for &k in hand {
            c.add(k, joker);
        }
        c
    }

    pub fn add(&mut self, kind: Kind, joker: Joker) {
        match joker.role(kind) {
            // Saturating: a caller may pass any slice, however long.
            Role::Wild => self.wilds = self.wilds.saturating_add(1),
            Role::Plain(f) => self.plain[f.index()] = self.plain[f.index()].saturating_add(1),
        }
    }

    pub fn remove(&mut self, kind: Kind, joker: Joker) {
        match joker.role(kind) {
            Role::Wild => self.wilds = self.wilds.saturating_sub(1),
            Role::Plain(f) => self.plain[f.index()] = self.plain[f.index()].saturating_sub(1),
        }
    }

    pub fn len(&self) -> usize {
        self.plain.iter().map(|&n| n as usize).sum::<usize>() + self.wilds as usize
    }
}
