//! The button map: presses in, intents out. Pure: it reads the night and
//! never applies anything itself, so the caller can verify, journal and then
//! apply (docs/architecture.md, "The flow of one event").

use std::borrow::Cow;

use crate::engine::{Action, BoardResult, Declaration, Event, LegalActions, Phase, Split};
use crate::table::{Night, Table, TableEvent};
use crate::ui::{Button, Press};

use super::amount::{AmountEntry, EntryOutcome, MaxIs};
use super::host::Dialog;
use super::keypad::Keypad;
use super::menu::{nobody, seats_for};
use super::pick;
use super::screen::{screen_of, table_screen, Screen};
use super::showdown::Ranking;
use super::view::View;

pub use super::menu::MenuItem;

/// What a press asks the caller to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Intent {
    /// Nothing outside the UI changes (navigation, or an ignored press).
    None,
    /// Verify, journal and apply this event; report a refusal with
    /// [`Controller::refused`].
    Apply(TableEvent),
    /// Apply these in order, each journaled on its own (so undo takes back
    /// the last), stopping at the first refusal: a deal and the action
    /// pressed on the deal screen (issue 22).
    ApplyAll(Vec<TableEvent>),
    /// Take back the last event of the night.
    Undo,
    /// Nothing to apply; show this (a refusal the ui sees for itself, or a
    /// note).
    Tell(String),
    /// The dealer has seen what happened by itself: clear it.
    Acknowledge,
    /// Start the 60-second clock (D3) on the seat to act; the caller owns time.
    StartClock,
    /// The host asked for the rules file to be read again (the caller owns
    /// files; the new rules land between hands).
    ReloadRules,
    /// The host is done: lock host actions until the card is tapped again.
    LockHost,
    /// The host starts the next night: the ended one is archived (the
    /// caller owns files) and the table starts empty under the same rules.
    NewNight,
}

/// Where the dealer is in the interface.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// The screen the table state calls for (action, deal, between hands, showdown).
    Main,
    Entry(AmountEntry),
    Menu(usize),
    /// A menu item that needs a table seat; the cursor is a table seat.
    PickSeat(MenuItem, usize),
    /// S5: the dealer's choice; the cursor is a game of the house's list.
    PickGame(usize),
    Ranking(Ranking),
    Ledger,
    Clock,
    /// Seating by card, a player's menu, or a host dialog.
    Dialog(Dialog),
}

/// The UI state machine. Holds only where the dealer is in the interface;
/// the night and the session's state come in as a read-only [`View`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Controller {
    pub mode: Mode,
    /// A small number the main screen edits: cards drawn, a declaration, an opener.
    pub pick: usize,
    /// The page of the hand's specials on the action screen, turned by OK
    /// there (issue 32: they page rather than collapse); back to the first
    /// on any other press.
    pub page: usize,
}

impl Default for Controller {
    fn default() -> Self {
        Self::new()
    }
}

impl Controller {
    pub fn new() -> Controller {
        Controller {
            mode: Mode::Main,
            pick: 0,
            page: 0,
        }
    }

    /// What the panel shows: the one answer that drawing and presses share.
    pub fn screen<'a>(&'a self, view: &View<'a>) -> Screen<'a> {
        screen_of(&self.mode, self.pick, view)
    }

    /// The ledger: plus and minus turn the settle-up's pages; OK or undo
    /// closes it, except at the end of the night, when it stays for the
    /// host to close.
    fn ledger(&mut self, view: &View<'_>, press: Press) -> (Mode, Intent) {
        let table = view.night.table();
        match press.button {
            Button::Plus | Button::Minus => {
                let pages = super::screens::ledger_pages(table);
                self.pick = pick::step(self.pick, pages, press.button);
                (Mode::Ledger, Intent::None)
            }
            Button::Ok | Button::Undo if table.ended() && !view.is_host() => (
                Mode::Ledger,
                Intent::Tell(
                    "the night is over: only the host closes the ledger (tap the host card)".into(),
                ),
            ),
            Button::Ok | Button::Undo => (Mode::Main, Intent::None),
            Button::Fold | Button::CheckCall | Button::BetRaise => (Mode::Ledger, Intent::None),
        }
    }

