//! `dealerd run` from the command line: the rules file, the devices, the
//! signals and systemd's environment around [`serve`].

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use super::devices::FakeDevices;
use super::notify::{self, Notifier};
use super::room::RoomFeed;
use super::stdout::Stdout;
use super::{serve_room, stdin, RunError, Setup, Signal, TapFilter, Tuning};
use crate::daemon::session::{Input, RulesSource};
use crate::rules::RulesError;

/// Which devices `dealerd run` drives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DeviceKind {
    /// The Pi's GPIO, SPI and I2C through rpi-pal.
    Pi,
    /// The simulated OLED and reader, on any Linux: keys on stdin as in
    /// `dealerd sim` press the buttons and tap cards, and every frame the
    /// panel takes is printed on stdout.
    Fake,
}

/// What `dealerd run` was asked to do.
#[derive(Debug, Clone)]
pub struct Options {
    pub config: PathBuf,
    pub state_dir: PathBuf,
    pub devices: DeviceKind,
}

/// `dealerd run`: reads the rules, picks the devices, and serves until
/// SIGTERM or SIGINT. Logging must be set up by the caller.
pub fn run(opts: &Options) -> Result<(), RunError> {
    let (rules, unreadable) = match crate::daemon::store::read_rules(&opts.config) {
        Ok(rules) => (rules, false),
        // A night to resume goes on under the rules it was played under,
        // and says on the screen and in the log why the file was not read:
        // exiting would leave the table dark while systemd restarts it.
        // So does a file refused before it is parsed: over the size cap,
        // or not UTF-8 (a syntax error is the session's to meet, the same way).
        Err(e) => match (journal_rules(&opts.state_dir), e) {
            (Some(rules), _) => (rules, true),
            (None, RulesError::Io { file, reason }) => {
                return Err(RunError::Config { path: file, reason })
            }
            (None, e) => return Err(RunError::Session(e.into())),
        },
    };
    let setup = Setup {
        rules,
        state_dir: opts.state_dir.clone(),
        tuning: Tuning {
            watchdog: notify::watchdog_period_from_env(),
            ..Tuning::default()
        },
    };
    // Before the devices: which pins to claim depends on the rules the
    // night goes on under.
    let (mut session, hw) = super::open(&setup)?;
    if unreadable {
        session.handle(Input::ReloadFile, Duration::ZERO);
    }
    let (room, publisher) = start_room(&setup, &session);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|source| RunError::Setup {
            what: "tokio runtime",
            source,
        })?;
    let served = rt.block_on(async {
        // Installed before READY=1, so a reload sent as soon as systemd
        // calls us started cannot kill the process.
        let signals = signals()?;
        let notifier = Notifier::from_env();
        match opts.devices {
            DeviceKind::Fake => {
                let fake = FakeDevices::new(&hw);
                let setup_err = |what| move |source| RunError::Setup { what, source };
                let out = Stdout::spawn().map_err(setup_err("stdout thread"))?;
                let mut devices = fake.devices();
                devices.shown = Some(out.shown_hook());
                let away = TapFilter::polling_every(setup.tuning.poll_every(&hw)).away_polls();
                let rules = Arc::clone(session.rules());
                stdin::spawn(fake, rules, away, out).map_err(setup_err("stdin thread"))?;
                serve_room(session, hw, setup, devices, signals, notifier, room).await
            }
            #[cfg(feature = "pi")]
            DeviceKind::Pi => {
                let devices = super::devices::pi_devices(&hw);
                serve_room(session, hw, setup, devices, signals, notifier, room).await
            }
            #[cfg(not(feature = "pi"))]
            DeviceKind::Pi => {
                drop((session, room));
                Err(RunError::NoPiSupport)
            }
        }
    });
    if let Some(publisher) = publisher {
        // The feed is gone with the state task: the publisher says
        // `offline` and ends; a broker that does not answer is not waited for.
        publisher.finish(Duration::from_secs(2));
    }
    served.map(|_| ())
}

/// Room mode, when the house file has a `[room]`: the publisher's thread,
/// and the feed the state task hands it the table through. A `[room]` that
/// does not read is logged (`dealerd check` locates it) and the table runs
/// on without publishing: a table must not stay dark over its display.
fn start_room(
    setup: &Setup,
    session: &crate::daemon::store::Stored,
) -> (Option<RoomFeed>, Option<crate::room::publish::Publisher>) {
    use crate::room::publish::{Publisher, Tuning};
    let Some(room) = room_of(setup) else {
        return (None, None);
    };
    let (feed, states) = RoomFeed::new(&room.table, session);
    match Publisher::spawn(room, setup.state_dir.clone(), states, Tuning::default()) {
        Ok(publisher) => (Some(feed), Some(publisher)),
        Err(e) => {
            tracing::error!("room: cannot start the publisher thread: {e}");
            (None, None)
        }
    }
}

/// The `[room]` the table publishes to, from the start's one parse of the
/// file (which [`super::open`] made); a refused one is logged.
pub(super) fn room_of(setup: &Setup) -> Option<crate::room::config::Room> {
    match setup.rules.readings().room.clone() {
        Ok(room) => room,
        Err(e) => {
            tracing::error!("[room] refused, not publishing: {e}");
            None
        }
    }
}

/// The rules a night in `state_dir` was played under, from its journal's
/// header; `None` when there is no night to resume.
fn journal_rules(state_dir: &std::path::Path) -> Option<RulesSource> {
    let path = super::storage(state_dir).journal?;
    if !path.exists() {
        return None;
    }
    // The reader (and its lock) is dropped at once: the session opens the
    // journal itself.
    let (header, _) = crate::journal::Journal::read(&path).ok()?;
    Some(RulesSource::from_name(&header.rules, &header.rules_text))
}

/// SIGHUP, SIGTERM and SIGINT as [`Signal`]s, from a task of their own.
fn signals() -> Result<mpsc::Receiver<Signal>, RunError> {
    use tokio::signal::unix::{signal, SignalKind};
    let err = |source| RunError::Setup {
        what: "signal handler",
        source,
    };
    let mut hup = signal(SignalKind::hangup()).map_err(err)?;
    let mut term = signal(SignalKind::terminate()).map_err(err)?;
    let mut int = signal(SignalKind::interrupt()).map_err(err)?;
    let (tx, rx) = mpsc::channel(4);
    tokio::spawn(async move {
        loop {
            let s = tokio::select! {
                _ = hup.recv() => Signal::Reload,
                _ = term.recv() => Signal::Stop,
                _ = int.recv() => Signal::Stop,
            };
            if tx.send(s).await.is_err() {
                return;
            }
        }
    });
    Ok(rx)
}
