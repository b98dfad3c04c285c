//! Generated nights at every shipped house, each finished hand through the
//! PHH writer: how many it writes (issue 13), and the files the PokerKit
//! check reads. Deterministic: the same seed plays the same night.

use std::path::Path;
use std::sync::Arc;

use dealerd::engine::{Action, BoardResult, Declaration, Event, Phase, Step};
use dealerd::journal::phh_writer::{self, HandMeta};
use dealerd::rules;
use dealerd::table::{EntryChoice, Night, TableEvent};

/// The houses: the embedded default, the five seed houses and the test night.
pub fn houses() -> Vec<(&'static str, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = |p: &str| std::fs::read_to_string(root.join(p)).expect("house file");
    vec![
        ("default", rules::DEFAULT_TOML.to_string()),
        ("h0", file("config/houses/h0-pot-limit-home.toml")),
        ("h1", file("config/houses/h1-dealers-choice.toml")),
        ("h2", file("config/houses/h2-pats-no-limit.toml")),
        ("h3", file("config/houses/h3-ocean-view.toml")),
        ("h4", file("config/houses/h4-house-dealer-limit.toml")),
        ("night", file("tests/data/rules/night.toml")),
    ]
}

/// A night's hands through the writer.
#[derive(Debug, Default)]
pub struct Histories {
    /// Hands played to their end (misdeals included).
    pub dealt: usize,
    /// The texts written, with the hand's number.
    pub written: Vec<(u64, String)>,
    /// Hands not written: (hand number, why).
    pub skipped: Vec<(u64, String)>,
}

/// xorshift64*: enough randomness for a night, and no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// Plays `hands` hands at the house in `text`, from `seed`.
pub fn night(name: &str, text: &str, hands: usize, seed: u64) -> Histories {
    let rules = Arc::new(rules::load_str(name, text).expect("house rules"));
    let mut night = Night::new(Arc::clone(&rules));
    let mut rng = Rng(seed | 1);
    let players = 2 + rng.below(5) as usize;
    let seats = usize::from(rules.house.seats).max(players);
    let buy_in = |night: &Night| {
        let (lo, hi) = night.rules().buy_in(night.table().game());
        hi.or(lo).unwrap_or(200).max(20)
    };
    for seat in 0..players {
        let buy_in = buy_in(&night);
        let _ = night.apply(TableEvent::Join {
            seat,
            name: format!("P{seat}"),
            buy_in,
        });
    }
    // Games the engine deals (not Guts, lives or Fan Tan's table money).
    let games: Vec<usize> = (0..rules.games.len())
        .filter(|&g| rules.games[g].table_money.is_none() && rules.games[g].structure.is_some())
        .collect();
    let mut out = Histories::default();
    let mut names = players;
    for _ in 0..hands {
        // Between hands: what a host and the players do now and then.
        match rng.below(24) {
            0..=2 => {
                if let Some(&g) = games.get(rng.below(games.len() as u64) as usize) {
                    let _ = night.apply(TableEvent::ChooseGame { game: g });
                }
            }
            3 | 4 => {
                let seat = rng.below(seats as u64) as usize;
                let _ = night.apply(TableEvent::Straddle { seat });
            }
            5 => {
                let _ = night.apply(TableEvent::BombNext);
            }
            6 => {
                let _ = night.apply(TableEvent::StartKillOrbit);
            }
            7 => {
                let seat = rng.below(seats as u64) as usize;
                let _ = night.apply(TableEvent::Kill { seat });
            }
            8 => {
                // A newcomer, with one of the ways in (T4).
                let seat = rng.below(seats as u64) as usize;
                names += 1;
                let buy_in = buy_in(&night);
                if night
                    .apply(TableEvent::Join {
                        seat,
                        name: format!("P{names}"),
                        buy_in,
                    })
                    .is_ok()
                {
                    let entry = [
                        EntryChoice::DealIn,
                        EntryChoice::WaitForBigBlind,
                        EntryChoice::PostBigBlind,
                        EntryChoice::PostBeforeButton,
                        EntryChoice::KillNextPot,
                    ][rng.below(5) as usize];
                    let _ = night.apply(TableEvent::NewPlayerEntry { seat, entry });
                }
            }
            9 => {
                let seat = rng.below(seats as u64) as usize;
                let _ = night.apply(TableEvent::SitOut { seat });
            }
            10 => {
                let seat = rng.below(seats as u64) as usize;
                let wait_for_big_blind = rng.below(2) == 0;
                let _ = night.apply(TableEvent::SitIn {
                    seat,
                    wait_for_big_blind,
                });
            }
            _ => {}
        }
        // Busted players buy in again, so the night goes on.
        for seat in 0..seats {
            if night.table().player(seat).is_some_and(|p| p.stack == 0) {
                let amount = buy_in(&night);
                let _ = night.apply(TableEvent::Rebuy { seat, amount });
            }
        }
        if let Err(e) = night.apply(TableEvent::NewHand) {
            if std::env::var_os("PHH_DEBUG").is_some() {
                eprintln!("{name}: no hand: {e}");
            }
            continue;
        }
        for _ in 0..400 {
            if night.table().hand().is_none_or(|h| h.state().is_over()) {
                break;
            }
            if rng.below(2000) == 0 {
                let _ = night.apply(TableEvent::Hand(Event::Misdeal));
                continue;
            }
            // Now and then an event PHH has no action for; most are refused.
            if rng.below(12) == 0 {
                let e = [
                    Event::RunItTwice,
                    Event::Chop,
                    Event::OpenPair,
                    Event::WildCard,
                ][rng.below(4) as usize]
                    .clone();
                if night.apply(TableEvent::Hand(e)).is_ok() {
                    continue;
                }
            }
            let pick = rng.next();
            let Some(event) = night.table().hand().and_then(|h| play(h.state(), pick)) else {
                if std::env::var_os("PHH_DEBUG").is_some() {
                    let phase = night.table().hand().map(|h| h.state().phase());
                    eprintln!("{name}: stuck at {phase:?}");
                }
                break;
            };
            // A refused pick gets the plainest move instead.
            let fewest = night.table().hand().and_then(|h| h.state().draw_range());
            let plain = match event {
                Event::Draw(seat, _) => Event::Draw(seat, fewest.map_or(0, |r| r.0)),
                Event::Act(seat, _) => Event::Act(seat, Action::CheckCall),
                ref e => e.clone(),
            };
            let refused = night.apply(TableEvent::Hand(event.clone())).is_err();
            if let Err(e) = refused
                .then(|| night.apply(TableEvent::Hand(plain)))
                .transpose()
            {
                if std::env::var_os("PHH_DEBUG").is_some() {
                    eprintln!("{name}: {event:?} refused: {e}");
                }
                break;
            }
        }
        let table = night.table();
        if table.hand().is_none_or(|h| !h.state().is_over()) {
            continue;
        }
        out.dealt += 1;
        let number = table.hands_dealt();
        let meta = HandMeta {
            hand: number,
            table: Some(name.to_string()),
            dealt_at: Some(1_790_000_000 + number * 97),
            ..Default::default()
        };
        match phh_writer::to_phh_with(table, &meta) {
            Ok(t) => out.written.push((number, t)),
            Err(why) => out.skipped.push((number, why)),
        }
    }
    out
}

