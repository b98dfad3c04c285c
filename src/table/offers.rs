//! What the house offers at the table now, for the menu: the ui lists these
//! and nothing else, and never reads the rules to work them out itself.

use super::{EntryChoice, Table, TableEvent};
use crate::engine::{Event, Phase, Step};
use crate::rules::{KillTrigger, RotationMode, TableMoney};

/// The house's optional events for the game about to be dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Offers {
    /// F4: `[straddle]`.
    pub straddle: bool,
    /// S2: bomb pots in this game.
    pub bomb: bool,
    /// S1 (H0): kills on for an orbit the group chooses.
    pub kill_orbit: bool,
    /// S1 (H3 lowball): a player may kill the next pot.
    pub kill: bool,
    /// S3: `[table] run_it_twice`.
    pub run_it_twice: bool,
    /// S4: `[table] chop_blinds`.
    pub chop: bool,
    /// S5: the dealer picks the next game from the house's list.
    pub choose_game: bool,
    /// T6: the draw for the button, before the first hand.
    pub draw_for_button: bool,
    /// B3 (H3 stud): the open-pair option on fourth street, now.
    pub open_pair: bool,
    /// G6: a common wild card exposed now charges the live players.
    pub wild_card: bool,
    /// G8: the next Guts hand may be named the last.
    pub guts_final: bool,
    /// G9: a lives game is being played, so a player may lose a life.
    pub lose_life: bool,
    /// A player may show their hand now (the betting is over).
    pub show: bool,
    /// G4 (H3 lowball): at the showdown, the best hand checked a seven:
    /// the action after the draw is void.
    pub checked_seven: bool,
}

impl Table {
    pub fn offers(&self) -> Offers {
        let rules = self.rules();
        let kill = rules.kill_for(self.game());
        // Each offer is whether its event would be taken now, so a menu
        // never lists what cannot apply (issue 22).
        let ok = |e: TableEvent| self.verify(&e).is_ok();
        let hand = |e: Event| self.verify(&TableEvent::Hand(e)).is_ok();
        let seated = (0..self.seats().len()).filter(|&s| self.player(s).is_some());
        Offers {
            straddle: self.can_straddle().is_ok_and(|s| !s.is_empty()),
            bomb: rules.bomb_for(self.game()).is_some() && ok(TableEvent::BombNext),
            kill_orbit: kill.is_some_and(|k| k.orbit) && ok(TableEvent::StartKillOrbit),
            kill: kill.is_some_and(|k| k.triggers.contains(&KillTrigger::Voluntary))
                && seated.clone().any(|seat| ok(TableEvent::Kill { seat })),
            run_it_twice: rules.table.run_it_twice && hand(Event::RunItTwice),
            chop: rules.table.chop_blinds && hand(Event::Chop),
            choose_game: rules.rotation.mode == RotationMode::DealersChoice
                && rules.games.len() > 1
                && !self.in_hand(),
            draw_for_button: self.hands_dealt() == 0 && !self.in_hand(),
            open_pair: self.verify(&TableEvent::Hand(Event::OpenPair)).is_ok(),
            wild_card: self.verify(&TableEvent::Hand(Event::WildCard)).is_ok(),
            guts_final: self.verify(&TableEvent::GutsFinal).is_ok(),
            lose_life: self.lives().is_some(),
            show: !self.can_show().is_empty(),
            checked_seven: hand(Event::CheckedSeven),
        }
    }

    /// Issue 32: what the house has at all, in any of its games, whatever
    /// the table's state: the menu lists these, so its items stay in place
    /// all night (what cannot apply now says why when chosen, from
    /// [`Table::offers`] and [`Table::verify`]). The button and showing a
    /// hand are at every house.
    pub fn house_offers(&self) -> Offers {
        let rules = self.rules();
        let games = 0..rules.games.len();
        let specs: Vec<_> = games
            .clone()
            .filter_map(|i| rules.game_spec(i, crate::rules::HandKind::Normal))
            .collect();
        let money = |guts: bool| {
            rules.games.iter().any(|g| match g.table_money {
                Some(TableMoney::Guts { .. }) => guts,
                Some(TableMoney::Lives { .. }) => !guts,
                None => false,
            })
        };
        let kill = rules.kill.as_ref();
        Offers {
            straddle: rules.straddle.is_some(),
            bomb: rules.bomb.is_some(),
            kill_orbit: kill.is_some_and(|k| k.orbit),
            kill: kill.is_some_and(|k| k.triggers.contains(&KillTrigger::Voluntary)),
            run_it_twice: rules.table.run_it_twice,
            chop: rules.table.chop_blinds,
            choose_game: rules.rotation.mode == RotationMode::DealersChoice
                && rules.games.len() > 1,
            draw_for_button: true,
            open_pair: specs.iter().any(|s| {
                s.steps
                    .iter()
                    .any(|st| matches!(st, Step::Bet(b) if b.open_pair))
            }),
            wild_card: specs.iter().any(|s| s.options.wild_card_charge > 0),
            checked_seven: specs.iter().any(|s| s.options.checked_seven_void),
            guts_final: money(true),
            lose_life: money(false),
            show: true,
        }
    }

    /// T4: the ways in a new player may choose now (none for anyone else),
    /// each one the table would take.
    pub fn can_enter(&self, seat: usize) -> Vec<EntryChoice> {
        [
            EntryChoice::DealIn,
            EntryChoice::WaitForBigBlind,
            EntryChoice::PostBigBlind,
            EntryChoice::PostBeforeButton,
            EntryChoice::KillPot,
            EntryChoice::KillNextPot,
        ]
        .into_iter()
        .filter(|&entry| {
            self.verify(&TableEvent::NewPlayerEntry { seat, entry })
                .is_ok()
        })
        .collect()
    }

