//! The button map: presses in, intents out. Pure: it reads the night and
//! never applies anything itself, so the caller can verify, journal and then
//! apply (docs/architecture.md, "The flow of one event").

use crate::engine::{Action, BoardResult, Declaration, Event, Phase, Seat, Split, Step};
use crate::table::{Night, Table, TableEvent};
use crate::ui::{Button, Press};

use super::amount::{AmountEntry, EntryOutcome};
use super::host::{occupied, Dialog};
use super::showdown::Ranking;

/// What a press asks the caller to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Intent {
    /// Nothing outside the UI changes (navigation, or an ignored press).
    None,
    /// Verify, journal and apply this event; report a refusal with
    /// [`Controller::refused`].
    Apply(TableEvent),
    /// Take back the last event of the night.
    Undo,
    /// Start the 60-second clock (D3) on the seat to act; the caller owns time.
    StartClock,
    /// The host asked for the rules file to be read again (the caller owns
    /// files; the new rules land between hands).
    ReloadRules,
    /// The host is done: lock host actions until the card is tapped again.
    LockHost,
}

/// Menu entries, in screen order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuItem {
    /// S5: the dealer's choice of game.
    Game,
    /// T6: the draw for the button (a host correction later).
    Button,
    Clock,
    Ledger,
    Straddle,
    Bomb,
    KillOrbit,
    Kill,
    RunItTwice,
    Chop,
    Misdeal,
    /// B3: the open-pair option on fourth street.
    OpenPair,
    /// G6: a common wild card is exposed.
    WildCard,
    /// G8: the next Guts hand is the last.
    GutsFinal,
    /// G9: a player loses a life.
    LoseLife,
    /// A player shows their hand.
    Show,
    Host,
}

impl MenuItem {
    pub const ALL: [MenuItem; 17] = [
        MenuItem::Game,
        MenuItem::Button,
        MenuItem::Clock,
        MenuItem::Ledger,
        MenuItem::Straddle,
        MenuItem::Bomb,
        MenuItem::KillOrbit,
        MenuItem::Kill,
        MenuItem::RunItTwice,
        MenuItem::Chop,
        MenuItem::Misdeal,
        MenuItem::OpenPair,
        MenuItem::WildCard,
        MenuItem::GutsFinal,
        MenuItem::LoseLife,
        MenuItem::Show,
        MenuItem::Host,
    ];

    /// The items the house offers now, in screen order ([`Table::offers`]);
    /// the host, unlocked, may also correct the button.
    pub fn offered(table: &Table, host: bool) -> Vec<MenuItem> {
        let o = table.offers();
        MenuItem::ALL
            .into_iter()
            .filter(|item| match item {
                MenuItem::Game => o.choose_game,
                MenuItem::Button => o.draw_for_button || (host && !table.in_hand()),
                MenuItem::Straddle => o.straddle,
                MenuItem::Bomb => o.bomb,
                MenuItem::KillOrbit => o.kill_orbit,
                MenuItem::Kill => o.kill,
                MenuItem::RunItTwice => o.run_it_twice,
                MenuItem::Chop => o.chop,
                MenuItem::OpenPair => o.open_pair,
                MenuItem::WildCard => o.wild_card,
                MenuItem::GutsFinal => o.guts_final,
                MenuItem::LoseLife => o.lose_life,
                MenuItem::Show => o.show,
                MenuItem::Clock | MenuItem::Ledger | MenuItem::Misdeal | MenuItem::Host => true,
            })
            .collect()
    }

    pub fn label(self, table: &Table) -> String {
        match self {
            MenuItem::Game => "Game...".into(),
            MenuItem::Button => "Button...".into(),
            MenuItem::Clock => format!("Clock {}s", table.rules().clock_limit()),
            MenuItem::Ledger => "Ledger + QR".into(),
            MenuItem::Straddle => "Straddle...".into(),
            MenuItem::Bomb => "Bomb pot next".into(),
            MenuItem::KillOrbit => "Kill orbit".into(),
            MenuItem::Kill => "Kill by...".into(),
            MenuItem::RunItTwice => "Run it twice".into(),
            MenuItem::Chop => "Chop blinds".into(),
            MenuItem::Misdeal => "Misdeal".into(),
            MenuItem::OpenPair => "Open pair".into(),
            MenuItem::WildCard => "Wild card shown".into(),
            MenuItem::GutsFinal => "Guts: last hand".into(),
            MenuItem::LoseLife => "Lose a life...".into(),
            MenuItem::Show => "Show hand...".into(),
            MenuItem::Host => "Host...".into(),
        }
    }

