//! Issue 25: `dealerd init` writes a commented starter house file per
//! common home game, each one a file `dealerd check` takes.

use dealerd::daemon::{house_file, init};
use dealerd::engine::Structure;
use dealerd::rules::{BombSchedule, RotationMode};

use crate::common::{dealerd, fresh_dir};

#[test]
fn every_starter_passes_check_and_is_the_game_it_says() {
    assert_eq!(init::STARTERS.len(), 3);
    for s in init::STARTERS {
        let file = house_file::load_str(s.name, s.text)
            .unwrap_or_else(|e| panic!("starter {}:\n{e}", s.name));
        let r = &file.rules;
        // Commented for a host: more comment lines than sections.
        let comments = s.text.lines().filter(|l| l.contains('#')).count();
        assert!(comments >= 8, "{}: {comments} comments", s.name);
        match s.name {
            // No-limit hold'em with straddles and a bomb pot (S2, F4).
            "no-limit" => {
                assert_eq!(r.games[0].structure, Some(Structure::NoLimit));
                assert!(r.straddle.is_some());
                assert_eq!(
                    r.bomb.as_ref().map(|b| b.schedule),
                    Some(BombSchedule::EveryOrbit)
                );
            }
            // Dealer's choice (S5).
            "dealers-choice" => {
                assert_eq!(r.rotation.mode, RotationMode::DealersChoice);
                assert!(r.games.len() >= 4);
            }
            // A card room's limit game: fixed limit, a raise cap (B3, B4), a fee (M3).
            "limit" => {
                assert!(matches!(
                    r.games[0].structure,
                    Some(Structure::FixedLimit { .. })
                ));
                assert!(r.games[0].options.raise_cap.is_some());
                assert!(r.fees.is_some());
            }
            other => panic!("a starter this test does not know: {other}"),
        }
    }
}

#[test]
fn dealerd_init_writes_a_starter_and_never_over_a_house_file() {
    let dir = fresh_dir("rules-init", "write");
    let path = dir.join("house.toml");
    let out = dealerd()
        .args(["init", "no-limit"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read_to_string(&path).unwrap();
    assert_eq!(written, init::find("no-limit").unwrap().text);
    // `dealerd check` takes what it wrote.
    let check = dealerd().arg("check").arg(&path).output().unwrap();
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    // A second init does not touch the host's file.
    std::fs::write(&path, "# mine\n").unwrap();
    let again = dealerd()
        .args(["init", "limit"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&again.stderr).trim_end(),
        format!(
            "{}: already exists; dealerd init never writes over a house file",
            path.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "# mine\n");
    // Without a name: the list; a wrong name: the list in the error.
    let list = dealerd().arg("init").output().unwrap();
    let list = String::from_utf8_lossy(&list.stdout);
    for s in init::STARTERS {
        assert!(list.contains(s.name), "{list}");
    }
    let bad = dealerd().args(["init", "omaha"]).output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&bad.stderr).trim_end(),
        "no starter named \"omaha\"; starters: no-limit, dealers-choice, limit"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
