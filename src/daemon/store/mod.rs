//! The shell's files around a [`Session`]: the journal, the hand histories
//! and the rules file. The session is sans-IO and only queues what must be
//! written; [`Stored`] performs it after every input, in order, before the
//! frame is taken, and answers each journal append with how it went.
//! `dealerd sim` and `dealerd run` both keep their night through it.

mod archive;
mod history;

pub use archive::NIGHTS;

use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use thiserror::Error;

use crate::daemon::session::{
    HistoryNames, Input, Keeps, Level, Notice, Output, RulesSource, Session,
};
use crate::journal::{stamp, Fault, Header, Journal, JournalError, Start};
use crate::records;
use crate::rules::RulesError;

#[derive(Debug, Error)]
pub enum SessionError {
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error(transparent)]
    Journal(#[from] JournalError),
    #[error("cannot write {path}: {reason}")]
    Write { path: String, reason: String },
}

/// Where a session keeps its night.
#[derive(Debug, Clone, Default)]
pub struct Storage {
    /// The journal; an existing one is replayed and the night goes on.
    pub journal: Option<PathBuf>,
    /// Each finished hand is written here as PHH.
    pub history: Option<PathBuf>,
    /// The ledger's exports go under `ledger/` here (the state directory):
    /// a CSV per night and a line per night in `nights.csv`.
    pub ledger: Option<PathBuf>,
}

/// What names the hand histories of the night `header` begins, in the
/// journal at `path`.
fn history_names(header: &Header, path: &Path) -> HistoryNames {
    HistoryNames {
        night: Some(records::night_id(
            header.started.as_deref(),
            header.night,
            header.box_id.as_deref(),
            path,
            &header.rules_fnv64,
        )),
        box_id: header.box_id.clone(),
    }
}

/// Reads the rules file at `path`: the shell's part of every reload. A
/// byte that is not UTF-8 is located like any other error.
pub fn read_rules(path: &Path) -> Result<RulesSource, RulesError> {
    let text = crate::rules::read_text(path)?;
    Ok(RulesSource::file(path, text))
}

/// A [`Session`] whose outputs reach the disk: what the shells drive. It
/// reads as the session it holds; every change goes through it.
pub struct Stored {
    session: Session,
    journal: Option<Journal>,
    history: Option<PathBuf>,
    /// Where the ledger's exports go, and the night's id there.
    exports: Option<(PathBuf, String)>,
    /// What opening and writing had to say, before the session's own.
    notices: Vec<Notice>,
    /// Where the night is kept: the next night is kept there too.
    storage: Storage,
}

impl Deref for Stored {
    type Target = Session;

    fn deref(&self) -> &Session {
        &self.session
    }
}

impl Stored {
    /// Parses the rules, opens (or creates) the journal and replays it.
    ///
    /// A resumed night goes on under the rules its journal holds; rules text
    /// that differs is then reloaded as a reload is, so a file that went bad
    /// while the table was down is refused on the screen and in the log, and
    /// the night goes on. Only a new night needs the rules to be good.
    pub fn open(rules: &RulesSource, storage: &Storage) -> Result<Stored, SessionError> {
        Stored::open_at(rules, storage, stamp::now())
    }

