//! `dealerd floor`: every table of the room on one page. The model here is
//! pure (messages in, JSON and replay requests out); [`serve`] connects it
//! to the broker and to the browsers.
//!
//! One table's credentials must not harm the others (issue 23): a table id
//! is checked as the table checks its own, at most [`MAX_TABLES`] are
//! followed, a payload over [`MAX_PAYLOAD`] is dropped, a state that does
//! not read as the schema's is dropped (the last good one stays), and each
//! table keeps at most [`MAX_RECORDS`] records and [`MAX_TABLE_BYTES`] of
//! them, the oldest going first.
//!
//! A table never steps back (issue 36): a state whose journal head is
//! below the one held (a redelivered or retained older state) is dropped,
//! as is anything of a night that is over. The floor keeps when it last
//! heard from each table and since when the broker is lost (the shell sets
//! [`Floor::now`]; the model reads no clock), and which tables changed, so
//! that each change is written once for every page ([`Floor::take_changes`]).

pub mod http;
pub mod interest;
pub mod serve;
mod staff;

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use serde::Serialize;
use serde_json::Value;

use super::config::table_id_problem;
use super::payload::{topic, EventPayload, ReplayRequest, State, ONLINE, VERSION};

/// Tables followed; messages of any further table id are dropped.
pub const MAX_TABLES: usize = 64;
/// The largest payload read: the table never sends more
/// ([`super::redact::MAX_EVENT_PAYLOAD`]).
pub const MAX_PAYLOAD: usize = super::redact::MAX_EVENT_PAYLOAD;
/// Records kept per table (a long night is about 2,000).
pub const MAX_RECORDS: usize = 20_000;
/// Bytes of records kept per table.
pub const MAX_TABLE_BYTES: usize = 8 * 1024 * 1024;
/// Nights remembered as over, per table: their late messages are dropped.
const OLD_NIGHTS: usize = 8;
/// Ticks a gap must stand still before it is asked for, and between asks.
const GAP_TICKS: u32 = 2;
const ASK_EVERY: u32 = 4;

/// What the floor knows of one table.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct TableView {
    pub online: bool,
    /// The night the records are of; another night's first record
    /// starts the list again.
    pub night: Option<String>,
    /// The last state the table published (version 1), if any.
    pub state: Option<Value>,
    /// The journal's records, by record number: a repeat replaces itself.
    pub events: BTreeMap<u64, Value>,
    /// The table's last durable record, as its state says.
    pub head: u64,
    /// Records below this were let go to keep the floor's memory bounded.
    pub first_kept: u64,
    /// Bytes of the records held.
    #[serde(skip)]
    bytes: usize,
    /// Nights that are over, whose late messages are dropped.
    #[serde(skip)]
    old_nights: VecDeque<String>,
    /// The first missing record and for how many ticks it has been missing.
    #[serde(skip)]
    gap: Option<(u64, u32)>,
    /// When the floor last took a message from this table that was news
    /// or confirmed what it holds (unix ms, the shell's clock); a dropped
    /// older state does not count.
    pub heard: Option<u64>,
    /// When `online` last changed (unix ms).
    pub since: Option<u64>,
}

impl TableView {
    /// Moves to `night` if it is newer; false if it is one that is over.
    fn night(&mut self, night: &str) -> bool {
        if self.night.as_deref() == Some(night) {
            return true;
        }
        if self.old_nights.iter().any(|n| n == night) {
            return false;
        }
        if let Some(old) = self.night.take() {
            self.old_nights.push_back(old);
            if self.old_nights.len() > OLD_NIGHTS {
                self.old_nights.pop_front();
            }
        }
        self.night = Some(night.to_string());
        self.events.clear();
        self.bytes = 0;
        self.head = 0;
        self.first_kept = 1;
        self.gap = None;
        true
    }

    /// The first record missing below the table's head, if any.
    pub fn missing(&self) -> Option<u64> {
        let last = self.events.keys().next_back().copied().unwrap_or(0);
        let target = self.head.max(last);
        let mut expected = self.first_kept.max(1);
        for &n in self.events.range(expected..).map(|(n, _)| n) {
            if n != expected {
                break;
            }
            expected += 1;
        }
        (expected <= target).then_some(expected)
    }

