//! Finished hands written as PHH read back through `dealerd replay` to the
//! stacks the table settled: side pots, showdowns, ties, folds, heads-up.

use std::io::Cursor;
use std::sync::Arc;

use dealerd::daemon::sim;
use dealerd::engine::{Action, BoardResult, Event, Phase};
use dealerd::journal::phh_writer;
use dealerd::table::{Night, TableEvent};

fn night(stacks: &[u64]) -> Night {
    let rules = Arc::new(sim::load_rules(None).expect("default rules"));
    let mut night = Night::new(rules);
    for (seat, &buy_in) in stacks.iter().enumerate() {
        night
            .apply(TableEvent::Join {
                seat,
                name: format!("P{seat}"),
                buy_in,
            })
            .expect("join");
    }
    night
}

/// Plays one hand: `act(state, seat)` decides, `rank(live seats)` is the showdown.
fn play(
    night: &mut Night,
    mut act: impl FnMut(&dealerd::engine::HandState, usize) -> Action,
    rank: impl Fn(Vec<usize>) -> Vec<Vec<usize>>,
) {
    night.apply(TableEvent::NewHand).expect("new hand");
    loop {
        let state = night.table().hand().expect("hand").state().clone();
        let event = match state.phase() {
            Phase::Complete => break,
            Phase::Dealing(_) => Event::Deal,
            Phase::Betting(_) => {
                let seat = state.to_act().expect("someone acts");
                Event::Act(seat, act(&state, seat))
            }
            Phase::Showdown => {
                let live = (0..state.seats().len())
                    .filter(|&s| !state.seats()[s].folded)
                    .collect();
                Event::Showdown(vec![BoardResult {
                    high: rank(live),
                    low: vec![],
                }])
            }
            p => panic!("unexpected phase {p:?}"),
        };
        night.apply(TableEvent::Hand(event)).expect("accepted");
    }
}

/// The hand just played, through PHH and back.
fn round_trip(night: &Night) -> String {
    let table = night.table();
    let text = phh_writer::to_phh(table).expect("the hand is written");
    let hand = &dealerd::phh::parse_str("hand.phh", &text, false).expect("parses")[0];
    let back = dealerd::replay::replay_hand("hand.phh", hand, |_| {}).expect("replays");
    let current = table.hand().expect("hand");
    let stacks: Vec<u64> = current
        .order
        .iter()
        .map(|&s| table.player(s).map_or(0, |p| p.stack))
        .collect();
    assert_eq!(back, stacks, "{text}");
    assert_eq!(hand.finishing_stacks.as_deref(), Some(&stacks[..]));
    text
}

#[test]
fn an_all_in_with_side_pots_and_a_showdown_reads_back() {
    let mut n = night(&[200, 60, 100, 200]);
    // The first to act moves in; everyone calls, all in for different
    // amounts: a main pot and side pots, ranked in seat order.
    let mut first = true;
    play(
        &mut n,
        |s, seat| {
            if std::mem::take(&mut first) {
                Action::BetRaiseTo(s.seats()[seat].stack + s.seats()[seat].bet)
            } else {
                Action::CheckCall
            }
        },
        |live| live.into_iter().map(|s| vec![s]).collect(),
    );
    let text = round_trip(&n);
    assert!(text.contains("_ranking = "), "{text}");
    let pots = n.table().hand().expect("hand").state().pots().len();
    assert!(pots >= 3, "{pots} pots\n{text}");
}

