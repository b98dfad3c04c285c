//! H4, the house-dealer limit game: all nine games, the button's fee, low ball.

use super::Dealer;

/// H4 (house-dealer limit game, 50c unit): S5 all nine games from the menu;
/// M3 the button pays $1 before every deal (three players); F2 the $1 ante
/// in stud and draw; G3 five- and seven-card stud with no bring-in, the
/// best showing opening every street; G4 draw up to four cards, and B9 low
/// ball played for low when the first round is passed; B3/B4 limit
/// hold'em at every level, with the bet and three raises cap.
#[test]
fn h4_house_dealer_limit_night_s5_m3_f2_g3_g4_b3_b4_b9() {
    let mut d = Dealer::open("h4-house-dealer-limit.toml");
    d.sits("Ann", "100").sits("Bob", "100").sits("Cat", "100");
    d.button_to("Ann");

    // 5-card stud: Ann's button pays $1; antes $1 each (3). Bob, Cat, Ann
    // are dealt in order; the best upcard (Cat's) opens: no bring-in.
    d.game("5-card stud").sees(&["BTN Ann", "ante 1 each"]);
    d.deal().opens("Cat").sees(&["2ND", "check"]);
    d.bets("Cat", "3").call("Ann", "3").fold("Bob");
    d.street("3RD", "Ann").checks(&["Ann", "Cat"]);
    // The last two streets are big-bet streets.
    d.street("4TH", "Cat").sees(&["bet to 6"]).bets("Cat", "6");
    d.call("Ann", "6");
    d.street("5TH", "Ann").checks(&["Ann", "Cat"]);
    // 3 + 6 + 12 = 21 to Cat, who put in 1 + 3 + 6.
    d.showdown(&[&["Cat"]], &[("Cat", "21")]);
    d.settles(&[("Cat", "+11"), ("Ann", "-11"), ("Bob", "-1")], "1");

    // 7-card stud: Bob's button pays; Cat, Ann, Bob dealt. Ann opens 3rd
    // street for 3, Bob raises to 6, Cat folds, Ann calls: 15.
    d.game("7-card stud").sees(&["BTN Bob"]);
    d.deal().opens("Ann").sees(&["3RD"]).bets("Ann", "3");
    d.bets("Bob", "6").fold("Cat").call("Ann", "3");
    d.street("4TH", "Bob").checks(&["Bob", "Ann"]);
    d.street("5TH", "Ann").checks(&["Ann", "Bob"]);
    d.street("6TH", "Bob").checks(&["Bob", "Ann"]);
    d.street("7TH", "Ann").checks(&["Ann", "Bob"]);
    d.showdown(&[&["Bob"]], &[("Bob", "15")]);
    d.settles(&[("Bob", "+7"), ("Ann", "-7"), ("Cat", "-1")], "1");

    // Draw: Cat's button pays; antes 3. "The player on the left of the
    // button may open": Ann bets 3, both call (12). Each draws up to four;
    // then the big bet: Bob bets 6, Cat folds, Ann calls: 24 to Ann.
    d.game("Draw").sees(&["BTN Cat"]);
    d.deal().bets("Ann", "3").call("Bob", "3").call("Cat", "3");
    d.sees(&["0-4"])
        .draws("Ann", 2)
        .draws("Bob", 4)
        .draws("Cat", 1);
    d.check("Ann").bets("Bob", "6").fold("Cat").call("Ann", "6");
    d.showdown(&[&["Ann"]], &[("Ann", "24")]);
    d.settles(&[("Ann", "+14"), ("Bob", "-10"), ("Cat", "-5")], "1");

    // Low ball (B9): Ann's button pays; antes 3. Nobody opens: the same
    // round is played again for low. Cat bets 3, Ann calls, Bob folds: 9.
    d.game("Low ball").sees(&["BTN Ann"]);
    d.deal().checks(&["Bob", "Cat", "Ann"]);
    d.check("Bob").bets("Cat", "3").call("Ann", "3").fold("Bob");
    d.draws("Cat", 1).draws("Ann", 2);
    d.checks(&["Cat", "Ann"]);
    // The dealer ranks the best low first.
    d.showdown(&[&["Cat"]], &[("Cat", "9")]);
    d.settles(&[("Cat", "+5"), ("Ann", "-5"), ("Bob", "-1")], "1");

    // Hold'em 1 & 2: Bob's button pays; Cat .50, Ann 1. B4: the big blind
    // is the bet, then three raises (2, 3, 4) and the round is capped.
    d.game("Hold'em 1 & 2")
        .sees(&["BTN Bob", "Cat 0.50 / Ann 1"]);
    d.deal().bets("Bob", "2").bets("Cat", "3").bets("Ann", "4");
    d.turn("Bob")
        .sees(&["no raise"])
        .call("Bob", "2")
        .call("Cat", "1");
    // 12 in the middle; small bet on the flop, big after: checked down.
    d.board().checks(&["Cat", "Ann", "Bob"]);
    d.board().checks(&["Cat", "Ann", "Bob"]);
    d.board().checks(&["Cat", "Ann", "Bob"]);
    d.showdown(&[&["Ann"]], &[("Ann", "12")]);
    d.settles(&[("Ann", "+8"), ("Bob", "-5"), ("Cat", "-4")], "1");

    // Hold'em 2 & 4: Cat's button pays and folds; Ann's flop bet of 2
    // takes the 4.
    d.game("Hold'em 2 & 4").sees(&["BTN Cat", "Ann 1 / Bob 2"]);
    d.deal().fold("Cat").call("Ann", "1").check("Bob");
    d.board().sees(&["bet to 2"]).bets("Ann", "2").fold("Bob");
    d.settles(&[("Ann", "+2"), ("Bob", "-2"), ("Cat", "-1")], "1");

    // Hold'em 3 & 6: Ann's button pays. Cat bets the turn's 6, Ann calls.
    d.game("Hold'em 3 & 6").sees(&["BTN Ann", "Bob 1 / Cat 3"]);
    d.deal().call("Ann", "3").fold("Bob").check("Cat");
    d.board().checks(&["Cat", "Ann"]);
    d.board()
        .sees(&["bet to 6"])
        .bets("Cat", "6")
        .call("Ann", "6");
    d.board().checks(&["Cat", "Ann"]);
    // 1 + 3 + 3 + 12 = 19 to Ann.
    d.showdown(&[&["Ann"]], &[("Ann", "19")]);
    d.settles(&[("Ann", "+9"), ("Cat", "-9"), ("Bob", "-1")], "1");

    // Hold'em 6 & 12: Bob's button pays and raises to 12; both fold.
    d.game("Hold'em 6 & 12").sees(&["BTN Bob", "Cat 4 / Ann 6"]);
    d.deal().bets("Bob", "12").fold("Cat").fold("Ann");
    d.settles(&[("Bob", "+9"), ("Cat", "-4"), ("Ann", "-6")], "1");

    // Hold'em 10 & 20: Cat's button pays. A limp (30), a 10 flop bet
    // called twice (60), then checked down to Bob.
    d.game("Hold'em 10 & 20")
        .sees(&["BTN Cat", "Ann 5 / Bob 10"]);
    d.deal().call("Cat", "10").call("Ann", "5").check("Bob");
    d.board()
        .bets("Ann", "10")
        .call("Bob", "10")
        .call("Cat", "10");
    d.board().checks(&["Ann", "Bob", "Cat"]);
    d.board().checks(&["Ann", "Bob", "Cat"]);
    d.showdown(&[&["Bob"]], &[("Bob", "60")]);
    d.settles(&[("Bob", "+40"), ("Ann", "-20"), ("Cat", "-21")], "1");
    d.ledger_screen();
}
