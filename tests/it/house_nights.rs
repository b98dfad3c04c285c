//! A night at each of the five shipped houses (config/houses/h0..h4), played
//! on a headless [`Stored`] through the device's own inputs only: the
//! players sit down with their cards (a `[[card]]` list appended to the
//! house file, as a host would), and everything after that is button
//! presses: the draw for the button (T6), the dealer's choice of each game
//! from the menu (S5), posting and dealing, every bet, call, fold, draw,
//! declaration, stud opener and bring-in (F3, G3), the showdown ranking
//! (P2), Guts calls (G8), lives lost (G9) and wild-card charges (G6).
//! Every game each house lists is dealt at least once and played to its end.
//!
//! The script checks what the dealer reads: the game picked, the player to
//! act before every action (name on the screen, and the table agreeing),
//! stud streets and the bring-in, the amount entered before it is
//! confirmed, and what the showdown pays. After every hand the stacks are
//! checked against the chips worked out by hand from the house rules (each
//! hand's comment does the sum), and the books balance (M5): chips on the
//! table equal money in less money out, and the house's fees are what the
//! rules say.

use std::collections::BTreeMap;
use std::time::Duration;

use dealerd::daemon::session::{Input, RulesSource};
use dealerd::daemon::store::{Storage, Stored};
use dealerd::engine::Phase;
use dealerd::rules::{parse_uid, Decimal};
use dealerd::table::Table;
use dealerd::ui::render::to_terminal;
use dealerd::ui::{Button, Frame, MenuItem, Mode, Press};

use crate::night::shows;

fn uid(name: &str) -> Vec<u8> {
    let n = match name {
        "Ann" => 1,
        "Bob" => 2,
        "Cat" => 3,
        _ => panic!("no card for {name}"),
    };
    parse_uid(&format!("04:00:00:{n:02}")).expect("a uid")
}

/// The dealer at one house: a session on virtual time, and what the script
/// expects each player to hold.
struct Dealer {
    s: Stored,
    now: Duration,
    /// Expected stacks by name, in units of the house.
    stacks: BTreeMap<String, i64>,
    /// Expected fees taken so far, in units.
    fees: i64,
    /// The last press, for failure messages.
    last: String,
}

impl Dealer {
    fn open(file: &str) -> Dealer {
        let path = format!("{}/config/houses/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the house file");
        let s = Stored::open(
            &RulesSource::file(
                path.as_str(),
                format!("{text}\n{}", crate::common::PLAYER_CARDS),
            ),
            &Storage::default(),
        )
        .expect("the house opens");
        Dealer {
            s,
            now: Duration::ZERO,
            stacks: BTreeMap::new(),
            fees: 0,
            last: String::new(),
        }
    }

    fn table(&self) -> &Table {
        self.s.night().table()
    }

    fn frame(&self) -> Frame {
        self.s.frame()
    }

    /// An amount as the house writes it ("2.50"), in units.
    fn units(&self, amount: &str) -> i64 {
        let unit = self.table().rules().house.unit;
        let d = Decimal::parse(amount.trim_start_matches(['+', '-']))
            .unwrap_or_else(|| panic!("not an amount: {amount}"));
        let u = d
            .in_units(&unit)
            .unwrap_or_else(|| panic!("{amount} is not a whole number of units"));
        let u = i64::try_from(u).expect("fits");
        if amount.starts_with('-') {
            -u
        } else {
            u
        }
    }

    fn money(&self, units: u64) -> String {
        self.table().money(units)
    }

    fn input(&mut self, input: Input) {
        self.now += Duration::from_secs(1);
        self.s.handle(input, self.now);
    }

    /// One press; the device must take it without a refusal on the screen.
    fn press_as(&mut self, button: Button, long: bool) -> &mut Self {
        self.last = format!("{button:?}{}", if long { " (held)" } else { "" });
        self.input(Input::Press(Press { button, long }));
        if let Some(m) = self.s.refusal() {
            panic!(
                "{} was refused: {m}\n{}",
                self.last,
                to_terminal(&self.frame())
            );
        }
        self
    }

    fn press(&mut self, button: Button) -> &mut Self {
        self.press_as(button, false)
    }