    /// One press against the screen as it stands.
    pub fn press<'a>(&mut self, view: impl Into<View<'a>>, press: Press) -> Intent {
        let view = view.into();
        let table = view.night.table();
        let mode = std::mem::replace(&mut self.mode, Mode::Main);
        let (mode, intent) = match screen_of(&mode, self.pick, &view) {
            Screen::Acknowledge(_) => (Mode::Main, Intent::Acknowledge),
            Screen::Entry(e) => self.entry(table, e.clone(), press),
            Screen::Menu(i) => self.menu(&view, i, press),
            Screen::PickSeat(item, s) => self.pick_seat(table, item, s, press),
            Screen::PickGame(g) => self.pick_game(table, g, press),
            Screen::Ledger => self.ledger(&view, press),
            Screen::Dialog(d) => self.dialog(&view, d.clone(), press),
            Screen::Showdown(Cow::Borrowed(r)) => self.ranking(table, r.clone(), press),
            // The big clock is only a view: the player it counts for acts
            // under it, so presses work as on the table's own screen.
            Screen::Clock(_) => {
                let screen = table_screen(table, self.pick);
                self.at_table(view.night, screen, press)
            }
            screen @ (Screen::Between
            | Screen::Guts
            | Screen::Lives
            | Screen::Opener(_)
            | Screen::Action(_)
            | Screen::Exchange { .. }
            | Screen::Deal
            | Screen::Showdown(Cow::Owned(_))
            | Screen::Waiting) => self.at_table(view.night, screen, press),
        };
        self.mode = mode;
        intent
    }

    /// A press on one of the table's own screens.
    fn at_table(&mut self, night: &Night, screen: Screen<'_>, press: Press) -> (Mode, Intent) {
        let table = night.table();
        // OK on the action screen records nothing: it turns the specials'
        // page. Every other press starts them again on the first.
        let turn = press.button == Button::Ok && !press.long;
        self.page = match screen {
            Screen::Action(_) if turn => self.page.wrapping_add(1),
            _ => 0,
        };
        if press.button == Button::Undo {
            return self.take_back(night);
        }
        // S3: on a run-out the table would run twice, a held OK runs it
        // twice and deals both boards (the prompt says so), so the seat
        // keys deal once and name as at any house and no key means two
        // things; the menu is a held OK on every other screen of the table.
        if press.long && press.button == Button::Ok {
            let twice = matches!(screen, Screen::Deal)
                .then(|| table.run_twice_out())
                .flatten();
            return match twice {
                Some(events) => (Mode::Main, Intent::ApplyAll(events)),
                None => (Mode::Menu(0), Intent::None),
            };
        }
        let hand_event = |e: Event| (Mode::Main, Intent::Apply(TableEvent::Hand(e)));
        let state = table.live_hand().map(|h| h.state());
        match screen {
            Screen::Guts => self.guts(table, press),
            // G9: the one thing to record is a life lost. Its seat's key
            // (the showdown's: fold 1 ... plus 5, held 6 to 10) records it
            // in one press; the loss that ends the game pays the pot, so
            // that one opens the picker on the seat for OK to confirm. OK
            // alone opens the picker on the first seat.
            Screen::Lives => match (press.button, Keypad::digit(press)) {
                (Button::Ok, _) => self.menu_item(table, MenuItem::LoseLife),
                (_, Some(d)) => {
                    let seat = (usize::from(d) + 9) % 10;
                    match table.can_lose_life(seat) {
                        Ok(false) => (Mode::Main, Intent::Apply(TableEvent::LoseLife { seat })),
                        Ok(true) => (Mode::PickSeat(MenuItem::LoseLife, seat), Intent::None),
                        Err(why) => (Mode::Main, Intent::Tell(why.to_string())),
                    }
                }
                _ => (Mode::Main, Intent::None),
            },
            Screen::Between => self.between(table, press),
            Screen::Opener(seat) => match (press.button, seat) {
                (Button::Ok, Some(s)) => {
                    self.pick = 0;
                    hand_event(Event::NameOpener(s))
                }
                (Button::Plus | Button::Minus, _) => {
                    let n = state.map_or(0, |s| s.can_name_opener().len());
                    self.pick = pick::step(self.pick, n, press.button);
                    (Mode::Main, Intent::None)
                }
                _ => (Mode::Main, Intent::None),
            },
            Screen::Action(la) => self.act(table, &la, press),
            Screen::Exchange { declare, choices } => {
                let seat = state.and_then(|s| s.to_act());
                self.pick = pick::step(self.pick, choices, press.button);
                let range = exchange_range(state, declare);
                let pick = match (press.button, exchange_key(declare, range, press.button)) {
                    (_, Some(k)) => k,
                    // Issue 32: check/call, where it is no count, records
                    // the rest at once (7/27: they stand; Pineapple: they
                    // discard), one event, so one undo.
                    (Button::CheckCall, None) => match table.exchange_rest() {
                        Some(e) => {
                            self.pick = 0;
                            return (Mode::Main, Intent::Apply(e));
                        }
                        None => return (Mode::Main, Intent::None),
                    },
                    (Button::Ok, None) => under_cursor(range, self.pick),
                    _ => return (Mode::Main, Intent::None),
                };
                let Some(seat) = seat else {
                    return (Mode::Main, Intent::None);
                };
                self.pick = 0;
                let e = if declare {
                    Event::Declare(seat, DECLARATIONS[pick % DECLARATIONS.len()])
                } else {
                    Event::Draw(seat, u8::try_from(pick).unwrap_or(0))
                };
                hand_event(e)
            }
            Screen::Deal => match press.button {
                // A run-out is dealt in one press; otherwise one street.
                Button::Ok => match (table.run_out(), table.deal_due()) {
                    (Some(deals), _) => (Mode::Main, Intent::ApplyAll(deals)),
                    (None, Some(deal)) => (Mode::Main, Intent::Apply(deal)),
                    (None, None) => (Mode::Main, Intent::None),
                },
                _ if run_out_names(table) && Keypad::digit(press).is_some() => {
                    self.run_out_and_name(table, press)
                }
                _ => self.deal_and_act(table, press),
            },
            Screen::Showdown(r) => self.ranking(table, r.into_owned(), press),
            Screen::Waiting
            | Screen::Acknowledge(_)
            | Screen::Entry(_)
            | Screen::Menu(_)
            | Screen::PickSeat(..)
            | Screen::PickGame(_)
            | Screen::Ledger
            | Screen::Clock(_)
            | Screen::Dialog(_) => (Mode::Main, Intent::None),
        }
    }

    /// A player's action on the action screen: fold, check or call (or the
    /// bring-in), a fixed-limit bet in one press, or amount entry.
    fn act(&self, table: &Table, la: &LegalActions, press: Press) -> (Mode, Intent) {
        let seat = la.seat;
        let hand_event = |e: Event| (Mode::Main, Intent::Apply(TableEvent::Hand(e)));
        let state = table.live_hand().map(|h| h.state());
        match press.button {
            Button::Fold => hand_event(Event::Act(seat, Action::Fold)),
            Button::CheckCall if la.bring_in.is_some() => {
                hand_event(Event::Act(seat, Action::BringIn))
            }
            // Issue 32: held, the keypad, to type a bet or raise in one
            // press fewer than entry and a held OK; where there is no amount
            // to type (no raise open, a fixed limit) it calls, as a tap.
            Button::CheckCall
                if press.long
                    && la.raise.is_ok()
                    && state.is_some_and(|s| s.fixed_amount().is_none()) =>
            {
                self.open_entry(table, la, press)
            }
            Button::CheckCall => hand_event(Event::Act(seat, Action::CheckCall)),
            // Fixed limit: the only amount needs no entry; one
            // press records it (held: the all-in, as below).
            Button::BetRaise if !press.long => match state.and_then(|s| s.fixed_amount()) {
                Some(x) => hand_event(Event::Act(seat, Action::BetRaiseTo(x))),
                None => self.open_entry(table, la, press),
            },
            // Issue 32: held, the player's whole stack in one press, as a
            // call is one: an all-in needs no amount read off the screen.
            // Where the most he may put in is less (a pot limit, a cap), it
            // opens entry on that maximum, named, for OK.
            Button::BetRaise => match self.entry_for(table).filter(|e| e.max_is == MaxIs::AllIn) {
                Some(e) => hand_event(Event::Act(seat, Action::BetRaiseTo(e.max))),
                None => self.open_entry(table, la, press),
            },
            // Plus and minus open entry too (taking their step), so
            // "min and a chip" is not a separate opening press.
            Button::Plus | Button::Minus => self.open_entry(table, la, press),
            Button::Ok | Button::Undo => (Mode::Main, Intent::None),
        }
    }

    /// Issue 22: a player's action pressed while the table waits for a deal
    /// (the flop, the next card, the blinds) records the deal with it: the
    /// cards are out if someone acts on them. Amount entry opens on the
    /// dealt table, and the deal is recorded as it opens, so the entry's
    /// seat is the one to act when it confirms.
    fn deal_and_act(&self, table: &Table, press: Press) -> (Mode, Intent) {
        let Some((mut deals, ahead)) = table.deals_before_action() else {
            return (Mode::Main, Intent::None);
        };
        let Screen::Action(la) = table_screen(&ahead, 0) else {
            return (Mode::Main, Intent::None);
        };
        match self.act(&ahead, &la, press) {
            (mode, Intent::Apply(e)) => {
                deals.push(e);
                (mode, Intent::ApplyAll(deals))
            }
            (mode @ Mode::Entry(_), Intent::None) => (mode, Intent::ApplyAll(deals)),
            (_, Intent::None) => (Mode::Main, Intent::None),
            (mode, other) => (mode, other),
        }
    }

    /// Issue 32: where the cards still due lead straight to the showdown,
    /// the best hand's seat key says they are out and names its place, one
    /// press: the deals are recorded and the showdown opens with that
    /// place given. A key never pays: the showdown shows the payout and OK
    /// pays it, as ever.
    fn run_out_and_name(&self, table: &Table, press: Press) -> (Mode, Intent) {
        let Some((deals, ahead)) = table.deals_to_showdown() else {
            return (Mode::Main, Intent::None);
        };
        let Some(hand) = ahead.hand() else {
            return (Mode::Main, Intent::None);
        };
        let state = hand.state();
        let mut r = Ranking::new(state).with_seats(&hand.order);
        let _ = r.press(state, press);
        match r.refused.take() {
            Some(why) => (Mode::Main, Intent::Tell(why)),
            None => (Mode::Ranking(r), Intent::ApplyAll(deals)),
        }
    }

    /// Between hands every special the house allows now is one press
    /// ([`between_keys`]); OK deals.
    fn between(&mut self, table: &Table, press: Press) -> (Mode, Intent) {
        if press.button == Button::Ok {
            return (Mode::Main, Intent::Apply(TableEvent::NewHand));
        }
        if press.long && matches!(press.button, Button::Plus | Button::Minus) {
            if let Some(game) = game_jump(table, press.button == Button::Plus) {
                return (Mode::Main, Intent::Apply(TableEvent::ChooseGame { game }));
            }
        }
        match between_keys(table)
            .into_iter()
            .find(|&(b, _)| b == press.button)
        {
            Some((_, BetweenKey::Game(game))) => {
                (Mode::Main, Intent::Apply(TableEvent::ChooseGame { game }))
            }
            Some((_, BetweenKey::Item(item))) if item.wants_seat() => {
                match seats_for(table, item) {
                    // One seat that may: no picker to step through.
                    Ok(seats) if seats.len() == 1 && item == MenuItem::Straddle => (
                        Mode::Main,
                        Intent::Apply(TableEvent::Straddle { seat: seats[0] }),
                    ),
                    _ => self.menu_item(table, item),
                }
            }
            // A bomb pot is dealt at once: everyone is in, there is nothing
            // else to choose, so the press is the deal too.
            Some((_, BetweenKey::Item(MenuItem::Bomb))) => match table.bomb_and_deal() {
                Some(events) => (Mode::Main, Intent::ApplyAll(events)),
                None => (Mode::Main, Intent::None),
            },
            Some((_, BetweenKey::Item(MenuItem::KillOrbit))) => {
                (Mode::Main, Intent::Apply(TableEvent::StartKillOrbit))
            }
            Some((_, BetweenKey::Item(_))) | None => (Mode::Main, Intent::None),
        }
    }

    /// Bet/raise, plus or minus open amount entry, or say why not.
    fn open_entry(&self, table: &Table, la: &LegalActions, press: Press) -> (Mode, Intent) {
        match (
            &la.raise,
            self.entry_for(table).and_then(|e| e.opened_by(press)),
        ) {
            (_, Some(e)) => (Mode::Entry(e), Intent::None),
            (Err(why), None) => (Mode::Main, Intent::Tell(format!("no raise: {why}"))),
            (Ok(_), None) => (Mode::Main, Intent::None),
        }
    }

    /// Amount entry for the seat to act with the house chips.
    pub fn entry_for(&self, table: &Table) -> Option<AmountEntry> {
        let state = table.live_hand()?.state();
        let house = &table.rules().house;
        Some(AmountEntry::open(state, &house.denominations)?.with_unit(&house.unit))
    }

    fn entry(&mut self, table: &Table, mut entry: AmountEntry, press: Press) -> (Mode, Intent) {
        match entry.press(press) {
            EntryOutcome::Editing => (Mode::Entry(entry), Intent::None),
            EntryOutcome::Cancel => (Mode::Main, Intent::None),
            EntryOutcome::Confirm(x) => {
                let seat = entry.seat;
                let still = table
                    .live_hand()
                    .is_some_and(|h| h.state().to_act() == Some(seat));
                if !still {
                    return (Mode::Main, Intent::None);
                }
                let e = Event::Act(seat, Action::BetRaiseTo(x));
                (Mode::Main, Intent::Apply(TableEvent::Hand(e)))
            }
        }
    }

    fn menu(&mut self, view: &View<'_>, i: usize, press: Press) -> (Mode, Intent) {
        let table = view.night.table();
        let items = MenuItem::offered(table, view.is_host());
        let i = pick::step(i, items.len(), press.button);
        let Some(&item) = items.get(i) else {
            return (Mode::Main, Intent::None);
        };
        match press.button {
            Button::Plus | Button::Minus => (Mode::Menu(i), Intent::None),
            Button::Undo | Button::Fold => (Mode::Main, Intent::None),
            // Issue 32: the item stays listed; choosing it says why not.
            Button::Ok if item.why_not(table, view.is_host()).is_some() => {
                let why = item.why_not(table, view.is_host()).unwrap_or_default();
                (Mode::Menu(i), Intent::Tell(why))
            }
            Button::Ok if item.wants_seat() => self.menu_item(table, item),
            Button::Ok => {
                let hand = |e: Event| Intent::Apply(TableEvent::Hand(e));
                match item {
                    MenuItem::Game => (Mode::PickGame(table.game()), Intent::None),
                    MenuItem::Clock => (Mode::Clock, Intent::StartClock),
                    MenuItem::Ledger => {
                        self.pick = 0;
                        (Mode::Ledger, Intent::None)
                    }
                    MenuItem::Seated => (Mode::Dialog(Dialog::Seated { page: 0 }), Intent::None),
                    MenuItem::Bomb => (Mode::Main, Intent::Apply(TableEvent::BombNext)),
                    MenuItem::KillOrbit => (Mode::Main, Intent::Apply(TableEvent::StartKillOrbit)),
                    // S3: where the table would take it now, the
                    // agreement and both boards dealt, one OK.
                    MenuItem::RunItTwice => match table.run_twice_out() {
                        Some(events) => (Mode::Main, Intent::ApplyAll(events)),
                        None => (Mode::Main, hand(Event::RunItTwice)),
                    },
                    MenuItem::Chop => (Mode::Main, hand(Event::Chop)),
                    MenuItem::Misdeal => (Mode::Main, hand(Event::Misdeal)),
                    MenuItem::OpenPair => (Mode::Main, hand(Event::OpenPair)),
                    MenuItem::WildCard => (Mode::Main, hand(Event::WildCard)),
                    MenuItem::CheckedSeven => (Mode::Main, hand(Event::CheckedSeven)),
                    MenuItem::GutsFinal => (Mode::Main, Intent::Apply(TableEvent::GutsFinal)),
                    MenuItem::Host if view.is_host() => {
                        (Mode::Dialog(Dialog::HostMenu(0)), Intent::None)
                    }
                    MenuItem::Host => (
                        Mode::Main,
                        Intent::Tell("host actions: tap the host card".into()),
                    ),
                    MenuItem::Straddle
                    | MenuItem::Kill
                    | MenuItem::Button
                    | MenuItem::LoseLife
                    | MenuItem::Show => (Mode::Main, Intent::None),
                }
            }
            Button::CheckCall | Button::BetRaise => (Mode::Menu(i), Intent::None),
        }
    }

    /// A menu item that picks a seat first: the picker on the first seat
    /// it may pick.
    fn menu_item(&mut self, table: &Table, item: MenuItem) -> (Mode, Intent) {
        match seats_for(table, item) {
            Ok(seats) => match seats.first() {
                Some(&first) => (Mode::PickSeat(item, first), Intent::None),
                None => (Mode::Main, Intent::Tell(nobody(item).into())),
            },
            Err(why) => (Mode::Main, Intent::Tell(why)),
        }
    }

    fn pick_seat(
        &mut self,
        table: &Table,
        item: MenuItem,
        seat: usize,
        press: Press,
    ) -> (Mode, Intent) {
        let seats = match seats_for(table, item) {
            Ok(seats) => seats,
            Err(why) => return (Mode::Main, Intent::Tell(why)),
        };
        let Some(seat) = pick::step_in(&seats, seat, press.button) else {
            return (Mode::Main, Intent::Tell(nobody(item).into()));
        };
        match press.button {
            Button::Ok => {
                let e = match item {
                    MenuItem::Kill => TableEvent::Kill { seat },
                    MenuItem::Button => TableEvent::SetButton { seat },
                    MenuItem::LoseLife => TableEvent::LoseLife { seat },
                    MenuItem::Show => match table.live_hand().and_then(|h| h.hand_seat(seat)) {
                        Some(hs) => TableEvent::Hand(Event::Show(hs)),
                        None => return (Mode::Main, Intent::None),
                    },
                    _ => TableEvent::Straddle { seat },
                };
                (Mode::Main, Intent::Apply(e))
            }
            Button::Undo | Button::Fold => (Mode::Main, Intent::None),
            Button::Plus | Button::Minus | Button::CheckCall | Button::BetRaise => {
                (Mode::PickSeat(item, seat), Intent::None)
            }
        }
    }

    /// G8: call/check is "in" and fold is "out" for the player to call; then
    /// plus and minus go through the players who are in and OK names the
    /// best hand (with nobody in, OK says so).
    fn guts(&mut self, table: &Table, press: Press) -> (Mode, Intent) {
        let apply = |e| (Mode::Main, Intent::Apply(e));
        if let Some(seat) = table.guts_to_call() {
            return match press.button {
                Button::CheckCall => apply(TableEvent::GutsCall {
                    seat,
                    stays_in: true,
                }),
                Button::Fold => apply(TableEvent::GutsCall {
                    seat,
                    stays_in: false,
                }),
                _ => (Mode::Main, Intent::None),
            };
        }
        let ins = table.guts_ins().unwrap_or_default();
        self.pick = pick::step(self.pick, ins.len(), press.button);
        if press.button == Button::Ok {
            let best = ins.get(self.pick).map(|&s| vec![s]).unwrap_or_default();
            self.pick = 0;
            return apply(TableEvent::GutsShowdown { best });
        }
        (Mode::Main, Intent::None)
    }

    /// S5: plus and minus go through the house's games, OK chooses.
    fn pick_game(&mut self, table: &Table, game: usize, press: Press) -> (Mode, Intent) {
        let game = pick::step(game, table.rules().games.len(), press.button);
        match press.button {
            Button::Ok => (Mode::Main, Intent::Apply(TableEvent::ChooseGame { game })),
            Button::Undo | Button::Fold => (Mode::Main, Intent::None),
            Button::Plus | Button::Minus | Button::CheckCall | Button::BetRaise => {
                (Mode::PickGame(game), Intent::None)
            }
        }
    }

    fn ranking(&mut self, table: &Table, mut r: Ranking, press: Press) -> (Mode, Intent) {
        let Some(state) = table
            .live_hand()
            .map(|h| h.state())
            .filter(|s| s.phase() == Phase::Showdown)
        else {
            return (Mode::Main, Intent::None);
        };
        // Issue 32: the lines under the bar page; OK turns them before it pays.
        let pages = super::screens::showdown_pages(table, &r);
        match r.press_paged(state, press, pages) {
            Some(results) => (
                Mode::Main,
                Intent::Apply(TableEvent::Hand(Event::Showdown(results))),
            ),
            None if r.cancelled => (Mode::Main, Intent::Undo),
            None => match r.refused.take() {
                Some(why) => (Mode::Ranking(r), Intent::Tell(why)),
                None => (Mode::Ranking(r), Intent::None),
            },
        }
    }
}

