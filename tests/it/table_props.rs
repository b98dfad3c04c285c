//! M5 as a property: over random nights at every shipped house, the chips in
//! front of players, in the pot and taken as fees always equal the money
//! brought minus the money taken away; and no sequence of table events panics.
//! The host's events are in the mix: rules reloaded from another house (or a
//! broken file), players moved, stacks corrected, and the night ended.

use std::path::Path;
use std::sync::Arc;

use dealerd::engine::{Action, BoardResult, Event, Phase};
use dealerd::rules;
use dealerd::table::{EntryChoice, Night, TableEvent};
use proptest::prelude::*;
use std::cell::Cell;

thread_local! {
    /// Hands dealt over all cases on this thread, so a run is known to have played poker.
    static HANDS: Cell<u64> = const { Cell::new(0) };
    /// Host events accepted: [rules reloads, moves, stack corrections, ends of the night].
    static HOST: Cell<[u64; 4]> = const { Cell::new([0; 4]) };
}

fn count_host(event: &TableEvent) {
    let i = match event {
        TableEvent::Rules { .. } => 0,
        TableEvent::MoveSeat { .. } => 1,
        TableEvent::SetStack { .. } => 2,
        TableEvent::EndSession => 3,
        _ => return,
    };
    HOST.with(|h| {
        let mut n = h.get();
        n[i] += 1;
        h.set(n);
    });
}

/// (file name, text) of every shipped house, the default first.
pub(crate) fn house_texts() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = vec![("default.toml".to_string(), rules::DEFAULT_TOML.to_string())];
    for h in [
        "h0-pot-limit-home",
        "h2-pats-no-limit",
        "h3-ocean-view",
        "h4-house-dealer-limit",
    ] {
        let path = root.join(format!("config/houses/{h}.toml"));
        let text = std::fs::read_to_string(&path).expect("house file");
        out.push((path.display().to_string(), text));
    }
    out
}

pub(crate) fn houses() -> Vec<Arc<rules::HouseRules>> {
    house_texts()
        .iter()
        .map(|(name, text)| Arc::new(rules::load_str(name, text).expect("house rules")))
        .collect()
}

#[derive(Debug, Clone)]
pub(crate) enum Step {
    Join(usize, u64),
    Leave(usize),
    TopUp(usize, u64),
    Rebuy(usize, u64),
    SitOut(usize),
    SitIn(usize, bool),
    Game(usize),
    Straddle(usize),
    Bomb,
    KillOrbit,
    Deal,
    /// A legal move in the hand, picked by this number.
    Play(u64),
    Misdeal,
    Undo,
    /// Reload the rules: a shipped house by index, or a broken file past them.
    Rules(usize),
    MoveSeat(usize, usize),
    SetStack(usize, u64),
    /// A new player's way in (T4), by index into the five choices.
    Entry(usize, usize),
    /// A voluntary kill (S1, H3 lowball), also a way in.
    Kill(usize),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        1 => (0..10usize, 0..300u64).prop_map(|(s, a)| Step::Join(s, a)),
        1 => (0..10usize).prop_map(Step::Leave),
        1 => (0..10usize, 0..200u64).prop_map(|(s, a)| Step::TopUp(s, a)),
        1 => (0..10usize, 0..300u64).prop_map(|(s, a)| Step::Rebuy(s, a)),
        1 => (0..10usize).prop_map(Step::SitOut),
        1 => (0..10usize, any::<bool>()).prop_map(|(s, w)| Step::SitIn(s, w)),
        1 => (0..12usize).prop_map(Step::Game),
        1 => (0..10usize).prop_map(Step::Straddle),
        1 => Just(Step::Bomb),
        1 => Just(Step::KillOrbit),
        3 => Just(Step::Deal),
        12 => any::<u64>().prop_map(Step::Play),
        1 => Just(Step::Misdeal),
        1 => Just(Step::Undo),
        1 => (0..6usize).prop_map(Step::Rules),
        1 => (0..10usize, 0..10usize).prop_map(|(f, t)| Step::MoveSeat(f, t)),
        1 => (0..10usize, 0..400u64).prop_map(|(s, a)| Step::SetStack(s, a)),
        1 => (0..10usize, 0..5usize).prop_map(|(s, k)| Step::Entry(s, k)),
        1 => (0..10usize).prop_map(Step::Kill),
    ]
}

