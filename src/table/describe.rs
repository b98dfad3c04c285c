//! One line for what an event records, as a dealer would say it: the
//! screen's confirmation after each press ("Dan raises to 60"), what an undo
//! took back ("undo: Dan folds"), and who took a hand nobody showed down for
//! ("Cat wins 6"). Described against the table as it stands before the
//! event is applied (or after it is undone), so names and amounts are the
//! ones the event meant.

use std::fmt::Write;

use super::{Table, TableEvent};
use crate::engine::{Action, Chips, Declaration, Event, Phase, Seat};

impl Table {
    /// `event` in a line, against the table before it is applied.
    pub fn describe(&self, event: &TableEvent) -> String {
        let who = |seat: usize| self.name_of(seat);
        let money = |c| self.money(c);
        match event {
            TableEvent::Join { name, buy_in, .. } => format!("{name} buys in {}", money(*buy_in)),
            TableEvent::Leave { seat } => format!("{} cashes out", who(*seat)),
            TableEvent::SitOut { seat } => format!("{} sits out", who(*seat)),
            TableEvent::SitIn {
                seat,
                wait_for_big_blind: true,
            } => format!("{} waits for the big blind", who(*seat)),
            TableEvent::SitIn { seat, .. } => format!("{} sits in", who(*seat)),
            TableEvent::NewPlayerEntry { seat, .. } => format!("{}: way in chosen", who(*seat)),
            TableEvent::TopUp { seat, amount } => {
                format!("{} tops up {}", who(*seat), money(*amount))
            }
            TableEvent::Rebuy { seat, amount } => {
                format!("{} rebuys {}", who(*seat), money(*amount))
            }
            TableEvent::SetButton { seat } => format!("button: {}", who(*seat)),
            TableEvent::ChooseGame { game } => {
                let name = self
                    .rules()
                    .games
                    .get(*game)
                    .map_or("?", |g| g.name.as_str());
                format!("next game: {name}")
            }
            TableEvent::Straddle { seat } => format!("{} straddles", who(*seat)),
            TableEvent::BombNext => "next hand: bomb pot".into(),
            TableEvent::StartKillOrbit => "kills on for an orbit".into(),
            TableEvent::Kill { seat } => format!("{} kills the next pot", who(*seat)),
            TableEvent::NewHand => format!("hand {} dealt", self.hands_dealt() + 1),
            TableEvent::GutsCall {
                seat,
                stays_in: true,
            } => format!("{} is in", who(*seat)),
            TableEvent::GutsCall { seat, .. } => format!("{} is out", who(*seat)),
            TableEvent::GutsShowdown { best } => match best.as_slice() {
                [] => "nobody in: the pot stays".into(),
                seats => {
                    let names: Vec<String> = seats.iter().map(|&s| who(s)).collect();
                    format!("best hand: {}", names.join(", "))
                }
            },
            TableEvent::GutsFinal => "Guts: the last hand".into(),
            TableEvent::LoseLife { seat } => format!("{} loses a life", who(*seat)),
            TableEvent::Hand(e) => self.describe_hand(e),
            TableEvent::Rules { .. } => "rules reloaded".into(),
            TableEvent::MoveSeat { from, to } => {
                format!("{} moves to seat {}", who(*from), to + 1)
            }
            TableEvent::SetStack { seat, stack } => {
                format!(
                    "{}'s stack set to {}: money into or out of the game",
                    who(*seat),
                    money(*stack)
                )
            }
            TableEvent::MoveChips { seat, stack, with } => {
                let was = self.player(*seat).map_or(0, |p| p.stack);
                let (dir, n) = if *stack >= was {
                    ("from", stack - was)
                } else {
                    ("to", was - stack)
                };
                format!(
                    "{}'s stack set to {}: {} in chips {dir} {}",
                    who(*seat),
                    money(*stack),
                    money(n),
                    who(*with)
                )
            }
            TableEvent::EndSession => "the session has ended".into(),
            TableEvent::EnrollCard { name, .. } => format!("card enrolled: {name}"),
            TableEvent::EnrollHostCard { uid } => format!("host card enrolled: {uid}"),
            TableEvent::Rename { seat, name } => format!("{} is now {name}", who(*seat)),
        }
    }

