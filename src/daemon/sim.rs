//! `dealerd sim`: the dealer's buttons on the keyboard and the OLED in the
//! terminal, for hosts rehearsing their rules and for tests.
//!
//! Input is read a line at a time, so it works in any terminal and from a
//! script: every character of a line is one button press (see [`KEYS`]), an
//! upper-case letter is a long press, and a line starting with `:` is a
//! command (`:join SEAT NAME AMOUNT`, `:leave NAME`, `:quit`). An empty line
//! is OK.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use thiserror::Error;

use crate::engine::Chips;
use crate::hw::buttons::{Button, Press};
use crate::journal::phh_writer;
use crate::journal::{night_from, Header, Journal, JournalError, Record};
use crate::rules::{Decimal, HouseRules};
use crate::table::{Night, TableEvent};
use crate::ui::{render, screens, Controller, Frame, Intent};

/// The key map, shown under every frame.
pub const KEYS: &str = "f fold  c check/call  b bet/raise  - minus  + plus  o/Enter OK  u undo  \
     (capital = long press; O = menu)  :join SEAT NAME AMOUNT  :leave NAME  :quit";

#[derive(Debug, Error)]
pub enum SimError {
    #[error("cannot write {path}: {reason}")]
    Write { path: String, reason: String },
    #[error("cannot read input: {0}")]
    Read(String),
    #[error(transparent)]
    Journal(#[from] JournalError),
    #[error("{path}: kept under other house rules ({was}), not {now}")]
    RulesChanged {
        path: String,
        was: String,
        now: String,
    },
}

/// Where the night is journaled, and the header of a new journal.
pub struct JournalTarget {
    pub path: PathBuf,
    pub header: Header,
}

/// Where frames go besides the terminal.
pub struct Options {
    /// Write each frame as `NNNN.png` here (headless runs).
    pub frames: Option<PathBuf>,
    /// Seat four demo players before the first frame.
    pub demo_players: bool,
    /// Print frames to the output (off for a quiet headless run).
    pub echo: bool,
    /// Journal every accepted event here; an existing journal is replayed first.
    pub journal: Option<JournalTarget>,
    /// Write each finished hand as a PHH file in this folder.
    pub history: Option<PathBuf>,
}

fn press_for(c: char) -> Option<Press> {
    let button = match c.to_ascii_lowercase() {
        'f' => Button::Fold,
        'c' => Button::CheckCall,
        'b' => Button::BetRaise,
        '-' | '_' => Button::Minus,
        '+' | '=' => Button::Plus,
        'o' => Button::Ok,
        'u' => Button::Undo,
        _ => return None,
    };
    let long = c.is_ascii_uppercase() || c == '_' || c == '=';
    Some(Press { button, long })
}

struct Sim {
    night: Night,
    ctl: Controller,
    clock: Option<u32>,
    frame_no: usize,
    journal: Option<Journal>,
    /// The first journal failure: the sim stops, since nothing more can be confirmed.
    failed: Option<JournalError>,
    history: Option<PathBuf>,
}

impl Sim {
    /// Applies an accepted event and journals it (fsynced) before the next frame.
    fn apply(&mut self, event: TableEvent) {
        if self.failed.is_some() {
            return;
        }
        let record = self.journal.is_some().then(|| Record::Event(event.clone()));
        let before = self.hand_over();
        if let Err(e) = self.night.apply(event) {
            self.ctl.refused(&e);
            return;
        }
        if let Some(record) = record {
            self.journaled(&record, |night| {
                night.undo();
            });
        }
        let after = self.hand_over();
        if after.1 && after != before && self.failed.is_none() {
            self.write_history(false);
        }
    }

    /// Hands dealt, and whether the last one is over.
    fn hand_over(&self) -> (u64, bool) {
        let table = self.night.table();
        (table.hands_dealt(), table.hand().is_some_and(|h| h.settled))
    }

