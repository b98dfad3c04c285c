//! What the shell makes durable: every change as a journal record, taken
//! back when the disk refuses it, and the files derived from the night
//! (hand histories, the ledger's exports). Apart because it is what the
//! session owes the disk, and how it recovers when the disk says no.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::journal::phh_writer;
use crate::journal::Record;
use crate::rules::HouseRules;
use crate::table::{Night, TableEvent};

use super::{Level, Output, Session, TakeBack};

impl Session {
    /// The next thing for the shell to do. After an [`Output::Append`],
    /// nothing more comes out until [`Session::appended`] says how it went:
    /// what follows depends on it.
    pub fn poll_output(&mut self) -> Option<Output> {
        if self.in_flight {
            return None;
        }
        let out = self.outputs.pop_front()?;
        self.in_flight = matches!(out, Output::Append { .. });
        Some(out)
    }

    /// The shell's answer to the last [`Output::Append`]: durable, or why
    /// not. A refused record's change is taken back, with every change
    /// queued after it, and the session stops: nothing more can be
    /// confirmed, so every later input is refused with the reason.
    pub fn appended(&mut self, result: Result<(), String>) {
        if !std::mem::take(&mut self.in_flight) {
            return;
        }
        let Err(why) = result else {
            self.unconfirmed.pop_front();
            return;
        };
        self.outputs.clear();
        // Newest first, as they were made.
        while let Some(take_back) = self.unconfirmed.pop_back() {
            match take_back {
                TakeBack::Applied => {
                    self.night.undo();
                }
                TakeBack::Undid(event) => {
                    let _ = self.night.apply(event);
                }
            }
        }
        let text = format!("journal: {why}");
        self.notice(Level::Error, text.clone());
        self.recorded = None;
        self.ack = None;
        self.say(&text);
        self.failed = Some(text);
        self.after_change();
    }

    /// Applies an accepted event and queues its record, to be made durable
    /// before the next frame; a refusal goes on the screen. Whether it was
    /// accepted.
    pub(super) fn apply(&mut self, event: TableEvent) -> bool {
        self.apply_parsed(event, None)
    }

    /// [`Session::apply`], with a `Rules` event's text parsed already, to
    /// `rules` (see [`Night::apply_parsed`]).
    pub(super) fn apply_parsed(
        &mut self,
        event: TableEvent,
        rules: Option<Arc<HouseRules>>,
    ) -> bool {
        if self.failed.is_some() {
            return false;
        }
        let record = self.keeps.journal.then(|| Record::Event(event.clone()));
        let before = self.marks();
        if let Err(e) = self.night.apply_parsed(event, rules) {
            self.say(e);
            return false;
        }
        if let Some(record) = record {
            self.journal(record, TakeBack::Applied);
        }
        self.derived(before);
        true
    }

    pub(super) fn undo(&mut self) {
        if let Err(why) = self.night.can_undo() {
            self.say(why);
            return;
        }
        // A host action is the host's to take back (issue 10: two Undo
        // presses must not reopen an ended night).
        let host_only = self
            .night
            .events()
            .last()
            .is_some_and(TableEvent::is_host_only);
        if host_only && !self.host_unlocked() {
            self.say("a host action: only the host takes it back (tap the host card)");
            return;
        }
        let before = self.marks();
        let Some(event) = self.night.undo() else {
            return;
        };
        let said = format!("undo: {}", self.night.table().describe(&event));
        self.recorded(said);
        if self.keeps.journal {
            self.journal(Record::Undo, TakeBack::Undid(event));
        }
        self.derived(before);
    }

    fn journal(&mut self, record: Record, take_back: TakeBack) {
        let at = self.wall_now();
        self.outputs.push_back(Output::Append { record, at });
        self.unconfirmed.push_back(take_back);
    }

