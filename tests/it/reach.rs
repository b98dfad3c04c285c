//! A rule the dealer cannot reach does not exist (issue 10): every table
//! event and every hand event is produced here by the device's own inputs
//! (button presses, a player's card, the host's menu), never by a script
//! line, and counted only when the table takes it. `kind` has no wildcard
//! arm, so a new event does not compile until it is placed, and the test
//! fails until a press path produces it. (The setup of each spot may use
//! script lines; the event under test never does.)

use std::collections::BTreeSet;
use std::path::Path;

use dealerd::engine::Event;
use dealerd::table::{script, Night, TableEvent};
use dealerd::ui::{Button, Press};
use dealerd::ui::{Controller, Dialog, HostItem, Intent, MenuItem, Mode, PlayerItem, View};

/// Every event kind, numbered; `KINDS` is how many there are.
const KINDS: usize = 41;

fn kind(e: &TableEvent) -> usize {
    match e {
        TableEvent::Join { .. } => 0,
        TableEvent::Leave { .. } => 1,
        TableEvent::SitOut { .. } => 2,
        TableEvent::SitIn { .. } => 3,
        TableEvent::NewPlayerEntry { .. } => 4,
        TableEvent::TopUp { .. } => 5,
        TableEvent::Rebuy { .. } => 6,
        TableEvent::SetButton { .. } => 7,
        TableEvent::ChooseGame { .. } => 8,
        TableEvent::Straddle { .. } => 9,
        TableEvent::BombNext => 10,
        TableEvent::StartKillOrbit => 11,
        TableEvent::Kill { .. } => 12,
        TableEvent::NewHand => 13,
        TableEvent::GutsCall { .. } => 14,
        TableEvent::GutsShowdown { .. } => 15,
        TableEvent::GutsFinal => 16,
        TableEvent::LoseLife { .. } => 17,
        TableEvent::Rules { .. } => 18,
        TableEvent::MoveSeat { .. } => 19,
        TableEvent::SetStack { .. } => 20,
        TableEvent::EndSession => 21,
        TableEvent::MoveChips { .. } => 22,
        TableEvent::EnrollCard { .. } => 23,
        TableEvent::Hand(e) => 24 + hand_kind(e),
        TableEvent::Rename { .. } => 37,
        // 38 is CheckedSeven's (24 + 14), 39 ExchangeRest's.
        TableEvent::EnrollHostCard { .. } => 40,
    }
}

fn hand_kind(e: &Event) -> usize {
    match e {
        Event::PostForced => 0,
        Event::Deal => 1,
        Event::NameOpener(_) => 2,
        Event::Act(..) => 3,
        Event::Draw(..) => 4,
        Event::Declare(..) => 5,
        Event::OpenPair => 6,
        Event::WildCard => 7,
        Event::RunItTwice => 8,
        Event::Show(_) => 9,
        Event::Showdown(_) => 10,
        Event::Chop => 11,
        Event::Misdeal => 12,
        // G4 (H3 lowball's seven rule): 24 + 13 is Rename.
        Event::CheckedSeven => 14,
        // Issue 32: the rest stand (7/27) or discard (Pineapple).
        Event::ExchangeRest(_) => 15,
    }
}

/// Events no input produces, and why.
fn not_pressed(k: usize) -> Option<&'static str> {
    (k == 24 + hand_kind(&Event::PostForced))
        .then_some("the table posts the forced bets itself as it deals (NewHand)")
}

struct Device {
    night: Night,
    ctl: Controller,
    /// The host card was tapped (the session would keep the unlock).
    host: bool,
}

impl Device {
    fn at(script: &str) -> Device {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        Device {
            night: script::run("reach", script, root).unwrap_or_else(|e| panic!("{e}\n{script}")),
            ctl: Controller::new(),
            host: false,
        }
    }

    /// Presses the buttons in order, applying what they ask for as the
    /// session would, and notes every event kind they produced.
    fn press(&mut self, seen: &mut BTreeSet<usize>, buttons: &[Button]) -> &mut Device {
        for &button in buttons {
            let view = View::of(&self.night);
            let view = if self.host {
                view.host_unlocked()
            } else {
                view
            };
            let intent = self.ctl.press(
                view,
                Press {
                    button,
                    long: false,
                },
            );
            match intent {
                // Only what the table takes counts: a press path that
                // produces a refused event reaches nothing.
                Intent::Apply(e) => {
                    let k = kind(&e);
                    match self.night.apply(e) {
                        Ok(_) => {
                            seen.insert(k);
                        }
                        Err(err) => eprintln!("refused: {err}"),
                    }
                }
                // A deal and the action pressed on it, as the session
                // applies them: in order, up to the first refusal.
                Intent::ApplyAll(events) => {
                    for e in events {
                        let k = kind(&e);
                        match self.night.apply(e) {
                            Ok(_) => {
                                seen.insert(k);
                            }
                            Err(err) => {
                                eprintln!("refused: {err}");
                                break;
                            }
                        }
                    }
                }
                // The session reads the file and applies `Rules` with its text.
                Intent::ReloadRules => {
                    seen.insert(kind(&TableEvent::Rules {
                        source: String::new(),
                        text: String::new(),
                    }));
                }
                _ => {}
            }
        }
        self
    }

