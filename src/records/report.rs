//! The night at a glance, from its journal alone: the journal is folded
//! record by record as a restart folds it, and after each record the table
//! is looked at, so an undo takes back what it undid here too.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

use thiserror::Error;

use crate::engine::{Chips, Phase};
use crate::journal::{self, Journal, JournalError};
use crate::rules::HandKind;
use crate::table::{EntryKind, Night, Table, Transfer};

use super::{money_paths, Money, MoneyPath, Zone};

#[derive(Debug, Error)]
pub enum ReportError {
    /// The journal cannot be read (its path and line are in the error).
    #[error(transparent)]
    Journal(JournalError),
    /// A record the table refuses: the journal is not the night it says.
    #[error("{path}: record {n}: {reason}")]
    Record {
        path: String,
        n: u64,
        reason: String,
    },
    /// The page could not be written.
    #[error("{path}: cannot write: {source}")]
    Write {
        path: String,
        source: std::io::Error,
    },
}

/// How a hand ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Still being played where the journal stops.
    InPlay,
    /// Misdealt (D2): void, the chips went back.
    Misdealt,
    /// Over: the chips awarded and who took some; `None` for a Guts or a
    /// lives hand, whose pot is not an engine hand's.
    Played {
        pot: Option<Chips>,
        winners: Vec<Arc<str>>,
    },
}

/// One hand of the night.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandSummary {
    /// From 1.
    pub number: u64,
    pub game: String,
    pub kind: HandKind,
    pub outcome: Outcome,
    /// Seated players' stacks when it was dealt, and when it was over.
    pub start: Vec<(Arc<str>, Chips)>,
    pub after: Option<Vec<(Arc<str>, Chips)>>,
    /// An engine hand (not Guts, not a lives game): the table's hand is it.
    engine: bool,
}

/// Fees the house took, by how it took them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Fees {
    /// Paid by players before the deal (M3), less what misdeals gave back.
    pub table_fees: Chips,
    /// Taken from pots (the drop).
    pub drop: Chips,
}

impl Fees {
    pub fn total(&self) -> Chips {
        self.table_fees.saturating_add(self.drop)
    }
}

#[derive(Debug, Clone)]
pub struct Report {
    /// The journal's path, as given.
    pub journal: String,
    /// Where the night's rules came from, as the journal's header says.
    pub rules_source: String,
    /// When the night began (RFC 3339, UTC), if the journal says.
    pub started: Option<String>,
    /// The night's name in the ledger exports ([`super::night_id`]).
    pub night_id: String,
    pub house: String,
    pub currency: String,
    pub money: Money,
    pub hands: Vec<HandSummary>,
    /// Each player's result, in the order they first bought in.
    pub nets: Vec<(Arc<str>, i128)>,
    /// The fewest payments that settle the night (the house's fees in them).
    pub transfers: Vec<Transfer>,
    pub fees: Fees,
    /// The host ended the night.
    pub ended: bool,
    /// Each player's money over the night, in the order they first bought
    /// in: buy-ins, top-ups, rebuys, corrections, fees paid, cash-out or
    /// chips on the table, net (the ledger CSV's rows).
    pub paths: Vec<(String, MoneyPath)>,
    /// The zone times are shown in: UTC until the shell passes the
    /// machine's ([`Report::in_zone`]).
    pub zone: Zone,
}

impl Report {
    /// Reads the journal at `path` (without taking the writer's lock: a
    /// night still being played can be looked at) and folds it.
    pub fn from_journal(path: &Path) -> Result<Report, ReportError> {
        let (header, records) = Journal::inspect(path).map_err(ReportError::Journal)?;
        let rules = header.rules(path).map_err(ReportError::Journal)?;
        let mut night = Night::new(Arc::new(rules));
        let mut hands = Vec::new();
        for (i, record) in records.into_iter().enumerate() {
            let n = i as u64 + 1;
            journal::apply(&mut night, n, record).map_err(|e| match e {
                JournalError::Replay { n, reason } => ReportError::Record {
                    path: path.display().to_string(),
                    n,
                    reason,
                },
                e => ReportError::Journal(e),
            })?;
            observe(&mut hands, night.table());
        }
        let table = night.table();
        let house = &table.rules().house;
        Ok(Report {
            journal: path.display().to_string(),
            night_id: super::night_id(
                header.started.as_deref(),
                header.night,
                header.box_id.as_deref(),
                path,
                &header.rules_fnv64,
            ),
            started: header.started,
            rules_source: header.rules,
            house: house.name.clone(),
            currency: house.currency.clone(),
            money: Money::new(&house.unit),
            hands,
            nets: table.nets(),
            transfers: table.settle_up(),
            fees: fees(table),
            ended: table.ended(),
            paths: money_paths(table),
            zone: Zone::utc(),
        })
    }

