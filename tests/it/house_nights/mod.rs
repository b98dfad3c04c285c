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

mod h0_pot_limit_home;
mod h1_dealers_choice;
mod h2_pats_no_limit;
mod h3_ocean_view;
mod h4_house_dealer_limit;

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
        let path = entry.action_path(target).unwrap_or_else(|| {
            panic!(
                "{to} is outside {}..{}",
                self.money(entry.min),
                self.money(entry.max)
            )
        });
        // Issue 32: the whole stack is one held bet/raise, the top of the
        // range the action screen shows.
        if let [all_in] = path[..] {
            let shown = self.money(target);
            return self.sees(&[&shown]).press_as(all_in.button, all_in.long);
        }
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
    /// a short side (a low nobody makes) is closed with OK ("the rest
    /// lose"). Issue 32: each place is the seat's key (fold 1 ... plus 5,
    /// held 6 to 0), read off the screen's "N:Name"; a side ends by itself
    /// once every pot has its winner; in a tie, held OK before each hand
    /// but the first. No key pays: once ranked, the screen shows what each
    /// is paid, and OK pays. Once paid, the screen says who won what.
    fn showdown(&mut self, sides: &[&[&str]], paid: &[(&str, &str)]) -> &mut Self {
        self.sees(&["SHOWDOWN"]);
        let hands = self.table().hands_dealt();
        let paid_now = |me: &Self| me.table().hand().is_some_and(|h| h.settled);
        for side in sides {
            let before = self.ranking_sides_done();
            for group in side.iter() {
                let names: Vec<&str> = group.split('=').collect();
                for (i, name) in names.iter().enumerate() {
                    let seat = self
                        .table()
                        .seats()
                        .iter()
                        .position(|p| p.as_ref().is_some_and(|p| &*p.name == *name))
                        .unwrap_or_else(|| panic!("{name} is not seated"));
                    let key = format!("{}:{name}", seat + 1);
                    if i > 0 {
                        self.press_as(Button::Ok, true);
                    }
                    self.sees(&[&key]);
                    const KEYS: [Button; 5] = [
                        Button::Fold,
                        Button::CheckCall,
                        Button::BetRaise,
                        Button::Minus,
                        Button::Plus,
                    ];
                    self.press_as(KEYS[seat % 5], seat >= 5);
                }
            }
            if !paid_now(self) && self.ranking_sides_done() == before {
                self.press(Button::Ok);
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

/// A name as the ledger lists it: five characters.
fn short(name: &str) -> String {
    name.chars().take(5).collect()
}