    fn menu(&mut self, item: MenuItem) -> &mut Device {
        let items = MenuItem::offered(self.night.table(), self.host);
        let i = items
            .iter()
            .position(|&m| m == item)
            .unwrap_or_else(|| panic!("{item:?} not on the menu: {items:?}"));
        self.ctl.mode = Mode::Menu(i);
        self
    }

    fn player(&mut self, seat: usize, item: PlayerItem) -> &mut Device {
        let item = PlayerItem::offered(self.night.table(), seat)
            .iter()
            .position(|&i| i == item)
            .unwrap_or_else(|| panic!("{item:?} is not offered for seat {seat}"));
        self.ctl.mode = Mode::Dialog(Dialog::PlayerMenu { seat, item });
        self
    }

    fn host(&mut self, item: HostItem) -> &mut Device {
        self.host = true;
        let i = HostItem::ALL
            .iter()
            .position(|&h| h == item)
            .expect("an item");
        self.ctl.mode = Mode::Dialog(Dialog::HostMenu(i));
        self
    }
}

fn three(buy_in: u32) -> String {
    format!("join 1 Ann {buy_in}\njoin 2 Bob {buy_in}\njoin 3 Cat {buy_in}\nbutton Ann\n")
}

#[test]
fn every_table_event_is_reached_by_presses_cards_or_the_host_menu() {
    use Button::*;
    let s = &mut BTreeSet::new();
    let default = format!("rules default\n{}", three(100));

    // A player's card seats a new player and buys in; a seated player's card
    // tops up, sits out and back in, and cashes out.
    let mut d = Device::at(&default);
    let intent = d.ctl.player_card(&d.night, "Dan");
    assert_eq!(intent, Intent::None);
    d.press(s, &[Ok, Ok]);
    d.player(0, PlayerItem::AddChips).press(s, &[Ok, Ok]);
    d.player(1, PlayerItem::SitOutIn).press(s, &[Ok]);
    d.player(1, PlayerItem::SitOutIn).press(s, &[Ok]);
    d.player(1, PlayerItem::SitOutIn).press(s, &[Ok]);
    d.player(1, PlayerItem::SitInWait).press(s, &[Ok]);
    d.player(3, PlayerItem::CashOut).press(s, &[Ok, Ok]);
    // A broke player rebuys.
    let mut d = Device::at(&default);
    d.night
        .apply(TableEvent::SetStack { seat: 2, stack: 0 })
        .expect("the host's correction");
    d.player(2, PlayerItem::AddChips).press(s, &[Ok, Ok]);

    // A hand: OK deals, the action buttons act, OK deals the flop, the
    // showdown is ranked, a player shows, and the menu misdeals.
    let mut d = Device::at(&default);
    d.press(s, &[Ok, CheckCall, CheckCall, CheckCall, Ok]);
    for _ in 0..3 {
        d.press(s, &[CheckCall, CheckCall, CheckCall]);
        if d.night
            .table()
            .live_hand()
            .is_some_and(|h| matches!(h.state().phase(), dealerd::engine::Phase::Dealing(_)))
        {
            d.press(s, &[Ok]);
        }
    }
    d.menu(MenuItem::Show).press(s, &[Ok, Ok]);
    d.press(s, &[CheckCall, Ok]);
    d.press(s, &[Ok]).menu(MenuItem::Misdeal).press(s, &[Ok]);

    // H2: straddle, bomb, run it twice, chop.
    let h2 = format!("rules config/houses/h2-pats-no-limit.toml\n{}", three(20));
    let mut d = Device::at(&h2);
    d.menu(MenuItem::Straddle).press(s, &[Ok, Ok]);
    d.menu(MenuItem::Bomb).press(s, &[Ok]);
    let mut d = Device::at(&format!("{h2}deal\nAnn allin\nBob fold\nCat call\n"));
    d.menu(MenuItem::RunItTwice).press(s, &[Ok]);
    let mut d = Device::at(&format!("{h2}deal\nAnn fold\n"));
    d.menu(MenuItem::Chop).press(s, &[Ok]);

    // H4 before the first hand: the draw for the button, the dealer's choice.
    let h4 = "rules config/houses/h4-house-dealer-limit.toml\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 100\n";
    let mut d = Device::at(h4);
    d.menu(MenuItem::Button).press(s, &[Ok, Ok]);
    d.menu(MenuItem::Game).press(s, &[Ok, Plus, Plus, Ok]);
    // H4 draw: the first round checked through, then each player's draw.
    let mut d = Device::at(&format!("{h4}button Ann\ngame Draw\ndeal\n"));
    d.press(s, &[CheckCall, CheckCall, CheckCall, Ok]);

    // H0: the kill orbit, and the stud opener named on the prompt.
    let h0 = format!("rules config/houses/h0-pot-limit-home.toml\n{}", three(20));
    let mut d = Device::at(&h0);
    d.menu(MenuItem::KillOrbit).press(s, &[Ok]);
    let mut d = Device::at(&format!("{h0}game Seven-card stud\ndeal\n"));
    d.press(s, &[Ok]);

    // H3: a voluntary kill in lowball; a new player's way in; the open pair.
    let h3 = format!("rules config/houses/h3-ocean-view.toml\n{}", three(100));
    let mut d = Device::at(&format!("{h3}game California lowball 3-6\n"));
    d.menu(MenuItem::Kill).press(s, &[Ok, Ok]);
    let mut d = Device::at(&format!(
        "{h3}game Hold'em 3-6\ndeal\nAnn fold\nBob fold\njoin 5 Eve 100\n"
    ));
    d.player(4, PlayerItem::WayIn).press(s, &[Ok, Ok]);
    let mut d = Device::at(&format!(
        "{h3}game Seven-card stud 3-6\ndeal\nopener Bob\nBob bringin\nCat call\nAnn call\nstreet\nopener Cat\n"
    ));
    d.menu(MenuItem::OpenPair).press(s, &[Ok]);
    // H3 lowball's seven rule: at the showdown, the best hand checked a seven.
    let mut d = Device::at(&format!(
        "{h3}game California lowball 3-6\ndeal\nAnn call\nBob call\nCat check\ndraw Bob 0\ndraw Cat 0\ndraw Ann 0\nBob check\nCat check\nAnn check\n"
    ));
    d.menu(MenuItem::CheckedSeven).press(s, &[Ok]);

    // H1: declare in a declare game, a wild card, Guts, a lost life.
    let h1 = "rules config/houses/h1-dealers-choice.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\nbutton Cat\n";
    let mut d = Device::at(&format!(
        "{h1}game Texas league\ndeal\nCat call\nAnn call\nBob check\nflop\n"
    ));
    d.menu(MenuItem::WildCard).press(s, &[Ok]);
    let mut d = Device::at(&format!("{h1}game Guts\n"));
    d.menu(MenuItem::GutsFinal).press(s, &[Ok]);
    d.press(s, &[Ok, CheckCall, CheckCall, Fold, Ok]);
    let mut d = Device::at(&format!("{h1}game Screw your neighbor\ndeal\n"));
    d.menu(MenuItem::LoseLife).press(s, &[Ok, Ok]);
    let mut d = Device::at(&format!("{h1}game 7/27\ndeal\n"));
    // One stands; check/call says the other two stand too.
    d.press(s, &[Ok, CheckCall]);
    let mut d = Device::at(&format!("{h1}game Omaha high-low declare\ndeal\n"));
    for _ in 0..12 {
        d.press(s, &[CheckCall, Ok]);
    }

    // The host's menu: move a player, correct a stack, reload, end the night.
    let mut d = Device::at(&default);
    d.host(HostItem::MoveSeat).press(s, &[Ok, Ok, Ok]);
    // A correction is money (the first choice) or chips from another
    // player (the next ones).
    d.host(HostItem::SetStack).press(s, &[Ok, Ok, Plus, Ok, Ok]);
    d.host(HostItem::SetStack)
        .press(s, &[Ok, Ok, Plus, Ok, Plus, Ok]);
    d.host(HostItem::Reload).press(s, &[Ok]);
    d.host(HostItem::EndSession).press(s, &[Ok, Ok]);

    // A card the house file does not know, the host unlocked: enrolled.
    let mut d = Device::at(&default);
    d.host = true;
    let view = View::of(&d.night).host_unlocked();
    assert_eq!(d.ctl.unknown_card(&view, &[4, 0, 0, 0x99]), Intent::None);
    d.press(s, &[Ok]);

    // A box with no host card (H2's file has no [[card]]): the first card
    // tapped is offered as the host card, one OK makes it so.
    let mut d = Device::at(&format!(
        "rules config/houses/h2-pats-no-limit.toml\n{}",
        three(20)
    ));
    // The session opens the host menu where there is no host card.
    assert!(!d.night.table().has_host_card());
    d.host = true;
    let view = View::of(&d.night).host_unlocked();
    assert_eq!(d.ctl.unknown_card(&view, &[4, 0, 0, 0x98]), Intent::None);
    d.press(s, &[Ok]);

    // A player renamed from the host menu: the item, the seat, then a name
    // typed a letter at a time (OK after the twelfth letter ends it).
    // (Walk-ins: the default's cards name Ann to Fay, who keep the file's
    // names.)
    let mut d = Device::at("rules default\njoin 1 Gus 100\njoin 2 Hal 100\nbutton Gus\n");
    d.host(HostItem::Rename).press(s, &[Ok; 15]);

    let missing: Vec<usize> = (0..KINDS)
        .filter(|k| !s.contains(k) && not_pressed(*k).is_none())
        .collect();
    assert!(
        missing.is_empty(),
        "no press path produced event kinds {missing:?}"
    );
    assert!(s.iter().all(|&k| k < KINDS), "{s:?}: KINDS is out of date");
}
