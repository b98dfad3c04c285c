//! D3's clock on the seat to act, and the session's sense of time: when
//! the screen next changes by itself. Apart because time, not a press,
//! drives it.

use std::time::Duration;

use crate::engine::{Action, Event};
use crate::table::TableEvent;
use crate::ui::{Ack, Screen, HOST_WARN_SECS};

use super::{Clock, Level, Run, Session};

impl Session {
    /// Seconds left on a running clock, rounded up as a countdown shows them.
    pub fn clock_left(&self) -> Option<u32> {
        self.clock.map(|c| secs_up(self.left(c)))
    }

    pub(super) fn left(&self, c: Clock) -> Duration {
        match c.run {
            Run::Until(t) => t.saturating_sub(self.now),
            Run::Paused(left) => left,
        }
    }

    /// D3 in amount entry: opening entry for the player on the clock means
    /// they have acted, so the clock waits there; it goes on from where it
    /// stood if the entry is cancelled.
    pub(super) fn pause_clock(&mut self) {
        let Some(c) = self.clock else { return };
        let entering = match self.ctl.screen(&self.view()) {
            Screen::Entry(e) => {
                let hand = self.night.table().live_hand();
                hand.and_then(|h| h.order.get(e.seat).copied()) == Some(c.seat)
            }
            _ => false,
        };
        let run = match (c.run, entering) {
            (Run::Until(t), true) => Run::Paused(t.saturating_sub(self.now)),
            (Run::Paused(left), false) => Run::Until(self.now + left),
            (run, _) => run,
        };
        self.clock = Some(Clock { run, ..c });
    }

    /// When the screen next changes without input: the clock's next second,
    /// the host lock, or its warning's next second. The shell sleeps until
    /// then (or the next input).
    pub fn next_wake(&self) -> Option<Duration> {
        let clock = self.clock.and_then(|c| match c.run {
            Run::Until(t) => Some(next_second(self.now, t)),
            Run::Paused(_) => None,
        });
        let host = self.host_until.map(|t| {
            let warn = t.saturating_sub(Duration::from_secs(u64::from(HOST_WARN_SECS)));
            if self.now < warn {
                warn
            } else {
                next_second(self.now, t)
            }
        });
        let note = self.said.as_ref().and_then(|s| s.until);
        let recorded = self.recorded.as_ref().and_then(|s| s.until);
        [clock, host, note, recorded].into_iter().flatten().min()
    }

    /// D3: the clock goes on the seat to act, for the house's seconds.
    pub(super) fn start_clock(&mut self) {
        let table = self.night.table();
        let to_act = table.live_hand().and_then(|h| {
            let hs = h.state().legal_actions()?.seat;
            h.order.get(hs).copied()
        });
        let Some(seat) = to_act else {
            self.say("the clock needs a player to act");
            return;
        };
        let secs = table.rules().clock_limit();
        self.clock = Some(Clock {
            seat,
            hand: table.hands_dealt(),
            run: Run::Until(self.now + Duration::from_secs(u64::from(secs))),
        });
        self.notice(
            Level::Info,
            format!("clock called on seat {} ({secs} s)", seat + 1),
        );
    }

    /// D3: time is up; the hand of the seat still to act is folded.
    pub(super) fn clock_ran_out(&mut self, c: Clock) {
        let table = self.night.table();
        let Some(hand) = table.live_hand() else {
            return;
        };
        let Some(la) = hand.state().legal_actions() else {
            return;
        };
        if table.hands_dealt() != c.hand || hand.order.get(la.seat) != Some(&c.seat) {
            return;
        }
        let name = table
            .player(c.seat)
            .map_or_else(|| format!("seat {}", c.seat + 1), |p| p.name.to_string());
        // D3 folds the hand; where the house refuses a fold that costs
        // nothing (checking is free), the hand checks instead: the same
        // "no action", without breaking the house's other rule.
        let fold = TableEvent::Hand(Event::Act(la.seat, Action::Fold));
        let (event, what) = if self.night.verify(&fold).is_ok() {
            (fold, "folds")
        } else {
            (
                TableEvent::Hand(Event::Act(la.seat, Action::CheckCall)),
                "checks (a free check cannot be folded here)",
            )
        };
        self.notice(Level::Info, format!("clock: {name}'s time is up, {what}"));
        if self.apply(event) {
            self.ack = Some(Ack {
                title: "TIME".into(),
                text: format!("{name} {what}"),
            });
        }
    }
}

/// Whole seconds, rounded up as a countdown shows them.
pub(super) fn secs_up(d: Duration) -> u32 {
    u32::try_from(d.as_millis().div_ceil(1000)).unwrap_or(u32::MAX)
}

/// The next time a countdown to `end` shows a new second.
fn next_second(now: Duration, end: Duration) -> Duration {
    let left = end.saturating_sub(now);
    let into_second = Duration::from_millis(u64::try_from(left.as_millis() % 1000).unwrap_or(0));
    if into_second.is_zero() {
        now + Duration::from_secs(1).min(left.max(Duration::from_millis(1)))
    } else {
        now + into_second
    }
}