    fn undo(&mut self) {
        if self.failed.is_some() {
            return;
        }
        let Some(event) = self.night.undo() else {
            self.ctl.refused(&"nothing to undo");
            return;
        };
        self.journaled(&Record::Undo, move |night| {
            let _ = night.apply(event);
        });
    }

    /// Appends a record; if the disk refuses, takes the change back and stops.
    fn journaled(&mut self, record: &Record, take_back: impl FnOnce(&mut Night)) {
        let Some(journal) = self.journal.as_mut() else {
            return;
        };
        if let Err(e) = journal.append(record) {
            take_back(&mut self.night);
            self.failed = Some(e);
        }
    }

    /// A hand just finished: its history goes into the session folder (again,
    /// if an undo took its end back). After a restart, only if it is missing.
    fn write_history(&mut self, if_missing: bool) {
        let Some(dir) = &self.history else { return };
        let table = self.night.table();
        if !table.hand().is_some_and(|h| h.settled) {
            return;
        }
        let path = dir.join(format!("hand-{:04}.phh", table.hands_dealt()));
        if if_missing && path.exists() {
            return;
        }
        match phh_writer::write(table, &path) {
            Ok(phh_writer::Outcome::Written) => {}
            Ok(phh_writer::Outcome::Skipped(why)) => {
                eprintln!("hand {}: no hand history: {why}", table.hands_dealt());
            }
            Err(e) => eprintln!("{}: cannot write: {e}", path.display()),
        }
    }

    fn press(&mut self, press: Press) {
        match self.ctl.press(&self.night, press) {
            Intent::None => {}
            Intent::Apply(e) => self.apply(e),
            Intent::Undo => self.undo(),
            // The line-based simulator has no running time: the clock shows its start.
            Intent::StartClock => self.clock = Some(60),
            Intent::Host(_) => self.ctl.refused(&"host action: tap the host card"),
        }
    }

    fn command(&mut self, words: &[&str]) -> bool {
        let unit = self.night.rules().house.unit;
        match words {
            ["quit"] | ["q"] => return false,
            ["join", seat, name, amount] => {
                let seat = seat.parse::<usize>().unwrap_or(0).wrapping_sub(1);
                match Decimal::parse(amount).and_then(|d| d.in_units(&unit)) {
                    Some(buy_in) => self.apply(TableEvent::Join {
                        seat,
                        name: name.to_string(),
                        buy_in,
                    }),
                    None => self
                        .ctl
                        .refused(&format!("{amount}: not an amount in whole {unit}")),
                }
            }
            ["leave", name] => {
                let seat = self
                    .night
                    .table()
                    .seats()
                    .iter()
                    .position(|p| p.as_ref().is_some_and(|p| p.name == *name));
                match seat {
                    Some(seat) => self.apply(TableEvent::Leave { seat }),
                    None => self.ctl.refused(&format!("nobody called {name} is seated")),
                }
            }
            _ => self
                .ctl
                .refused(&"commands: :join SEAT NAME AMOUNT, :leave NAME, :quit"),
        }
        true
    }

