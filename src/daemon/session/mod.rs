//! One table session without hardware: presses, card taps, rules reloads and
//! the passing of time go in; journaled events, notices and frames come out.
//! `dealerd sim` and `dealerd run` both drive a [`Session`]; neither holds
//! table logic of its own, so what a host rehearses in the simulator is what
//! the Pi does.
//!
//! The session is sans-IO, the way quinn-proto is: it reads no file, no
//! clock and no device. Time is a parameter: every call says what time it
//! is, as a [`Duration`] since the shell started, and [`Session::next_wake`]
//! says when the screen would change by itself. What must reach the disk is
//! queued as [`Output`]s, which the shell takes with [`Session::poll_output`]
//! and performs before it takes the next frame: journal records (appended
//! and fsynced, the result handed back with [`Session::appended`]), hand
//! histories, the ledger's exports, and requests to read the rules file.
//! [`crate::daemon::store`] is that shell for files; tests and scripts run
//! on virtual time.

mod rules_source;

use std::collections::{BTreeMap, VecDeque};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::engine::{Action, Event};
use crate::journal::phh_writer;
use crate::journal::Record;
use crate::rules::{uid_hex, CardRole, HouseRules, RulesError};
use crate::table::{Night, TableEvent};
use crate::ui::Press;
use crate::ui::{
    screens, Ack, ClockView, Controller, Frame, Intent, Mode, Screen, View, HOST_OPEN,
    HOST_WARN_SECS,
};

pub use self::rules_source::{Origin, RulesSource, EMBEDDED_NAME};

/// What the shell hands the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A debounced button press.
    Press(Press),
    /// A card on the reader: its UID as read.
    Tap(Vec<u8>),
    /// The rules file as it now reads (the shell's answer to
    /// [`Output::ReadRules`], or rules handed in whole). Applied between hands.
    Reload(RulesSource),
    /// The rules file could not be read (the shell's answer to
    /// [`Output::ReadRules`]): the error, located, for the screen and the log.
    RulesUnreadable(String),
    /// Reload the rules file the session runs under (SIGHUP on the Pi): the
    /// session asks the shell to read it with [`Output::ReadRules`].
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

/// What the session asks of the shell, in order. Each is done before the
/// next frame is taken, so nothing the screen confirms is lost to a power cut.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    /// Append to the journal and make it durable (fsync), stamped with the
    /// wall clock's `at` (unix seconds). The shell answers with
    /// [`Session::appended`] before it polls again.
    Append { record: Record, at: Option<u64> },
    /// Hand `hand` is over: its history says `text`, or PHH cannot say the
    /// hand (why), and there is to be no file.
    History {
        hand: u64,
        text: Result<String, String>,
    },
    /// Hand `hand`'s end was undone: its history goes.
    RemoveHistory { hand: u64 },
    /// Read this rules file and answer with [`Input::Reload`] or
    /// [`Input::RulesUnreadable`].
    ReadRules(PathBuf),
    /// The ledger or a stack changed: the exports derived from it are due.
    Ledger,
    /// The host started the next night: archive this one (it has ended)
    /// and start a new one under the same rules, carrying the cards
    /// enrolled ([`Session::carry_cards`]).
    NewNight,
}

/// Which outputs the shell keeps; the session queues no other, and works
/// out no history text nobody writes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Keeps {
    pub journal: bool,
    pub histories: bool,
    pub ledger: bool,
}

/// How to take back a change whose record the disk refused.
#[derive(Debug, Clone)]
enum TakeBack {
    /// An event was applied: undo it.
    Applied,
    /// Undo took this event back: apply it again.
    Undid(TableEvent),
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
    keeps: Keeps,
    /// What the shell is to do, oldest first.
    outputs: VecDeque<Output>,
    /// One per [`Output::Append`] not yet answered, the one in flight first:
    /// how to take its change back if the disk refuses it.
    unconfirmed: VecDeque<TakeBack>,
    /// An append was handed out and not yet answered.
    in_flight: bool,
    /// The wall clock (unix seconds) at `now` zero, as the shell read it.
    wall: Option<u64>,
    /// When the hands undo can still reach were dealt, for their histories.
    dealt: DealtTimes,
    /// The first journal failure. Nothing more can be confirmed, so every
    /// later input is refused with it on the screen.
    failed: Option<String>,
    clock: Option<Clock>,
    /// Host actions are unlocked until then.
    host_until: Option<Duration>,
    /// How long a host card unlocks: `[hardware] host_unlock_seconds` of the
    /// rules in force, which `rules` leaves to `devices` (issue 12); read
    /// again whenever the rules in force change (a reload, an undone one).
    host_unlock: Option<(Arc<HouseRules>, Duration)>,
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
    /// A new night under `rules`.
    pub fn new(rules: &RulesSource, keeps: Keeps) -> Result<Session, RulesError> {
        let house = rules.load()?;
        Ok(Session::resume(
            Night::new(Arc::new(house)),
            rules.clone(),
            keeps,
        ))
    }

