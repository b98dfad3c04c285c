//! The keyboard's line syntax, shared by `dealerd sim` and `dealerd run
//! --devices fake`, so a line typed at either means the same presses.
//!
//! Every character of a line is one button press ([`KEYS`]), an upper-case
//! letter a long press, an empty line OK; a line starting with `:` is a
//! command ([`COMMANDS`]) and `#` starts a comment. Spaces separate keys
//! and press nothing.

use thiserror::Error;

use crate::rules::{parse_uid, HouseRules};
use crate::ui::{Button, Press};

/// The key map, shown under every frame; each line fits 80 columns.
pub const KEYS: &str = "f fold  c check/call  b bet/raise  - minus  + plus  o/Enter OK  u undo\n\
     capital = long press (O: menu, or as the screen says), _ and = are held - and +";

/// The `:` commands, shown with the key map and on a mistyped command.
pub const COMMANDS: &str = ":tap UID|CARD  :wait SECONDS  :reload [FILE]  :quit\n\
     :join SEAT NAME AMOUNT  :leave NAME";

/// What an empty line stands for, in messages about it.
const ENTER: char = '\n';

/// One typed key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    /// What was typed (a newline for an empty line).
    pub typed: char,
    /// The button, or none for a character that is no key.
    pub press: Option<Press>,
}

impl Key {
    /// How messages name the key.
    pub fn name(&self) -> String {
        match self.typed {
            ENTER => "Enter".to_string(),
            c => c.to_string(),
        }
    }
}

/// A `:` command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command<'a> {
    Quit,
    /// A card name or UID; names may hold spaces ("Big Al"), and so may a
    /// spaced UID.
    Tap(String),
    Wait(&'a str),
    Reload(Option<&'a str>),
    Join {
        seat: &'a str,
        name: &'a str,
        amount: &'a str,
    },
    Leave(&'a str),
    /// Not a command, or the wrong number of words.
    Unknown,
}

/// What one line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line<'a> {
    /// Keys in the order typed; none for a comment.
    Keys(Vec<Key>),
    Command(Command<'a>),
}

/// Reads one line of input.
pub fn parse(line: &str) -> Line<'_> {
    // `#` is no key, so it can start a comment; a comment line is not an
    // empty line (which would be OK).
    let line = line.trim();
    if line.starts_with('#') {
        return Line::Keys(Vec::new());
    }
    let line = line.split('#').next().unwrap_or("").trim();
    if let Some(cmd) = line.strip_prefix(':') {
        let words: Vec<&str> = cmd.split_whitespace().collect();
        return Line::Command(command(&words));
    }
    if line.is_empty() {
        return Line::Keys(vec![Key {
            typed: ENTER,
            press: Some(Press {
                button: Button::Ok,
                long: false,
            }),
        }]);
    }
    let keys = line
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|typed| Key {
            typed,
            press: press_for(typed),
        })
        .collect();
    Line::Keys(keys)
}

fn command<'a>(words: &[&'a str]) -> Command<'a> {
    match *words {
        ["quit"] | ["q"] => Command::Quit,
        ["tap", ref card @ ..] if !card.is_empty() => Command::Tap(card.join(" ")),
        ["wait", secs] => Command::Wait(secs),
        ["reload"] => Command::Reload(None),
        ["reload", file] => Command::Reload(Some(file)),
        ["join", seat, name, amount] => Command::Join { seat, name, amount },
        ["leave", name] => Command::Leave(name),
        _ => Command::Unknown,
    }
}

/// The button a character stands for, if any.
pub fn press_for(c: char) -> Option<Press> {
    let button = match c.to_ascii_lowercase() {
        'f' => Button::Fold,
        'c' => Button::CheckCall,
        'b' => Button::BetRaise,
        '-' | '_' => Button::Minus,
        '+' | '=' => Button::Plus,
        'o' => Button::Ok,
        'u' => Button::Undo,
        _ => return None,
    };
    let long = c.is_ascii_uppercase() || c == '_' || c == '=';
    Some(Press { button, long })
}

/// What to say about a character that is no key.
pub fn no_such_key(key: &Key) -> String {
    format!("{}: no button on that key; see the key map", key.name())
}

/// What to say about a press that changed nothing.
pub fn does_nothing(key: &Key) -> String {
    format!("({} does nothing here)", key.name())
}

/// A `:tap` that names no card.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0}: neither a card UID (hex bytes) nor a card in the house rules")]
pub struct UnknownCard(pub String);

/// A card by its name in the house rules, else by its UID.
pub fn card_uid(rules: &HouseRules, word: &str) -> Result<Vec<u8>, UnknownCard> {
    rules
        .card_named(word)
        .map(|c| c.uid.clone())
        .or_else(|| parse_uid(word))
        .ok_or_else(|| UnknownCard(word.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn presses(line: &str) -> Vec<Option<Press>> {
        match parse(line) {
            Line::Keys(keys) => keys.iter().map(|k| k.press).collect(),
            Line::Command(c) => panic!("{line:?} is {c:?}"),
        }
    }

    fn press(button: Button, long: bool) -> Option<Press> {
        Some(Press { button, long })
    }

    #[test]
    fn a_line_is_presses_in_order_capitals_long_and_unknown_keys_kept() {
        assert_eq!(
            presses("bO x_"),
            [
                press(Button::BetRaise, false),
                press(Button::Ok, true),
                None,
                press(Button::Minus, true),
            ]
        );
        assert_eq!(presses("  "), [press(Button::Ok, false)]);
        assert_eq!(presses("# a comment"), []);
        assert_eq!(presses("f # fold"), [press(Button::Fold, false)]);
    }

    #[test]
    fn commands_take_their_words() {
        assert_eq!(
            parse(":tap Big Al"),
            Line::Command(Command::Tap("Big Al".into()))
        );
        assert_eq!(parse(":tap"), Line::Command(Command::Unknown));
        assert_eq!(parse(":q # bye"), Line::Command(Command::Quit));
        assert_eq!(
            parse(":join 5 Eve 200"),
            Line::Command(Command::Join {
                seat: "5",
                name: "Eve",
                amount: "200"
            })
        );
        assert_eq!(parse(":dance"), Line::Command(Command::Unknown));
    }

    #[test]
    fn messages_name_the_key_as_typed() {
        let Line::Keys(keys) = parse("") else {
            panic!("an empty line is OK")
        };
        assert_eq!(does_nothing(&keys[0]), "(Enter does nothing here)");
        let Line::Keys(keys) = parse("é") else {
            panic!("a key")
        };
        assert!(no_such_key(&keys[0]).starts_with("é: "));
    }
}
