//! Amount entry: from the legal minimum (or the all-in), by house chips,
//! with pot and all-in shortcuts, and never outside the engine's
//! `raise_range`.
//!
//! Every transition ends in [`AmountEntry::clamp`], so whatever the dealer
//! presses, the amount on the screen is one the engine will accept: the
//! property tests in `tests/it/ui_props.rs` hold it to that, and to every
//! amount the chips can make being reachable.
//!
//! The steps are chips rather than round numbers because the dealer is
//! copying what the player pushed: "pot less one 100k chip" or "half pot and
//! a 25k chip" are one jump and one step. Over the real WSOP hands in
//! `tests/data` this prices a bet at about 2.8 presses (`tests/it/ui_presses.rs`,
//! BENCHMARKS.md).

use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};

use crate::engine::{Chips, HandState, Seat, Structure};
use crate::rules::Decimal;
use crate::ui::{Button, Press};

pub use super::keypad::{KeyOutcome, Keypad};

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
    /// The greatest common divisor of the chips: the finest amount stacks
    /// of them can differ by, so the grid every step lands on.
    unit: Chips,
    /// What a short plus/minus can step by, finest first: the unit when it
    /// is finer than every chip (10c and 25c chips make 35c), then the chips.
    fine: Vec<Chips>,
    /// Index into `fine` of the step a short plus/minus moves by.
    chip: usize,
    /// Where `chip` starts and wraps back to: the pot's working chip.
    pot_chip: usize,
    /// The four shortcuts, in [`Preset::ORDER`], clamped into `min..=max`.
    presets: [(Preset, Chips); 4],
    /// Each shortcut to the unit (clamped), beside `presets`: the rounded
    /// ones are labelled against it.
    exact: [Chips; 4],
    /// The shortcut bet/raise and check/call walk from: the last one
    /// landed on (the minimum when entry opens, the maximum when it opens
    /// there).
    at: usize,
    /// What the maximum is.
    pub max_is: MaxIs,
    /// Typing on the keypad (held OK), if the dealer is.
    pub keypad: Option<Keypad>,
    /// How the house writes money, for the keypad: one chip unit is
    /// `per_unit` of the last decimal place, of which there are `scale`.
    per_unit: Chips,
    scale: u32,
}

/// A named shortcut amount. Bet/raise walks them up and check/call down,
/// always in this order and always all four, even where two land on one
/// amount: the third press of bet/raise is the maximum in every hand
/// (issue 22, "in a fixed order that does not shift from hand to hand").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preset {
    Min,
    HalfPot,
    Pot,
    /// The most the rules allow now; [`MaxIs`] says what that is.
    Max,
}

impl Preset {
    /// The shortcuts in the order bet/raise walks them.
    pub const ORDER: [Preset; 4] = [Preset::Min, Preset::HalfPot, Preset::Pot, Preset::Max];
}

/// What the maximum is, so the screen never calls a pot-limit maximum
/// "all-in" (issue 22, "labelled all-in only when it is the player's whole
/// stack").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MaxIs {
    /// The player's whole stack.
    AllIn,
    /// The pot limit.
    Pot,
    /// A spread or other cap below the stack.
    Cap,
}

/// Every press a dealer can make, short and held, in `Button::ALL` order.
const PRESSES: [Press; 14] = {
    let mut out = [Press {
        button: Button::Fold,
        long: false,
    }; 14];
    let mut i = 0;
    while i < 14 {
        out[i] = Press {
            button: Button::ALL[i / 2],
            long: i % 2 == 1,
        };
        i += 1;
    }
    out
};

/// A chip "working size" is the largest chip at most 1/`WORKING` of a
/// total: small enough that one step is a fine adjustment, big enough that
/// a bet is a few chips, as a dealer would count them. Picked on the WSOP
/// hands (BENCHMARKS.md): 12 to 20 price them about the same; 4 and 32
/// cost 0.08 and 0.15 presses per action more.
const WORKING: Chips = 16;

