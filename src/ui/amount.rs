//! Amount entry: from the legal minimum, by house chips, with pot and all-in
//! shortcuts, and never outside the engine's `raise_range`.
//!
//! Every transition ends in [`AmountEntry::clamp`], so whatever the dealer
//! presses, the amount on the screen is one the engine will accept: the
//! property tests in `tests/ui_amount.rs` hold it to that.

use crate::engine::{Chips, HandState, Seat};
use crate::hw::buttons::{Button, Press};

/// What an amount-entry press asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryOutcome {
    /// Still entering; the amount may have changed.
    Editing,
    /// OK: bet or raise to this total.
    Confirm(Chips),
    /// Leave entry without acting.
    Cancel,
}

/// The state of amount entry for one decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AmountEntry {
    pub seat: Seat,
    pub min: Chips,
    pub max: Chips,
    pub amount: Chips,
    /// House chips, smallest first, zeros and duplicates removed.
    denominations: Vec<Chips>,
    /// Shortcut totals in `min..=max`, ascending: half pot, pot, all-in.
    presets: Vec<(Preset, Chips)>,
}

/// A named shortcut amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preset {
    Min,
    ThirdPot,
    HalfPot,
    Pot,
    /// The most the biggest opponent can call: betting more only comes back.
    Covers,
    AllIn,
}

impl Preset {
    pub fn label(self) -> &'static str {
        match self {
            Preset::Min => "min",
            Preset::ThirdPot => "1/3 pot",
            Preset::HalfPot => "1/2 pot",
            Preset::Covers => "covers",
            Preset::Pot => "pot",
            Preset::AllIn => "all-in",
        }
    }
}

impl AmountEntry {
    /// Entry for the seat to act, starting at the legal minimum; `None` when
    /// it may not bet or raise.
    pub fn open(state: &HandState, denominations: &[Chips]) -> Option<AmountEntry> {
        let seat = state.to_act()?;
        let (min, max) = state.raise_range(seat).ok()?;
        let pot_after_call = state.pot().saturating_add(state.to_call(seat));
        let current = state.current_bet();
        let covers = state
            .seats()
            .iter()
            .enumerate()
            .filter(|&(i, s)| i != seat && !s.folded)
            .map(|(_, s)| s.bet.saturating_add(s.stack))
            .max()
            .unwrap_or(max);
        let mut e = Self::new(seat, (min, max), denominations, current, pot_after_call);
        e.add_preset(Preset::Covers, covers);
        Some(e)
    }

    /// Entry from plain numbers (for press counting and tests): a pot-size
    /// raise is to `current + pot_after_call`, a half-pot one to
    /// `current + pot_after_call / 2`.
    pub fn new(
        seat: Seat,
        (min, max): (Chips, Chips),
        denominations: &[Chips],
        current: Chips,
        pot_after_call: Chips,
    ) -> AmountEntry {
        let max = max.max(min);
        let mut denoms: Vec<Chips> = denominations.iter().copied().filter(|&d| d > 0).collect();
        denoms.sort_unstable();
        denoms.dedup();
        if denoms.is_empty() {
            denoms.push(1);
        }
        let mut entry = AmountEntry {
            seat,
            min,
            max,
            amount: min,
            denominations: denoms,
            presets: Vec::new(),
        };
        let chip = entry.denominations[0];
        // Shortcuts land on whole chips, as the player would push them.
        let round = |x: Chips| x / chip * chip;
        let presets = vec![
            (Preset::Min, min),
            (
                Preset::ThirdPot,
                entry.clamp(round(current.saturating_add(pot_after_call / 3))),
            ),
            (
                Preset::HalfPot,
                entry.clamp(round(current.saturating_add(pot_after_call / 2))),
            ),
            (
                Preset::Pot,
                entry.clamp(round(current.saturating_add(pot_after_call))),
            ),
            (Preset::AllIn, max),
        ];
        // Shortcuts that land on one amount are one shortcut; min and all-in
        // keep their names, as those are what the dealer checks for.
        entry.presets = presets;
        entry.tidy();
        entry
    }

    /// Adds a shortcut (clamped into the range).
    pub fn add_preset(&mut self, preset: Preset, amount: Chips) {
        let x = self.clamp(amount);
        self.presets.push((preset, x));
        self.tidy();
    }

    fn tidy(&mut self) {
        self.presets
            .sort_by_key(|&(p, x)| (x, p != Preset::AllIn && p != Preset::Min));
        self.presets.dedup_by_key(|p| p.1);
    }

    /// Starts at the all-in amount instead (long press on bet/raise).
    pub fn at_max(mut self) -> AmountEntry {
        self.amount = self.max;
        self
    }

    pub fn clamp(&self, x: Chips) -> Chips {
        x.clamp(self.min, self.max)
    }

    pub fn presets(&self) -> &[(Preset, Chips)] {
        &self.presets
    }

    /// The shortcut the amount sits on, if any.
    pub fn preset_here(&self) -> Option<Preset> {
        self.presets
            .iter()
            .rev()
            .find(|&&(_, x)| x == self.amount)
            .map(|&(p, _)| p)
    }

