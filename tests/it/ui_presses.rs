//! Presses per recorded action over the WSOP 2023 hands: no-limit hold'em
//! and pot-limit Omaha (NT, PO), and the limit games, fixed-limit hold'em
//! (FT) and seven-card stud (F7S). Each hand is replayed through the engine
//! and every player action is priced with the button map (fold 1,
//! check/call 1, the stud bring-in 1: check/call records it when one is
//! due, `Controller::main`; bet/raise/complete: the fewest presses of
//! `AmountEntry::path_to`, a breadth-first search over the real press
//! handling, opening and OK included). Each path is replayed through
//! `opened_by`/`press` and must confirm the recorded amount, so the figure
//! is what a dealer pressing optimally would press, not an estimate.
//!
//! PHH hands carry no chip set, so each hand's chips come from its big
//! blind (stud: its small bet) through `series_denominations` (1-5-25
//! series from a tenth of it to 25 times it).
//!
//! Stud also asks the dealer to name who opens each street (the bring-in,
//! then the best showing): those presses are the dealer's own, not a
//! player's action, and are counted apart.

use std::sync::Arc;

use dealerd::engine::{Action, Event, HandState};
use dealerd::phh::{self, ActionKind};
use dealerd::replay::{setup_for, spec_for};
use dealerd::ui::{series_denominations, AmountEntry, EntryOutcome};
use dealerd::ui::{showdown, Button, Press, Ranking};

#[derive(Default, Debug)]
struct Tally {
    actions: u64,
    presses: u64,
    folds: u64,
    calls: u64,
    raises: u64,
    raise_presses: u64,
    worst: u32,
    /// Stud: bring-ins posted with check/call.
    bring_ins: u64,
    /// Stud: streets whose opener the dealer named, and the presses it took
    /// (plus or minus to the seat from the first one in hand, then OK).
    openers: u64,
    opener_presses: u64,
    /// Bets and raises by their price in presses.
    histogram: std::collections::BTreeMap<u32, u64>,
    /// Whole hands: OK to deal each hand (blinds in, hole cards out), OK
    /// for a street only where no action records it (a run-out, one OK; a
    /// stud street whose opener is named), and the showdown's presses to
    /// the payout.
    hands: u64,
    deal_presses: u64,
    showdowns: u64,
    showdown_presses: u64,
    /// Issue 32: whole hands over 2.5 presses per recorded action, each
    /// as (file, presses, actions, the presses of each bet or raise).
    over: Vec<(String, u64, u64, Vec<u32>)>,
}

/// The showdown as the dealer enters it with `Ranking` (`src/ui/showdown.rs`):
/// the file's `_ranking`, best first, each hand named by its seat's key
/// (one press; held OK first to tie it with the place before), stopping as
/// soon as every pot has its winner, then the OK that pays (issue 32: no
/// key pays). Checks that what it pays is what the whole ranking pays.
fn showdown_presses(state: &HandState, ranking: &[Vec<usize>]) -> u64 {
    let press = |button| Press {
        button,
        long: false,
    };
    let full = dealerd::engine::BoardResult {
        high: ranking
            .iter()
            .map(|g| g.iter().map(|p| p - 1).collect())
            .collect(),
        ..dealerd::engine::BoardResult::default()
    };
    let want = showdown::split(state, &[full]).expect("the file's ranking pays");
    let mut r = Ranking::new(state);
    let mut presses = 0u64;
    'places: for group in ranking {
        for (i, player) in group.iter().enumerate() {
            if i == 0 && r.complete() {
                break 'places;
            }
            // Ranked far enough: the hands left win nothing (P2).
            if i == 0 && !r.candidates(state).contains(&(player - 1)) {
                break 'places;
            }
            if i > 0 {
                presses += 1;
                r.press(
                    state,
                    Press {
                        button: Button::Ok,
                        long: true,
                    },
                );
            }
            presses += 1;
            let key = r.key_for(player - 1).expect("a seat key");
            assert_eq!(r.press(state, key), None, "a key never pays");
        }
    }
    for _ in 0..3 {
        presses += 1;
        if let Some(results) = r.press(state, press(Button::Ok)) {
            assert_eq!(showdown::split(state, &results), Some(want));
            return presses;
        }
    }
    panic!("the showdown never paid: {r:?}");
}

