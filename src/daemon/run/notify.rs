//! sd_notify(3) without libsystemd: one datagram per state change to the
//! socket systemd names in `$NOTIFY_SOCKET` (a path, or `@name` for the
//! abstract namespace). Outside systemd there is no socket and every call is
//! a no-op.

use std::io;
use std::os::linux::net::SocketAddrExt;
use std::os::unix::net::{SocketAddr, UnixDatagram};
use std::time::Duration;

use tracing::debug;

/// Where notifications go, if anywhere.
#[derive(Debug)]
pub struct Notifier {
    target: Option<(UnixDatagram, SocketAddr)>,
}

impl Notifier {
    /// Sends nothing (not under systemd, or a test that does not listen).
    pub fn disabled() -> Notifier {
        Notifier { target: None }
    }

    /// From `$NOTIFY_SOCKET`. A socket that cannot be used is logged and
    /// ignored: the daemon works without systemd's bookkeeping.
    pub fn from_env() -> Notifier {
        match std::env::var_os("NOTIFY_SOCKET") {
            None => Notifier::disabled(),
            Some(name) => match Notifier::to(&name.to_string_lossy()) {
                Ok(n) => n,
                Err(e) => {
                    tracing::warn!("NOTIFY_SOCKET={}: {e}", name.to_string_lossy());
                    Notifier::disabled()
                }
            },
        }
    }

    /// To the socket at `name`: a filesystem path, or `@name` (abstract).
    pub fn to(name: &str) -> io::Result<Notifier> {
        let addr = match name.strip_prefix('@') {
            Some(abstract_name) => SocketAddr::from_abstract_name(abstract_name.as_bytes())?,
            None if name.starts_with('/') => SocketAddr::from_pathname(name)?,
            None => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "neither an absolute path nor @abstract",
                ))
            }
        };
        Ok(Notifier {
            target: Some((UnixDatagram::unbound()?, addr)),
        })
    }

    pub fn is_enabled(&self) -> bool {
        self.target.is_some()
    }

    /// Sends `state` (e.g. `READY=1`). A failure is only worth a debug line:
    /// systemd restarts a daemon whose watchdog pings stop, which is the
    /// right outcome if its socket is really gone.
    pub fn send(&self, state: &str) {
        if let Some((sock, addr)) = &self.target {
            if let Err(e) = sock.send_to_addr(state.as_bytes(), addr) {
                debug!("sd_notify {state:?}: {e}");
            }
        }
    }

    pub fn ready(&self) {
        self.send("READY=1");
    }

    pub fn watchdog(&self) {
        self.send("WATCHDOG=1");
    }

    pub fn stopping(&self) {
        self.send("STOPPING=1");
    }

    /// A one-line status for `systemctl status`; newlines would end it early.
    pub fn status(&self, text: &str) {
        self.send(&format!("STATUS={}", text.replace('\n', " ")));
    }
}

/// How often to ping, from `$WATCHDOG_USEC` and `$WATCHDOG_PID`.
pub fn watchdog_period_from_env() -> Option<Duration> {
    let usec = std::env::var("WATCHDOG_USEC").ok();
    let pid = std::env::var("WATCHDOG_PID").ok();
    watchdog_period(usec.as_deref(), pid.as_deref(), std::process::id())
}

/// Half the watchdog timeout, as sd_watchdog_enabled(3) advises, so one late
/// ping is not yet a restart. None when the watchdog is off, unreadable, or
/// meant for another process (`WATCHDOG_PID`).
pub fn watchdog_period(usec: Option<&str>, pid: Option<&str>, me: u32) -> Option<Duration> {
    let usec: u64 = usec?.trim().parse().ok().filter(|&u| u > 0)?;
    if let Some(pid) = pid {
        if pid.trim().parse::<u32>().ok()? != me {
            return None;
        }
    }
    Some(Duration::from_micros(usec / 2).max(Duration::from_millis(1)))
}
