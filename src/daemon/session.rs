//! One table session without hardware: presses, card taps, rules reloads and
//! the passing of time go in; journaled events, notices and frames come out.
//! `dealerd sim` and `dealerd run` both drive a [`Session`]; neither holds
//! table logic of its own, so what a host rehearses in the simulator is what
//! the Pi does.
//!
//! Time is a parameter, never read here (quinn-proto style): every call says
//! what time it is, as a [`Duration`] since the shell started, and
//! [`Session::next_wake`] says when the screen would change by itself. Tests
//! and scripts run on virtual time.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use thiserror::Error;

use crate::engine::{Action, Event};
use crate::journal::phh_writer;
use crate::journal::{self, Fault, Header, Journal, JournalError, Reader, Record, Start};
use crate::rules::{uid_hex, CardRole, HouseRules, RulesError};
use crate::table::{Night, Replay, TableEvent, UNDO_HANDS};
use crate::ui::Press;
use crate::ui::{
    screens, Ack, ClockView, Controller, Frame, Intent, Mode, Screen, View, HOST_WARN_SECS,
};

/// Where house rules came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// The default compiled into dealerd: no file to read again.
    Embedded,
    /// A file, named in messages as given.
    File(PathBuf),
}

/// House rules as text, and where they came from. What a session is opened
/// with and what a reload brings; the shell reads the file, the session
/// never does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesSource {
    pub origin: Origin,
    pub text: String,
}

/// How the embedded default is named in messages, in a journal's header and
/// in a `rules` event (which keep a name, not an [`Origin`]).
pub const EMBEDDED_NAME: &str = "embedded default";

impl RulesSource {
    /// The default compiled into dealerd.
    pub fn embedded() -> RulesSource {
        RulesSource {
            origin: Origin::Embedded,
            text: crate::rules::DEFAULT_TOML.to_string(),
        }
    }

    pub fn file(path: impl Into<PathBuf>, text: impl Into<String>) -> RulesSource {
        RulesSource {
            origin: Origin::File(path.into()),
            text: text.into(),
        }
    }

    /// Reads the file at `path`.
    pub fn read(path: &Path) -> Result<RulesSource, RulesError> {
        // A byte that is not UTF-8 is located like any other error.
        let text = crate::rules::read_text(path)?;
        Ok(RulesSource::file(path, text))
    }

    /// The name in messages: the path as given, or [`EMBEDDED_NAME`].
    pub fn name(&self) -> String {
        match &self.origin {
            Origin::Embedded => EMBEDDED_NAME.to_string(),
            Origin::File(path) => path.display().to_string(),
        }
    }

    /// Back from a name a journal or a `rules` event kept.
    pub fn from_name(name: &str, text: &str) -> RulesSource {
        let origin = match name {
            EMBEDDED_NAME => Origin::Embedded,
            path => Origin::File(PathBuf::from(path)),
        };
        RulesSource {
            origin,
            text: text.to_string(),
        }
    }

    /// The file to read again on a reload, if there is one.
    pub fn path(&self) -> Option<&Path> {
        match &self.origin {
            Origin::Embedded => None,
            Origin::File(path) => Some(path),
        }
    }

    pub fn load(&self) -> Result<HouseRules, RulesError> {
        crate::rules::load_str(&self.name(), &self.text)
    }
}

/// What the shell hands the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A debounced button press.
    Press(Press),
    /// A card on the reader: its UID as read.
    Tap(Vec<u8>),
    /// The rules file as it now reads (SIGHUP, or a host's "reload" the
    /// shell answered by reading the file). Applied between hands.
    Reload(RulesSource),
    /// Read the rules file the session runs under again and reload it
    /// (SIGHUP on the Pi).
    ReloadFile,
    /// A table event straight from the simulator's `:` commands; the Pi
    /// daemon never sends this.
    Table(TableEvent),
}

/// How loud a [`Notice`] is, for the shell's log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Info,
    Warn,
    Error,
}

/// Something the shell should log (journald, or stderr in the simulator).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub level: Level,
    pub text: String,
}

#[derive(Debug, Error)]
pub enum SessionError {
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error(transparent)]
    Journal(#[from] JournalError),
    #[error("cannot write {path}: {reason}")]
    Write { path: String, reason: String },
    #[error("{path}: kept under other house rules ({was}), not {now}")]
    RulesChanged {
        path: String,
        was: String,
        now: String,
    },
}