    /// A press the device refuses, saying why on the screen.
    fn refused(&mut self, button: Button, why: &str) -> &mut Self {
        self.last = format!("{button:?}");
        self.input(Input::Press(Press {
            button,
            long: false,
        }));
        let m = self.s.message().unwrap_or_default().to_string();
        assert!(m.contains(why), "refused with {m:?}, not {why:?}");
        let f = self.frame();
        let first = m.split_whitespace().next().unwrap_or_default();
        assert!(
            shows(&f, first),
            "the refusal is on the screen:\n{}",
            to_terminal(&f)
        );
        self
    }

    fn long(&mut self, button: Button) -> &mut Self {
        self.press_as(button, true)
    }

    /// The screen shows each of `texts`.
    fn sees(&mut self, texts: &[&str]) -> &mut Self {
        let f = self.frame();
        for t in texts {
            assert!(
                shows(&f, t),
                "the screen should show {t:?} (after {}):\n{}",
                self.last,
                to_terminal(&f)
            );
        }
        self
    }

    fn sees_not(&mut self, text: &str) -> &mut Self {
        let f = self.frame();
        assert!(
            !shows(&f, text),
            "the screen should not show {text:?}:\n{}",
            to_terminal(&f)
        );
        self
    }

    fn seat_of(&self, name: &str) -> usize {
        self.table()
            .seats()
            .iter()
            .position(|p| p.as_ref().is_some_and(|p| *p.name == *name))
            .unwrap_or_else(|| panic!("{name} is not seated"))
    }

    fn name_at(&self, seat: usize) -> String {
        self.table()
            .player(seat)
            .map_or_else(|| format!("seat {}", seat + 1), |p| p.name.to_string())
    }

    // ---- seating and the menu ----

    /// A player taps their card, takes the first empty seat, and buys in
    /// for `amount`: the dialog opens at the house's usual buy-in, and
    /// plus/minus (held: big chips) bring it to the amount.
    fn sits(&mut self, name: &str, amount: &str) -> &mut Self {
        self.last = format!("{name}'s card");
        self.input(Input::Tap(uid(name)));
        self.sees(&[&format!("Seat {name}")]).press(Button::Ok);
        let target = u64::try_from(self.units(amount)).expect("a buy-in");
        for _ in 0..200 {
            let Mode::Dialog(dealerd::ui::Dialog::Amount { amount: at, .. }) =
                self.s.controller().mode.clone()
            else {
                panic!("no buy-in dialog:\n{}", to_terminal(&self.frame()));
            };
            if at == target {
                break;
            }
            let big = target.abs_diff(at) >= at / 4;
            let b = if at < target {
                Button::Plus
            } else {
                Button::Minus
            };
            self.press_as(b, big);
        }
        let shown = self.money(target);
        self.sees(&[&format!("{name} buys in"), &shown])
            .press(Button::Ok);
        let seat = self.seat_of(name);
        assert_eq!(self.table().player(seat).map(|p| p.stack), Some(target));
        self.stacks.insert(name.to_string(), self.units(amount));
        self
    }

    /// Long OK opens the menu; plus goes down to `item`, OK picks it.
    fn menu(&mut self, item: MenuItem) -> &mut Self {
        // As the device lists them: a house with no host card has no lock,
        // so the host's items are there too.
        let items = MenuItem::offered(self.table(), self.s.view().is_host());
        let i = items
            .iter()
            .position(|&m| m == item)
            .unwrap_or_else(|| panic!("{item:?} is not on the menu: {items:?}"));
        self.long(Button::Ok).sees(&["MENU"]);
        for _ in 0..i {
            self.press(Button::Plus);
        }
        let label = item.label(self.table());
        self.sees(&[&label]).press(Button::Ok)
    }

    /// On a seat picker, plus until `name` shows, then OK.
    fn pick(&mut self, name: &str) -> &mut Self {
        for _ in 0..10 {
            if shows(&self.frame(), name) {
                return self.press(Button::Ok);
            }
            self.press(Button::Plus);
        }
        panic!("{name} never came up:\n{}", to_terminal(&self.frame()));
    }

    /// T6: the draw for the button, entered from the menu.
    fn button_to(&mut self, name: &str) -> &mut Self {
        self.menu(MenuItem::Button).sees(&["Button"]).pick(name);
        assert_eq!(self.table().button(), Some(self.seat_of(name)));
        self
    }

