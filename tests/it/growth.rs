//! Issue 8: a night of any length costs the same per press. The work of a
//! hand (its presses, each journaled-free and drawn) is counted in heap
//! allocations and bytes, early in the night and after thousands of
//! events, in a house that books a fee every hand, so the ledger grows too.

use std::time::Duration;

use dealerd::daemon::session::{Input, RulesSource};
use dealerd::daemon::store::{Storage, Stored};
use dealerd::journal::{night_from, Record};
use dealerd::table::{TableEvent, UNDO_HANDS};
use dealerd::ui::{Button, Press};

use crate::alloc_count::counted;

const DEFAULT: &str = include_str!("../../config/default.toml");

/// M3 as H4 has it: the button pays a fee before every deal.
const FEE: &str = r#"
[fees]
payer = "button"
when = "before-deal"
rates = [{ players = [1, 4], fee = 1 }, { players = [5, 10], fee = 2 }]
"#;

/// The default house with the fee, and deep enough stacks that the fee
/// does not bust anybody in a long night.
fn rules() -> String {
    let deep = DEFAULT.replace("buy_in_max = 200", "buy_in_max = 20000");
    assert_ne!(deep, DEFAULT, "the default's buy-in line moved");
    format!("{deep}\n{FEE}")
}

fn night() -> Stored {
    let text = rules();
    let mut s =
        Stored::open(&RulesSource::file("fee.toml", &text), &Storage::default()).expect("opens");
    for (seat, name) in ["Ann", "Bob", "Cat", "Dan"].iter().enumerate() {
        s.handle(
            Input::Table(TableEvent::Join {
                seat,
                name: name.to_string(),
                buy_in: 20_000,
            }),
            Duration::ZERO,
        );
    }
    s
}

/// Deal, a minimum raise, three folds: the big blind's hand, as the
/// dealer presses it, with a frame drawn after every press.
fn hand(s: &mut Stored) {
    use Button::*;
    for button in [Ok, BetRaise, Ok, Fold, Fold, Fold] {
        let input = Input::Press(Press {
            button,
            long: false,
        });
        s.handle(input, Duration::ZERO);
        std::hint::black_box(s.frame());
    }
}

/// Allocations and bytes of each of `n` hands.
fn per_hand(s: &mut Stored, n: usize) -> (Vec<u64>, Vec<u64>) {
    (0..n).map(|_| counted(|| hand(s))).unzip()
}

fn median(mut v: Vec<u64>) -> u64 {
    v.sort_unstable();
    v[v.len() / 2]
}

#[test]
fn a_hand_costs_the_same_at_45_thousand_events_as_at_5_thousand() {
    let mut s = night();
    // Both samples are taken where the hand number on screen has four
    // digits: a longer number is a longer string, not a longer night.
    per_hand(&mut s, 1_000);
    let early_events = s.night().events_applied();
    let (early_n, early_b) = per_hand(&mut s, 21);
    per_hand(&mut s, 8_000);
    let (late_n, late_b) = per_hand(&mut s, 21);
    let table = s.night().table();
    assert_eq!(table.hands_dealt(), 9_042, "every hand was dealt");
    assert!(early_events < 6_000, "{early_events}");
    assert!(
        s.night().events_applied() > 45_000,
        "{}",
        s.night().events_applied()
    );
    assert!(table.ledger().entries().len() > 9_000, "a fee every hand");
    // The median hand: a vector that doubles now and then (the ledger's)
    // is amortised, not growth.
    let (early_n, late_n) = (median(early_n), median(late_n));
    let (early_b, late_b) = (median(early_b), median(late_b));
    assert!(
        late_n <= early_n,
        "allocations per hand grew from {early_n} to {late_n}"
    );
    assert!(
        late_b <= early_b + early_b / 20,
        "bytes allocated per hand grew from {early_b} to {late_b}"
    );
}

