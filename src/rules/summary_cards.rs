//! `dealerd check`'s lines for every card, so a mistyped UID shows before the night.

use std::fmt;

use super::cards::{uid_hex, Card};

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "card {}: {} \"{}\"",
            uid_hex(&self.uid),
            self.role,
            self.name
        )
    }
}
