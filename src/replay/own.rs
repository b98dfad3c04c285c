//! Histories dealerd wrote itself: besides PHH's fields they carry the
//! house's game and the hand's setup (`_spec`, `_setup`, as JSON) and what
//! PHH cannot say (`_events`, `_rankings`), so `dealerd replay` replays
//! them under the game they were played under, whatever the replay
//! contract makes of their `variant`: house options, posts, bomb pots,
//! boards and runs, declarations, draws, charges, fees and the drop.

use crate::engine::{GameSpec, HandSetup};
use crate::phh::PhhHand;

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
    let value = toml::Value::Table(fields.clone());
    let mut extras = Extras {
        showdown: crate::journal::phh_writer::boards_from(&value),
        ..Extras::default()
    };
    if let Some(events) = fields.get("_events").and_then(|e| e.as_array()) {
        for e in events {
            let event = crate::journal::phh_writer::extra_from(e)
                .ok_or_else(|| format!("_events: {e} is not an event"))?;
            extras.events.push(event);
        }
    }
    Ok((spec, setup, extras))
}

/// Each hand's own fields in a file's text, in the order of its hands: the
/// whole table for a `.phh`, the tables `[1]`, `[2]`, … for a `.phhs`.
/// Empty when the text is not TOML the reader would take.
pub fn tables(text: &str, hands: usize) -> Vec<toml::Table> {
    let Ok(top) = text.parse::<toml::Table>() else {
        return Vec::new();
    };
    if top.contains_key("actions") {
        return vec![top];
    }
    (1..=hands)
        .map(|i| {
            top.get(&i.to_string())
                .and_then(|t| t.as_table())
                .cloned()
                .unwrap_or_default()
        })
        .collect()
}

/// The hand's number as the file names it (its `hand` field, which
/// dealerd writes: the hand of the night), else its place in the file.
pub fn numbered(hand: &PhhHand, fields: Option<&toml::Table>) -> PhhHand {
    let mut hand = hand.clone();
    if let Some(n) = fields
        .and_then(|f| f.get("hand"))
        .and_then(|h| h.as_integer())
        .and_then(|n| usize::try_from(n).ok())
    {
        hand.number = n;
    }
    hand
}
