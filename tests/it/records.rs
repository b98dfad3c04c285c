//! Issue 13: the ledger as CSV, to the cent, on scripted nights, and the
//! state directory's exports (`ledger/<night>.csv`, `ledger/nights.csv`).

use std::path::Path;

use dealerd::records::{ledger_csv, night_row, write_exports, NIGHTS_HEADER};
use dealerd::table::{script, Night, TableEvent};

use crate::common;

const DIR: &str = env!("CARGO_MANIFEST_DIR");

/// Ann, Bob and Cat buy in 100 each, as the session's inputs.
fn seat_ann_bob_cat(s: &mut dealerd::daemon::store::Stored) {
    for (seat, name) in ["Ann", "Bob", "Cat"].iter().enumerate() {
        let join = TableEvent::Join {
            seat,
            name: name.to_string(),
            buy_in: 100,
        };
        s.handle(
            dealerd::daemon::session::Input::Table(join),
            std::time::Duration::ZERO,
        );
    }
}

/// A short press of `button`, as the session's input.
fn press(button: dealerd::ui::Button) -> dealerd::daemon::session::Input {
    dealerd::daemon::session::Input::Press(dealerd::ui::Press {
        button,
        long: false,
    })
}

fn scripted(file: &str, until: Option<&str>) -> Night {
    let path = Path::new(DIR).join(file);
    let text = std::fs::read_to_string(&path).expect("scenario");
    let text = match until {
        // Up to and with the first line that is `until`.
        Some(last) => {
            let end = text.find(&format!("\n{last}\n")).expect("the line") + last.len() + 2;
            text[..end].to_string()
        }
        None => text,
    };
    script::run(file, &text, Path::new(DIR)).expect("the night plays")
}

/// Pat's (H2, unit 0.25): buy-ins, Bob's rebuy, Cat's and Dan's top-ups,
/// Dan's cash-out (m5-h2-night-ledger-every-chip.scn to `leave Dan`),
/// then the host corrects Ann's stack up by a chip.
fn pats() -> Night {
    let mut night = scripted(
        "tests/scenarios/m5-h2-night-ledger-every-chip.scn",
        Some("leave Dan"),
    );
    // Ann has 35 (140 chips); the host finds 35.25 in front of her.
    night
        .apply(TableEvent::SetStack {
            seat: 0,
            stack: 141,
        })
        .expect("a correction between hands");
    night
}

/// The house dealer's limit game (H4, unit 0.50, a 2.00 fee from the
/// button each hand): h4-fee-caps-new-player.scn whole, then a player whose
/// name needs quoting sits down and Eve cashes out.
fn house_dealer() -> Night {
    let mut night = scripted("tests/scenarios/h4-fee-caps-new-player.scn", None);
    night
        .apply(TableEvent::Join {
            seat: 6,
            name: "Gus \"G\", Jr.".into(),
            // 10 (20 units): the 1 & 2 game's buy-in at most (issue 33).
            buy_in: 20,
        })
        .expect("Gus sits down");
    night
        .apply(TableEvent::Leave { seat: 4 })
        .expect("Eve cashes out");
    night
}

#[test]
fn pats_ledger_csv_to_the_cent_with_a_rebuy_top_ups_a_correction_and_a_cash_out() {
    // Ann 40 in, corrected up 0.25, has 35.25: -5.00 (the correction is
    // chips, not a result). Bob 10 + a 20 rebuy, has 25.50. Cat 20 + a 10
    // top-up, has 39.75. Dan 15 + a 25 top-up, cashed out 39.75.
    let want = "\
player,currency,buy_ins,top_ups,rebuys,corrections,cash_out,on_table,net,chips_moved
Ann,USD,40.00,0.00,0.00,0.25,0.00,35.25,-5.00,0.00
Bob,USD,10.00,0.00,20.00,0.00,0.00,25.50,-4.50,0.00
Cat,USD,20.00,10.00,0.00,0.00,0.00,39.75,9.75,0.00
Dan,USD,15.00,25.00,0.00,0.00,39.75,0.00,-0.25,0.00
TOTAL,USD,85.00,35.00,20.00,0.25,39.75,100.50,0.00,0.00
";
    assert_eq!(ledger_csv(pats().table()), want);
}

