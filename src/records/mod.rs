//! The night's records for people outside the table: the ledger as CSV for
//! a host's spreadsheet and the ledger apps ([`csv`], [`exports`]), and the
//! night at a glance from its journal ([`report`]). The journal stays the
//! source: every file here can be made again from it.

pub mod csv;
pub mod exports;
mod html;
/// The report's HTML escape, shared with the floor's staff page.
pub(crate) use html::esc as html_escape;
mod money;
pub mod report;
mod text;
pub mod zone;

pub use csv::{ledger_csv, money_paths, night_row, MoneyPath, NIGHTS_HEADER};
pub use exports::{box_id, next_night_number, night_id, write_exports};
pub use money::Money;
pub use report::{Report, ReportError};
pub use zone::Zone;