fn price(state: &HandState, seat: usize, to: u64, denoms: &[u64]) -> u32 {
    let entry = AmountEntry::open(state, denoms).expect("a recorded raise has a range");
    assert_eq!(entry.seat, seat);
    if entry.min == entry.max {
        // Fixed limit: the bet/raise button records the only amount
        // (`Controller`, `fixed_limit_bets_take_one_press`).
        assert_eq!(to, entry.min);
        return 1;
    }
    let path = entry
        .path_to(to)
        .unwrap_or_else(|| panic!("cannot enter {to} in {}..{}", entry.min, entry.max));
    // The count must be a sequence the panel really accepts.
    let (first, rest) = path.split_first().expect("a path has presses");
    let mut e = entry.clone().opened_by(*first).expect("opens entry");
    let mut outcome = EntryOutcome::Editing;
    for &p in rest {
        assert_eq!(outcome, EntryOutcome::Editing);
        outcome = e.press(p);
    }
    assert_eq!(outcome, EntryOutcome::Confirm(to));
    if std::env::var_os("DEALERD_PRESSES").is_some() {
        let keys: String = path.iter().map(|p| key(*p)).collect();
        eprintln!(
            "raise {}..{} to {to}: {} {keys} {:?}",
            entry.min,
            entry.max,
            path.len(),
            entry.presets()
        );
    }
    u32::try_from(path.len()).expect("a short path")
}

/// The simulator's key for a press (`dealerd sim`): capitals are held.
fn key(p: Press) -> char {
    let c = match p.button {
        Button::Fold => 'f',
        Button::CheckCall => 'c',
        Button::BetRaise => 'b',
        Button::Minus => '-',
        Button::Plus => '+',
        Button::Ok => 'o',
        Button::Undo => 'u',
    };
    match (p.long, c) {
        (true, '-') => '_',
        (true, '+') => '=',
        (true, c) => c.to_ascii_uppercase(),
        (false, c) => c,
    }
}

/// Presses to name `seat` on the opener prompt: it starts on the first
/// live seat and plus/minus wrap around the live seats (`Controller::main`).
fn opener_presses(state: &HandState, seat: usize) -> u64 {
    let live: Vec<usize> = (0..state.seats().len())
        .filter(|&s| !state.seats()[s].folded)
        .collect();
    let n = live.len() as u64;
    let k = live.iter().position(|&s| s == seat).expect("a live opener") as u64;
    k.min(n - k) + 1
}

