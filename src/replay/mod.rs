//! `dealerd replay`: PHH hands through the engine, as `tests/data/VECTORS.md` specifies.
//!
//! The engine reads no cards. Dealing actions are checked against the street
//! sequence, the first action of a stud street names its opener, and the
//! `_ranking` fields are the dealer's word at showdown.

mod own;
mod variant;

use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use serde_json::{json, Value};

use crate::engine::{
    Action, BoardResult, Chips, Event, HandState, Phase, RuleError, Seat, SetupError,
};
use crate::phh::{self, ActionKind, PhhHand};

pub use crate::engine::steps::{draw_game, flop_game, seven_stud};
pub use own::{extras as own_extras, house_game};
pub use variant::{setup_for, spec_for, VariantError};

/// Why a hand stopped. The display is the contract's stderr line.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Phh(#[from] phh::PhhError),
    #[error("{file}: hand {hand}: {error}")]
    Variant {
        file: String,
        hand: usize,
        error: VariantError,
    },
    #[error("{file}: hand {hand}: {error}")]
    Setup {
        file: String,
        hand: usize,
        error: SetupError,
    },
    #[error("{file}: hand {hand} step {step}: {action}: {error}")]
    Rule {
        file: String,
        hand: usize,
        step: usize,
        action: String,
        error: RuleError,
    },
    #[error("{file}: hand {hand}: showdown: {error}")]
    Showdown {
        file: String,
        hand: usize,
        error: RuleError,
    },
    #[error("{file}: hand {hand}: the actions end before the hand does ({expected})")]
    Unfinished {
        file: String,
        hand: usize,
        expected: &'static str,
    },
    /// A `_` field dealerd writes does not read back.
    #[error("{file}: hand {hand}: {error}")]
    Own {
        file: String,
        hand: usize,
        error: String,
    },
}

/// One `--json` line after a player action.
pub fn action_line(hand: usize, step: usize, text: &str, state: &HandState) -> Value {
    let next = state.to_act();
    let betting = matches!(state.phase(), Phase::Betting(_));
    let range = next
        .filter(|_| betting)
        .and_then(|s| state.raise_range(s).ok());
    json!({
        "hand": hand,
        "step": step,
        "action": text,
        "pot": state.pot(),
        "stacks": state.stacks(),
        "bets": state.seats().iter().map(|s| s.bet).collect::<Vec<_>>(),
        "next": next.map(|s| s + 1),
        "to_call": next.map(|s| state.to_call(s)),
        "min_raise_to": range.map(|r| r.0),
        "max_raise_to": range.map(|r| r.1),
    })
}

/// `ranking`'s player numbers as seats, written over `out`, whose groups
/// are reused: a showdown allocated a vector per group (issue 35).
fn seats_into(ranking: &[Vec<usize>], out: &mut Vec<Vec<Seat>>) {
    out.truncate(ranking.len());
    for (i, group) in ranking.iter().enumerate() {
        if i == out.len() {
            out.push(Vec::with_capacity(group.len()));
        }
        let seats = &mut out[i];
        seats.clear();
        seats.extend(group.iter().map(|p| p.saturating_sub(1)));
    }
}

/// The state after one player action, for the `--json` line that
/// [`ActionStep::json`] builds. Built only by a caller that prints it: the
/// line costs several times the engine's work.
#[derive(Debug, Clone, Copy)]
pub struct ActionStep<'a> {
    pub hand: usize,
    pub step: usize,
    /// Not a `&str`: reading the text back out of an [`phh::ActionText`]
    /// checks it again, work that only a caller that prints it should do.
    pub text: &'a phh::ActionText,
    pub state: &'a HandState,
}

impl ActionStep<'_> {
    pub fn json(&self) -> Value {
        action_line(self.hand, self.step, self.text.as_str(), self.state)
    }
}

/// A set of player numbers that allocates only past the 127th: a set was
/// allocated for every street's deal.
#[derive(Default)]
struct Players {
    low: u128,
    high: BTreeSet<usize>,
}

impl Players {
    fn of(player: usize) -> Self {
        let mut set = Players::default();
        set.insert(player);
        set
    }

    /// Whether `player` was not in the set yet.
    fn insert(&mut self, player: usize) -> bool {
        if player < 128 {
            let new = self.low & 1 << player == 0;
            self.low |= 1 << player;
            new
        } else {
            self.high.insert(player)
        }
    }
}

/// Replays one hand, calling `line` after every player action; gives the final stacks.
pub fn replay_hand(
    file: &str,
    hand: &PhhHand,
    line: impl FnMut(ActionStep),
) -> Result<Vec<Chips>, ReplayError> {
    let number = hand.number;
    let spec = spec_for(hand).map_err(|error| ReplayError::Variant {
        file: file.to_string(),
        hand: number,
        error,
    })?;
    replay_with(file, hand, spec, setup_for(hand), &Extras::default(), line)
}

