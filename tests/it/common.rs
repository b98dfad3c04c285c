//! Shared by the integration tests.

use std::process::Command;

/// `dealerd run` on the fake devices with `config` and `state`, outside
/// systemd: none of the service's environment (notify socket, watchdog,
/// journal stream, log filter) leaks in from the shell running the tests.
pub fn run_fake(config: &std::path::Path, state: &std::path::Path) -> Command {
    let mut cmd = dealerd();
    cmd.arg("run")
        .arg("--config")
        .arg(config)
        .arg("--state-dir")
        .arg(state)
        .args(["--devices", "fake"]);
    outside_systemd(&mut cmd);
    cmd
}

/// None of the service's environment (notify socket, watchdog, journal
/// stream, log filter) leaks into `cmd` from the shell running the tests.
pub fn outside_systemd(cmd: &mut Command) -> &mut Command {
    cmd.env_remove("NOTIFY_SOCKET")
        .env_remove("WATCHDOG_USEC")
        .env_remove("WATCHDOG_PID")
        .env_remove("JOURNAL_STREAM")
        .env_remove("RUST_LOG")
}

/// The `dealerd` binary, run the way cargo runs the tests: when they are
/// cross-built (aarch64 under qemu), a child binary needs the same runner,
/// because the host kernel cannot execute it on its own.
pub fn dealerd() -> Command {
    dealerd_preloading(None)
}

/// [`dealerd`] with a library preloaded into it (`LD_PRELOAD`). Under
/// qemu-user the preload is the guest's, so it goes to qemu as `-E`: given
/// to qemu's own environment, the host's loader would try to load an
/// aarch64 library into qemu.
pub fn dealerd_preloading(lib: Option<&std::path::Path>) -> Command {
    let bin = env!("CARGO_BIN_EXE_dealerd");
    let runner = if cfg!(target_arch = "aarch64") {
        std::env::var("CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER").ok()
    } else {
        None
    };
    let mut words = runner.as_deref().unwrap_or("").split_whitespace();
    match (words.next(), lib) {
        (Some(program), lib) => {
            let mut cmd = Command::new(program);
            cmd.args(words);
            if let Some(lib) = lib {
                cmd.arg("-E").arg(format!("LD_PRELOAD={}", lib.display()));
            }
            cmd.arg(bin);
            cmd
        }
        (None, lib) => {
            let mut cmd = Command::new(bin);
            if let Some(lib) = lib {
                cmd.env("LD_PRELOAD", lib);
            }
            cmd
        }
    }
}

/// Six players' cards, Ann to Fay (`04:00:00:01` to `:06`), to append to a
/// house file that has none.
pub const PLAYER_CARDS: &str = r#"
[[card]]
uid = "04:00:00:01"
player = "Ann"
[[card]]
uid = "04:00:00:02"
player = "Bob"
[[card]]
uid = "04:00:00:03"
player = "Cat"
[[card]]
uid = "04:00:00:04"
player = "Dan"
[[card]]
uid = "04:00:00:05"
player = "Eve"
[[card]]
uid = "04:00:00:06"
player = "Fay"
"#;

/// The host card (`04:00:00:00`) and the command cards every house can
/// honour: misdeal (`:11`) and the clock (`:13`).
pub const HOST_AND_COMMAND_CARDS: &str = r#"
[[card]]
uid = "04:00:00:00"
host = true
name = "host"
[[card]]
uid = "04:00:00:11"
command = "misdeal"
[[card]]
uid = "04:00:00:13"
command = "clock"
"#;

/// An empty directory of this test process's own under the system's temp
/// directory: `dealerd-{area}-{name}-{pid}`, emptied if a run left it.
pub fn fresh_dir(area: &str, name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dealerd-{area}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A night kept in `dir`: its journal and its hand histories.
pub fn storage(dir: &std::path::Path) -> dealerd::daemon::store::Storage {
    dealerd::daemon::store::Storage {
        journal: Some(dir.join("journal.jsonl")),
        history: Some(dir.join("hands")),
        ledger: None,
    }
}

/// Seats `players` (name, buy-in) from seat 1 and plays one hand through the
/// stored session the daemon uses: whoever may fold folds, else checks or
/// calls, and the board is dealt when nobody acts (at most 20 events).
pub fn seat_and_play_one_hand(
    s: &mut dealerd::daemon::store::Stored,
    players: &[(&str, dealerd::engine::Chips)],
) {
    use dealerd::daemon::session::Input;
    use dealerd::engine::{Action, Event};
    use dealerd::table::TableEvent;
    use std::time::Duration;

    for (seat, (name, buy_in)) in players.iter().enumerate() {
        let join = TableEvent::Join {
            seat,
            name: name.to_string(),
            buy_in: *buy_in,
        };
        s.handle(Input::Table(join), Duration::ZERO);
    }
    s.handle(Input::Table(TableEvent::NewHand), Duration::ZERO);
    for _ in 0..20 {
        let Some(h) = s.night().table().hand().filter(|h| !h.settled) else {
            break;
        };
        let event = match h.state().legal_actions() {
            Some(l) if l.fold => Event::Act(l.seat, Action::Fold),
            Some(l) => Event::Act(l.seat, Action::CheckCall),
            None => Event::Deal,
        };
        s.handle(Input::Table(TableEvent::Hand(event)), Duration::ZERO);
    }
}
