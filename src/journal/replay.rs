//! Folding journal records into a night: at a restart (a [`Replay`]) or
//! record by record into a live night. Apart because it reads the records,
//! not the file.

use std::sync::Arc;

use crate::rules::HouseRules;
use crate::table::{Night, Replay, TableError, UndoRefused, UNDO_HANDS};

use super::{JournalError, Record};

/// Folds journal records into a night, as a restart does (see
/// [`Replay`]).
pub fn night_from(rules: Arc<HouseRules>, records: &[Record]) -> Result<Night, JournalError> {
    let mut replay = Replay::new(rules);
    for (i, record) in records.iter().enumerate() {
        fold(&mut replay, i as u64 + 1, record.clone())?;
    }
    finish(replay)
}

/// One record into a replay: record `n`'s event, or an undo of the last.
pub fn fold(replay: &mut Replay, n: u64, record: Record) -> Result<(), JournalError> {
    match record {
        Record::Event(e) => replay.event(n, e).map_err(refused),
        Record::Undo => replay.undo().map_err(|why| undo_refused(n, why)),
    }
}

/// One record into a live night, as the session applied it: slower than a
/// [`Replay`], but the table is there after every record (to rebuild the
/// hand histories from).
pub fn apply(night: &mut Night, n: u64, record: Record) -> Result<(), JournalError> {
    match record {
        Record::Event(e) => night.apply(e).map(|_| ()).map_err(|err| refused((n, err))),
        Record::Undo => match night.can_undo() {
            Ok(()) => {
                night.undo();
                Ok(())
            }
            Err(why) => Err(undo_refused(n, why)),
        },
    }
}

fn undo_refused(n: u64, why: UndoRefused) -> JournalError {
    JournalError::Replay {
        n,
        reason: match why {
            UndoRefused::Nothing => "undo with nothing to undo".into(),
            UndoRefused::TooFarBack => {
                format!("an undo further back than {UNDO_HANDS} hands, which a restart keeps")
            }
        },
    }
}

pub fn finish(replay: Replay) -> Result<Night, JournalError> {
    replay.finish().map_err(refused)
}

fn refused((n, err): (u64, TableError)) -> JournalError {
    JournalError::Replay {
        n,
        reason: format!("refused: {err}"),
    }
}
