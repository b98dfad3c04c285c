//! A finished hand as a PHH hand history (`.phh`, TOML), for the session
//! folder. The device never sees cards, so every card is `??`; the showdown is
//! the dealer's ranking, written as `_ranking` and `_ranking_low`, which is
//! what `dealerd replay` reads back (tests/data/VECTORS.md).
//!
//! Written: flop games the PHH contract knows (NT, PT, PO, FT, FO/8) with
//! antes, blinds and straddles, shows and one showdown. Skipped, with the
//! reason: misdeals, kill, bomb and dead or live posts, two boards or running
//! it twice, chops, the house drop, stud and draw games and the home games.
//! Every hand is replayed from the text before it is written; a hand whose
//! replay would not give the table's final stacks is skipped too (for one,
//! a fold with nothing to call, which some houses allow and the contract
//! does not).

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

use crate::engine::steps::flop_game;
use crate::engine::{Action, AnteMode, Event, ForcedKind, Split, Structure};
use crate::table::Table;

/// What [`write`] did with the hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Written,
    /// The PHH contract cannot express this hand; why.
    Skipped(String),
}

/// Writes the table's last hand, which must be over, to `path` (see
/// [`write_text`]).
pub fn write(table: &Table, path: &Path) -> std::io::Result<Outcome> {
    let text = match to_phh(table) {
        Ok(t) => t,
        Err(why) => return Ok(Outcome::Skipped(why)),
    };
    write_text(path, &text)?;
    Ok(Outcome::Written)
}

