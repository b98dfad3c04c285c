//! The PHH reader's tests: every shipped hand parses (here), refusals
//! name the place (`errors`), and the fast readers agree with the toml
//! crate's (`readers`).

use std::path::{Path, PathBuf};

use proptest::prelude::*;

use super::*;

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel)
}

fn files_in(rel: &str, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data(rel))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

fn count_hands(files: &[PathBuf]) -> usize {
    files
        .iter()
        .map(|f| match parse_file(f) {
            Ok(hands) => hands.len(),
            Err(e) => panic!("{e}"),
        })
        .sum()
}

#[test]
fn parses_every_wsop_hand() {
    let files = files_in("phh/wsop2023", "phh");
    assert_eq!(files.len(), 97);
    assert_eq!(count_hands(&files), 97);
}

#[test]
fn parses_the_famous_hands() {
    let files = files_in("phh/famous", "phh");
    assert_eq!(count_hands(&files), 2);
}

#[test]
fn parses_every_generated_hand() {
    for variant in ["NT", "PT", "FT"] {
        let hands = parse_file(&data(&format!("generated/hands-{variant}.phhs"))).unwrap();
        assert_eq!(hands.len(), 200, "{variant}");
        for (i, hand) in hands.iter().enumerate() {
            assert_eq!(hand.number, i + 1);
            assert_eq!(hand.variant, variant);
            assert_eq!(
                hand.finishing_stacks.as_ref().map(Vec::len),
                Some(hand.players())
            );
        }
    }
}

/// The replay output names each player action by its text, so the parsed text must be
/// exactly what the expected output shows.
#[test]
fn action_texts_match_the_expected_replay_output() {
    for variant in ["NT", "PT", "FT"] {
        let hands = parse_file(&data(&format!("generated/hands-{variant}.phhs"))).unwrap();
        let jsonl =
            std::fs::read_to_string(data(&format!("generated/hands-{variant}.jsonl"))).unwrap();
        let mut checked = 0;
        for line in jsonl.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let Some(text) = v["action"].as_str() else {
                continue;
            };
            let hand = &hands[v["hand"].as_u64().unwrap() as usize - 1];
            let action = &hand.actions[v["step"].as_u64().unwrap() as usize];
            assert_eq!(action.text, text);
            assert!(action.kind.player().is_some(), "{text}");
            checked += 1;
        }
        assert!(checked > 1000, "{variant}: {checked}");
    }
}

#[test]
fn first_generated_no_limit_hand() {
    let hands = parse_file(&data("generated/hands-NT.phhs")).unwrap();
    let h = &hands[0];
    assert_eq!(h.number, 1);
    assert_eq!(h.variant, "NT");
    assert!(h.ante_trimming_status);
    assert_eq!(h.antes, vec![0, 0, 0]);
    assert_eq!(h.blinds_or_straddles, vec![3, 10, 0]);
    assert_eq!(h.min_bet, Some(10));
    assert_eq!(h.bring_in, None);
    assert_eq!(h.starting_stacks, vec![14, 27, 546]);
    assert_eq!(h.finishing_stacks, Some(vec![0, 61, 526]));
    assert_eq!(h.ranking, vec![vec![2], vec![1]]);
    assert!(h.ranking_low.is_empty());
    assert_eq!(h.actions.len(), 12);
    assert_eq!(
        h.actions[3],
        PhhAction {
            text: "p3 cbr 20".into(),
            kind: ActionKind::CompleteBetRaise { player: 3, to: 20 },
            line: 8,
            column: 60,
        }
    );
    assert_eq!(h.actions[0].kind, ActionKind::DealHole { player: 1 });
    assert_eq!(h.actions[7].kind, ActionKind::ShowMuck { player: 2 });
    assert_eq!(h.actions[9].kind, ActionKind::DealBoard);
}

#[test]
fn dwan_ivey() {
    let hands = parse_file(&data("phh/famous/dwan-ivey-2009.phh")).unwrap();
    let [h] = hands.as_slice() else {
        panic!("{hands:?}")
    };
    assert_eq!(h.number, 1);
    assert!(!h.ante_trimming_status);
    assert_eq!(h.antes, vec![500, 500, 500]);
    assert_eq!(h.starting_stacks, vec![1125600, 2000000, 553500]);
    assert_eq!(h.finishing_stacks, None);
    assert_eq!(h.ranking, vec![vec![3], vec![1]]);
    assert_eq!(
        h.actions[3],
        PhhAction {
            text: "p3 cbr 7000".into(),
            kind: ActionKind::CompleteBetRaise {
                player: 3,
                to: 7000
            },
            line: 12,
            column: 3,
        }
    );
    assert_eq!(h.actions[1].text, "d dh p2 ????");
    assert_eq!(h.actions.last().unwrap().kind, ActionKind::DealBoard);
}

#[test]
fn yockey_arieh_draws() {
    let hands = parse_file(&data("phh/famous/yockey-arieh-2019.phh")).unwrap();
    let h = &hands[0];
    assert_eq!(h.variant, "F2L3D");
    assert_eq!((h.small_bet, h.big_bet), (Some(150000), Some(300000)));
    assert_eq!(h.actions[9].kind, ActionKind::Draw { player: 1 });
    assert_eq!(h.actions[10].kind, ActionKind::Draw { player: 4 });
}

#[test]
fn stud_hand_has_bring_in_and_default_blinds() {
    let path = data("phh/wsop2023/test_2023_43_5.test_10_00_34_43.phh");
    let h = &parse_file(&path).unwrap()[0];
    assert_eq!(h.variant, "F7S");
    assert_eq!(h.bring_in, Some(50000));
    assert_eq!(h.blinds_or_straddles, vec![0; 5]);
    assert_eq!(h.actions[5].kind, ActionKind::BringIn { player: 2 });
}

#[test]
fn defaults_comments_and_ignored_fields() {
    let text = "\
variant = 'PO'
author = 'someone'
meta.source = 'a dotted key makes a table of its own'
date = 1979-05-27T07:32:00Z
starting_stacks = [100, 200]
actions = ['d dh p1 ????????', 'p1 cc # limps', \"p2 sm\"]
_ranking_low = [[2, 1]]
";
    let hands = parse_str("x.phh", text, false).unwrap();
    let h = &hands[0];
    assert_eq!(h.antes, vec![0, 0]);
    assert_eq!(h.blinds_or_straddles, vec![0, 0]);
    assert_eq!((h.min_bet, h.small_bet, h.big_bet), (None, None, None));
    assert_eq!(h.actions[1].text, "p1 cc");
    assert_eq!(h.actions[1].kind, ActionKind::CheckCall { player: 1 });
    assert_eq!(h.actions[2].kind, ActionKind::ShowMuck { player: 2 });
    assert_eq!(h.ranking_low, vec![vec![2, 1]]);
    assert!(h.ranking.is_empty());
}

#[test]
fn hands_come_in_numeric_order() {
    let mut text = String::new();
    for n in (1..=11).rev() {
        text += &format!("[{n}]\nvariant = 'NT'\nstarting_stacks = [{n}, 1]\nactions = []\n\n");
    }
    let hands = parse_str("x.phhs", &text, true).unwrap();
    let numbers: Vec<usize> = hands.iter().map(|h| h.number).collect();
    assert_eq!(numbers, (1..=11).collect::<Vec<_>>());
    assert_eq!(hands[9].starting_stacks, vec![10, 1]);
}

mod errors;
mod readers;
