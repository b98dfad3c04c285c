//! `dealerd sim`: the dealer's buttons on the keyboard and the OLED in the
//! terminal, for hosts rehearsing their rules and for tests. All table logic
//! is in [`Session`]; this file only turns lines into inputs.
//!
//! Input is read a line at a time, so it works in any terminal and from a
//! script: every character of a line is one button press (see [`KEYS`]), an
//! upper-case letter is a long press, and a line starting with `:` is a
//! command ([`COMMANDS`]). An empty line is OK; `#` starts a comment. The
//! syntax is [`keys`](super::keys)', shared with `dealerd run --devices
//! fake`. A key that is no button, or a press that changes nothing, is said
//! so, since the panel alone would look as if the key went unheard.
//!
//! Everything it prints fits an 80-column terminal: the frame in quadrant
//! blocks (64 columns and a border) and messages wrapped ([`term`]).
//!
//! Time: from the keyboard it is the wall clock (the clock counts down on
//! screen); from a script it is virtual and only `:wait SECONDS` moves it, so
//! a scripted night is deterministic.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use thiserror::Error;

use super::keys::{self, Command, Key, Line};
use super::session::{Input, Level, RulesSource};
use super::store::{SessionError, Storage, Stored};
use super::term;
use crate::engine::Chips;
use crate::rules::{Decimal, HouseRules};
use crate::table::{Night, TableEvent};
use crate::ui::render;

pub use super::keys::{COMMANDS, KEYS};

#[derive(Debug, Error)]
pub enum SimError {
    #[error("cannot write {path}: {reason}")]
    Write { path: String, reason: String },
    #[error("cannot read {0}")]
    Read(String),
    #[error(transparent)]
    Session(#[from] SessionError),
    #[error("stopped: {0}")]
    Failed(String),
}

/// The house rules for the simulator: the file given, or the embedded default.
pub fn rules_source(path: Option<&Path>) -> Result<RulesSource, SimError> {
    match path {
        Some(p) => crate::daemon::store::read_rules(p).map_err(|e| SimError::Read(e.to_string())),
        None => Ok(RulesSource::embedded()),
    }
}

/// Where frames go besides the terminal.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Write each frame as `NNNN.png` here (headless runs).
    pub frames: Option<PathBuf>,
    /// Seat four demo players before the first frame (not on a resumed night).
    pub demo_players: bool,
    /// Print frames to the output (off for a quiet headless run).
    pub echo: bool,
    /// The journal and the hand histories.
    pub storage: Storage,
}

/// A simulator in progress: what `run` drives a line at a time, open for
/// tests that check each frame.
pub struct Sim<'a, W: Write> {
    session: Stored,
    opts: &'a Options,
    out: &'a mut W,
    frame_no: usize,
    /// Virtual time (scripts), or the offset `:wait` adds to the wall clock.
    offset: Duration,
    start: Instant,
    /// The wall clock (the keyboard) rather than `:wait` alone.
    real_time: bool,
    /// Messages for the line in progress: printed under its frame, where
    /// they are the last thing on the terminal, not scrolled off above it.
    notes: Vec<String>,
}

impl<W: Write> Sim<'_, W> {
    pub fn session(&self) -> &Stored {
        &self.session
    }

    fn now(&self) -> Duration {
        if self.real_time {
            self.start.elapsed() + self.offset
        } else {
            self.offset
        }
    }

    fn input(&mut self, input: Input) {
        let now = self.now();
        self.session.handle(input, now);
    }

    /// One line of input; false on `:quit`.
    pub fn line(&mut self, line: &str) -> bool {
        match keys::parse(line) {
            Line::Keys(keys) => {
                for key in keys {
                    self.key(key);
                }
                true
            }
            Line::Command(cmd) => self.command(cmd),
        }
    }

    fn key(&mut self, key: Key) {
        match key.press {
            Some(press) => {
                self.input(Input::Press(press));
                if self.session.press_changed_nothing() {
                    self.note(keys::does_nothing(&key));
                }
            }
            None => self.note(keys::no_such_key(&key)),
        }
    }

    fn command(&mut self, cmd: Command<'_>) -> bool {
        let unit = self.session.night().rules().house.unit;
        match cmd {
            Command::Quit => return false,
            Command::Tap(card) => match keys::card_uid(self.session.night().rules(), &card) {
                Ok(uid) => self.input(Input::Tap(uid)),
                Err(e) => self.note(e.to_string()),
            },
            Command::Wait(secs) => match secs.parse::<u64>() {
                Ok(s) => {
                    self.offset += Duration::from_secs(s);
                    let now = self.now();
                    self.session.tick(now);
                }
                Err(_) => self.note(format!("{secs}: not a number of seconds")),
            },
            Command::Reload(None) => self.input(Input::ReloadFile),
            Command::Reload(Some(file)) => {
                match crate::daemon::store::read_rules(Path::new(file)) {
                    Ok(rules) => self.input(Input::Reload(rules)),
                    Err(e) => self.note(e.to_string()),
                }
            }
            Command::Join { seat, name, amount } => {
                let seat = seat.parse::<usize>().unwrap_or(0).wrapping_sub(1);
                match Decimal::parse(amount).and_then(|d| d.in_units(&unit)) {
                    Some(buy_in) => self.input(Input::Table(TableEvent::Join {
                        seat,
                        name: name.to_string(),
                        buy_in,
                    })),
                    None => self.note(format!("{amount}: not an amount in whole {unit}")),
                }
            }
            Command::Leave(name) => {
                let seat = self
                    .session
                    .night()
                    .table()
                    .seats()
                    .iter()
                    .position(|p| p.as_ref().is_some_and(|p| *p.name == *name));
                match seat {
                    Some(seat) => self.input(Input::Table(TableEvent::Leave { seat })),
                    None => self.note(format!("nobody called {name} is seated")),
                }
            }
            Command::Unknown => self.note(format!("commands:\n{COMMANDS}")),
        }
        true
    }

    /// A simulator message (not the table's) on the terminal.
    fn note(&mut self, text: String) {
        self.notes.push(text);
    }

    fn print_notes(&mut self) {
        for text in std::mem::take(&mut self.notes) {
            let _ = writeln!(self.out, "{}", term::wrap(&text));
        }
    }

    fn log(&mut self) {
        for n in self.session.take_notices() {
            if self.opts.echo || n.level != Level::Info {
                eprintln!("{}", term::wrap(&n.text));
            }
        }
    }

    /// Draws (and writes, and prints) the frame as it stands, then the
    /// line's messages.
    pub fn frame(&mut self) -> Result<crate::ui::Frame, SimError> {
        self.log();
        let frame = self.session.frame();
        if let Some(dir) = &self.opts.frames {
            let path = dir.join(format!("{:04}.png", self.frame_no));
            std::fs::write(&path, render::to_png(&frame, 2)).map_err(|e| SimError::Write {
                path: path.display().to_string(),
                reason: e.to_string(),
            })?;
        }
        // The keys' help under every frame at the keyboard; a script's
        // output has it once, after its last frame (issue 22), so a script
        // that goes on after a restart ends as it did.
        let help = self.real_time;
        self.frame_no += 1;
        if self.opts.echo && help {
            let _ = writeln!(self.out, "{}{KEYS}\n{COMMANDS}", term::boxed(&frame));
        } else if self.opts.echo {
            let _ = write!(self.out, "{}", term::boxed(&frame));
        }
        self.print_notes();
        match self.session.failure() {
            Some(why) => Err(SimError::Failed(why.to_string())),
            None => Ok(frame),
        }
    }
}

