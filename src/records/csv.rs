//! The ledger as CSV (RFC 4180 quoting, one record a line): one file per
//! night with a row per player, and one row per night for the file of all
//! nights. Money is in the house's currency (see [`Money`]), named in a
//! column of its own so a ledger app importing rows keeps it.

use std::fmt::Write as _;

use crate::engine::Chips;
use crate::table::{EntryKind, Table, HOUSE};

use super::Money;

/// The first line of a night's ledger CSV. `corrections` is money the host
/// found came into (+) or left (-) the game; `chips_moved` chips the host
/// moved to (+) or from (-) the player from another player's stack, which
/// the net includes (last, so that the older columns keep their places).
pub const LEDGER_HEADER: &str =
    "player,currency,buy_ins,top_ups,rebuys,corrections,cash_out,on_table,net,chips_moved";

/// The first line of `ledger/nights.csv`. `hands_played` and `misdeals`
/// are counted as the report counts them ([`Table::hands_played`]); the
/// column was `hands`, all hands dealt, misdeals in it. `misdeals` goes
/// last, so that the lines of nights written before keep their columns.
pub const NIGHTS_HEADER: &str = "night,house,currency,hands_played,players,money_in,corrections,money_out,on_table,fees,transfers,misdeals";

/// What a spreadsheet takes for the start of a formula (or, for tab and
/// carriage return, strips before looking again).
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// One text field as RFC 4180 wants it: quoted, with quotes doubled, when
/// it holds a comma, a quote or a line break; and never a formula, however
/// a player is named: text that starts with `=`, `+`, `-`, `@`, a tab or a
/// carriage return gets a leading `'`, which spreadsheets read as "this is
/// text" (OWASP's CSV injection guard). Amounts do not come here: they
/// stay numbers.
pub fn field(text: &str) -> String {
    let guarded;
    let text = if text.starts_with(FORMULA_STARTS) {
        guarded = format!("'{text}");
        &guarded
    } else {
        text
    };
    if text.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The first field of a CSV line, unquoted and with [`field`]'s formula
/// guard taken off: the night a line of `nights.csv` is about.
pub fn first_field(line: &str) -> String {
    let text = first_field_as_written(line);
    match text.strip_prefix('\'') {
        Some(rest) if rest.starts_with(FORMULA_STARTS) => rest.to_string(),
        _ => text,
    }
}

fn first_field_as_written(line: &str) -> String {
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

/// One player's money over the night, by the ledger's kinds: what they
/// brought, what the host corrected, what they took or still have, and
/// their result.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct MoneyPath {
    pub buy_ins: Chips,
    pub top_ups: Chips,
    pub rebuys: Chips,
    /// The host's money corrections: money into the game less money out.
    pub corrections: i128,
    pub cash_out: Chips,
    pub on_table: Chips,
    pub net: i128,
    /// Chips the host moved to the player from other players, less those
    /// moved from them (the net includes them).
    pub moved: i128,
    /// Fees the player paid the house, less those given back (M3, D2).
    pub fees: Chips,
}

impl MoneyPath {
    fn add(&mut self, other: &MoneyPath) {
        self.buy_ins = self.buy_ins.saturating_add(other.buy_ins);
        self.top_ups = self.top_ups.saturating_add(other.top_ups);
        self.rebuys = self.rebuys.saturating_add(other.rebuys);
        self.corrections += other.corrections;
        self.cash_out = self.cash_out.saturating_add(other.cash_out);
        self.on_table = self.on_table.saturating_add(other.on_table);
        self.net += other.net;
        self.moved += other.moved;
        self.fees = self.fees.saturating_add(other.fees);
    }
}

/// Each player's money path, in the order they first bought in; the nets
/// are the settle-up's ([`Table::nets`]).
pub fn money_paths(table: &Table) -> Vec<(String, MoneyPath)> {
    let mut rows: Vec<(String, MoneyPath)> = table
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
            let row = MoneyPath {
                on_table,
                net,
                ..MoneyPath::default()
            };
            (name.to_string(), row)
        })
        .collect();
    let ledger = table.ledger();
    for (i, e) in ledger.entries().iter().enumerate() {
        let Some(row) = ledger
            .entry_name(i)
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
            EntryKind::ChipsIn => row.moved += i128::from(e.amount),
            EntryKind::ChipsOut => row.moved -= i128::from(e.amount),
            EntryKind::Fee => row.fees = row.fees.saturating_add(e.amount),
            EntryKind::FeeReturned => row.fees = row.fees.saturating_sub(e.amount),
        }
    }
    rows
}

