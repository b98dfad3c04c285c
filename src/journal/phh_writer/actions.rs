//! A hand's events as PHH actions, with the events PHH has no action for
//! kept apart (they become `_events`).

use std::borrow::Cow;
use std::sync::Arc;

use crate::engine::{
    Action, BoardResult, Declaration, Event, GameSpec, HandSetup, HandState, Phase, Step,
};

/// What the events say in PHH.
#[derive(Debug, Default)]
pub struct Written {
    pub actions: Vec<String>,
    /// Events with no PHH action: (number of actions before it, event).
    pub extras: Vec<(usize, Event)>,
    pub showdown: Option<Vec<BoardResult>>,
    /// The seat that opened the first betting round (`None` when nobody
    /// acted in it): where the forced bets put the first to act.
    pub first_actor: Option<usize>,
}

/// `events` are the hand's, from its first; they are applied again to a
/// state of their own to know which step each deal is.
pub fn write(
    spec: &Arc<GameSpec>,
    setup: &Arc<HandSetup>,
    events: &[Event],
) -> Result<Written, String> {
    let mut state = HandState::new(Arc::clone(spec), Arc::clone(setup))
        .map_err(|e| format!("the hand's setup is refused: {e}"))?;
    let mut w = Written::default();
    // Replacement cards after a draw, dealt once every seat has drawn.
    let mut replacements: Vec<String> = Vec::new();
    let first_bet = spec.steps.iter().position(|s| matches!(s, Step::Bet(_)));
    let mut first_seen = false;
    for given in events {
        // Issue 32: the rest's exchanges are one event at the table; PHH
        // says each seat's, as if pressed one by one.
        let parts: Cow<'_, [Event]> = match given {
            Event::ExchangeRest(n) => state
                .to_exchange()
                .iter()
                .map(|&s| Event::Draw(s, *n))
                .collect(),
            e => Cow::Borrowed(std::slice::from_ref(e)),
        };
        for event in parts.iter() {
            if !matches!(event, Event::Draw(..)) {
                w.actions.append(&mut replacements);
            }
            let cards = |n: u8| "??".repeat(usize::from(n));
            match event {
                Event::PostForced | Event::NameOpener(_) => {}
                Event::Deal => {
                    let at = match state.phase() {
                        Phase::Dealing(i) => Some(i),
                        _ => None,
                    };
                    let step = at.and_then(|i| spec.steps.get(i).copied());
                    let Some(Step::Deal(d)) = step else {
                        return Err("a deal the game has no step for".into());
                    };
                    let hole = d.hole_down.saturating_add(d.hole_up);
                    let before = w.actions.len();
                    if hole > 0 {
                        for (i, seat) in state.seats().iter().enumerate() {
                            if !seat.folded {
                                w.actions.push(format!("d dh p{} {}", i + 1, cards(hole)));
                            }
                        }
                    }
                    if d.board > 0 {
                        w.actions.push(format!("d db {}", cards(d.board)));
                    }
                    if setup.skip_first_bet && at.map(|i| i + 1) == first_bet {
                        w.actions.extend(bomb_checks(setup, &state));
                    }
                    if w.actions.len() == before {
                        // A deal of no cards (Fan Tan's): nothing for PHH to show.
                        w.extras.push((before, event.clone()));
                    }
                }
                Event::Act(seat, action) => {
                    let p = seat + 1;
                    w.actions.push(match action {
                        Action::Fold => format!("p{p} f"),
                        Action::CheckCall => format!("p{p} cc"),
                        Action::BetRaiseTo(to) => format!("p{p} cbr {to}"),
                        Action::BringIn => format!("p{p} pb"),
                    });
                }
                Event::Draw(seat, n) => {
                    let p = seat + 1;
                    w.actions.push(if *n == 0 {
                        format!("p{p} sd")
                    } else {
                        format!("p{p} sd {}", cards(*n))
                    });
                    let draw = match state.phase() {
                        Phase::Exchanging(i) => matches!(spec.steps.get(i), Some(Step::Draw)),
                        _ => false,
                    };
                    if draw && *n > 0 {
                        replacements.push(format!("d dh p{p} {}", cards(*n)));
                    }
                }
                Event::Show(seat) => {
                    let held = hole_cards(spec, &state);
                    w.actions.push(format!("p{} sm {}", seat + 1, cards(held)));
                }
                Event::Showdown(results) => {
                    w.showdown = Some(results.clone());
                }
                Event::Misdeal => return Err("a misdeal: the hand is void".into()),
                // Split into each seat's draw above.
                Event::ExchangeRest(_) => {}
                Event::Declare(..)
                | Event::OpenPair
                | Event::WildCard
                | Event::CheckedSeven
                | Event::RunItTwice
                | Event::Chop => w.extras.push((w.actions.len(), event.clone())),
            }
            state
                .apply_mut(event)
                .map_err(|e| format!("the hand's own events are refused: {e}"))?;
            if !first_seen && first_bet.is_some_and(|i| state.phase() == Phase::Betting(i)) {
                first_seen = true;
                w.first_actor = state.to_act();
            }
        }
    }
    w.actions.append(&mut replacements);
    Ok(w)
}

/// S2 (H2 "no preflop betting"): a bomb pot has no first betting round, and
/// PHH has no bomb pot. With antes alone and no blind, PHH's first round
/// starts with p1, and everyone checking it moves no chip: that is what the
/// table did. Each player with chips behind checks, in PHH's order; none
/// when fewer than two have chips (PHH's round then has no action either),
/// or when a live post would make it a round with a bet.
fn bomb_checks(setup: &HandSetup, state: &HandState) -> Vec<String> {
    if setup.forced.iter().any(|f| f.kind.is_live()) {
        return Vec::new();
    }
    let behind: Vec<usize> = (0..state.seats().len())
        .filter(|&s| state.seats()[s].stack > 0 && !state.seats()[s].folded)
        .collect();
    if behind.len() < 2 {
        return Vec::new();
    }
    behind.iter().map(|s| format!("p{} cc", s + 1)).collect()
}

/// Cards a player holds so far: every hole card of the deals done.
fn hole_cards(spec: &GameSpec, state: &HandState) -> u8 {
    let done = match state.phase() {
        Phase::Dealing(i) | Phase::Betting(i) | Phase::Exchanging(i) => i,
        _ => spec.steps.len(),
    };
    spec.steps
        .iter()
        .take(done)
        .map(|s| match s {
            Step::Deal(d) => d.hole_down.saturating_add(d.hole_up),
            _ => 0,
        })
        .fold(0u8, u8::saturating_add)
        .max(1)
}

/// An event of [`Written::extras`] as a TOML inline table (read back by
/// `replay::own_extras`).
pub fn extra_toml(at: usize, event: &Event) -> String {
    let name = match event {
        Event::Declare(seat, d) => {
            let d = match d {
                Declaration::High => "high",
                Declaration::Low => "low",
                Declaration::Both => "both",
            };
            return format!(
                "{{ at = {at}, event = \"declare\", player = {}, declaration = \"{d}\" }}",
                seat + 1
            );
        }
        Event::OpenPair => "open-pair",
        Event::WildCard => "wild-card",
        Event::CheckedSeven => "checked-seven",
        Event::RunItTwice => "run-it-twice",
        Event::Chop => "chop",
        Event::Deal => "deal",
        _ => "other",
    };
    format!("{{ at = {at}, event = \"{name}\" }}")
}
