//! A small open-addressing map from solver states to the best value seen, reused between calls.

const EMPTY: u64 = u64::MAX;

/// Keeps, for each state key, the largest value put.
pub(crate) struct Table {
    keys: Vec<u64>,
    vals: Vec<u8>,
    filled: Vec<u32>,
    mask: usize,
}

impl Table {
    pub fn new() -> Table {
        Table::with_capacity(1 << 12)
    }

    fn with_capacity(cap: usize) -> Table {
        Table {
            keys: vec![EMPTY; cap],
            vals: vec![0; cap],
            filled: Vec::with_capacity(cap / 2),
            mask: cap - 1,
        }
    }

    pub fn clear(&mut self) {
        for &i in &self.filled {
            self.keys[i as usize] = EMPTY;
        }
        self.filled.clear();
    }

    pub fn put(&mut self, key: u64, val: u8) {
        if self.filled.len() * 2 >= self.keys.len() {
            self.grow();
        }
        let mut i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & self.mask;
        loop {
            let k = self.keys[i];
            if k == key {
                if self.vals[i] < val {
                    self.vals[i] = val;
                }
                return;
            }
            if k == EMPTY {
                self.keys[i] = key;
                self.vals[i] = val;
                self.filled.push(i as u32);
                return;
            }
            i = (i + 1) & self.mask;
        }
    }

    fn grow(&mut self) {
        let old: Vec<(u64, u8)> = self.iter().collect();
        *self = Table::with_capacity(self.keys.len() * 2);
        for (k, v) in old {
            self.put(k, v);
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = (u64, u8)> + '_ {
        self.filled.iter().map(|&i| (self.keys[i as usize], self.vals[i as usize]))
    }
}