#[test]
fn house_dealer_ledger_csv_quotes_a_name_and_gives_the_house_its_fees() {
    // Two hands, each button paid the 2.00 fee: the house is up 4.00 and
    // the players' nets add up to -4.00.
    let want = "\
player,currency,buy_ins,top_ups,rebuys,corrections,cash_out,on_table,net,chips_moved
Ann,USD,20.00,0.00,0.00,0.00,0.00,33.50,13.50,0.00
Bob,USD,20.00,0.00,0.00,0.00,0.00,17.50,-2.50,0.00
Cat,USD,20.00,0.00,0.00,0.00,0.00,18.50,-1.50,0.00
Dan,USD,20.00,0.00,0.00,0.00,0.00,6.00,-14.00,0.00
Eve,USD,20.00,0.00,0.00,0.00,14.00,0.00,-6.00,0.00
Fay,USD,10.00,0.00,0.00,0.00,0.00,16.50,6.50,0.00
\"Gus \"\"G\"\", Jr.\",USD,10.00,0.00,0.00,0.00,0.00,10.00,0.00,0.00
house,USD,0.00,0.00,0.00,0.00,0.00,0.00,4.00,0.00
TOTAL,USD,120.00,0.00,0.00,0.00,14.00,102.00,0.00,0.00
";
    assert_eq!(ledger_csv(house_dealer().table()), want);
}

#[test]
fn a_nights_row_balances_and_counts_the_settle_up() {
    // 140 in + 0.25 corrected = 39.75 out + 100.50 on the table; Ann,
    // Bob and Dan each pay Cat: three transfers.
    assert_eq!(
        night_row("n1", pats().table()),
        "n1,H2 Pat's home game,USD,2,4,140.00,0.25,39.75,100.50,0.00,3,0\n"
    );
    // Bob and Cat settle the house's 4.00 (two transfers); Dan and Eve
    // pay Ann and Fay (three); Gus is even.
    assert_eq!(
        night_row("n2", house_dealer().table()),
        "n2,H4 house-dealer limit game,USD,2,7,120.00,0.00,14.00,102.00,4.00,5,0\n"
    );
}

#[test]
fn exports_keep_every_nights_line_and_replace_a_nights_own() {
    let state = common::fresh_dir("records", "exports");
    let mut pats = pats();
    let house_dealer = house_dealer();
    write_exports(&state, "2026-11-20T21-00-00Z", pats.table()).expect("first night");
    write_exports(&state, "2026-11-22T20-30-00Z", house_dealer.table()).expect("second night");
    let ledger = state.join("ledger");
    assert_eq!(
        std::fs::read_to_string(ledger.join("2026-11-20T21-00-00Z.csv")).expect("csv"),
        ledger_csv(pats.table())
    );
    assert_eq!(
        std::fs::read_to_string(ledger.join("2026-11-22T20-30-00Z.csv")).expect("csv"),
        ledger_csv(house_dealer.table())
    );

    // The first night goes on: Cat cashes out 39.75, and its line is
    // rewritten where it was.
    pats.apply(TableEvent::Leave { seat: 2 })
        .expect("Cat leaves");
    write_exports(&state, "2026-11-20T21-00-00Z", pats.table()).expect("again");
    let nights = std::fs::read_to_string(ledger.join("nights.csv")).expect("nights");
    assert_eq!(
        nights,
        format!(
            "{NIGHTS_HEADER}\n\
             2026-11-20T21-00-00Z,H2 Pat's home game,USD,2,4,140.00,0.25,79.50,60.75,0.00,3,0\n\
             2026-11-22T20-30-00Z,H4 house-dealer limit game,USD,2,7,120.00,0.00,14.00,102.00,4.00,5,0\n"
        )
    );
    assert!(
        std::fs::read_to_string(ledger.join("2026-11-20T21-00-00Z.csv"))
            .expect("csv")
            .contains("\nCat,USD,20.00,10.00,0.00,0.00,39.75,0.00,9.75,0.00\n")
    );
    // Nothing half-written is left beside them.
    let mut names: Vec<String> = std::fs::read_dir(&ledger)
        .expect("ledger dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "2026-11-20T21-00-00Z.csv",
            "2026-11-22T20-30-00Z.csv",
            "nights.csv"
        ]
    );
    let _ = std::fs::remove_dir_all(state);
}

