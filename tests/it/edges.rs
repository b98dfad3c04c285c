//! Issue 21: money at the edges of the night. The showdown of a declare
//! game entered with the buttons (G2, G7), and the pots of forced money
//! that is no bet (F2, S2, T5, G5, G6) over random nights.

use dealerd::table::Night;
use proptest::prelude::*;

use crate::table_props::{play_night, Step};
use dealerd::ui::showdown::Ranking;
use dealerd::ui::{Button, Controller, Intent, Mode, Press};

use crate::ui_screens::night;

fn press(c: &mut Controller, n: &Night, button: Button) -> Intent {
    c.press(
        n,
        Press {
            button,
            long: false,
        },
    )
}

/// The table seat of a player, by name.
fn seat_of(n: &Night, name: &str) -> usize {
    n.table()
        .seats()
        .iter()
        .position(|p| p.as_ref().is_some_and(|p| &*p.name == name))
        .unwrap_or_else(|| panic!("{name} is not seated"))
}

fn stack(n: &Night, name: &str) -> u64 {
    n.table().player(seat_of(n, name)).map_or(0, |p| p.stack)
}

/// The ranking on the screen: the controller's, or the fresh one the
/// showdown screen shows before the first press.
fn ranking(c: &Controller, n: &Night) -> Ranking {
    match &c.mode {
        Mode::Ranking(r) => r.clone(),
        _ => {
            let hand = n.table().hand().expect("a hand");
            Ranking::new(hand.state()).with_seats(&hand.order)
        }
    }
}

fn hand_seat(n: &Night, name: &str) -> usize {
    let hand = n.table().hand().expect("a hand");
    hand.hand_seat(seat_of(n, name)).expect("dealt in")
}

/// Names `name` with his seat's key (issue 32) for the next place; with
/// `place` check/call, held OK then keeps the place open for a tie. A key
/// never pays: once every side is ranked, OK pays, and that is returned.
/// Fails if `name` cannot be ranked now.
fn rank(c: &mut Controller, n: &Night, name: &str, place: Button) -> Intent {
    let state = n.table().hand().expect("a hand").state();
    let want = hand_seat(n, name);
    let r = ranking(c, n);
    let cands = r.candidates(state);
    assert!(
        cands.contains(&want),
        "{name} cannot be ranked on this side: candidates {cands:?}"
    );
    let key = r.key_for(want).expect("a seat key");
    let intent = c.press(n, key);
    if place == Button::CheckCall {
        let held = Press {
            button: Button::Ok,
            long: true,
        };
        return c.press(n, held);
    }
    match &c.mode {
        Mode::Ranking(r) if r.complete() => press(c, n, Button::Ok),
        _ => intent,
    }
}

/// G7 (H1 7/27, "players declare high/low/both and hold a showdown"): Ann
/// declares high, Dan low, Fay both. Fay has the best high hand, Dan the
/// best low: Fay fails one way, so the high half is Ann's and the low half
/// Dan's. After Fay is ranked first for high, Fay alone decides nothing:
/// Ann, the one high hand left, takes second place without a key (issue
/// 32: a pot with a single contender left needs no press) and the side
/// ends with both ranked.
#[test]
fn g7_a_both_declarer_ranked_first_does_not_end_the_side() {
    let n = night(
        "rules config/houses/h1-dealers-choice.toml\n\
         join 1 Ann 20\njoin 2 Dan 20\njoin 3 Fay 20\nbutton Fay\ngame 7/27\ndeal\n\
         draw Ann 0\ndraw Dan 0\ndraw Fay 0\n\
         Ann bet 1\nDan call\nFay call\n\
         declare Ann high\ndeclare Dan low\ndeclare Fay both\n",
    );
    let state = n.table().hand().unwrap().state();
    let mut c = Controller::new();
    // The high side: Dan declared low and is no candidate for it.
    assert!(!ranking(&c, &n)
        .candidates(state)
        .contains(&hand_seat(&n, "Dan")));
    assert_eq!(rank(&mut c, &n, "Fay", Button::Ok), Intent::None);
    // Fay declared both: not her alone but Fay then Ann ends the high side.
    assert_eq!(
        ranking(&c, &n).done.first(),
        Some(&vec![
            vec![hand_seat(&n, "Fay")],
            vec![hand_seat(&n, "Ann")]
        ]),
    );
    // The low side: only Dan and Fay declared it. Dan is the best low.
    assert!(!ranking(&c, &n)
        .candidates(state)
        .contains(&hand_seat(&n, "Ann")));
    // Dan declared low only: naming him decides the low side, and that OK
    // ends it and pays.
    let Intent::Apply(e) = rank(&mut c, &n, "Dan", Button::Ok) else {
        panic!("OK pays: {:?}", c.mode)
    };
    let mut n = n.clone();
    n.apply(e).expect("the split is legal");
    // Pot 3.75 (15 units of 0.25): high 2.00 (the odd chip) to Ann, low 1.75 to Dan.
    let show = |who| n.table().money(stack(&n, who));
    assert_eq!(
        [show("Ann"), show("Dan"), show("Fay")],
        ["20.75", "20.50", "18.75"]
    );
}