    fn insert(&mut self, n: u64, record: Value) -> bool {
        if n < self.first_kept {
            return false;
        }
        let size = record.to_string().len();
        if let Some(old) = self.events.insert(n, record) {
            // A repeat: the same record again, held once.
            self.bytes = self.bytes.saturating_sub(old.to_string().len()) + size;
            return false;
        }
        self.bytes += size;
        while self.events.len() > MAX_RECORDS || self.bytes > MAX_TABLE_BYTES {
            let Some((old, v)) = self.events.pop_first() else {
                break;
            };
            self.bytes = self.bytes.saturating_sub(v.to_string().len());
            self.first_kept = old + 1;
        }
        true
    }
}

/// Every table heard of, by id.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Floor {
    pub tables: BTreeMap<String, TableView>,
    /// The floor is connected to the broker.
    pub broker_up: bool,
    /// Since when the broker is lost (unix ms), while it is: every table's
    /// status is then unknown, not "offline".
    pub broker_lost: Option<u64>,
    /// Messages dropped by the limits above, for the log and the JSON.
    pub refused: u64,
    /// The shell's clock (unix ms), set before each message: the model
    /// reads none.
    pub now: u64,
    /// Tables whose card may have changed since [`Floor::take_changes`].
    changed: BTreeSet<String>,
    /// The broker's link changed since [`Floor::take_changes`].
    link_changed: bool,
    /// The players waiting for a seat, per game and stakes.
    pub interest: interest::Interest,
    /// The interest list changed since [`Floor::take_changes`].
    interest_changed: bool,
    /// The last broker outage (lost, back; unix ms) while its aftermath
    /// is still shown: see [`Floor::status`].
    pub outage: Option<(u64, u64)>,
    /// The floor has been connected to the broker at least once.
    ever_up: bool,
}

/// Around a broker outage a table's "offline" is the broker's doing, not
/// the table's: a stopping mosquitto sends every table's will, a frozen
/// one sends them when it wakes, and the tables take a few seconds to
/// connect again (their backoff). Such a table is "reconnecting" for this
/// long after the broker is back, and only then "offline".
pub const RECONNECT_GRACE: u64 = 15_000;
/// How long before the floor lost the broker a will still counts as the
/// outage's.
const OUTAGE_LEAD: u64 = 3_000;

impl Floor {
    /// The broker answered (`up`) or was lost, at [`Floor::now`]; true if
    /// that is news.
    pub fn broker(&mut self, up: bool) -> bool {
        let was = self.broker_up;
        self.broker_up = up;
        if up {
            // The first connection ends no outage: the floor just started.
            if let (false, true, Some(lost)) = (was, self.ever_up, self.broker_lost) {
                self.outage = Some((lost, self.now));
            }
            self.ever_up = true;
            self.broker_lost = None;
        } else if was || self.broker_lost.is_none() {
            self.broker_lost = Some(self.now);
        }
        let news = was != up;
        self.link_changed |= news;
        news
    }

    /// The staff do `action` to `name` on the interest list `list`, at
    /// [`Floor::now`].
    pub fn staff(
        &mut self,
        action: interest::Action,
        list: &str,
        name: &str,
    ) -> Result<(), interest::InterestError> {
        self.interest.apply(action, list, name, self.now)?;
        self.interest_changed = true;
        Ok(())
    }

    /// The game and stakes of every table with a state, as an interest
    /// list is named ("No-limit hold'em · blinds 1/2").
    pub fn games(&self) -> std::collections::BTreeSet<String> {
        self.tables
            .values()
            .filter_map(|t| t.state.as_ref())
            .filter_map(|s| Some(list_name(s["game"].as_str()?, s["stakes"].as_str()?)))
            .collect()
    }

