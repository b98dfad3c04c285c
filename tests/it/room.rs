//! Room mode for real (issue 14): a real mosquitto on 127.0.0.1, two tables
//! (`dealerd run --devices fake`) and a floor (`dealerd floor`) against it.
//! The broker goes down mid-night and comes back, a table is SIGKILLed and
//! restarted, and the floor ends with exactly the tables' journals. Every
//! wait polls for what it waits for; the deadline only turns a hang into a
//! failure. Skipped, saying so, only where mosquitto is not installed.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::browser::{assert_a_screenshot, chromium, headless, screenshot};
use crate::common;

/// A pass takes seconds; this is for a loaded CI machine under qemu.
pub const DEADLINE: Duration = Duration::from_secs(90);

/// mosquitto, if this machine has it (.ci/run installs Debian's).
pub fn mosquitto() -> Option<PathBuf> {
    let known = [
        "/usr/sbin/mosquitto",
        "/usr/local/sbin/mosquitto",
        "/usr/bin/mosquitto",
    ];
    known.iter().map(PathBuf::from).find(|p| p.exists())
}

pub fn free_port() -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").expect("a free port");
    l.local_addr().expect("addr").port()
}

/// Polls `f` every 20 ms until it gives `Some`, or fails saying `what`.
pub fn wait_for<T>(what: &str, mut f: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(t) = f() {
            return t;
        }
        assert!(start.elapsed() < DEADLINE, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

pub fn signal(child: &Child, sig: libc::c_int) {
    let pid = libc::pid_t::try_from(child.id()).expect("pid");
    // SAFETY: kill(2) on our own child's pid; no memory is involved.
    assert_eq!(unsafe { libc::kill(pid, sig) }, 0);
}

/// A mosquitto of the test's own, with persistence in `dir` so that the
/// floor's session (and the events queued for it) outlive a restart.
pub struct Broker {
    bin: PathBuf,
    conf: PathBuf,
    pub port: u16,
    child: Option<Child>,
}

impl Broker {
    pub fn new(bin: PathBuf, dir: &Path) -> Broker {
        Broker::with(bin, dir, "allow_anonymous true\n")
    }

    /// A broker with `extra` in its configuration.
    pub fn with(bin: PathBuf, dir: &Path, extra: &str) -> Broker {
        let port = free_port();
        let conf = dir.join("mosquitto.conf");
        // Started as root, mosquitto drops to its own user, which must be
        // able to save its sessions here.
        let data = dir.join("broker");
        std::fs::create_dir_all(&data).expect("broker dir");
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o777)).expect("chmod");
        let text = format!(
            "listener {port} 127.0.0.1\n{extra}persistence true\n\
             persistence_location {}/\nlog_dest stderr\n",
            data.display()
        );
        std::fs::write(&conf, text).expect("mosquitto.conf");
        let mut b = Broker {
            bin,
            conf,
            port,
            child: None,
        };
        b.start();
        b
    }

    pub fn url(&self) -> String {
        format!("mqtt://127.0.0.1:{}", self.port)
    }

    pub fn start(&mut self) {
        let child = Command::new(&self.bin)
            .arg("-c")
            .arg(&self.conf)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("mosquitto starts");
        self.child = Some(child);
        let port = self.port;
        wait_for("mosquitto to listen", || {
            TcpStream::connect(("127.0.0.1", port)).ok()
        });
    }

    /// SIGTERM: mosquitto saves its sessions and goes.
    /// SIGKILL: no chance to save anything.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            signal(&child, libc::SIGKILL);
            child.wait().expect("mosquitto killed");
        }
    }

    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            signal(&child, libc::SIGTERM);
            child.wait().expect("mosquitto exits");
        }
    }
}

impl Drop for Broker {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// One table: `dealerd run --devices fake` with `[room]`, keys on stdin.
pub struct Table {
    pub config: PathBuf,
    pub state: PathBuf,
    pub child: Child,
    keys: ChildStdin,
}

impl Table {
    pub fn start(dir: &Path, id: &str, broker: &str) -> Table {
        Table::start_as(dir, id, broker, None)
    }

