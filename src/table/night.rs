//! A night as a log of table events. The table is the fold of the log; undo
//! takes the last event back with what [`Table::apply_undoable`] said it
//! would take, so no undo replays anything.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use super::{Table, TableError, TableEvent, Undo};
use crate::rules::HouseRules;

/// How many hands back undo reaches. Older mistakes are the host's to
/// correct (`SetStack`, `MoveSeat`); keeping every hand's undo would make
/// the night's memory grow with its length.
pub const UNDO_HANDS: usize = 32;

#[derive(Debug, Clone)]
pub struct Night {
    /// The rules the night started under.
    initial: Arc<HouseRules>,
    table: Table,
    /// The events undo can still reach, oldest first, and how to take each
    /// back: the whole night until it is longer than [`UNDO_HANDS`] hands,
    /// then everything from the start of the oldest of them.
    events: Vec<TableEvent>,
    undos: Vec<Undo>,
    /// `NewHand` events in `events`.
    hands_kept: usize,
    /// Events applied in all, those undo no longer reaches included.
    applied: usize,
    /// See [`Night::generation`].
    generation: u64,
}

/// A number no night of this process has had: drawn whenever a night may
/// have changed, so that a cache keyed on it alone is never stale.
fn next_generation() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Why [`Night::undo`] took nothing back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum UndoRefused {
    #[error("nothing to undo")]
    Nothing,
    #[error("undo goes back {UNDO_HANDS} hands at most; the host can correct stacks")]
    TooFarBack,
}

impl Night {
    pub fn new(rules: Arc<HouseRules>) -> Night {
        Night {
            table: Table::new(Arc::clone(&rules)),
            initial: rules,
            events: Vec::new(),
            undos: Vec::new(),
            hands_kept: 0,
            applied: 0,
            generation: next_generation(),
        }
    }

    /// Folds a journal; the error names the index of the event that was
    /// refused. See [`Replay`].
    pub fn replay(
        rules: Arc<HouseRules>,
        events: impl IntoIterator<Item = TableEvent>,
    ) -> Result<Night, (usize, TableError)> {
        let mut replay = Replay::new(rules);
        let index = |(i, err): (u64, TableError)| (i as usize, err);
        for (i, e) in events.into_iter().enumerate() {
            replay.event(i as u64, e).map_err(index)?;
        }
        replay.finish().map_err(index)
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The events undo can still take back, oldest first: every event of a
    /// night of up to [`UNDO_HANDS`] hands; of a longer one, those from the
    /// start of the last [`UNDO_HANDS`] hands.
    pub fn events(&self) -> &[TableEvent] {
        &self.events
    }

    /// Events applied in all (undone ones not counted).
    pub fn events_applied(&self) -> usize {
        self.applied
    }

    /// Changes with every event applied or undone (refused ones too), and
    /// differs between nights, unlike [`Night::events_applied`]: what the
    /// screens key their caches on. A clone keeps it, as it keeps the table.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The house rules in force now: the last `Rules` event's, or the
    /// night's first.
    pub fn rules(&self) -> &Arc<HouseRules> {
        &self.table.rules
    }

    /// The rules the night started under.
    pub fn initial_rules(&self) -> &Arc<HouseRules> {
        &self.initial
    }

    /// Checks `event` without recording it.
    pub fn verify(&self, event: &TableEvent) -> Result<(), TableError> {
        self.table.verify(event)
    }

    pub fn apply(&mut self, event: TableEvent) -> Result<&Table, TableError> {
        self.apply_parsed(event, None)
    }

    /// [`Night::apply`], with a `Rules` event's text already parsed by the
    /// caller to `rules` (the shell's one parse of the file, issue 35),
    /// which the table takes rather than parse the text again. They must
    /// be what the text parses to (`rules::load_str` of the event's source
    /// and text): the journal keeps the text, and a replay parses that.
    /// Other events ignore `rules`.
    pub fn apply_parsed(
        &mut self,
        event: TableEvent,
        rules: Option<Arc<HouseRules>>,
    ) -> Result<&Table, TableError> {
        self.generation = next_generation();
        let undo = self.table.apply_undoable(&event, rules)?;
        if matches!(event, TableEvent::NewHand) {
            self.hands_kept += 1;
        }
        self.events.push(event);
        self.undos.push(undo);
        self.applied += 1;
        if self.hands_kept > UNDO_HANDS {
            self.forget_oldest_hand();
        }
        Ok(&self.table)
    }

    /// Drops the undo records before the second oldest `NewHand`: once per
    /// hand, a move of about [`UNDO_HANDS`] hands' records.
    fn forget_oldest_hand(&mut self) {
        let second = self
            .events
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, TableEvent::NewHand))
            .nth(1)
            .map_or(self.events.len(), |(i, _)| i);
        let dropped_hands = self.events[..second]
            .iter()
            .filter(|e| matches!(e, TableEvent::NewHand))
            .count();
        self.events.drain(..second);
        self.undos.drain(..second);
        self.hands_kept -= dropped_hands;
    }

    /// Whether [`Night::undo`] would take something back, and if not, why.
    pub fn can_undo(&self) -> Result<(), UndoRefused> {
        match (self.events.is_empty(), self.applied) {
            (false, _) => Ok(()),
            (true, 0) => Err(UndoRefused::Nothing),
            (true, _) => Err(UndoRefused::TooFarBack),
        }
    }

    /// Takes back the last event of the night, if undo still reaches it.
    pub fn undo(&mut self) -> Option<TableEvent> {
        let event = self.events.pop()?;
        let undo = self.undos.pop()?;
        self.generation = next_generation();
        self.table.undo(undo);
        if matches!(event, TableEvent::NewHand) {
            self.hands_kept -= 1;
        }
        self.applied -= 1;
        Some(event)
    }
}

