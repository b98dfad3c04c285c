//! H2, Pat's no-limit hold'em: the draw for the button, a straddle, the books.

use dealerd::ui::MenuItem;

use super::Dealer;

/// H2 (Pat's no-limit hold'em, .25/.25, $10–$40): T6 the draw for the
/// button, B1 no-limit raises entered by chips, F4 a straddle from the
/// menu, P2 the showdown, M1/M5 the buy-ins and the books.
#[test]
fn h2_pats_no_limit_night_b1_f4_t6_p2() {
    let mut d = Dealer::open("h2-pats-no-limit.toml");
    // M1: the dialog opens at the $40 maximum.
    d.sits("Ann", "40").sits("Bob", "40").sits("Cat", "40");
    d.button_to("Ann");
    d.sees(&["BTN Ann", "No-limit hold'em"]);

    // Hand 1: Ann on the button, Bob .25, Cat .25 (H2 4: .25/.25).
    // Three-handed the button acts first pre-flop.
    d.deal().sees(&["PRE"]);
    d.bets("Ann", "1").call("Bob", "0.75").fold("Cat");
    // Pot 1 + 1 + .25 = 2.25. The flop: Bob (small blind) first.
    d.board().sees(&["FLOP", "pot 2.25"]);
    d.check("Bob").bets("Ann", "2").call("Bob", "2");
    d.board().sees(&["TURN"]).check("Bob").check("Ann");
    d.board().sees(&["RIVER"]).bets("Bob", "1").call("Ann", "1");
    // Pot 2.25 + 4 + 2 = 8.25 to Bob.
    d.showdown(&[&["Bob"]], &[("Bob", "8.25")]);
    // Bob put in 1 + 2 + 1 = 4 and won 8.25; Ann put in 4; Cat the .25 blind.
    d.settles(&[("Bob", "+4.25"), ("Ann", "-4"), ("Cat", "-0.25")], "0");

    // Hand 2: the button moves to Bob (T2), Cat and Ann post. F4: Bob,
    // first to act, straddles from the menu (2x the big blind = .50) and
    // acts last pre-flop.
    d.menu(MenuItem::Straddle).sees(&["Straddle"]).pick("Bob");
    d.sees(&["BTN Bob", "STR Bob 0.50"]);
    d.deal().fold("Cat").call("Ann", "0.25").check("Bob");
    // Pot .25 + .50 + .50 = 1.25. Ann (big blind) first after the flop.
    d.board().check("Ann").check("Bob");
    d.board().bets("Ann", "0.75").fold("Bob");
    d.settles(&[("Ann", "+0.75"), ("Bob", "-0.50"), ("Cat", "-0.25")], "0");
    d.ledger_screen();
}
