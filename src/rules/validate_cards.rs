//! Meaning checks for `[[card]]`: a readable UID, one role, a name the
//! screen can show, and no UID or name twice.

use std::collections::hash_map::{Entry, HashMap};
use std::ops::Range;

use toml::Spanned;

use super::cards::{read_uid, uid_hex, Card, CardCommand, CardRole, MAX_NAME_CHARS};
use super::schema_cards::{CommandKind, RawCard};
use super::validate::Check;

/// A card's name and where to point when it is wrong.
struct Named {
    name: String,
    span: Range<usize>,
}

pub(crate) fn cards(raw: &[RawCard], c: &mut Check) -> Vec<Card> {
    let mut out = Vec::new();
    // Every UID and name seen so far with where it was first written, so a
    // second use can name the line of the first even when this card has other
    // errors. Maps, not lists: a list scanned per card made a file of 262k
    // cards take over 20 s.
    let mut uids: HashMap<Vec<u8>, Range<usize>> = HashMap::with_capacity(raw.len());
    // Keyed by the name in lower case: names are unique ignoring ASCII case.
    let mut names: HashMap<String, Range<usize>> = HashMap::with_capacity(raw.len());
    for r in raw {
        let uid = match read_uid(r.uid.get_ref()) {
            Ok(uid) => Some(uid),
            Err(e) => {
                c.err(&r.uid.span(), format!("uid \"{}\": {e}", r.uid.get_ref()));
                None
            }
        };
        if let Some(uid) = &uid {
            match uids.entry(uid.clone()) {
                Entry::Occupied(first) => {
                    let msg = format!(
                        "uid {} is already on line {}: one card, one [[card]]",
                        uid_hex(uid),
                        c.line(first.get())
                    );
                    c.err(&r.uid.span(), msg);
                }
                Entry::Vacant(v) => {
                    v.insert(r.uid.span());
                }
            }
        }
        let role = role(r, c);
        let named = role.and_then(|role| name(r, role, c));
        if let Some(n) = &named {
            if let Some(first) = names.get(&n.name.to_ascii_lowercase()) {
                // Two cards answering to one name would make `:tap NAME` ambiguous.
                let msg = format!(
                    "card name \"{}\" is already used on line {} (names are case-insensitive){}",
                    n.name,
                    c.line(first),
                    if r.name.is_none() && r.player.is_none() {
                        "; give this card a name"
                    } else {
                        ""
                    }
                );
                c.err(&n.span, msg);
            }
        }
        if let (Some(uid), Some(role), Some(n)) = (uid, role, &named) {
            out.push(Card {
                uid,
                name: n.name.clone(),
                role,
            });
        }
        if let Some(n) = named {
            names.entry(n.name.to_ascii_lowercase()).or_insert(n.span);
        }
    }
    out
}

/// The one role the card was given.
fn role(r: &RawCard, c: &mut Check) -> Option<CardRole> {
    if let Some(h) = r.host.as_ref().filter(|h| !h.get_ref()) {
        // A false flag is a rule the host may think is in force; say so.
        c.err(
            &h.span(),
            "host = false says nothing: write host = true, or leave host out",
        );
        return None;
    }
    let given: Vec<(&str, Range<usize>)> = [
        r.player.as_ref().map(|p| ("player", p.span())),
        r.host.as_ref().map(|h| ("host", h.span())),
        r.command.as_ref().map(|k| ("command", k.span())),
    ]
    .into_iter()
    .flatten()
    .collect();
    match given.as_slice() {
        [] => {
            c.err(
                &r.uid.span(),
                "this [[card]] needs one of: player = \"NAME\", host = true, command = \"bomb-next\" | \"misdeal\" | \"run-it-twice\" | \"clock\"",
            );
            None
        }
        [(first, _), rest @ ..] if !rest.is_empty() => {
            for (second, span) in rest {
                c.err(
                    span,
                    format!(
                        "a card is a player, the host or a command, not both {first} and {second}"
                    ),
                );
            }
            None
        }
        _ => Some(match &r.command {
            Some(k) => CardRole::Command(command(*k.get_ref())),
            None if r.host.is_some() => CardRole::Host,
            None => CardRole::Player,
        }),
    }
}

fn command(k: CommandKind) -> CardCommand {
    match k {
        CommandKind::BombNext => CardCommand::BombNext,
        CommandKind::Misdeal => CardCommand::Misdeal,
        CommandKind::RunItTwice => CardCommand::RunItTwice,
        CommandKind::Clock => CardCommand::Clock,
    }
}