    /// Takes one message from `dealerd/<table>/<leaf>`; true if anything
    /// changed. Messages of other versions, topics or shapes, of a table
    /// id no table can have, of a table past [`MAX_TABLES`] or larger than
    /// [`MAX_PAYLOAD`] are dropped.
    pub fn message(&mut self, topic: &str, payload: &[u8]) -> bool {
        let mut levels = topic.split('/');
        let (Some("dealerd"), Some(table), Some(leaf), None) =
            (levels.next(), levels.next(), levels.next(), levels.next())
        else {
            return false;
        };
        if leaf == "replay" {
            // The floor's own requests, and anyone else's: not news.
            return false;
        }
        if table_id_problem(table).is_some()
            || payload.len() > MAX_PAYLOAD
            || (!self.tables.contains_key(table) && self.tables.len() >= MAX_TABLES)
        {
            self.refused += 1;
            return false;
        }
        self.take(table, leaf, payload)
    }

    fn take(&mut self, table: &str, leaf: &str, payload: &[u8]) -> bool {
        match leaf {
            "status" => {
                let online = payload == ONLINE.as_bytes();
                let now = self.now;
                let view = self.tables.entry(table.to_string()).or_default();
                let changed = view.online != online || view.since.is_none();
                if changed {
                    view.since = Some(now);
                }
                view.online = online;
                view.heard = Some(now);
                self.changed.insert(table.to_string());
                changed
            }
            "state" => {
                // Read as the schema says, or not at all: a malformed state
                // (`"seats": null`) keeps the last good one and never
                // reaches the page.
                let Ok(state) = serde_json::from_slice::<State>(payload) else {
                    return false;
                };
                if state.version != VERSION || state.table != table {
                    return false;
                }
                let now = self.now;
                let view = self.tables.entry(table.to_string()).or_default();
                if let Some(head) = &state.journal {
                    if !view.night(&head.night) {
                        return false;
                    }
                    // Older than what is held: a QoS 1 redelivery or a
                    // retained state from before. Never a step back in time.
                    if head.records < view.head {
                        return false;
                    }
                    view.head = head.records;
                }
                let Ok(state) = serde_json::to_value(&state) else {
                    return false;
                };
                view.heard = Some(now);
                self.changed.insert(table.to_string());
                let changed = view.state.as_ref() != Some(&state);
                view.state = Some(state);
                changed
            }
            "events" => {
                let Ok(event) = serde_json::from_slice::<EventPayload>(payload) else {
                    return false;
                };
                if event.version != VERSION || event.table != table || event.n == 0 {
                    return false;
                }
                let now = self.now;
                let view = self.tables.entry(table.to_string()).or_default();
                if !view.night(&event.night) {
                    return false;
                }
                let new = view.insert(event.n, event.record);
                if new {
                    view.heard = Some(now);
                    self.changed.insert(table.to_string());
                }
                new
            }
            _ => false,
        }
    }

    /// Called at a steady beat: the replay requests to publish, one per
    /// table whose first missing record has not arrived for
    /// [`GAP_TICKS`] beats, again every [`ASK_EVERY`] beats while it stays
    /// missing. A gap that is filling (records arriving) is left alone.
    pub fn tick(&mut self) -> Vec<(String, Vec<u8>)> {
        if let Some((_, back)) = self.outage {
            if self.now >= back + RECONNECT_GRACE {
                // The grace is over: a table still away is offline now.
                self.outage = None;
                let away = self.tables.iter().filter(|(_, t)| !t.online);
                self.changed.extend(away.map(|(id, _)| id.clone()));
            }
        }
        let mut asks = Vec::new();
        for (id, view) in &mut self.tables {
            let (Some(missing), Some(night)) = (view.missing(), view.night.clone()) else {
                view.gap = None;
                continue;
            };
            let ticks = match view.gap {
                Some((n, t)) if n == missing => t + 1,
                _ => 1,
            };
            view.gap = Some((missing, ticks));
            if ticks >= GAP_TICKS && (ticks - GAP_TICKS).is_multiple_of(ASK_EVERY) {
                let req = ReplayRequest {
                    version: VERSION,
                    night,
                    from: missing,
                };
                if let Ok(bytes) = serde_json::to_vec(&req) {
                    asks.push((topic(id, "replay"), bytes));
                }
            }
        }
        asks
    }

