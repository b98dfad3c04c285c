//! The ledger as CSV (RFC 4180 quoting, one record a line): one file per
//! night with a row per player, and one row per night for the file of all
//! nights. Money is in the house's currency (see [`Money`]), named in a
//! column of its own so a ledger app importing rows keeps it.

use std::fmt::Write as _;

use crate::engine::Chips;
use crate::table::{EntryKind, Table, HOUSE};

use super::Money;

/// The first line of a night's ledger CSV.
pub const LEDGER_HEADER: &str =
    "player,currency,buy_ins,top_ups,rebuys,corrections,cash_out,on_table,net";

/// The first line of `ledger/nights.csv`.
pub const NIGHTS_HEADER: &str =
    "night,house,currency,hands,players,money_in,corrections,money_out,on_table,fees,transfers";

/// One field as RFC 4180 wants it: quoted, with quotes doubled, when it
/// holds a comma, a quote or a line break.
pub fn field(text: &str) -> String {
    if text.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The first field of a CSV line, unquoted: the night a line of
/// `nights.csv` is about.
pub fn first_field(line: &str) -> String {
    let Some(quoted) = line.strip_prefix('"') else {
        return line.split(',').next().unwrap_or("").to_string();
    };
    let mut out = String::new();
    let mut chars = quoted.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if chars.peek() == Some(&'"') => {
                chars.next();
                out.push('"');
            }
            '"' => break,
            c => out.push(c),
        }
    }
    out
}

/// What one player brought and took, by the ledger's kinds.
#[derive(Debug, Default, Clone, Copy)]
struct Row {
    buy_ins: Chips,
    top_ups: Chips,
    rebuys: Chips,
    /// The host's corrections, up less down.
    corrections: i128,
    cash_out: Chips,
    on_table: Chips,
    net: i128,
}

impl Row {
    fn add(&mut self, other: &Row) {
        self.buy_ins = self.buy_ins.saturating_add(other.buy_ins);
        self.top_ups = self.top_ups.saturating_add(other.top_ups);
        self.rebuys = self.rebuys.saturating_add(other.rebuys);
        self.corrections += other.corrections;
        self.cash_out = self.cash_out.saturating_add(other.cash_out);
        self.on_table = self.on_table.saturating_add(other.on_table);
        self.net += other.net;
    }
}

/// Each player's row, in the order they first bought in; the nets are the
/// settle-up's ([`Table::nets`]).
fn rows(table: &Table) -> Vec<(String, Row)> {
    let mut rows: Vec<(String, Row)> = table
        .nets()
        .into_iter()
        .map(|(name, net)| {
            let on_table = table
                .seats()
                .iter()
                .flatten()
                .filter(|p| p.name == name)
                .map(|p| p.stack)
                .sum();
            let row = Row {
                on_table,
                net,
                ..Row::default()
            };
            (name.to_string(), row)
        })
        .collect();
    for e in table.ledger().entries() {
        let Some(row) = e
            .name
            .as_deref()
            .and_then(|n| rows.iter_mut().find(|(name, _)| name == n))
            .map(|(_, row)| row)
        else {
            continue;
        };
        match e.kind {
            EntryKind::BuyIn => row.buy_ins = row.buy_ins.saturating_add(e.amount),
            EntryKind::TopUp => row.top_ups = row.top_ups.saturating_add(e.amount),
            EntryKind::Rebuy => row.rebuys = row.rebuys.saturating_add(e.amount),
            EntryKind::CashOut => row.cash_out = row.cash_out.saturating_add(e.amount),
            EntryKind::CorrectionIn => row.corrections += i128::from(e.amount),
            EntryKind::CorrectionOut => row.corrections -= i128::from(e.amount),
            EntryKind::Fee | EntryKind::FeeReturned => {}
        }
    }
    rows
}

/// The night's ledger: a header, a row per player (net = cash_out +
/// on_table - buy_ins - top_ups - rebuys - corrections, as the settle-up
/// counts it: a correction changes chips, not a result), a `house` row
/// whose net is the fees it took, and a `TOTAL` row, whose net is zero
/// between hands.
pub fn ledger_csv(table: &Table) -> String {
    let money = Money::new(&table.rules().house.unit);
    let currency = field(&table.rules().house.currency);
    let mut out = String::new();
    let _ = writeln!(out, "{LEDGER_HEADER}");
    let mut total = Row::default();
    let line = |out: &mut String, name: &str, r: &Row| {
        let _ = writeln!(
            out,
            "{},{currency},{},{},{},{},{},{},{}",
            field(name),
            money.units(r.buy_ins),
            money.units(r.top_ups),
            money.units(r.rebuys),
            money.signed(r.corrections),
            money.units(r.cash_out),
            money.units(r.on_table),
            money.signed(r.net),
        );
    };
    for (name, row) in rows(table) {
        line(&mut out, &name, &row);
        total.add(&row);
    }
    let fees = table.ledger().fees();
    let house = Row {
        net: i128::from(fees),
        ..Row::default()
    };
    if fees > 0 {
        line(&mut out, HOUSE, &house);
    }
    total.add(&house);
    line(&mut out, "TOTAL", &total);
    out
}

/// The night's line for `ledger/nights.csv` (see [`NIGHTS_HEADER`]), with
/// its newline. Money in is buy-ins, top-ups and rebuys, money out the
/// cash-outs; the host's corrections are apart, so that money_in +
/// corrections = money_out + on_table + fees. `transfers` is how many
/// payments settle the night.
pub fn night_row(night_id: &str, table: &Table) -> String {
    let house = &table.rules().house;
    let money = Money::new(&house.unit);
    let mut total = Row::default();
    let rows = rows(table);
    for (_, row) in &rows {
        total.add(row);
    }
    format!(
        "{},{},{},{},{},{},{},{},{},{},{}\n",
        field(night_id),
        field(&house.name),
        field(&house.currency),
        table.hands_dealt(),
        rows.len(),
        money.units(
            total
                .buy_ins
                .saturating_add(total.top_ups)
                .saturating_add(total.rebuys)
        ),
        money.signed(total.corrections),
        money.units(total.cash_out),
        money.units(total.on_table),
        money.units(table.ledger().fees()),
        table.settle_up().len(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_only_when_they_must_be() {
        assert_eq!(field("Ann"), "Ann");
        assert_eq!(field("Ann, Jr."), "\"Ann, Jr.\"");
        assert_eq!(field("Big \"B\""), "\"Big \"\"B\"\"\"");
        assert_eq!(field("two\nlines"), "\"two\nlines\"");
    }

    #[test]
    fn the_first_field_reads_back_quoted_or_not() {
        assert_eq!(first_field("n1,H2,USD"), "n1");
        assert_eq!(first_field("\"a,\"\"b\"\"\",H2"), "a,\"b\"");
        assert_eq!(first_field(""), "");
    }
}