    fn describe_hand(&self, event: &Event) -> String {
        let hand = self.live_hand();
        let state = hand.map(|h| h.state());
        let who = |hs: Seat| {
            hand.and_then(|h| h.order.get(hs).copied())
                .map_or_else(|| format!("seat {}", hs + 1), |s| self.name_of(s))
        };
        match event {
            Event::PostForced => "blinds and antes in".into(),
            Event::Deal => match state.map(|s| s.phase()) {
                Some(Phase::Dealing(_)) => "cards dealt".into(),
                _ => "dealt".into(),
            },
            Event::NameOpener(s) => format!("{} opens", who(*s)),
            Event::Act(s, action) => {
                let owed = state.map_or(0, |st| st.to_call(*s));
                let bet = state.map_or(0, |st| st.current_bet());
                match action {
                    Action::Fold => format!("{} folds", who(*s)),
                    Action::CheckCall if owed == 0 => format!("{} checks", who(*s)),
                    Action::CheckCall => format!("{} calls {}", who(*s), self.money(owed)),
                    Action::BetRaiseTo(x) if bet == 0 => {
                        format!("{} bets {}", who(*s), self.money(*x))
                    }
                    Action::BetRaiseTo(x) => {
                        format!("{} raises to {}", who(*s), self.money(*x))
                    }
                    Action::BringIn => format!("{} brings it in", who(*s)),
                }
            }
            Event::Draw(s, n) => format!("{} draws {n}", who(*s)),
            Event::ExchangeRest(0) => "everyone left stands".into(),
            Event::ExchangeRest(n) => format!("everyone left discards {n}"),
            Event::Declare(s, d) => {
                let side = match d {
                    Declaration::High => "high",
                    Declaration::Low => "low",
                    Declaration::Both => "both ways",
                };
                format!("{} declares {side}", who(*s))
            }
            Event::OpenPair => "open pair: the big bet".into(),
            Event::WildCard => "wild card: everyone pays".into(),
            Event::CheckedSeven => "checked a seven: the action after the draw is void".into(),
            Event::RunItTwice => "run it twice".into(),
            Event::Show(s) => format!("{} shows", who(*s)),
            // Issue 32: taking back a paid pot names who it paid and how
            // much, once the hand is paid ("Take back? Cat wins 6").
            Event::Showdown(_) => self.who_won().unwrap_or_else(|| "pots paid".into()),
            Event::Chop => "the blinds chop".into(),
            Event::Misdeal => "misdeal: the hand is void".into(),
        }
    }

    /// After a hand is paid, by a fold or a showdown: who took what ("Cat
    /// wins 6, Dan wins 40"), until the next deal; `None` while a hand is
    /// on. The showdown's OK pays at once (issue 22), so this is where the
    /// dealer reads the split while pushing the chips.
    pub fn who_won(&self) -> Option<String> {
        let mut line = String::new();
        for (name, won) in self.paid()? {
            let sep = if line.is_empty() { "" } else { ", " };
            let _ = write!(line, "{sep}{name} wins {}", self.money(won));
        }
        (!line.is_empty()).then_some(line)
    }

    /// The hand just paid: each winner's name and what they took, in seat
    /// order; `None` while a hand is on or before the first.
    pub fn paid(&self) -> Option<Vec<(String, Chips)>> {
        let hand = self.hand().filter(|h| h.settled)?;
        let state = hand.state();
        if state.phase() != Phase::Complete {
            return None;
        }
        let payouts = state.payouts()?;
        let won = payouts
            .iter()
            .enumerate()
            .filter(|(_, &w)| w > 0)
            .map(|(hs, &won)| {
                let name = match hand.order.get(hs) {
                    Some(&s) => hand
                        .player_name(self, s)
                        .map_or_else(|| format!("seat {}", s + 1), str::to_string),
                    None => format!("seat {}", hs + 1),
                };
                (name, won)
            })
            .collect();
        Some(won)
    }

    fn name_of(&self, seat: usize) -> String {
        self.player(seat)
            .map_or_else(|| format!("seat {}", seat + 1), |p| p.name.to_string())
    }
}