/// A legal event for the hand, chosen by `pick` (as in table_props).
fn play(state: &dealerd::engine::HandState, pick: u64) -> Option<Event> {
    match state.phase() {
        Phase::Dealing(_) => Some(Event::Deal),
        Phase::Showdown => {
            let mut live: Vec<usize> = (0..state.seats().len())
                .filter(|&s| !state.seats()[s].folded)
                .collect();
            let k = (pick as usize) % live.len().max(1);
            live.rotate_left(k);
            // Sometimes a tie between the first two.
            let high: Vec<Vec<usize>> = if pick.is_multiple_of(7)
                && live.len() > 2
                && !state.spec().options.suit_breaks_ties
            {
                let mut g = vec![live[..2].to_vec()];
                g.extend(live[2..].iter().map(|&s| vec![s]));
                g
            } else {
                live.iter().map(|&s| vec![s]).collect()
            };
            let declare = state.spec().split == dealerd::engine::Split::Declare;
            let low = if declare || pick.is_multiple_of(3) {
                live.iter().rev().map(|&s| vec![s]).collect()
            } else {
                vec![]
            };
            let result = BoardResult { high, low };
            Some(Event::Showdown(vec![result; usize::from(state.boards())]))
        }
        Phase::Exchanging(i) => {
            let seat = state.to_act()?;
            match state.spec().steps.get(i) {
                Some(Step::Declare) => Some(Event::Declare(
                    seat,
                    [Declaration::High, Declaration::Low, Declaration::Both][(pick % 3) as usize],
                )),
                // A pineapple discard is exactly one card; any other
                // exchange 0 to 2 here.
                _ => match state.draw_range()? {
                    (fewest, most) if fewest == most => Some(Event::Draw(seat, fewest)),
                    _ => Some(Event::Draw(seat, (pick % 3) as u8)),
                },
            }
        }
        Phase::Betting(_) if state.awaiting_opener() => {
            let can = state.can_name_opener();
            let seat = *can.get((pick as usize) % can.len().max(1))?;
            Some(Event::NameOpener(seat))
        }
        Phase::Betting(_) => {
            let legal = state.legal_actions()?;
            let seat = legal.seat;
            let action = match pick % 6 {
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
