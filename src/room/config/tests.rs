use super::*;

const BASE: &str = crate::rules::DEFAULT_TOML;

fn with_room(room: &str) -> String {
    format!("{BASE}\n[room]\n{room}")
}

/// The line of `needle` in `text`, 1-based.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .expect("in text")
        + 1
}

#[test]
fn a_file_without_room_publishes_nothing() {
    assert_eq!(load_str("house.toml", BASE).unwrap(), None);
}

#[test]
fn reads_a_plain_broker_with_default_port_and_password_from_the_environment() {
    let text = with_room("broker = \"mqtt://floor.local\"\ntable = \"t-1\"\nusername = \"t-1\"\n");
    let room = load_str("house.toml", &text).unwrap().unwrap();
    assert_eq!(
        room.broker,
        Broker {
            tls: false,
            host: "floor.local".into(),
            port: 1883
        }
    );
    assert_eq!(room.table, "t-1");
    assert_eq!(room.username.as_deref(), Some("t-1"));
    assert_eq!(room.password, Password::Env);
    assert!(
        room.to_string().contains("$DEALERD_ROOM_PASSWORD"),
        "{room}"
    );
}

#[test]
fn reads_tls_with_a_ca_file_and_a_password_file() {
    let text = with_room(
        "broker = \"mqtts://[::1]:8884\"\ntable = \"t2\"\nusername = \"t2\"\n\
         password_file = \"/etc/dealerd/room.password\"\nca_file = \"/etc/dealerd/ca.pem\"\n",
    );
    let room = load_str("house.toml", &text).unwrap().unwrap();
    assert!(room.broker.tls);
    assert_eq!(room.broker.host, "::1");
    assert_eq!(room.broker.port, 8884);
    assert_eq!(room.broker.to_string(), "mqtts://[::1]:8884");
    assert_eq!(
        room.password,
        Password::File("/etc/dealerd/room.password".into())
    );
    assert_eq!(
        room.ca_file.as_deref(),
        Some(std::path::Path::new("/etc/dealerd/ca.pem"))
    );
    assert_eq!(Broker::parse("mqtts://h").unwrap().port, 8883);
}

#[test]
fn every_problem_is_located_at_its_value() {
    let text = with_room("broker = \"http://floor:80\"\ntable = \"t/1\"\npassword = \"x\"\n");
    let e = load_str("house.toml", &text).unwrap_err();
    let d = e.diagnostics();
    assert_eq!(d.len(), 3, "{e}");
    assert_eq!(d[0].line, line_of(&text, "http://"));
    assert_eq!(d[0].column, 10, "at the value: {e}");
    assert!(d[0].message.contains("mqtt://host:port"), "{e}");
    assert_eq!(d[1].line, line_of(&text, "t/1"));
    assert!(d[1].message.contains("topic level"), "{e}");
    assert_eq!(d[2].line, line_of(&text, "password = "));
    assert!(d[2].message.contains("needs a username"), "{e}");
    assert!(e.to_string().contains("house.toml:"), "{e}");
}

#[test]
fn refuses_two_passwords_a_ca_without_tls_and_unknown_keys() {
    let text = with_room(
        "broker = \"mqtt://h:1883\"\ntable = \"t\"\nusername = \"t\"\npassword = \"a\"\n\
         password_file = \"/p\"\nca_file = \"/ca.pem\"\n",
    );
    let e = load_str("house.toml", &text).unwrap_err();
    let said = e.to_string();
    assert!(said.contains("not both"), "{said}");
    assert!(said.contains("ca_file is for an mqtts://"), "{said}");

    let text = with_room("broker = \"mqtt://h\"\ntable = \"t\"\nport = 1\n");
    let e = load_str("house.toml", &text).unwrap_err();
    assert_eq!(e.diagnostics()[0].line, line_of(&text, "port = 1"), "{e}");

    let text = with_room("table = \"t\"\n");
    let e = load_str("house.toml", &text).unwrap_err();
    assert!(e.to_string().contains("broker"), "{e}");
}

#[test]
fn bad_ports_and_hosts_are_refused() {
    for url in [
        "mqtt://h:0",
        "mqtt://h:70000",
        "mqtt://h:x",
        "mqtt://:1883",
        "mqtt://u@h",
        "mqtt://h/x",
        "h:1883",
    ] {
        assert!(Broker::parse(url).is_err(), "{url}");
    }
    assert_eq!(Broker::parse("mqtt://10.0.0.5:1884/").unwrap().port, 1884);
}

#[test]
fn the_rules_take_the_file_with_room_and_know_nothing_of_it() {
    let text = with_room("broker = \"mqtt://h\"\ntable = \"t\"\n");
    assert_eq!(
        crate::rules::load_str("house.toml", &text).unwrap(),
        crate::rules::load_str("house.toml", BASE).unwrap()
    );
}

/// The `pattern` of the schema `T` gives, compiled as an editor's would be.
fn schema_pattern<T: JsonSchema>() -> regex::Regex {
    let schema = T::json_schema(&mut SchemaGenerator::default());
    let pattern = schema.as_value()["pattern"].as_str().expect("a pattern");
    regex::Regex::new(pattern).expect("a regex")
}

proptest::proptest! {
    /// Issue 35: the schema's broker pattern takes exactly the URLs
    /// `Broker::parse` takes, over strings made of the characters that
    /// matter to either (schemes, brackets, colons, the refused '/@?#',
    /// port digits and their edges).
    #[test]
    fn the_schema_broker_pattern_is_what_check_takes(
        scheme in proptest::sample::select(vec!["mqtt://", "mqtts://", "", "mqtt:/", "http://"]),
        parts in proptest::collection::vec(proptest::sample::select(vec![
            "a", "b", ":", "[", "]", "/", "@", "?", "#", "+", "-", " ", "0", "1", "9",
            "65535", "65536", "1883", "00", "::1", "é",
        ]), 0..7),
    ) {
        let url = format!("{scheme}{}", parts.concat());
        let schema = schema_pattern::<BrokerText>();
        proptest::prop_assert_eq!(schema.is_match(&url), Broker::parse(&url).is_ok(), "{}", url);
    }

    /// The schema's table id takes exactly the ids `check` takes.
    #[test]
    fn the_schema_table_id_is_what_check_takes(id in "[a-z0-9_/+ é-]{0,3}|[a-z]{62,66}") {
        let schema = schema_pattern::<TableIdText>();
        proptest::prop_assert_eq!(schema.is_match(&id), table_id_problem(&id).is_none(), "{}", id);
    }
}
