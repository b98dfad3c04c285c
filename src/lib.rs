//! dealerd: a dealer assistant for a live poker table.
//!
//! The rules core ([`engine`]) is pure: state plus event gives a new state or a
//! [`engine::RuleError`]. Everything else is a shell around it.

pub mod daemon;
pub mod devices;
pub mod doctor;
pub mod engine;
pub mod hw;
pub mod journal;
pub mod phh;
pub mod records;
pub mod replay;
pub mod room;
pub mod rules;
pub mod table;
pub mod ui;
