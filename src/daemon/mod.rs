//! The shell around the pure core: input becomes events, state becomes
//! frames. [`session::Session`] is the table without hardware; `sim` drives
//! it from the keyboard and `run` from the Pi's devices.

pub mod run;
pub mod session;
pub mod sim;