    /// Items that pick a table seat before they apply.
    fn wants_seat(self) -> bool {
        matches!(
            self,
            MenuItem::Straddle
                | MenuItem::Kill
                | MenuItem::Button
                | MenuItem::LoseLife
                | MenuItem::Show
        )
    }
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

/// The UI state machine. Holds only UI state; the table is read on each press.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Controller {
    pub mode: Mode,
    /// The last refusal or note, shown until the next press.
    pub message: Option<String>,
    /// A small number the main screen edits: cards drawn, a declaration, an opener.
    pub pick: usize,
    /// The host's card was tapped and its unlock has not run out; the
    /// session owns the time and sets this.
    pub host: bool,
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
            message: None,
            pick: 0,
            host: false,
        }
    }

    /// The caller's verify or apply refused the last intent.
    pub fn refused(&mut self, why: &dyn std::fmt::Display) {
        self.message = Some(why.to_string());
    }

    /// One press against the night as it stands.
    pub fn press(&mut self, night: &Night, press: Press) -> Intent {
        self.message = None;
        let table = night.table();
        // A hand may have moved on under a stale mode (undo, another input).
        self.revalidate(table);
        let mode = std::mem::replace(&mut self.mode, Mode::Main);
        let (mode, intent) = match mode {
            Mode::Main => self.main(table, press),
            Mode::Entry(entry) => self.entry(table, entry, press),
            Mode::Menu(i) => self.menu(table, i, press),
            Mode::PickSeat(item, s) => self.pick_seat(table, item, s, press),
            Mode::PickGame(g) => self.pick_game(table, g, press),
            Mode::Ranking(r) => self.ranking(table, r, press),
            Mode::Dialog(d) => self.dialog(table, d, press),
            // The ledger goes back on any press.
            Mode::Ledger => (Mode::Main, Intent::None),
            // The big clock is only a view: the player it counts for acts
            // under it, so presses work as on the action screen.
            Mode::Clock => self.main(table, press),
        };
        self.mode = mode;
        intent
    }

    /// Drops a mode the table no longer supports.
    fn revalidate(&mut self, table: &Table) {
        let state = table.live_hand().map(|h| h.state());
        let ok = match &self.mode {
            Mode::Entry(e) => state.is_some_and(|s| s.to_act() == Some(e.seat)),
            Mode::Ranking(_) => state.is_some_and(|s| s.phase() == Phase::Showdown),
            _ => true,
        };
        if !ok {
            self.mode = Mode::Main;
        }
    }

    fn main(&mut self, table: &Table, press: Press) -> (Mode, Intent) {
        if press.button == Button::Undo {
            return (Mode::Main, Intent::Undo);
        }
        if press.long && press.button == Button::Ok {
            return (Mode::Menu(0), Intent::None);
        }
        if table.guts().round.is_some() {
            return self.guts(table, press);
        }
        let Some(hand) = table.live_hand() else {
            // Between hands: OK deals the next one.
            return match press.button {
                Button::Ok => (Mode::Main, Intent::Apply(TableEvent::NewHand)),
                _ => (Mode::Main, Intent::None),
            };
        };
        let state = hand.state();
        let hand_event = |e: Event| Intent::Apply(TableEvent::Hand(e));
        match state.phase() {
            Phase::Betting(_) if state.awaiting_opener() => {
                let live: Vec<Seat> = live_seats(state);
                let n = live.len().max(1);
                match press.button {
                    Button::Plus => self.pick = (self.pick + 1) % n,
                    Button::Minus => self.pick = (self.pick + n - 1) % n,
                    Button::Ok => {
                        if let Some(&s) = live.get(self.pick % n) {
                            self.pick = 0;
                            return (Mode::Main, hand_event(Event::NameOpener(s)));
                        }
                    }
                    _ => {}
                }
                (Mode::Main, Intent::None)
            }
            Phase::Betting(_) => {
                let Some(la) = state.legal_actions() else {
                    return (Mode::Main, Intent::None);
                };
                let seat = la.seat;
                match press.button {
                    Button::Fold => (Mode::Main, hand_event(Event::Act(seat, Action::Fold))),
                    Button::CheckCall if la.bring_in.is_some() => {
                        (Mode::Main, hand_event(Event::Act(seat, Action::BringIn)))
                    }
                    Button::CheckCall => {
                        (Mode::Main, hand_event(Event::Act(seat, Action::CheckCall)))
                    }
                    // Plus and minus open entry too (taking their step), so
                    // "min and a chip" is not a separate opening press.
                    Button::BetRaise | Button::Plus | Button::Minus => match (
                        &la.raise,
                        self.entry_for(table).and_then(|e| e.opened_by(press)),
                    ) {
                        (_, Some(e)) => (Mode::Entry(e), Intent::None),
                        (Err(why), None) => {
                            self.message = Some(format!("no raise: {why}"));
                            (Mode::Main, Intent::None)
                        }
                        (Ok(_), None) => (Mode::Main, Intent::None),
                    },
                    _ => (Mode::Main, Intent::None),
                }
            }
            Phase::Exchanging(i) => {
                let Some(seat) = state.to_act() else {
                    return (Mode::Main, Intent::None);
                };
                let declare = matches!(state.spec().steps.get(i), Some(Step::Declare));
                // The engine says how many cards may go; the ui counts 0..=that.
                let top = if declare {
                    DECLARATIONS.len()
                } else {
                    usize::from(state.max_draw().unwrap_or(0)) + 1
                };
                match press.button {
                    Button::Plus => self.pick = (self.pick + 1) % top,
                    Button::Minus => self.pick = (self.pick + top - 1) % top,
                    Button::Ok => {
                        let pick = self.pick % top;
                        self.pick = 0;
                        let e = if declare {
                            Event::Declare(seat, DECLARATIONS[pick])
                        } else {
                            Event::Draw(seat, u8::try_from(pick).unwrap_or(0))
                        };
                        return (Mode::Main, hand_event(e));
                    }
                    _ => {}
                }
                (Mode::Main, Intent::None)
            }
            Phase::Dealing(_) | Phase::Posting => match press.button {
                Button::Ok => (Mode::Main, hand_event(deal_or_post(state.phase()))),
                _ => (Mode::Main, Intent::None),
            },
            Phase::Showdown => {
                let r = Ranking::new(state);
                self.ranking(table, r, press)
            }
            Phase::Complete | Phase::Voided => (Mode::Main, Intent::None),
        }
    }

    /// Amount entry for the seat to act with the house chips.
    pub fn entry_for(&self, table: &Table) -> Option<AmountEntry> {
        let state = table.live_hand()?.state();
        AmountEntry::open(state, &table.rules().house.denominations)
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

    fn menu(&mut self, table: &Table, i: usize, press: Press) -> (Mode, Intent) {
        let items = MenuItem::offered(table, self.host);
        let n = items.len();
        let i = i % n;
        match press.button {
            Button::Plus => (Mode::Menu((i + 1) % n), Intent::None),
            Button::Minus => (Mode::Menu((i + n - 1) % n), Intent::None),
            Button::Undo | Button::Fold => (Mode::Main, Intent::None),
            Button::Ok => {
                let item = items[i];
                if item.wants_seat() {
                    let seats = match seats_for(table, item) {
                        Ok(seats) => seats,
                        Err(why) => {
                            self.message = Some(why);
                            return (Mode::Main, Intent::None);
                        }
                    };
                    let first = seats.first().copied().unwrap_or(0);
                    return (Mode::PickSeat(item, first), Intent::None);
                }
                let hand = |e: Event| Intent::Apply(TableEvent::Hand(e));
                match item {
                    MenuItem::Game => (Mode::PickGame(table.game()), Intent::None),
                    MenuItem::Clock => (Mode::Clock, Intent::StartClock),
                    MenuItem::Ledger => (Mode::Ledger, Intent::None),
                    MenuItem::Bomb => (Mode::Main, Intent::Apply(TableEvent::BombNext)),
                    MenuItem::KillOrbit => (Mode::Main, Intent::Apply(TableEvent::StartKillOrbit)),
                    MenuItem::RunItTwice => (Mode::Main, hand(Event::RunItTwice)),
                    MenuItem::Chop => (Mode::Main, hand(Event::Chop)),
                    MenuItem::Misdeal => (Mode::Main, hand(Event::Misdeal)),
                    MenuItem::OpenPair => (Mode::Main, hand(Event::OpenPair)),
                    MenuItem::WildCard => (Mode::Main, hand(Event::WildCard)),
                    MenuItem::GutsFinal => (Mode::Main, Intent::Apply(TableEvent::GutsFinal)),
                    MenuItem::Host if self.host => {
                        (Mode::Dialog(Dialog::HostMenu(0)), Intent::None)
                    }
                    MenuItem::Host => {
                        self.message = Some("host actions: tap the host card".into());
                        (Mode::Main, Intent::None)
                    }
                    MenuItem::Straddle
                    | MenuItem::Kill
                    | MenuItem::Button
                    | MenuItem::LoseLife
                    | MenuItem::Show => (Mode::Main, Intent::None),
                }
            }
            _ => (Mode::Menu(i), Intent::None),
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
            Ok(seats) if !seats.is_empty() => seats,
            Ok(_) => {
                self.message = Some("nobody is seated".into());
                return (Mode::Main, Intent::None);
            }
            Err(why) => {
                self.message = Some(why);
                return (Mode::Main, Intent::None);
            }
        };
        let at = seats.iter().position(|&s| s == seat).unwrap_or(0);
        let n = seats.len();
        match press.button {
            Button::Plus => (Mode::PickSeat(item, seats[(at + 1) % n]), Intent::None),
            Button::Minus => (Mode::PickSeat(item, seats[(at + n - 1) % n]), Intent::None),
            Button::Ok => {
                let seat = seats[at];
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
            _ => (Mode::PickSeat(item, seats[at]), Intent::None),
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
        let n = ins.len().max(1);
        match press.button {
            Button::Plus => self.pick = (self.pick + 1) % n,
            Button::Minus => self.pick = (self.pick + n - 1) % n,
            Button::Ok => {
                let best = ins.get(self.pick % n).map(|&s| vec![s]).unwrap_or_default();
                self.pick = 0;
                return apply(TableEvent::GutsShowdown { best });
            }
            _ => {}
        }
        (Mode::Main, Intent::None)
    }

    /// S5: plus and minus go through the house's games, OK chooses.
    fn pick_game(&mut self, table: &Table, game: usize, press: Press) -> (Mode, Intent) {
        let n = table.rules().games.len().max(1);
        match press.button {
            Button::Plus => (Mode::PickGame((game + 1) % n), Intent::None),
            Button::Minus => (Mode::PickGame((game + n - 1) % n), Intent::None),
            Button::Ok => (
                Mode::Main,
                Intent::Apply(TableEvent::ChooseGame { game: game % n }),
            ),
            Button::Undo | Button::Fold => (Mode::Main, Intent::None),
            _ => (Mode::PickGame(game % n), Intent::None),
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
        match r.press(state, press) {
            Some(results) => (
                Mode::Main,
                Intent::Apply(TableEvent::Hand(Event::Showdown(results))),
            ),
            None if r.cancelled => (Mode::Main, Intent::Undo),
            None => (Mode::Ranking(r), Intent::None),
        }
    }
}

const DECLARATIONS: [Declaration; 3] = [Declaration::High, Declaration::Low, Declaration::Both];

fn deal_or_post(phase: Phase) -> Event {
    match phase {
        Phase::Posting => Event::PostForced,
        _ => Event::Deal,
    }
}

/// Seats still in the hand, in hand order.
pub(super) fn live_seats(state: &crate::engine::HandState) -> Vec<Seat> {
    state
        .seats()
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.folded)
        .map(|(i, _)| i)
        .collect()
}

/// Whether the game splits pots between a high and a low side.
pub(super) fn has_low(state: &crate::engine::HandState) -> bool {
    !matches!(state.spec().split, Split::High)
}

/// Unused sides of a result are empty: "no low".
pub(super) fn empty_result() -> BoardResult {
    BoardResult::default()
}

/// The seats a menu item may pick from: for a straddle, only those the table
/// says may straddle next (F4); the ui never works that out itself.
fn seats_for(table: &Table, item: MenuItem) -> Result<Vec<usize>, String> {
    match item {
        MenuItem::Straddle => table.can_straddle().map_err(|e| e.to_string()),
        MenuItem::Show => Ok(table.can_show()),
        // G9: the players still holding lives.
        MenuItem::LoseLife => Ok(table.lives().map_or_else(Vec::new, |g| {
            g.lives
                .iter()
                .filter(|&&(_, l)| l > 0)
                .map(|&(s, _)| s)
                .collect()
        })),
        _ => Ok(occupied(table)),
    }
}
