//! H1, dealer's choice: every one of the house's fifteen games from the menu.

use dealerd::ui::{Button, MenuItem};

use super::Dealer;

/// H1 (dealer's choice, no-limit .25/.50): S5 every one of the house's
/// fifteen games picked from the menu, each hand played to its end. G1 the
/// hold'em family (Tahoe, Pineapple and Crazy Pineapple with their discards,
/// Super hold'em); G5 Texas 2-step's paid exchanges and its last round only
/// when someone drew; G6 wild-card charges (Texas league, Bush league's
/// one-at-a-time board, Wild kingdom's Omaha); G2/P4
/// Omaha hi-lo and the declare game; G7 7/27's take-a-card rounds and
/// declarations; G8 Guts in and out, the carried pot and the final hand;
/// G9 Screw your neighbor and Liar's poker lives (Fan tan, which moves no
/// money, is not listed). The button moves every hand (T2).
#[test]
fn h1_dealers_choice_night_s5_g1_g2_g5_g6_g7_g8_g9() {
    let mut d = Dealer::open("h1-dealers-choice.toml");
    // The seed names no buy-in; the file's own choice is 10 to 20.
    d.sits("Ann", "20").sits("Bob", "20").sits("Cat", "20");
    d.button_to("Ann");

    // A limped pot, three-handed: the button calls .50, the small blind
    // .25, the big blind checks: 1.50 in the middle.
    fn limp(d: &mut Dealer, button: &str, small: &str, big: &str) {
        d.deal();
        d.call(button, "0.50").call(small, "0.25").check(big);
    }

    // Texas hold'em: Ann on the button.
    d.game("Texas hold'em");
    limp(&mut d, "Ann", "Bob", "Cat");
    d.sees(&["DEAL THE FLOP"])
        .board()
        .check("Bob")
        .bets("Cat", "1")
        .fold("Ann")
        .call("Bob", "1");
    d.board()
        .checks(&["Bob", "Cat"])
        .board()
        .checks(&["Bob", "Cat"]);
    // 1.50 + 2 = 3.50 to Bob, who put in 1.50.
    d.showdown(&[&["Bob"]], &[("Bob", "3.50")]);
    d.settles(&[("Bob", "+2"), ("Cat", "-1.50"), ("Ann", "-0.50")], "0");

    // Tahoe: Bob's button. Checked down; Ann wins the 1.50.
    d.game("Tahoe").sees(&["BTN Bob"]);
    limp(&mut d, "Bob", "Cat", "Ann");
    // Only Texas hold'em lets a player fold when checking is free.
    d.board().refused(Button::Fold, "checking is free");
    d.checks(&["Cat", "Ann", "Bob"]);
    for _ in 0..2 {
        d.board().checks(&["Cat", "Ann", "Bob"]);
    }
    d.showdown(&[&["Ann"]], &[("Ann", "1.50")]);
    d.settles(&[("Ann", "+1"), ("Bob", "-0.50"), ("Cat", "-0.50")], "0");

    // Pineapple: everyone discards one after the pre-flop betting.
    d.game("Pineapple").sees(&["BTN Cat"]);
    limp(&mut d, "Cat", "Ann", "Bob");
    d.discards("Ann").discards("Bob").discards("Cat");
    for _ in 0..3 {
        d.board().checks(&["Ann", "Bob", "Cat"]);
    }
    d.showdown(&[&["Cat"]], &[("Cat", "1.50")]);
    d.settles(&[("Cat", "+1"), ("Ann", "-0.50"), ("Bob", "-0.50")], "0");

    // Crazy pineapple: the discard comes after the flop betting.
    d.game("Crazy pineapple").sees(&["BTN Ann"]);
    limp(&mut d, "Ann", "Bob", "Cat");
    d.board().checks(&["Bob", "Cat", "Ann"]);
    d.discards("Bob").discards("Cat").discards("Ann");
    d.board().checks(&["Bob", "Cat", "Ann"]);
    d.board().checks(&["Bob", "Cat", "Ann"]);
    d.showdown(&[&["Ann"]], &[("Ann", "1.50")]);
    d.settles(&[("Ann", "+1"), ("Bob", "-0.50"), ("Cat", "-0.50")], "0");

    // Super hold'em: Bob raises to 1.50, Cat folds, Ann calls; Bob's flop
    // bet takes it. Pot .25 + 1.50 + 1.50 = 3.25; his 2 comes back.
    d.game("Super hold'em").sees(&["BTN Bob"]);
    d.deal().bets("Bob", "1.50").fold("Cat").call("Ann", "1");
    d.board().check("Ann").bets("Bob", "2").fold("Ann");
    d.settles(&[("Bob", "+1.75"), ("Ann", "-1.50"), ("Cat", "-0.25")], "0");

    // Texas 2-step (G5): after the flop round each may exchange at .25 a
    // card: Ann takes 1 (.25), Cat 2 (.50). After the turn round at .50 a
    // card: nobody. After the river round at .75 a card: Bob takes 1, so a
    // last round is played. Pot 1.50 + .25 + .50 + .75 = 3 to Bob.
    d.game("Texas 2-step").sees(&["BTN Cat"]);
    limp(&mut d, "Cat", "Ann", "Bob");
    d.board().checks(&["Ann", "Bob", "Cat"]);
    d.draws("Ann", 1)
        .draws("Bob", 0)
        .draws("Cat", 2)
        .sees(&["pot 2.25"]);
    d.board().checks(&["Ann", "Bob", "Cat"]);
    d.draws("Ann", 0).draws("Bob", 0).draws("Cat", 0);
    d.board().checks(&["Ann", "Bob", "Cat"]);
    d.draws("Ann", 0).draws("Bob", 1).draws("Cat", 0);
    d.sees(&["pot 3"]).checks(&["Ann", "Bob", "Cat"]);
    d.showdown(&[&["Bob"]], &[("Bob", "3")]);
    d.settles(&[("Bob", "+1.75"), ("Ann", "-0.75"), ("Cat", "-1")], "0");

    // Texas league (G6): a wild card on the flop costs each live player .25;
    // until someone acts the footer says where the charge is recorded.
    d.game("Texas league").sees(&["BTN Ann"]);
    limp(&mut d, "Ann", "Bob", "Cat");
    d.board().sees(&["WILD 0.25ea? MENU"]);
    d.menu(MenuItem::WildCard).sees(&["pot 2.25"]);
    d.checks(&["Bob", "Cat", "Ann"]);
    d.board().checks(&["Bob", "Cat", "Ann"]);
    d.board().checks(&["Bob", "Cat", "Ann"]);
    d.showdown(&[&["Cat"]], &[("Cat", "2.25")]);
    d.settles(&[("Cat", "+1.50"), ("Ann", "-0.75"), ("Bob", "-0.75")], "0");

    // Bush league (G6, Omaha): "Common cards are exposed one-at-a-time with
    // betting prior to each exposure and after the last exposure": five
    // single cards, a round after each. The wild card costs the minimum
    // bet, .50.
    d.game("Bush league").sees(&["BTN Bob"]);
    limp(&mut d, "Bob", "Cat", "Ann");
    d.sees(&["DEAL BOARD 1"]).dealt("DEAL BOARD 1");
    d.menu(MenuItem::WildCard).sees(&["pot 3"]);
    d.checks(&["Cat", "Ann", "Bob"]);
    for n in 2..=5 {
        d.dealt(&format!("DEAL BOARD {n}"))
            .checks(&["Cat", "Ann", "Bob"]);
    }
    d.showdown(&[&["Ann"]], &[("Ann", "3")]);
    d.settles(&[("Ann", "+2"), ("Bob", "-1"), ("Cat", "-1")], "0");

    // Wild kingdom (G6): Omaha, "Common wild cards require an additional
    // ante per player": a wild card on the flop costs each player .25 more.
    d.game("Wild kingdom").sees(&["BTN Cat"]);
    limp(&mut d, "Cat", "Ann", "Bob");
    d.board().menu(MenuItem::WildCard).sees(&["pot 2.25"]);
    d.checks(&["Ann", "Bob", "Cat"]);
    d.board().checks(&["Ann", "Bob", "Cat"]);
    d.board().checks(&["Ann", "Bob", "Cat"]);
    d.showdown(&[&["Bob"]], &[("Bob", "2.25")]);
    d.settles(&[("Bob", "+1.50"), ("Ann", "-0.75"), ("Cat", "-0.75")], "0");

    // Omaha hi-lo (G2, P4): Cat's high and Bob's low share the 1.50.
    d.game("Omaha").sees(&["BTN Ann"]);
    limp(&mut d, "Ann", "Bob", "Cat");
    for _ in 0..3 {
        d.board().checks(&["Bob", "Cat", "Ann"]);
    }
    d.showdown(&[&["Cat"], &["Bob"]], &[("Cat", "0.75"), ("Bob", "0.75")]);
    d.settles(&[("Cat", "+0.25"), ("Bob", "+0.25"), ("Ann", "-0.50")], "0");

    // Omaha high-low declare (G2): after the river each declares; Bob wins
    // the high among Cat and Bob, Ann alone goes low.
    d.game("Omaha high-low declare").sees(&["BTN Bob"]);
    limp(&mut d, "Bob", "Cat", "Ann");
    for _ in 0..3 {
        d.board().checks(&["Cat", "Ann", "Bob"]);
    }
    d.declares("Cat", "HIGH")
        .declares("Ann", "LOW")
        .declares("Bob", "HIGH");
    d.showdown(&[&["Bob"], &["Ann"]], &[("Bob", "0.75"), ("Ann", "0.75")]);
    d.settles(&[("Bob", "+0.25"), ("Ann", "+0.25"), ("Cat", "-0.50")], "0");

    // 7/27 (G7): antes .25 (pot .75), Cat's button. Each round every
    // player may take a card, then bet; the rounds repeat until nobody
    // takes one, then everyone declares.
    d.game("7/27").sees(&["BTN Cat"]);
    d.deal().draws("Ann", 1).draws("Bob", 0).draws("Cat", 0);
    d.bets("Ann", "0.25")
        .call("Bob", "0.25")
        .call("Cat", "0.25");
    // Somebody took a card: another round, led one seat on (Bob).
    d.draws("Bob", 0).draws("Cat", 0).draws("Ann", 0);
    d.checks(&["Bob", "Cat", "Ann"]);
    d.declares("Ann", "HIGH")
        .declares("Bob", "LOW")
        .declares("Cat", "HIGH");
    // 1.50: Ann nearest 27, Bob nearest 7, .75 each.
    d.showdown(&[&["Ann"], &["Bob"]], &[("Ann", "0.75"), ("Bob", "0.75")]);
    d.settles(&[("Ann", "+0.25"), ("Bob", "+0.25"), ("Cat", "-0.50")], "0");

    // Guts (G8): Ann's button; the empty pot takes .25 antes (.75). Bob
    // and Ann are in, Cat out; Ann's hand is best: she takes the .75 and
    // Bob matches it up to the .50 Terrill cap, which carries over.
    d.game("Guts").sees(&["BTN Ann", "pot 0.75"]);
    d.deal().sees(&["pot 0.75"]);
    d.guts("Bob", true).guts("Cat", false).guts("Ann", true);
    d.guts_best("Ann");
    assert_eq!(d.table().guts().pot, 2, "Bob's .50 carries over");
    // The pot carries: no other game until its final hand.
    d.menu(MenuItem::GutsFinal)
        .sees(&["Guts", "BTN Bob", "pot 0.50"]);
    d.deal().sees(&["pot 0.50"]);
    d.guts("Cat", true).guts("Ann", true).guts("Bob", true);
    d.guts_best("Cat");
    // Ann +.75 - .25; Bob -.25 - .50; Cat -.25 + .50.
    d.settles(&[("Ann", "+0.50"), ("Bob", "-0.75"), ("Cat", "+0.25")], "0");

    // Screw your neighbor (G9): Cat's button; four lives at .25 each are
    // staked up front ($3). Ann and Bob lose all theirs: Cat takes it.
    d.game("Screw your neighbor").sees(&["BTN Cat", "pot 3"]);
    d.deal();
    for _ in 0..4 {
        d.loses_life("Ann").loses_life("Bob");
    }
    d.settles(&[("Cat", "+2"), ("Ann", "-1"), ("Bob", "-1")], "0");

    // Liar's poker (G9): two markers at .25; Bob and Ann lose theirs.
    d.game("Liar's poker").sees(&["BTN Ann", "pot 1.50"]);
    d.deal();
    d.loses_life("Bob").loses_life("Ann").loses_life("Bob");
    d.loses_life("Ann");
    d.settles(&[("Cat", "+1"), ("Ann", "-0.50"), ("Bob", "-0.50")], "0");

    // Fan tan moves no money: H1's file does not list it (`dealerd check`
    // refuses a listed game the table cannot deal, issue 33).
    assert!(d.table().rules().games.iter().all(|g| g.name != "Fan tan"));
    d.books().ledger_screen();
}