impl AmountEntry {
    /// Entry for the seat to act, starting at the legal minimum; `None` when
    /// it may not bet or raise.
    pub fn open(state: &HandState, denominations: &[Chips]) -> Option<AmountEntry> {
        let seat = state.to_act()?;
        let (min, max) = state.raise_range(seat).ok()?;
        let pot_after_call = state.pot().saturating_add(state.to_call(seat));
        let current = state.current_bet();
        let mut e = Self::new(seat, (min, max), denominations, current, pot_after_call);
        // The engine's range is the rule; what its top is only names it.
        let whole = state
            .seats()
            .get(seat)
            .map_or(0, |s| s.bet.saturating_add(s.stack));
        // Issue 32: pot-limit's top is the pot only where the pot binds; a
        // house cap under it (H0's $1 with 1.50 in the pot) is a cap.
        let pot_raise = current.saturating_add(pot_after_call);
        e.max_is = if max >= whole {
            MaxIs::AllIn
        } else if state.spec().structure == Structure::PotLimit && max >= pot_raise {
            MaxIs::Pot
        } else {
            MaxIs::Cap
        };
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
        let unit = denoms.iter().copied().fold(0, gcd).max(1);
        let smallest = denoms.first().copied().unwrap_or(1);
        let fine: Vec<Chips> = (unit < smallest)
            .then_some(unit)
            .into_iter()
            .chain(denoms.iter().copied())
            .collect();
        let pot_chip = working_chip(&denoms, pot_after_call) + fine.len() - denoms.len();
        let mut entry = AmountEntry {
            seat,
            min,
            max,
            amount: min,
            denominations: denoms,
            unit,
            fine,
            chip: pot_chip,
            pot_chip,
            presets: [
                (Preset::Min, min),
                (Preset::HalfPot, min),
                (Preset::Pot, min),
                (Preset::Max, max),
            ],
            at: 0,
            exact: [min, min, min, max],
            max_is: MaxIs::AllIn,
            keypad: None,
            per_unit: 1,
            scale: 0,
        };
        let exact = |num: Chips, den: Chips| {
            let share = u128::from(pot_after_call) * u128::from(num) / u128::from(den);
            let total = u128::from(current).saturating_add(share);
            Chips::try_from(total).unwrap_or(Chips::MAX)
        };
        // Issue 32: where the exact pot raise reaches the maximum (always
        // at pot limit), the pot shortcut is that maximum, not a rounding
        // of it: two "pot"s a chip apart would have a player who said "pot"
        // recorded for less.
        let shortcut = |x: Chips| {
            if x >= entry.max {
                entry.max
            } else {
                entry.clamp(entry.in_chips(x))
            }
        };
        let (half, pot) = (exact(1, 2), exact(1, 1));
        let (half_at, pot_at) = (shortcut(half), shortcut(pot));
        entry.exact = [min, entry.clamp(half), entry.clamp(pot), max];
        entry.presets[1].1 = half_at;
        entry.presets[2].1 = pot_at;
        entry
    }

    /// The keypad types money as the house writes it (`house.unit`): one
    /// chip unit is `unit` of the currency.
    pub fn with_unit(mut self, unit: &Decimal) -> AmountEntry {
        let pad = Keypad::for_unit(unit);
        self.per_unit = pad.per_unit();
        self.scale = pad.scale;
        self
    }

    /// A shortcut total as the player would push it: to the nearest of the
    /// working chip for that total, so "half pot" reads 725k, not 715k.
    fn in_chips(&self, x: Chips) -> Chips {
        let c = self
            .denominations
            .get(working_chip(&self.denominations, x))
            .copied()
            .unwrap_or(self.unit);
        let down = x / c * c;
        if x - down >= c - c / 2 {
            down.saturating_add(c)
        } else {
            down
        }
    }

    /// The entry on one of its shortcuts, as bet/raise or check/call would
    /// leave it there.
    pub fn at_preset(mut self, preset: Preset) -> AmountEntry {
        if let Some(i) = self.presets.iter().position(|p| p.0 == preset) {
            self.at = i;
            self.amount = self.presets[i].1;
        }
        self
    }

    /// Starts at the maximum instead (long press on bet/raise).
    pub fn at_max(mut self) -> AmountEntry {
        self.amount = self.max;
        self.at = Preset::ORDER.len() - 1;
        self
    }

