//! Issue 35: "The schema is looser than check on 23 single values (card
//! UIDs, player and roster names, ...); an editor using it flags none."
//! Each single-value rule `check` holds a card's UID, a player's, a card's
//! and a roster name to, and `[room]`'s broker (its port included), table
//! id and username, is in the schema too: a value `check` refuses, the
//! schema (`dealerd schema`, as an editor applies it: its `pattern`, read by
//! a regex engine, `minLength` and `maxLength`) refuses as well, and a value
//! `check` takes, the schema takes.

use serde_json::Value;

use dealerd::daemon::house_file;

fn starter() -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(root.join("config/default.toml")).unwrap()
}

/// The starter with `value` written where `place` says.
fn with(place: &str, value: &str) -> String {
    let v = toml::Value::String(value.to_string()).to_string();
    let base = starter();
    match place {
        "uid" => format!("{base}\n[[card]]\nuid = {v}\nplayer = \"Gus\"\n"),
        "player" => format!("{base}\n[[card]]\nuid = \"04:A2:2B:1C\"\nplayer = {v}\n"),
        "card name" => {
            format!("{base}\n[[card]]\nuid = \"04:A2:2B:1C\"\nhost = true\nname = {v}\n")
        }
        "broker" => format!("{base}\n[room]\nbroker = {v}\ntable = \"t1\"\n"),
        "table" => format!("{base}\n[room]\nbroker = \"mqtt://floor.local\"\ntable = {v}\n"),
        "username" => format!(
            "{base}\n[room]\nbroker = \"mqtt://floor.local\"\ntable = \"t1\"\nusername = {v}\n"
        ),
        // `roster` is a top-level key: before the first table.
        _ => format!("roster = [{v}]\n{base}"),
    }
}

/// The schema of the string at `place`, followed through `$ref`s.
fn string_schema(root: &Value, place: &str) -> Value {
    fn follow<'a>(root: &'a Value, mut s: &'a Value) -> Value {
        // An optional key's schema: its one branch that is not null.
        for _ in 0..8 {
            if let Some(r) = s["$ref"].as_str().and_then(|r| r.strip_prefix("#/$defs/")) {
                s = &root["$defs"][r];
            } else if let Some(b) = s["anyOf"].as_array() {
                s = b.iter().find(|b| b["type"] != "null").unwrap_or(s);
            } else {
                break;
            }
        }
        s.clone()
    }
    let resolve = |s: &Value| follow(root, s);
    let card = resolve(&root["properties"]["card"]["items"]);
    let room = resolve(&root["properties"]["room"]);
    match place {
        "broker" | "table" | "username" => resolve(&room["properties"][place]),
        "uid" => resolve(&card["properties"]["uid"]),
        "player" => resolve(&card["properties"]["player"]),
        "card name" => resolve(&card["properties"]["name"]),
        _ => resolve(&root["properties"]["roster"]["items"]),
    }
}

/// Does the schema take `value` at `place`? (None: it does; Some: why not.)
fn schema_refuses(root: &Value, place: &str, value: &str) -> Option<String> {
    let s = string_schema(root, place);
    assert_eq!(s["type"], "string", "{place}: {s}");
    let chars = value.chars().count() as u64;
    if s["minLength"].as_u64().is_some_and(|m| chars < m) {
        return Some("shorter than minLength".into());
    }
    if s["maxLength"].as_u64().is_some_and(|m| chars > m) {
        return Some("longer than maxLength".into());
    }
    let pattern = s["pattern"].as_str()?;
    let re = regex::Regex::new(pattern).expect("the schema's pattern is a regex");
    (!re.is_match(value)).then(|| format!("off the pattern {pattern}"))
}

const PLACES: [&str; 4] = ["uid", "player", "card name", "roster"];

/// (place, value) pairs `check` refuses, each for a rule on the value alone.
fn refused() -> Vec<(&'static str, &'static str)> {
    let uids = [
        "04:A2:2B",
        "04:A2:2B:1C:5D",
        "04:A2:2B:1G",
        "04A22B1",
        "",
        "04.A2.2B.1C",
        "04:A2:2B:1C:00:00:00:00",
        "04:A2:2B:1C:00:00:00:00:00:00:00",
    ];
    let names = [
        "",
        " ",
        " Gus",
        "Gus ",
        "=SUM(A1)",
        "+Gus",
        "-Gus",
        "@Gus",
        "Gustav Gustav",
        "Zoë",
        "Gus\nHal",
        "Gus\tHal",
    ];
    let mut out: Vec<_> = uids.iter().map(|u| ("uid", *u)).collect();
    for place in &PLACES[1..] {
        out.extend(names.iter().map(|n| (*place, *n)));
    }
    out.extend(ROOM_REFUSED);
    out
}