#[test]
fn d5_undo_reaches_back_the_undo_window_and_says_why_not_further() {
    let mut s = night();
    per_hand(&mut s, UNDO_HANDS + 3);
    let night = s.night().clone();
    // At the table: the dealer presses undo until it will go no further,
    // and the screen says why.
    let undo = Input::Press(Press {
        button: Button::Undo,
        long: false,
    });
    let ok = Input::Press(Press {
        button: Button::Ok,
        long: false,
    });
    while s.night().can_undo().is_ok() {
        s.handle(undo.clone(), Duration::ZERO);
        // Between hands undo names what it takes back; OK (issue 22).
        if matches!(
            s.controller().mode,
            dealerd::ui::Mode::Dialog(dealerd::ui::Dialog::ConfirmUndo { .. })
        ) {
            s.handle(ok.clone(), Duration::ZERO);
        }
    }
    s.handle(undo, Duration::ZERO);
    assert_eq!(
        s.message(),
        Some("undo goes back 32 hands at most; the host can correct stacks")
    );
    let mut n = night.clone();
    let mut undone = 0;
    while n.undo().is_some() {
        undone += 1;
    }
    assert!(undone >= UNDO_HANDS * 5, "{undone} events undone");
    assert_eq!(
        n.table().hands_dealt(),
        3,
        "back to the start of the window"
    );
    assert_eq!(
        n.can_undo().map_err(|e| e.to_string()),
        Err(format!(
            "undo goes back {UNDO_HANDS} hands at most; the host can correct stacks"
        ))
    );
    // The fresh night has nothing to undo, and says so.
    assert_eq!(
        night_fresh().can_undo().map_err(|e| e.to_string()),
        Err("nothing to undo".to_string())
    );
}

fn night_fresh() -> dealerd::table::Night {
    let rules = dealerd::rules::load_str("fee.toml", &rules()).expect("loads");
    dealerd::table::Night::new(std::sync::Arc::new(rules))
}

/// A restart applies the hands older than undo reaches with no way back:
/// the table it gets is the live one, and so is every undo it still has.
#[test]
fn d5_a_long_night_restarts_to_the_same_table_and_the_same_undos() {
    let dir = std::env::temp_dir().join(format!("dealerd-growth-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let storage = Storage {
        journal: Some(dir.join("journal.jsonl")),
        history: None,
        ledger: None,
    };
    let mut live = Stored::open(&RulesSource::file("fee.toml", rules()), &storage).expect("opens");
    for (seat, name) in ["Ann", "Bob", "Cat"].iter().enumerate() {
        let join = TableEvent::Join {
            seat,
            name: name.to_string(),
            buy_in: 20_000,
        };
        live.handle(Input::Table(join), Duration::ZERO);
    }
    per_hand(&mut live, UNDO_HANDS * 2 + 5);
    // Into a hand, and one undo on the journal too.
    for button in [Button::Ok, Button::BetRaise, Button::Ok, Button::Undo] {
        let press = Input::Press(Press {
            button,
            long: false,
        });
        live.handle(press, Duration::ZERO);
    }
    // One writer at a time: the live session goes before the restart.
    let mut live = {
        let night = live.night().clone();
        drop(live);
        night
    };
    let restarted =
        Stored::open(&RulesSource::file("fee.toml", rules()), &storage).expect("resumes");
    let mut restarted = {
        let night = restarted.night().clone();
        drop(restarted);
        night
    };
    let path = dir.join("journal.jsonl");
    let (_, mut records) = dealerd::journal::Journal::open(&path).expect("reads");
    let _ = std::fs::remove_dir_all(&dir);
    // A journal whose undos reach further back than live undo does (none
    // this dealerd writes) is refused at the record that does it.
    let rules = std::sync::Arc::clone(live.initial_rules());
    let reach = live.events().len();
    records.extend(std::iter::repeat_n(Record::Undo, reach + 1));
    let err = night_from(rules, &records).expect_err("too far back");
    assert_eq!(
        err.to_string(),
        format!(
            "record {}: an undo further back than {UNDO_HANDS} hands, which a restart keeps",
            records.len()
        )
    );
    assert!(live.table().hands_dealt() > 2 * UNDO_HANDS as u64);
    assert_eq!(restarted.events_applied(), live.events_applied());
    assert_eq!(restarted.events(), live.events());
    loop {
        let table = format!("{:?}", live.table());
        assert_eq!(format!("{:?}", restarted.table()), table);
        let undone = live.undo();
        assert_eq!(restarted.undo(), undone);
        if undone.is_none() {
            break;
        }
    }
    assert_eq!(restarted.can_undo(), live.can_undo());
}
