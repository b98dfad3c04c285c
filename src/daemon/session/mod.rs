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
//!
//! This file holds the session's inputs and outputs, its state and the way
//! a press or a tap becomes an intent; the rest of its work is in files of
//! its own, each an `impl Session` on one concern: `records.rs` (what the
//! shell makes durable, and taking it back), `clock.rs` (D3's clock and
//! the session's sense of time), `cards.rs` (taps and the host unlock) and
//! `reload.rs` (new rules).

mod cards;
mod clock;
mod records;
mod reload;
mod rules_source;

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::journal::Record;
use crate::rules::{uid_hex, HouseRules, RulesError};
use crate::table::{Night, TableEvent};
use crate::ui::Press;
use crate::ui::{screens, Ack, ClockView, Controller, Frame, Intent, View, HOST_OPEN};

pub use self::rules_source::{Origin, RulesSource, EMBEDDED_NAME};

use self::clock::secs_up;
pub use self::records::{hand_over, history_text, DealtTimes, HistoryNames};

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
    /// What names the night's hand histories.
    names: HistoryNames,
    /// The first journal failure. Nothing more can be confirmed, so every
    /// later input is refused with it on the screen.
    failed: Option<String>,
    clock: Option<Clock>,
    /// Host actions are unlocked until then.
    host_until: Option<Duration>,
    /// How long a host card unlocks under each of the night's rules:
    /// `[hardware] host_unlock_seconds`, which `rules` leaves to `devices`
    /// (issue 12), kept from the parse that brought the rules (a start, a
    /// reload), so a tap parses nothing. The rules in force are found by
    /// the very `Arc` the table holds, so an undone reload finds its
    /// rules' again.
    host_unlock: Vec<(Arc<HouseRules>, Duration)>,
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
        let file = rules.load()?;
        let mut session =
            Session::resume(Night::new(Arc::clone(&file.rules)), rules.clone(), keeps);
        session.wired(&file);
        Ok(session)
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
            names: HistoryNames::default(),
            failed: None,
            clock: None,
            host_until: None,
            host_unlock: Vec::new(),
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

    /// What names the night's hand histories (its journal's header).
    pub fn set_history_names(&mut self, names: HistoryNames) {
        self.names = names;
    }

    /// When the hands of a resumed night were dealt, as its journal says.
    pub fn set_dealt_times(&mut self, dealt: DealtTimes) {
        self.dealt = dealt;
    }

    /// The history of the night's last hand, which is over, as this session
    /// writes it (dated by when it was dealt), or why PHH cannot say it.
    pub fn history(&self) -> Result<String, String> {
        history_text(&self.night, &self.dealt, &self.names)
    }

    /// The wall clock now, in unix seconds, if it is known.
    pub fn wall_now(&self) -> Option<u64> {
        self.wall.map(|w| w.saturating_add(self.now.as_secs()))
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
                .or_else(|| (!self.night.table().has_host_card()).then_some(HOST_OPEN)),
            clock: self.clock.map(|c| ClockView {
                left: secs_up(self.left(c)),
                paused: matches!(c.run, Run::Paused(_)),
            }),
            message: self.message(),
            confirm: self.recorded.as_ref().map(|s| s.text.as_str()),
            ack: self.ack.as_ref(),
        }
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
            // The host holds the card just made the host card: the host's
            // functions stay open for the usual unlock, then lock.
            Intent::Apply(e @ TableEvent::EnrollHostCard { .. }) => {
                self.apply_and_say(vec![e]);
                if self.night.table().has_host_card() {
                    self.unlock_host();
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
        let before = hand_over(&self.night);
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
        // Who won, only on the press that ended the hand: the table keeps
        // the last hand's result, which is no part of a top-up or a deal.
        let after = hand_over(&self.night);
        let ended = after.1 && after != before;
        let said = match self.night.table().who_won().filter(|_| ended) {
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

    fn notice(&mut self, level: Level, text: String) {
        self.notices.push(Notice { level, text });
    }

    /// A new night goes on knowing the cards the last one enrolled: each is
    /// enrolled again, as the new journal's first events.
    pub fn carry_cards(&mut self, cards: &[crate::table::Enrolled]) {
        for card in cards {
            let uid = uid_hex(&card.uid);
            self.apply(match card.host {
                true => TableEvent::EnrollHostCard { uid },
                false => TableEvent::EnrollCard {
                    uid,
                    name: card.name.clone(),
                },
            });
        }
        self.after_change();
    }

    /// Rules loaded for this session.
    pub fn rules(&self) -> &Arc<HouseRules> {
        self.night.rules()
    }
}
