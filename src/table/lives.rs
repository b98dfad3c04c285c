//! G9 (H1 Screw Your Neighbor, Liar's Poker): lives (markers) games.
//!
//! No engine hand. Dealing starts the game: every player dealt in stakes all
//! their lives up front (`lives` times `life_stake`), which makes the pot.
//! The dealer enters each life lost; when one player alone has lives left,
//! they take the pot and the game is over. Rounds in between move no money.

use serde::Serialize;

use super::error::TableError;
use super::Table;
use crate::engine::Chips;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LivesGame {
    pub game: usize,
    pub pot: Chips,
    /// Table seat and lives left, from the button's left.
    pub lives: Vec<(usize, u8)>,
}

impl Table {
    pub(super) fn start_lives_game(
        &mut self,
        game: usize,
        lives: u8,
        stake: Chips,
        playing: &[usize],
    ) -> Result<(), TableError> {
        let (button, dealt) = self.home_deal(playing)?;
        let cost = stake.saturating_mul(Chips::from(lives));
        if let Some(&seat) = dealt
            .iter()
            .find(|&&s| self.player(s).is_some_and(|p| p.stack < cost))
        {
            return Err(TableError::Refused {
                seat,
                why: "cannot stake every life",
            });
        }
        for &s in &dealt {
            if let Some(p) = self.seats[s].as_mut() {
                p.stack -= cost;
            }
        }
        self.lives = Some(LivesGame {
            game,
            pot: cost * dealt.len() as Chips,
            lives: dealt.iter().map(|&s| (s, lives)).collect(),
        });
        self.button = Some(button);
        // The poker hand before is no longer the table's hand: left in
        // place, its result and history were taken for this lives hand's.
        self.hand = None;
        self.hands += 1;
        self.hands_in_game += 1;
        Ok(())
    }

    /// G9: whether `seat` may lose a life now, and whether that loss ends
    /// the game (the one player then left with lives takes the pot). The
    /// ui asks this so a loss that moves the pot gets a confirming press
    /// and any other loss is recorded by one.
    pub fn can_lose_life(&self, seat: usize) -> Result<bool, TableError> {
        let Some(game) = self.lives.as_ref() else {
            return Err(TableError::NotAllowed("no lives game is being played"));
        };
        match game.lives.iter().find(|(s, _)| *s == seat) {
            None => Err(TableError::Refused {
                seat,
                why: "not in this lives game",
            }),
            Some((_, 0)) => Err(TableError::Refused {
                seat,
                why: "has no life left",
            }),
            Some(&(_, left)) => {
                let standing = game.lives.iter().filter(|(_, l)| *l > 0).count();
                Ok(left == 1 && standing == 2)
            }
        }
    }

    /// A player loses a life (a marker); the last one with lives takes the pot.
    pub(super) fn lose_life(&mut self, seat: usize) -> Result<(), TableError> {
        self.can_lose_life(seat)?;
        let Some(game) = self.lives.as_mut() else {
            return Err(TableError::NotAllowed("no lives game is being played"));
        };
        if let Some(entry) = game.lives.iter_mut().find(|(s, _)| *s == seat) {
            entry.1 -= 1;
        }
        let standing: Vec<usize> = game
            .lives
            .iter()
            .filter(|(_, l)| *l > 0)
            .map(|(s, _)| *s)
            .collect();
        if let [winner] = standing[..] {
            let pot = game.pot;
            self.lives = None;
            if let Some(p) = self.seats[winner].as_mut() {
                p.stack += pot;
            }
        }
        Ok(())
    }
}
