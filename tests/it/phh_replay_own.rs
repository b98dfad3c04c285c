//! Issue 24: `dealerd replay` replays every history dealerd writes, to its
//! `finishing_stacks`, under the game it was played under (the `_spec`,
//! `_setup` and `_events` fields it writes), and names each hand by its
//! `hand` field. A long random night per shipped house, every file
//! written, through the command's own entry point.

use dealerd::phh;
use dealerd::replay;

use crate::common;
use crate::phh_nights::{houses, night};

#[test]
fn every_history_dealerd_writes_replays_to_its_finishing_stacks() {
    for (i, (house, text)) in houses().into_iter().enumerate() {
        let histories = night(house, &text, 160, 0x5EED_0024 + i as u64);
        assert!(
            histories.written.len() >= 40,
            "{house}: only {} histories written",
            histories.written.len()
        );
        let dir = common::fresh_dir("replay-own", house);
        let mut files = Vec::new();
        for (n, text) in &histories.written {
            let path = dir.join(format!("hand-{n}.phh"));
            std::fs::write(&path, text).expect("write");
            files.push((*n, path));
        }
        for (n, path) in &files {
            let mut out = Vec::new();
            let replayed = replay::run(std::slice::from_ref(path), false, &mut out);
            let out = String::from_utf8_lossy(&out);
            assert!(
                replayed.is_ok(),
                "{house} hand {n}: {}\n{}",
                replayed.err().map(|e| e.to_string()).unwrap_or_default(),
                std::fs::read_to_string(path).unwrap_or_default()
            );
            let hand = &phh::parse_file(path).expect("parses")[0];
            let finishing = hand.finishing_stacks.clone().expect("finishing_stacks");
            assert!(
                out.contains(&format!(" hand {n}: ")),
                "{house}: named by its hand field: {out}"
            );
            assert!(
                out.trim_end()
                    .ends_with(&format!("final stacks {finishing:?}")),
                "{house} hand {n}: {out} against {finishing:?}"
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A history whose `_spec` does not read back is refused by name, not
/// replayed under a guess.
#[test]
fn a_broken_house_game_field_is_refused() {
    let (house, text) = houses().into_iter().next().expect("a house");
    let histories = night(house, &text, 10, 7);
    let (n, text) = histories.written.first().expect("a history");
    let broken = text.replace("_spec = \"{", "_spec = \"not json {");
    assert_ne!(&broken, text, "the file has a _spec");
    let dir = common::fresh_dir("replay-own", "broken");
    let path = dir.join("broken.phh");
    std::fs::write(&path, broken).expect("write");
    let err = replay::run(&[&path], false, &mut Vec::new()).expect_err("refused");
    assert!(
        err.to_string().contains(&format!("hand {n}: _spec")),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
