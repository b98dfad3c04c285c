//! Replay throughput on the generated vectors, per recorded player action.
//!
//! `replay` is the whole `replay_hand` path (events from PHH, JSON lines built and
//! dropped); `engine` is `HandState::new` plus `apply_mut` over prebuilt events, the cost
//! of the rules engine alone.

use std::collections::BTreeSet;
use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dealerd::engine::{Action, BoardResult, Event, GameSpec, HandSetup, HandState, Phase};
use dealerd::phh::{self, ActionKind, PhhHand};
use dealerd::replay::{replay_hand, setup_for, spec_for};

fn hands() -> Vec<(String, PhhHand)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/generated");
    let mut out = Vec::new();
    for kind in ["NT", "PT", "FT"] {
        let name = format!("hands-{kind}.phhs");
        let hands = phh::parse_file(&dir.join(&name)).expect("generated vectors parse");
        out.extend(hands.into_iter().map(|h| (name.clone(), h)));
    }
    out
}

/// The engine events `replay_hand` applies for `hand`, worked out once outside the timing.
/// A state runs alongside because a stud street's opener is named only when the round waits.
fn events(hand: &PhhHand) -> (Arc<GameSpec>, Arc<HandSetup>, Vec<Event>) {
    let spec = Arc::new(spec_for(hand).unwrap());
    let setup = Arc::new(setup_for(hand));
    let mut st = HandState::new(Arc::clone(&spec), Arc::clone(&setup)).unwrap();
    let mut out = Vec::new();
    let mut push = |st: &mut HandState, e: Event| {
        st.apply_mut(&e).unwrap();
        out.push(e);
    };
    push(&mut st, Event::PostForced);
    // Hole cards come one player at a time; one street's deal is one event.
    let mut dealt: Option<BTreeSet<usize>> = None;
    let mut after_draw = false;
    for a in &hand.actions {
        let seat_action = match a.kind {
            ActionKind::DealHole { player } => {
                if after_draw || dealt.as_mut().is_some_and(|d| d.insert(player)) {
                    continue;
                }
                dealt = Some(BTreeSet::from([player]));
                push(&mut st, Event::Deal);
                continue;
            }
            ActionKind::DealBoard => {
                dealt = None;
                push(&mut st, Event::Deal);
                continue;
            }
            ActionKind::ShowMuck { player } => {
                dealt = None;
                push(&mut st, Event::Show(player - 1));
                continue;
            }
            ActionKind::Draw { player } => {
                dealt = None;
                let cards = a.text.split_whitespace().nth(2).map_or(0, |c| c.len() / 2);
                push(&mut st, Event::Draw(player - 1, cards as u8));
                after_draw = true;
                continue;
            }
            ActionKind::Fold { player } => (player - 1, Action::Fold),
            ActionKind::CheckCall { player } => (player - 1, Action::CheckCall),
            ActionKind::CompleteBetRaise { player, to } => (player - 1, Action::BetRaiseTo(to)),
            ActionKind::BringIn { player } => (player - 1, Action::BringIn),
        };
        dealt = None;
        after_draw = false;
        if st.awaiting_opener() {
            push(&mut st, Event::NameOpener(seat_action.0));
        }
        push(&mut st, Event::Act(seat_action.0, seat_action.1));
    }
    if st.phase() == Phase::Showdown {
        let seats = |r: &[Vec<usize>]| -> Vec<Vec<usize>> {
            r.iter()
                .map(|g| g.iter().map(|p| p - 1).collect())
                .collect()
        };
        let result = BoardResult {
            high: seats(&hand.ranking),
            low: seats(&hand.ranking_low),
        };
        push(&mut st, Event::Showdown(vec![result]));
    }
    assert_eq!(st.phase(), Phase::Complete, "hand {}", hand.number);
    (spec, setup, out)
}

fn bench(c: &mut Criterion) {
    let hands = hands();
    let actions: u64 = hands
        .iter()
        .flat_map(|(_, h)| &h.actions)
        .filter(|a| a.kind.player().is_some())
        .count() as u64;
    let prepared: Vec<_> = hands.iter().map(|(_, h)| events(h)).collect();

    let mut g = c.benchmark_group(format!("{} hands, {actions} player actions", hands.len()));
    g.throughput(Throughput::Elements(actions));
    g.bench_function("replay_hand", |b| {
        b.iter(|| {
            for (file, hand) in &hands {
                black_box(replay_hand(file, hand, |_| {}).unwrap());
            }
        })
    });
    g.bench_function("engine", |b| {
        b.iter(|| {
            for (spec, setup, events) in &prepared {
                let mut st = HandState::new(Arc::clone(spec), Arc::clone(setup)).unwrap();
                for e in events {
                    st.apply_mut(black_box(e)).unwrap();
                }
                black_box(st.final_stacks());
            }
        })
    });
    g.finish();

    // Like for like with `benches/pokerkit_replay.py`: the text already in
    // memory, parsed and every hand replayed to its final stacks, no JSON.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/generated");
    let mut g = c.benchmark_group("like_pokerkit");
    for kind in ["NT", "FT", "PT"] {
        let name = format!("hands-{kind}.phhs");
        let text = std::fs::read_to_string(dir.join(&name)).expect("generated vectors");
        let count = phh::parse_str(&name, &text, true).expect("parses").len() as u64;
        g.throughput(Throughput::Elements(count));
        g.bench_function(format!("parse/{kind}"), |b| {
            b.iter(|| black_box(phh::parse_str(&name, black_box(&text), true).unwrap()))
        });
        // The `replay` command's own path, file read and lines written
        // (to a sink): issue 35 found it parsing every file a second time.
        let path = dir.join(&name);
        g.bench_function(format!("command/{kind}"), |b| {
            b.iter(|| {
                dealerd::replay::run(std::slice::from_ref(&path), false, &mut std::io::sink())
                    .unwrap()
            })
        });
        g.bench_function(format!("parse_and_replay/{kind}"), |b| {
            b.iter(|| {
                for hand in &phh::parse_str(&name, black_box(&text), true).unwrap() {
                    black_box(replay_hand(&name, hand, |_| {}).unwrap());
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
