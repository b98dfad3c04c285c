//! `[[card]]`: the RFID cards the house knows, for players, the host and
//! commands. The wiring, `[hardware]`, is not the rules' business.

use std::fmt;

/// One `[[card]]`: an RFID card the reader knows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    /// The UID as read (4, 7 or 10 bytes).
    pub uid: Vec<u8>,
    /// What the simulator's `:tap NAME` and the screen call it: the player's
    /// name, or the card's own `name`.
    pub name: String,
    pub role: CardRole,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardRole {
    /// Seats this player (by name) and identifies them in the ledger.
    Player,
    /// Unlocks host actions for `[hardware] host_unlock_seconds`.
    Host,
    /// Does one thing when tapped.
    Command(CardCommand),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardCommand {
    /// S2: the next hand is a bomb pot.
    BombNext,
    /// D2: the hand in progress is a misdeal.
    Misdeal,
    /// S3: run the rest of the board twice.
    RunItTwice,
    /// D3: start the clock on the seat to act.
    Clock,
}

/// Writes a UID as the reader's hex, `04:A2:2B:1C`.
pub fn uid_hex(uid: &[u8]) -> String {
    uid.iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(":")
}

/// Whether a UID is one this project makes up for its examples: the
/// simulator's `04:00:00:xx` cards (config/default.toml) and the docs'
/// `04:A2:2B:1C`. A house file copied with one left in names a card nobody
/// holds: a made-up host card locks the host out of a real box.
pub fn is_example_uid(uid: &[u8]) -> bool {
    matches!(uid, [0x04, 0x00, 0x00, _] | [0x04, 0xA2, 0x2B, 0x1C])
}

/// Reads a UID written as hex bytes, with or without `:`, `-` or spaces
/// between them: `04:A2:2B:1C`, `04a22b1c`. 4, 7 or 10 bytes.
pub fn parse_uid(s: &str) -> Option<Vec<u8>> {
    read_uid(s).ok()
}

/// Why a UID's text is not a UID.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UidError {
    #[error("\"{0}\" is not a hex digit")]
    NotHex(char),
    #[error("an odd number of hex digits ({0}): each byte is two")]
    OddDigits(usize),
    /// ISO 14443-3 defines single, double and triple UIDs and nothing else.
    #[error("{0} bytes; a card UID has 4, 7 or 10")]
    Length(usize),
}

/// [`parse_uid`], saying what is wrong.
pub fn read_uid(s: &str) -> Result<Vec<u8>, UidError> {
    let hex: Vec<char> = s
        .chars()
        .filter(|c| !matches!(c, ':' | '-' | ' '))
        .collect();
    if let Some(&bad) = hex.iter().find(|c| !c.is_ascii_hexdigit()) {
        return Err(UidError::NotHex(bad));
    }
    if !hex.len().is_multiple_of(2) {
        return Err(UidError::OddDigits(hex.len()));
    }
    let bytes: Vec<u8> = hex
        .chunks(2)
        .filter_map(|pair| {
            let digit = |c: &char| c.to_digit(16);
            Some((digit(pair.first()?)? * 16 + digit(pair.get(1)?)?) as u8)
        })
        .collect();
    if matches!(bytes.len(), 4 | 7 | 10) {
        Ok(bytes)
    } else {
        Err(UidError::Length(bytes.len()))
    }
}

/// The longest card name: the action screen writes the player to act in a
/// 7 px wide bold font on the same 128 px line as the street ("RIVER", 30 px),
/// so 12 characters (84 px) fit with a gap.
pub const MAX_NAME_CHARS: usize = 12;

impl CardCommand {
    /// Every command, in the order the file format lists them.
    pub const ALL: [CardCommand; 4] = [
        CardCommand::BombNext,
        CardCommand::Misdeal,
        CardCommand::RunItTwice,
        CardCommand::Clock,
    ];

    /// The file's spelling, which is also a command card's default name.
    pub fn as_str(self) -> &'static str {
        match self {
            CardCommand::BombNext => "bomb-next",
            CardCommand::Misdeal => "misdeal",
            CardCommand::RunItTwice => "run-it-twice",
            CardCommand::Clock => "clock",
        }
    }
}

impl fmt::Display for CardRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardRole::Player => f.write_str("player"),
            CardRole::Host => f.write_str("host"),
            CardRole::Command(c) => write!(f, "command {}", c.as_str()),
        }
    }
}

impl super::HouseRules {
    /// The card with this UID, if the house knows it.
    pub fn card(&self, uid: &[u8]) -> Option<&Card> {
        self.cards.iter().find(|c| c.uid == uid)
    }

    /// Whether the house file names a host card. Without one the host's
    /// functions have no lock: they are open to whoever presses the
    /// buttons, since a menu nobody can open would leave walk-ins, new
    /// cards and the end of the night out of reach.
    pub fn has_host_card(&self) -> bool {
        self.cards.iter().any(|c| c.role == CardRole::Host)
    }

    /// What `dealerd check` warns of for each card whose UID is an
    /// example's ([`is_example_uid`]), in the file's order.
    pub fn example_uid_warnings(&self) -> Vec<String> {
        self.cards
            .iter()
            .filter(|c| is_example_uid(&c.uid))
            .map(|c| {
                let lock = match c.role {
                    CardRole::Host => ": nobody holds it, so the host menu stays locked",
                    _ => "",
                };
                format!(
                    "warning: card {} ({}) has an example UID, not a real card's{lock}; \
                     put your card's UID (`dealerd doctor` prints it) or delete the card",
                    uid_hex(&c.uid),
                    c.name
                )
            })
            .collect()
    }

    /// The card the simulator names (case-insensitive).
    pub fn card_named(&self, name: &str) -> Option<&Card> {
        self.cards
            .iter()
            .find(|c| c.name.eq_ignore_ascii_case(name))
    }
}