#[test]
fn a_night_id_that_is_not_a_file_name_is_refused() {
    let state = common::fresh_dir("records", "bad-id");
    let night = pats();
    for id in ["", "../escape", ".hidden", "a/b"] {
        let err = write_exports(&state, id, night.table()).expect_err(id);
        assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput, "{id:?}");
    }
    assert!(!state.join("ledger").exists());
    let _ = std::fs::remove_dir_all(state);
}

/// The shell keeps the exports as the night goes: every buy-in, every
/// hand's end and every undo rewrites them from the night, and a start
/// rebuilds them from the journal.
#[test]
fn the_exports_follow_the_night_through_undo_and_a_restart() {
    use std::time::Duration;

    use dealerd::daemon::session::RulesSource;
    use dealerd::daemon::store::{Storage, Stored};
    use dealerd::ui::Button;

    let dir = common::fresh_dir("records", "live-exports");
    let storage = Storage {
        journal: Some(dir.join("journal.jsonl")),
        history: None,
        ledger: Some(dir.clone()),
    };
    let rules = RulesSource::embedded();
    // 2026-11-23T22:58:30Z: the night's id in file names.
    let wall = Some(1_795_474_710);
    let csv = dir.join("ledger/2026-11-23T22-58-30Z.csv");
    let read = |p: &Path| std::fs::read_to_string(p).expect("exported");
    let mut s = Stored::open_at(&rules, &storage, wall).expect("opens");
    seat_ann_bob_cat(&mut s);
    assert_eq!(read(&csv), ledger_csv(s.night().table()));
    for b in [Button::Ok, Button::Fold, Button::Fold] {
        s.handle(press(b), Duration::ZERO);
    }
    assert!(!s.night().table().in_hand());
    let after_hand = ledger_csv(s.night().table());
    assert_eq!(read(&csv), after_hand);
    assert!(
        after_hand.contains("Cat,USD,100,0,0,0,0,101,1,0\n"),
        "{after_hand}"
    );
    let nights = read(&dir.join("ledger/nights.csv"));
    assert_eq!(
        nights,
        format!(
            "{NIGHTS_HEADER}\n{}",
            night_row("2026-11-23T22-58-30Z", s.night().table())
        )
    );

    // Undo takes the hand's end back (named first, then OK): the export
    // says so.
    s.handle(press(Button::Undo), Duration::ZERO);
    s.handle(press(Button::Ok), Duration::ZERO);
    assert_eq!(read(&csv), ledger_csv(s.night().table()));
    assert_ne!(read(&csv), after_hand);
    drop(s);

    // A lost export is rebuilt from the journal at the next start.
    std::fs::remove_file(&csv).expect("remove");
    let s = Stored::open_at(&rules, &storage, Some(1_795_480_000)).expect("resumes");
    assert_eq!(read(&csv), ledger_csv(s.night().table()));
    drop(s);
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// Issue 24: a Pi has no battery clock. Two nights begun before network
/// time get a file each (their number counts the nights on the disk), and
/// a night that resumes keeps its own.
#[test]
fn two_nights_without_a_clock_keep_a_ledger_file_each() {
    use std::time::Duration;

    use dealerd::daemon::session::{Input, RulesSource};
    use dealerd::daemon::store::{Storage, Stored};

    let dir = common::fresh_dir("records", "clockless");
    let storage = Storage {
        journal: Some(dir.join("journal.jsonl")),
        history: None,
        ledger: Some(dir.clone()),
    };
    let rules = RulesSource::embedded();
    let night = |name: &str| {
        let mut s = Stored::open_at(&rules, &storage, None).expect("opens");
        let join = TableEvent::Join {
            seat: 0,
            name: name.to_string(),
            buy_in: 100,
        };
        s.handle(Input::Table(join), Duration::ZERO);
    };
    night("Ann");
    // The host starts the next night: the first night's journal is put away.
    std::fs::rename(dir.join("journal.jsonl"), dir.join("first.jsonl")).expect("archive");
    night("Bob");
    // The second night resumes after a power cut: same file, no third.
    drop(Stored::open_at(&rules, &storage, None).expect("resumes"));
    let ledger = dir.join("ledger");
    let mut names: Vec<String> = std::fs::read_dir(&ledger)
        .expect("ledger dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 3, "{names:?}");
    assert!(names[0].ends_with("-n1.csv"), "{names:?}");
    assert!(names[1].ends_with("-n2.csv"), "{names:?}");
    assert_eq!(names[2], "nights.csv");
    let read = |f: &str| std::fs::read_to_string(ledger.join(f)).expect("exported");
    assert!(read(&names[0]).contains("\nAnn,"), "{}", read(&names[0]));
    assert!(read(&names[1]).contains("\nBob,"), "{}", read(&names[1]));
    assert_eq!(
        read("nights.csv").lines().count(),
        3,
        "a header and two nights"
    );
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// Issue 24: a player's name is never a formula in the host's spreadsheet;
/// amounts stay numbers.
#[test]
fn a_name_that_looks_like_a_formula_is_text_in_the_csv() {
    let mut night = pats();
    for (seat, name) in [
        (3, "=1+2"),
        (4, "@SUM(A1:A9)"),
        (5, "-2+3"),
        (6, "+cmd|' /C"),
    ] {
        night
            .apply(TableEvent::Join {
                seat,
                name: name.into(),
                buy_in: 40,
            })
            .expect("sits down");
    }
    let csv = ledger_csv(night.table());
    for row in [
        "'=1+2,USD,10.00,0.00,0.00,0.00,0.00,10.00,0.00,0.00\n",
        "'@SUM(A1:A9),USD,10.00,",
        "'-2+3,USD,10.00,",
        "'+cmd|' /C,USD,10.00,",
    ] {
        assert!(csv.contains(&format!("\n{row}")), "{row} in\n{csv}");
    }
    assert!(
        csv.contains(",-5.00,0.00\n"),
        "a negative net stays a number:\n{csv}"
    );
}

/// Issue 24, M5: chips moved between players. Ann's 2.50 went to Bob by
/// mistake and come back: both nets change, money in and out do not, and
/// the CSV says which in its own column.
#[test]
fn a_correction_between_players_moves_both_nets_to_the_cent() {
    let night = scripted(
        "tests/scenarios/m5-h2-correction-chips-between-players.scn",
        None,
    );
    let want = "\
player,currency,buy_ins,top_ups,rebuys,corrections,cash_out,on_table,net,chips_moved
Ann,USD,40.00,0.00,0.00,0.00,40.50,0.00,0.50,2.50
Bob,USD,40.00,0.00,0.00,0.00,39.75,0.00,-0.25,-2.50
Cat,USD,20.00,0.00,0.00,0.00,19.75,0.00,-0.25,0.00
TOTAL,USD,100.00,0.00,0.00,0.00,100.00,0.00,0.00,0.00
";
    assert_eq!(ledger_csv(night.table()), want);
    assert_eq!(
        night_row("n", night.table()),
        "n,H2 Pat's home game,USD,1,3,100.00,0.00,100.00,0.00,0.00,2,0\n"
    );
}

/// Issue 24, M5: money out of and into the game. Ann's 2.50 left the game
/// and Cat's 1.00 came in: their nets stay, and the corrections column
/// and the night's money say so.
#[test]
fn a_money_correction_keeps_the_nets_to_the_cent() {
    let night = scripted("tests/scenarios/m5-h2-correction-money.scn", None);
    let want = "\
player,currency,buy_ins,top_ups,rebuys,corrections,cash_out,on_table,net,chips_moved
Ann,USD,40.00,0.00,0.00,-2.50,39.75,0.00,2.25,0.00
Bob,USD,40.00,0.00,0.00,0.00,38.00,0.00,-2.00,0.00
Cat,USD,20.00,0.00,0.00,1.00,20.75,0.00,-0.25,0.00
TOTAL,USD,100.00,0.00,0.00,-1.50,98.50,0.00,0.00,0.00
";
    assert_eq!(ledger_csv(night.table()), want);
    assert_eq!(
        night_row("n", night.table()),
        "n,H2 Pat's home game,USD,1,3,100.00,-1.50,98.50,0.00,0.00,2,0\n"
    );
}

/// Issue 35: with the clock unset, two boxes' first nights and their
/// `hand-0001.phh` are told apart: every history names its night (as the
/// ledger does) and its box, and the night's name has the box in it.
#[test]
fn every_history_names_its_night_and_box() {
    use dealerd::daemon::session::RulesSource;
    use dealerd::daemon::store::{Storage, Stored};

    let rules = RulesSource::embedded();
    let first_hand = |name: &str| -> (String, String) {
        let dir = common::fresh_dir("records", name);
        let storage = Storage {
            journal: Some(dir.join("journal.jsonl")),
            history: Some(dir.join("hands")),
            ledger: Some(dir.clone()),
        };
        let mut s = Stored::open_at(&rules, &storage, None).expect("opens");
        common::seat_and_play_one_hand(&mut s, &[("Ann", 100), ("Bob", 100), ("Cy", 100)]);
        drop(s);
        let history = std::fs::read_to_string(dir.join("hands/hand-0001.phh"))
            .unwrap_or_else(|e| panic!("{name}: no hand-0001.phh: {e}"));
        let box_id = std::fs::read_to_string(dir.join("box-id")).expect("box-id made");
        (history, box_id.trim().to_string())
    };
    let (one, box_one) = first_hand("box-one");
    let (two, box_two) = first_hand("box-two");
    assert_ne!(box_one, box_two, "each box makes its own id");
    for (text, id) in [(&one, &box_one), (&two, &box_two)] {
        let v: toml::Value = toml::from_str(text).expect("TOML");
        assert_eq!(v["_box"].as_str(), Some(id.as_str()), "{text}");
        let night = v["_night"].as_str().expect("_night");
        assert!(
            night.starts_with(&format!("journal-{id}-")) && night.ends_with("-n1"),
            "the night's name has the box in it: {night}"
        );
    }
    assert_ne!(one, two, "two boxes' first hands differ");
}

/// Issue 35, D2: the settle-up QR, `nights.csv` and the report count the
/// hands alike and say what they count: hands played to the end, and the
/// misdeals apart (the QR's `H3` and the CSV's `hands` counted a misdealt
/// hand as a hand, where the report said 2 played and a misdeal).
#[test]
fn d2_the_qr_the_csv_and_the_report_count_hands_played_and_misdeals_alike() {
    use std::time::Duration;

    use dealerd::daemon::session::{Input, RulesSource};
    use dealerd::daemon::store::Stored;
    use dealerd::engine::Event;
    use dealerd::records::Report;
    use dealerd::ui::Button;

    let dir = common::fresh_dir("records", "misdeal-counts");
    let mut s = Stored::open(&RulesSource::embedded(), &common::storage(&dir)).expect("opens");
    seat_ann_bob_cat(&mut s);
    let hand = |s: &mut Stored| {
        for b in [Button::Ok, Button::Fold, Button::Fold] {
            s.handle(press(b), Duration::ZERO);
        }
        assert!(!s.night().table().in_hand());
    };
    hand(&mut s);
    s.handle(Input::Table(TableEvent::NewHand), Duration::ZERO);
    s.handle(
        Input::Table(TableEvent::Hand(Event::Misdeal)),
        Duration::ZERO,
    );
    hand(&mut s);
    let table = s.night().table();
    assert_eq!(
        (table.hands_dealt(), table.hands_played(), table.misdeals()),
        (3, 2, 1)
    );

    let qr = dealerd::ui::qr::settle_text(table);
    assert!(qr.starts_with("2 HANDS 1 MISDEAL USD "), "{qr}");
    // The ledger's NIGHT page counts as the QR does, in words (its head
    // said `H3`: hands dealt, the misdeal in; then `2h 1md`).
    let night = dealerd::ui::screens::night_lines(table);
    assert_eq!(night[0], ("hands 2".into(), "misdeals 1".into()), "{qr}");
    let row = night_row("n", table);
    let fields: Vec<&str> = row.trim_end().split(',').collect();
    let header: Vec<&str> = NIGHTS_HEADER.split(',').collect();
    let at = |name: &str| fields[header.iter().position(|h| *h == name).expect(name)];
    assert_eq!((at("hands_played"), at("misdeals")), ("2", "1"), "{row}");
    let report = Report::from_journal(&dir.join("journal.jsonl"))
        .expect("the report")
        .text();
    assert!(report.contains("Hands played: 2 ("), "{report}");
    assert!(report.contains("Misdeals: 1 (hand 2)\n"), "{report}");
    drop(s);
    let _ = std::fs::remove_dir_all(dir);
}
