//! The shell around the pure core: input becomes events, state becomes
//! frames. [`session::Session`] is the table without hardware or files;
//! [`store::Stored`] keeps its night on disk; `sim` drives it from the
//! keyboard and `run` from the Pi's devices. `keys` and `term`
//! are the keyboard and the terminal they share (`run --devices fake` reads
//! keys as `sim` does).

pub mod cards;
mod house_examples;
pub mod house_file;
pub mod house_reference;
pub mod init;
pub mod keys;
pub mod run;
pub mod session;
pub mod sim;
pub mod store;
pub mod term;