    /// A table logging in as `login` (user, password from the environment).
    pub fn start_as(dir: &Path, id: &str, broker: &str, login: Option<(&str, &str)>) -> Table {
        let config = dir.join(format!("{id}.toml"));
        let user = login.map_or(String::new(), |(u, _)| format!("username = \"{u}\"\n"));
        let text = format!(
            "{}\n[room]\nbroker = \"{broker}\"\ntable = \"{id}\"\n{user}",
            dealerd::rules::DEFAULT_TOML
        );
        std::fs::write(&config, text).expect("config");
        let state = dir.join(id);
        Table::spawn_with(config, state, login.map(|(_, p)| p))
    }

    pub fn spawn(config: PathBuf, state: PathBuf) -> Table {
        Table::spawn_with(config, state, None)
    }

    pub fn spawn_with(config: PathBuf, state: PathBuf, password: Option<&str>) -> Table {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(state.with_extension("log"))
            .expect("log file");
        let mut cmd = common::run_fake(&config, &state);
        match password {
            Some(p) => cmd.env("DEALERD_ROOM_PASSWORD", p),
            None => cmd.env_remove("DEALERD_ROOM_PASSWORD"),
        };
        let mut child = cmd
            .arg("--log")
            .arg("info,dealerd::room=debug")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .expect("dealerd run starts");
        // Frames are printed on every change: drain them.
        let mut out = child.stdout.take().expect("stdout");
        std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
        let keys = child.stdin.take().expect("stdin");
        Table {
            config,
            state,
            child,
            keys,
        }
    }

    pub fn keys(&mut self, keys: &str) {
        self.keys.write_all(keys.as_bytes()).expect("keys");
        self.keys.flush().expect("keys");
    }

    /// The journal's records as the file holds them.
    pub fn journal(&self) -> Vec<Value> {
        let text = std::fs::read_to_string(self.state.join("journal.jsonl")).unwrap_or_default();
        text.lines()
            .skip(1)
            .map(|l| serde_json::from_str(l).expect("a journal line"))
            .collect()
    }

    /// Presses `keys` and waits until they were journaled: `more` records.
    pub fn play(&mut self, keys: &str, more: usize) {
        let before = self.journal().len();
        self.keys(keys);
        wait_for(&format!("{keys:?} journaled"), || {
            (self.journal().len() >= before + more).then_some(())
        });
    }

    /// SIGKILL; gives what a restart needs.
    pub fn kill(mut self) -> (PathBuf, PathBuf) {
        signal(&self.child, libc::SIGKILL);
        self.child.wait().expect("killed");
        (self.config.clone(), self.state.clone())
    }

    pub fn stop(mut self) {
        signal(&self.child, libc::SIGTERM);
        let status = self.child.wait().expect("exits");
        assert!(status.success(), "{status}");
    }
}

/// A failing test leaves no table running.
impl Drop for Table {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// `dealerd floor` on a port of its own, with its address read off stdout.
pub struct FloorProc {
    pub child: Child,
    pub addr: SocketAddr,
}

impl FloorProc {
    pub fn start(broker: &str) -> FloorProc {
        FloorProc::start_as(broker, None)
    }

    pub fn start_as(broker: &str, login: Option<(&str, &str)>) -> FloorProc {
        FloorProc::spawn(
            broker,
            login,
            &format!("floor-{}", std::process::id()),
            None,
        )
    }

    /// A floor with its own client id, logging at info to `log` if given.
    pub fn spawn(
        broker: &str,
        login: Option<(&str, &str)>,
        client_id: &str,
        log: Option<&Path>,
    ) -> FloorProc {
        FloorProc::spawn_with(broker, login, client_id, log, &[])
    }

    /// As [`FloorProc::spawn`], with `more` arguments.
    pub fn spawn_with(
        broker: &str,
        login: Option<(&str, &str)>,
        client_id: &str,
        log: Option<&Path>,
        more: &[&str],
    ) -> FloorProc {
        let mut cmd = common::dealerd();
        cmd.args(["floor", "--broker", broker, "--listen", "127.0.0.1:0"]);
        cmd.args(more);
        match login {
            Some((user, password)) => cmd
                .args(["--username", user])
                .env("DEALERD_ROOM_PASSWORD", password),
            None => cmd.env_remove("DEALERD_ROOM_PASSWORD"),
        };
        let stderr = match log {
            Some(path) => Stdio::from(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .expect("floor log"),
            ),
            None => Stdio::null(),
        };
        if log.is_some() {
            cmd.args(["--log", "info"]);
        }
        let mut child = cmd
            .args(["--client-id", client_id])
            .env("DEALERD_FLOOR_STAFF_PASSWORD", STAFF_PASSWORD)
            .env_remove("RUST_LOG")
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("dealerd floor starts");
        let mut out = BufReader::new(child.stdout.take().expect("stdout"));
        let mut line = String::new();
        out.read_line(&mut line).expect("the floor's address");
        let addr = line
            .trim()
            .strip_prefix("floor: http://")
            .and_then(|a| a.strip_suffix('/'))
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        FloorProc { child, addr }
    }