/// A legal event for the hand in progress, chosen by `pick`.
fn play(night: &Night, pick: u64) -> Option<Event> {
    let hand = night.table().hand().filter(|h| !h.settled)?;
    let state = hand.state();
    match state.phase() {
        Phase::Dealing(_) => Some(Event::Deal),
        Phase::Showdown => {
            let mut live: Vec<usize> = (0..state.seats().len())
                .filter(|&s| !state.seats()[s].folded)
                .collect();
            let k = (pick as usize) % live.len().max(1);
            live.rotate_left(k);
            let ranking = live.into_iter().map(|s| vec![s]).collect();
            let result = BoardResult {
                high: ranking,
                low: vec![],
            };
            Some(Event::Showdown(vec![result; usize::from(state.boards())]))
        }
        Phase::Exchanging(_) => Some(Event::Draw(state.to_act()?, (pick % 3) as u8)),
        Phase::Betting(_) if state.awaiting_opener() => {
            let live = state
                .seats()
                .iter()
                .position(|s| !s.folded && s.stack > 0)?;
            Some(Event::NameOpener(live))
        }
        Phase::Betting(_) => {
            let legal = state.legal_actions()?;
            let seat = legal.seat;
            let action = match pick % 5 {
                0 if legal.fold => Action::Fold,
                1 | 2 => match legal.raise {
                    Ok((lo, hi)) => Action::BetRaiseTo(lo + (pick >> 8) % (hi - lo + 1)),
                    Err(_) => Action::CheckCall,
                },
                _ if legal.bring_in.is_some() => Action::BringIn,
                _ => Action::CheckCall,
            };
            Some(Event::Act(seat, action))
        }
        _ => None,
    }
}

pub(crate) fn apply(night: &mut Night, step: &Step, names: &mut u32, texts: &[(String, String)]) {
    let unit = |a: u64| a * 4; // whole units; buy-in bounds vary by house
    let event = match *step {
        Step::Join(seat, a) => {
            *names += 1;
            // Mostly within the house's bounds, so that hands get dealt.
            let (lo, hi) = night.rules().buy_in(night.table().game());
            let (lo, hi) = (lo.unwrap_or(1), hi.unwrap_or(400).max(lo.unwrap_or(1)));
            let buy_in = if a % 10 == 0 {
                unit(a)
            } else {
                lo + a % (hi - lo + 1)
            };
            TableEvent::Join {
                seat,
                name: format!("P{names}"),
                buy_in,
            }
        }
        Step::Leave(seat) => TableEvent::Leave { seat },
        Step::TopUp(seat, a) => TableEvent::TopUp {
            seat,
            amount: unit(a),
        },
        Step::Rebuy(seat, a) => TableEvent::Rebuy {
            seat,
            amount: unit(a),
        },
        Step::SitOut(seat) => TableEvent::SitOut { seat },
        Step::SitIn(seat, wait) => TableEvent::SitIn {
            seat,
            wait_for_big_blind: wait,
        },
        Step::Game(game) => TableEvent::ChooseGame { game },
        Step::Straddle(seat) => TableEvent::Straddle { seat },
        Step::Bomb => TableEvent::BombNext,
        Step::KillOrbit => TableEvent::StartKillOrbit,
        Step::Deal => TableEvent::NewHand,
        Step::Play(pick) => match play(night, pick) {
            Some(e) => TableEvent::Hand(e),
            None => return,
        },
        Step::Misdeal => TableEvent::Hand(Event::Misdeal),
        Step::Entry(seat, k) => TableEvent::NewPlayerEntry {
            seat,
            entry: [
                EntryChoice::DealIn,
                EntryChoice::WaitForBigBlind,
                EntryChoice::PostBigBlind,
                EntryChoice::PostBeforeButton,
                EntryChoice::KillNextPot,
            ][k % 5],
        },
        Step::Kill(seat) => TableEvent::Kill { seat },
        Step::Undo => {
            night.undo();
            return;
        }
        Step::Rules(i) => match texts.get(i) {
            Some((source, text)) => TableEvent::Rules {
                source: source.clone(),
                text: text.clone(),
            },
            None => TableEvent::Rules {
                source: "broken.toml".into(),
                text: "[house]\nseats = 1\n".into(),
            },
        },
        Step::MoveSeat(from, to) => TableEvent::MoveSeat { from, to },
        Step::SetStack(seat, stack) => TableEvent::SetStack { seat, stack },
    };
    // Refusals are expected (bad seats, amounts out of bounds): they must
    // change nothing, and nothing may panic.
    let before = night.table().chips_on_table();
    let host = event.clone();
    if night.apply(event).is_ok() {
        count_host(&host);
    } else {
        assert_eq!(
            night.table().chips_on_table(),
            before,
            "a refusal moved chips"
        );
    }
}