    /// The staff's JSON (`/staff/tables.json`): every table with its
    /// records in order, as the tables published them.
    pub fn json(&self) -> Value {
        let tables: serde_json::Map<String, Value> = self
            .tables
            .iter()
            .map(|(id, t)| {
                let events: Vec<&Value> = t.events.values().collect();
                let v = serde_json::json!({
                    "online": t.online,
                    "since": t.since,
                    "heard": t.heard,
                    "state": t.state,
                    "night": t.night,
                    "head": t.head,
                    "first_kept": t.first_kept.max(1),
                    "missing": t.missing(),
                    "events": events,
                });
                (id.clone(), v)
            })
            .collect();
        serde_json::json!({
            "version": VERSION,
            "now": self.now,
            "broker": self.broker_word(),
            "broker_lost": self.broker_lost,
            "refused": self.refused,
            "tables": tables,
            "interest": self.interest.lists,
        })
    }

    fn broker_word(&self) -> &'static str {
        if self.broker_up {
            "connected"
        } else {
            "unreachable"
        }
    }

    /// One table as the public board shows it: its state, whether it is
    /// online and since when, when it was last heard from, and how many
    /// records the floor holds; never the records themselves (a rules
    /// record holds the house file, a correction who was short).
    fn card(&self, t: &TableView) -> Value {
        serde_json::json!({
            "status": self.status(t),
            "online": t.online,
            "since": t.since,
            "heard": t.heard,
            "state": t.state,
            "records": t.events.len(),
            "last": t.events.keys().next_back(),
            "missing": t.missing(),
        })
    }

    /// What the board says of a table: "online"; "offline"; "unknown"
    /// while the broker is lost (the table may play on); "reconnecting"
    /// when it went offline with the broker's outage, until
    /// [`RECONNECT_GRACE`] after the broker is back.
    pub fn status(&self, t: &TableView) -> &'static str {
        if !self.broker_up {
            return "unknown";
        }
        if t.online {
            return "online";
        }
        match (self.outage, t.since) {
            (Some((lost, back)), Some(since))
                if since + OUTAGE_LEAD >= lost
                    && since <= back + RECONNECT_GRACE
                    && self.now < back + RECONNECT_GRACE =>
            {
                "reconnecting"
            }
            _ => "offline",
        }
    }

    /// The public board (`/`, `/events`, `/tables.json`): every table's card.
    pub fn summary(&self) -> Value {
        let tables: serde_json::Map<String, Value> = self
            .tables
            .iter()
            .map(|(id, t)| (id.clone(), self.card(t)))
            .collect();
        self.board(tables, false)
    }

    fn board(&self, tables: serde_json::Map<String, Value>, partial: bool) -> Value {
        let mut v = serde_json::json!({
            "version": VERSION,
            "now": self.now,
            "broker": self.broker_word(),
            "broker_lost": self.broker_lost,
            "tables": tables,
        });
        if partial {
            v["partial"] = Value::Bool(true);
        }
        if !partial || self.interest_changed {
            v["interest"] = serde_json::to_value(&self.interest.lists).unwrap_or(Value::Null);
        }
        v
    }

    /// What changed since the last call, as one board update holding only
    /// the tables that changed (`"partial": true`), or `None`. The shell
    /// writes it once and hands the same bytes to every page: the cost of
    /// a change does not grow with the pages open.
    pub fn take_changes(&mut self) -> Option<Value> {
        let changed = std::mem::take(&mut self.changed);
        let link = std::mem::take(&mut self.link_changed);
        if changed.is_empty() && !link && !self.interest_changed {
            return None;
        }
        let tables: serde_json::Map<String, Value> = changed
            .into_iter()
            .filter_map(|id| {
                let t = self.tables.get(&id)?;
                Some((id, self.card(t)))
            })
            .collect();
        let update = self.board(tables, true);
        self.interest_changed = false;
        Some(update)
    }
}

/// The interest list of a game at its stakes, as the board groups them.
pub fn list_name(game: &str, stakes: &str) -> String {
    format!("{game} · {stakes}")
}

#[cfg(test)]
mod tests;