/// What a hand history written by dealerd says beyond PHH (its `_` fields),
/// for [`replay_with`].
#[derive(Debug, Clone, Default)]
pub struct Extras {
    /// Events the actions cannot carry, each applied before the action of
    /// its index (after the last for `actions.len()`), in index order.
    pub events: Vec<(usize, Event)>,
    /// The showdown, one result per board, where `_ranking` cannot say it.
    pub showdown: Option<Vec<BoardResult>>,
}

/// [`replay_hand`] under a given game and setup (a house's, not the
/// contract's), with the events PHH cannot say.
pub fn replay_with(
    file: &str,
    hand: &PhhHand,
    spec: crate::engine::GameSpec,
    setup: crate::engine::HandSetup,
    extras: &Extras,
    line: impl FnMut(ActionStep),
) -> Result<Vec<Chips>, ReplayError> {
    let (spec, setup) = (Arc::new(spec), Arc::new(setup));
    replay_shared(file, hand, spec, setup, extras, &mut Vec::new(), Some(line))
}

/// [`replay_with`] with the game and setup already shared: the command
/// hands one game to every hand that has the same, and reuses one setup
/// and the `showdown` results' vectors. No `line` where nothing prints a
/// step: the text output builds no step and makes no call per action
/// (issue 35).
fn replay_shared(
    file: &str,
    hand: &PhhHand,
    spec: Arc<crate::engine::GameSpec>,
    setup: Arc<crate::engine::HandSetup>,
    extras: &Extras,
    showdown: &mut Vec<BoardResult>,
    mut line: Option<impl FnMut(ActionStep)>,
) -> Result<Vec<Chips>, ReplayError> {
    let number = hand.number;
    // Inlined, so that without a `line` an action costs one test.
    #[inline(always)]
    fn emit(
        line: &mut Option<impl FnMut(ActionStep)>,
        hand: usize,
        step: usize,
        text: &phh::ActionText,
        state: &HandState,
    ) {
        if let Some(line) = line.as_mut() {
            line(ActionStep {
                hand,
                step,
                text,
                state,
            });
        }
    }
    let mut extra = extras.events.iter().peekable();
    let mut state = HandState::new(spec, setup).map_err(|error| ReplayError::Setup {
        file: file.to_string(),
        hand: number,
        error,
    })?;
    state
        .apply_mut(&Event::PostForced)
        .map_err(|error| ReplayError::Rule {
            file: file.to_string(),
            hand: number,
            step: 0,
            action: "forced bets".into(),
            error,
        })?;
    let first_round_skipped = state.setup().skip_first_bet;
    let mut acted = false;
    // Hole cards come one player at a time; a street's deal is one event.
    let mut dealt: Option<Players> = None;
    let mut after_draw = false;
    for (step, action) in hand.actions.iter().enumerate() {
        let fail = |error| ReplayError::Rule {
            file: file.to_string(),
            hand: number,
            step,
            action: action.text.to_string(),
            error,
        };
        while let Some((_, event)) = extra.next_if(|(at, _)| *at <= step) {
            apply(&mut state, event, fail)?;
            dealt = None;
        }
        let event = match action.kind {
            ActionKind::DealHole { player } => {
                if after_draw {
                    continue; // replacement cards after a draw
                }
                if let Some(set) = dealt.as_mut() {
                    if set.insert(player) {
                        continue;
                    }
                }
                dealt = Some(Players::of(player));
                Some(Event::Deal)
            }
            ActionKind::DealBoard => {
                dealt = None;
                Some(Event::Deal)
            }
            _ => None,
        };
        if let Some(event) = event {
            apply(&mut state, &event, fail)?;
            continue;
        }
        dealt = None;
        after_draw = false;
        let (seat, event) = match action.kind {
            ActionKind::Fold { player } => (player - 1, Action::Fold),
            ActionKind::CheckCall { player } => (player - 1, Action::CheckCall),
            ActionKind::CompleteBetRaise { player, to } => (player - 1, Action::BetRaiseTo(to)),
            ActionKind::BringIn { player } => (player - 1, Action::BringIn),
            ActionKind::ShowMuck { player } => {
                apply(&mut state, &Event::Show(player - 1), fail)?;
                emit(&mut line, number, step, &action.text, &state);
                continue;
            }
            ActionKind::Draw { player } => {
                let cards = action
                    .text
                    .split_whitespace()
                    .nth(2)
                    .map_or(0, |c| c.len() / 2);
                let n = u8::try_from(cards).unwrap_or(u8::MAX);
                apply(&mut state, &Event::Draw(player - 1, n), fail)?;
                after_draw = true;
                emit(&mut line, number, step, &action.text, &state);
                continue;
            }
            ActionKind::DealHole { .. } | ActionKind::DealBoard => continue,
        };
        if first_round_skipped
            && !acted
            && event == Action::CheckCall
            && matches!(state.phase(), Phase::Dealing(_))
        {
            // A bomb pot's first round, written as everyone's check for
            // PHH's readers (the writer's `bomb_checks`): the house's game
            // has no such round.
            continue;
        }
        if state.awaiting_opener() {
            apply(&mut state, &Event::NameOpener(seat), fail)?;
        }
        apply(&mut state, &Event::Act(seat, event), fail)?;
        acted = true;
        emit(&mut line, number, step, &action.text, &state);
    }
    for (_, event) in extra {
        state
            .apply_mut(event)
            .map_err(|error| ReplayError::Showdown {
                file: file.to_string(),
                hand: number,
                error,
            })?;
    }
    if state.phase() == Phase::Showdown {
        let event = Event::Showdown(match &extras.showdown {
            Some(results) => results.clone(),
            None => {
                let mut results = std::mem::take(showdown);
                results.resize_with(1, BoardResult::default);
                seats_into(&hand.ranking, &mut results[0].high);
                seats_into(&hand.ranking_low, &mut results[0].low);
                results
            }
        });
        let applied = state.apply_mut(&event);
        if let (Event::Showdown(results), None) = (event, &extras.showdown) {
            *showdown = results;
        }
        applied.map_err(|error| ReplayError::Showdown {
            file: file.to_string(),
            hand: number,
            error,
        })?;
    }
    if state.phase() != Phase::Complete {
        return Err(ReplayError::Unfinished {
            file: file.to_string(),
            hand: number,
            expected: state.expected(),
        });
    }
    Ok(state.final_stacks())
}

