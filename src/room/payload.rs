//! What the table says on the broker, as versioned JSON (schema in
//! docs/room.md). Pure: a snapshot is read off a [`Night`] with the table's
//! and the engine's own queries, never worked out again here.

use serde::{Deserialize, Serialize};

use crate::engine::{Chips, Phase};
use crate::table::{Night, Status};

/// The version every payload carries; a subscriber refuses what it does not know.
pub const VERSION: u32 = 1;

/// `dealerd/<table>/state`, retained: the table as it stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub version: u32,
    pub table: String,
    pub house: String,
    pub currency: String,
    /// What one chip unit is worth in the currency, as written ("0.25").
    pub unit: String,
    /// The game being played, or chosen for the next hand.
    pub game: String,
    /// The stakes as the screen writes them ("0.25 / 0.5", "blinds 1/2").
    pub stakes: String,
    pub seats: Vec<Seat>,
    pub seats_open: usize,
    /// Hands dealt tonight; the hand in progress is this one.
    pub hands: u64,
    pub hand: Option<Hand>,
    /// The host ended the night.
    pub ended: bool,
    /// The journal behind the events topic, as the publisher has read it:
    /// a subscriber missing any record up to `records` asks for it again
    /// (`dealerd/<table>/replay`). Added by the publisher.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub journal: Option<JournalHead>,
}

/// The night and its last durable record, as published with the state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JournalHead {
    /// The night's id, as in each event payload.
    pub night: String,
    /// The last record the journal has confirmed: 1..=records exist.
    pub records: u64,
}

/// `dealerd/<table>/replay`: a subscriber asks the table to publish its
/// records again from `from` (of `night`) on, having missed some.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayRequest {
    pub version: u32,
    pub night: String,
    pub from: u64,
}

/// One seat; `player` is `None` when it is open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// 1-based, as the dealer counts.
    pub seat: usize,
    pub player: Option<SeatPlayer>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPlayer {
    pub name: String,
    /// Chips behind, in units: during a hand, what is left after the bets.
    pub stack: Chips,
    /// playing, waiting, sitting-out, busted.
    pub status: String,
    /// Dealt into the hand in progress and not folded.
    pub in_hand: bool,
}

/// The hand in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    pub number: u64,
    /// posting, dealing, betting, exchanging, showdown, …
    pub phase: String,
    /// Betting round in progress or last played, 1-based, and how many the game has.
    pub round: usize,
    pub rounds: usize,
    /// The 1-based seat whose action it is.
    pub to_act: Option<usize>,
    /// The pots in the middle, main first (eligible seats 1-based); the
    /// bets of the round in progress are not in them yet.
    pub pots: Vec<Pot>,
    /// Bets in front of the players, not yet in a pot.
    pub bets: Chips,
    /// Everything in play: the pots and the bets.
    pub total: Chips,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pot {
    pub amount: Chips,
    pub eligible: Vec<usize>,
}

/// `dealerd/<table>/events`, QoS 1: one journal record with its number.
/// The record is the journal's line as written (`{"n":…,"event":{…}}` or
/// `{"n":…,"undo":true}`), so the floor holds what the journal holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventPayload {
    pub version: u32,
    pub table: String,
    /// The night the record belongs to (a hash of the journal's header, in
    /// hex): record numbers start again at 1 with every night.
    pub night: String,
    pub n: u64,
    pub record: serde_json::Value,
}

/// `dealerd/<table>/status`, retained; the broker publishes the last will,
/// `offline`, when the table goes without saying goodbye.
pub const ONLINE: &str = "online";
pub const OFFLINE: &str = "offline";

/// The topics of one table.
pub fn topic(table: &str, leaf: &str) -> String {
    format!("dealerd/{table}/{leaf}")
}

fn status_name(s: Status) -> &'static str {
    match s {
        Status::Playing => "playing",
        Status::WaitingForBigBlind => "waiting",
        Status::SittingOut => "sitting-out",
        Status::Busted => "busted",
    }
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Posting => "posting",
        Phase::Dealing(_) => "dealing",
        Phase::Betting(_) => "betting",
        Phase::Exchanging(_) => "exchanging",
        Phase::Showdown => "showdown",
        Phase::Complete => "complete",
        Phase::Voided => "voided",
    }
}

impl State {
    /// The table `night` is at, as table `table` publishes it.
    pub fn of(table: &str, night: &Night) -> State {
        let t = night.table();
        let rules = t.rules();
        let live = t.live_hand();
        let game_index = live.map_or(t.game(), |h| h.game);
        let game = rules.games.get(game_index);
        let stakes = game.map_or_else(String::new, |g| match g.stakes() {
            Some((a, b)) => format!("{} / {}", t.money(a), t.money(b)),
            None => match g.blinds.as_slice() {
                [] => String::new(),
                blinds => {
                    let b: Vec<String> = blinds.iter().map(|&c| t.money(c)).collect();
                    format!("blinds {}", b.join("/"))
                }
            },
        });
        let seats: Vec<Seat> = t
            .seats()
            .iter()
            .enumerate()
            .map(|(i, p)| Seat {
                seat: i + 1,
                player: p.as_ref().map(|p| {
                    let in_hand = live.and_then(|h| Some((h, h.hand_seat(i)?)));
                    let stack = in_hand
                        .and_then(|(h, hs)| h.state().stacks().get(hs).copied())
                        .unwrap_or(p.stack);
                    let folded = in_hand.is_some_and(|(h, hs)| !h.state().live().contains(&hs));
                    SeatPlayer {
                        name: p.name.to_string(),
                        stack,
                        status: status_name(p.status).into(),
                        in_hand: in_hand.is_some() && !folded,
                    }
                }),
            })
            .collect();
        let hand = live.map(|h| {
            let s = h.state();
            let seat_of = |hs: usize| h.order.get(hs).map(|&ts| ts + 1);
            let street = s.street();
            Hand {
                number: t.hands_dealt(),
                phase: phase_name(s.phase()).into(),
                round: street.round,
                rounds: street.of,
                to_act: s.to_act().and_then(seat_of),
                pots: s
                    .settled_pots()
                    .into_iter()
                    .map(|p| Pot {
                        amount: p.amount,
                        eligible: p.eligible.into_iter().filter_map(seat_of).collect(),
                    })
                    .collect(),
                bets: s.bets_total(),
                total: s.pot(),
            }
        });
        State {
            version: VERSION,
            table: table.to_string(),
            house: rules.house.name.clone(),
            currency: rules.house.currency.clone(),
            unit: rules.house.unit.to_string(),
            game: game.map_or_else(String::new, |g| g.name.clone()),
            stakes,
            seats_open: seats.iter().filter(|s| s.player.is_none()).count(),
            seats,
            hands: t.hands_dealt(),
            hand,
            ended: t.ended(),
            journal: None,
        }
    }
}

impl EventPayload {
    /// The payload of one journal line; `None` for a line that is not a
    /// numbered record (the header).
    pub fn of_line(table: &str, night: u64, line: &[u8]) -> Option<EventPayload> {
        let record: serde_json::Value = serde_json::from_slice(line).ok()?;
        let n = record.get("n")?.as_u64()?;
        Some(EventPayload {
            version: VERSION,
            table: table.to_string(),
            night: format!("{night:016x}"),
            n,
            record,
        })
    }
}

#[cfg(test)]
mod tests;