    /// What the derived files follow, before a change.
    fn marks(&self) -> Marks {
        Marks {
            hand: hand_over(&self.night),
            ledger: self.night.table().ledger().entries().len(),
            in_hand: self.night.table().in_hand(),
        }
    }

    /// Queues what a change means for the files derived from the night: a
    /// hand history is there exactly when its hand is over and PHH can say
    /// it, with the text the night gives; the ledger's exports follow every
    /// entry and every hand's end.
    fn derived(&mut self, before: Marks) {
        let after = self.marks();
        let (was, now) = (before.hand, after.hand);
        let at = self.wall_now();
        self.dealt.note(was, now, at);
        if self.keeps.histories {
            if was.1 && !now.1 && now.0 == was.0 {
                self.outputs
                    .push_back(Output::RemoveHistory { hand: was.0 });
            }
            if now.1 && now != was {
                let text = history_text(&self.night, &self.dealt, &self.names);
                if let Err(why) = &text {
                    // Never silent, and loud enough for `--quiet`.
                    self.notice(
                        Level::Warn,
                        format!("hand {}: no hand history: {why}", now.0),
                    );
                }
                self.outputs
                    .push_back(Output::History { hand: now.0, text });
            }
            // A Guts or lives hand is no poker hand (the table holds none):
            // said once, when it ends, never as a misdeal when it is dealt.
            let table = self.night.table();
            if before.in_hand && !after.in_hand && table.hand().is_none() && now.0 > 0 {
                self.notice(
                    Level::Info,
                    format!(
                        "hand {}: no hand history: PHH has no form for a Guts or lives hand",
                        now.0
                    ),
                );
            }
        }
        if self.keeps.ledger && (after.hand, after.ledger) != (before.hand, before.ledger) {
            self.outputs.push_back(Output::Ledger);
        }
    }
}

/// What the derived files follow: hands dealt and whether the last is over,
/// and the ledger's entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Marks {
    hand: (u64, bool),
    ledger: usize,
    in_hand: bool,
}

/// When each hand undo can still reach was dealt (unix seconds), so that a
/// hand's history is dated the same live, after an undone end is played
/// again, and when a restart rebuilds it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DealtTimes(BTreeMap<u64, u64>);

impl DealtTimes {
    /// After a change from `before` to `after` ([`hand_over`]) at `at`.
    pub fn note(&mut self, before: (u64, bool), after: (u64, bool), at: Option<u64>) {
        if after.0 <= before.0 {
            return;
        }
        if let Some(at) = at {
            self.0.insert(after.0, at);
        }
        let reach = crate::table::UNDO_HANDS as u64 + 1;
        while self
            .0
            .first_key_value()
            .is_some_and(|(&h, _)| h + reach < after.0)
        {
            self.0.pop_first();
        }
    }

    pub fn at(&self, hand: u64) -> Option<u64> {
        self.0.get(&hand).copied()
    }
}

/// The history of the night's last hand, which is over, or why PHH cannot
/// say it: one text, live and at a restart.
pub fn history_text(
    night: &Night,
    dealt: &DealtTimes,
    names: &HistoryNames,
) -> Result<String, String> {
    let table = night.table();
    let hand = table.hands_dealt();
    let meta = phh_writer::HandMeta {
        hand,
        // A house file is one table's rules: its name is the table's.
        table: Some(night.rules().house.name.clone()),
        dealt_at: dealt.at(hand),
        night: names.night.clone(),
        box_id: names.box_id.clone(),
    };
    phh_writer::to_phh_with(table, &meta)
}

/// What names a night's hand histories: the night's id as the ledger
/// names it and the box's ([`crate::journal::Header::box_id`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HistoryNames {
    pub night: Option<String>,
    pub box_id: Option<String>,
}

/// Hands dealt, and whether the last one is over.
pub fn hand_over(night: &Night) -> (u64, bool) {
    let table = night.table();
    (table.hands_dealt(), table.hand().is_some_and(|h| h.settled))
}