/// The `replay` command: every hand of every file, stopping at the first
/// error. A hand dealerd wrote replays under the game it was played under
/// (its `_spec`, `_setup` and extras, see [`own`]); any other under the
/// replay contract. Hands are named by their `hand` field where they have
/// one.
pub fn run(
    files: &[impl AsRef<Path>],
    json: bool,
    out: &mut impl Write,
) -> Result<(), ReplayError> {
    let mut text = String::new();
    let mut file_out: Vec<u8> = Vec::new();
    let mut hand = PhhHand::empty();
    let mut plain = Plain::default();
    for path in files {
        let path = path.as_ref();
        let name = path.display().to_string();
        let multi = phh::read_text(path, &mut text)?;
        file_out.clear();
        // A closed stdout is ignored.
        match plain.stream(&name, &text, multi, json, &mut hand, &mut file_out) {
            Some(result) => {
                let _ = out.write_all(&file_out);
                result?;
            }
            None => plain.whole(&name, &text, multi, json, out)?,
        }
    }
    Ok(())
}

/// What the command keeps from hand to hand of the hands it replays under
/// the contract, so that a hand allocates little (issue 35).
#[derive(Default)]
struct Plain {
    /// The text line of the hand's end.
    line: Vec<u8>,
    /// The game of the last hand, handed to the next hands that have the same.
    last_spec: Option<Arc<crate::engine::GameSpec>>,
    /// One setup, rewritten for each hand.
    setup: Option<Arc<crate::engine::HandSetup>>,
    showdown: Vec<BoardResult>,
}

impl Plain {
    /// A file's hands replayed as they are read, one at a time over
    /// `hand`, their lines written to `out`; `None` where [`Plain::whole`]
    /// must replay the file instead (the fast reader cannot say, or a hand
    /// has dealerd's own fields), and what was written to `out` must be
    /// dropped. So `out` holds, after `Some`, exactly what `whole` writes.
    fn stream(
        &mut self,
        name: &str,
        text: &str,
        multi: bool,
        json: bool,
        hand: &mut PhhHand,
        out: &mut Vec<u8>,
    ) -> Option<Result<(), ReplayError>> {
        let mut hands = phh::Hands::new(text, multi);
        while hands.next_into(hand)? {
            if hands.own() {
                return None;
            }
            if let Err(error) = self.replay(name, hand, json, out) {
                // `whole` refuses the file before its first hand when a
                // later hand does not read: read on to know.
                while hands.next_into(hand)? {
                    if hands.own() {
                        return None;
                    }
                }
                return Some(Err(error));
            }
        }
        Some(Ok(()))
    }

