//! Issue 32, "What a new dealer met", the legible half: each through the
//! device's presses on the controller, from an empty table, as a new
//! dealer would meet it. Each failed on the panel before issue 32.

use std::sync::Arc;

use dealerd::table::{Night, TableEvent};
use dealerd::ui::{Button, Controller, Dialog, Intent, Mode, Press, View};

use crate::ui_worst::drawn;

fn night(rules: &str) -> Night {
    let rules = match rules {
        "default" => dealerd::rules::load_str("default.toml", dealerd::rules::DEFAULT_TOML),
        file => {
            dealerd::rules::load_file(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file))
        }
    };
    Night::new(Arc::new(rules.unwrap_or_else(|e| panic!("{e}"))))
}

/// Walk-ins as the host seats them without a card: "Guest 1", "Guest 2"...
fn walk_ins(n: &mut Night, count: usize, stack: u64) {
    for i in 0..count {
        n.apply(TableEvent::Join {
            seat: i,
            name: format!("Guest {}", i + 1),
            buy_in: stack,
        })
        .unwrap_or_else(|e| panic!("{e}"));
    }
}

/// One press, its intent applied as the session applies it.
fn press(n: &mut Night, c: &mut Controller, button: Button, long: bool) {
    match c.press(View::of(n), Press { button, long }) {
        Intent::Apply(e) => {
            n.apply(e).unwrap_or_else(|e| panic!("{e}"));
        }
        Intent::ApplyAll(es) => {
            for e in es {
                n.apply(e).unwrap_or_else(|e| panic!("{e}"));
            }
        }
        Intent::Tell(t) => panic!("refused: {t}"),
        _ => {}
    }
}

fn texts(n: &Night, c: &Controller) -> Vec<String> {
    let (texts, faults) = drawn(&View::of(n), c);
    assert!(faults.is_empty(), "{faults:#?}");
    texts
}

/// "Names are cut to 3 letters on the positions line ...: walk-ins read
/// `D Gue SB Gue BB Gue`": now each keeps its number.
#[test]
fn i32_walk_ins_on_the_positions_line_keep_their_numbers() {
    let mut n = night("default");
    walk_ins(&mut n, 3, 100);
    let mut c = Controller::new();
    press(&mut n, &mut c, Button::Ok, false);
    let t = texts(&n, &c);
    let line = t
        .iter()
        .find(|l| l.starts_with("D "))
        .unwrap_or_else(|| panic!("no positions line: {t:?}"));
    for g in ["G1", "G2", "G3"] {
        assert!(line.split(' ').any(|w| w == g), "{g} not in {line:?}");
    }
    assert!(!line.contains("Gue"), "{line:?}");
}

/// "... and the settle-up reads `Guest>Guest 0.75`. Only the QR says which
/// guest": now the line beside the code says which.
#[test]
fn i32_the_settle_up_says_which_guest_pays_which() {
    let mut n = night("default");
    walk_ins(&mut n, 2, 100);
    let mut c = Controller::new();
    press(&mut n, &mut c, Button::Ok, false);
    // Heads-up the button posts the small blind and acts first: a fold.
    press(&mut n, &mut c, Button::Fold, false);
    assert!(!n.table().in_hand(), "the fold ends the hand");
    press(&mut n, &mut c, Button::Ok, true);
    let at = dealerd::ui::MenuItem::offered(n.table(), false)
        .iter()
        .position(|&i| i == dealerd::ui::MenuItem::Ledger)
        .expect("the ledger is on the menu");
    for _ in 0..at {
        press(&mut n, &mut c, Button::Plus, false);
    }
    press(&mut n, &mut c, Button::Ok, false);
    assert_eq!(c.mode, Mode::Ledger);
    let t = texts(&n, &c);
    assert!(
        t.iter().any(|l| l == "G1>G2" || l == "G2>G1"),
        "who pays whom: {t:?}"
    );
    assert!(!t.iter().any(|l| l.contains("Guest>")), "{t:?}");
}

