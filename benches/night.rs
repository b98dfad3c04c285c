//! Issue 8: what a press, an undo and a restart cost as the night grows.
//!
//! - `press/N`: a check/call and its undo (two presses, two frames drawn) at
//!   the first action of a hand, after N journaled events.
//! - `undo/depth/D`: the last action of a hand D events deep taken back and
//!   applied again.
//! - `undo/hands/20`: twenty whole hands taken back and applied again.
//! - `recovery/N`: `Stored::open` on a journal of N events (read, parse,
//!   fold, first frame); `recovery/h4-5000-hands` on a 5,000-hand night at
//!   H4's table (a fee every hand). Journals are written to /dev/shm, where
//!   an fsync costs nothing, before the timing.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

mod common;

use common::press;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use dealerd::daemon::session::{Input, RulesSource};
use dealerd::daemon::store::{Storage, Stored};
use dealerd::engine::{Action, Event};
use dealerd::table::{Night, TableEvent};
use dealerd::ui::Button;

const DEFAULT: &str = dealerd::rules::DEFAULT_TOML;
const H4: &str = include_str!("../config/houses/h4-house-dealer-limit.toml");

/// The default house with deep stacks, so long nights bust nobody, and a
/// fee every hand as at H4's table (M3), so the ledger grows with the night.
fn deep() -> String {
    let deep = DEFAULT.replace("buy_in_max = 200", "buy_in_max = 1000000");
    format!(
        "{deep}\n[fees]\npayer = \"button\"\nwhen = \"before-deal\"\n\
         rates = [{{ players = [1, 10], fee = 1 }}]\n"
    )
}

fn seat(s: &mut Stored, names: &[&str], buy_in: u64) {
    for (seat, name) in names.iter().enumerate() {
        s.handle(
            Input::Table(TableEvent::Join {
                seat,
                name: name.to_string(),
                buy_in,
            }),
            Duration::ZERO,
        );
    }
}

/// Plays hands at the default table as a dealer presses them (deal, a
/// minimum raise, three folds: five events) until `events` are journaled.
fn play_to(s: &mut Stored, events: usize) {
    use Button::*;
    'night: loop {
        for button in [Ok, BetRaise, Ok, Fold, Fold, Fold] {
            if s.night().events_applied() >= events {
                break 'night;
            }
            s.handle(press(button), Duration::ZERO);
        }
    }
}

/// A default-table session `events` into the night, between hands, then dealt.
fn default_session(events: usize, journal: Option<PathBuf>) -> Stored {
    let storage = Storage {
        journal,
        history: None,
        ledger: None,
    };
    let mut s = Stored::open(&RulesSource::file("deep.toml", deep()), &storage).expect("opens");
    seat(&mut s, &["Ann", "Bob", "Cat", "Dan"], 100_000);
    play_to(&mut s, events);
    while s.night().table().live_hand().is_some() {
        s.handle(press(Button::Fold), Duration::ZERO);
    }
    s.handle(press(Button::Ok), Duration::ZERO);
    s
}

fn bench_press(c: &mut Criterion) {
    let mut g = c.benchmark_group("press");
    for events in [0, 10_000, 50_000] {
        let mut s = default_session(events, None);
        g.bench_function(format!("{events}"), |b| {
            b.iter(|| {
                for button in [Button::CheckCall, Button::Undo] {
                    s.handle(press(button), Duration::ZERO);
                    black_box(s.frame());
                }
            })
        });
        // The same with the journal: a line serialised, written and fsynced
        // per press (on tmpfs, so the fsync is no disk time).
        let path = shm(&format!("press-{events}"));
        let mut s = default_session(events, Some(path.clone()));
        g.bench_function(format!("journaled/{events}"), |b| {
            b.iter(|| {
                for button in [Button::CheckCall, Button::Undo] {
                    s.handle(press(button), Duration::ZERO);
                    black_box(s.frame());
                }
            })
        });
        let _ = std::fs::remove_file(&path);
    }
    g.finish();
}

/// A night with one hand dealt and `depth` events into it: raises back and
/// forth between the blinds, heads-up.
fn deep_hand(depth: usize) -> Night {
    let rules = dealerd::rules::load_str("deep.toml", &deep()).expect("rules");
    let mut n = Night::new(std::sync::Arc::new(rules));
    for (seat, name) in ["Ann", "Bob"].iter().enumerate() {
        let join = TableEvent::Join {
            seat,
            name: name.to_string(),
            buy_in: 1_000_000,
        };
        n.apply(join).expect("join");
    }
    n.apply(TableEvent::NewHand).expect("deal");
    for _ in 0..depth {
        let hand = n.table().live_hand().expect("a live hand");
        let la = hand.state().legal_actions().expect("someone to act");
        let (min, _) = hand.state().raise_range(la.seat).expect("a raise");
        let raise = TableEvent::Hand(Event::Act(la.seat, Action::BetRaiseTo(min)));
        n.apply(raise).expect("raise");
    }
    n
}

