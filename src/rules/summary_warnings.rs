//! Numbers that are each fine but together look like a host's slip
//! (issue 35): amounts written in cents where the file takes the
//! currency, a buy-in of thousands of big blinds. A house may mean them,
//! so `check` warns under its summary rather than refusing the file.

use super::model::HouseRules;

/// Buy-ins past this many big blinds are warned of: houses that name one
/// allow 100 to 200, deep games a few hundred.
const DEEP_BUY_IN_BLINDS: u64 = 1000;

/// Each warning, one line, without the `warning: ` in front.
pub(crate) fn warnings(rules: &HouseRules) -> Vec<String> {
    let mut out = Vec::new();
    let unit = &rules.house.unit;
    let money = |units: u64| format!("{} {}", rules.house.currency, unit.times(units));
    for g in &rules.games {
        let Some(&big) = g.blinds.last() else {
            continue;
        };
        // Blinds of 100 or more whole currency at a unit of a cent: most
        // likely cents written where the file takes the currency.
        if let Some(n) = unit.per_one().filter(|&n| n >= 10) {
            let whole = g.blinds.iter().all(|&b| b > 0 && b % (n * n) == 0);
            if whole && big / n >= 100 {
                let meant: Vec<String> = g
                    .blinds
                    .iter()
                    .map(|&b| format!("\"{}\"", unit.times(b / n)))
                    .collect();
                let written: Vec<String> = g.blinds.iter().map(|&b| unit.times(b)).collect();
                out.push(format!(
                    "game \"{}\": blinds {} are {}, not units of {unit}: if you meant {} units, write blinds = [{}]",
                    g.name,
                    written.join("/"),
                    rules.house.currency,
                    g.blinds.iter().map(|&b| (b / n).to_string()).collect::<Vec<_>>().join("/"),
                    meant.join(", ")
                ));
            }
        }
        let most = g.buy_in.and_then(|(_, max)| max).or(rules.money.buy_in_max);
        if let Some(max) = most.filter(|&m| big > 0 && m / big >= DEEP_BUY_IN_BLINDS) {
            out.push(format!(
                "game \"{}\": the largest buy-in, {}, is {} big blinds (the big blind is {}); most houses allow 100 to 200",
                g.name,
                money(max),
                max / big,
                money(big)
            ));
        }
    }
    out
}