    /// The report with its times in `zone` (the machine's, which the shell
    /// reads from `TZ` or `/etc/localtime`).
    pub fn in_zone(mut self, zone: Zone) -> Report {
        self.zone = zone;
        self
    }

    /// When the night began, in [`Report::zone`] with its offset.
    pub fn began(&self) -> Option<String> {
        self.started.as_deref().map(|s| self.zone.local(s))
    }

    /// Who paid the house's table fees, and how much each (M3), in the
    /// order they first bought in.
    pub fn fees_paid(&self) -> Vec<(&str, Chips)> {
        self.paths
            .iter()
            .filter(|(_, p)| p.fees > 0)
            .map(|(n, p)| (n.as_str(), p.fees))
            .collect()
    }

    /// One player's money path in words: `bought in 40.00, topped up
    /// 10.00, ..., cashed out 39.75, net +2.25`. Kinds the player had none
    /// of are left out, but for the buy-ins, the end and the net.
    pub fn path_words(&self, p: &MoneyPath) -> String {
        let m = |c: Chips| self.money.units(c);
        let mut parts = vec![format!("bought in {}", m(p.buy_ins))];
        if p.top_ups > 0 {
            parts.push(format!("topped up {}", m(p.top_ups)));
        }
        if p.rebuys > 0 {
            parts.push(format!("rebought {}", m(p.rebuys)));
        }
        let signed = |v: i128| self.money.signed(v.abs());
        if p.corrections > 0 {
            parts.push(format!("money into the game {}", signed(p.corrections)));
        } else if p.corrections < 0 {
            parts.push(format!("money out of the game {}", signed(p.corrections)));
        }
        if p.moved > 0 {
            parts.push(format!("chips from other players {}", signed(p.moved)));
        } else if p.moved < 0 {
            parts.push(format!("chips to other players {}", signed(p.moved)));
        }
        if p.fees > 0 {
            parts.push(format!("paid the house {}", m(p.fees)));
        }
        if p.cash_out > 0 || p.on_table == 0 {
            parts.push(format!("cashed out {}", m(p.cash_out)));
        }
        if p.on_table > 0 {
            parts.push(format!("on the table {}", m(p.on_table)));
        }
        parts.push(format!("net {}", super::text::result(self, p.net)));
        parts.join(", ")
    }

    /// Why the house is in the settle-up, when it is: its fees.
    pub fn house_words(&self) -> Option<String> {
        if self.fees.total() == 0 {
            return None;
        }
        let paid: Vec<String> = self
            .fees_paid()
            .iter()
            .map(|(n, c)| format!("{n} {}", self.money.units(*c)))
            .collect();
        let mut why = format!(
            "the house is owed its fees, {}",
            self.money.units(self.fees.total())
        );
        if self.fees.table_fees > 0 {
            let _ = write!(
                why,
                ": table fees {} (paid by {})",
                self.money.units(self.fees.table_fees),
                paid.join(", ")
            );
        }
        if self.fees.drop > 0 {
            let _ = write!(
                why,
                "{} the drop {} (taken from pots)",
                if self.fees.table_fees > 0 { ";" } else { ":" },
                self.money.units(self.fees.drop)
            );
        }
        Some(why)
    }

    /// Hands played to the end, by game, in the order each game was first
    /// dealt; misdeals and a hand still in play not counted.
    pub fn hands_by_game(&self) -> Vec<(&str, usize)> {
        let mut out: Vec<(&str, usize)> = Vec::new();
        for h in self.hands.iter().filter(|h| h.played()) {
            match out.iter_mut().find(|(g, _)| *g == h.game) {
                Some((_, count)) => *count += 1,
                None => out.push((&h.game, 1)),
            }
        }
        out
    }

    /// Hands that were misdealt.
    pub fn misdeals(&self) -> Vec<u64> {
        self.numbers(|h| h.outcome == Outcome::Misdealt)
    }