/// The night's ledger: a header, a row per player (net = cash_out +
/// on_table - buy_ins - top_ups - rebuys - corrections, as the settle-up
/// counts it: a money correction changes chips, not a result, where chips
/// moved from another player change both results), a `house` row
/// whose net is the fees it took, and a `TOTAL` row, whose net is zero
/// between hands.
pub fn ledger_csv(table: &Table) -> String {
    let money = Money::new(&table.rules().house.unit);
    let currency = field(&table.rules().house.currency);
    let mut out = String::new();
    let _ = writeln!(out, "{LEDGER_HEADER}");
    let mut total = MoneyPath::default();
    let line = |out: &mut String, name: &str, r: &MoneyPath| {
        let _ = writeln!(
            out,
            "{},{currency},{},{},{},{},{},{},{},{}",
            field(name),
            money.units(r.buy_ins),
            money.units(r.top_ups),
            money.units(r.rebuys),
            money.signed(r.corrections),
            money.units(r.cash_out),
            money.units(r.on_table),
            money.signed(r.net),
            money.signed(r.moved),
        );
    };
    for (name, row) in money_paths(table) {
        line(&mut out, &name, &row);
        total.add(&row);
    }
    let fees = table.ledger().fees();
    let house = MoneyPath {
        net: i128::from(fees),
        ..MoneyPath::default()
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
/// payments settle the night; hands are counted as [`NIGHTS_HEADER`] says.
pub fn night_row(night_id: &str, table: &Table) -> String {
    let house = &table.rules().house;
    let money = Money::new(&house.unit);
    let mut total = MoneyPath::default();
    let rows = money_paths(table);
    for (_, row) in &rows {
        total.add(row);
    }
    format!(
        "{},{},{},{},{},{},{},{},{},{},{},{}\n",
        field(night_id),
        field(&house.name),
        field(&house.currency),
        table.hands_played(),
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
        table.misdeals(),
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
    fn no_text_field_reads_as_a_formula() {
        assert_eq!(field("=1+2"), "'=1+2");
        assert_eq!(field("@SUM(A1:A9)"), "'@SUM(A1:A9)");
        assert_eq!(field("-2+3"), "'-2+3");
        assert_eq!(field("+cmd|' /C"), "'+cmd|' /C");
        assert_eq!(
            field("=HYPERLINK(\"x\",\"y\")"),
            "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\""
        );
        assert_eq!(field("\tx"), "'\tx");
        // Only the start makes a formula.
        assert_eq!(field("Ann-Marie"), "Ann-Marie");
        assert_eq!(field("'quoted"), "'quoted");
        // The guard comes off when a line is read back.
        assert_eq!(first_field(&format!("{},H2", field("-x"))), "-x");
        assert_eq!(first_field(&format!("{},H2", field("=a,b"))), "=a,b");
        assert_eq!(first_field("'quoted,H2"), "'quoted");
    }

    #[test]
    fn the_first_field_reads_back_quoted_or_not() {
        assert_eq!(first_field("n1,H2,USD"), "n1");
        assert_eq!(first_field("\"a,\"\"b\"\"\",H2"), "a,\"b\"");
        assert_eq!(first_field(""), "");
    }
}
