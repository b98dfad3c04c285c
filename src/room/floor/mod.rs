//! `dealerd floor`: every table of the room on one page. The model here is
//! pure (messages in, JSON out); [`serve`] connects it to the broker and to
//! the browsers.

pub mod http;
pub mod serve;

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use super::payload::{EventPayload, ONLINE, VERSION};

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
}

/// Every table heard of, by id.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Floor {
    pub tables: BTreeMap<String, TableView>,
}

impl Floor {
    /// Takes one message from `dealerd/<table>/<leaf>`; true if anything
    /// changed. Messages of other versions, topics or shapes are dropped.
    pub fn message(&mut self, topic: &str, payload: &[u8]) -> bool {
        let mut levels = topic.split('/');
        let (Some("dealerd"), Some(table), Some(leaf), None) =
            (levels.next(), levels.next(), levels.next(), levels.next())
        else {
            return false;
        };
        match leaf {
            "status" => {
                let online = payload == ONLINE.as_bytes();
                let view = self.tables.entry(table.to_string()).or_default();
                let changed = view.online != online;
                view.online = online;
                changed
            }
            "state" => {
                let Ok(state) = serde_json::from_slice::<Value>(payload) else {
                    return false;
                };
                if state.get("version").and_then(Value::as_u64) != Some(u64::from(VERSION)) {
                    return false;
                }
                let view = self.tables.entry(table.to_string()).or_default();
                let changed = view.state.as_ref() != Some(&state);
                view.state = Some(state);
                changed
            }
            "events" => {
                let Ok(event) = serde_json::from_slice::<EventPayload>(payload) else {
                    return false;
                };
                if event.version != VERSION || event.table != table {
                    return false;
                }
                let view = self.tables.entry(table.to_string()).or_default();
                if view.night.as_deref() != Some(event.night.as_str()) {
                    view.events.clear();
                    view.night = Some(event.night);
                }
                view.events.insert(event.n, event.record).is_none()
            }
            _ => false,
        }
    }

    /// `/tables.json`: every table, with its records in order.
    pub fn json(&self) -> Value {
        let tables: serde_json::Map<String, Value> = self
            .tables
            .iter()
            .map(|(id, t)| {
                let events: Vec<&Value> = t.events.values().collect();
                let v = serde_json::json!({
                    "online": t.online,
                    "state": t.state,
                    "events": events,
                });
                (id.clone(), v)
            })
            .collect();
        serde_json::json!({ "version": VERSION, "tables": tables })
    }

    /// What the page is pushed: the tables without their records, which
    /// only the count and the last number of stand for.
    pub fn summary(&self) -> Value {
        let tables: serde_json::Map<String, Value> = self
            .tables
            .iter()
            .map(|(id, t)| {
                let v = serde_json::json!({
                    "online": t.online,
                    "state": t.state,
                    "records": t.events.len(),
                    "last": t.events.keys().next_back(),
                });
                (id.clone(), v)
            })
            .collect();
        serde_json::json!({ "version": VERSION, "tables": tables })
    }
}

#[cfg(test)]
mod tests;