    /// A `GET` as anyone on the room's network: no login.
    pub fn get(&self, path: &str) -> (String, Vec<u8>) {
        http_get(self.addr, path)
    }

    /// A `GET` as the floor's staff (HTTP Basic).
    pub fn staff_get(&self, path: &str) -> (String, Vec<u8>) {
        let login =
            dealerd::room::floor::http::base64(format!("staff:{STAFF_PASSWORD}").as_bytes());
        http_request(
            self.addr,
            path,
            &format!("Authorization: Basic {login}\r\n"),
        )
    }

    /// The staff's JSON: every table with its records.
    pub fn tables(&self) -> Value {
        let (head, body) = self.staff_get("/staff/tables.json");
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        serde_json::from_slice(&body).expect("tables.json")
    }
}

impl Drop for FloorProc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The staff password every test floor is started with.
pub const STAFF_PASSWORD: &str = "staff-pw-for-tests";

/// One `GET`, read to the end: the head and the body.
pub fn http_get(addr: SocketAddr, path: &str) -> (String, Vec<u8>) {
    http_request(addr, path, "")
}

/// One `GET` with `headers` (each ending in CRLF), read to the end.
pub fn http_request(addr: SocketAddr, path: &str, headers: &str) -> (String, Vec<u8>) {
    let mut s = TcpStream::connect(addr).expect("the floor answers");
    s.set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    write!(s, "GET {path} HTTP/1.1\r\nHost: floor\r\n{headers}\r\n").expect("request");
    let mut all = Vec::new();
    s.read_to_end(&mut all).expect("response");
    let at = all
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8_lossy(&all[..at]).into_owned();
    (head, all[at + 4..].to_vec())
}

/// A journal's records as the table publishes them: without secrets.
pub fn published(mut records: Vec<Value>) -> Vec<Value> {
    records.iter_mut().for_each(dealerd::room::redact::scrub);
    records
}

/// The floor holds exactly `table`'s journal.
pub fn floor_has(floor: &FloorProc, table: &Table, id: &str) -> bool {
    let journal = published(table.journal());
    let tables = floor.tables();
    let events = tables["tables"][id]["events"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    !journal.is_empty() && events == journal
}

pub fn online(floor: &FloorProc, id: &str) -> Option<bool> {
    floor.tables()["tables"][id]["online"].as_bool()
}

/// Sits Ann and Bob down and deals: three records.
pub const SIT_AND_DEAL: &str = ":tap Ann\no\no\n:tap Bob\no\no\no\n";

#[test]
fn the_floor_ends_with_exactly_the_tables_journals() {
    let Some(bin) = mosquitto() else {
        eprintln!("SKIPPED room::the_floor_ends_with_exactly_the_tables_journals: no mosquitto binary (apt-get install mosquitto)");
        return;
    };
    let dir = common::fresh_dir("room", "floor");
    let mut broker = Broker::new(bin, &dir);
    let floor = FloorProc::start(&broker.url());
    let mut t1 = Table::start(&dir, "t1", &broker.url());
    let mut t2 = Table::start(&dir, "t2", &broker.url());
    t1.play(SIT_AND_DEAL, 3);
    t2.play(SIT_AND_DEAL, 3);
    wait_for("the floor to have both nights", || {
        (floor_has(&floor, &t1, "t1") && floor_has(&floor, &t2, "t2")).then_some(())
    });
    assert_eq!(online(&floor, "t1"), Some(true));
    let state = &floor.tables()["tables"]["t1"]["state"];
    assert_eq!(state["hand"]["number"], 1, "{state}");
    assert_eq!(state["seats"][0]["player"]["name"], "Ann", "{state}");

    // The broker goes down; both tables play on without it, and t1 is
    // SIGKILLed with records the broker never acknowledged, then restarted.
    broker.stop();
    t1.play("c\n", 1);
    t2.play("c\n", 1);
    let (config, state) = t1.kill();
    let mut t1 = Table::spawn(config, state);
    t1.play("c\n", 1);
    assert!(!floor_has(&floor, &t1, "t1"), "the floor cannot have heard");

    broker.start();
    wait_for("the floor to catch up after the outage", || {
        (floor_has(&floor, &t1, "t1") && floor_has(&floor, &t2, "t2")).then_some(())
    });
    wait_for("t1 online again", || {
        (online(&floor, "t1") == Some(true)).then_some(())
    });

    // A table killed while connected: the broker says it for it (the will).
    let (config, state) = t2.kill();
    wait_for("t2's last will", || {
        (online(&floor, "t2") == Some(false)).then_some(())
    });
    let mut t2 = Table::spawn(config, state);
    t2.play("c\n", 1);
    wait_for("t2 back, with every record", || {
        (floor_has(&floor, &t2, "t2") && online(&floor, "t2") == Some(true)).then_some(())
    });

    // Exactly the journals: every record once, numbered 1..N.
    let tables = floor.tables();
    for (id, table) in [("t1", &t1), ("t2", &t2)] {
        let events = tables["tables"][id]["events"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let numbers: Vec<u64> = events.iter().filter_map(|e| e["n"].as_u64()).collect();
        let expected: Vec<u64> = (1..=table.journal().len() as u64).collect();
        assert_eq!(numbers, expected, "{id}");
        assert_eq!(events, published(table.journal()), "{id}");
    }
    // Sent again after the outage from the last acknowledged record, never
    // from the start of the night.
    for id in ["t1", "t2"] {
        let log = std::fs::read_to_string(dir.join(format!("{id}.log"))).expect("log");
        assert!(!log.contains("started over"), "{id}: {log}");
    }
    t1.stop();
    wait_for("t1's goodbye", || {
        (online(&floor, "t1") == Some(false)).then_some(())
    });
    t2.stop();
    drop(floor);
    broker.stop();
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_docs_room_example_appends_to_the_default_house_file() {
    let docs = include_str!("../../docs/room.md");
    let example = docs
        .split("```toml\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("docs/room.md opens with a ```toml block");
    let first_heading = docs.find("\n## ").unwrap_or(docs.len());
    assert!(
        docs.find("```toml").is_some_and(|at| at < first_heading),
        "the example comes first"
    );
    let text = format!("{}\n{example}", dealerd::rules::DEFAULT_TOML);
    let house = dealerd::daemon::house_file::load_str("default.toml + docs/room.md", &text)
        .unwrap_or_else(|e| panic!("{e}"));
    let room = house.room.expect("a [room]");
    assert!(!room.broker.tls);
    assert!(example.contains(&format!("mqtt://{}:{}", room.broker.host, room.broker.port)));
}

#[test]
fn check_reports_room_and_rules_errors_together_in_file_order() {
    let text = format!(
        "{}\n[room]\nbroker = \"tcp://h\"\ntable = \"t\"\n",
        dealerd::rules::DEFAULT_TOML.replace("seats = 9", "seats = 99")
    );
    let e = dealerd::daemon::house_file::load_str("h.toml", &text).unwrap_err();
    let d = e.diagnostics();
    assert_eq!(d.len(), 2, "{e}");
    assert!(d[0].line < d[1].line, "{e}");
    assert!(d[1].message.contains("mqtt://"), "{e}");
}

#[test]
fn the_room_drop_in_opens_the_network_that_the_unit_keeps_closed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("systemd");
    let unit = std::fs::read_to_string(root.join("dealerd.service")).expect("unit");
    let drop_in = std::fs::read_to_string(root.join("room.conf")).expect("room.conf");
    // Without [room]: no network.
    assert_eq!(
        crate::systemd_unit::values(&unit, "PrivateNetwork"),
        ["yes"]
    );
    assert_eq!(
        crate::systemd_unit::values(&unit, "RestrictAddressFamilies"),
        ["AF_UNIX"]
    );
    // The drop-in: the host's network, and the families reset, then listed.
    assert!(
        drop_in.lines().any(|l| l.trim() == "[Service]"),
        "{drop_in}"
    );
    assert_eq!(
        crate::systemd_unit::values(&drop_in, "PrivateNetwork"),
        ["no"]
    );
    let families = crate::systemd_unit::values(&drop_in, "RestrictAddressFamilies");
    assert_eq!(
        families.first().map(String::as_str),
        Some(""),
        "reset first: {families:?}"
    );
    let last: Vec<&str> = families
        .last()
        .map(|f| f.split_whitespace().collect())
        .unwrap_or_default();
    assert_eq!(last, ["AF_UNIX", "AF_INET", "AF_INET6"]);
    // The password comes from a file the house file does not name.
    assert_eq!(
        crate::systemd_unit::values(&drop_in, "EnvironmentFile"),
        ["-/etc/dealerd/room.env"]
    );
    assert!(drop_in.contains("/etc/systemd/system/dealerd.service.d/room.conf"));
    // Nothing else of the hardening is undone.
    for key in [
        "ProtectSystem",
        "NoNewPrivileges",
        "CapabilityBoundingSet",
        "User",
        "SystemCallFilter",
    ] {
        assert!(
            crate::systemd_unit::values(&drop_in, key).is_empty(),
            "{key} in the drop-in"
        );
    }
}

#[test]
fn the_example_acl_lets_a_table_write_only_under_its_own_id() {
    let Some(bin) = mosquitto() else {
        eprintln!("SKIPPED room::the_example_acl_lets_a_table_write_only_under_its_own_id: no mosquitto binary (apt-get install mosquitto)");
        return;
    };
    let dir = common::fresh_dir("room", "acl");
    let passwd = crate::room_trust::passwd(&dir, &[("table-1", "pw1"), ("floor.room", "pw-floor")]);
    let acl = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/room/mosquitto.acl");
    let extra = format!(
        "allow_anonymous false\npassword_file {}\nacl_file {}\n",
        passwd.display(),
        acl.display()
    );
    let broker = Broker::with(bin, &dir, &extra);
    let floor = FloorProc::start_as(&broker.url(), Some(("floor.room", "pw-floor")));
    let mut honest = Table::start_as(&dir, "table-1", &broker.url(), Some(("table-1", "pw1")));
    // table-1's credentials, speaking for table-2.
    let mut rogue = Table::start_as(&dir, "table-2", &broker.url(), Some(("table-1", "pw1")));
    honest.play(SIT_AND_DEAL, 3);
    rogue.play(SIT_AND_DEAL, 3);
    wait_for("table-1 on the floor", || {
        floor_has(&floor, &honest, "table-1").then_some(())
    });
    // The broker took the rogue's records (acknowledged, as MQTT 3.1.1
    // does for a refused publish) and passed none of them on.
    let rogue_state = dir.join("table-2");
    wait_for("the rogue's records acknowledged", || {
        let mark = std::fs::read_to_string(rogue_state.join("room.ack")).ok()?;
        mark.contains(&format!("\"acked\":{}", rogue.journal().len()))
            .then_some(())
    });
    let tables = floor.tables();
    assert!(tables["tables"].get("table-2").is_none(), "{tables}");
    assert_eq!(tables["tables"]["table-1"]["online"], true);
    // Anything but the page, its stream and the JSON is not found.
    let (head, _) = floor.get("/nothing");
    assert!(head.starts_with("HTTP/1.1 404"), "{head}");
    honest.stop();
    rogue.stop();
    drop(floor);
    drop(broker);
    let _ = std::fs::remove_dir_all(dir);
}

/// The floor page's screenshot in the README, re-taken with
/// `DEALERD_BLESS=1 cargo test --release room::the_floor_page`.
const SHOT: &str = "docs/room/floor.png";
const SHOT_SIZE: (u32, u32) = (900, 600);

#[test]
fn the_floor_page_shows_every_table_as_a_person_sees_it() {
    let bless = std::env::var("DEALERD_BLESS").is_ok_and(|v| v == "1");
    let shipped_path = Path::new(env!("CARGO_MANIFEST_DIR")).join(SHOT);
    if !bless {
        assert_a_screenshot(SHOT, &std::fs::read(&shipped_path).expect(SHOT), SHOT_SIZE);
    }
    let (Some(bin), true) = (mosquitto(), chromium()) else {
        eprintln!("SKIPPED room::the_floor_page_shows_every_table_as_a_person_sees_it: needs mosquitto and chromium (apt-get install mosquitto chromium); {SHOT} was checked for size only");
        return;
    };
    let dir = common::fresh_dir("room", "page");
    let broker = Broker::new(bin, &dir);
    let floor = FloorProc::start(&broker.url());
    let mut t1 = Table::start(&dir, "t1", &broker.url());
    let mut t2 = Table::start(&dir, "t2", &broker.url());
    // t1: Ann calls the big blind, Bob is to act. t2 deals and goes dark.
    t1.play(SIT_AND_DEAL, 3);
    t1.play("c\n", 1);
    t2.play(SIT_AND_DEAL, 3);
    wait_for("both tables on the floor", || {
        (floor_has(&floor, &t1, "t1") && floor_has(&floor, &t2, "t2")).then_some(())
    });
    wait_for("t2's state at its first hand", || {
        (floor.tables()["tables"]["t2"]["state"]["hands"] == 1).then_some(())
    });
    t2.kill();
    wait_for("t2 offline", || {
        (online(&floor, "t2") == Some(false)).then_some(())
    });

    let url = format!("http://{}/", floor.addr);
    let dom = headless(&dir.join("p1"), &url, &["--dump-dom"]);
    let dom = String::from_utf8_lossy(&dom);
    let t1_card = dom
        .split(r#"<section class="table" id="table-t1" "#)
        .nth(1)
        .and_then(|rest| rest.split("</section>").next())
        .unwrap_or_else(|| panic!("no card for t1 that is online: {dom}"));
    assert!(
        t1_card.contains(
            r#"<span class="status seats">7 seats open</span><span class="badge">online</span>"#
        ),
        "{t1_card}"
    );
    assert!(
        dom.contains("Home game · No-limit hold'em · $1/$2 "),
        "grouped by game and stakes, in the currency: {dom}"
    );
    assert!(
        t1_card.contains("#1 · betting · pot $4 · Bob to act"),
        "{t1_card}"
    );
    assert!(
        t1_card.contains(r#"<span class="name">Ann</span><span class="stack">198</span>"#),
        "{t1_card}"
    );
    assert!(
        t1_card.contains(
            r#"<li class="acting"><span class="seat">2</span><span class="name">Bob</span>"#
        ),
        "{t1_card}"
    );
    assert!(t1_card.contains("last heard "), "{t1_card}");
    let t2_card = dom
        .split(r#"<section class="table offline" id="table-t2" "#)
        .nth(1)
        .unwrap_or_else(|| panic!("no card for t2 that is offline: {dom}"));
    assert!(
        t2_card.contains(r#"<span class="badge">offline</span>"#),
        "{t2_card}"
    );

    let taken = screenshot(&dir.join("p2"), &url, SHOT_SIZE);
    if bless {
        std::fs::write(&shipped_path, &taken).expect("bless the screenshot");
    }
    t1.stop();
    drop(floor);
    drop(broker);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_new_night_at_a_table_starts_the_floors_list_again() {
    let Some(bin) = mosquitto() else {
        eprintln!("SKIPPED room::a_new_night_at_a_table_starts_the_floors_list_again: no mosquitto binary (apt-get install mosquitto)");
        return;
    };
    let dir = common::fresh_dir("room", "nights");
    let broker = Broker::new(bin, &dir);
    let floor = FloorProc::start(&broker.url());
    let mut t1 = Table::start(&dir, "t1", &broker.url());
    t1.play(SIT_AND_DEAL, 3);
    t1.play("c\n", 1);
    wait_for("the first night on the floor", || {
        floor_has(&floor, &t1, "t1").then_some(())
    });
    let mark = t1.state.join("room.ack");
    wait_for("the fourth record acknowledged", || {
        let ack = std::fs::read_to_string(&mark).ok()?;
        ack.contains("\"acked\":4").then_some(())
    });
    // The next night in the same state directory: its records are 1, 2, 3
    // again, and the mark of the last night must not skip them.
    let (config, state) = t1.kill();
    std::fs::remove_file(state.join("journal.jsonl")).expect("journal");
    let mut t1 = Table::spawn(config, state);
    t1.play(SIT_AND_DEAL, 3);
    wait_for("the second night on the floor, alone", || {
        floor_has(&floor, &t1, "t1").then_some(())
    });
    assert_eq!(t1.journal().len(), 3);
    t1.stop();
    drop(floor);
    drop(broker);
    let _ = std::fs::remove_dir_all(dir);
}
