//! Issue 13: a hand history for every hand the PHH specification can say.
//! A generated night per shipped house; every hand played to its end goes
//! through the writer, and only a misdeal (a void hand) may be left out.
//! The figures are BENCHMARKS.md's "PHH coverage".

use crate::phh_nights::{houses, night};

/// Hands per house night.
pub const HANDS: usize = 300;

/// The night of house `i`.
pub fn seed(i: usize) -> u64 {
    0x9E37_79B9_7F4A_7C15 ^ (i as u64 + 1)
}

/// BENCHMARKS.md "PHH coverage": hands written / hands dealt per house,
/// with these seeds; the test fails below them.
const RECORDED: [(&str, usize, usize); 7] = [
    ("default", 299, 300),
    ("h0", 298, 300),
    ("h1", 299, 300),
    ("h2", 295, 300),
    ("h3", 273, 277),
    ("h4", 299, 300),
    ("night", 198, 199),
];

#[test]
fn every_hand_of_every_house_is_written_but_misdeals() {
    let mut report = String::new();
    let mut all = String::new();
    for (i, (name, text)) in houses().iter().enumerate() {
        let h = night(name, text, HANDS, seed(i));
        let written = h.written.len();
        report.push_str(&format!(
            "{name}: {written} written / {} dealt ({} misdeals)\n",
            h.dealt,
            h.skipped.len()
        ));
        assert!(h.dealt >= HANDS / 2, "{name}: only {} hands dealt", h.dealt);
        for (hand, why) in &h.skipped {
            assert!(why.contains("misdeal"), "{name} hand {hand} skipped: {why}");
        }
        assert_eq!(written + h.skipped.len(), h.dealt);
        let (_, w, d) = RECORDED[i];
        assert!(
            written * d >= w * h.dealt,
            "{name}: {written}/{} written, below the recorded {w}/{d}",
            h.dealt
        );
        for (hand, t) in &h.written {
            // Every chip is accounted for: what the players brought to the
            // hand is what they left with plus the house's drop.
            let v: toml::Value = toml::from_str(t).expect("TOML");
            let sum = |k: &str| -> i64 {
                v[k].as_array()
                    .expect(k)
                    .iter()
                    .map(|x| x.as_integer().expect("an integer"))
                    .sum()
            };
            let drop = v.get("_drop").map_or(0, |d| d.as_integer().expect("_drop"));
            assert_eq!(
                sum("starting_stacks"),
                sum("finishing_stacks") + drop,
                "{name} hand {hand}:\n{t}"
            );
            all.push_str(t);
        }
    }
    println!("{report}");
    // The nights reach the hands issue 13 names, and they are written.
    assert!(!all.contains("variant = \"PT\""), "PT is not PHH's");
    for needle in [
        "variant = \"F7S\"",
        "variant = \"F7S/8\"",
        "variant = \"FR\"",
        " pb\"",
        "variant = \"FO/8\"",
        "variant = \"fixed-limit five-card-draw\"",
        " sd ??",
        " sd\"",
        "_drop = ",
        "_fee = ",
        "kind = \"kill\"",
        "kind = \"live-post\"",
        "_bomb_pot = true",
        "_boards = 2",
        "_rankings = ",
        "event = \"run-it-twice\"",
        "event = \"declare\"",
        "event = \"wild-card\"",
        "_spread_limit = ",
        // Pot-limit hold'em (H0) as the specification can say it.
        "_structure = \"pot-limit\"",
        // Pot-limit short-deck (H0) as `NS`, the same way (issue 24).
        "variant = \"NS\"",
        "_unit = \"0.25\"",
        "_differs = ",
        "winnings = ",
    ] {
        assert!(all.contains(needle), "no hand history has {needle}");
    }
}