/// A random night at shipped house `house`: each step applied, `each`
/// asked of the table after it, and the books checked to balance (M5).
pub(crate) fn play_night(
    house: usize,
    steps: &[Step],
    mut each: impl FnMut(&Night) -> Result<(), TestCaseError>,
) -> Result<Night, TestCaseError> {
    let rules = houses();
    let texts = house_texts();
    let mut night = Night::new(Arc::clone(&rules[house % rules.len()]));
    let mut names = 0;
    for s in steps {
        apply(&mut night, s, &mut names, &texts);
        each(&night)?;
        let t = night.table();
        prop_assert_eq!(
            t.chips_on_table(),
            t.ledger().money_in() - t.ledger().money_out(),
            "after {:?}",
            s
        );
    }
    Ok(night)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn m5_ledger_balances_after_every_event(
        house in 0..5usize,
        steps in proptest::collection::vec(step(), 1..300),
    ) {
        let mut night = play_night(house, &steps, |_| Ok(()))?;
        HANDS.with(|h| h.set(h.get() + night.table().hands_dealt()));
        // The host ends the night: between hands everyone cashes out and only
        // the house's take is left on the table.
        let t = night.table();
        let blocked = t.in_hand() || t.guts().pot > 0;
        match night.apply(TableEvent::EndSession) {
            Ok(t) => {
                count_host(&TableEvent::EndSession);
                prop_assert!(t.ended() && t.seats().iter().all(Option::is_none));
                prop_assert_eq!(t.chips_on_table(), t.ledger().fees());
                prop_assert_eq!(
                    t.ledger().fees(),
                    t.ledger().money_in() - t.ledger().money_out()
                );
                prop_assert!(night.apply(TableEvent::NewHand).is_err());
            }
            Err(e) => prop_assert!(blocked, "the end of the night refused: {}", e),
        }
        // The journal folds back to the same table (crash recovery), from the
        // rules the night started under.
        let replayed = Night::replay(
            Arc::clone(night.initial_rules()),
            night.events().iter().cloned(),
        )
        .expect("a journal of accepted events replays");
        prop_assert_eq!(replayed.table().chips_on_table(), night.table().chips_on_table());
        prop_assert_eq!(replayed.table().ledger(), night.table().ledger());
        prop_assert_eq!(replayed.rules(), night.rules());
    }
}

#[test]
fn m5_random_nights_deal_hands() {
    // Runs the property once more on its own and checks it dealt hands.
    HANDS.with(|h| h.set(0));
    HOST.with(|h| h.set([0; 4]));
    m5_ledger_balances_after_every_event();
    let dealt = HANDS.with(Cell::get);
    assert!(dealt > 100, "random nights dealt only {dealt} hands");
    // And the host's events were taken, not only refused.
    let host = HOST.with(Cell::get);
    assert!(
        host.iter().all(|&n| n > 5),
        "host events accepted: {host:?}"
    );
}
