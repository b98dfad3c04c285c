//! `--devices fake` driven from stdin, in the simulator's line syntax
//! ([`keys`]): a press goes into the inbox the fake buttons were given, as
//! a GPIO press does, and `:tap` puts a card on the fake MFRC522 for the
//! RFID thread to read, so the real reader code and tap filter run.
//!
//! EOF ends the input, not the daemon: the table stays up until SIGTERM or
//! SIGINT, as under systemd, so a script piped in cannot cut a night short
//! and every stop goes the one tested way (each event is fsynced as it is
//! recorded either way). Lines are read on a thread of their own: a
//! blocking read on the runtime would stall it, and tokio's stdin would
//! hold up the runtime's shutdown on SIGTERM while it waits for a line.

use std::io::{self, BufRead, Read};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;
use tracing::{info, warn};

use super::devices::FakeDevices;
use super::input::{InputTx, Offer};
use super::stdout::Stdout;
use crate::daemon::keys::{self, Command, Line, KEYS};
use crate::daemon::session::Input;
use crate::rules::{uid_hex, HouseRules};
use crate::ui::Press;

/// Longer lines are cut here: a stray binary on stdin must not grow a
/// line without end.
pub const MAX_LINE: usize = 4096;

/// How long to wait for the fake devices (the buttons' inbox, the reader
/// reading a card) before saying they did not answer. Only a wedged daemon
/// takes this long; it keeps a lost tap from hanging the input for good.
const PATIENCE: Duration = Duration::from_secs(30);

/// How often to look at the fake devices while waiting on them.
const LOOK_EVERY: Duration = Duration::from_millis(5);

const TAP: &str = ":tap UID|CARD puts a card on the reader";

/// Starts reading stdin into the fake devices. Card names are those of
/// `rules` (the night's at start); a UID taps whatever the rules say.
/// `away_polls` is the reader's [`TapFilter::away_polls`](super::TapFilter).
pub fn spawn(
    fake: FakeDevices,
    rules: Arc<HouseRules>,
    away_polls: u32,
    out: Stdout,
) -> io::Result<()> {
    let (tx, rx) = mpsc::channel(16);
    super::log::spawn("stdin", move || read_lines(io::stdin().lock(), &tx))?;
    out.say(format!("keys as in `dealerd sim`:\n{KEYS}\n{TAP}"));
    let keyboard = Keyboard {
        fake,
        rules,
        away_polls,
        out,
        buttons: None,
        lifted: None,
    };
    tokio::spawn(keyboard.drive(rx));
    Ok(())
}

/// Lines from `input` into `tx` until EOF, an error, or nobody listens.
/// Invalid UTF-8 is replaced, not fatal: it is still a line of keys.
pub fn read_lines(mut input: impl BufRead, tx: &mpsc::Sender<String>) {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let limit = u64::try_from(MAX_LINE).unwrap_or(u64::MAX);
        match input.by_ref().take(limit).read_until(b'\n', &mut buf) {
            Ok(0) => {
                info!("stdin closed: no more keys (SIGTERM or Ctrl-C stops dealerd)");
                return;
            }
            Ok(_) => {
                if buf.len() >= MAX_LINE && buf.last() != Some(&b'\n') {
                    warn!("stdin: a line longer than {MAX_LINE} bytes was cut");
                    skip_line(&mut input);
                }
                let line = String::from_utf8_lossy(&buf).into_owned();
                if tx.blocking_send(line).is_err() {
                    return;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                warn!("stdin: {e}; no more keys");
                return;
            }
        }
    }
}

/// Reads past the rest of an over-long line.
fn skip_line(input: &mut impl BufRead) {
    loop {
        let (used, done) = match input.fill_buf() {
            Ok([]) | Err(_) => return,
            Ok(b) => match b.iter().position(|&c| c == b'\n') {
                Some(i) => (i + 1, true),
                None => (b.len(), false),
            },
        };
        input.consume(used);
        if done {
            return;
        }
    }
}

struct Keyboard {
    fake: FakeDevices,
    rules: Arc<HouseRules>,
    away_polls: u32,
    out: Stdout,
    /// The buttons' inbox, once the buttons thread has handed it over.
    buttons: Option<InputTx>,
    /// The last card tapped, and the chip's poll count when it was lifted.
    lifted: Option<([u8; 4], u64)>,
}