    /// A night folded from its journal, opened under `opened` (the rules its
    /// journal's header holds). The shell reloads the rules file as it now
    /// reads if that differs, so a file that went bad while the table was
    /// down is refused on the screen and in the log, and the night goes on.
    pub fn resume(night: Night, opened: RulesSource, keeps: Keeps) -> Session {
        Session {
            night,
            ctl: Controller::new(),
            keeps,
            outputs: VecDeque::new(),
            unconfirmed: VecDeque::new(),
            in_flight: false,
            wall: None,
            dealt: DealtTimes::default(),
            failed: None,
            clock: None,
            host_until: None,
            host_unlock: None,
            said: None,
            recorded: None,
            ack: None,
            pending_rules: None,
            opened,
            notices: Vec::new(),
            now: Duration::ZERO,
            preview: screens::PreviewCache::default(),
            idle_press: false,
        }
    }

    /// The wall clock read `unix` seconds when `now` was zero: records and
    /// hand histories are stamped from it. Unset (a Pi whose clock network
    /// time has not set yet), nothing is stamped.
    pub fn set_wall_clock(&mut self, unix: Option<u64>) {
        self.wall = unix;
    }

    /// When the hands of a resumed night were dealt, as its journal says.
    pub fn set_dealt_times(&mut self, dealt: DealtTimes) {
        self.dealt = dealt;
    }

    /// The history of the night's last hand, which is over, as this session
    /// writes it (dated by when it was dealt), or why PHH cannot say it.
    pub fn history(&self) -> Result<String, String> {
        history_text(&self.night, &self.dealt)
    }

    /// The wall clock now, in unix seconds, if it is known.
    pub fn wall_now(&self) -> Option<u64> {
        self.wall.map(|w| w.saturating_add(self.now.as_secs()))
    }

    /// The next thing for the shell to do. After an [`Output::Append`],
    /// nothing more comes out until [`Session::appended`] says how it went:
    /// what follows depends on it.
    pub fn poll_output(&mut self) -> Option<Output> {
        if self.in_flight {
            return None;
        }
        let out = self.outputs.pop_front()?;
        self.in_flight = matches!(out, Output::Append { .. });
        Some(out)
    }