/// Issue 32: on this deal prompt a seat key deals what is due and names
/// the best hand: the cards lead straight to the showdown (a run-out, or
/// the last card with nobody to act), at every house: running it twice is
/// a held OK there, on no seat key.
pub fn run_out_names(table: &Table) -> bool {
    table.deals_to_showdown().is_some()
}

/// What a button does between hands, besides OK's deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BetweenKey {
    /// S5: the dealer's choice moves to this game (plus: the next of the
    /// house's list, minus: the one before; the game in play is the
    /// proposal, so keeping it costs nothing).
    Game(usize),
    /// A special the house allows now: straddle (bet/raise), bomb pot
    /// (check/call), a kill or a kill orbit (fold).
    Item(MenuItem),
}

/// Between hands, the house's specials one press away (issue 22), each on
/// a button of its own that does not move from hand to hand: bet/raise a
/// straddle, check/call a bomb pot (dealt with the same press), fold a
/// kill (or a kill orbit), plus and
/// minus the next or previous game under dealer's choice. Only what the
/// table would take now is listed (`Table::offers`), so a key the house
/// does not offer does nothing.
pub fn between_keys(table: &Table) -> Vec<(Button, BetweenKey)> {
    let o = table.offers();
    let mut keys = Vec::new();
    if o.choose_game {
        let n = table.rules().games.len();
        let g = table.game();
        let ok = |game: usize| table.verify(&TableEvent::ChooseGame { game }).is_ok();
        let (next, prev) = ((g + 1) % n, (g + n - 1) % n);
        if ok(next) {
            keys.push((Button::Plus, BetweenKey::Game(next)));
        }
        if ok(prev) {
            keys.push((Button::Minus, BetweenKey::Game(prev)));
        }
    }
    if o.straddle {
        keys.push((Button::BetRaise, BetweenKey::Item(MenuItem::Straddle)));
    }
    if o.bomb {
        keys.push((Button::CheckCall, BetweenKey::Item(MenuItem::Bomb)));
    }
    if o.kill {
        keys.push((Button::Fold, BetweenKey::Item(MenuItem::Kill)));
    } else if o.kill_orbit {
        keys.push((Button::Fold, BetweenKey::Item(MenuItem::KillOrbit)));
    }
    keys
}

