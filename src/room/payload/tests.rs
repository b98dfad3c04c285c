use std::sync::Arc;

use super::*;
use crate::engine::{Action, Event};
use crate::table::TableEvent;

fn night_of_three() -> Night {
    let rules = Arc::new(crate::rules::load_str("d", crate::rules::DEFAULT_TOML).unwrap());
    let mut night = Night::new(rules);
    for (seat, name) in [(0, "Ann"), (1, "Bob"), (3, "Dan")] {
        night
            .apply(TableEvent::Join {
                seat,
                name: name.into(),
                buy_in: 200,
            })
            .unwrap();
    }
    night
}

#[test]
fn between_hands_the_state_has_the_seats_and_no_hand() {
    let night = night_of_three();
    let s = State::of("t1", &night);
    assert_eq!(s.version, VERSION);
    assert_eq!(s.table, "t1");
    assert_eq!(s.game, "No-limit hold'em");
    assert_eq!(s.stakes, "blinds 1/2");
    assert_eq!(s.seats.len(), 9);
    assert_eq!(s.seats_open, 6);
    assert_eq!(s.hand, None);
    assert_eq!(s.hands, 0);
    let ann = s.seats[0].player.as_ref().unwrap();
    assert_eq!(
        (ann.name.as_str(), ann.stack, ann.in_hand),
        ("Ann", 200, false)
    );
    assert_eq!(s.seats[1].seat, 2);
    assert_eq!(s.seats[2].player, None);
    assert_eq!(s.seats[3].player.as_ref().unwrap().name, "Dan");
}

#[test]
fn in_a_hand_it_follows_the_engine_seat_for_seat() {
    let mut night = night_of_three();
    night.apply(TableEvent::NewHand).unwrap();
    let s = State::of("t1", &night);
    let hand = s.hand.clone().unwrap();
    assert_eq!(hand.number, 1);
    assert_eq!(s.hands, 1);
    let live = night.table().live_hand().unwrap();
    let state = live.state();
    // Whose action: the engine's seat, named as the table numbers it.
    let acting_hand_seat = state.to_act().unwrap();
    let acting = live.order[acting_hand_seat];
    assert_eq!(hand.to_act, Some(acting + 1));
    assert_eq!(hand.total, state.pot());
    assert_eq!(hand.bets, 3, "the blinds are in front");
    let stacks: Vec<Chips> = s
        .seats
        .iter()
        .filter_map(|p| p.player.as_ref())
        .map(|p| p.stack)
        .collect();
    assert_eq!(stacks.iter().sum::<Chips>() + hand.total, 600);

    night
        .apply(TableEvent::Hand(Event::Act(acting_hand_seat, Action::Fold)))
        .unwrap();
    let s = State::of("t1", &night);
    let folded = s.seats[acting].player.as_ref().unwrap();
    assert!(!folded.in_hand, "a fold leaves the hand");
    assert_ne!(s.hand.unwrap().to_act, Some(acting + 1));
    assert_eq!(
        s.seats
            .iter()
            .filter(|p| p.player.as_ref().is_some_and(|p| p.in_hand))
            .count(),
        2
    );
}

#[test]
fn the_state_goes_through_json_unchanged() {
    let mut night = night_of_three();
    night.apply(TableEvent::NewHand).unwrap();
    let s = State::of("t1", &night);
    let text = serde_json::to_string(&s).unwrap();
    assert!(text.starts_with("{\"version\":1,"), "{text}");
    assert_eq!(serde_json::from_str::<State>(&text).unwrap(), s);
}

#[test]
fn an_event_carries_its_journal_line_and_number() {
    let line = br#"{"n":7,"event":{"type":"new-hand"},"at":1700000000}"#;
    let e = EventPayload::of_line("t1", 0xab, line).unwrap();
    assert_eq!(e.n, 7);
    assert_eq!(e.night, "00000000000000ab");
    assert_eq!(
        e.record,
        serde_json::from_slice::<serde_json::Value>(line).unwrap()
    );
    let undo = EventPayload::of_line("t1", 1, br#"{"n":8,"undo":true}"#).unwrap();
    assert_eq!(undo.n, 8);
    assert_eq!(
        EventPayload::of_line("t1", 1, br#"{"dealerd_journal":1}"#),
        None
    );
    assert_eq!(EventPayload::of_line("t1", 1, b"not json"), None);
    assert_eq!(topic("t1", "events"), "dealerd/t1/events");
}