/// Folds events that were accepted before, in this order, as a restart
/// does. Events wait in a queue until they are more than [`UNDO_HANDS`]
/// hands old, then go into the table with no way back; the last hands get
/// undo records as they did live. So a restart costs one fold and holds no
/// more than the night does live, however long the journal.
#[derive(Debug)]
pub struct Replay {
    night: Night,
    /// Events not applied yet, each with its caller's number for errors.
    pending: VecDeque<(u64, TableEvent)>,
    /// `NewHand` events in `pending`.
    pending_hands: usize,
}

impl Replay {
    pub fn new(rules: Arc<HouseRules>) -> Replay {
        Replay {
            night: Night::new(rules),
            pending: VecDeque::new(),
            pending_hands: 0,
        }
    }

    /// The next event; an error names the number of the event refused,
    /// which may be an earlier one, applied now.
    pub fn event(&mut self, n: u64, event: TableEvent) -> Result<(), (u64, TableError)> {
        if matches!(event, TableEvent::NewHand) {
            self.pending_hands += 1;
        }
        self.pending.push_back((n, event));
        // As live, once a hand more than undo keeps has begun, everything
        // before the oldest hand undo keeps is for good.
        while self.pending_hands > UNDO_HANDS
            || self.pending_hands == UNDO_HANDS
                && self.night.applied > 0
                && !matches!(self.pending.front(), Some((_, TableEvent::NewHand)))
        {
            let Some((n, e)) = self.pending.pop_front() else {
                break;
            };
            if matches!(e, TableEvent::NewHand) {
                self.pending_hands -= 1;
            }
            self.night.table.apply_forward(&e).map_err(|err| (n, err))?;
            self.night.applied += 1;
        }
        Ok(())
    }

    /// Takes back the last event: one that is still waiting, as live undo
    /// never reaches further back than the hands that wait.
    pub fn undo(&mut self) -> Result<(), UndoRefused> {
        match self.pending.pop_back() {
            Some((_, e)) => {
                if matches!(e, TableEvent::NewHand) {
                    self.pending_hands -= 1;
                }
                Ok(())
            }
            None if self.night.applied == 0 => Err(UndoRefused::Nothing),
            None => Err(UndoRefused::TooFarBack),
        }
    }

    /// The night: the waiting events applied with their undo records.
    pub fn finish(mut self) -> Result<Night, (u64, TableError)> {
        for (n, e) in self.pending {
            self.night.apply(e).map_err(|err| (n, err))?;
        }
        // `event` changed the table behind the night's back.
        self.night.generation = next_generation();
        Ok(self.night)
    }
}
