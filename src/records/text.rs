//! [`Report::text`]: the night at a glance in a terminal.

use std::fmt::Write as _;

use super::report::Report;

/// A result with its sign: "+12.50", "-4.75", "0.00".
pub(super) fn result(report: &Report, net: i128) -> String {
    let text = report.money.signed(net);
    if net > 0 {
        format!("+{text}")
    } else {
        text
    }
}

/// "hand 5", "hands 5, 9": or "none".
pub(super) fn hand_list(numbers: &[u64]) -> String {
    let list: Vec<String> = numbers.iter().map(u64::to_string).collect();
    match numbers.len() {
        0 => "none".into(),
        1 => format!("1 (hand {})", list.join("")),
        n => format!("{n} (hands {})", list.join(", ")),
    }
}

impl Report {
    /// Players and nets, the settle-up, hands by game, the biggest pots,
    /// kills, bombs and fees, as lines of text.
    pub fn text(&self) -> String {
        let mut t = String::new();
        let cur = &self.currency;
        let _ = writeln!(t, "{}: the night in {}", self.house, self.journal);
        if let Some(started) = &self.started {
            let _ = writeln!(t, "Began {started}");
        }
        let played: usize = self.hands_by_game().iter().map(|(_, n)| n).sum();
        let games: Vec<String> = self
            .hands_by_game()
            .iter()
            .map(|(g, n)| format!("{g} {n}"))
            .collect();
        let _ = writeln!(t, "Hands played: {played} ({})", games.join(", "));
        if !self.misdeals().is_empty() {
            let _ = writeln!(t, "Misdeals: {}", hand_list(&self.misdeals()));
        }
        let _ = writeln!(
            t,
            "{}",
            if self.ended {
                "The host ended the night."
            } else {
                "The night goes on: these are the results so far."
            }
        );

        let _ = writeln!(t, "\nPlayers ({cur})");
        let width = self
            .nets
            .iter()
            .map(|(n, _)| n.chars().count())
            .max()
            .unwrap_or(0);
        for (name, net) in &self.nets {
            let _ = writeln!(t, "  {name:<width$}  {:>10}", result(self, *net));
        }
        let _ = writeln!(t, "\nSettle-up ({cur})");
        if self.transfers.is_empty() {
            let _ = writeln!(t, "  nobody owes anybody");
        }
        for tr in &self.transfers {
            let _ = writeln!(
                t,
                "  {} pays {} {}",
                tr.from,
                tr.to,
                self.money.units(tr.amount)
            );
        }
        let _ = writeln!(t, "\nBiggest pots ({cur})");
        for (hand, pot) in self.biggest_pots(5) {
            let winners = match &hand.outcome {
                super::report::Outcome::Played { winners, .. } => winners.join(", "),
                _ => String::new(),
            };
            let _ = writeln!(
                t,
                "  hand {:>3}  {:>10}  {winners}",
                hand.number,
                self.money.units(pot)
            );
        }
        let _ = writeln!(t, "\nKills: {}", hand_list(&self.kills()));
        let _ = writeln!(t, "Bombs: {}", hand_list(&self.bombs()));
        let fees = self.fees;
        if fees.total() == 0 {
            let _ = writeln!(t, "Fees: none");
        } else {
            let _ = writeln!(
                t,
                "Fees: {} {cur} (table fees {}, drop {})",
                self.money.units(fees.total()),
                self.money.units(fees.table_fees),
                self.money.units(fees.drop)
            );
        }
        t
    }
}