    /// Table seats that may show their hand now: in the hand, not folded,
    /// once no more betting can happen.
    pub fn can_show(&self) -> Vec<usize> {
        let Some(h) = self.live_hand() else {
            return Vec::new();
        };
        (0..h.order.len())
            .filter(|&hs| h.state().verify(&Event::Show(hs)).is_ok())
            .map(|hs| h.order[hs])
            .collect()
    }

    /// The deal or post the hand waits for now, if it waits for one.
    pub fn deal_due(&self) -> Option<TableEvent> {
        match self.live_hand()?.state().phase() {
            Phase::Posting => Some(TableEvent::Hand(Event::PostForced)),
            Phase::Dealing(_) => Some(TableEvent::Hand(Event::Deal)),
            _ => None,
        }
    }

    /// The deals and posts due from now until the hand waits for something
    /// else, and the table after them (no deals and the table as it is when
    /// none is due).
    fn deals_ahead(&self) -> (Vec<TableEvent>, Table) {
        let mut ahead = self.scratch();
        let mut deals = Vec::new();
        // A hand has at most a post and a deal per street; the bound only
        // stops a phase that never moved on from looping.
        for _ in 0..32 {
            let Some(deal) = ahead.deal_due() else {
                break;
            };
            if ahead.apply(&deal).is_err() {
                break;
            }
            deals.push(deal);
        }
        (deals, ahead)
    }

    /// Issue 22: the deals and posts still to record before a player acts,
    /// and the table after them. A player's action pressed while the table
    /// waits for a deal says the cards are out: the deal is recorded with
    /// it, so a street costs no press of its own. `None` when no deal is
    /// due, or when the deals lead to anything but a player to act (an
    /// opener to name, a draw, the showdown).
    pub fn deals_before_action(&self) -> Option<(Vec<TableEvent>, Table)> {
        let (deals, ahead) = self.deals_ahead();
        let state = ahead.live_hand()?.state();
        let acts = matches!(state.phase(), Phase::Betting(_))
            && state.to_act().is_some()
            && !state.awaiting_opener();
        (acts && !deals.is_empty()).then_some((deals, ahead))
    }

    /// Issue 32: the deals still due when they lead straight to the
    /// showdown (nobody can act again: a run-out, or the one card left),
    /// and the table after them; `None` otherwise.
    pub fn deals_to_showdown(&self) -> Option<(Vec<TableEvent>, Table)> {
        let (deals, ahead) = self.deals_ahead();
        let done = ahead.live_hand()?.state().phase() == Phase::Showdown;
        (done && !deals.is_empty()).then_some((deals, ahead))
    }

    /// Issue 22: a run-out. When nobody can act again before the showdown
    /// (the players all in), every street still to come, so one press
    /// says the board is out. `None` unless more than one deal is due and
    /// they end at the showdown.
    pub fn run_out(&self) -> Option<Vec<TableEvent>> {
        let (deals, ahead) = self.deals_ahead();
        let done = ahead.live_hand()?.state().phase() == Phase::Showdown;
        (done && deals.len() > 1).then_some(deals)
    }

    /// S2, issue 22: a bomb pot dealt in one press between hands: the bomb
    /// pot, then the deal, where the table would take both now; the bomb
    /// pot alone where it would not deal (too few players); `None` where
    /// no bomb pot may be called.
    pub fn bomb_and_deal(&self) -> Option<Vec<TableEvent>> {
        let mut ahead = self.scratch();
        ahead.apply(&TableEvent::BombNext).ok()?;
        let deal = ahead.verify(&TableEvent::NewHand).is_ok();
        Some(if deal {
            vec![TableEvent::BombNext, TableEvent::NewHand]
        } else {
            vec![TableEvent::BombNext]
        })
    }

    /// S3, issue 22: run it twice and deal both boards out in one press,
    /// where the house allows it now: the agreement, then every deal left
    /// to the showdown. `None` where the table would not take it, or where
    /// something other than the showdown follows the deals.
    pub fn run_twice_out(&self) -> Option<Vec<TableEvent>> {
        if !self.offers().run_it_twice {
            return None;
        }
        let twice = TableEvent::Hand(Event::RunItTwice);
        let mut agreed = self.scratch();
        agreed.apply(&twice).ok()?;
        let (deals, ahead) = agreed.deals_ahead();
        let done = ahead.live_hand()?.state().phase() == Phase::Showdown;
        done.then(|| std::iter::once(twice).chain(deals).collect())
    }

    /// Issue 32: where one press may record the exchange of every seat
    /// still to exchange this round, the cards each exchanges, and how
    /// many seats that is: a 7/27 take round once those who take are
    /// recorded (G7, the rest stand: 0), a pineapple discard (1). Offered
    /// only for two seats or more (for one, its own key does the same).
    pub fn can_exchange_rest(&self) -> Option<(u8, usize)> {
        let state = self.live_hand()?.state();
        let cards = state.exchange_rest()?;
        let seats = state.to_exchange().len();
        (seats > 1).then_some((cards, seats))
    }

    /// The event [`Table::can_exchange_rest`] offers, where the table
    /// would take it now.
    pub fn exchange_rest(&self) -> Option<TableEvent> {
        let (cards, _) = self.can_exchange_rest()?;
        let e = TableEvent::Hand(Event::ExchangeRest(cards));
        self.verify(&e).is_ok().then_some(e)
    }
}
