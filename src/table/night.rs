//! A night as a log of table events. The table is the fold of the log; undo
//! pops the last event and refolds from the nearest checkpoint.

use std::sync::Arc;

use super::{Table, TableError, TableEvent};
use crate::rules::HouseRules;

/// Checkpoints kept for fast undo; older undos refold from the start.
const CHECKPOINTS: usize = 16;

#[derive(Debug, Clone)]
pub struct Night {
    /// The rules the night started under: a refold from the start begins
    /// here, and `Rules` events in the log take it from there.
    initial: Arc<HouseRules>,
    events: Vec<TableEvent>,
    table: Table,
    /// (events before it, the table then), taken before each new hand.
    checkpoints: Vec<(usize, Table)>,
}

impl Night {
    pub fn new(rules: Arc<HouseRules>) -> Night {
        Night {
            table: Table::new(Arc::clone(&rules)),
            initial: rules,
            events: Vec::new(),
            checkpoints: Vec::new(),
        }
    }

    /// Folds a journal; the error names the index of the event that was refused.
    pub fn replay(
        rules: Arc<HouseRules>,
        events: impl IntoIterator<Item = TableEvent>,
    ) -> Result<Night, (usize, TableError)> {
        let mut night = Night::new(rules);
        for (i, e) in events.into_iter().enumerate() {
            night.apply(e).map_err(|err| (i, err))?;
        }
        Ok(night)
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn events(&self) -> &[TableEvent] {
        &self.events
    }

    /// The house rules in force now: the last `Rules` event's, or the
    /// night's first.
    pub fn rules(&self) -> &Arc<HouseRules> {
        &self.table.rules
    }

    /// The rules the night started under, which a replay of
    /// [`Night::events`] must start from.
    pub fn initial_rules(&self) -> &Arc<HouseRules> {
        &self.initial
    }

    /// Checks `event` without recording it.
    pub fn verify(&self, event: &TableEvent) -> Result<(), TableError> {
        self.table.clone().apply(event)
    }

    pub fn apply(&mut self, event: TableEvent) -> Result<&Table, TableError> {
        let before = matches!(event, TableEvent::NewHand).then(|| self.table.clone());
        self.table.apply(&event)?;
        if let Some(table) = before {
            self.checkpoints.push((self.events.len(), table));
            if self.checkpoints.len() > CHECKPOINTS {
                self.checkpoints.remove(0);
            }
        }
        self.events.push(event);
        Ok(&self.table)
    }

    /// Takes back the last event of the night.
    pub fn undo(&mut self) -> Option<TableEvent> {
        let event = self.events.pop()?;
        let len = self.events.len();
        self.checkpoints.retain(|(at, _)| *at <= len);
        let (start, table) = match self.checkpoints.last() {
            Some((at, t)) => (*at, t.clone()),
            // Rules events in the log bring the rules back to what they were.
            None => (0, Table::new(Arc::clone(&self.initial))),
        };
        self.table = table;
        for e in &self.events[start..] {
            // These events were accepted before, in this order, from this state.
            if self.table.apply(e).is_err() {
                break;
            }
        }
        Some(event)
    }
}