/// "An empty table gives no way in. The first screen shows a cut-off error
/// and no hint how to seat anyone; no screen lists who is seated with
/// their stacks."
#[test]
fn i32_an_empty_table_says_how_to_seat_someone_and_who_is_seated() {
    let mut n = night("config/houses/h1-dealers-choice.toml");
    let mut c = Controller::new();
    let t = texts(&n, &c);
    assert_eq!(t.first().map(String::as_str), Some("NEXT HAND"), "{t:?}");
    assert!(t.iter().any(|l| l.contains("0 seated")), "{t:?}");
    assert!(t.iter().any(|l| l.contains("Seat a player")), "{t:?}");
    assert!(t.iter().any(|l| l.contains("card")), "{t:?}");
    // The seated players, the item before Host, the menu's last: minus
    // twice from the first.
    walk_ins(&mut n, 1, 40);
    press(&mut n, &mut c, Button::Ok, true);
    press(&mut n, &mut c, Button::Minus, false);
    press(&mut n, &mut c, Button::Minus, false);
    press(&mut n, &mut c, Button::Ok, false);
    assert_eq!(c.mode, Mode::Dialog(Dialog::Seated { page: 0 }));
    let t = texts(&n, &c);
    assert!(t.iter().any(|l| l.starts_with("SEATED 1/")), "{t:?}");
    assert!(t.iter().any(|l| l == " 1 Guest 1"), "{t:?}");
    let stack = n.table().money(40);
    assert!(t.contains(&stack), "its stack {stack}: {t:?}");
    press(&mut n, &mut c, Button::Ok, false);
    assert_eq!(c.mode, Mode::Main);
}

/// Ten seated: the list pages, and says so; nobody is left off.
#[test]
fn i32_ten_seated_players_are_listed_on_two_marked_pages() {
    let mut n = night("tests/data/rules/deep-ten.toml");
    walk_ins(&mut n, 10, 99_999);
    let mut c = Controller::new();
    press(&mut n, &mut c, Button::Ok, true);
    press(&mut n, &mut c, Button::Minus, false);
    press(&mut n, &mut c, Button::Minus, false);
    press(&mut n, &mut c, Button::Ok, false);
    let first = texts(&n, &c);
    assert!(first.iter().any(|l| l == "p1/2"), "{first:?}");
    press(&mut n, &mut c, Button::Plus, false);
    let second = texts(&n, &c);
    assert!(second.iter().any(|l| l == "p2/2"), "{second:?}");
    for i in 1..=10 {
        let row = format!("{i:>2} Guest {i}");
        assert!(
            first.contains(&row) != second.contains(&row),
            "{row:?} on one page: {first:?} {second:?}"
        );
    }
    assert_eq!(
        first
            .iter()
            .chain(&second)
            .filter(|l| *l == "99999")
            .count(),
        10
    );
}

/// Pictured (`pictures.rs`): an empty table's first screen.
pub(crate) fn first_screen() -> dealerd::ui::Frame {
    let n = night("config/houses/h1-dealers-choice.toml");
    frame(&n, &Controller::new())
}

/// Pictured: ten walk-ins, the first page of who is seated.
pub(crate) fn seated_ten() -> dealerd::ui::Frame {
    let mut n = night("tests/data/rules/deep-ten.toml");
    walk_ins(&mut n, 10, 99_999);
    let mut c = Controller::new();
    press(&mut n, &mut c, Button::Ok, true);
    press(&mut n, &mut c, Button::Minus, false);
    press(&mut n, &mut c, Button::Minus, false);
    press(&mut n, &mut c, Button::Ok, false);
    frame(&n, &c)
}

/// Pictured: three walk-ins' first hand, the positions line.
pub(crate) fn walk_ins_positions() -> dealerd::ui::Frame {
    let mut n = night("default");
    walk_ins(&mut n, 3, 100);
    let mut c = Controller::new();
    press(&mut n, &mut c, Button::Ok, false);
    frame(&n, &c)
}