    /// The shell's answer to the last [`Output::Append`]: durable, or why
    /// not. A refused record's change is taken back, with every change
    /// queued after it, and the session stops: nothing more can be
    /// confirmed, so every later input is refused with the reason.
    pub fn appended(&mut self, result: Result<(), String>) {
        if !std::mem::take(&mut self.in_flight) {
            return;
        }
        let Err(why) = result else {
            self.unconfirmed.pop_front();
            return;
        };
        self.outputs.clear();
        // Newest first, as they were made.
        while let Some(take_back) = self.unconfirmed.pop_back() {
            match take_back {
                TakeBack::Applied => {
                    self.night.undo();
                }
                TakeBack::Undid(event) => {
                    let _ = self.night.apply(event);
                }
            }
        }
        let text = format!("journal: {why}");
        self.notice(Level::Error, text.clone());
        self.recorded = None;
        self.ack = None;
        self.say(&text);
        self.failed = Some(text);
        self.after_change();
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
            // A house with no host card has no lock to open: its host
            // menu is always open, or walk-ins, new cards and the end of
            // the night would be out of reach.
            host: self
                .host_until
                .filter(|&t| self.now < t)
                .map(|t| secs_up(t - self.now))
                .or_else(|| (!self.night.rules().has_host_card()).then_some(HOST_OPEN)),
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
            Input::RulesUnreadable(why) => self.refuse_rules(why),
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
            Intent::Apply(TableEvent::EnrollCard { uid, name }) => {
                let e = TableEvent::EnrollCard {
                    uid,
                    name: name.clone(),
                };
                let said = self.night.table().describe(&e);
                if self.apply(e) {
                    // A card enrolled goes straight on to what its player's
                    // tap would open: a seat, or their menu.
                    self.recorded(said);
                    let next = self.ctl.player_card(&self.night, &name);
                    self.intent(next);
                }
            }
            Intent::Apply(e) => self.apply_and_say(vec![e]),
            // A deal and the action pressed on it.
            Intent::ApplyAll(events) => self.apply_and_say(events),
            Intent::Undo => self.undo(),
            Intent::StartClock => self.start_clock(),
            Intent::ReloadRules => self.reload_file(),
            Intent::LockHost => self.host_until = None,
            Intent::NewNight if self.night.table().ended() => {
                self.notice(Level::Info, "the host starts a new night".into());
                self.outputs.push_back(Output::NewNight);
            }
            Intent::NewNight => self.say("end the session first"),
            Intent::Tell(text) => self.say(text),
            Intent::Acknowledge => self.ack = None,
        }
    }

    /// Applies `events` in order, each journaled on its own, stopping at the
    /// first refusal. The log says what the press recorded, as the dealer
    /// would say it, so the host can follow the night afterwards.
    fn apply_and_say(&mut self, events: Vec<TableEvent>) {
        let mut said = Vec::new();
        for e in events {
            let what = self.night.table().describe(&e);
            if !self.apply(e) {
                break;
            }
            said.push(what);
        }
        if said.is_empty() {
            return;
        }
        let said = said.join(", ");
        let said = match self.night.table().who_won() {
            Some(won) => format!("{said}: {won}"),
            None => said,
        };
        self.recorded(said);
    }

    /// A refusal from the shell (a new night it could not start), shown
    /// until the next press.
    pub fn tell(&mut self, text: impl std::fmt::Display) {
        self.say(text);
    }

    /// The new night is open: the screen says so for a few seconds.
    pub fn note_new_night(&mut self) {
        self.note("a new night: tap cards to sit down");
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
        let rules = self.night.rules();
        let unlock = match &self.host_unlock {
            Some((of, unlock)) if Arc::ptr_eq(of, rules) => *unlock,
            _ => {
                let rules = Arc::clone(rules);
                let unlock = crate::devices::host_unlock(&self.rules_in_force().text);
                self.host_unlock = Some((rules, unlock));
                unlock
            }
        };
        self.host_until = Some(self.now + unlock);
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
            let enrolled = self.night.table().enrolled_name(uid).map(str::to_string);
            let text = match &enrolled {
                Some(name) => format!("card {} ({name})", uid_hex(uid)),
                None => format!("unknown card {}", uid_hex(uid)),
            };
            self.notice(Level::Info, text);
            if self.ack.is_some() {
                self.say("press a button to go on first");
                return;
            }
            let intent = match enrolled {
                Some(name) => self.ctl.player_card(&self.night, &name),
                None => {
                    let mut ctl = std::mem::take(&mut self.ctl);
                    let intent = ctl.unknown_card(&self.view(), uid);
                    self.ctl = ctl;
                    intent
                }
            };
            self.intent(intent);
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

    /// Asks the shell to read the session's rules file again. The embedded
    /// default has no file to read.
    fn reload_file(&mut self) {
        match self.rules_in_force().origin {
            Origin::File(path) => self.outputs.push_back(Output::ReadRules(path)),
            Origin::Embedded => self.say("the embedded default rules have no file to reload"),
        }
    }

    /// Rules that cannot be had: the error on screen and in the log, and the
    /// old rules stay.
    fn refuse_rules(&mut self, why: impl std::fmt::Display) {
        let msg = format!("rules not reloaded: {why}");
        self.notice(Level::Error, msg.clone());
        self.say(msg);
    }

    /// New rules: refused with the error on screen and in the log (the old
    /// rules stay), held until the hand ends, or applied.
    fn reload(&mut self, rules: RulesSource) {
        let source = rules.name();
        if let Err(e) = rules.load() {
            self.refuse_rules(e);
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

    /// Applies an accepted event and queues its record, to be made durable
    /// before the next frame; a refusal goes on the screen. Whether it was
    /// accepted.
    fn apply(&mut self, event: TableEvent) -> bool {
        if self.failed.is_some() {
            return false;
        }
        let record = self.keeps.journal.then(|| Record::Event(event.clone()));
        let before = self.marks();
        if let Err(e) = self.night.apply(event) {
            self.say(e);
            return false;
        }
        if let Some(record) = record {
            self.journal(record, TakeBack::Applied);
        }
        self.derived(before);
        true
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
        let before = self.marks();
        let Some(event) = self.night.undo() else {
            return;
        };
        let said = format!("undo: {}", self.night.table().describe(&event));
        self.recorded(said);
        if self.keeps.journal {
            self.journal(Record::Undo, TakeBack::Undid(event));
        }
        self.derived(before);
    }

    fn journal(&mut self, record: Record, take_back: TakeBack) {
        let at = self.wall_now();
        self.outputs.push_back(Output::Append { record, at });
        self.unconfirmed.push_back(take_back);
    }

    /// What the derived files follow, before a change.
    fn marks(&self) -> Marks {
        Marks {
            hand: hand_over(&self.night),
            ledger: self.night.table().ledger().entries().len(),
        }
    }

    /// Queues what a change means for the files derived from the night: a
    /// hand history is there exactly when its hand is over and PHH can say
    /// it, with the text the night gives; the ledger's exports follow every
    /// entry and every hand's end.
    fn derived(&mut self, before: Marks) {
        let after = self.marks();
        let (was, now) = (before.hand, after.hand);
        let at = self.wall_now();
        self.dealt.note(was, now, at);
        if self.keeps.histories {
            if was.1 && !now.1 && now.0 == was.0 {
                self.outputs
                    .push_back(Output::RemoveHistory { hand: was.0 });
            }
            if now.1 && now != was {
                let text = history_text(&self.night, &self.dealt);
                if let Err(why) = &text {
                    // Never silent, and loud enough for `--quiet`.
                    self.notice(
                        Level::Warn,
                        format!("hand {}: no hand history: {why}", now.0),
                    );
                }
                self.outputs
                    .push_back(Output::History { hand: now.0, text });
            }
        }
        if self.keeps.ledger && after != before {
            self.outputs.push_back(Output::Ledger);
        }
    }

    fn notice(&mut self, level: Level, text: String) {
        self.notices.push(Notice { level, text });
    }

    /// A new night goes on knowing the cards the last one enrolled: each is
    /// enrolled again, as the new journal's first events.
    pub fn carry_cards(&mut self, cards: &[crate::table::Enrolled]) {
        for card in cards {
            self.apply(TableEvent::EnrollCard {
                uid: uid_hex(&card.uid),
                name: card.name.clone(),
            });
        }
        self.after_change();
    }

    /// Rules loaded for this session.
    pub fn rules(&self) -> &Arc<HouseRules> {
        self.night.rules()
    }
}

/// What the derived files follow: hands dealt and whether the last is over,
/// and the ledger's entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Marks {
    hand: (u64, bool),
    ledger: usize,
}

/// When each hand undo can still reach was dealt (unix seconds), so that a
/// hand's history is dated the same live, after an undone end is played
/// again, and when a restart rebuilds it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DealtTimes(BTreeMap<u64, u64>);

impl DealtTimes {
    /// After a change from `before` to `after` ([`hand_over`]) at `at`.
    pub fn note(&mut self, before: (u64, bool), after: (u64, bool), at: Option<u64>) {
        if after.0 <= before.0 {
            return;
        }
        if let Some(at) = at {
            self.0.insert(after.0, at);
        }
        let reach = crate::table::UNDO_HANDS as u64 + 1;
        while self
            .0
            .first_key_value()
            .is_some_and(|(&h, _)| h + reach < after.0)
        {
            self.0.pop_first();
        }
    }

    pub fn at(&self, hand: u64) -> Option<u64> {
        self.0.get(&hand).copied()
    }
}

/// The history of the night's last hand, which is over, or why PHH cannot
/// say it: one text, live and at a restart.
pub fn history_text(night: &Night, dealt: &DealtTimes) -> Result<String, String> {
    let table = night.table();
    let hand = table.hands_dealt();
    let meta = phh_writer::HandMeta {
        hand,
        // A house file is one table's rules: its name is the table's.
        table: Some(night.rules().house.name.clone()),
        dealt_at: dealt.at(hand),
    };
    phh_writer::to_phh_with(table, &meta)
}

/// Hands dealt, and whether the last one is over.
pub fn hand_over(night: &Night) -> (u64, bool) {
    let table = night.table();
    (table.hands_dealt(), table.hand().is_some_and(|h| h.settled))
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