impl Keyboard {
    async fn drive(mut self, mut lines: mpsc::Receiver<String>) {
        while let Some(line) = lines.recv().await {
            self.line(&line).await;
        }
    }

    async fn line(&mut self, line: &str) {
        match keys::parse(line) {
            Line::Keys(pressed) => {
                for key in pressed {
                    match key.press {
                        Some(press) => self.press(press).await,
                        None => self.out.say(keys::no_such_key(&key)),
                    }
                }
            }
            Line::Command(Command::Tap(card)) => match keys::card_uid(&self.rules, &card) {
                Ok(uid) => self.tap(&uid).await,
                Err(e) => self.out.say(e.to_string()),
            },
            Line::Command(Command::Quit) => self
                .out
                .say(":quit is the simulator's: Ctrl-C or SIGTERM stops dealerd"),
            Line::Command(_) => self.out.say(format!(
                "{TAP}; the other commands are the simulator's (SIGHUP reloads)"
            )),
        }
    }

    async fn press(&mut self, press: Press) {
        if self.buttons.is_none() {
            // The buttons thread hands over the inbox when it starts, which
            // can be after the first line arrives.
            let fake = &self.fake;
            self.buttons = wait_for(|| fake.presses()).await;
        }
        let Some(buttons) = &self.buttons else {
            self.out.say("the fake buttons are not wired: press lost");
            return;
        };
        if buttons.offer(Input::Press(press)) == Offer::Dropped {
            self.out.say("the daemon is behind: press dropped");
        }
        // The state task runs on this thread: let it take the press before
        // the next, or a long line would fill the inbox as no hand can.
        tokio::task::yield_now().await;
    }

    /// A card on the reader until the RFID thread has read it, then away.
    async fn tap(&mut self, uid: &[u8]) {
        let Ok(card) = <[u8; 4]>::try_from(uid) else {
            self.out.say(format!(
                "{}: the fake reader holds 4-byte UIDs only",
                uid_hex(uid)
            ));
            return;
        };
        let chip = &self.fake.chip;
        if let Some((last, lifted_at)) = self.lifted {
            if last == card {
                // The same card again is a tap only once the reader has
                // seen it away for its filter's polls; the poll after those
                // starts only when they are done.
                let away = lifted_at + u64::from(self.away_polls) + 1;
                wait_for(|| chip.with(|c| c.wakeups >= away).then_some(())).await;
            }
        }
        let before = chip.with(|c| {
            c.set_card(Some(card));
            c.selects
        });
        // Read on two polls: the RFID thread hands the tap over between the
        // two, so a press typed after the tap cannot overtake it.
        let read = wait_for(|| chip.with(|c| c.selects >= before + 2).then_some(())).await;
        let lifted_at = chip.with(|c| {
            c.set_card(None);
            c.wakeups
        });
        self.lifted = Some((card, lifted_at));
        if read.is_none() {
            self.out.say(format!(
                "{}: the reader did not read the card",
                uid_hex(uid)
            ));
        }
    }
}

/// `f`'s answer once it has one, or None after [`PATIENCE`].
async fn wait_for<T>(mut f: impl FnMut() -> Option<T>) -> Option<T> {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        if let Some(t) = f() {
            return Some(t);
        }
        if tokio::time::Instant::now() >= deadline {
            return None;
        }
        tokio::time::sleep(LOOK_EVERY).await;
    }
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use super::*;

    fn lines(input: &[u8]) -> Vec<String> {
        let (tx, mut rx) = mpsc::channel(64);
        read_lines(Cursor::new(input.to_vec()), &tx);
        drop(tx);
        let mut out = Vec::new();
        while let Ok(line) = rx.try_recv() {
            out.push(line);
        }
        out
    }

    #[test]
    fn bad_bytes_and_endless_lines_are_lines_all_the_same() {
        assert_eq!(lines(b"o\n\xff\xfe\nb"), ["o\n", "\u{FFFD}\u{FFFD}\n", "b"]);
        let mut long = vec![b'f'; MAX_LINE * 3];
        long.extend_from_slice(b"\nu\n");
        let got = lines(&long);
        assert_eq!(
            got.len(),
            2,
            "{:?}",
            got.iter().map(String::len).collect::<Vec<_>>()
        );
        assert_eq!(got[0].len(), MAX_LINE);
        assert_eq!(got[1], "u\n");
    }
}
