//! What the ui reads: the night and the state the session owns (the host
//! lock, the clock, the last message, an automatic action to acknowledge).
//! The controller and the screens only read a [`View`]; the session is the
//! one place these change, so they are never stored twice.

use crate::table::Night;

/// Seconds of host unlock left at which the screen starts to warn.
pub const HOST_WARN_SECS: u32 = 10;

/// [`View::host`] in a house whose file names no host card: no lock, so
/// nothing runs out (`Table::has_host_card`).
pub const HOST_OPEN: u32 = u32::MAX;

/// The D3 clock as the screen shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockView {
    /// Seconds left, rounded up as a countdown shows them.
    pub left: u32,
    /// Amount entry is open for the player on the clock: they have acted,
    /// so the clock waits (and goes on if the entry is cancelled).
    pub paused: bool,
}

/// Something the table did by itself (a time-up fold, the host lock
/// closing a dialog). The next press only acknowledges it, so no press meant
/// for one player or dialog lands on another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ack {
    pub title: String,
    pub text: String,
}

/// A read-only view of the session for one press or one frame.
#[derive(Debug, Clone, Copy)]
pub struct View<'a> {
    pub night: &'a Night,
    /// Seconds left of the host's unlock; `None` while locked;
    /// [`HOST_OPEN`] where the house has no host card.
    pub host: Option<u32>,
    pub clock: Option<ClockView>,
    /// A refusal or a note from the last input, shown until the next press.
    pub message: Option<&'a str>,
    /// What the last press recorded or took back, as the dealer would say
    /// it ("Dan raises to 60", "undo: Dan folds"), for a few seconds.
    pub confirm: Option<&'a str>,
    pub ack: Option<&'a Ack>,
}

impl<'a> View<'a> {
    /// The night alone: host locked, no clock, nothing to say.
    pub fn of(night: &'a Night) -> View<'a> {
        View {
            night,
            host: None,
            clock: None,
            message: None,
            confirm: None,
            ack: None,
        }
    }

    /// With the host unlocked for a while (tests and the simulator's
    /// rehearsals; the session sets the real seconds).
    pub fn host_unlocked(self) -> View<'a> {
        View {
            host: Some(u32::MAX),
            ..self
        }
    }

    pub fn with_clock(self, left: u32) -> View<'a> {
        View {
            clock: Some(ClockView {
                left,
                paused: false,
            }),
            ..self
        }
    }

    pub fn with_message(self, message: &'a str) -> View<'a> {
        View {
            message: Some(message),
            ..self
        }
    }

    pub fn with_confirm(self, confirm: &'a str) -> View<'a> {
        View {
            confirm: Some(confirm),
            ..self
        }
    }

    pub fn is_host(&self) -> bool {
        self.host.is_some()
    }
}

impl<'a> From<&'a Night> for View<'a> {
    fn from(night: &'a Night) -> View<'a> {
        View::of(night)
    }
}
