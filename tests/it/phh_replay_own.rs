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

/// Issue 35: the PHH reader says whether a file has a field only
/// dealerd's own histories carry, so `dealerd replay` reads a file a
/// second time (whole, into a TOML table) only when it has one. PHH files
/// of other writers (the generated vectors) have none; a history dealerd
/// wrote has them, and a hand number alone counts.
#[test]
fn only_a_file_with_own_fields_is_read_twice() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/generated");
    for kind in ["NT", "PT", "FT"] {
        let text =
            std::fs::read_to_string(dir.join(format!("hands-{kind}.phhs"))).expect("vectors");
        let (hands, own) = phh::parse_str_noting(kind, &text, true).expect("parses");
        assert_eq!(hands.len(), 200);
        assert!(!own, "{kind}: no own fields");
    }
    let (house, text) = houses().into_iter().next().expect("a house");
    let histories = night(house, &text, 10, 7);
    let (_, written) = histories.written.first().expect("a history");
    let (_, own) = phh::parse_str_noting("own", written, false).expect("parses");
    assert!(own, "a dealerd history has _spec and _setup");
    let numbered = "variant = \"NT\"\nhand = 7\nmin_bet = 2\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\nactions = [\"d dh p1 ????\", \"d dh p2 ????\", \"p2 f\"]\n";
    let (_, own) = phh::parse_str_noting("numbered", numbered, false).expect("parses");
    assert!(own, "a hand field is read");
    let dir = common::fresh_dir("replay-own", "numbered");
    let path = dir.join("numbered.phh");
    std::fs::write(&path, numbered).expect("write");
    let mut out = Vec::new();
    replay::run(&[&path], false, &mut out).expect("replays");
    assert!(
        String::from_utf8_lossy(&out).contains(" hand 7: "),
        "{}",
        String::from_utf8_lossy(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