/// Where a session keeps its night.
#[derive(Debug, Clone, Default)]
pub struct Storage {
    /// The journal; an existing one is replayed and the night goes on.
    pub journal: Option<PathBuf>,
    /// Each finished hand is written here as PHH.
    pub history: Option<PathBuf>,
}

/// How long a note (what was recorded, what undo took back) stays up.
pub const NOTE_SECS: u64 = 5;

#[derive(Debug, Clone, PartialEq, Eq)]
struct Said {
    text: String,
    /// When a note goes; `None` for a refusal, which stays until a press.
    until: Option<Duration>,
}

/// D3: a clock called on one seat in one hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Clock {
    /// The table seat that must act.
    seat: usize,
    /// Which hand (hands dealt when it was called).
    hand: u64,
    run: Run,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Run {
    Until(Duration),
    /// Amount entry is open for the player on the clock: they have acted.
    /// The time left waits for a cancelled entry.
    Paused(Duration),
}

pub struct Session {
    night: Night,
    ctl: Controller,
    journal: Option<Journal>,
    history: Option<PathBuf>,
    /// The first journal failure. Nothing more can be confirmed, so every
    /// later input is refused with it on the screen.
    failed: Option<String>,
    clock: Option<Clock>,
    /// Host actions are unlocked until then.
    host_until: Option<Duration>,
    /// How long a host card unlocks: `[hardware] host_unlock_seconds` of the
    /// rules in force, which `rules` leaves to `devices` (issue 12).
    host_unlock: Duration,
    /// The last refusal (shown until the next press) or note (shown until
    /// the next press or for [`NOTE_SECS`]).
    said: Option<Said>,
    /// What the last press recorded or undo took back, for [`NOTE_SECS`].
    recorded: Option<Said>,
    /// What the table did by itself; the next press only acknowledges it.
    ack: Option<Ack>,
    /// A reload that waits for the hand in progress to end.
    pending_rules: Option<RulesSource>,
    /// The rules source and text the night started under (the journal's, on
    /// a resumed night); reloads since are `Rules` events in the night.
    opened: RulesSource,
    notices: Vec<Notice>,
    now: Duration,
    /// The between-hands screen's next hand, dealt once per change of the night.
    preview: screens::PreviewCache,
    /// The last input was a press that changed nothing.
    idle_press: bool,
}

impl Session {
    /// Parses the rules, opens (or creates) the journal and replays it.
    ///
    /// A resumed night goes on under the rules its journal holds; rules text
    /// that differs is then reloaded as a reload is, so a file that went bad
    /// while the table was down is refused on the screen and in the log, and
    /// the night goes on. Only a new night needs the rules to be good.
    pub fn open(rules: &RulesSource, storage: &Storage) -> Result<Session, SessionError> {
        let parsed = rules.load();
        let text = rules.text.as_str();
        for dir in storage.history.iter() {
            std::fs::create_dir_all(dir).map_err(|e| SessionError::Write {
                path: dir.display().to_string(),
                reason: e.to_string(),
            })?;
        }
        let mut notices = Vec::new();
        let mut opened = rules.clone();
        let (night, journal) = match &storage.journal {
            None => (Night::new(Arc::new(parsed?)), None),
            Some(path) => {
                // Bad rules and no night to resume: leave no file behind.
                if !path.exists() {
                    if let Err(e) = parsed {
                        return Err(e.into());
                    }
                }
                match Journal::start(path)? {
                    Start::New(blank) => {
                        let house = parsed?;
                        let journal = blank.begin(Header::new(&rules.name(), text))?;
                        if let Some(warning) = journal.recovered() {
                            notices.push(Notice {
                                level: Level::Warn,
                                text: warning.to_string(),
                            });
                        }
                        (Night::new(Arc::new(house)), Some(journal))
                    }
                    Start::Resume(header, reader) => {
                        let kept = match parsed {
                            Ok(rules) if header.rules_text == text => rules,
                            _ => header.rules(path)?,
                        };
                        opened = RulesSource::from_name(&header.rules, &header.rules_text);
                        let history = storage.history.as_deref();
                        let (night, journal) =
                            resume(path, Arc::new(kept), *reader, history, &mut notices)?;
                        (night, Some(journal))
                    }
                }
            }
        };
        let mut session = Session {
            night,
            ctl: Controller::new(),
            journal,
            history: storage.history.clone(),
            failed: None,
            clock: None,
            host_until: None,
            host_unlock: Duration::ZERO,
            said: None,
            recorded: None,
            ack: None,
            pending_rules: None,
            opened,
            notices,
            now: Duration::ZERO,
            preview: screens::PreviewCache::default(),
            idle_press: false,
        };
        session.host_unlock = crate::devices::host_unlock(&session.rules_in_force().text);
        if session.rules_in_force().text != text {
            session.reload(rules.clone());
        }
        Ok(session)
    }

