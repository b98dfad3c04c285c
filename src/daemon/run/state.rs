//! The state task's bookkeeping around the [`Session`]: after every input
//! or tick it logs the session's notices, publishes the frame if it
//! changed, and keeps systemd's status line current.

use std::time::Duration;

use tokio::sync::watch;
use tracing::{debug, error, info, warn};

use super::input::InputTx;
use super::notify::Notifier;
use crate::daemon::session::{Input, Level};
use crate::daemon::store::Stored;
use crate::ui::frame::Frame;

pub struct Core {
    pub session: Stored,
    frames: watch::Sender<Frame>,
    notifier: Notifier,
    /// For the count of inputs the channel had to drop.
    inbox: InputTx,
    dropped_seen: u64,
    failure_logged: bool,
    status: String,
}

impl Core {
    /// Logs what opening the session had to say and sets the first status.
    pub fn new(
        session: Stored,
        frames: watch::Sender<Frame>,
        notifier: Notifier,
        inbox: InputTx,
    ) -> Core {
        let mut core = Core {
            session,
            frames,
            notifier,
            inbox,
            dropped_seen: 0,
            failure_logged: false,
            status: String::new(),
        };
        core.after();
        core
    }

    pub fn notifier(&self) -> &Notifier {
        &self.notifier
    }

    pub fn input(&mut self, input: Input, now: Duration) {
        debug!(?input, "input");
        let reload = matches!(input, Input::ReloadFile | Input::Reload { .. });
        self.session.handle(input, now);
        self.after();
        if reload {
            // Every reload answers with a status, changed or not: it is how
            // an operator (and the SIGHUP test) sees which rules are in force.
            self.notifier.status(&self.status);
        }
        debug!("handled");
    }

    pub fn tick(&mut self, now: Duration) {
        self.session.tick(now);
        self.after();
    }

    fn after(&mut self) {
        for n in self.session.take_notices() {
            match n.level {
                Level::Info => info!("{}", n.text),
                Level::Warn => warn!("{}", n.text),
                Level::Error => error!("{}", n.text),
            }
        }
        let dropped = self.inbox.dropped();
        if dropped > self.dropped_seen {
            warn!(
                "input channel full: {} inputs dropped ({dropped} in all)",
                dropped - self.dropped_seen
            );
            self.dropped_seen = dropped;
        }
        if let (Some(why), false) = (self.session.failure(), self.failure_logged) {
            error!("nothing more can be confirmed: {why}");
            self.failure_logged = true;
        }
        let frame = self.session.frame();
        // send_if_modified: an unchanged screen wakes nobody.
        self.frames.send_if_modified(|shown| {
            let changed = *shown != frame;
            if changed {
                *shown = frame;
            }
            changed
        });
        let status = self.status_line();
        if status != self.status {
            self.notifier.status(&status);
            self.status = status;
        }
    }

    fn status_line(&self) -> String {
        let rules = self.session.rules();
        match self.session.failure() {
            Some(why) => format!("stopped: {why}"),
            None => format!(
                "rules: {} ({}); {} hands",
                rules.house.name,
                self.session.rules_in_force().name(),
                self.session.night().table().hands_dealt()
            ),
        }
    }
}
