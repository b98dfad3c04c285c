//! The shell around the pure core: input becomes events, state becomes
//! frames. Today that is the simulator; the Pi daemon (tokio, journal,
//! sd-notify) joins it here.

pub mod run;
pub mod session;
pub mod sim;
