//! The state task's inbox: a bounded channel that producers on other threads
//! (the GPIO interrupt thread, the RFID thread) can only `try_send` into.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use tokio::sync::mpsc;

use crate::daemon::session::Input;

/// What happened to an offered input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offer {
    Sent,
    /// The channel was full: the input is lost and counted.
    Dropped,
    /// The state task is gone (shutting down).
    Closed,
}

/// A producer's end of the inbox. Never blocks: a button press arrives on
/// rpi-pal's interrupt thread, and stalling that thread would stall every
/// button, so when the state task is that far behind the press is dropped
/// and counted instead (the state task logs the count).
#[derive(Debug, Clone)]
pub struct InputTx {
    tx: mpsc::Sender<Input>,
    dropped: Arc<AtomicU64>,
}

impl InputTx {
    /// A channel holding at most `capacity` inputs (at least one).
    pub fn channel(capacity: usize) -> (InputTx, mpsc::Receiver<Input>) {
        let (tx, rx) = mpsc::channel(capacity.max(1));
        let dropped = Arc::new(AtomicU64::new(0));
        (InputTx { tx, dropped }, rx)
    }

    pub fn offer(&self, input: Input) -> Offer {
        match self.tx.try_send(input) {
            Ok(()) => Offer::Sent,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.dropped.fetch_add(1, Ordering::Relaxed);
                Offer::Dropped
            }
            Err(mpsc::error::TrySendError::Closed(_)) => Offer::Closed,
        }
    }

    /// Inputs dropped on a full channel since the start.
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }
}