/// The name the card answers to, if the screen can show it.
fn name(r: &RawCard, role: CardRole, c: &mut Check) -> Option<Named> {
    let (what, given): (&str, &Spanned<String>) = match (role, &r.player, &r.name) {
        (CardRole::Player, Some(p), name) => {
            if let Some(n) = name {
                c.err(
                    &n.span(),
                    "a player card's name is the player's: remove name",
                );
            }
            ("player name", p)
        }
        (_, _, Some(n)) => ("card name", n),
        (CardRole::Command(k), _, None) => {
            return Some(Named {
                name: k.as_str().to_string(),
                span: r.command.as_ref().map_or(r.uid.span(), |k| k.span()),
            })
        }
        (_, _, None) => {
            return Some(Named {
                name: "host".to_string(),
                span: r.host.as_ref().map_or(r.uid.span(), |h| h.span()),
            })
        }
    };
    checked(what, given, c)
}

/// `given` if the screen can show it as a name; else its error, located.
fn checked(what: &str, given: &Spanned<String>, c: &mut Check) -> Option<Named> {
    let name = given.get_ref();
    let problem = if name.trim().is_empty() {
        Some(format!("{what} is empty"))
    } else if let Some(ch) = name.chars().find(|ch| !(' '..='~').contains(ch)) {
        // The OLED's fonts are ASCII; anything else would draw as '?'.
        Some(format!(
            "{what} \"{name}\" has \"{}\", which the screen cannot draw (ASCII only)",
            ch.escape_debug()
        ))
    } else if name.trim() != name {
        Some(format!("{what} \"{name}\" starts or ends with a space"))
    } else if let Some(ch) = name
        .chars()
        .next()
        .filter(|ch| matches!(ch, '=' | '+' | '-' | '@'))
    {
        // The ledger's CSV is opened in spreadsheets, which run such a
        // cell as a formula (issue 35).
        Some(format!(
            "{what} \"{name}\" starts with \"{ch}\", which a spreadsheet opening the ledger would read as a formula"
        ))
    } else if name.chars().count() > MAX_NAME_CHARS {
        Some(format!(
            "{what} \"{name}\" is {} characters; the screen shows {MAX_NAME_CHARS}",
            name.chars().count()
        ))
    } else {
        None
    };
    match problem {
        Some(p) => {
            c.err(&given.span(), p);
            None
        }
        None => Some(Named {
            name: name.clone(),
            span: given.span(),
        }),
    }
}

/// A command card for something the house does not play would only ever be
/// refused at the table: say so where the card is written.
pub(crate) fn commands_allowed(raw: &[RawCard], rules: &super::HouseRules, c: &mut Check) {
    for r in raw {
        let Some(k) = &r.command else { continue };
        // What the card would do, what the house lacks for it, and how to
        // give it that, each in a host's words (issue 35).
        let missing = match command(*k.get_ref()) {
            CardCommand::BombNext if rules.bomb.is_none() => Some((
                "bomb-next",
                "calls a bomb pot",
                "the house has no [bomb] section",
                "add [bomb] with its ante",
            )),
            CardCommand::RunItTwice if !rules.table.run_it_twice => Some((
                "run-it-twice",
                "runs the board twice",
                "the house does not run it twice",
                "set run_it_twice = true under [table]",
            )),
            CardCommand::BombNext
            | CardCommand::RunItTwice
            | CardCommand::Misdeal
            | CardCommand::Clock => None,
        };
        if let Some((name, does, lacks, fix)) = missing {
            c.err(
                &k.span(),
                format!(
                    "the card command = \"{name}\" {does}, but {lacks}: {fix}, or remove this card"
                ),
            );
        }
    }
}

/// `roster`: names the screen can show, each once (ignoring case), and none
/// that a `[[card]]` already gives a player: the roster is for players
/// without a card.
pub(crate) fn roster(raw: &[Spanned<String>], cards: &[RawCard], c: &mut Check) -> Vec<String> {
    let mut seen: HashMap<String, Range<usize>> = HashMap::new();
    let mut out = Vec::new();
    for given in raw {
        let Some(n) = checked("roster name", given, c) else {
            continue;
        };
        let key = n.name.to_ascii_lowercase();
        let carded = cards.iter().find(|r| {
            r.player
                .as_ref()
                .is_some_and(|p| p.get_ref().eq_ignore_ascii_case(&n.name))
        });
        if let Some(first) = seen.get(&key) {
            let msg = format!(
                "roster name \"{}\" is already on line {} (names are case-insensitive)",
                n.name,
                c.line(first)
            );
            c.err(&n.span, msg);
        } else if let Some(card) = carded {
            let msg = format!(
                "roster name \"{}\" has a card on line {}: the roster is for players without one",
                n.name,
                c.line(&card.uid.span())
            );
            c.err(&n.span, msg);
        } else {
            seen.insert(key, n.span.clone());
            out.push(n.name);
        }
    }
    out
}