fn bench_undo(c: &mut Criterion) {
    let mut g = c.benchmark_group("undo");
    for depth in [2, 32, 100] {
        let mut n = deep_hand(depth);
        g.bench_function(format!("depth/{depth}"), |b| {
            b.iter(|| {
                let e = n.undo().expect("an event");
                n.apply(black_box(e)).expect("again");
            })
        });
    }
    let mut s = default_session(1_000, None);
    let mut n = s.night().clone();
    let hands = |n: &Night| n.table().hands_dealt();
    g.bench_function("hands/20", |b| {
        b.iter(|| {
            let start = hands(&n);
            let mut undone = Vec::new();
            while hands(&n) + 20 > start {
                undone.push(n.undo().expect("within the undo window"));
            }
            for e in undone.into_iter().rev() {
                n.apply(e).expect("again");
            }
        })
    });
    // The same events applied without undo: what "no more than replaying
    // those hands" is measured against.
    let start = n.events().len() - {
        let mut m = n.clone();
        let mut k = 0;
        while hands(&m) + 20 > hands(&n) {
            m.undo();
            k += 1;
        }
        k
    };
    let tail: Vec<TableEvent> = n.events()[start..].to_vec();
    let mut base = n.clone();
    for _ in start..n.events().len() {
        base.undo();
    }
    g.bench_function("hands/20-replayed", |b| {
        b.iter_batched(
            || (base.clone(), tail.clone()),
            |(mut m, tail)| {
                for e in tail {
                    m.apply(e).expect("replays");
                }
                m
            },
            BatchSize::SmallInput,
        )
    });
    s.handle(press(Button::Fold), Duration::ZERO);
    g.finish();
}

fn shm(name: &str) -> PathBuf {
    let dir = Path::new("/dev/shm");
    let dir = if dir.is_dir() {
        dir.to_path_buf()
    } else {
        std::env::temp_dir()
    };
    let path = dir.join(format!("dealerd-bench-{}-{name}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// H4's table, five players, hands dealt and folded round until `hands`
/// are over: a fee every hand, stud's bring-in, limit betting.
fn h4_journal(hands: u64, path: &Path) -> Stored {
    let storage = Storage {
        journal: Some(path.to_path_buf()),
        history: None,
        ledger: None,
    };
    let mut s = Stored::open(&RulesSource::file("h4.toml", H4), &storage).expect("opens");
    seat(&mut s, &["Ann", "Bob", "Cat", "Dan", "Eve"], 1_000_000);
    while s.night().table().hands_dealt() < hands || s.night().table().in_hand() {
        let before = s.night().events_applied();
        // Deal, fold, or check where a free check cannot be folded; at a
        // showdown, OK ranks the seats one by one and then confirms.
        let tries = [Button::Ok, Button::Fold, Button::CheckCall];
        for button in tries.into_iter().chain([Button::Ok; 12]) {
            s.handle(press(button), Duration::ZERO);
            if s.night().events_applied() != before {
                break;
            }
        }
        assert_ne!(
            s.night().events_applied(),
            before,
            "the night is stuck:\n{}",
            dealerd::ui::render::to_terminal(&s.frame())
        );
    }
    s
}

fn bench_recovery(c: &mut Criterion) {
    let mut g = c.benchmark_group("recovery");
    g.sample_size(10);
    for events in [1_000, 10_000, 50_000] {
        let path = shm(&format!("default-{events}"));
        drop(default_session(events, Some(path.clone())));
        let storage = Storage {
            journal: Some(path.clone()),
            history: None,
            ledger: None,
        };
        g.bench_function(format!("{events}"), |b| {
            b.iter(|| {
                let s = Stored::open(&RulesSource::file("deep.toml", deep()), &storage)
                    .expect("resumes");
                black_box(s.frame())
            })
        });
        let _ = std::fs::remove_file(&path);
    }
    let path = shm("h4");
    let night = h4_journal(5_000, &path);
    eprintln!(
        "h4: {} hands, {} events, {} ledger entries",
        night.night().table().hands_dealt(),
        night.night().events_applied(),
        night.night().table().ledger().entries().len()
    );
    drop(night);
    let storage = Storage {
        journal: Some(path.clone()),
        history: None,
        ledger: None,
    };
    g.bench_function("h4-5000-hands", |b| {
        b.iter(|| {
            let s = Stored::open(&RulesSource::file("h4.toml", H4), &storage).expect("resumes");
            black_box(s.frame())
        })
    });
    let _ = std::fs::remove_file(&path);
    g.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_press, bench_undo, bench_recovery
}
criterion_main!(benches);