    /// The next journal append fails as `fault` says (tests); false without
    /// a journal.
    pub fn inject_journal_fault(&mut self, fault: Fault) -> bool {
        self.journal.as_mut().map(|j| j.inject(fault)).is_some()
    }

    pub fn night(&self) -> &Night {
        &self.night
    }

    pub fn controller(&self) -> &Controller {
        &self.ctl
    }

    /// The journal failure that stopped the session, if any.
    pub fn failure(&self) -> Option<&str> {
        self.failed.as_deref()
    }

    /// What happened since the last call, for the log.
    pub fn take_notices(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.notices)
    }

    /// Whether host actions are unlocked now.
    pub fn host_unlocked(&self) -> bool {
        self.host_until.is_some_and(|t| self.now < t)
    }

    /// Whether the last input was a press that changed nothing: no event,
    /// no step in the interface, no message shown or cleared. The panel
    /// cannot tell the dealer so; the simulator does.
    pub fn press_changed_nothing(&self) -> bool {
        self.idle_press
    }

    /// The last refusal or note on the screen.
    pub fn message(&self) -> Option<&str> {
        self.said.as_ref().map(|s| s.text.as_str())
    }

    /// The message on the screen if it is a refusal, not a note.
    pub fn refusal(&self) -> Option<&str> {
        self.said
            .as_ref()
            .filter(|s| s.until.is_none())
            .map(|s| s.text.as_str())
    }

    /// What the table did by itself and the dealer has not yet acknowledged.
    pub fn ack(&self) -> Option<&Ack> {
        self.ack.as_ref()
    }

    /// Seconds left on a running clock, rounded up as a countdown shows them.
    pub fn clock_left(&self) -> Option<u32> {
        self.clock.map(|c| secs_up(self.left(c)))
    }

    fn left(&self, c: Clock) -> Duration {
        match c.run {
            Run::Until(t) => t.saturating_sub(self.now),
            Run::Paused(left) => left,
        }
    }

    /// What the ui reads for one press or one frame.
    pub fn view(&self) -> View<'_> {
        View {
            night: &self.night,
            host: self
                .host_until
                .filter(|&t| self.now < t)
                .map(|t| secs_up(t - self.now)),
            clock: self.clock.map(|c| ClockView {
                left: secs_up(self.left(c)),
                paused: matches!(c.run, Run::Paused(_)),
            }),
            message: self.message(),
            confirm: self.recorded.as_ref().map(|s| s.text.as_str()),
            ack: self.ack.as_ref(),
        }
    }

    /// D3 in amount entry: opening entry for the player on the clock means
    /// they have acted, so the clock waits there; it goes on from where it
    /// stood if the entry is cancelled.
    fn pause_clock(&mut self) {
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

    /// Draws the screen as it stands into a fresh frame.
    pub fn frame(&self) -> Frame {
        let mut frame = Frame::new();
        // Drawing into a RAM frame cannot fail.
        let _ = screens::draw_night(&mut frame, &self.view(), &self.ctl, &self.preview);
        frame
    }

    /// Time passes: a clock may run out, the host lock may close.
    pub fn tick(&mut self, now: Duration) {
        self.now = self.now.max(now);
        let now = self.now;
        for said in [&mut self.said, &mut self.recorded] {
            if said
                .as_ref()
                .is_some_and(|s| s.until.is_some_and(|t| now >= t))
            {
                *said = None;
            }
        }
        if self.host_until.is_some() && !self.host_unlocked() {
            self.host_until = None;
            self.host_locked();
        }
        if let Some(c) = self.clock {
            if matches!(c.run, Run::Until(t) if self.now >= t) {
                self.clock = None;
                self.clock_ran_out(c);
                self.after_change();
            }
        }
    }

    /// One input at `now`.
    pub fn handle(&mut self, input: Input, now: Duration) {
        self.tick(now);
        self.idle_press = false;
        if let Some(why) = &self.failed {
            self.say(why.clone());
            return;
        }
        match input {
            Input::Press(p) => {
                let cleared = self.said.take().is_some();
                // The unlock lasts while the host keeps pressing.
                if self.host_unlocked() {
                    self.unlock_host();
                }
                // The controller reads the session through a view while it
                // changes only its own place in the interface.
                let mut ctl = std::mem::take(&mut self.ctl);
                let before = ctl.clone();
                let intent = ctl.press(self.view(), p);
                // Only `Intent::None` can leave the night as it was; the
                // rest record, undo, say or clear something.
                self.idle_press = !cleared && intent == Intent::None && ctl == before;
                self.ctl = ctl;
                self.intent(intent);
            }
            Input::Tap(uid) => self.tap(&uid),
            Input::Reload(rules) => self.reload(rules),
            Input::ReloadFile => self.reload_file(),
            Input::Table(e) => {
                self.apply(e);
            }
        }
        self.after_change();
    }

    fn intent(&mut self, intent: Intent) {
        match intent {
            Intent::None => {}
            Intent::Apply(e) => {
                // The log says what each press recorded, as the dealer
                // would say it, so the host can follow the night afterwards.
                let said = self.night.table().describe(&e);
                if self.apply(e) {
                    let said = match self.night.table().won_without_showdown() {
                        Some(won) => format!("{said}: {won}"),
                        None => said,
                    };
                    self.recorded(said);
                }
            }
            Intent::Undo => self.undo(),
            Intent::StartClock => self.start_clock(),
            Intent::ReloadRules => self.reload_file(),
            Intent::LockHost => self.host_until = None,
            Intent::Tell(text) => self.say(text),
            Intent::Acknowledge => self.ack = None,
        }
    }

    fn say(&mut self, text: impl std::fmt::Display) {
        self.said = Some(Said {
            text: text.to_string(),
            until: None,
        });
    }

    /// A note on what happened (not a refusal): it goes by itself, so it
    /// never lingers over an unrelated screen.
    fn note(&mut self, text: impl std::fmt::Display) {
        self.said = Some(Said {
            text: text.to_string(),
            until: Some(self.now + Duration::from_secs(NOTE_SECS)),
        });
    }

    /// What a press recorded: on the screen for [`NOTE_SECS`], and in the
    /// log, so the host can follow the night afterwards.
    fn recorded(&mut self, said: String) {
        self.recorded = Some(Said {
            text: said.clone(),
            until: Some(self.now + Duration::from_secs(NOTE_SECS)),
        });
        self.notice(Level::Info, said);
    }

    fn unlock_host(&mut self) {
        self.host_until = Some(self.now + self.host_unlock);
    }

    /// The host unlock ran out. A host dialog in progress closes, and the
    /// dealer acknowledges that before any press counts again, so the OK
    /// meant for the dialog does not deal a hand.
    fn host_locked(&mut self) {
        let open = match &self.ctl.mode {
            Mode::Dialog(d) => d.is_host(),
            _ => false,
        };
        if open {
            self.ack = Some(Ack {
                title: "HOST LOCKED".into(),
                text: "the host dialog closed; nothing was changed. Tap the host card to go on"
                    .into(),
            });
        }
    }

    fn tap(&mut self, uid: &[u8]) {
        let rules = Arc::clone(self.night.rules());
        let Some(card) = rules.card(uid) else {
            let text = format!("unknown card {}", uid_hex(uid));
            self.notice(Level::Info, text.clone());
            self.say(text);
            return;
        };
        self.notice(
            Level::Info,
            format!("card {} ({})", uid_hex(uid), card.name),
        );
        match card.role {
            CardRole::Host => {
                self.unlock_host();
                if self.ack.is_none() {
                    self.ctl.host_card();
                }
            }
            // Taps wait for an automatic action to be acknowledged too.
            CardRole::Player | CardRole::Command(_) if self.ack.is_some() => {
                self.say("press a button to go on first");
            }
            CardRole::Player => {
                let intent = self.ctl.player_card(&self.night, &card.name);
                self.intent(intent);
            }
            CardRole::Command(c) => {
                let intent = self.ctl.command_card(c);
                self.intent(intent);
            }
        }
    }

    /// D3: the clock goes on the seat to act, for the house's seconds.
    fn start_clock(&mut self) {
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
    fn clock_ran_out(&mut self, c: Clock) {
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

    /// After any change: a clock stops when its seat is no longer the one
    /// to act, and rules held back for a hand land when it is over.
    fn after_change(&mut self) {
        if let Some(c) = self.clock {
            let table = self.night.table();
            let still = table.hands_dealt() == c.hand
                && table
                    .live_hand()
                    .and_then(|h| h.order.get(h.state().legal_actions()?.seat).copied())
                    == Some(c.seat);
            if !still {
                self.clock = None;
            }
        }
        self.pause_clock();
        if !self.night.table().in_hand() {
            if let Some(rules) = self.pending_rules.take() {
                self.reload(rules);
            }
        }
    }

    /// Reads the session's rules file again. The embedded default has no
    /// file to read.
    fn reload_file(&mut self) {
        let in_force = self.rules_in_force();
        let Some(path) = in_force.path() else {
            self.say("the embedded default rules have no file to reload");
            return;
        };
        match RulesSource::read(path) {
            Ok(rules) => self.reload(rules),
            Err(e) => {
                let msg = format!("rules not reloaded: {e}");
                self.notice(Level::Error, msg.clone());
                self.say(msg);
            }
        }
    }

    /// New rules: refused with the error on screen and in the log (the old
    /// rules stay), held until the hand ends, or applied.
    fn reload(&mut self, rules: RulesSource) {
        let source = rules.name();
        if let Err(e) = rules.load() {
            let msg = format!("rules not reloaded: {e}");
            self.notice(Level::Error, msg.clone());
            self.say(msg);
            return;
        }
        if rules.text == self.rules_in_force().text {
            self.notice(Level::Info, format!("{source}: unchanged"));
            self.say("rules unchanged");
            return;
        }
        if self.night.table().in_hand() {
            self.notice(Level::Info, format!("{source}: new rules after this hand"));
            self.note("new rules after this hand");
            self.pending_rules = Some(rules);
            return;
        }
        let text = rules.text;
        if self.apply(TableEvent::Rules {
            source: source.clone(),
            text,
        }) {
            self.host_unlock = crate::devices::host_unlock(&self.rules_in_force().text);
            let house = self.night.rules().house.name.clone();
            self.notice(Level::Info, format!("{source}: rules reloaded ({house})"));
            self.note(format!("rules reloaded: {house}"));
        }
    }

    /// The rules in force and where they came from: the last reload in the
    /// night, else what it was opened with. State the table keeps, so an
    /// undone reload needs no bookkeeping here.
    pub fn rules_in_force(&self) -> RulesSource {
        match self.night.table().reloaded_rules() {
            Some((name, text)) => RulesSource::from_name(name, text),
            None => self.opened.clone(),
        }
    }

    /// Applies an accepted event and journals it (fsynced) before the next
    /// frame; a refusal goes on the screen. Whether it was accepted.
    fn apply(&mut self, event: TableEvent) -> bool {
        if self.failed.is_some() {
            return false;
        }
        let record = self.journal.is_some().then(|| Record::Event(event.clone()));
        let before = self.hand_over();
        if let Err(e) = self.night.apply(event) {
            self.say(e);
            return false;
        }
        if let Some(record) = record {
            self.journaled(&record, |night| {
                night.undo();
            });
        }
        if self.failed.is_none() {
            self.sync_history(before);
        }
        self.failed.is_none()
    }

    fn hand_over(&self) -> (u64, bool) {
        hand_over(&self.night)
    }

    fn undo(&mut self) {
        if let Err(why) = self.night.can_undo() {
            self.say(why);
            return;
        }
        // A host action is the host's to take back (issue 10: two Undo
        // presses must not reopen an ended night).
        let host_only = self
            .night
            .events()
            .last()
            .is_some_and(TableEvent::is_host_only);
        if host_only && !self.host_unlocked() {
            self.say("a host action: only the host takes it back (tap the host card)");
            return;
        }
        let before = self.hand_over();
        let Some(event) = self.night.undo() else {
            return;
        };
        let said = format!("undo: {}", self.night.table().describe(&event));
        self.recorded(said);
        self.journaled(&Record::Undo, move |night| {
            let _ = night.apply(event);
        });
        if self.failed.is_none() {
            self.sync_history(before);
        }
    }

    /// Appends a record; if the disk refuses, takes the change back and stops.
    fn journaled(&mut self, record: &Record, take_back: impl FnOnce(&mut Night)) {
        let Some(journal) = self.journal.as_mut() else {
            return;
        };
        if let Err(e) = journal.append(record) {
            take_back(&mut self.night);
            let text = format!("journal: {e}");
            self.notice(Level::Error, text.clone());
            self.say(&text);
            self.failed = Some(text);
        }
    }

    /// Keeps the session folder the journal's after a change (see
    /// [`sync_history`]).
    fn sync_history(&mut self, before: (u64, bool)) {
        let Some(dir) = &self.history else { return };
        let notices = sync_history(dir, &self.night, before);
        self.notices.extend(notices);
    }

    fn notice(&mut self, level: Level, text: String) {
        self.notices.push(Notice { level, text });
    }

    /// Rules loaded for this session.
    pub fn rules(&self) -> &Arc<HouseRules> {
        self.night.rules()
    }
}

/// Hands dealt, and whether the last one is over.
fn hand_over(night: &Night) -> (u64, bool) {
    let table = night.table();
    (table.hands_dealt(), table.hand().is_some_and(|h| h.settled))
}

fn history_path(dir: &Path, hand: u64) -> PathBuf {
    dir.join(format!("hand-{hand:04}.phh"))
}

/// The hand number of a history file's name.
fn history_number(name: &str) -> Option<u64> {
    name.strip_prefix("hand-")?
        .strip_suffix(".phh")?
        .parse()
        .ok()
}

/// The hand histories are derived from the journal: hand N's file is there
/// exactly when hand N is over in the night and PHH can say it, with the
/// text the night gives. After a change from `before` (hands dealt, last
/// hand over), a hand that ended is written and a hand whose end was undone
/// loses its file.
fn sync_history(dir: &Path, night: &Night, before: (u64, bool)) -> Vec<Notice> {
    let after = hand_over(night);
    let mut notices = Vec::new();
    if before.1 && !after.1 && after.0 == before.0 {
        let path = history_path(dir, before.0);
        match std::fs::remove_file(&path) {
            Ok(()) => notices.push(Notice {
                level: Level::Info,
                text: format!("{}: removed, the hand's end was undone", path.display()),
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => notices.push(Notice {
                level: Level::Warn,
                text: format!("{}: cannot remove: {e}", path.display()),
            }),
        }
    }
    if after.1 && after != before {
        let text = phh_writer::to_phh(night.table());
        notices.extend(settle_history(
            dir,
            after.0,
            text,
            Check::Live,
            &BTreeSet::new(),
        ));
    }
    notices
}

/// How a restart's replay checks a history against the journal.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Check {
    /// Live: write what the hand says.
    Live,
    /// A hand undo can still reach, or the last: the file is read and
    /// compared (a crash between the journal and the history, an undone end).
    Content,
    /// A hand out of undo's reach: its file was renamed into place whole
    /// when the hand ended and nothing can change it since, so one that
    /// is there is taken as written; only a missing one is written. Reading
    /// every history of a long night from an SD card would hold up the
    /// start for seconds.
    Presence,
}

/// Makes hand `hand`'s file say `text` (or, if PHH cannot say the hand,
/// makes it absent), writing only what differs. During a restart's replay
/// only a change on disk is worth a notice.
fn settle_history(
    dir: &Path,
    hand: u64,
    text: Result<String, String>,
    check: Check,
    present: &BTreeSet<u64>,
) -> Vec<Notice> {
    let rebuilding = check != Check::Live;
    if check == Check::Presence && text.is_ok() && present.contains(&hand) {
        return Vec::new();
    }
    let path = history_path(dir, hand);
    let on_disk = match check {
        Check::Presence if !present.contains(&hand) => None,
        _ => std::fs::read_to_string(&path).ok(),
    };
    let mut notices = Vec::new();
    let mut say = |level, text| notices.push(Notice { level, text });
    match text {
        Ok(text) if on_disk.as_deref() == Some(text.as_str()) => {}
        Ok(text) => match phh_writer::write_text(&path, &text) {
            Ok(()) if rebuilding => say(
                Level::Warn,
                format!("{}: rebuilt from the journal", path.display()),
            ),
            Ok(()) => {}
            Err(e) => say(
                Level::Warn,
                format!("{}: cannot write: {e}", path.display()),
            ),
        },
        Err(why) => {
            if !rebuilding {
                say(Level::Info, format!("hand {hand}: no hand history: {why}"));
            }
            if on_disk.is_some() {
                match std::fs::remove_file(&path) {
                    Ok(()) => say(
                        Level::Warn,
                        format!("{}: removed, PHH cannot say this hand", path.display()),
                    ),
                    Err(e) => say(
                        Level::Warn,
                        format!("{}: cannot remove: {e}", path.display()),
                    ),
                }
            }
        }
    }
    notices
}

/// The hand numbers of the histories in the folder.
fn histories_in(dir: &Path) -> BTreeSet<u64> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return BTreeSet::new();
    };
    entries
        .flatten()
        .filter_map(|e| history_number(&e.file_name().to_string_lossy()))
        .collect()
}

/// After a restart's replay: histories of hands the night has not finished
/// (an end undone, or a crash between the two writes) and half-written
/// temporary files go.
fn prune_histories(dir: &Path, night: &Night) -> Vec<Notice> {
    let (dealt, over) = hand_over(night);
    let last_over = if over { dealt } else { dealt.saturating_sub(1) };
    let mut notices = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return notices;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let stale =
            name.ends_with(".phh.tmp") || history_number(&name).is_some_and(|n| n > last_over);
        if !stale {
            continue;
        }
        let path = entry.path();
        let text = match std::fs::remove_file(&path) {
            Ok(()) => (
                Level::Warn,
                format!(
                    "{}: removed, the journal has no such hand over",
                    path.display()
                ),
            ),
            Err(e) => (
                Level::Warn,
                format!("{}: cannot remove: {e}", path.display()),
            ),
        };
        notices.push(Notice {
            level: text.0,
            text: text.1,
        });
    }
    notices
}

