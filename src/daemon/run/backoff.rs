//! Waiting between retries, and a sleep that a shutdown cuts short.

use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

/// Retry delays that double from `first` up to `max`: a device that is gone
/// for the evening costs one attempt per `max`, one that was bumped comes
/// back within about a second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backoff {
    first: Duration,
    max: Duration,
    next: Duration,
}

impl Backoff {
    /// `first` is at least a millisecond and `max` at least `first`, so a
    /// config of zeros cannot turn a retry loop into a spin.
    pub fn new(first: Duration, max: Duration) -> Backoff {
        let first = first.max(Duration::from_millis(1));
        let max = max.max(first);
        Backoff {
            first,
            max,
            next: first,
        }
    }

    /// The delay before the next attempt; each call doubles the one after.
    pub fn next_delay(&mut self) -> Duration {
        let now = self.next;
        self.next = now.saturating_mul(2).min(self.max);
        now
    }

    /// The device answered: the next outage starts from `first` again.
    pub fn reset(&mut self) {
        self.next = self.first;
    }
}

/// Tells the device threads to finish. Their waits are [`StopFlag::sleep`],
/// so they notice at once rather than after a poll interval or a backoff.
#[derive(Debug, Clone, Default)]
pub struct StopFlag(Arc<(Mutex<bool>, Condvar)>);

impl StopFlag {
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    pub fn stop(&self) {
        let (lock, cvar) = &*self.0;
        *lock.lock().unwrap_or_else(PoisonError::into_inner) = true;
        cvar.notify_all();
    }

    pub fn is_stopped(&self) -> bool {
        *self.0 .0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Sleeps for `d` or until stopped; true when stopped.
    pub fn sleep(&self, d: Duration) -> bool {
        let (lock, cvar) = &*self.0;
        let guard = lock.lock().unwrap_or_else(PoisonError::into_inner);
        let (guard, _) = cvar
            .wait_timeout_while(guard, d, |stopped| !*stopped)
            .unwrap_or_else(PoisonError::into_inner);
        *guard
    }

    /// Blocks until stopped.
    pub fn wait(&self) {
        let (lock, cvar) = &*self.0;
        let guard = lock.lock().unwrap_or_else(PoisonError::into_inner);
        let _stopped = cvar
            .wait_while(guard, |stopped| !*stopped)
            .unwrap_or_else(PoisonError::into_inner);
    }
}