    /// The entry a press on the action screen opens, or `None` for a press
    /// that does not open one. Bet/raise opens at the minimum (held: at
    /// the maximum); plus opens at the minimum already taking its step, so
    /// "min and a chip" costs no separate opening press. Minus opens on the
    /// pot shortcut (issue 32: a pot-size bet is minus and OK, two presses
    /// where it was three; the maximum itself is a held bet/raise), and
    /// held minus at the maximum less a large chip.
    pub fn opened_by(self, press: Press) -> Option<AmountEntry> {
        let mut e = match (press.button, press.long) {
            (Button::BetRaise, false) | (Button::Plus, _) => self,
            (Button::Minus, false) => return Some(self.at_preset(Preset::Pot)),
            (Button::BetRaise, true) | (Button::Minus, true) => self.at_max(),
            // Issue 32: typing is one press from the action screen, not
            // entry and then a held OK (the keypad's own open, kept).
            (Button::CheckCall, true) => {
                let mut e = self;
                e.keypad = Some(e.pad());
                return Some(e);
            }
            _ => return None,
        };
        if matches!(press.button, Button::Plus | Button::Minus) {
            e.press(press);
        }
        Some(e)
    }

    pub fn clamp(&self, x: Chips) -> Chips {
        x.clamp(self.min, self.max)
    }

    pub fn presets(&self) -> &[(Preset, Chips)] {
        &self.presets
    }

    /// The shortcut the amount sits on, if any: the one last walked to
    /// when two share the amount, so the label follows the press.
    pub fn preset_here(&self) -> Option<Preset> {
        let walked = self.presets.get(self.at).filter(|p| p.1 == self.amount);
        walked
            .or_else(|| self.presets.iter().rev().find(|p| p.1 == self.amount))
            .map(|p| p.0)
    }

