//! The state task's side of room mode: after every input it hands the
//! publisher (`room::publish`, on a thread of its own) the table's
//! snapshot through a `watch`, and never waits for it.

use tokio::sync::watch;

use crate::daemon::store::Stored;
use crate::room::payload::State;

/// The snapshots of one table for its publisher.
pub struct RoomFeed {
    table: String,
    states: watch::Sender<State>,
    /// The night's generation last looked at: no change, no snapshot.
    generation: u64,
}

impl RoomFeed {
    /// A feed for table `table`, starting from `session`'s table.
    pub fn new(table: &str, session: &Stored) -> (RoomFeed, watch::Receiver<State>) {
        let night = session.session().night();
        let (states, rx) = watch::channel(State::of(table, night));
        let feed = RoomFeed {
            table: table.to_string(),
            states,
            generation: night.generation(),
        };
        (feed, rx)
    }

    /// Hands over a new snapshot if the night changed.
    pub fn update(&mut self, session: &Stored) {
        let night = session.session().night();
        if night.generation() == self.generation {
            return;
        }
        self.generation = night.generation();
        let state = State::of(&self.table, night);
        // A refused event changes the generation and not the table.
        self.states.send_if_modified(|old| {
            let changed = *old != state;
            if changed {
                *old = state;
            }
            changed
        });
    }
}