    /// The (short, long) step for the amount as it stands: short is the
    /// smallest chip, so every amount a player can push is reachable; long
    /// is the largest chip at most a quarter of the amount, so a held press
    /// moves a sensible fraction whether the bet is 2 blinds or 200.
    pub fn steps(&self) -> (Chips, Chips) {
        let d = &self.denominations;
        let quarter = self.amount / 4;
        let i = d.iter().rposition(|&c| c <= quarter).unwrap_or(0).max(1);
        (d[0], d[i.min(d.len() - 1)])
    }

    /// The next multiple of `step` above the amount (or below, for `up == false`),
    /// so stepping lands on round amounts rather than on `min + k * step`.
    fn stepped(&self, step: Chips, up: bool) -> Chips {
        let a = self.amount;
        if up {
            (a / step).saturating_add(1).saturating_mul(step)
        } else if a % step == 0 {
            a.saturating_sub(step)
        } else {
            a / step * step
        }
    }

    /// One press. Plus/minus step by a chip (held: by the bigger chip);
    /// bet/raise jumps to the next shortcut up (wrapping to the minimum),
    /// check/call to the next one down; held bet/raise is all-in; OK
    /// confirms; undo or fold leave entry.
    pub fn press(&mut self, press: Press) -> EntryOutcome {
        let (short, long) = self.steps();
        let next = match (press.button, press.long) {
            (Button::Plus, false) => self.stepped(short, true),
            (Button::Plus, true) => self.stepped(long, true),
            (Button::Minus, false) => self.stepped(short, false),
            (Button::Minus, true) => self.stepped(long, false),
            (Button::BetRaise, false) => self
                .presets
                .iter()
                .map(|&(_, x)| x)
                .find(|&x| x > self.amount)
                .unwrap_or(self.min),
            (Button::BetRaise, true) => self.max,
            (Button::CheckCall, _) => self
                .presets
                .iter()
                .rev()
                .map(|&(_, x)| x)
                .find(|&x| x < self.amount)
                .unwrap_or(self.max),
            (Button::Ok, _) => return EntryOutcome::Confirm(self.clamp(self.amount)),
            (Button::Undo | Button::Fold, _) => return EntryOutcome::Cancel,
        };
        self.amount = self.clamp(next);
        EntryOutcome::Editing
    }

    /// The fewest presses from a fresh entry to confirming `target`, with
    /// the presses this design offers (breadth-first over amounts), counting
    /// the press that opened entry and the OK. `None` if `target` cannot be
    /// entered (outside the range, or off the chip grid and no shortcut).
    pub fn presses_to(&self, target: Chips) -> Option<u32> {
        use std::collections::{HashSet, VecDeque};
        if target < self.min || target > self.max {
            return None;
        }
        // Held bet/raise opens entry at all-in: two presses in all.
        if target == self.max {
            return Some(2);
        }
        let moves = [
            Press {
                button: Button::Plus,
                long: false,
            },
            Press {
                button: Button::Plus,
                long: true,
            },
            Press {
                button: Button::Minus,
                long: false,
            },
            Press {
                button: Button::Minus,
                long: true,
            },
            Press {
                button: Button::BetRaise,
                long: false,
            },
            Press {
                button: Button::CheckCall,
                long: false,
            },
        ];
        let mut seen = HashSet::from([self.min]);
        let mut queue = VecDeque::from([(self.min, 0u32)]);
        // Every amount reachable lies on the smallest chip's grid or is a
        // shortcut, so the search is bounded by the range over that chip.
        while let Some((amount, n)) = queue.pop_front() {
            if amount == target {
                return Some(n + 2);
            }
            if n >= 64 {
                continue;
            }
            for m in moves {
                let mut e = self.clone();
                e.amount = amount;
                e.press(m);
                if seen.insert(e.amount) {
                    queue.push_back((e.amount, n + 1));
                }
            }
        }
        None
    }
}

/// Chip denominations for a game known only by its big blind (PHH hands
/// carry no chip set): the standard casino/tournament series 1, 5, 25, 100,
/// 500, 1000, 5000, 25000, … (×1000 each three steps), from the largest chip
/// at most a tenth of the big blind up to the largest at most 25 big blinds.
/// A tenth of a blind is the finest unit real bets at those stakes use.
pub fn series_denominations(big_blind: Chips) -> Vec<Chips> {
    let mut series = Vec::new();
    let mut scale: Chips = 1;
    while scale <= Chips::MAX / 1000 {
        for m in [1, 5, 25, 100, 500] {
            series.push(scale * m);
        }
        scale *= 1000;
    }
    series.dedup();
    let lo = big_blind / 10;
    let hi = big_blind.saturating_mul(25);
    let first = series.iter().rposition(|&c| c <= lo.max(1)).unwrap_or(0);
    let out: Vec<Chips> = series[first..]
        .iter()
        .copied()
        .take_while(|&c| c <= hi.max(1))
        .collect();
    if out.is_empty() {
        vec![1]
    } else {
        out
    }
}