    /// A shortcut's name on the screen: the maximum says what it is.
    pub fn label(&self, preset: Preset) -> &'static str {
        // A pot or half-pot raise held down to the maximum is that maximum
        // (issue 32: H0 read "pot 1" where 1 was the house's $1 cap and the
        // pot 1.50; a pot raise over a short stack is his whole stack, not
        // "pot"), except at pot limit, where the pot is the maximum.
        let at_max = self
            .presets
            .iter()
            .any(|&(p, a)| p == preset && a == self.max);
        // Issue 32: a shortcut rounded to the chips a player would push is
        // marked as near, not the figure its name says.
        let near = |p: Preset| {
            (self.presets.iter().zip(self.exact)).any(|(&(q, at), exact)| q == p && at != exact)
        };
        match (preset, self.max_is) {
            (Preset::Min, _) => "min",
            (Preset::HalfPot | Preset::Pot, MaxIs::AllIn) if at_max => "all-in",
            (Preset::HalfPot | Preset::Pot, MaxIs::Cap) if at_max => "cap",
            (Preset::HalfPot, _) if near(preset) => "~1/2 pot",
            (Preset::HalfPot, _) => "1/2 pot",
            (Preset::Pot, _) if near(preset) => "~pot",
            (Preset::Pot, _) | (Preset::Max, MaxIs::Pot) => "pot",
            (Preset::Max, MaxIs::AllIn) => "all-in",
            (Preset::Max, MaxIs::Cap) => "cap",
        }
    }

    /// The (short, long) step for the amount as it stands. Short is the
    /// pot's working chip (the largest at most 1/16 of the pot after the
    /// call), fixed for the whole entry so a press always means the same
    /// chip; held check/call walks it down to finer chips. Long is the
    /// largest chip not above the amount: "one big chip more or less",
    /// which scales from a 2-blind open to an all-in.
    pub fn steps(&self) -> (Chips, Chips) {
        let d = &self.denominations;
        let short = self.fine.get(self.chip).copied().unwrap_or(self.unit);
        let long = d.iter().rev().find(|&&c| c <= self.amount).or(d.first());
        (short, long.copied().unwrap_or(self.unit))
    }

    /// `step` up or down from the amount, onto the chip grid (rounding
    /// toward where it started), so a step never lands on an amount chips
    /// cannot make, and an odd minimum does not push every later amount off
    /// the grid.
    fn stepped(&self, step: Chips, up: bool) -> Chips {
        let (a, u) = (self.amount, self.unit);
        if up {
            let n = a.saturating_add(step) / u * u;
            if n > a {
                n
            } else {
                (a / u).saturating_add(1).saturating_mul(u)
            }
        } else {
            let n = a.saturating_sub(step);
            let n = n.div_ceil(u).saturating_mul(u);
            if n < a {
                n
            } else {
                a.saturating_sub(1) / u * u
            }
        }
    }

    /// One press. Plus/minus step by the working chip (held: by the largest
    /// chip not above the amount); bet/raise goes to the next shortcut of
    /// [`Preset::ORDER`], check/call to the one before, and both stop at
    /// the ends (issue 32: check/call on the minimum once wrapped to
    /// all-in, so "o + c" read `RAISE TO all-in`); held bet/raise is the maximum; held check/call makes the
    /// step one chip finer (wrapping back to the pot's chip); held OK opens
    /// the keypad ([`Keypad`]); OK confirms; undo or fold leave entry.
    pub fn press(&mut self, press: Press) -> EntryOutcome {
        if let Some(mut pad) = self.keypad.take() {
            return self.typed(&mut pad, press);
        }
        let (short, long) = self.steps();
        let n = self.presets.len();
        let next = match (press.button, press.long) {
            (Button::Plus, false) => self.stepped(short, true),
            (Button::Plus, true) => self.stepped(long, true),
            (Button::Minus, false) => self.stepped(short, false),
            (Button::Minus, true) => self.stepped(long, false),
            (Button::BetRaise, false) => {
                self.at = (self.at + 1).min(n - 1);
                self.presets[self.at].1
            }
            (Button::BetRaise, true) => {
                self.at = n - 1;
                self.max
            }
            (Button::CheckCall, false) => {
                self.at = self.at.saturating_sub(1);
                self.presets[self.at].1
            }
            (Button::CheckCall, true) => {
                self.chip = self.chip.checked_sub(1).unwrap_or(self.pot_chip);
                self.amount
            }
            (Button::Ok, true) => {
                self.keypad = Some(self.pad());
                self.amount
            }
            (Button::Ok, false) => return EntryOutcome::Confirm(self.clamp(self.amount)),
            (Button::Undo | Button::Fold, _) => return EntryOutcome::Cancel,
        };
        self.amount = self.clamp(next);
        EntryOutcome::Editing
    }

    /// A press while typing: digits, undo as backspace (on nothing typed,
    /// back to the steps), OK takes the typed amount if it is one the
    /// rules and the chips allow, and otherwise puts the nearest one on the
    /// screen for a second OK (never confirming an amount nobody saw).
    fn typed(&mut self, pad: &mut Keypad, press: Press) -> EntryOutcome {
        match pad.press(press) {
            KeyOutcome::Typing => self.keypad = Some(*pad),
            KeyOutcome::Leave => {}
            KeyOutcome::Done => {
                let want = pad.units();
                let got = want.map(|x| self.clamp(x / self.unit * self.unit));
                if let Some(x) = got.filter(|&x| Some(x) == want) {
                    return EntryOutcome::Confirm(x);
                }
                if let Some(x) = got {
                    self.amount = x;
                }
            }
        }
        EntryOutcome::Editing
    }

    /// A keypad with nothing typed, writing money as this house does.
    fn pad(&self) -> Keypad {
        Keypad::new(self.per_unit, self.scale)
    }

    /// The presses that type `target` from the action screen: held
    /// check/call (entry opened on the keypad), its digits, OK. `None` when
    /// it is not an amount the keypad confirms.
    pub fn keypad_path(&self, target: Chips) -> Option<Vec<Press>> {
        let mut e = self.clone();
        e.keypad = None;
        let opening = Press {
            button: Button::CheckCall,
            long: true,
        };
        let ok = Press {
            button: Button::Ok,
            long: false,
        };
        let mut path = vec![opening];
        path.extend(self.pad().presses_for(target));
        path.push(ok);
        let (first, rest) = path.split_first()?;
        let mut e = e.opened_by(*first)?;
        let mut last = EntryOutcome::Editing;
        for &p in rest {
            last = e.press(p);
        }
        (last == EntryOutcome::Confirm(target)).then_some(path)
    }

    /// The fewest presses from the action screen to confirming `target`,
    /// counting the press that opens entry and the OK; `None` if no press
    /// sequence of this design confirms it.
    pub fn presses_to(&self, target: Chips) -> Option<u32> {
        self.path_to(target)
            .and_then(|p| u32::try_from(p.len()).ok())
    }

    /// [`AmountEntry::path_to`] as the action screen takes it: the
    /// player's whole stack is one held bet/raise there (issue 32), which
    /// records it without opening entry.
    pub fn action_path(&self, target: Chips) -> Option<Vec<Press>> {
        if self.max_is != MaxIs::AllIn {
            return self.path_to(target);
        }
        let held = Press {
            button: Button::BetRaise,
            long: true,
        };
        if target == self.max {
            return Some(vec![held]);
        }
        // Held bet/raise opens no entry here, so no path starts with it.
        self.paths(target, Some(held))
    }

    /// One shortest press sequence from the action screen (this entry not
    /// yet open) that confirms `target`, OK included: typed on the keypad
    /// where that is shorter, else breadth-first over
    /// every press of [`AmountEntry::opened_by`] and [`AmountEntry::press`],
    /// so the count is exact for this design rather than an estimate. The
    /// states are (amount, step chip), so the search is bounded by the
    /// range over the chip grid times the chips; fine for pricing hands and
    /// tests, not meant for the panel's hot path.
    pub fn path_to(&self, target: Chips) -> Option<Vec<Press>> {
        self.paths(target, None)
    }

    /// [`AmountEntry::path_to`] with no path opened by `not_opening`.
    fn paths(&self, target: Chips, not_opening: Option<Press>) -> Option<Vec<Press>> {
        let stepped = self.stepped_path(target, not_opening);
        let typed = self.keypad_path(target);
        match (stepped, typed) {
            (Some(a), Some(b)) if b.len() < a.len() => Some(b),
            (Some(a), _) => Some(a),
            (None, b) => b,
        }
    }

    /// [`AmountEntry::path_to`] with the steps and shortcuts alone.
    fn stepped_path(&self, target: Chips, not_opening: Option<Press>) -> Option<Vec<Press>> {
        if target < self.min || target > self.max {
            return None;
        }
        let fresh = AmountEntry {
            amount: self.min,
            chip: self.pot_chip,
            at: 0,
            keypad: None,
            ..self.clone()
        };
        // Each state remembers the press that reached it and the state it
        // came from (`None` for the press that opened entry).
        type Key = (Chips, usize, usize);
        let mut came: HashMap<Key, (Option<Key>, Press)> = HashMap::new();
        let mut queue = VecDeque::new();
        let mut visit =
            |from: Option<Key>, e: &AmountEntry, p: Press, queue: &mut VecDeque<Key>| {
                let key = (e.amount, e.chip, e.at);
                if let Entry::Vacant(v) = came.entry(key) {
                    v.insert((from, p));
                    queue.push_back(key);
                }
            };
        for p in PRESSES.into_iter().filter(|&p| Some(p) != not_opening) {
            // The keypad's opening types; its paths are `keypad_path`'s.
            if let Some(e) = fresh.clone().opened_by(p).filter(|e| e.keypad.is_none()) {
                visit(None, &e, p, &mut queue);
            }
        }
        let mut scratch = fresh.clone();
        while let Some(key) = queue.pop_front() {
            if key.0 == target {
                let ok = Press {
                    button: Button::Ok,
                    long: false,
                };
                let mut path = vec![ok];
                let mut at = Some(key);
                while let Some(&(from, p)) = at.and_then(|k| came.get(&k)) {
                    path.push(p);
                    at = from;
                }
                path.reverse();
                return Some(path);
            }
            for p in PRESSES {
                scratch.amount = key.0;
                scratch.chip = key.1;
                scratch.at = key.2;
                scratch.keypad = None;
                if scratch.press(p) == EntryOutcome::Editing {
                    visit(Some(key), &scratch, p, &mut queue);
                }
            }
        }
        None
    }
}

/// Index of the largest chip at most 1/`WORKING` of `total`, or of the
/// smallest chip when even that is more.
fn working_chip(denominations: &[Chips], total: Chips) -> usize {
    let cap = total / WORKING;
    denominations.iter().rposition(|&c| c <= cap).unwrap_or(0)
}

fn gcd(a: Chips, b: Chips) -> Chips {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
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