/// A buy-in every house accepts: its maximum, else its minimum, else 100 chips.
fn demo_buy_in(rules: &HouseRules) -> Chips {
    let (min, max) = rules.buy_in(0);
    max.or(min).unwrap_or(100)
}

/// Runs a script (virtual time) until it ends or `:quit`.
pub fn run(
    rules: &RulesSource,
    input: impl BufRead,
    out: &mut impl Write,
    opts: &Options,
) -> Result<Night, SimError> {
    let mut sim = start(rules, out, opts)?;
    for line in input.lines() {
        let line = line.map_err(|e| SimError::Read(format!("input: {e}")))?;
        if !sim.line(&line) {
            break;
        }
        sim.frame()?;
    }
    sim.print_notes();
    if opts.echo {
        let _ = writeln!(sim.out, "{KEYS}\n{COMMANDS}");
    }
    Ok(sim.session.night().clone())
}

/// The keyboard, on the wall clock: lines arrive from a reader thread, and
/// the screen also changes when the session's time says so (the clock
/// counting down).
pub fn run_live(
    rules: &RulesSource,
    input: impl BufRead + Send + 'static,
    out: &mut impl Write,
    opts: &Options,
) -> Result<Night, SimError> {
    let mut sim = start(rules, out, opts)?;
    sim.real_time = true;
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in input.lines() {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    loop {
        let wait = sim
            .session
            .next_wake()
            .map(|t| t.saturating_sub(sim.now()))
            .unwrap_or(Duration::from_secs(3600));
        match rx.recv_timeout(wait) {
            Ok(line) => {
                let line = line.map_err(|e| SimError::Read(format!("input: {e}")))?;
                if !sim.line(&line) {
                    break;
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let now = sim.now();
                sim.session.tick(now);
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
        sim.frame()?;
    }
    sim.print_notes();
    Ok(sim.session.night().clone())
}

/// Opens the session, seats the demo players if asked, and draws the first
/// frame.
pub fn start<'a, W: Write>(
    rules: &RulesSource,
    out: &'a mut W,
    opts: &'a Options,
) -> Result<Sim<'a, W>, SimError> {
    if let Some(dir) = &opts.frames {
        std::fs::create_dir_all(dir).map_err(|e| SimError::Write {
            path: dir.display().to_string(),
            reason: e.to_string(),
        })?;
    }
    let session = Stored::open(rules, &opts.storage)?;
    let mut sim = Sim {
        session,
        opts,
        out,
        frame_no: 0,
        offset: Duration::ZERO,
        start: Instant::now(),
        real_time: false,
        notes: Vec::new(),
    };
    if opts.demo_players && sim.session.night().events().is_empty() {
        let buy_in = demo_buy_in(sim.session.night().rules());
        for (seat, name) in ["Ann", "Bob", "Cat", "Dan"].iter().enumerate() {
            sim.input(Input::Table(TableEvent::Join {
                seat,
                name: name.to_string(),
                buy_in,
            }));
        }
    }
    sim.frame()?;
    Ok(sim)
}

/// Loads the house rules for the simulator: the file given, or the embedded default.
pub fn load_rules(path: Option<&Path>) -> Result<HouseRules, crate::rules::RulesError> {
    match path {
        Some(p) => crate::rules::load_file(p),
        None => RulesSource::embedded()
            .load()
            .map(|file| HouseRules::clone(&file.rules)),
    }
}
