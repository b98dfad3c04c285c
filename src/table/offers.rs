//! What the house offers at the table now, for the menu: the ui lists these
//! and nothing else, and never reads the rules to work them out itself.

use super::Table;
use crate::rules::{KillTrigger, RotationMode};

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
    /// D3: the house's clock, in seconds.
    pub clock_seconds: u32,
    /// S5: the dealer picks the next game from the house's list.
    pub choose_game: bool,
    /// T6: the draw for the button, before the first hand.
    pub draw_for_button: bool,
}

impl Table {
    pub fn offers(&self) -> Offers {
        let rules = self.rules();
        let kill = rules.kill_for(self.game());
        Offers {
            straddle: rules.straddle.is_some(),
            bomb: rules.bomb_for(self.game()).is_some(),
            kill_orbit: kill.is_some_and(|k| k.orbit),
            kill: kill.is_some_and(|k| k.triggers.contains(&KillTrigger::Voluntary)),
            run_it_twice: rules.table.run_it_twice,
            chop: rules.table.chop_blinds,
            clock_seconds: rules.clock_limit(),
            choose_game: rules.rotation.mode == RotationMode::DealersChoice
                && rules.games.len() > 1
                && !self.in_hand(),
            draw_for_button: self.hands_dealt() == 0 && !self.in_hand(),
        }
    }
}