/// How many games a held plus or minus walks the dealer's choice between
/// hands, where the house lists more than twice as many: H1's fifteen
/// are then any game in three presses at most, not seven (issue 32); a
/// tap walks one.
pub const GAME_JUMP: usize = 5;

/// The game a held plus (`forward`) or minus moves the dealer's choice to
/// between hands, where the house's list is long enough and the table
/// would take it now.
pub fn game_jump(table: &Table, forward: bool) -> Option<usize> {
    let n = table.rules().games.len();
    if !table.offers().choose_game || n <= 2 * GAME_JUMP {
        return None;
    }
    let g = table.game();
    let to = if forward {
        (g + GAME_JUMP) % n
    } else {
        (g + n - GAME_JUMP) % n
    };
    table
        .verify(&TableEvent::ChooseGame { game: to })
        .is_ok()
        .then_some(to)
}

/// The between-hands hint: OK, then each key as the panel's button letter
/// and a word; at most 25 characters a line of the small font, so a house
/// with every special gets two lines.
pub fn between_hint(table: &Table) -> Vec<String> {
    let keys = between_keys(table);
    if keys.is_empty() {
        return vec!["OK deal  hold OK: menu".into()];
    }
    let games = keys.iter().any(|(_, k)| matches!(k, BetweenKey::Game(_)));
    let jumps = game_jump(table, true).is_some() || game_jump(table, false).is_some();
    let hint = |game: &str| {
        let mut words = vec!["OK deal".to_string()];
        if games {
            words.push(game.into());
        }
        for &(b, k) in &keys {
            let word = match (b, k) {
                (Button::BetRaise, BetweenKey::Item(_)) => "B:str",
                (Button::CheckCall, BetweenKey::Item(_)) => "C:bomb",
                (Button::Fold, BetweenKey::Item(MenuItem::Kill)) => "F:kill",
                (Button::Fold, BetweenKey::Item(_)) => "F:kills",
                _ => continue,
            };
            words.push(word.into());
        }
        let mut lines: Vec<String> = Vec::new();
        for w in words {
            match lines.last_mut() {
                Some(l) if l.len() + 1 + w.len() <= 25 => {
                    l.push(' ');
                    l.push_str(&w);
                }
                _ => lines.push(w),
            }
        }
        lines
    };
    // The held walk's "(held:5)" where it fits in the lines the hint takes
    // anyway: it never takes a line from what the dealer collects.
    let plain = hint("+-game");
    let long = hint(&format!("+-game (held:{GAME_JUMP})"));
    if jumps && long.len() == plain.len() {
        long
    } else {
        plain
    }
}