#[test]
fn several_hands_of_a_night_read_back() {
    let mut n = night(&[200, 150, 100, 80]);
    // A raise and everyone folds: no showdown.
    let mut raised = false;
    play(
        &mut n,
        |s, seat| {
            if !raised {
                raised = true;
                Action::BetRaiseTo(s.current_bet() * 3)
            } else if s.to_call(seat) > 0 {
                Action::Fold
            } else {
                Action::CheckCall
            }
        },
        |live| vec![live],
    );
    round_trip(&n);
    // Checked down to a tie between the first two live seats.
    play(
        &mut n,
        |_, _| Action::CheckCall,
        |live| vec![live[..2].to_vec(), live[2..].to_vec()],
    );
    let text = round_trip(&n);
    assert!(text.contains("_ranking = [[1, 2], [3, 4]]"), "{text}");
    // A bet on every street, called by one player, folded by the others.
    let mut caller = None;
    play(
        &mut n,
        |s, seat| {
            let opening = s.current_bet() == 0 || (s.street().round == 1 && s.current_bet() <= 2);
            if opening && (s.to_call(seat) == 0 || caller.is_none()) {
                caller.get_or_insert(seat);
                return Action::BetRaiseTo(s.current_bet().max(2) * 2);
            }
            if Some(seat) == caller || s.to_call(seat) == 0 {
                Action::CheckCall
            } else if caller.is_some() && s.seats().iter().filter(|x| !x.folded).count() > 2 {
                Action::Fold
            } else {
                Action::CheckCall
            }
        },
        |live| live.into_iter().rev().map(|s| vec![s]).collect(),
    );
    round_trip(&n);
}

#[test]
fn heads_up_reads_back() {
    let mut n = night(&[120, 90]);
    play(
        &mut n,
        |_, _| Action::CheckCall,
        |live| vec![vec![live[1]], vec![live[0]]],
    );
    let text = round_trip(&n);
    // PHH heads-up: the button, p2, posts the first entry.
    assert!(text.contains("blinds_or_straddles = [1, 2]"), "{text}");
    let mut first = true;
    play(
        &mut n,
        |s, seat| {
            if std::mem::take(&mut first) {
                Action::BetRaiseTo(s.seats()[seat].stack + s.seats()[seat].bet)
            } else {
                Action::CheckCall
            }
        },
        |live| vec![live],
    );
    round_trip(&n);
}