    /// S5: the dealer's choice from the menu: plus through the house's
    /// games (the screen names each with its stakes) to `name`, OK.
    fn choose(&mut self, name: &str) -> &mut Self {
        let games = &self.table().rules().games;
        let n = games.len();
        let target = games
            .iter()
            .position(|g| g.name == name)
            .unwrap_or_else(|| panic!("{name} is not a game of the house"));
        let from = self.table().game();
        self.menu(MenuItem::Game).sees(&["GAME"]);
        for _ in 0..(target + n - from) % n {
            self.press(Button::Plus);
        }
        // The name whole: one line while it fits the panel, else its first
        // line (the picker wraps long names onto two).
        let first: String = if name.chars().count() <= 18 {
            name.to_string()
        } else {
            let mut line = String::new();
            for w in name.split_whitespace() {
                if !line.is_empty() && line.len() + 1 + w.len() > 21 {
                    break;
                }
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(w);
            }
            line
        };
        self.sees(&[&first, &format!("{}/{n}", target + 1)])
            .press(Button::Ok);
        assert_eq!(self.table().game(), target);
        self
    }

    /// The dealer's choice, and between hands the screen names the game
    /// about to be dealt.
    fn game(&mut self, name: &str) -> &mut Self {
        self.choose(name).sees(&[name, "OK deal"])
    }

    // ---- a hand ----

    /// OK deals the next hand (the blinds and antes go in, the first cards out).
    fn deal(&mut self) -> &mut Self {
        let hands = self.table().hands_dealt();
        self.press(Button::Ok);
        assert_eq!(self.table().hands_dealt(), hands + 1, "OK deals");
        self
    }

    /// The table seat the hand waits on (a bet or an exchange).
    fn to_act(&self) -> Option<String> {
        let h = self.table().live_hand()?;
        let hs = h.state().to_act()?;
        Some(self.name_at(h.order[hs]))
    }

    /// `name` is to act, by the table and on the screen.
    fn turn(&mut self, name: &str) -> &mut Self {
        assert_eq!(
            self.to_act().as_deref(),
            Some(name),
            "after {}:\n{}",
            self.last,
            to_terminal(&self.frame())
        );
        self.sees(&[name])
    }

    fn check(&mut self, name: &str) -> &mut Self {
        self.turn(name).sees(&["check"]).press(Button::CheckCall)
    }

    fn call(&mut self, name: &str, owed: &str) -> &mut Self {
        self.turn(name)
            .sees(&[&format!("call {owed}")])
            .press(Button::CheckCall)
    }

    /// A round checked through, in the order given.
    fn checks(&mut self, names: &[&str]) -> &mut Self {
        for name in names {
            self.check(name);
        }
        self
    }

    fn fold(&mut self, name: &str) -> &mut Self {
        self.turn(name).press(Button::Fold)
    }

    /// F3: the call button posts the bring-in, and the screen says so.
    fn brings_in(&mut self, name: &str, amount: &str) -> &mut Self {
        self.turn(name)
            .sees(&[&format!("bring-in {amount}")])
            .sees_not("check")
            .press(Button::CheckCall)
    }

    /// A bet, raise or completion to `to`: the presses are the shortest the
    /// device's own amount entry finds ([`AmountEntry::path_to`]), the
    /// amount is read off the screen before OK.
    fn bets(&mut self, name: &str, to: &str) -> &mut Self {
        self.turn(name);
        let target = u64::try_from(self.units(to)).expect("an amount");
        // Fixed limit: the screen names the one amount and one press records it.
        let fixed = self
            .table()
            .live_hand()
            .and_then(|h| h.state().fixed_amount());
        if let Some(x) = fixed {
            assert_eq!(
                x,
                target,
                "{name}: fixed limit allows only {}",
                self.money(x)
            );
            let shown = format!(" to {}", self.money(target));
            return self.sees(&[&shown]).press(Button::BetRaise);
        }
        let entry = self
            .s
            .controller()
            .entry_for(self.table())
            .unwrap_or_else(|| panic!("{name} may not bet:\n{}", to_terminal(&self.frame())));
        let path = entry.path_to(target).unwrap_or_else(|| {
            panic!(
                "{to} is outside {}..{}",
                self.money(entry.min),
                self.money(entry.max)
            )
        });
        let (ok, presses) = path.split_last().expect("a path");
        for p in presses {
            self.press_as(p.button, p.long);
        }
        let verb = if self
            .table()
            .live_hand()
            .expect("a hand")
            .state()
            .current_bet()
            == 0
        {
            "BET TO"
        } else {
            "RAISE TO"
        };
        let shown = self.money(target);
        self.sees(&[verb, &shown]).press_as(ok.button, ok.long)
    }