/// Issue 22: on a draw or declaration, the three action buttons, left to
/// right, record the first three choices at once: 1, 2 and 3 cards (the
/// keypad's own digits for those buttons), or high, low and both. Plus,
/// minus and OK still pick any choice; pat is OK on the 0 the screen opens
/// with. `fewest..=most` is what may be exchanged (`HandState::draw_range`;
/// for a declaration, the index into the sides). Returns the count (or the
/// side's index), `None` for a button that is no choice here (a draw of
/// more cards than the step allows).
pub fn exchange_key(
    declare: bool,
    (fewest, most): (usize, usize),
    button: Button,
) -> Option<usize> {
    let k = match button {
        Button::Fold => 0,
        Button::CheckCall => 1,
        Button::BetRaise => 2,
        Button::Plus | Button::Minus | Button::Ok | Button::Undo => return None,
    };
    // A draw's buttons are counted from one card (none is OK); a
    // declaration's from "high".
    let k = if declare { k } else { k + 1 };
    (fewest..=most).contains(&k).then_some(k)
}

/// What may be chosen on the exchange screen now: the cards (fewest, most)
/// from the engine, or the three sides of a declaration.
pub fn exchange_range(state: Option<&crate::engine::HandState>, declare: bool) -> (usize, usize) {
    if declare {
        return (0, DECLARATIONS.len() - 1);
    }
    let (fewest, most) = state.and_then(|s| s.draw_range()).unwrap_or((0, 0));
    (usize::from(fewest), usize::from(most.max(fewest)))
}

/// The choice the cursor `pick` stands on in `fewest..=most`: what the
/// exchange screen shows and what OK records (one place for both).
pub fn under_cursor((fewest, most): (usize, usize), pick: usize) -> usize {
    fewest + pick % (most.saturating_sub(fewest) + 1)
}

pub(super) const DECLARATIONS: [Declaration; 3] =
    [Declaration::High, Declaration::Low, Declaration::Both];

/// Whether the game splits pots between a high and a low side.
pub(super) fn has_low(state: &crate::engine::HandState) -> bool {
    !matches!(state.spec().split, Split::High)
}

/// Unused sides of a result are empty: "no low".
pub(super) fn empty_result() -> BoardResult {
    BoardResult::default()
}