#[test]
fn the_simulator_writes_a_session_folder_that_replays() {
    let dir = std::env::temp_dir().join(format!("dealerd-history-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let rules = sim::rules_source(None).expect("default rules");
    let opts = sim::Options {
        demo_players: true,
        storage: dealerd::daemon::store::Storage {
            journal: None,
            history: Some(dir.clone()),
            ledger: None,
        },
        ..sim::Options::default()
    };
    // Two hands: a limped pot checked down to a showdown, then a raise and folds.
    let script =
        "o\nc\nc\nc\nc\no\nc\nc\nc\nc\no\nc\nc\nc\nc\no\nc\nc\nc\nc\ncooooo\no\nbo\nf\nf\nf\n";
    let night = sim::run(&rules, Cursor::new(script), &mut Vec::new(), &opts).expect("runs");
    assert_eq!(night.table().hands_dealt(), 2);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("history")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 2, "{files:?}");
    let mut out = Vec::new();
    dealerd::replay::run(&files, false, &mut out).expect("replays");
    assert_eq!(String::from_utf8_lossy(&out).lines().count(), 2);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_hand_s_number_table_time_and_money_are_written() {
    let mut n = night(&[120, 90, 100]);
    play(&mut n, |_, _| Action::CheckCall, |live| vec![live]);
    let table = n.table();
    let meta = phh_writer::HandMeta {
        hand: 7,
        table: Some("Table 2".into()),
        // `date -u -d @1700000000`: Tue Nov 14 22:13:20 UTC 2023.
        dealt_at: Some(1_700_000_000),
        ..Default::default()
    };
    let text = phh_writer::to_phh_with(table, &meta).expect("written");
    for line in [
        "hand = 7\n",
        "table = \"Table 2\"\n",
        "year = 2023\nmonth = 11\nday = 14\ntime = 22:13:20\ntime_zone = \"UTC\"\n",
        "currency = \"USD\"\n",
        "seats = [2, 3, 1]\n",
        "winnings = [",
    ] {
        assert!(text.contains(line), "no {line:?} in\n{text}");
    }
    // to_phh is to_phh_with the night's count and nothing else.
    let plain = phh_writer::to_phh(table).expect("written");
    assert!(plain.contains(&format!("hand = {}\n", table.hands_dealt())));
    assert!(!plain.contains("year = ") && !plain.contains("table = "));
    // The text is TOML that another reader takes whole, `time` as a local time.
    let parsed: toml::Value = toml::from_str(&text).expect("TOML");
    assert!(parsed["time"].is_datetime(), "{text}");
}

/// Issue 13: "a skip is never silent: the log says which hand and why,
/// also under `--quiet`". The shipped night through the command line: every
/// hand it dealt has a history, or a line on stderr naming it and why.
#[test]
fn every_hand_has_a_history_or_a_logged_reason_under_quiet() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = crate::common::fresh_dir("phh-history", "quiet");
    let hands = dir.join("hands");
    let out = crate::common::dealerd()
        .args(["sim", "--empty", "--quiet", "--config"])
        .arg(root.join("tests/data/rules/night.toml"))
        .arg("--script")
        .arg(root.join("tests/data/night.sim"))
        .arg("--history")
        .arg(&hands)
        .arg("--journal")
        .arg(dir.join("journal.jsonl"))
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let (_, records) =
        dealerd::journal::Journal::inspect(&dir.join("journal.jsonl")).expect("the journal");
    let rules = Arc::new(
        dealerd::rules::load_file(&root.join("tests/data/rules/night.toml")).expect("rules"),
    );
    let night = dealerd::journal::night_from(rules, &records).expect("folds");
    let dealt = night.table().hands_dealt();
    assert!(dealt >= 12, "{dealt}");
    let mut skipped = 0;
    for hand in 1..=dealt {
        let file = hands.join(format!("hand-{hand:04}.phh"));
        let said = format!("hand {hand}: no hand history: ");
        match (file.exists(), stderr.contains(&said)) {
            (true, false) => {}
            (false, true) => skipped += 1,
            (true, true) => panic!("hand {hand} written and skipped: {stderr}"),
            (false, false) => panic!("hand {hand}: no history and nothing said: {stderr}"),
        }
    }
    // The misdeal (hand 7) is the night's one void hand.
    assert_eq!(skipped, 1, "{stderr}");
    assert!(
        stderr.contains("hand 7: no hand history: a misdeal"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// F1: the house has the others call a short big blind's full amount
/// (`f1-h0-short-big-blind-others-call-the-full-blind.scn`), PHH's reader
/// (PokerKit 0.7.7: `checking_or_calling_amount` 15 over blinds 10/25 with
/// 15 posted) what was posted. The history says so in `_differs`, and
/// replays to the table's stacks under the house's game all the same.
#[test]
fn f1_a_short_big_blind_called_in_full_is_said_in_differs() {
    let script = "rules config/houses/h0-pot-limit-home.toml\n\
        join 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\njoin 4 Dan 20\n\
        correct Cat 0.15 money\nbutton Ann\ndeal\n\
        Dan call\nAnn call\nBob call\n\
        flop\nBob check\nDan check\nAnn check\n\
        turn\nBob check\nDan check\nAnn check\n\
        river\nBob check\nDan check\nAnn check\n\
        showdown Dan > Cat > Ann > Bob\n";
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let n = dealerd::table::script::run("f1.scn", script, root).unwrap_or_else(|e| panic!("{e}"));
    let text = phh_writer::to_phh(n.table()).expect("written");
    let v: toml::Value = toml::from_str(&text).expect("TOML");
    let differs = v.get("_differs").map(|d| d.to_string()).unwrap_or_default();
    assert!(
        differs.contains("a blind all in for less"),
        "{differs}\n{text}"
    );
    // Without a short blind there is nothing to say.
    let street = "Bob check\nCat check\nDan check\nAnn check\n";
    let plain = format!(
        "rules config/houses/h0-pot-limit-home.toml\n\
         join 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\njoin 4 Dan 20\n\
         button Ann\ndeal\nDan call\nAnn call\nBob call\nCat check\n\
         flop\n{street}turn\n{street}river\n{street}showdown Dan > Cat > Ann > Bob\n"
    );
    let n = dealerd::table::script::run("f1.scn", &plain, root).unwrap_or_else(|e| panic!("{e}"));
    let text = phh_writer::to_phh(n.table()).expect("written");
    assert!(!text.contains("_differs"), "{text}");
}