/// F2, S2, T5, G5, G6 (H4 #6: "A player may get full action on his
/// moneys"; H1: "The player will have claim to the portion of the pot that
/// they have contributed to"): over random nights at every shipped house,
/// with short stacks against antes, bomb antes and missed blinds posted
/// dead, a player who did not cover a live opponent never collects more than
/// he matched: from each player, at most his own contribution, when he is all
/// in and someone still in put in more. And every chip ends with someone: the
/// pot is paid out whole.
fn short_step() -> impl Strategy<Value = Step> {
    prop_oneof![
        2 => (0..10usize, 0..300u64).prop_map(|(s, a)| Step::Join(s, a)),
        2 => (0..10usize).prop_map(Step::SitOut),
        2 => (0..10usize, any::<bool>()).prop_map(|(s, w)| Step::SitIn(s, w)),
        1 => (0..12usize).prop_map(Step::Game),
        2 => Just(Step::Bomb),
        1 => (0..10usize).prop_map(Step::Straddle),
        4 => Just(Step::Deal),
        16 => any::<u64>().prop_map(Step::Play),
        // Short stacks: the host sets a stack to a few units, under the
        // ante, the bomb ante or a blind.
        3 => (0..10usize, 0..6u64).prop_map(|(s, a)| Step::SetStack(s, a)),
        1 => (0..10usize, 0..10usize).prop_map(|(s, k)| Step::Entry(s, k)),
        1 => Just(Step::Undo),
    ]
}

/// The hand just finished, checked against each contribution.
fn check_matched(night: &Night) -> Result<(), TestCaseError> {
    let Some(hand) = night.table().hand() else {
        return Ok(());
    };
    let state = hand.state();
    let Some(pay) = state.payouts() else {
        return Ok(());
    };
    let seats = state.seats();
    let put: Vec<u64> = seats.iter().map(|s| s.committed + s.dead).collect();
    prop_assert_eq!(
        pay.iter().sum::<u64>(),
        state.pot(),
        "the pot is paid whole"
    );
    for (i, &won) in pay.iter().enumerate() {
        // A player with chips behind could have matched anything; one all in
        // who put in as much as every live opponent is bound by nobody.
        let covered = seats
            .iter()
            .zip(&put)
            .all(|(s, &c)| s.folded || c <= put[i]);
        if won == 0 || seats[i].stack > 0 || covered {
            continue;
        }
        let matched: u64 = put.iter().map(|&c| c.min(put[i])).sum();
        prop_assert!(
            won <= matched,
            "seat {} put in {} and won {}, more than the {} it matched: {:?}",
            i,
            put[i],
            won,
            matched,
            seats
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn f2_s2_t5_short_stacks_win_only_what_they_matched(
        house in 0..5usize,
        steps in proptest::collection::vec(short_step(), 1..300),
    ) {
        play_night(house, &steps, check_matched)?;
    }
}

/// F2 against PokerKit: the generated vectors' hands with uniform antes, a
/// stack below the ante and `ante_trimming_status = true` (PokerKit counts
/// such antes as contributions, as dealerd's houses now do: `ante_mode`
/// "live" is the default) end on PokerKit's own final stacks. Each is also
/// replayed with the antes pooled, and enough of them end elsewhere that
/// the check tells the two readings apart.
#[test]
fn f2_short_antes_end_on_pokerkits_stacks() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let (mut checked, mut differ) = (0, 0);
    for kind in ["NT", "PT", "FT"] {
        let file = root.join(format!("tests/data/generated/hands-{kind}.phhs"));
        for hand in dealerd::phh::parse_file(&file).unwrap_or_else(|e| panic!("{e}")) {
            let ante = hand.antes.first().copied().unwrap_or(0);
            let uniform = ante > 0 && hand.antes.iter().all(|&a| a == ante);
            let short = hand.starting_stacks.iter().any(|&s| s < ante);
            if !(hand.ante_trimming_status && uniform && short) {
                continue;
            }
            let name = format!("hands-{kind}.phhs hand {}", hand.number);
            let want = hand.finishing_stacks.clone().expect("PokerKit's stacks");
            let got = dealerd::replay::replay_hand(&name, &hand, |_| {})
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(got, want, "{name}: dealerd against PokerKit");
            checked += 1;
            let pooled = dealerd::phh::PhhHand {
                ante_trimming_status: false,
                ..hand.clone()
            };
            if dealerd::replay::replay_hand(&name, &pooled, |_| {}).ok() != Some(want) {
                differ += 1;
            }
        }
    }
    assert!(checked >= 20, "only {checked} short-ante hands");
    assert!(
        differ >= 5,
        "pooled antes differ in only {differ} of {checked}"
    );
    // The house file's default is the reading PokerKit checks.
    let h4 = dealerd::rules::load_str(
        "h4.toml",
        &std::fs::read_to_string(root.join("config/houses/h4-house-dealer-limit.toml")).unwrap(),
    )
    .expect("H4");
    assert!(h4
        .games
        .iter()
        .filter(|g| g.ante > 0)
        .all(|g| g.antes == dealerd::engine::AnteMode::Live));
}