fn tally(variants: &[&str]) -> Tally {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/phh/wsop2023");
    let mut t = Tally::default();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files {
        for hand in phh::parse_file(&path).unwrap() {
            if !variants.contains(&hand.variant.as_str()) {
                continue;
            }
            let bb = hand
                .blinds_or_straddles
                .iter()
                .copied()
                .max()
                .or(hand.small_bet)
                .unwrap_or(1);
            let denoms = series_denominations(bb);
            let spec = spec_for(&hand).unwrap();
            let mut state = HandState::new(Arc::new(spec), Arc::new(setup_for(&hand))).unwrap();
            state.apply_mut(&Event::PostForced).unwrap();
            let before = (t.actions, whole_presses(&t));
            let mut bets = Vec::new();
            t.hands += 1;
            t.deal_presses += 1;
            // Hole cards come one player at a time; a street's deal is one
            // event (as `dealerd replay` reads them).
            let mut dealt: Option<Vec<usize>> = None;
            let mut first_deal = true;
            // A street dealt and not yet acted on. Its deal costs nothing
            // when the next player's action records it (issue 22); an
            // opener named first costs its OK; a run-out is one OK in all.
            let mut pending = false;
            for a in &hand.actions {
                let (seat, action, cost) = match a.kind {
                    ActionKind::DealHole { player } => {
                        match dealt.as_mut() {
                            Some(set) if !set.contains(&player) => set.push(player),
                            _ => {
                                state.apply_mut(&Event::Deal).unwrap();
                                // The hand's first deal comes with the OK
                                // that deals the hand; a later street is
                                // one OK when dealt (stud).
                                if !first_deal {
                                    pending = true;
                                }
                                first_deal = false;
                                dealt = Some(vec![player]);
                            }
                        }
                        continue;
                    }
                    ActionKind::DealBoard => {
                        state.apply_mut(&Event::Deal).unwrap();
                        pending = true;
                        dealt = None;
                        continue;
                    }
                    ActionKind::ShowMuck { player } => {
                        state.apply_mut(&Event::Show(player - 1)).unwrap();
                        continue;
                    }
                    ActionKind::Fold { player } => {
                        t.folds += 1;
                        (player - 1, Action::Fold, 1)
                    }
                    ActionKind::CheckCall { player } => {
                        t.calls += 1;
                        (player - 1, Action::CheckCall, 1)
                    }
                    ActionKind::BringIn { player } => {
                        t.bring_ins += 1;
                        (player - 1, Action::BringIn, 1)
                    }
                    ActionKind::CompleteBetRaise { player, to } => {
                        (player - 1, Action::BetRaiseTo(to), 0)
                    }
                    ActionKind::Draw { .. } => panic!("no draws in {variants:?}"),
                };
                dealt = None;
                if std::mem::take(&mut pending) && state.awaiting_opener() {
                    t.deal_presses += 1;
                }
                if state.awaiting_opener() {
                    t.openers += 1;
                    t.opener_presses += opener_presses(&state, seat);
                    state.apply_mut(&Event::NameOpener(seat)).unwrap();
                }
                let la = state.legal_actions().expect("a player to act");
                assert_eq!(la.seat, seat);
                let cost = match action {
                    // The call button posts the bring-in exactly when one
                    // is due, and checks or calls otherwise.
                    Action::BringIn => {
                        assert!(la.bring_in.is_some(), "no bring-in due");
                        cost
                    }
                    Action::CheckCall => {
                        assert!(la.bring_in.is_none(), "check/call would bring in");
                        cost
                    }
                    Action::BetRaiseTo(to) => {
                        let c = price(&state, seat, to, &denoms);
                        bets.push(c);
                        t.raises += 1;
                        t.raise_presses += u64::from(c);
                        *t.histogram.entry(c).or_default() += 1;
                        c
                    }
                    Action::Fold => cost,
                };
                t.actions += 1;
                t.presses += u64::from(cost);
                t.worst = t.worst.max(cost);
                state.apply_mut(&Event::Act(seat, action)).unwrap();
            }
            if pending {
                t.deal_presses += 1;
            }
            if state.phase() == dealerd::engine::Phase::Showdown && hand.ranking_low.is_empty() {
                t.showdowns += 1;
                t.showdown_presses += showdown_presses(&state, &hand.ranking);
            }
            let (actions, presses) = (t.actions - before.0, whole_presses(&t) - before.1);
            if presses * 2 > actions * 5 {
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
                t.over
                    .push((name.unwrap_or_default(), presses, actions, bets));
            }
        }
    }
    t
}

fn report(name: &str, t: &Tally) -> f64 {
    let per_action = t.presses as f64 / t.actions as f64;
    let per_raise = t.raise_presses as f64 / t.raises.max(1) as f64;
    println!(
        "{name}: {} actions, {} presses, {per_action:.3} per action",
        t.actions, t.presses
    );
    println!(
        "  folds {} ({} presses), checks/calls {} ({} presses), bring-ins {} ({} presses), bets/raises {} ({} presses, {per_raise:.2} each, worst {})",
        t.folds, t.folds, t.calls, t.calls, t.bring_ins, t.bring_ins, t.raises, t.raise_presses, t.worst
    );
    println!("  bets/raises by presses: {:?}", t.histogram);
    if t.openers > 0 {
        println!(
            "  the dealer named {} openers in {} presses ({:.2} each)",
            t.openers,
            t.opener_presses,
            t.opener_presses as f64 / t.openers as f64
        );
    }
    assert_eq!(t.folds + t.calls + t.bring_ins + t.raises, t.actions);
    let whole = t.presses + t.deal_presses + t.showdown_presses + t.opener_presses;
    println!(
        "  whole hands (openers too): {} hands, {} deal presses, {} showdowns in {} presses: {whole} presses, {:.3} per action",
        t.hands,
        t.deal_presses,
        t.showdowns,
        t.showdown_presses,
        whole as f64 / t.actions as f64
    );
    println!(
        "  whole hands over 2.5 presses per action: {} of {}",
        t.over.len(),
        t.hands
    );
    for (file, p, a, bets) in &t.over {
        println!("    {file}: {p} presses, {a} actions, bets/raises in {bets:?} presses");
    }
    per_action
}