fn frame(n: &Night, c: &Controller) -> dealerd::ui::Frame {
    let mut f = dealerd::ui::Frame::new();
    dealerd::ui::screens::draw(&mut f, &View::of(n), c).expect("draws");
    f
}

/// "H0's top shortcut reads `pot 1` where 1 is the house's $1 cap and the
/// pot is 1.50": H0, "Max Bet/Raise: $1", five callers make a pot of 1.25
/// on the flop; the top shortcut is the cap, and says so.
#[test]
fn i32_h0_a_pot_raise_held_to_the_house_cap_is_labelled_cap() {
    let n = crate::ui_screens::night(
        "rules config/houses/h0-pot-limit-home.toml\njoin 1 Ann 20\njoin 2 Bob 20\n\
         join 3 Cat 20\njoin 4 Dan 20\njoin 5 Eve 20\nbutton Ann\ngame Hold'em\ndeal\n\
         Dan call\nEve call\nAnn call\nBob call\nCat check\nflop\n",
    );
    assert_eq!(n.table().live_hand().map(|h| h.state().pot()), Some(25));
    let mut c = Controller::new();
    let mut m = n.clone();
    for _ in 0..4 {
        press(&mut m, &mut c, Button::BetRaise, false);
    }
    let Mode::Entry(e) = &c.mode else {
        panic!("not in entry: {:?}", c.mode);
    };
    assert_eq!(e.amount, e.max);
    assert_eq!(n.table().money(e.max), "1", "the house's $1 cap");
    let t = texts(&n, &c);
    assert!(t.iter().any(|l| l == "cap"), "{t:?}");
    assert!(
        !t.iter().any(|l| l == "pot"),
        "the pot is 1.25, not 1: {t:?}"
    );
}

/// "With the killer in the big blind the flop prompt names the wrong seat
/// as the big blind": H0's kill orbit, Dan wins two pots running and his
/// kill lands in the big blind ("Kill player posts 2x BB (50¢)"); the
/// positions line on the flop prompt names him there, and Cat as the small
/// blind, never Cat as the big.
#[test]
fn i32_f5_the_killer_in_the_big_blind_is_named_there() {
    let n = crate::ui_screens::night(
        "rules config/houses/h0-pot-limit-home.toml\njoin 1 Ann 20\njoin 2 Bob 20\n\
         join 3 Cat 20\njoin 4 Dan 20\nbutton Dan\nkillorbit\n\
         deal\nCat call\nDan raise 0.50\nAnn fold\nBob fold\nCat call\n\
         flop\nCat check\nDan bet 0.25\nCat fold\n\
         deal\nDan raise 0.50\nAnn fold\nBob fold\nCat call\n\
         flop\nCat check\nDan bet 0.25\nCat fold\n\
         expect kill Dan\ndeal\nAnn call\nBob call\nCat call\nDan check\n",
    );
    let c = Controller::new();
    let t = texts(&n, &c);
    assert!(
        t.iter()
            .any(|l| l.starts_with("FLOP") || l.contains("FLOP")),
        "the flop prompt: {t:?}"
    );
    let line = t
        .iter()
        .find(|l| l.starts_with("D "))
        .unwrap_or_else(|| panic!("no positions line: {t:?}"));
    assert_eq!(line, "D Bob SB Cat K/BB Dan", "{t:?}");
}