    /// The `n` biggest pots, biggest first (the earlier hand first on a tie).
    pub fn biggest_pots(&self, n: usize) -> Vec<(&HandSummary, Chips)> {
        let mut pots: Vec<(&HandSummary, Chips)> = self
            .hands
            .iter()
            .filter_map(|h| match h.outcome {
                Outcome::Played { pot: Some(p), .. } => Some((h, p)),
                _ => None,
            })
            .collect();
        pots.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.number.cmp(&b.0.number)));
        pots.truncate(n);
        pots
    }

    /// Killed hands (S1), by number.
    pub fn kills(&self) -> Vec<u64> {
        self.numbers(|h| h.kind == HandKind::Kill && h.outcome != Outcome::Misdealt)
    }

    /// Bomb pots (S2), by number.
    pub fn bombs(&self) -> Vec<u64> {
        self.numbers(|h| h.kind == HandKind::Bomb && h.outcome != Outcome::Misdealt)
    }

    fn numbers(&self, keep: impl Fn(&HandSummary) -> bool) -> Vec<u64> {
        self.hands
            .iter()
            .filter(|h| keep(h))
            .map(|h| h.number)
            .collect()
    }

    /// Each player's stack over the night, for the chart: runs of (hand,
    /// stack) points, the first of a run the stack they sat down to the
    /// next hand with (at hand - 1), then the stack after every hand while
    /// they stay; a new run when they come back after leaving.
    pub fn stack_lines(&self) -> Vec<(Arc<str>, Vec<Run>)> {
        let mut lines: Vec<(Arc<str>, Vec<Run>)> = self
            .nets
            .iter()
            .map(|(name, _)| (Arc::clone(name), Vec::new()))
            .collect();
        for h in &self.hands {
            let Some(after) = &h.after else { continue };
            for (name, stack) in after {
                let Some((_, runs)) = lines.iter_mut().find(|(n, _)| n == name) else {
                    continue;
                };
                let continues = runs
                    .last()
                    .and_then(|run| run.last())
                    .is_some_and(|&(x, _)| x + 1 == h.number);
                if !continues {
                    let start = h
                        .start
                        .iter()
                        .find(|(n, _)| n == name)
                        .map_or(*stack, |(_, s)| *s);
                    runs.push(vec![(h.number - 1, start)]);
                }
                if let Some(run) = runs.last_mut() {
                    run.push((h.number, *stack));
                }
            }
        }
        lines
    }
}

/// A stretch of one player's stack line: (hand, stack) points.
pub type Run = Vec<(u64, Chips)>;

impl HandSummary {
    /// Played to the end (not misdealt, not still in play).
    pub fn played(&self) -> bool {
        matches!(self.outcome, Outcome::Played { .. })
    }
}

/// Brings the hands up to date with the table after one record.
fn observe(hands: &mut Vec<HandSummary>, table: &Table) {
    let dealt = usize::try_from(table.hands_dealt()).unwrap_or(usize::MAX);
    // An undone deal takes its hand back.
    hands.truncate(dealt);
    while hands.len() < dealt {
        let number = hands.len() as u64 + 1;
        hands.push(dealt_now(number, table));
    }
    let Some(hand) = hands.last_mut() else { return };
    if table.in_hand() {
        // Still in play, or in play again after an undo.
        hand.outcome = Outcome::InPlay;
        hand.after = None;
    } else if hand.after.is_none() {
        // Just over: what happens between hands is the next hand's start.
        hand.outcome = outcome(table, hand.engine);
        hand.after = Some(stacks(table));
    }
}

fn dealt_now(number: u64, table: &Table) -> HandSummary {
    let engine = table.live_hand();
    let (game, kind) = match engine {
        Some(h) => (h.game, h.kind),
        None => (table.game(), HandKind::Normal),
    };
    let game = table
        .rules()
        .games
        .get(game)
        .map_or_else(|| format!("game {}", game + 1), |g| g.name.clone());
    HandSummary {
        number,
        game,
        kind,
        outcome: Outcome::InPlay,
        start: stacks(table),
        after: None,
        engine: engine.is_some(),
    }
}

/// The last hand's outcome, just after it is over. After a Guts or lives
/// hand the table's engine hand is an older one, not to be read.
fn outcome(table: &Table, engine: bool) -> Outcome {
    let Some(current) = table.hand().filter(|_| engine) else {
        return Outcome::Played {
            pot: None,
            winners: Vec::new(),
        };
    };
    let state = current.state();
    if state.phase() == Phase::Voided {
        return Outcome::Misdealt;
    }
    let pay = state.payouts().unwrap_or(&[]);
    let winners = pay
        .iter()
        .enumerate()
        .filter(|(_, &p)| p > 0)
        .map(|(hs, _)| {
            let seat = current.order.get(hs).copied();
            match seat.and_then(|s| table.player(s)) {
                Some(p) => Arc::clone(&p.name),
                None => Arc::from(format!("seat {}", seat.map_or(hs, |s| s) + 1)),
            }
        })
        .collect();
    Outcome::Played {
        pot: Some(pay.iter().sum()),
        winners,
    }
}

fn stacks(table: &Table) -> Vec<(Arc<str>, Chips)> {
    table
        .seats()
        .iter()
        .flatten()
        .map(|p| (Arc::clone(&p.name), p.stack))
        .collect()
}

fn fees(table: &Table) -> Fees {
    let mut fees = Fees::default();
    for e in table.ledger().entries() {
        match (e.kind, &e.name) {
            (EntryKind::Fee, Some(_)) => fees.table_fees = fees.table_fees.saturating_add(e.amount),
            (EntryKind::Fee, None) => fees.drop = fees.drop.saturating_add(e.amount),
            (EntryKind::FeeReturned, _) => {
                fees.table_fees = fees.table_fees.saturating_sub(e.amount)
            }
            _ => {}
        }
    }
    fees
}