    /// A deal prompt: the screen says what to deal, OK when it is out.
    fn dealt(&mut self, what: &str) -> &mut Self {
        assert!(
            matches!(
                self.table().live_hand().map(|h| h.state().phase()),
                Some(Phase::Dealing(_))
            ),
            "no deal prompt after {}:\n{}",
            self.last,
            to_terminal(&self.frame())
        );
        self.sees(&[what, "OK"]).press(Button::Ok)
    }

    /// The board: flop, turn, river, each a deal prompt.
    fn board(&mut self) -> &mut Self {
        self.dealt("DEAL THE")
    }

    /// A stud street: OK when its cards are out, the dealer names who
    /// opens (best showing, G3), and the screen names the street ("4TH",
    /// not "R2/5").
    fn street(&mut self, street: &str, opener: &str) -> &mut Self {
        self.dealt("DEAL").opens(opener).sees(&[street])
    }

    /// Stud and the like: the dealer names who opens (G3).
    fn opens(&mut self, name: &str) -> &mut Self {
        self.sees(&["WHO OPENS?"]).pick(name);
        self.turn(name)
    }

    /// An exchange: `name` draws (discards, takes) `n` cards. One to three
    /// are one press of the button the screen names for them (issue 22);
    /// none is OK on the 0 the screen opens with; more are counted up with
    /// plus, then OK.
    fn draws(&mut self, name: &str, n: usize) -> &mut Self {
        self.turn(name).sees(&["draws 0"]);
        let key = [
            (1, Button::Fold, "F:1"),
            (2, Button::CheckCall, "C:2"),
            (3, Button::BetRaise, "B:3"),
        ];
        if let Some(&(_, b, said)) = key.iter().find(|k| k.0 == n) {
            return self.sees(&[said]).press(b);
        }
        for _ in 0..n {
            self.press(Button::Plus);
        }
        self.sees(&[&format!("draws {n}")]).press(Button::Ok)
    }

    /// A pineapple discard: exactly one card, so nothing to choose (G1).
    fn discards(&mut self, name: &str) -> &mut Self {
        self.turn(name).sees(&["discards 1"]).press(Button::Ok)
    }

    /// A declaration: "HIGH", "LOW" or "BOTH".
    fn declares(&mut self, name: &str, what: &str) -> &mut Self {
        // The side in the large font, whole; the verb in the hint.
        let big = |w: &str| w.to_string();
        self.turn(name).sees(&["HIGH", "declares:"]);
        let i = ["HIGH", "LOW", "BOTH"]
            .iter()
            .position(|&w| w == what)
            .expect("a declaration");
        for _ in 0..i {
            self.press(Button::Plus);
        }
        self.sees(&[&big(what)]).press(Button::Ok)
    }

    /// G8: `name` calls in (check/call) or out (fold), in turn.
    fn guts(&mut self, name: &str, stays_in: bool) -> &mut Self {
        let seat = self.table().guts_to_call();
        assert_eq!(seat.map(|s| self.name_at(s)).as_deref(), Some(name));
        self.sees(&["GUTS", name, "CALL in  FOLD out"]);
        self.press(if stays_in {
            Button::CheckCall
        } else {
            Button::Fold
        })
    }

    /// G8: the dealer names the best hand among those in.
    fn guts_best(&mut self, name: &str) -> &mut Self {
        self.sees(&["BEST HAND?"]).pick(name);
        assert!(self.table().guts().round.is_none(), "the Guts hand is over");
        self
    }

    /// G9: `name` loses a life (a marker), from the menu.
    fn loses_life(&mut self, name: &str) -> &mut Self {
        self.menu(MenuItem::LoseLife)
            .sees(&["Lose a life"])
            .pick(name)
    }

