//! A hand as a log of events: the state is the fold of the log, and undo pops it (D5).

use std::sync::Arc;

use super::error::{ReplayError, RuleError, SetupError};
use super::event::Event;
use super::spec::{GameSpec, HandSetup};
use super::state::HandState;

/// The events of one hand with the state after each, so undo is O(1).
/// A finished hand may be [compacted](Hand::compact) to its last state.
#[derive(Debug, Clone)]
pub struct Hand {
    events: Vec<Event>,
    /// Never empty. Uncompacted, `states[i]` is the state before `events[i]`.
    states: Vec<HandState>,
}

impl Hand {
    pub fn new(spec: Arc<GameSpec>, setup: Arc<HandSetup>) -> Result<Self, SetupError> {
        Ok(Hand {
            // Room for a short hand's events without growing one at a time.
            events: Vec::with_capacity(16),
            states: vec![HandState::new(spec, setup)?],
        })
    }

    /// Rebuilds a hand from its events, as crash recovery does.
    pub fn replay(
        spec: Arc<GameSpec>,
        setup: Arc<HandSetup>,
        events: impl IntoIterator<Item = Event>,
    ) -> Result<Self, ReplayError> {
        let mut hand = Hand::new(spec, setup)?;
        for (index, e) in events.into_iter().enumerate() {
            hand.apply(e)
                .map_err(|error| ReplayError::Event { index, error })?;
        }
        Ok(hand)
    }

    pub fn state(&self) -> &HandState {
        // `states` always holds the initial state.
        &self.states[self.states.len() - 1]
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Applies and records `event`; a refused event records nothing.
    pub fn apply(&mut self, event: Event) -> Result<&HandState, RuleError> {
        let next = self.state().apply(&event)?;
        self.events.push(event);
        self.states.push(next);
        Ok(self.state())
    }

    /// Applies and records `event` without keeping the state before it, as
    /// recovery does for hands older than undo reaches: such a hand keeps
    /// its current state only, like a [compacted](Hand::compact) one.
    pub fn apply_forward(&mut self, event: Event) -> Result<&HandState, RuleError> {
        let keep = self.states.len() - 1;
        self.states.drain(..keep);
        let state = &mut self.states[0];
        state.apply_mut(&event)?;
        self.events.push(event);
        Ok(state)
    }

    /// Takes back the last event, as far as the start of the hand (or, on
    /// a compacted hand, not at all).
    pub fn undo(&mut self) -> Option<Event> {
        if self.states.len() < 2 {
            return None;
        }
        self.states.pop();
        self.events.pop()
    }

    /// Drops the states before the last one. A table keeps a hand that is
    /// over for its result and history; its earlier states are only for
    /// undo, which keeps a copy of its own (`table::Night`).
    pub fn compact(&mut self) {
        let keep = self.states.len() - 1;
        self.states.drain(..keep);
    }

    /// A copy with the events and the current state only: what a check of
    /// a hypothetical event needs, at the cost of the hand's length in
    /// events rather than in states.
    pub fn clone_compact(&self) -> Hand {
        Hand {
            events: self.events.clone(),
            states: vec![self.state().clone()],
        }
    }
}