/// Replays a journal being opened. With a history folder the night is
/// folded record by record, as it was played, so every hand's end is there
/// to rebuild its history from; without one, the faster [`Replay`].
fn resume(
    path: &Path,
    rules: Arc<HouseRules>,
    mut records: Reader,
    history: Option<&Path>,
    notices: &mut Vec<Notice>,
) -> Result<(Night, Journal), SessionError> {
    let located = |e| match e {
        JournalError::Replay { n, reason } => JournalError::Replay {
            n,
            reason: format!("{}: {reason}", path.display()),
        },
        e => e,
    };
    let night = match history {
        None => {
            let mut replay = Replay::new(rules);
            for record in records.by_ref() {
                let (n, record) = record?;
                journal::fold(&mut replay, n, record).map_err(located)?;
            }
            journal::finish(replay).map_err(located)?
        }
        Some(dir) => {
            let mut night = Night::new(rules);
            // Each hand's text as the journal ends it; settled on disk once
            // no undo can reach the hand any more, so an end undone and
            // played again later in the journal writes nothing twice.
            let mut ended: BTreeMap<u64, Result<String, String>> = BTreeMap::new();
            let present = histories_in(dir);
            let reach = UNDO_HANDS as u64 + 1;
            for record in records.by_ref() {
                let (n, record) = record?;
                let before = hand_over(&night);
                journal::apply(&mut night, n, record).map_err(located)?;
                let after = hand_over(&night);
                if after == before {
                    continue;
                }
                if before.1 && !after.1 && after.0 == before.0 {
                    ended.remove(&before.0);
                }
                if after.1 {
                    ended.insert(after.0, phh_writer::to_phh(night.table()));
                }
                while let Some(entry) = ended.first_entry() {
                    if *entry.key() + reach >= after.0 {
                        break;
                    }
                    let (hand, text) = entry.remove_entry();
                    notices.extend(settle_history(dir, hand, text, Check::Presence, &present));
                }
            }
            for (hand, text) in ended {
                notices.extend(settle_history(dir, hand, text, Check::Content, &present));
            }
            notices.extend(prune_histories(dir, &night));
            night
        }
    };
    let journal = records.finish()?;
    if let Some(warning) = journal.recovered() {
        notices.push(Notice {
            level: Level::Warn,
            text: warning.to_string(),
        });
    }
    notices.push(Notice {
        level: Level::Info,
        text: format!(
            "{}: resumed after {} records, {} hands",
            path.display(),
            journal.len(),
            night.table().hands_dealt()
        ),
    });
    Ok((night, journal))
}

/// Whole seconds, rounded up as a countdown shows them.
fn secs_up(d: Duration) -> u32 {
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
