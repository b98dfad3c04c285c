//! What stops `dealerd run` from starting. Only the config and the state
//! directory are fatal; device faults are logged and retried instead.

use std::io;

use thiserror::Error;

use crate::daemon::store::SessionError;

#[derive(Debug, Error)]
pub enum RunError {
    /// The house rules file cannot be read.
    #[error("{path}: {reason}")]
    Config { path: String, reason: String },
    /// The house rules, or the journal under them, are unusable.
    #[error(transparent)]
    Session(#[from] SessionError),
    #[error("state directory {path}: {reason}")]
    StateDir { path: String, reason: String },
    #[error("log filter {spec:?}: {reason}")]
    LogFilter { spec: String, reason: String },
    /// The tokio runtime, a signal handler or a thread could not be set up.
    #[error("{what}: {source}")]
    Setup {
        what: &'static str,
        #[source]
        source: io::Error,
    },
    #[error("--devices pi: this dealerd was built without the `pi` feature")]
    NoPiSupport,
}

/// A device that could not be opened (its file in /dev, or its GPIO line).
/// Not fatal: the device's thread logs it and tries again.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
#[error("{device}: {reason}")]
pub struct OpenError {
    pub device: &'static str,
    pub reason: String,
}

impl OpenError {
    pub fn new(device: &'static str, reason: impl std::fmt::Display) -> OpenError {
        OpenError {
            device,
            reason: reason.to_string(),
        }
    }
}