/// `[room]`'s single values `check` refuses (`room::config`): a broker that
/// is not `mqtt(s)://host[:port]` with a port of 1 to 65535 and nothing
/// else, a table id that is not 1 to 64 letters, digits, '-' or '_', an
/// empty username.
const ROOM_REFUSED: [(&str, &str); 28] = [
    ("broker", ""),
    ("broker", "floor.local"),
    ("broker", "http://floor.local"),
    ("broker", "MQTT://floor.local"),
    ("broker", "mqtt://"),
    ("broker", "mqtt:///"),
    ("broker", "mqtt://:1883"),
    ("broker", "mqtt://[]"),
    ("broker", "mqtt://[]:1883"),
    ("broker", "mqtt://floor.local:0"),
    ("broker", "mqtt://floor.local:00"),
    ("broker", "mqtt://floor.local:65536"),
    ("broker", "mqtt://floor.local:99999"),
    ("broker", "mqtt://floor.local:-1"),
    ("broker", "mqtt://floor.local:"),
    ("broker", "mqtt://floor.local:18x3"),
    ("broker", "mqtt://floor.local:1883:x"),
    ("broker", "mqtt://me@floor.local"),
    ("broker", "mqtt://floor.local/dealerd"),
    ("broker", "mqtt://floor.local//"),
    ("broker", "mqtt://floor.local?x=1"),
    ("broker", "mqtt://floor.local#t"),
    ("table", ""),
    ("table", "t/1"),
    ("table", "t+"),
    ("table", "t 1"),
    ("table", "A65"),
    ("username", ""),
];

/// `[room]`'s values `check` takes.
const ROOM_TAKEN: [(&str, &str); 16] = [
    ("broker", "mqtt://floor.local"),
    ("broker", "mqtts://floor.local:8883"),
    ("broker", "mqtt://10.0.0.5:1883/"),
    ("broker", "mqtt://[::1]:1883"),
    ("broker", "mqtt://[fe80::1]"),
    ("broker", "mqtt://floor.local:65535"),
    ("broker", "mqtt://floor.local:00080"),
    ("broker", "mqtt://floor.local:1"),
    ("broker", "mqtt://floor-2.local:1883"),
    ("table", "t1"),
    ("table", "Table-2_b"),
    ("table", "A64"),
    ("table", "7"),
    ("username", "t1"),
    ("username", "floor user"),
    ("username", "x"),
];

/// The long table ids, written out where the lists name them.
fn spelled(value: &str) -> String {
    match value {
        "A64" => "a".repeat(64),
        "A65" => "a".repeat(65),
        v => v.to_string(),
    }
}

/// Values `check` takes: the schema must not flag them.
fn taken() -> Vec<(&'static str, &'static str)> {
    let uids = [
        "04:A2:2B:1C",
        "04a22b1c",
        "04-A2-2B-1C",
        "04 A2 2B 1C",
        "04:A2:2B:1C:5D:6E:7F",
        "04:A2:2B:1C:5D:6E:7F:80:91:A2",
    ];
    let names = [
        "Gus",
        "O'Neil",
        "Gus Hal",
        "a=b",
        "Gustav Gusta",
        "x",
        "#1",
        "G-man",
    ];
    let mut out: Vec<_> = uids.iter().map(|u| ("uid", *u)).collect();
    for place in &PLACES[1..] {
        out.extend(names.iter().map(|n| (*place, *n)));
    }
    out.extend(ROOM_TAKEN);
    out
}

#[test]
fn a_uid_or_name_check_refuses_the_schema_refuses_too() {
    let root: Value = serde_json::from_str(&house_file::json_schema()).unwrap();
    let mut bad = Vec::new();
    for (place, value) in refused() {
        let value = &spelled(value);
        let text = with(place, value);
        if house_file::load_str("h.toml", &text).is_ok() {
            bad.push(format!(
                "{place} {value:?}: check takes it (the case is wrong)"
            ));
        }
        if schema_refuses(&root, place, value).is_none() {
            bad.push(format!("{place} {value:?}: the schema takes it"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn a_uid_or_name_check_takes_the_schema_takes_too() {
    let root: Value = serde_json::from_str(&house_file::json_schema()).unwrap();
    let mut bad = Vec::new();
    for (place, value) in taken() {
        let value = &spelled(value);
        let text = with(place, value);
        if let Err(e) = house_file::load_str("h.toml", &text) {
            bad.push(format!("{place} {value:?}: check refuses it: {e}"));
        }
        if let Some(why) = schema_refuses(&root, place, value) {
            bad.push(format!("{place} {value:?}: the schema refuses it: {why}"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