/// P1: "A pot line read `main 40: Al Mike Guest 1` and silently dropped
/// Jo, who was in that pot and won it." Four all in with long names: the
/// showdown's pot lines name every contender of every pot.
#[test]
fn i32_p1_every_contender_of_every_pot_is_named_at_the_showdown() {
    let n = crate::ui_screens::night(
        "rules tests/data/rules/deep-ten.toml\njoin 1 Alexander 100\njoin 2 Christophe 200\n\
         join 3 Maximilian 300\njoin 4 Jo 400\nbutton Alexander\ndeal\n\
         Jo allin\nAlexander allin\nChristophe allin\nMaximilian allin\nflop\nturn\nriver\n",
    );
    let state = n.table().live_hand().expect("a hand").state();
    assert_eq!(state.phase(), dealerd::engine::Phase::Showdown);
    let mut c = Controller::new();
    let (mut t, _) = drawn(&View::of(&n), &c);
    // Issue 32: the lines under the bar page; OK turns them (it ranks
    // nothing there), and every page is read.
    let pages = page_mark(&t).map_or(1, |(_, p)| p);
    for _ in 1..pages {
        let ok = Press {
            button: Button::Ok,
            long: false,
        };
        assert_eq!(c.press(View::of(&n), ok), Intent::None);
        t.extend(drawn(&View::of(&n), &c).0);
    }
    // Every contender is named, with the seat key that ranks him (the
    // showdown's list, issue 32), each its own: no two drawn alike.
    let keyed: Vec<&str> = t
        .iter()
        .filter(|l| l.contains(':') && !l.starts_with("key"))
        .flat_map(|l| l.split(' '))
        .filter_map(|w| w.split_once(':').map(|(_, name)| name))
        .collect();
    for name in ["Alexander", "Christophe", "Maximilian", "Jo"] {
        assert!(keyed.contains(&name), "{name} named in {t:?}");
    }
    let firsts: std::collections::BTreeSet<char> =
        keyed.iter().filter_map(|w| w.chars().next()).collect();
    assert_eq!(firsts.len(), 4, "each its own: {t:?}");
    assert!(t.iter().all(|l| l.len() <= 25), "{t:?}");
    // Three pots (main and two side pots): each drawn on a page (once
    // counted aloud as not shown; now never left off).
    let shown = t
        .iter()
        .filter(|l| l.starts_with("main ") || l.starts_with("s1 ") || l.starts_with("s2 "))
        .count();
    let untold: usize = t
        .iter()
        .find_map(|l| {
            l.strip_prefix('+')?
                .strip_suffix(" pots not shown")?
                .parse()
                .ok()
        })
        .unwrap_or(0);
    assert_eq!((shown, untold), (3, 0), "every pot shown: {t:?}");
}

/// Three walk-ins play a hand, dealt by OK and folded to the big blind by
/// presses: the night, its controller, and who won.
fn folded_to_the_big_blind() -> (Night, Controller, String) {
    let mut n = night("default");
    walk_ins(&mut n, 3, 100);
    let mut c = Controller::new();
    press(&mut n, &mut c, Button::Ok, false);
    while n.table().in_hand() {
        press(&mut n, &mut c, Button::Fold, false);
    }
    let paid = n.table().paid().expect("a hand paid");
    let [(winner, _)] = paid.as_slice() else {
        panic!("{paid:?}")
    };
    let winner = winner.to_string();
    (n, c, winner)
}

/// Three walk-ins play a hand folded to the big blind; the host ends the
/// session (End session and its confirming OK) and closes the settle-up:
/// the results, and who won the hand.
fn ended_night() -> (Night, Controller, String) {
    use dealerd::ui::HostItem;
    let (mut n, mut c, winner) = folded_to_the_big_blind();
    let before = texts(&n, &c);
    assert!(
        before.iter().any(|l| l.contains(&format!("won {winner} "))),
        "{before:?}"
    );
    let at = HostItem::offered(n.table())
        .iter()
        .position(|&h| h == HostItem::EndSession)
        .expect("listed");
    c.mode = Mode::Dialog(Dialog::HostMenu(at));
    let ok = Press {
        button: Button::Ok,
        long: false,
    };
    for _ in 0..2 {
        match c.press(View::of(&n).host_unlocked(), ok) {
            Intent::Apply(e) => {
                n.apply(e).unwrap_or_else(|e| panic!("{e}"));
            }
            Intent::None => {}
            other => panic!("{other:?}"),
        }
    }
    assert!(n.table().ended());
    // The settle-up stays up until the host closes it; then the results.
    assert_eq!(c.press(View::of(&n).host_unlocked(), ok), Intent::None);
    (n, c, winner)
}