/// Every press so far over whole hands: actions, deals, showdowns, openers.
fn whole_presses(t: &Tally) -> u64 {
    t.presses + t.deal_presses + t.showdown_presses + t.opener_presses
}

/// Presses per recorded action over whole hands: deals, showdowns and
/// named openers counted.
fn whole_hand(t: &Tally) -> f64 {
    whole_presses(t) as f64 / t.actions as f64
}

#[test]
fn presses_per_recorded_action() {
    let t = tally(&["NT", "PO"]);
    let per_action = report("NT+PO", &t);
    assert!(t.actions > 100, "{t:?}");
    assert_eq!(t.bring_ins, 0);
    // Measured 1.566 (224 presses / 143 actions) since minus opens entry on
    // the pot shortcut (issue 32; 1.587 before, 227); 1.44 before issue 22 fixed
    // the shortcuts' order: min, 1/2 pot, pot, max in every hand, where the
    // shortcuts had been whichever of six fell apart in that hand). Folds
    // and calls are one press each and a bet at least two (open, OK), so
    // the floor is (108 + 2 * 35) / 143 = 1.24; the rest is the amounts,
    // which at these stakes are odd ("pot less a 100k chip").
    assert!(per_action < 1.57, "{per_action} presses per action: {t:?}");
    // Whole hands (issue 11: a new dealer needed 2.6): one press to deal
    // the hand, none for a street someone acts on, one for a run-out, and
    // a showdown that asks only what decides a pot, its last OK paying.
    // 1.769 (253 / 143) since minus opens on the pot; 1.78 (254 / 143)
    // since issue 22's second round; 1.94 with a press a street and a
    // payout's own OK. Held under 1.77.
    assert!(t.showdowns >= 4, "{t:?}");
    let whole = whole_hand(&t);
    assert!(
        whole < 1.77,
        "{whole} presses per action over whole hands: {t:?}"
    );
    // Issue 32's 2.5 in a single hand is no bound on real hands: one of the
    // 18 is over it (14/5: three folds, a preflop raise to 2,350,000 typed
    // in nine presses, which no shortcut or chip step reaches sooner,
    // `AmountEntry::path_to` being the fewest, and a fold). Three were
    // before minus opened entry on the pot shortcut; held at one.
    assert!(t.over.len() <= 1, "{:?}", t.over);
    for (file, _, _, bets) in &t.over {
        assert!(bets.iter().any(|&c| c >= 6), "{file}: {bets:?}");
    }
}

/// B3, F3: in fixed limit every bet, raise and completion has one legal
/// amount, which the bet/raise button records in one press; the stud
/// bring-in is the call button, one press. So every recorded action costs
/// exactly one press.
#[test]
fn limit_and_stud_presses_per_recorded_action() {
    for variant in ["FT", "F7S"] {
        let t = tally(&[variant]);
        let per_action = report(variant, &t);
        assert!(t.actions > 50, "{variant}: {t:?}");
        assert_eq!(t.worst, 1, "{variant}: {t:?}");
        assert_eq!(t.raise_presses, t.raises, "{variant}: {t:?}");
        assert_eq!(t.presses, t.actions, "{variant}: {per_action}: {t:?}");
        if variant == "F7S" {
            // Every F7S hand opens with a bring-in (none is completed
            // straight away in the file), and names its 3rd-street opener.
            assert!(t.bring_ins > 0 && t.openers >= t.bring_ins, "{t:?}");
        } else {
            assert_eq!((t.bring_ins, t.openers), (0, 0), "{t:?}");
        }
    }
}
