//! Who drives the box's devices: `dealerd run --devices pi` holds an
//! exclusive lock (flock(2)) on the GPIO register node while it runs, and
//! `dealerd doctor` tries the same lock before it touches any device. Two
//! programs driving the same pins undo each other: when the doctor's
//! rpi-pal lets go of a pin it switches that pin's pull-up off, and the
//! daemon's buttons float; its reset and polls of the reader, and its "press
//! each button", would reach the live table. So the doctor refuses while
//! the daemon runs, and the daemon waits (its device threads retry) while
//! the doctor runs.
//!
//! The lock is on the node itself, not a file of our own: every dealerd on
//! the box sees the same node whatever its state directory, sandbox or
//! user, and the kernel drops the lock with the process, so a crash never
//! leaves the box locked.

use std::fs::{File, TryLockError};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The GPIO register nodes rpi-pal maps (a Pi 5's RP1 first, then the
/// Pi 1-4's), in the order it looks for them.
pub const GPIO_NODES: [&str; 2] = ["/dev/gpiomem0", "/dev/gpiomem"];

/// Another process holds the devices.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClaimError {
    #[error(
        "in use: another dealerd drives the devices (it holds {0}): the service, or a `dealerd doctor`"
    )]
    Held(PathBuf),
    #[error("cannot take them: {0}: {1}")]
    Io(PathBuf, String),
}

/// The lock, while held: dropped, the devices are free again.
#[derive(Debug)]
pub struct Claim {
    _file: Option<File>,
}

/// Takes the devices for this process, without waiting. With no GPIO node
/// at all (not a Pi, or the node is missing) there is nothing to share,
/// and nothing to lock: the openers report what is missing themselves.
pub fn claim() -> Result<Claim, ClaimError> {
    for node in GPIO_NODES {
        let path = Path::new(node);
        let file = match File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(ClaimError::Io(path.into(), e.to_string())),
        };
        return match file.try_lock() {
            Ok(()) => Ok(Claim { _file: Some(file) }),
            Err(TryLockError::WouldBlock) => Err(ClaimError::Held(path.into())),
            Err(TryLockError::Error(e)) => Err(ClaimError::Io(path.into(), e.to_string())),
        };
    }
    Ok(Claim { _file: None })
}

/// The daemon's claim, taken by the first device thread that needs it and
/// held for the rest of the run: its threads share one lock (two opens in
/// one process would lock each other out).
static HELD: Mutex<Option<Claim>> = Mutex::new(None);

/// [`claim`] once for the whole process; a thread that finds it taken by
/// another process gets the error and retries later, as it does for a
/// device that is not there.
pub fn hold_for_process() -> Result<(), ClaimError> {
    let mut held = HELD
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if held.is_none() {
        *held = Some(claim()?);
    }
    Ok(())
}