/// "After End session the results name seats (`won seat 2`) instead of
/// players": everyone has cashed out, so the table has no names left, but
/// the hand's winner is still named, told apart from every other player.
#[test]
fn i32_after_end_session_the_last_winners_are_named_not_seats() {
    let (n, c, winner) = ended_night();
    let t = texts(&n, &c);
    assert!(!t.iter().any(|l| l.contains("seat")), "seats named: {t:?}");
    assert!(
        t.iter().any(|l| l.contains(&format!("won {winner} "))),
        "the winner named: {t:?}"
    );
}

/// Pictured: the results after End session.
pub(crate) fn ended_results() -> dealerd::ui::Frame {
    let (n, c, _) = ended_night();
    frame(&n, &c)
}

/// Seven all in at six-figure amounts (`ui_pots::seven_all_ins`): the
/// pots take three lines and the specials one, where "7 ALL-IN" stood and
/// named nobody. Now they page, marked "1/2", and OK on the action screen
/// (which records nothing there) turns the page: every player all in is
/// named on a page.
#[test]
fn i32_specials_that_do_not_fit_page_and_name_everyone() {
    let n = crate::ui_screens::night(crate::ui_pots::SEVEN_ALL_INS);
    let mut c = Controller::new();
    let first = texts(&n, &c);
    let pages: usize = first
        .iter()
        .find_map(|l| l.strip_prefix("1/")?.parse().ok())
        .unwrap_or_else(|| panic!("no page mark: {first:?}"));
    assert!(pages > 1, "{first:?}");
    let mut seen = first.clone();
    for p in 2..=pages {
        press(&mut n.clone(), &mut c, Button::Ok, false);
        let t = texts(&n, &c);
        assert!(t.contains(&format!("{p}/{pages}")), "page {p}: {t:?}");
        seen.extend(t);
    }
    // Round again to the first page; any other press starts there too.
    press(&mut n.clone(), &mut c, Button::Ok, false);
    assert!(texts(&n, &c).contains(&format!("1/{pages}")));
    assert!(!seen
        .iter()
        .any(|l| l.contains("ALL-IN") && l.starts_with(char::is_numeric)));
    let words: Vec<&str> = seen.iter().flat_map(|l| l.split(' ')).collect();
    for name in ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"] {
        assert!(words.contains(&name), "{name} all in, not named: {seen:?}");
    }
}

/// One walk-in, and OK pressed to deal: the table refuses, and the refusal
/// comes up in the message bar over the first screen.
fn refused_on_the_first_screen() -> (Night, Controller, String) {
    let mut n = night("default");
    walk_ins(&mut n, 1, 100);
    let mut c = Controller::new();
    let ok = Press {
        button: Button::Ok,
        long: false,
    };
    let said = match c.press(View::of(&n), ok) {
        Intent::Apply(e) => n.apply(e).expect_err("one player cannot be dealt"),
        other => panic!("{other:?}"),
    };
    (n, c, said.to_string())
}

/// "The message bar laid over a screen can still cut a line": the bar over
/// the first screen cut "Seat a player" in half. Now it starts above any
/// line it would cut ([`crate::ui_worst`] fails on a cut under the bar).
#[test]
fn i32_the_message_bar_never_cuts_a_line_under_it() {
    let (n, c, said) = refused_on_the_first_screen();
    let (t, faults) = drawn(&View::of(&n).with_message(&said), &c);
    assert!(faults.is_empty(), "{faults:#?}");
    assert!(t.iter().any(|l| l.starts_with("a hand needs")), "{t:?}");
}

