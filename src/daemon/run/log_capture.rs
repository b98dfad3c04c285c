//! A tracing layer that keeps every log line, for the tests that prove a
//! fault is logged once and for waiting on something the daemon logs
//! instead of sleeping.

use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

use tracing::Level;
use tracing_subscriber::layer::{Context, Layer, SubscriberExt};

type Lines = Vec<(Level, String)>;

/// Every event logged through it, as (level, message), with a way to wait.
#[derive(Clone, Default)]
pub struct LogCapture(Arc<(Mutex<Lines>, Condvar)>);

impl LogCapture {
    /// Lines at `level` that contain `needle`.
    pub fn count(&self, level: Level, needle: &str) -> usize {
        let lines = self.0 .0.lock().unwrap_or_else(PoisonError::into_inner);
        matching(&lines, level, needle)
    }

    /// Waits until `n` lines at `level` contain `needle`, or `limit` passes;
    /// the lines so far when it did not happen.
    pub fn wait(&self, level: Level, needle: &str, n: usize, limit: Duration) -> Result<(), Lines> {
        let (lock, cvar) = &*self.0;
        let lines = lock.lock().unwrap_or_else(PoisonError::into_inner);
        let (lines, timeout) = cvar
            .wait_timeout_while(lines, limit, |lines| matching(lines, level, needle) < n)
            .unwrap_or_else(PoisonError::into_inner);
        if timeout.timed_out() {
            Err(lines.clone())
        } else {
            Ok(())
        }
    }

    /// A dispatcher that sends every event here.
    pub fn dispatch(&self) -> tracing::Dispatch {
        tracing::Dispatch::new(tracing_subscriber::registry().with(self.clone()))
    }

    /// Runs `f` with every event on this thread captured.
    pub fn capture<T>(&self, f: impl FnOnce() -> T) -> T {
        tracing::dispatcher::with_default(&self.dispatch(), f)
    }
}

fn matching(lines: &Lines, level: Level, needle: &str) -> usize {
    lines
        .iter()
        .filter(|(l, m)| *l == level && m.contains(needle))
        .count()
}

struct Message(String);

impl tracing::field::Visit for Message {
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            self.0 = format!("{value:?}");
        }
    }
}

impl<S: tracing::Subscriber> Layer<S> for LogCapture {
    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        let mut m = Message(String::new());
        event.record(&mut m);
        let (lock, cvar) = &*self.0;
        lock.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((*event.metadata().level(), m.0));
        cvar.notify_all();
    }
}