/// Writes `text` to `path` whole or not at all: into a temporary file,
/// fsynced, then renamed over `path`, so a crash or a full disk never leaves
/// a short or empty history behind.
pub fn write_text(path: &Path, text: &str) -> std::io::Result<()> {
    let tmp = temp_path(path);
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_data()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written?;
    if let Some(dir) = path.parent() {
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

/// Where [`write_text`] writes before the rename.
pub fn temp_path(path: &Path) -> std::path::PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    path.with_file_name(name)
}

/// The table's last hand as PHH text, or why it cannot be written.
pub fn to_phh(table: &Table) -> Result<String, String> {
    let current = table.hand().ok_or("no hand")?;
    let state = current.state();
    if !state.is_over() {
        return Err("the hand is not over".into());
    }
    if state.phase() != crate::engine::Phase::Complete {
        return Err("a misdeal: the hand is void".into());
    }
    let spec = state.spec();
    let setup = state.setup();
    let n = setup.stacks.len();
    let hole = match (*spec.steps == *flop_game(2), *spec.steps == *flop_game(4)) {
        (true, _) => 2,
        (_, true) => 4,
        _ => return Err("not a flop game (stud, draw and home games are not written)".into()),
    };
    let (variant, limits) = match (&spec.structure, hole, spec.split) {
        (Structure::NoLimit, 2, Split::High) => ("NT", format!("min_bet = {}\n", spec.min_bet)),
        (Structure::PotLimit, 2, Split::High) => ("PT", format!("min_bet = {}\n", spec.min_bet)),
        (Structure::PotLimit, 4, Split::High) => ("PO", format!("min_bet = {}\n", spec.min_bet)),
        (Structure::FixedLimit { small_bet, big_bet }, 2, Split::High) => (
            "FT",
            format!("small_bet = {small_bet}\nbig_bet = {big_bet}\n"),
        ),
        (Structure::FixedLimit { small_bet, big_bet }, 4, Split::HiLo) => (
            "FO/8",
            format!("small_bet = {small_bet}\nbig_bet = {big_bet}\n"),
        ),
        _ => return Err("no PHH variant code for this game".into()),
    };
    if setup.boards != 1 || setup.skip_first_bet {
        return Err("a bomb pot or two boards".into());
    }
    if setup.drop_at_flop > 0 {
        return Err("the house drop is not in PHH".into());
    }

    // PHH's order is the hand's order; heads-up, PHH swaps the first two
    // forced-bet entries (the button, p2, posts the first).
    let owner = |seat: usize| if n == 2 && seat < 2 { 1 - seat } else { seat };
    let mut antes = vec![0; n];
    let mut blinds = vec![0; n];
    for f in &setup.forced {
        let i = owner(f.seat);
        match f.kind {
            ForcedKind::Ante => antes[i] += f.amount,
            ForcedKind::Blind if i < 2 && blinds[i] == 0 => blinds[i] = f.amount,
            ForcedKind::Straddle if i >= 2 && blinds[i] == 0 => blinds[i] = f.amount,
            k => {
                return Err(format!(
                    "a forced bet PHH cannot place ({k:?} by p{})",
                    f.seat + 1
                ))
            }
        }
    }

    let cards = "??".repeat(hole);
    let mut actions = Vec::new();
    let mut deals = 0;
    let mut ranking = None;
    for event in current.hand.events() {
        match event {
            Event::PostForced => {}
            Event::Deal => {
                match deals {
                    0 => actions.extend((1..=n).map(|p| format!("d dh p{p} {cards}"))),
                    1 => actions.push("d db ??????".into()),
                    _ => actions.push("d db ??".into()),
                }
                deals += 1;
            }
            Event::Act(seat, action) => {
                let p = seat + 1;
                actions.push(match action {
                    Action::Fold => format!("p{p} f"),
                    Action::CheckCall => format!("p{p} cc"),
                    Action::BetRaiseTo(to) => format!("p{p} cbr {to}"),
                    Action::BringIn => format!("p{p} pb"),
                });
            }
            Event::Show(seat) => actions.push(format!("p{} sm {cards}", seat + 1)),
            Event::Showdown(results) if results.len() == 1 => ranking = Some(results[0].clone()),
            e => return Err(format!("{e:?} is not in PHH")),
        }
    }

    let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
    let groups = |g: &[Vec<usize>]| {
        let inner: Vec<String> = g
            .iter()
            .map(|grp| {
                let ps: Vec<String> = grp.iter().map(|s| (s + 1).to_string()).collect();
                format!("[{}]", ps.join(", "))
            })
            .collect();
        format!("[{}]", inner.join(", "))
    };
    let mut t = String::new();
    let _ = writeln!(
        t,
        "# dealerd: hand {} of the night; cards are not read, so they are ??.",
        table.hands_dealt()
    );
    let _ = writeln!(t, "variant = \"{variant}\"");
    if spec.options != crate::engine::Options::default() {
        let _ = writeln!(
            t,
            "# The house plays {variant} with options that PHH does not carry."
        );
    }
    let _ = writeln!(t, "ante_trimming_status = {}", spec.antes == AnteMode::Live);
    let _ = writeln!(t, "antes = [{}]", list(&antes));
    let _ = writeln!(t, "blinds_or_straddles = [{}]", list(&blinds));
    t.push_str(&limits);
    let _ = writeln!(t, "starting_stacks = [{}]", list(&setup.stacks));
    let names: Vec<String> = current
        .order
        .iter()
        .map(|&s| match table.player(s) {
            Some(p) => serde_json::to_string(&p.name).unwrap_or_else(|_| "\"?\"".into()),
            None => format!("\"seat {}\"", s + 1),
        })
        .collect();
    let _ = writeln!(t, "players = [{}]", names.join(", "));
    let _ = writeln!(t, "actions = [");
    for a in &actions {
        let _ = writeln!(t, "  \"{a}\",");
    }
    let _ = writeln!(t, "]");
    if let Some(r) = &ranking {
        let _ = writeln!(t, "_ranking = {}", groups(&r.high));
        if !r.low.is_empty() {
            let _ = writeln!(t, "_ranking_low = {}", groups(&r.low));
        }
    }
    let finals = state.final_stacks();
    let _ = writeln!(t, "finishing_stacks = [{}]", list(&finals));

    // The file must read back to the same stacks.
    let parsed = crate::phh::parse_str("hand", &t, false).map_err(|e| e.to_string())?;
    let hand = parsed.first().ok_or("no hand parsed")?;
    let back = crate::replay::replay_hand("hand", hand, |_| {})
        .map_err(|e| format!("the PHH contract refuses it: {e}"))?;
    if back != finals {
        return Err(format!(
            "PHH replays it to {back:?}, the table settled {finals:?}"
        ));
    }
    Ok(t)
}