    /// A file read whole, then every hand replayed: the path for any file.
    /// Read again, whole, only for the fields PHH's reader skips, and only
    /// in a file that has them: a second parse costs several times the
    /// first (issue 35).
    fn whole(
        &mut self,
        name: &str,
        text: &str,
        multi: bool,
        json: bool,
        out: &mut impl Write,
    ) -> Result<(), ReplayError> {
        let (hands, has_own) = phh::parse_str_noting(name, text, multi)?;
        let tables = if has_own {
            own::tables(text, hands.len())
        } else {
            Vec::new()
        };
        for (i, mut hand) in hands.into_iter().enumerate() {
            let fields = tables.get(i);
            if let Some(n) = fields.and_then(own::number) {
                hand.number = n;
            }
            match fields.and_then(own::house_game) {
                Some(Ok((spec, setup, extras))) => {
                    let step = |step: ActionStep| step_line(json, out, step);
                    let stacks = replay_with(name, &hand, spec, setup, &extras, step)?;
                    self.end_line(name, &hand, &stacks, json, out);
                }
                Some(Err(error)) => {
                    return Err(ReplayError::Own {
                        file: name.to_string(),
                        hand: hand.number,
                        error,
                    })
                }
                None => self.replay(name, &hand, json, out)?,
            }
        }
        Ok(())
    }

    /// One hand under the replay contract, as `replay_hand`, with the game
    /// shared by the hands that have the same and one setup rewritten for
    /// each (issue 35: three allocations a hand).
    fn replay(
        &mut self,
        name: &str,
        hand: &PhhHand,
        json: bool,
        out: &mut impl Write,
    ) -> Result<(), ReplayError> {
        let spec = spec_for(hand).map_err(|error| ReplayError::Variant {
            file: name.to_string(),
            hand: hand.number,
            error,
        })?;
        let spec = match &self.last_spec {
            Some(last) if **last == spec => Arc::clone(last),
            _ => Arc::clone(self.last_spec.insert(Arc::new(spec))),
        };
        // Only this holds the setup once a hand is done.
        match self.setup.as_mut().and_then(Arc::get_mut) {
            Some(setup) => variant::setup_into(hand, setup),
            None => self.setup = Some(Arc::new(setup_for(hand))),
        }
        let shared = Arc::clone(self.setup.get_or_insert_with(|| Arc::new(setup_for(hand))));
        let step = json.then_some(|step: ActionStep| step_line(json, out, step));
        let extras = Extras::default();
        let stacks = replay_shared(name, hand, spec, shared, &extras, &mut self.showdown, step)?;
        self.end_line(name, hand, &stacks, json, out);
        Ok(())
    }

    /// The hand's last line. A closed stdout is ignored.
    fn end_line(
        &mut self,
        name: &str,
        hand: &PhhHand,
        stacks: &[Chips],
        json: bool,
        out: &mut impl Write,
    ) {
        let _ = if json {
            writeln!(
                out,
                "{}",
                json!({"hand": hand.number, "final_stacks": stacks})
            )
        } else {
            // As `"{name} hand {}: {} final stacks {:?}"` wrote it, built
            // in one buffer: the formatting machinery was a tenth of the
            // command's time on a file of short hands (issue 35).
            let line = &mut self.line;
            line.clear();
            line.extend_from_slice(name.as_bytes());
            line.extend_from_slice(b" hand ");
            push_number(line, hand.number as u64);
            line.extend_from_slice(b": ");
            line.extend_from_slice(hand.variant.as_bytes());
            line.extend_from_slice(b" final stacks [");
            for (i, &chips) in stacks.iter().enumerate() {
                if i > 0 {
                    line.extend_from_slice(b", ");
                }
                push_number(line, chips);
            }
            line.extend_from_slice(b"]\n");
            out.write_all(line)
        };
    }
}

/// `state.apply_mut(event).map_err(fail)`, inlined: `map_err` was a call
/// that copied the whole `Result` at every event (issue 35).
#[inline(always)]
fn apply(
    state: &mut HandState,
    event: &Event,
    fail: impl FnOnce(RuleError) -> ReplayError,
) -> Result<(), ReplayError> {
    match state.apply_mut(event) {
        Ok(()) => Ok(()),
        Err(error) => Err(fail(error)),
    }
}

/// Lines stream as the hand goes, so a refused action shows what led up
/// to it; a failing hand prints no final_stacks. A closed stdout is ignored.
fn step_line(json: bool, out: &mut impl Write, step: ActionStep) {
    if json {
        let _ = writeln!(out, "{}", step.json());
    }
}

/// `n` in decimal, as `Display` writes it.
fn push_number(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_are_written_as_display_writes_them() {
        for n in [0, 1, 9, 10, 99, 100, 4_000, 1_234_567, u64::MAX] {
            let mut out = Vec::new();
            super::push_number(&mut out, n);
            assert_eq!(out, n.to_string().into_bytes());
        }
    }
}
