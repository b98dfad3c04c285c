//! H0, the pot-limit home game: all four games, pot-limit bets, stud and short deck.

use super::Dealer;

/// H0 (pot-limit home game, $20 buy-in, 5c unit): S5 the dealer's choice of
/// all four games; B2 pot-limit bets; G3/F2/F3 seven-card stud with the ante,
/// the bring-in, the streets named and 7th street opened by 6th street's
/// opener; F2 short deck's antes with the action left of the button; P2 a
/// split pot with the odd chip left of the button.
#[test]
fn h0_pot_limit_home_night_s5_b2_g3_f2_f3_p2() {
    let mut d = Dealer::open("h0-pot-limit-home.toml");
    d.sits("Ann", "20").sits("Bob", "20").sits("Cat", "20");
    d.button_to("Ann");

    // Hold'em: Ann on the button, Bob .10, Cat .25.
    d.game("Hold'em").sees(&["BTN Ann", "Bob 0.10", "Cat 0.25"]);
    d.deal()
        .call("Ann", "0.25")
        .call("Bob", "0.15")
        .check("Cat");
    // Pot .75; B2: a bet is at most the pot (and the house's $1).
    d.board().check("Bob").sees(&["bet 0.25-0.75"]);
    d.bets("Cat", "0.50").fold("Ann").call("Bob", "0.50");
    d.board()
        .checks(&["Bob", "Cat"])
        .board()
        .checks(&["Bob", "Cat"]);
    // Pot .75 + 1 = 1.75 to Cat, who put in .75.
    d.showdown(&[&["Cat"]], &[("Cat", "1.75")]);
    d.settles(&[("Cat", "+1"), ("Bob", "-0.75"), ("Ann", "-0.25")], "0");

    // Omaha: Bob on the button, Cat .10, Ann .25. Bob raises to .75
    // (pot-limit: at most .25 + the .60 pot after his call).
    d.game("Omaha").sees(&["BTN Bob"]);
    d.deal().sees(&["raise 0.50-0.85"]);
    d.bets("Bob", "0.75").fold("Cat").call("Ann", "0.50");
    // Pot .10 + .75 + .75 = 1.60; the turn bet is capped at the house's $1.
    d.board().checks(&["Ann", "Bob"]);
    d.board()
        .sees(&["bet 0.25-1"])
        .bets("Ann", "1")
        .call("Bob", "1");
    d.board().checks(&["Ann", "Bob"]);
    // P2: a tie splits the 3.60: 1.80 each, each having put in 1.75.
    d.showdown(&[&["Ann=Bob"]], &[("Ann", "1.80"), ("Bob", "1.80")]);
    d.settles(&[("Ann", "+0.05"), ("Bob", "+0.05"), ("Cat", "-0.10")], "0");

    // Seven-card stud: antes .10 (pot .30), Cat on the button, so Ann,
    // Bob, Cat are dealt in that order. The dealer names the bring-in.
    d.game("Seven-card stud")
        .sees(&["BTN Cat", "ante 0.10 each"]);
    d.deal().opens("Bob").sees(&["3RD", "complete"]);
    d.brings_in("Bob", "0.25")
        .call("Cat", "0.25")
        .call("Ann", "0.25");
    // Pot .30 + .75 = 1.05.
    d.street("4TH", "Cat").check("Cat").bets("Ann", "0.50");
    d.fold("Bob").call("Cat", "0.50");
    d.street("5TH", "Ann").checks(&["Ann", "Cat"]);
    d.street("6TH", "Cat").checks(&["Cat", "Ann"]);
    // 7th: one card down, and the first bettor of 6th (Cat) opens: no prompt.
    d.dealt("DEAL 7TH ST")
        .sees(&["7TH"])
        .checks(&["Cat", "Ann"]);
    // Pot 1.05 + 1 = 2.05 to Ann, who put in .10 + .25 + .50.
    d.showdown(&[&["Ann"]], &[("Ann", "2.05")]);
    d.settles(&[("Ann", "+1.20"), ("Bob", "-0.35"), ("Cat", "-0.85")], "0");

    // Short deck: antes .25 each, no blinds; Ann on the button, so Bob,
    // left of her, acts first (F2).
    d.game("Short deck").sees(&["BTN Ann", "ante 0.25 each"]);
    d.deal().sees(&["pot 0.75"]).checks(&["Bob", "Cat", "Ann"]);
    for _ in 0..3 {
        d.board().checks(&["Bob", "Cat", "Ann"]);
    }
    // P2: Bob and Cat tie for the .75; the odd 5c goes to the first winner
    // left of the button, Bob.
    d.showdown(&[&["Bob=Cat"]], &[("Bob", "0.40"), ("Cat", "0.35")]);
    d.settles(&[("Bob", "+0.15"), ("Cat", "+0.10"), ("Ann", "-0.25")], "0");
    d.ledger_screen();
}
