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

#[test]
fn every_hand_of_every_house_is_written_but_misdeals() {
    let mut report = String::new();
    for (i, (name, text)) in houses().iter().enumerate() {
        let h = night(name, text, HANDS, seed(i));
        let written = h.written.len();
        report.push_str(&format!(
            "{name}: {written} written / {} dealt ({} misdeals)\n",
            h.dealt,
            h.skipped.len()
        ));
        eprint!("{report}");
        assert!(h.dealt >= HANDS / 2, "{name}: only {} hands dealt", h.dealt);
        for (hand, why) in &h.skipped {
            assert!(why.contains("misdeal"), "{name} hand {hand} skipped: {why}");
        }
        assert_eq!(written + h.skipped.len(), h.dealt);
    }
    println!("{report}");
}
