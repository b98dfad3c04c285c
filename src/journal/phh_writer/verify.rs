//! The text is read back before it is written: by the repo's PHH reader,
//! then replayed by the replay contract and, where that cannot, under the
//! house's own game with the `_` fields.

use crate::engine::{Chips, GameSpec, HandSetup, Options, RaiseCap};
use crate::replay::{own_extras, replay_hand, replay_with};

/// The house options that differ from the replay contract's (WSOP: a bet
/// and four raises in limit, no fold with a free check, …), by name.
pub fn options_apart(spec: &GameSpec) -> Option<String> {
    let contract = Options {
        raise_cap: spec.structure.is_limit().then_some(RaiseCap {
            raises: 4,
            lift_heads_up: false,
        }),
        ..Options::default()
    };
    if spec.options == contract {
        return None;
    }
    let (Ok(serde_json::Value::Object(house)), Ok(serde_json::Value::Object(plain))) = (
        serde_json::to_value(spec.options),
        serde_json::to_value(contract),
    ) else {
        return Some("house options".into());
    };
    let apart: Vec<String> = house
        .iter()
        .filter(|(k, v)| plain.get(*k) != Some(v))
        .map(|(k, v)| format!("{k} = {v}"))
        .collect();
    Some(format!("house options ({})", apart.join(", ")))
}

/// Whether a fixed-limit round of `actions` (as written) has a fifth bet:
/// the house's cap (or none) allows a bet and four raises, PokerKit stops
/// at a bet and three. Before the flop a blind is the round's first bet;
/// each deal starts a round.
pub fn fifth_bet(actions: &[String], blinds: bool) -> bool {
    let (mut bets, mut streets, mut dealing) = (0, 0, false);
    for a in actions {
        let mut words = a.split_whitespace();
        if words.next() == Some("d") {
            if !dealing {
                streets += 1;
                bets = usize::from(streets == 1 && blinds);
            }
            dealing = true;
            continue;
        }
        dealing = false;
        if words.next() == Some("cbr") {
            bets += 1;
            if bets > 4 {
                return true;
            }
        }
    }
    false
}

/// Reads `text` back; gives it, with `_differs` when the contract's replay
/// does not give `finals` or `apart` (what PHH's reference reader does
/// otherwise) is not empty, or why it cannot be written.
pub fn check(
    mut text: String,
    spec: &GameSpec,
    setup: &HandSetup,
    finals: &[Chips],
    apart: Vec<String>,
    mut differs: Vec<String>,
) -> Result<String, String> {
    let parsed = crate::phh::parse_str("hand", &text, false).map_err(|e| e.to_string())?;
    let hand = parsed.first().ok_or("no hand parsed")?;
    match replay_hand("hand", hand, |_| {}) {
        Ok(back) if back == finals && apart.is_empty() => return Ok(text),
        // The contract's replay holds; only PHH's reader reads it otherwise.
        Ok(back) if back == finals => differs.clear(),
        Ok(back) => differs.push(format!("the replay contract gives {back:?}")),
        Err(e) => differs.push(format!("the replay contract refuses it: {e}")),
    }
    differs.splice(0..0, apart);
    let quoted: Vec<String> = differs
        .iter()
        .map(|d| serde_json::to_string(d).unwrap_or_else(|_| "\"?\"".into()))
        .collect();
    text.push_str(&format!("_differs = [{}]\n", quoted.join(", ")));

    let parsed = crate::phh::parse_str("hand", &text, false).map_err(|e| e.to_string())?;
    let hand = parsed.first().ok_or("no hand parsed")?;
    let fields: toml::Table = toml::from_str(&text).map_err(|e| e.to_string())?;
    let extras = own_extras(&fields).map_err(|e| format!("{e}: reads back wrong"))?;
    if hand.finishing_stacks.as_deref() != Some(finals) {
        return Err("finishing_stacks reads back wrong".into());
    }
    let back = replay_with("hand", hand, spec.clone(), setup.clone(), &extras, |_| {})
        .map_err(|e| format!("the text does not replay under the house's game: {e}"))?;
    if back != finals {
        return Err(format!(
            "the text replays to {back:?}, the table settled {finals:?}"
        ));
    }
    Ok(text)
}
