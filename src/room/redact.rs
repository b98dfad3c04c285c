//! What of a journal record may leave the table (issue 23). The journal
//! keeps everything; the broker, and whoever reads the floor's JSON, get
//! what the floor needs and nothing secret: a `rules` record's house file
//! without its cards (a card's UID is all a cloned card needs to become the
//! host), its `[room]` (the broker password) and its `[hardware]`, its
//! source as a file name without the directories, and no
//! `uid` or `password` key anywhere in any record. A payload too large for
//! the broker becomes a small marker with its number, so that it never
//! holds up the records after it and the floor knows what it did not get.

use serde_json::Value;

use super::payload::{EventPayload, VERSION};

/// The largest event payload sent; a record over it goes as a marker. Well
/// under the table's and the floor's MQTT packet limits
/// ([`MAX_PACKET`]) and the broker's documented `max_packet_size`.
pub const MAX_EVENT_PAYLOAD: usize = 64 * 1024;

/// The MQTT packet limit set on the table's client (and the floor's
/// outgoing side): rumqttc's default of 10 KiB is smaller than a house
/// file, and a packet over the limit drops the connection.
pub const MAX_PACKET: usize = 256 * 1024;

/// The house file's sections that never leave the table.
pub const WITHHELD_SECTIONS: [&str; 3] = ["card", "room", "hardware"];

/// Keys removed from any record, at any depth.
const SECRET_KEYS: [&str; 4] = ["uid", "uids", "password", "password_file"];

/// A payload ready for the broker, and why it is not the record as written.
#[derive(Debug, Clone, PartialEq)]
pub struct Outgoing {
    pub n: u64,
    pub bytes: Vec<u8>,
    /// Set when the record went as a marker: for the table's log.
    pub omitted: Option<usize>,
}

/// The events payload of one journal line, or `None` for a line that is no
/// numbered record.
pub fn event_payload(table: &str, night: u64, line: &[u8]) -> Option<Outgoing> {
    let mut event = EventPayload::of_line(table, night, line)?;
    scrub(&mut event.record);
    let bytes = serde_json::to_vec(&event).ok()?;
    if bytes.len() <= MAX_EVENT_PAYLOAD {
        return Some(Outgoing {
            n: event.n,
            bytes,
            omitted: None,
        });
    }
    let mut marker = serde_json::json!({
        "n": event.n,
        "omitted": { "bytes": bytes.len(), "reason": format!("larger than {MAX_EVENT_PAYLOAD} bytes") },
    });
    if let Some(at) = event.record.get("at") {
        marker["at"] = at.clone();
    }
    let size = bytes.len();
    event.record = marker;
    debug_assert_eq!(event.version, VERSION);
    Some(Outgoing {
        n: event.n,
        bytes: serde_json::to_vec(&event).ok()?,
        omitted: Some(size),
    })
}

/// Takes the secrets out of one record, in place.
pub fn scrub(record: &mut Value) {
    if let Some(event) = record.get_mut("event") {
        if event.get("type").and_then(Value::as_str) == Some("rules") {
            rules_event(event);
        }
    }
    drop_keys(record);
}

/// A `rules` event: its text without the withheld sections, and the list
/// of what was taken out. A text that does not read as TOML (it was
/// accepted, so it should) is withheld whole.
fn rules_event(event: &mut Value) {
    let Some(text) = event.get("text").and_then(Value::as_str) else {
        return;
    };
    let (text, withheld) = match text.parse::<toml::Table>() {
        Ok(mut table) => {
            let withheld: Vec<&str> = WITHHELD_SECTIONS
                .into_iter()
                .filter(|k| table.remove(*k).is_some())
                .collect();
            match toml::to_string(&table) {
                Ok(t) => (Value::String(t), withheld),
                Err(_) => (Value::Null, vec!["text"]),
            }
        }
        Err(_) => (Value::Null, vec!["text"]),
    };
    event["text"] = text;
    event["withheld"] = serde_json::json!(withheld);
    // The house file's path says how the box is laid out (issue 36): the
    // room learns its file name, not where it lives.
    if let Some(source) = event.get("source").and_then(Value::as_str) {
        let name = std::path::Path::new(source)
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        event["source"] = Value::String(name);
    }
}

