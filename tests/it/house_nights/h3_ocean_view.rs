//! H3, the Ocean View card room: all twelve games, fixed and spread limit, the fees.

use dealerd::ui::MenuItem;

use super::Dealer;

/// A limped pot in a fixed-limit game with blinds 1/3 (H3, H4 3 & 6): the
/// button calls 3, the small blind 2, the big blind checks: 9 in the middle.
fn limp_3_6(d: &mut Dealer, button: &str, small: &str, big: &str) {
    d.deal().call(button, "3").call(small, "2").check(big);
}

/// H3 (Ocean View card room, $3–$6 structured limit and $1–$6 spread):
/// S5 all twelve games from the menu; B3 fixed-limit bets (small, then big
/// from the turn), B6 a spread-limit raise; M3 the fee schedule ($4 at 3–6,
/// $3 at the 1–6 spread for up to six players) taken from the pot at the
/// flop, and in stud and draw when the first round closes; G2/P4 hi-lo
/// splits and a scoop with no low; G1 Crazy pineapple's discard; G4 draw
/// and California lowball; S1 a voluntary kill in lowball; G3/F3 stud, stud
/// hi-lo and razz with their bring-ins, B3 the open pair on 4th street.
#[test]
fn h3_ocean_view_night_s5_b3_b6_m3_g2_g3_g4_f3_s1() {
    let mut d = Dealer::open("h3-ocean-view.toml");
    d.sits("Ann", "100").sits("Bob", "100").sits("Cat", "100");
    d.button_to("Ann");

    // Hold'em 3-6: Ann's button, Bob 1, Cat 3. Ann raises to 6 (the small
    // bet), Bob folds, Cat calls: 13; the flop pays the $4 fee: 9.
    d.game("Hold'em 3-6").sees(&["BTN Ann", "Bob 1 / Cat 3"]);
    d.deal().sees(&["raise to 6"]).bets("Ann", "6");
    d.fold("Bob").call("Cat", "3");
    d.board()
        .sees(&["pot 9", "bet to 3"])
        .check("Cat")
        .bets("Ann", "3");
    d.call("Cat", "3");
    // The turn is a big-bet street; Cat folds to Ann's 6, which comes back.
    d.board()
        .check("Cat")
        .sees(&["bet to 6"])
        .bets("Ann", "6")
        .fold("Cat");
    // Ann: 15 won, 9 in. Cat 9, Bob 1.
    d.settles(&[("Ann", "+6"), ("Cat", "-9"), ("Bob", "-1")], "4");

    // Hold'em spread 1-6 (B6): blinds 1/1, any raise up to 6. Bob raises
    // to 4, both call: 12, less the $3 spread fee at the flop: 9.
    d.game("Hold'em spread 1-6").sees(&["BTN Bob"]);
    d.deal().bets("Bob", "4").call("Cat", "3").call("Ann", "3");
    d.board().sees(&["pot 9"]).checks(&["Cat", "Ann", "Bob"]);
    d.board().checks(&["Cat", "Ann", "Bob"]);
    d.board().checks(&["Cat", "Ann", "Bob"]);
    d.showdown(&[&["Ann"]], &[("Ann", "9")]);
    d.settles(&[("Ann", "+5"), ("Bob", "-4"), ("Cat", "-4")], "3");

    // Hold'em hi-lo 3-6 (G2): 9 less the fee, 5: Cat's high and Ann's
    // qualifying low take 2.50 each.
    d.game("Hold'em hi-lo 3-6").sees(&["BTN Cat"]);
    limp_3_6(&mut d, "Cat", "Ann", "Bob");
    for _ in 0..3 {
        d.board().checks(&["Ann", "Bob", "Cat"]);
    }
    d.showdown(&[&["Cat"], &["Ann"]], &[("Cat", "2.50"), ("Ann", "2.50")]);
    d.settles(&[("Cat", "-0.50"), ("Ann", "-0.50"), ("Bob", "-3")], "4");

    // Omaha 3-6: checked down, Bob takes the 5.
    d.game("Omaha 3-6").sees(&["BTN Ann"]);
    limp_3_6(&mut d, "Ann", "Bob", "Cat");
    for _ in 0..3 {
        d.board().checks(&["Bob", "Cat", "Ann"]);
    }
    d.showdown(&[&["Bob"]], &[("Bob", "5")]);
    d.settles(&[("Bob", "+2"), ("Ann", "-3"), ("Cat", "-3")], "4");

    // Omaha hi-lo 3-6 (P4): no low qualifies, the high scoops.
    d.game("Omaha hi-lo 3-6").sees(&["BTN Bob"]);
    limp_3_6(&mut d, "Bob", "Cat", "Ann");
    for _ in 0..3 {
        d.board().checks(&["Cat", "Ann", "Bob"]);
    }
    d.showdown(&[&["Ann"], &[]], &[("Ann", "5")]);
    d.settles(&[("Ann", "+2"), ("Bob", "-3"), ("Cat", "-3")], "4");

    // Crazy pineapple 3-6 (G1): one card discarded after the flop betting.
    d.game("Crazy pineapple 3-6").sees(&["BTN Cat"]);
    limp_3_6(&mut d, "Cat", "Ann", "Bob");
    d.board().checks(&["Ann", "Bob", "Cat"]);
    d.discards("Ann").discards("Bob").discards("Cat");
    d.board().checks(&["Ann", "Bob", "Cat"]);
    d.board().checks(&["Ann", "Bob", "Cat"]);
    d.showdown(&[&["Cat"]], &[("Cat", "5")]);
    d.settles(&[("Cat", "+2"), ("Ann", "-3"), ("Bob", "-3")], "4");

    // Crazy pineapple hi-lo 3-6: Bob has the best high and the best low.
    d.game("Crazy pineapple hi-lo 3-6").sees(&["BTN Ann"]);
    limp_3_6(&mut d, "Ann", "Bob", "Cat");
    d.board().checks(&["Bob", "Cat", "Ann"]);
    d.discards("Bob").discards("Cat").discards("Ann");
    d.board().checks(&["Bob", "Cat", "Ann"]);
    d.board().checks(&["Bob", "Cat", "Ann"]);
    d.showdown(&[&["Bob"], &["Bob"]], &[("Bob", "5")]);
    d.settles(&[("Bob", "+2"), ("Ann", "-3"), ("Cat", "-3")], "4");

    // Draw 3-6 (G4): no flop, so the fee comes when the first round
    // closes (9 less 4). Up to five cards drawn; the second round is big.
    d.game("Draw 3-6").sees(&["BTN Bob"]);
    limp_3_6(&mut d, "Bob", "Cat", "Ann");
    d.sees(&["0-5"])
        .draws("Cat", 3)
        .draws("Ann", 1)
        .draws("Bob", 0);
    d.sees(&["pot 5"])
        .check("Cat")
        .bets("Ann", "6")
        .call("Bob", "6");
    d.fold("Cat");
    // Bob: 5 + 12 = 17 won, 9 in.
    d.showdown(&[&["Bob"]], &[("Bob", "17")]);
    d.settles(&[("Bob", "+8"), ("Ann", "-9"), ("Cat", "-3")], "4");

    // California lowball 3-6 (G4, B7), S1: Cat, on the button, kills the
    // pot from the menu ("kill the pot in any position", double the big
    // blind: 6) and the limits double to 6-12. The killer acts in turn:
    // first, three-handed, with the kill as the bet to call.
    d.game("California lowball 3-6").sees(&["BTN Cat"]);
    d.menu(MenuItem::Kill).sees(&["Kill by"]).pick("Cat");
    d.sees(&["KILL"]);
    d.deal().sees(&["KILL Cat 6", "raise to 12"]);
    d.check("Cat").call("Ann", "5").call("Bob", "3");
    // 1 + 3 + 6 dead and live, 18 in all; the first round closing pays the
    // $4 fee: 14. The draw, then a 12 bet.
    d.draws("Ann", 2).draws("Bob", 1).draws("Cat", 0);
    d.sees(&["pot 14"])
        .checks(&["Ann", "Bob"])
        .bets("Cat", "12");
    d.fold("Ann").call("Bob", "12");
    // Bob's low: 14 + 24 = 38, for 6 + 12 in.
    d.showdown(&[&["Bob"]], &[("Bob", "38")]);
    d.settles(&[("Bob", "+20"), ("Cat", "-18"), ("Ann", "-6")], "4");

    // Seven-card stud 3-6 (G3, F3): antes .50 (1.50), Ann's button, so
    // Bob, Cat, Ann are dealt in order. Bob's low card brings in 1, Cat
    // completes to 3, both call: 10.50, less the $4 fee: 6.50.
    d.game("Seven-card stud 3-6")
        .sees(&["BTN Ann", "ante 0.50 each"]);
    d.deal().opens("Bob").sees(&["3RD", "complete to 3"]);
    d.brings_in("Bob", "1").bets("Cat", "3").call("Ann", "3");
    d.call("Bob", "2");
    // B3: Ann shows an open pair on 4th street: the big bet may be made.
    d.dealt("DEAL")
        .opens("Ann")
        .sees(&["4TH", "bet to 3", "pot 6.50"]);
    d.menu(MenuItem::OpenPair)
        .sees(&["bet 3-6"])
        .bets("Ann", "6");
    d.fold("Bob").call("Cat", "6");
    d.street("5TH", "Cat").checks(&["Cat", "Ann"]);
    d.street("6TH", "Ann").checks(&["Ann", "Cat"]);
    d.street("7TH", "Cat").checks(&["Cat", "Ann"]);
    // 6.50 + 12 = 18.50 to Ann, who put in .50 + 3 + 6.
    d.showdown(&[&["Ann"]], &[("Ann", "18.50")]);
    d.settles(&[("Ann", "+9"), ("Bob", "-3.50"), ("Cat", "-9.50")], "4");

    // Stud hi-lo 3-6: Bob's button; Cat brings in, Ann completes, all in
    // for 3: 10.50 less the fee, 6.50, checked down and split 3.25/3.25.
    d.game("Stud hi-lo 3-6").sees(&["BTN Bob"]);
    d.deal().opens("Cat").brings_in("Cat", "1").bets("Ann", "3");
    d.call("Bob", "3").call("Cat", "2");
    d.street("4TH", "Bob").checks(&["Bob", "Cat", "Ann"]);
    d.street("5TH", "Ann").checks(&["Ann", "Bob", "Cat"]);
    d.street("6TH", "Cat").checks(&["Cat", "Ann", "Bob"]);
    d.street("7TH", "Bob").checks(&["Bob", "Cat", "Ann"]);
    d.showdown(&[&["Ann"], &["Cat"]], &[("Ann", "3.25"), ("Cat", "3.25")]);
    d.settles(&[("Ann", "-0.25"), ("Cat", "-0.25"), ("Bob", "-3.50")], "4");

    // Razz 3-6: Cat's button; the high card (Cat's) brings in; Ann
    // completes, both call: 6.50 after the fee. On 4th Bob bets 3, Cat
    // folds, Ann raises to 6, Bob calls: 18.50 to Bob's low.
    d.game("Razz 3-6").sees(&["BTN Cat"]);
    d.deal().opens("Cat").brings_in("Cat", "1").bets("Ann", "3");
    d.call("Bob", "3").call("Cat", "2");
    d.street("4TH", "Bob")
        .bets("Bob", "3")
        .fold("Cat")
        .bets("Ann", "6");
    d.call("Bob", "3");
    d.street("5TH", "Ann").checks(&["Ann", "Bob"]);
    d.street("6TH", "Bob").checks(&["Bob", "Ann"]);
    d.street("7TH", "Ann").checks(&["Ann", "Bob"]);
    d.showdown(&[&["Bob"]], &[("Bob", "18.50")]);
    d.settles(&[("Bob", "+9"), ("Ann", "-9.50"), ("Cat", "-3.50")], "4");
    d.ledger_screen();
}