    fn frame(&mut self, opts: &Options, out: &mut impl Write) -> Result<(), SimError> {
        let mut frame = Frame::new();
        // Drawing into a RAM frame cannot fail.
        let _ = screens::draw(&mut frame, self.night.table(), &self.ctl, self.clock);
        if let Some(dir) = &opts.frames {
            let path = dir.join(format!("{:04}.png", self.frame_no));
            std::fs::write(&path, render::to_png(&frame, 2)).map_err(|e| SimError::Write {
                path: path.display().to_string(),
                reason: e.to_string(),
            })?;
        }
        self.frame_no += 1;
        if opts.echo {
            let _ = writeln!(out, "{}\n{KEYS}", render::to_terminal(&frame));
        }
        Ok(())
    }
}

/// A buy-in every house accepts: its maximum, else its minimum, else 100 chips.
fn demo_buy_in(rules: &HouseRules) -> Chips {
    let (min, max) = rules.buy_in(0);
    max.or(min).unwrap_or(100)
}

/// Runs the simulator until the input ends or `:quit`.
pub fn run(
    rules: Arc<HouseRules>,
    input: impl BufRead,
    out: &mut impl Write,
    opts: &Options,
) -> Result<Night, SimError> {
    if let Some(dir) = &opts.frames {
        std::fs::create_dir_all(dir).map_err(|e| SimError::Write {
            path: dir.display().to_string(),
            reason: e.to_string(),
        })?;
    }
    if let Some(dir) = &opts.history {
        std::fs::create_dir_all(dir).map_err(|e| SimError::Write {
            path: dir.display().to_string(),
            reason: e.to_string(),
        })?;
    }
    let buy_in = demo_buy_in(&rules);
    let (night, journal, resumed) = open_journal(rules, opts.journal.as_ref())?;
    let mut sim = Sim {
        night,
        ctl: Controller::new(),
        clock: None,
        frame_no: 0,
        journal,
        failed: None,
        history: opts.history.clone(),
    };
    sim.write_history(true);
    if opts.demo_players && !resumed {
        for (seat, name) in ["Ann", "Bob", "Cat", "Dan"].iter().enumerate() {
            sim.apply(TableEvent::Join {
                seat,
                name: name.to_string(),
                buy_in,
            });
        }
    }
    sim.frame(opts, out)?;
    for line in input.lines() {
        let line = line.map_err(|e| SimError::Read(e.to_string()))?;
        let line = line.trim();
        if let Some(cmd) = line.strip_prefix(':') {
            let words: Vec<&str> = cmd.split_whitespace().collect();
            if !sim.command(&words) {
                break;
            }
        } else if line.is_empty() {
            sim.press(Press {
                button: Button::Ok,
                long: false,
            });
        } else {
            for press in line.chars().filter_map(press_for) {
                sim.press(press);
            }
        }
        if let Some(e) = sim.failed.take() {
            return Err(e.into());
        }
        sim.frame(opts, out)?;
    }
    Ok(sim.night)
}

/// The night so far from an existing journal (and whether there was one),
/// or a new journal, or none.
fn open_journal(
    rules: Arc<HouseRules>,
    target: Option<&JournalTarget>,
) -> Result<(Night, Option<Journal>, bool), SimError> {
    let Some(target) = target else {
        return Ok((Night::new(rules), None, false));
    };
    if !target.path.exists() {
        let journal = Journal::create(&target.path, target.header.clone())?;
        return Ok((Night::new(rules), Some(journal), false));
    }
    let (journal, records) = Journal::open(&target.path)?;
    if let Some(warning) = journal.recovered() {
        eprintln!("{warning}");
    }
    if journal.header().rules_fnv64 != target.header.rules_fnv64 {
        return Err(SimError::RulesChanged {
            path: target.path.display().to_string(),
            was: journal.header().rules.clone(),
            now: target.header.rules.clone(),
        });
    }
    let night = night_from(rules, &records).map_err(|e| match e {
        JournalError::Replay { n, reason } => JournalError::Replay {
            n,
            reason: format!("{}: {reason}", target.path.display()),
        },
        e => e,
    })?;
    Ok((night, Some(journal), true))
}

/// The journal header for the rules the simulator loads: the file given, or
/// the embedded default.
pub fn journal_header(path: Option<&Path>) -> Result<Header, SimError> {
    Ok(match path {
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .map_err(|e| SimError::Read(format!("{}: {e}", p.display())))?;
            Header::new(&p.display().to_string(), &text)
        }
        None => Header::new("embedded default", crate::rules::DEFAULT_TOML),
    })
}

/// Loads the house rules for the simulator: the file given, or the embedded default.
pub fn load_rules(path: Option<&Path>) -> Result<HouseRules, crate::rules::RulesError> {
    match path {
        Some(p) => crate::rules::load_file(p),
        None => crate::rules::load_str("config/default.toml", crate::rules::DEFAULT_TOML),
    }
}