    /// As [`Stored::open`], with the wall clock read as `wall` (unix
    /// seconds; `None` when it is not set).
    pub fn open_at(
        rules: &RulesSource,
        storage: &Storage,
        wall: Option<u64>,
    ) -> Result<Stored, SessionError> {
        for dir in storage.history.iter() {
            std::fs::create_dir_all(dir).map_err(|e| SessionError::Write {
                path: dir.display().to_string(),
                reason: e.to_string(),
            })?;
        }
        let keeps = Keeps {
            journal: storage.journal.is_some(),
            histories: storage.history.is_some(),
            ledger: storage.ledger.is_some(),
        };
        let mut notices = Vec::new();
        let mut warn = |text: Option<&str>| {
            if let Some(text) = text {
                notices.push(Notice {
                    level: Level::Warn,
                    text: text.to_string(),
                });
            }
        };
        let (session, journal) = match &storage.journal {
            None => (Session::new(rules, keeps)?, None),
            Some(path) => {
                // Bad rules and no night to resume: leave no file behind.
                if !path.exists() {
                    rules.load()?;
                }
                match Journal::start(path)? {
                    Start::New(blank) => {
                        let mut session = Session::new(rules, keeps)?;
                        let number = storage.ledger.as_deref().map(records::next_night_number);
                        let header = Header::new(&rules.name(), &rules.text)
                            .started_at(wall)
                            .numbered(number)
                            .on_box(storage.ledger.as_deref().and_then(records::box_id))
                            .clock_synced(stamp::synced());
                        session.set_history_names(history_names(&header, path));
                        let journal = blank.begin(header)?;
                        warn(journal.recovered());
                        (session, Some(journal))
                    }
                    Start::Resume(header, reader) => {
                        // The file's parse, when the night is under its text.
                        let file = rules
                            .load()
                            .ok()
                            .filter(|_| header.rules_text == rules.text);
                        let kept = match &file {
                            Some(file) => Arc::clone(&file.rules),
                            None => Arc::new(header.rules(path)?),
                        };
                        let opened = RulesSource::from_name(&header.rules, &header.rules_text);
                        let dir = storage.history.as_deref();
                        let names = history_names(&header, path);
                        let (night, journal, dealt) =
                            history::resume(path, kept, *reader, dir, &names, &mut notices)?;
                        let mut session = Session::resume(night, opened, keeps);
                        if let Some(file) = &file {
                            session.wired(file);
                        }
                        session.set_dealt_times(dealt);
                        session.set_history_names(names);
                        (session, Some(journal))
                    }
                }
            }
        };
        let exports = storage.ledger.clone().map(|dir| {
            let id = match &journal {
                Some(j) => {
                    let header = j.header();
                    let (started, n) = (header.started.as_deref(), header.night);
                    let box_id = header.box_id.as_deref();
                    records::night_id(started, n, box_id, j.path(), &header.rules_fnv64)
                }
                None => {
                    records::night_id(started(wall).as_deref(), None, None, Path::new("sim"), "")
                }
            };
            (dir, id)
        });
        let mut stored = Stored {
            session,
            journal,
            history: storage.history.clone(),
            exports,
            notices,
            storage: storage.clone(),
        };
        stored.session.set_wall_clock(wall);
        // Derived from the journal: made to say what it says at every start.
        stored.export_ledger();
        if stored.rules_in_force().text != rules.text {
            stored.handle(Input::Reload(rules.clone()), Duration::ZERO);
        }
        Ok(stored)
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The journal's confirmed bytes ([`Journal::durable_end`]), if it has one.
    pub fn journal_durable_end(&self) -> Option<u64> {
        self.journal.as_ref().map(Journal::durable_end)
    }

    /// One input at `now`, and everything it asks of the disk.
    pub fn handle(&mut self, input: Input, now: Duration) {
        self.session.handle(input, now);
        self.perform(now);
    }

    /// Time passes (see [`Session::tick`]).
    pub fn tick(&mut self, now: Duration) {
        self.session.tick(now);
        self.perform(now);
    }

    /// What happened since the last call, for the log: the files' notices,
    /// then the session's.
    pub fn take_notices(&mut self) -> Vec<Notice> {
        let mut notices = std::mem::take(&mut self.notices);
        notices.extend(self.session.take_notices());
        notices
    }

    /// The next journal append fails as `fault` says (tests); false without
    /// a journal.
    pub fn inject_journal_fault(&mut self, fault: Fault) -> bool {
        self.journal.as_mut().map(|j| j.inject(fault)).is_some()
    }

    /// Writes the ledger's exports. A failure is logged, not fatal: the
    /// journal is the source, and the next change or start writes them again.
    fn export_ledger(&mut self) {
        let Some((dir, id)) = &self.exports else {
            return;
        };
        if let Err(e) = records::write_exports(dir, id, self.session.night().table()) {
            self.notices.push(Notice {
                level: Level::Warn,
                text: format!("{}: ledger not exported: {e}", dir.join("ledger").display()),
            });
        }
    }

    /// Does what the session queued, in order.
    fn perform(&mut self, now: Duration) {
        while let Some(out) = self.session.poll_output() {
            match out {
                Output::Append { record, at } => {
                    let written = match self.journal.as_mut() {
                        Some(j) => j.append_at(&record, at).map_err(|e| e.to_string()),
                        None => Ok(()),
                    };
                    self.session.appended(written);
                }
                Output::History { hand, text } => {
                    if let Some(dir) = &self.history {
                        let notices = history::settle(
                            dir,
                            hand,
                            text,
                            history::Check::Live,
                            &Default::default(),
                        );
                        self.notices.extend(notices);
                    }
                }
                Output::RemoveHistory { hand } => {
                    if let Some(dir) = &self.history {
                        self.notices.extend(history::remove(dir, hand));
                    }
                }
                Output::ReadRules(path) => {
                    let input = match read_rules(&path) {
                        Ok(rules) => Input::Reload(rules),
                        Err(e) => Input::RulesUnreadable(e.to_string()),
                    };
                    self.session.handle(input, now);
                }
                Output::Ledger => self.export_ledger(),
                Output::NewNight => {
                    self.new_night(now);
                    return;
                }
            }
        }
    }
}

/// The RFC 3339 time a night without a journal began at, if the clock is set.
fn started(wall: Option<u64>) -> Option<String> {
    wall.map(|w| stamp::Civil::from_unix(w).rfc3339())
}
