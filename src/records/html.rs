//! [`Report::html`]: one self-contained page (inline CSS, an inline SVG
//! chart drawn here; no script, no fetch), sized for a phone first.

use std::fmt::Write as _;

use super::report::{Outcome, Report};
use super::text::{hand_list, result};
use crate::engine::Chips;

/// Distinct on white and for the common colour blindnesses (Okabe–Ito,
/// then darker repeats).
const COLORS: [&str; 10] = [
    "#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#8c564b",
    "#7f7f7f", "#b59f00",
];

const STYLE: &str = "\
body{margin:0;font:16px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;color:#1b1b1b;background:#f4f1ea}
main{max-width:720px;margin:0 auto;padding:16px}
h1{font-size:1.5em;margin:.2em 0}h2{font-size:1.1em;margin:1.2em 0 .4em}
.sub{color:#555;margin:0}
section{background:#fff;border-radius:10px;padding:4px 14px 12px;margin:12px 0;box-shadow:0 1px 2px #0002}
table{border-collapse:collapse;width:100%}td,th{padding:4px 6px;text-align:left;border-bottom:1px solid #eee}
th{font-weight:600;color:#555;font-size:.9em}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.up{color:#05660b}.down{color:#a10d0d}
.dot{display:inline-block;width:.8em;height:.8em;border-radius:50%;margin-right:.45em;vertical-align:-.05em}
svg{width:100%;height:auto;display:block}
svg text{font:14px system-ui,sans-serif;fill:#555}
ul{margin:.2em 0;padding-left:1.2em}";

/// Text for HTML: the five characters that could start markup or end an
/// attribute, as entities.
pub(crate) fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn color(i: usize) -> &'static str {
    COLORS.get(i % COLORS.len()).copied().unwrap_or("#000")
}

impl Report {
    /// The page: players and nets, each stack over the night, the
    /// settle-up, hands by game, the biggest pots, kills, bombs and fees.
    pub fn html(&self) -> String {
        let mut h = String::new();
        let cur = esc(&self.currency);
        let house = esc(&self.house);
        let played: usize = self.hands_by_game().iter().map(|(_, n)| n).sum();
        let _ = write!(
            h,
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
             <title>{house}: the night</title><style>\n{STYLE}\n</style></head>\n<body><main>\n\
             <h1>{house}</h1><p class=\"sub\">{}{played} hands played · {}</p>\n",
            self.began()
                .map_or(String::new(), |s| format!("began {} · ", esc(&s))),
            if self.ended {
                "the host ended the night"
            } else {
                "the night goes on: results so far"
            }
        );

        let _ = writeln!(
            h,
            "<section><h2>Players</h2><table><tr><th>Player</th><th class=\"num\">Net ({cur})</th></tr>"
        );
        for (i, (name, net)) in self.nets.iter().enumerate() {
            let class = match net.signum() {
                1 => " up",
                -1 => " down",
                _ => "",
            };
            let _ = writeln!(
                h,
                "<tr><td><span class=\"dot\" style=\"background:{}\"></span>{}</td>\
                 <td class=\"num{class}\">{}</td></tr>",
                color(i),
                esc(name),
                result(self, *net)
            );
        }
        h.push_str("</table></section>\n");

        let _ = write!(
            h,
            "<section><h2>Stacks after each hand ({cur})</h2>\n{}</section>\n",
            self.chart()
        );

        let _ = writeln!(
            h,
            "<section><h2>Money path ({cur})</h2><table><tr><th>Player</th>\
             <th>In, corrections, out</th><th class=\"num\">Net</th></tr>"
        );
        for (name, path) in &self.paths {
            let words = self.path_words(path);
            let words = words
                .rsplit_once(", net ")
                .map_or(words.as_str(), |(w, _)| w);
            let _ = writeln!(
                h,
                "<tr><td>{}</td><td>{}</td><td class=\"num\">{}</td></tr>",
                esc(name),
                esc(words),
                result(self, path.net)
            );
        }
        h.push_str("</table></section>\n");

        h.push_str("<section><h2>Settle-up</h2><ul>\n");
        if self.transfers.is_empty() {
            h.push_str("<li>Nobody owes anybody.</li>\n");
        }
        for t in &self.transfers {
            let _ = writeln!(
                h,
                "<li>{} pays {} <b>{} {cur}</b></li>",
                esc(&t.from),
                esc(&t.to),
                self.money.units(t.amount)
            );
        }
        h.push_str("</ul>\n");
        if let Some(why) = self.house_words() {
            let _ = writeln!(h, "<p class=\"sub\">{}</p>", esc(&why));
        }
        h.push_str("</section>\n");

        h.push_str("<section><h2>Hands by game</h2><table>\n");
        for (game, n) in self.hands_by_game() {
            let _ = writeln!(
                h,
                "<tr><td>{}</td><td class=\"num\">{n}</td></tr>",
                esc(game)
            );
        }
        if !self.misdeals().is_empty() {
            let _ = writeln!(
                h,
                "<tr><td>Misdeals</td><td class=\"num\">{}</td></tr>",
                hand_list(&self.misdeals())
            );
        }
        h.push_str("</table>\n");
        let _ = writeln!(
            h,
            "<h2>Biggest pots</h2><table><tr><th>Hand</th><th class=\"num\">Pot ({cur})</th><th>Won by</th></tr>"
        );
        for (hand, pot) in self.biggest_pots(5) {
            let winners = match &hand.outcome {
                Outcome::Played { winners, .. } => winners
                    .iter()
                    .map(|w| esc(w))
                    .collect::<Vec<_>>()
                    .join(", "),
                _ => String::new(),
            };
            let _ = writeln!(
                h,
                "<tr><td>{}</td><td class=\"num\">{}</td><td>{winners}</td></tr>",
                hand.number,
                self.money.units(pot)
            );
        }
        h.push_str("</table>\n");
        let fees = if self.fees.total() == 0 {
            "none".to_string()
        } else {
            let paid: Vec<String> = self
                .fees_paid()
                .iter()
                .map(|(n, c)| format!("{} {}", esc(n), self.money.units(*c)))
                .collect();
            format!(
                "{} {cur} (table fees {}{}, drop {})",
                self.money.units(self.fees.total()),
                self.money.units(self.fees.table_fees),
                if paid.is_empty() {
                    String::new()
                } else {
                    format!(", paid by {}", paid.join(", "))
                },
                self.money.units(self.fees.drop)
            )
        };
        let _ = write!(
            h,
            "<ul><li>Kills: {}</li><li>Bombs: {}</li><li>Fees: {fees}</li></ul></section>\n\
             <p class=\"sub\">From the journal {}.</p>\n</main></body></html>\n",
            hand_list(&self.kills()),
            hand_list(&self.bombs()),
            esc(&self.journal)
        );
        h
    }

    /// Each player's stack after each hand as an SVG line chart: hands
    /// across, money up, a line a player in their colour.
    fn chart(&self) -> String {
        const W: u64 = 480;
        const H: u64 = 290;
        const RIGHT: u64 = 12;
        const TOP: u64 = 10;
        const BOTTOM: u64 = 42;
        let lines = self.stack_lines();
        let hands = self.hands.len().max(1) as u64;
        let top_stack: Chips = lines
            .iter()
            .flat_map(|(_, runs)| runs.iter().flatten())
            .map(|&(_, s)| s)
            .max()
            .unwrap_or(0);
        let step = nice_step(top_stack.div_ceil(4).max(1));
        let y_max = step * top_stack.div_ceil(step).max(1);
        // The labels' room, from the widest (at 14px a digit is at most
        // about 8.5 units wide): a fixed 56 cut "3750.00" to "750.00".
        let widest = self.money.units(y_max).chars().count() as u64;
        let left = (widest * 17).div_ceil(2) + 12;
        let (pw, ph) = (W - left - RIGHT, H - TOP - BOTTOM);
        let x = |hand: u64| left + pw * hand.min(hands) / hands;
        let y = |stack: Chips| {
            let up = u128::from(ph) * u128::from(stack.min(y_max)) / u128::from(y_max);
            TOP + ph - u64::try_from(up).unwrap_or(ph)
        };
        let mut s = format!(
            "<svg viewBox=\"0 0 {W} {H}\" role=\"img\" \
             aria-label=\"Each player's stack after each hand\">\n"
        );
        let mut tick = 0;
        while tick <= y_max {
            let at = y(tick);
            let _ = writeln!(
                s,
                "<line x1=\"{left}\" x2=\"{}\" y1=\"{y}\" y2=\"{y}\" stroke=\"#e4e4e4\"/>\
                 <text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
                W - RIGHT,
                left - 6,
                at + 4,
                self.money.units(tick),
                y = at
            );
            tick += step;
        }
        let every = hands.div_ceil(10).max(1);
        let mut hand = 0;
        while hand <= hands {
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{hand}</text>",
                x(hand),
                H - BOTTOM + 20
            );
            hand += every;
        }
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">hand</text>",
            W - RIGHT,
            H - 2
        );
        for (i, (name, runs)) in lines.iter().enumerate() {
            for run in runs {
                let points: Vec<String> = run
                    .iter()
                    .map(|&(h, st)| format!("{},{}", x(h), y(st)))
                    .collect();
                let _ = writeln!(
                    s,
                    "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2.5\" \
                     stroke-linejoin=\"round\" points=\"{}\"><title>{}</title></polyline>",
                    color(i),
                    points.join(" "),
                    esc(name)
                );
            }
        }
        s.push_str("</svg>\n");
        s
    }
}

/// The smallest 1, 2 or 5 times a power of ten at least `raw`: gridlines
/// at round amounts of chips.
fn nice_step(raw: Chips) -> Chips {
    let mut p: Chips = 1;
    loop {
        for m in [1, 2, 5] {
            let step = p.saturating_mul(m);
            if step >= raw || step == Chips::MAX {
                return step;
            }
        }
        p = p.saturating_mul(10);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_in_a_name_is_text() {
        assert_eq!(
            esc("<b>\"Ann\" & 'Bob'</b>"),
            "&lt;b&gt;&quot;Ann&quot; &amp; &#39;Bob&#39;&lt;/b&gt;"
        );
    }

    #[test]
    fn gridlines_fall_on_round_amounts() {
        assert_eq!(nice_step(1), 1);
        assert_eq!(nice_step(3), 5);
        assert_eq!(nice_step(41), 50);
        assert_eq!(nice_step(101), 200);
    }
}