/// Pictured: the refusal's bar over the first screen.
pub(crate) fn message_over_first_screen() -> dealerd::ui::Frame {
    let (n, c, said) = refused_on_the_first_screen();
    let mut f = dealerd::ui::Frame::new();
    dealerd::ui::screens::draw(&mut f, &View::of(&n).with_message(&said), &c).expect("draws");
    f
}

/// "Anything that moves money out ... (take back a paid pot) names who and
/// how much and asks once": undo after the showdown said only "pots paid".
#[test]
fn i32_taking_back_a_paid_pot_names_who_and_how_much() {
    let f = crate::pictures::pictured("confirm-take-back-pot");
    crate::night::assert_frame_shows(&f, &["Take back?", "Cat wins 6"]);
}

/// The winner of the paid hand leaves his seat by `leave` and a walk-in,
/// Zoe, takes it before the next deal: the hand's result still names who
/// won it, before she sits and after, never "seat N" or the seat's new
/// player.
fn the_result_still_names_the_winner(leave: impl Fn(&Night, usize) -> TableEvent) {
    let (mut n, c, winner) = folded_to_the_big_blind();
    let seat = (0..3)
        .find(|&s| n.table().player(s).is_some_and(|p| *p.name == *winner))
        .expect("seated");
    n.apply(leave(&n, seat)).expect("leaves the seat");
    let named = |n: &Night| {
        let t = texts(n, &c);
        assert!(
            t.iter().any(|l| l.contains(&format!("won {winner} "))),
            "{t:?}"
        );
        assert!(
            !t.iter()
                .any(|l| l.contains("won Zoe") || l.contains("won seat")),
            "{t:?}"
        );
    };
    named(&n);
    n.apply(TableEvent::Join {
        seat,
        name: "Zoe".into(),
        buy_in: 100,
    })
    .expect("sits");
    named(&n);
}

/// The winner cashes out.
#[test]
fn i32_a_winner_who_left_is_named_not_whoever_took_his_seat() {
    the_result_still_names_the_winner(|_, seat| TableEvent::Leave { seat });
}

/// The winner is moved to another seat (it read "won seat 3").
#[test]
fn i32_a_winner_who_moved_seats_is_named_not_his_old_seat() {
    the_result_still_names_the_winner(|n, seat| {
        let to = (0..n.table().seats().len())
            .find(|&s| n.table().player(s).is_none())
            .expect("an empty seat");
        TableEvent::MoveSeat { from: seat, to }
    });
}

/// Six all in at six amounts, long names: the showdown's pots (a main
/// pot and four side pots), the hands to name and the five winners each
/// take more than the panel's four lines under the bar.
const SIX_ALL_INS: &str = "rules tests/data/rules/deep-ten.toml\n\
    join 1 Alexander 100\njoin 2 Alexandra 200\njoin 3 Christophe 300\n\
    join 4 Maximilian 400\njoin 5 Bartholomew 500\njoin 6 Sebastian 600\n\
    button Alexander\ndeal\nMaximilian allin\nBartholomew allin\n\
    Sebastian allin\nAlexander allin\nAlexandra allin\nChristophe allin\n\
    flop\nturn\nriver\n";

/// The page mark ("p1/2") among a screen's texts: (this page, pages).
fn page_mark(t: &[String]) -> Option<(usize, usize)> {
    t.iter().find_map(|l| {
        let (a, b) = l.strip_prefix('p')?.split_once('/')?;
        Some((a.parse().ok()?, b.parse().ok()?))
    })
}

/// The lines under the showdown's bar, without the page mark.
fn under_bar(t: &[String]) -> Vec<String> {
    let bar = t
        .iter()
        .position(|l| l.starts_with("key") || l.starts_with("OK"))
        .unwrap_or_else(|| panic!("no bar: {t:?}"));
    t[bar + 1..]
        .iter()
        .filter(|l| !(l.starts_with('p') && l.contains('/')))
        .cloned()
        .collect()
}

