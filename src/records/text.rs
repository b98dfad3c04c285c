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
        if let Some(began) = self.began() {
            let _ = writeln!(t, "Began {began}");
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
        let _ = writeln!(t, "\nMoney path ({cur})");
        for (name, path) in &self.paths {
            let _ = writeln!(t, "  {name}: {}", self.path_words(path));
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
        if let Some(why) = self.house_words() {
            let _ = writeln!(t, "  ({why})");
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
            for (name, paid) in self.fees_paid() {
                let _ = writeln!(t, "  {name} paid {}", self.money.units(paid));
            }
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::records::report::Fees;
    use crate::records::{Money, MoneyPath, Zone};
    use crate::rules::Decimal;
    use crate::table::Transfer;

    /// H4-like: Dan paid the house's table fees, and the settle-up has the
    /// house in it; Ann's stack was corrected both ways.
    fn report() -> Report {
        let path = |buy_ins, net, fees, corrections, moved| MoneyPath {
            buy_ins,
            net,
            fees,
            corrections,
            moved,
            on_table: 40,
            ..MoneyPath::default()
        };
        Report {
            journal: "j".into(),
            rules_source: "h4".into(),
            started: Some("2026-11-23T22:58:30Z".into()),
            night_id: "n".into(),
            house: "H4".into(),
            currency: "USD".into(),
            money: Money::new(&Decimal::parse("0.5").expect("unit")),
            hands: Vec::new(),
            nets: vec![(Arc::from("Ann"), 2), (Arc::from("Dan"), -4)],
            transfers: vec![Transfer {
                from: "Dan".into(),
                to: "house".into(),
                amount: 2,
            }],
            fees: Fees {
                table_fees: 2,
                drop: 0,
            },
            ended: false,
            paths: vec![
                ("Ann".into(), path(40, 2, 0, -4, 6)),
                ("Dan".into(), path(40, -4, 2, 0, 0)),
            ],
            zone: Zone::utc(),
        }
    }

    #[test]
    fn the_text_gives_the_money_path_the_house_and_local_time() {
        let t = report().text();
        assert!(
            t.contains("Began 2026-11-23 22:58:30 +00:00 (UTC)\n"),
            "{t}"
        );
        assert!(
            t.contains(
                "  Ann: bought in 20.00, money out of the game 2.00, \
                 chips from other players 3.00, on the table 20.00, net +1.00\n"
            ),
            "{t}"
        );
        assert!(
            t.contains(
                "  Dan: bought in 20.00, paid the house 1.00, on the table 20.00, net -2.00\n"
            ),
            "{t}"
        );
        assert!(
            t.contains(
                "  Dan pays house 1.00\n  (the house is owed its fees, 1.00: \
                 table fees 1.00 (paid by Dan 1.00))\n"
            ),
            "{t}"
        );
        let h = report().html();
        assert!(h.contains("paid by Dan 1.00"), "{h}");
        assert!(h.contains("began 2026-11-23 22:58:30 +00:00 (UTC)"), "{h}");
    }
}
