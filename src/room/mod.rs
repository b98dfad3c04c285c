//! Room scale (issue 14): each table publishes its state and its journal
//! to an MQTT broker, and `dealerd floor` follows every table on one page.
//!
//! - [`config`]: `[room]` in the house file (pure);
//! - [`payload`]: the versioned JSON on the wire (pure);
//! - [`tail`]: the journal's new lines, read without its lock;
//! - [`redact`]: what of a record may leave the table (pure);
//! - [`publish`]: the table's publisher, fed by the state task through a
//!   `watch` and by the journal file, never waited for;
//! - [`floor`]: the subscriber and its web page.

pub mod acks;
pub mod config;
pub mod connect;
pub mod floor;
pub mod payload;
pub mod publish;
pub mod redact;
pub mod tail;
pub mod tls;