    /// P2: the showdown ranking, one side at a time (high, then low where
    /// the game splits): each side lists its hands best first, "A=B" a tie;
    /// an empty side or a short one is closed with bet/raise ("the rest
    /// cannot win"). Each place is OK (which ends the side once every pot
    /// has its winner, and on the last side pays); in a tie, each hand but
    /// the last is check/call. A side ended by bet/raise shows what each is
    /// paid, and OK pays. Once paid, the screen says who won what.
    fn showdown(&mut self, sides: &[&[&str]], paid: &[(&str, &str)]) -> &mut Self {
        self.sees(&["SHOWDOWN"]);
        let hands = self.table().hands_dealt();
        let paid_now = |me: &Self| me.table().hand().is_some_and(|h| h.settled);
        for side in sides {
            let before = self.ranking_sides_done();
            for group in side.iter() {
                let names: Vec<&str> = group.split('=').collect();
                for (i, name) in names.iter().enumerate() {
                    let cursor = format!("> {name}");
                    let mut found = false;
                    for _ in 0..10 {
                        if shows(&self.frame(), &cursor) {
                            found = true;
                            break;
                        }
                        self.press(Button::Plus);
                    }
                    assert!(
                        found,
                        "{name} never came up:\n{}",
                        to_terminal(&self.frame())
                    );
                    // A tie: check/call keeps the place open; the last of
                    // the tied hands is OK.
                    self.press(if i + 1 < names.len() {
                        Button::CheckCall
                    } else {
                        Button::Ok
                    });
                }
            }
            if !paid_now(self) && self.ranking_sides_done() == before {
                self.press(Button::BetRaise);
            }
        }
        if !paid_now(self) {
            self.sees(&["OK pay"]);
            for (name, amount) in paid {
                self.sees(&[name, amount]);
            }
            self.press(Button::Ok);
        }
        assert!(paid_now(self), "hand {hands} is paid");
        for (name, amount) in paid {
            self.sees(&[name, amount]);
        }
        self
    }

    fn ranking_sides_done(&self) -> usize {
        match &self.s.controller().mode {
            Mode::Ranking(r) => r.done.len(),
            _ => 0,
        }
    }

    /// The hand (or game) is over: each player's stack moved by the amount
    /// given (worked out by hand from the rules), the house took `fee`, and
    /// the books balance.
    fn settles(&mut self, moves: &[(&str, &str)], fee: &str) -> &mut Self {
        assert!(
            !self.table().in_hand(),
            "the hand is not over:\n{}",
            to_terminal(&self.frame())
        );
        let fee = self.units(fee);
        let mut sum = 0;
        for (name, delta) in moves {
            let d = self.units(delta);
            sum += d;
            *self.stacks.get_mut(*name).expect("a player") += d;
        }
        assert_eq!(sum, -fee, "the moves of {moves:?} do not add up to the fee");
        self.fees += fee;
        self.books();
        self
    }

    /// The stacks are what the script expects, the fees are the house's,
    /// and every chip is accounted for (M5).
    fn books(&mut self) -> &mut Self {
        let t = self.table();
        for (name, &want) in &self.stacks {
            let seat = self.seat_of(name);
            let has = t.player(seat).map_or(0, |p| p.stack);
            assert_eq!(
                i64::try_from(has).expect("fits"),
                want,
                "{name} has {}, the rules say {}",
                t.money(has),
                t.money(u64::try_from(want).unwrap_or(0))
            );
        }
        let l = t.ledger();
        assert_eq!(i64::try_from(l.fees()).expect("fits"), self.fees);
        assert_eq!(t.chips_on_table(), l.money_in() - l.money_out());
        let held: i64 = self.stacks.values().sum();
        assert_eq!(
            held + self.fees,
            i64::try_from(l.money_in() - l.money_out()).expect("fits")
        );
        self
    }

    /// The ledger screen from the menu (M5): who pays whom, the largest
    /// transfer first, or that everyone is even.
    fn ledger_screen(&mut self) -> &mut Self {
        let first = self.table().settle_up().into_iter().next();
        let texts = match first {
            Some(t) => vec![
                format!("{}>{}", short(&t.from), short(&t.to)),
                self.money(t.amount),
            ],
            None => vec!["all even".to_string()],
        };
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        self.menu(MenuItem::Ledger).sees(&texts).press(Button::Ok)
    }
}

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