/// Issue 32: "+N pots not shown" hid pots' contenders while the dealer
/// named places, and the "wins:" lines dropped winners past three lines.
/// A six-way all-in with long names: every pot with every contender is on
/// some page before a place is named (OK turns the pages, where it did
/// nothing else); once every pot has a winner, every winner with the
/// amount is on some page, and OK shows the payout's last page before the
/// OK that pays it: an extra OK cannot pay unseen.
#[test]
fn i32_a_six_way_all_in_shows_every_pot_and_every_winner_before_the_paying_ok() {
    let n = crate::ui_screens::night(SIX_ALL_INS);
    let state = n.table().live_hand().expect("a hand").state();
    assert_eq!(state.phase(), dealerd::engine::Phase::Showdown);
    let pots = state.settled_pots();
    assert!(pots.len() >= 5, "{pots:?}");
    let mut c = Controller::new();
    let ok = Press {
        button: Button::Ok,
        long: false,
    };
    // Before any place: the pages, turned by OK, round to the first.
    let first = texts(&n, &c);
    let (_, pages) = page_mark(&first).unwrap_or_else(|| panic!("no page mark: {first:?}"));
    let mut seen = under_bar(&first);
    for p in 2..=pages {
        assert_eq!(c.press(View::of(&n), ok), Intent::None);
        let t = texts(&n, &c);
        assert_eq!(page_mark(&t), Some((p, pages)), "{t:?}");
        seen.extend(under_bar(&t));
    }
    assert_eq!(c.press(View::of(&n), ok), Intent::None);
    assert_eq!(page_mark(&texts(&n, &c)), Some((1, pages)));
    assert!(!seen.iter().any(|l| l.contains("not shown")), "{seen:?}");
    // Each pot's line (it may go on to the next) names all its contenders.
    let words: Vec<&str> = seen.iter().flat_map(|l| l.split(' ')).collect();
    for (i, pot) in pots.iter().enumerate() {
        let head = if i == 0 { "main" } else { &format!("s{i}") };
        let at = words
            .iter()
            .position(|w| *w == head)
            .unwrap_or_else(|| panic!("pot {head} not on any page: {seen:?}"));
        let named = words[at + 2..]
            .iter()
            .take_while(|w| !(w.starts_with('s') && w[1..].parse::<usize>().is_ok()))
            .take_while(|w| !w.contains(':'))
            .count();
        assert_eq!(named, pot.eligible.len(), "{head}'s contenders: {seen:?}");
    }
    // Seats 1 to 5 best first: each wins a pot, and the keys pay nothing.
    for key in [
        Button::Fold,
        Button::CheckCall,
        Button::BetRaise,
        Button::Minus,
        Button::Plus,
    ] {
        let i = c.press(
            View::of(&n),
            Press {
                button: key,
                long: false,
            },
        );
        assert_eq!(i, Intent::None, "{key:?}");
    }
    let t = texts(&n, &c);
    let (at, pages) = page_mark(&t).unwrap_or_else(|| panic!("the payout on one page: {t:?}"));
    assert_eq!(at, 1, "{t:?}");
    assert!(t.iter().any(|l| l.contains("OK: more")), "{t:?}");
    let mut seen = t;
    // The OKs before the last page turn it; none pays.
    for p in 2..=pages {
        assert_eq!(c.press(View::of(&n), ok), Intent::None, "page {p}");
        let t = texts(&n, &c);
        assert_eq!(page_mark(&t), Some((p, pages)), "{t:?}");
        seen.extend(t);
    }
    assert!(seen.iter().any(|l| l.contains("OK pay")), "{seen:?}");
    let all = seen.join(" ");
    for won in [
        "Alexander 600",
        "Alexandra 500",
        "Christophe 400",
        "Maximilian 300",
        "Bartholomew 200",
    ] {
        assert!(all.contains(won), "{won} not on any page: {seen:?}");
    }
    // The OK on the last page pays what the pages showed.
    assert!(
        matches!(c.press(View::of(&n), ok), Intent::Apply(_)),
        "{:?}",
        c.mode
    );
}
