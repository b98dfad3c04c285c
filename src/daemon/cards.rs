//! `dealerd cards STATE`: the cards the host enrolled on the device, as
//! `[[card]]` lines for the house file. Read from the night's journal
//! without its lock, as `dealerd report` reads it; a new night starts by
//! enrolling the last night's cards again, so the night in progress knows
//! them all.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::journal::{self, Journal};
use crate::table::Night;

/// The journal `state` names: the file itself, or the state directory's.
pub fn journal_of(state: &Path) -> PathBuf {
    if state.is_dir() {
        journal::in_state_dir(state)
    } else {
        state.to_path_buf()
    }
}

/// The enrolled cards of the night in `state`, as house-file text.
pub fn enrolled_toml(state: &Path) -> Result<String, journal::JournalError> {
    let path = journal_of(state);
    let (header, records) = Journal::inspect(&path)?;
    let mut night = Night::new(Arc::new(header.rules(&path)?));
    for (i, record) in records.into_iter().enumerate() {
        journal::apply(&mut night, i as u64 + 1, record)?;
    }
    let cards = night.table().enrolled();
    let mut out = format!(
        "# {} card(s) enrolled on the device ({}); add to the house file\n",
        cards.len(),
        path.display()
    );
    for card in cards {
        out.push('\n');
        out.push_str(&card.to_toml());
    }
    Ok(out)
}
