//! `--devices fake` on stdout: each frame the fake panel took, as text
//! ([`term::boxed`] and a blank line), and what the stdin keys have to say.
//!
//! Writing is a thread of its own, fed by a channel: a terminal or pipe that
//! stops reading blocks only this thread, never the OLED thread that hands
//! it frames or the state task. The channel is unbounded, so a stdout
//! nobody reads holds the frames meanwhile (about 1 kB each, at most one
//! per input or clock second); a closed one ends the thread and the frames
//! are dropped.

use std::io::{self, Write};
use std::sync::mpsc;

use tracing::debug;

use super::display::ShownHook;
use crate::daemon::term;
use crate::ui::frame::Frame;

enum Out {
    Frame(Box<Frame>),
    Say(String),
}

/// The sending end; clones share the one writer, so frames and messages
/// come out in the order they were sent.
#[derive(Clone)]
pub struct Stdout(mpsc::Sender<Out>);

impl Stdout {
    /// Writes to the process's stdout.
    pub fn spawn() -> io::Result<Stdout> {
        Stdout::spawn_to(io::stdout())
    }

    /// Writes to `w` (tests).
    pub fn spawn_to(mut w: impl Write + Send + 'static) -> io::Result<Stdout> {
        let (tx, rx) = mpsc::channel();
        super::log::spawn("stdout", move || {
            for out in rx {
                let text = match out {
                    Out::Frame(frame) => format!("{}\n", term::boxed(&frame)),
                    Out::Say(text) => format!("{}\n", term::wrap(&text)),
                };
                if let Err(e) = w.write_all(text.as_bytes()).and_then(|()| w.flush()) {
                    debug!("stdout: {e}; frames are no longer printed");
                    return;
                }
            }
        })?;
        Ok(Stdout(tx))
    }

    /// A message on a line of its own (wrapped to 80 columns).
    pub fn say(&self, text: impl Into<String>) {
        // The thread is gone only when stdout is closed: nobody to tell.
        let _ = self.0.send(Out::Say(text.into()));
    }

    /// For the OLED thread: prints each frame the panel took.
    pub fn shown_hook(&self) -> ShownHook {
        let tx = self.0.clone();
        Box::new(move |frame| {
            let _ = tx.send(Out::Frame(Box::new(frame.clone())));
        })
    }
}
