//! T: seats and the button (heads-up blinds and order, two to ten players).

use std::sync::Arc;

use dealerd::engine::Action::CheckCall;
use dealerd::engine::{Hand, HandSetup};

use super::{blinds, nl, T};

// ---- T: seats and the button ----

#[test]
fn t3_heads_up_button_posts_small_blind_acts_first_preflop_last_after() {
    let mut t = T::new(nl(2), blinds(&[100, 100], 1, 2));
    assert_eq!(
        t.hand.state().seats()[1].bet,
        1,
        "the button posts the small blind"
    );
    assert_eq!(t.to_act(), Some(1), "the button acts first pre-flop");
    assert_eq!(t.hand.state().to_call(1), 1);
    t.act(1, CheckCall);
    assert_eq!(t.to_act(), Some(0), "the big blind has the option");
    t.act(0, CheckCall).deal();
    assert_eq!(t.to_act(), Some(0), "after the flop the button acts last");
    t.act(0, CheckCall);
    assert_eq!(t.to_act(), Some(1));
}

#[test]
fn t1_two_to_ten_players() {
    for n in 2..=10 {
        let stacks = vec![100; n];
        let t = T::new(nl(2), blinds(&stacks, 1, 2));
        assert!(t.to_act().is_some(), "{n} players");
    }
    let spec = Arc::new(nl(2));
    for n in [0, 1, 11] {
        let s = Arc::new(blinds(&vec![100; n.max(2)][..n.max(2)], 1, 2));
        let s = Arc::new(HandSetup {
            stacks: vec![100; n],
            ..(*s).clone()
        });
        assert!(Hand::new(spec.clone(), s).is_err(), "{n} players refused");
    }
}
