//! The state task's side of room mode: after every input it hands the
//! publisher (`room::publish`, on a thread of its own) the table's
//! snapshot and how much of the journal is durable through a `watch`, and
//! never waits for it.

use tokio::sync::watch;

use crate::daemon::store::Stored;
use crate::room::payload::State;
use crate::room::publish::Feed;

/// The snapshots of one table for its publisher.
pub struct RoomFeed {
    table: String,
    states: watch::Sender<Feed>,
    /// The night's generation last looked at: no change, no snapshot.
    generation: u64,
}

impl RoomFeed {
    /// A feed for table `table`, starting from `session`'s table.
    pub fn new(table: &str, session: &Stored) -> (RoomFeed, watch::Receiver<Feed>) {
        let night = session.session().night();
        let (states, rx) = watch::channel(Feed {
            state: State::of(table, night),
            durable: session.journal_durable_end(),
        });
        let feed = RoomFeed {
            table: table.to_string(),
            states,
            generation: night.generation(),
        };
        (feed, rx)
    }

    /// Hands over a new snapshot if the night changed, and the journal's
    /// confirmed length if it grew: the publisher sends no record the
    /// journal has not fsynced (a failed fsync cuts the line back off).
    pub fn update(&mut self, session: &Stored) {
        let night = session.session().night();
        let durable = session.journal_durable_end();
        let state = (night.generation() != self.generation).then(|| {
            self.generation = night.generation();
            State::of(&self.table, night)
        });
        // A refused event changes the generation and not the table.
        self.states.send_if_modified(|old| {
            let mut changed = old.durable != durable;
            old.durable = durable;
            if let Some(state) = state {
                if old.state != state {
                    old.state = state;
                    changed = true;
                }
            }
            changed
        });
    }
}