/// H1 (dealer's choice, no-limit .25/.50): S5 every one of the house's
/// sixteen games picked from the menu, each hand played to its end. G1 the
/// hold'em family (Tahoe, Pineapple and Crazy Pineapple with their discards,
/// Super hold'em); G5 Texas 2-step's paid exchanges and its last round only
/// when someone drew; G6 wild-card charges (Texas league, Bush league);
/// G3/F3 Wild kingdom's stud bring-in with spread-limit bets (B6); G2/P4
/// Omaha hi-lo and the declare game; G7 7/27's take-a-card rounds and
/// declarations; G8 Guts in and out, the carried pot and the final hand;
/// G9 Screw your neighbor and Liar's poker lives; Fan tan, which moves no
/// money, refused with the reason. The button moves every hand (T2).
#[test]
fn h1_dealers_choice_night_s5_g1_g2_g3_g5_g6_g7_g8_g9() {
    let mut d = Dealer::open("h1-dealers-choice.toml");
    // The house names no buy-in: the dialog starts at one chip.
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
    for _ in 0..3 {
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

    // Texas league (G6): a wild card on the flop costs each live player .25.
    d.game("Texas league").sees(&["BTN Ann"]);
    limp(&mut d, "Ann", "Bob", "Cat");
    d.board().menu(MenuItem::WildCard).sees(&["pot 2.25"]);
    d.checks(&["Bob", "Cat", "Ann"]);
    d.board().checks(&["Bob", "Cat", "Ann"]);
    d.board().checks(&["Bob", "Cat", "Ann"]);
    d.showdown(&[&["Cat"]], &[("Cat", "2.25")]);
    d.settles(&[("Cat", "+1.50"), ("Ann", "-0.75"), ("Bob", "-0.75")], "0");

    // Bush league (G6, Omaha): the wild card costs the minimum bet, .50.
    d.game("Bush league").sees(&["BTN Bob"]);
    limp(&mut d, "Bob", "Cat", "Ann");
    d.board().menu(MenuItem::WildCard).sees(&["pot 3"]);
    d.checks(&["Cat", "Ann", "Bob"]);
    d.board().checks(&["Cat", "Ann", "Bob"]);
    d.board().checks(&["Cat", "Ann", "Bob"]);
    d.showdown(&[&["Ann"]], &[("Ann", "3")]);
    d.settles(&[("Ann", "+2"), ("Bob", "-1"), ("Cat", "-1")], "0");

    // Wild kingdom (G3, B6, G6): stud, antes .25 (pot .75), Cat's button so
    // Ann, Bob, Cat are dealt in order. A wild card among the upcards costs
    // each player another ante (.75 more). Ann brings in .25, both call.
    // Spread limit: any bet from .25 to 1.
    d.game("Wild kingdom").sees(&["BTN Cat"]);
    d.deal().menu(MenuItem::WildCard);
    d.opens("Ann").sees(&["3RD", "pot 1.50"]);
    d.brings_in("Ann", "0.25")
        .call("Bob", "0.25")
        .call("Cat", "0.25");
    d.street("4TH", "Bob")
        .sees(&["bet 0.25-1"])
        .bets("Bob", "1");
    d.fold("Cat").call("Ann", "1");
    d.street("5TH", "Ann").checks(&["Ann", "Bob"]);
    d.street("6TH", "Bob").checks(&["Bob", "Ann"]);
    d.street("7TH", "Ann").checks(&["Ann", "Bob"]);
    // 1.50 + .75 + 2 = 4.25 to Bob, who put in .50 + .25 + 1.
    d.showdown(&[&["Bob"]], &[("Bob", "4.25")]);
    d.settles(&[("Bob", "+2.50"), ("Ann", "-1.75"), ("Cat", "-0.75")], "0");

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

    // Fan tan moves no money: the device picks it and says it has nothing
    // to deal.
    d.choose("Fan tan").sees(&["NEXT HAND", "money"]);
    d.refused(Button::Ok, "not dealt as a money game");
    d.books().ledger_screen();
}

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

/// A name as the ledger lists it: five characters.
fn short(name: &str) -> String {
    name.chars().take(5).collect()
}
