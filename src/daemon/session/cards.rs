//! Card taps: a player's card, a command card, an unknown one, and the
//! host card with the unlock it opens (and its running out).

use std::sync::Arc;

use crate::daemon::house_file::HouseFile;
use crate::devices::Hardware;
use crate::rules::{uid_hex, CardRole};
use crate::ui::{Ack, Mode};

use super::{Level, Session};

impl Session {
    pub(super) fn unlock_host(&mut self) {
        let rules = self.night.rules();
        let kept = self
            .host_unlock
            .iter()
            .find(|(of, _)| Arc::ptr_eq(of, rules));
        let unlock = match kept {
            Some((_, unlock)) => *unlock,
            None => {
                // Rules this session did not read itself (a resumed night's
                // from its journal): their wiring is read once, here; a
                // refused `[hardware]` unlocks for the default time.
                let rules = Arc::clone(rules);
                let readings = self.rules_in_force().readings();
                let hardware = readings.hardware.as_ref().ok();
                let unlock =
                    hardware.map_or(Hardware::DEFAULT.host_unlock(), Hardware::host_unlock);
                self.host_unlock.push((rules, unlock));
                unlock
            }
        };
        self.host_until = Some(self.now + unlock);
    }

    /// Keeps how long a host card unlocks under `file`'s rules, which the
    /// night has taken (opened with them or reloaded them).
    pub(crate) fn wired(&mut self, file: &HouseFile) {
        // Rules no longer held by the night nor its undo are forgotten.
        self.host_unlock.retain(|(of, _)| Arc::strong_count(of) > 1);
        let unlock = file.hardware.host_unlock();
        self.host_unlock.push((Arc::clone(&file.rules), unlock));
    }

    /// The host unlock ran out. A host dialog in progress closes, and the
    /// dealer acknowledges that before any press counts again, so the OK
    /// meant for the dialog does not deal a hand.
    pub(super) fn host_locked(&mut self) {
        let open = match &self.ctl.mode {
            Mode::Dialog(d) => d.is_host(),
            _ => false,
        };
        if open {
            self.ack = Some(Ack {
                title: "HOST LOCKED".into(),
                text: "the host dialog closed; nothing was changed. Tap the host card to go on"
                    .into(),
            });
        }
    }

    /// The host card, of the house file or enrolled on the device.
    fn host_tap(&mut self) {
        self.unlock_host();
        if self.ack.is_none() {
            self.ctl.host_card(self.night.table());
        }
    }

    pub(super) fn tap(&mut self, uid: &[u8]) {
        let rules = Arc::clone(self.night.rules());
        if rules.card(uid).is_none() && self.night.table().is_enrolled_host(uid) {
            self.notice(Level::Info, format!("card {} (host)", uid_hex(uid)));
            return self.host_tap();
        }
        let Some(card) = rules.card(uid) else {
            let enrolled = self.night.table().enrolled_name(uid).map(str::to_string);
            let text = match &enrolled {
                Some(name) => format!("card {} ({name})", uid_hex(uid)),
                None => format!("unknown card {}", uid_hex(uid)),
            };
            self.notice(Level::Info, text);
            if self.ack.is_some() {
                self.say("press a button to go on first");
                return;
            }
            let intent = match enrolled {
                Some(name) => self.ctl.player_card(&self.night, &name),
                None => {
                    let mut ctl = std::mem::take(&mut self.ctl);
                    let intent = ctl.unknown_card(&self.view(), uid);
                    self.ctl = ctl;
                    intent
                }
            };
            self.intent(intent);
            return;
        };
        self.notice(
            Level::Info,
            format!("card {} ({})", uid_hex(uid), card.name),
        );
        match card.role {
            CardRole::Host => self.host_tap(),
            // Taps wait for an automatic action to be acknowledged too.
            CardRole::Player | CardRole::Command(_) if self.ack.is_some() => {
                self.say("press a button to go on first");
            }
            CardRole::Player => {
                let intent = self.ctl.player_card(&self.night, &card.name);
                self.intent(intent);
            }
            CardRole::Command(c) => {
                let intent = self.ctl.command_card(c);
                self.intent(intent);
            }
        }
    }
}
