//! Histories dealerd wrote itself: besides PHH's fields they carry the
//! house's game and the hand's setup (`_spec`, `_setup`, as JSON) and what
//! PHH cannot say (`_events`, `_rankings`), so `dealerd replay` replays
//! them under the game they were played under, whatever the replay
//! contract makes of their `variant`: house options, posts, bomb pots,
//! boards and runs, declarations, draws, charges, fees and the drop.
//!
//! The writer (`journal::phh_writer`) writes these fields and reads its
//! text back through here: the dependency runs from the writer to replay,
//! never back (issue 35).

use crate::engine::{BoardResult, Declaration, Event, GameSpec, HandSetup};

use super::Extras;

/// The `_` fields of one hand: its game, its setup and its extras; `None`
/// for a hand without `_spec` and `_setup` (not dealerd's, or older).
pub fn house_game(fields: &toml::Table) -> Option<Result<(GameSpec, HandSetup, Extras), String>> {
    let spec = fields.get("_spec")?.as_str()?;
    let setup = fields.get("_setup")?.as_str()?;
    Some(read(fields, spec, setup))
}

fn read(
    fields: &toml::Table,
    spec: &str,
    setup: &str,
) -> Result<(GameSpec, HandSetup, Extras), String> {
    let spec: GameSpec = serde_json::from_str(spec).map_err(|e| format!("_spec: {e}"))?;
    let setup: HandSetup = serde_json::from_str(setup).map_err(|e| format!("_setup: {e}"))?;
    Ok((spec, setup, extras(fields)?))
}

/// What a hand's `_events`, `_rankings` and `_rankings_low` say.
pub fn extras(fields: &toml::Table) -> Result<Extras, String> {
    let mut extras = Extras {
        showdown: boards_from(fields),
        ..Extras::default()
    };
    if let Some(events) = fields.get("_events").and_then(|e| e.as_array()) {
        for e in events {
            let event = extra_from(e).ok_or_else(|| format!("_events: {e} is not an event"))?;
            extras.events.push(event);
        }
    }
    Ok(extras)
}

/// One entry of `_events` (the writer's `extra_toml`): `{ at = 3, event =
/// "chop" }`, a declaration with its player.
fn extra_from(v: &toml::Value) -> Option<(usize, Event)> {
    let at = usize::try_from(v.get("at")?.as_integer()?).ok()?;
    let event = match v.get("event")?.as_str()? {
        "declare" => {
            let p = usize::try_from(v.get("player")?.as_integer()?).ok()?;
            let d = match v.get("declaration")?.as_str()? {
                "high" => Declaration::High,
                "low" => Declaration::Low,
                "both" => Declaration::Both,
                _ => return None,
            };
            Event::Declare(p.checked_sub(1)?, d)
        }
        "open-pair" => Event::OpenPair,
        "wild-card" => Event::WildCard,
        "checked-seven" => Event::CheckedSeven,
        "run-it-twice" => Event::RunItTwice,
        "chop" => Event::Chop,
        "deal" => Event::Deal,
        _ => return None,
    };
    Some((at, event))
}

/// The showdown of a hand (`_rankings`, `_rankings_low`: one list of tied
/// groups per board), where `_ranking` is not enough.
fn boards_from(fields: &toml::Table) -> Option<Vec<BoardResult>> {
    let seats = |g: &toml::Value| -> Option<Vec<Vec<usize>>> {
        g.as_array()?
            .iter()
            .map(|grp| {
                grp.as_array()?
                    .iter()
                    .map(|p| usize::try_from(p.as_integer()?).ok()?.checked_sub(1))
                    .collect()
            })
            .collect()
    };
    let high = fields.get("_rankings")?.as_array()?;
    let low = fields.get("_rankings_low").and_then(|l| l.as_array());
    high.iter()
        .enumerate()
        .map(|(i, h)| {
            Some(BoardResult {
                high: seats(h)?,
                low: match low.and_then(|l| l.get(i)) {
                    Some(l) => seats(l)?,
                    None => Vec::new(),
                },
            })
        })
        .collect()
}

/// Each hand's own fields in a file's text, in the order of its hands: the
/// whole table for a `.phh`, the tables `[1]`, `[2]`, … for a `.phhs`
/// (moved out of the document, not copied). Empty when the text is not
/// TOML the reader would take.
pub fn tables(text: &str, hands: usize) -> Vec<toml::Table> {
    let Ok(mut top) = text.parse::<toml::Table>() else {
        return Vec::new();
    };
    if top.contains_key("actions") {
        return vec![top];
    }
    (1..=hands)
        .map(|i| match top.remove(&i.to_string()) {
            Some(toml::Value::Table(t)) => t,
            _ => toml::Table::new(),
        })
        .collect()
}

/// The hand's number as the file names it (its `hand` field, which
/// dealerd writes: the hand of the night), if it does.
pub fn number(fields: &toml::Table) -> Option<usize> {
    fields
        .get("hand")
        .and_then(|h| h.as_integer())
        .and_then(|n| usize::try_from(n).ok())
}