fn drop_keys(v: &mut Value) {
    match v {
        Value::Object(map) => {
            map.retain(|k, _| !SECRET_KEYS.contains(&k.as_str()));
            map.values_mut().for_each(drop_keys);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_keys),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUSE: &str = r#"
[house]
name = "Home"
[room]
broker = "mqtt://h"
table = "t1"
username = "t1"
password = "hunter2"
[[card]]
uid = "04:A2:2B:1C"
host = true
[[card]]
uid = "04:A2:2B:1D"
player = "Ann"
"#;

    fn rules_line(text: &str) -> Vec<u8> {
        serde_json::to_vec(&serde_json::json!({
            "n": 7, "event": {"type": "rules", "source": "/etc/dealerd/house.toml", "text": text}, "at": 5
        }))
        .unwrap()
    }

    #[test]
    fn a_rules_record_goes_without_cards_room_or_password() {
        let out = event_payload("t1", 1, &rules_line(HOUSE)).unwrap();
        assert_eq!(out.n, 7);
        assert_eq!(out.omitted, None);
        let text = String::from_utf8(out.bytes.clone()).unwrap();
        for secret in [
            "04:A2", "hunter2", "uid", "password", "[room]", "[[card]]", "broker",
        ] {
            assert!(!text.contains(secret), "{secret} in {text}");
        }
        let v: Value = serde_json::from_slice(&out.bytes).unwrap();
        let event = &v["record"]["event"];
        assert_eq!(event["withheld"], serde_json::json!(["card", "room"]));
        assert!(event["text"].as_str().unwrap().contains("name = \"Home\""));
        assert_eq!(
            event["source"], "house.toml",
            "no directories leave the table"
        );
    }

    #[test]
    fn unreadable_rules_text_is_withheld_whole_and_uid_keys_go_anywhere() {
        let out = event_payload("t1", 1, &rules_line("uid = \"04:01\" = =")).unwrap();
        let v: Value = serde_json::from_slice(&out.bytes).unwrap();
        assert_eq!(v["record"]["event"]["text"], Value::Null);
        assert_eq!(
            v["record"]["event"]["withheld"],
            serde_json::json!(["text"])
        );
        let line =
            br#"{"n":3,"event":{"type":"enroll","card":{"uid":"04:01:02:03","name":"Ann"}}}"#;
        let out = event_payload("t1", 1, line).unwrap();
        let text = String::from_utf8(out.bytes).unwrap();
        assert!(!text.contains("04:01:02:03"), "{text}");
        assert!(text.contains("\"name\":\"Ann\""), "{text}");
    }

    #[test]
    fn an_oversize_record_goes_as_a_small_marker_with_its_number() {
        let big = "x".repeat(MAX_EVENT_PAYLOAD);
        let line = format!(
            r#"{{"n":9,"event":{{"type":"join","seat":0,"name":"{big}","buy_in":1}},"at":4}}"#
        );
        let out = event_payload("t1", 1, line.as_bytes()).unwrap();
        assert!(out.omitted.is_some_and(|b| b > MAX_EVENT_PAYLOAD));
        assert!(out.bytes.len() < 512, "{}", out.bytes.len());
        let v: Value = serde_json::from_slice(&out.bytes).unwrap();
        assert_eq!(v["n"], 9);
        assert_eq!(v["record"]["n"], 9);
        assert_eq!(v["record"]["at"], 4);
        assert!(v["record"]["omitted"]["bytes"].as_u64().unwrap() > MAX_EVENT_PAYLOAD as u64);
        // Just under the limit goes whole.
        let line = r#"{"n":2,"undo":true}"#;
        assert_eq!(
            event_payload("t1", 1, line.as_bytes()).unwrap().omitted,
            None
        );
    }
}
