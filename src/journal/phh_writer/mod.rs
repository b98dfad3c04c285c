//! A finished hand as a PHH hand history (`.phh`, TOML), for the session
//! folder. The device never sees cards, so every card is `??`; the showdown is
//! the dealer's ranking, written as `_ranking` and `_ranking_low`, which is
//! what `dealerd replay` reads back (tests/data/VECTORS.md).
//!
//! Every hand that was played out is written: what PHH cannot say (the
//! house drop and fees, posts it has no place for, two boards, run it twice,
//! home games, house options) goes into fields beginning with `_`, listed in
//! the README ("Hand histories"), and `_differs` says why a plain PHH replay
//! would not give `finishing_stacks`. Only a misdeal (a void hand) is not
//! written. Every hand is replayed from the text before it is written: by
//! the replay contract where it holds, otherwise under the house's own game
//! with the `_` fields; a text that does not replay to the table's stacks is
//! not written, and the reason says why.

mod actions;
mod game;
mod posts;
mod verify;

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;
use std::sync::Arc;

use crate::engine::{Chips, Phase};
use crate::table::Table;

/// What the table knows about a hand that the hand itself does not.
#[derive(Debug, Clone, Default)]
pub struct HandMeta {
    /// The hand's number in the night, from 1.
    pub hand: u64,
    pub table: Option<String>,
    /// When the hand was dealt: unix seconds, UTC.
    pub dealt_at: Option<u64>,
    /// The night's id as the ledger names it (`records::night_id`), and
    /// the box's: with the clock unset, two nights' `hand-0001.phh` are
    /// otherwise the same in every field (issue 35).
    pub night: Option<String>,
    pub box_id: Option<String>,
}

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
    to_phh_with(
        table,
        &HandMeta {
            hand: table.hands_dealt(),
            ..HandMeta::default()
        },
    )
}

/// [`to_phh`] with the hand's number, table and time.
pub fn to_phh_with(table: &Table, meta: &HandMeta) -> Result<String, String> {
    let current = table.hand().ok_or("no hand")?;
    let state = current.state();
    if !state.is_over() {
        return Err("the hand is not over".into());
    }
    if state.phase() != Phase::Complete {
        return Err("a misdeal: the hand is void".into());
    }
    let spec = Arc::new(state.spec().clone());
    let setup = Arc::new(state.setup().clone());
    let rules = table.rules();
    let house_game = rules.games.get(current.game);
    let base = house_game.map_or("", |g| g.base.name);
    let variant = game::variant(base, &spec);
    let written = actions::write(&spec, &setup, current.hand.events())?;
    let layout = posts::layout(&setup, &spec, variant.stud, written.first_actor);
    let posts = &layout.posts;
    let finals = state.final_stacks();

    // Why a plain PHH replay would not give these stacks, if it does not.
    let mut differs: Vec<String> = Vec::new();
    if !variant.in_spec {
        differs.push(format!(
            "the game ({}) has no PHH variant code",
            variant.code
        ));
    }
    let dropped = state.dropped();
    if dropped > 0 {
        differs.push("the house drop (_drop) came out of the pot".into());
    }
    if !written.extras.is_empty() {
        differs.push("events PHH has no action for (_events)".into());
    }
    if setup.boards != 1 {
        differs.push("two boards (_boards, _rankings)".into());
    }
    if setup.skip_first_bet {
        differs.push("a bomb pot: no first betting round (_bomb_pot)".into());
    }
    // F1: the house has the others call a short blind's full amount,
    // PHH's reader what was posted (`Options::short_blind_sets_bet`).
    let short_blind = setup.forced.iter().any(|f| {
        let posts: Chips = setup
            .forced
            .iter()
            .filter(|g| g.seat == f.seat)
            .map(|g| g.amount)
            .sum();
        f.kind.is_live() && setup.stacks.get(f.seat).is_some_and(|&s| s < posts)
    });
    if short_blind && spec.options.short_blind_sets_bet {
        differs.push(
            "a blind all in for less: the house has the others call the full blind, PHH what was posted"
                .into(),
        );
    }
    differs.extend(verify::options_apart(&spec));
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
    let quoted = |s: &str| serde_json::to_string(s).unwrap_or_else(|_| "\"?\"".into());
    let mut t = String::new();
    let _ = writeln!(
        t,
        "# dealerd: hand {} of the night; cards are not read, so they are ??.",
        meta.hand
    );
    let _ = writeln!(t, "variant = {}", quoted(&variant.code));
    let _ = writeln!(t, "ante_trimming_status = {}", posts.trimming);
    let _ = writeln!(t, "antes = [{}]", list(&posts.antes));
    if variant.stud {
        if setup.bring_in.is_none() {
            // PHH's stud always brings in; PokerKit and the replay contract
            // read 0 as none, which is what the house plays.
            let _ = writeln!(
                t,
                "# no bring-in: the opener the dealer names may check or bet (PHH's is positive; 0 reads as none)"
            );
        }
        let _ = writeln!(t, "bring_in = {}", setup.bring_in.unwrap_or(0));
    } else {
        let _ = writeln!(t, "blinds_or_straddles = [{}]", list(&posts.blinds));
    }
    t.push_str(&variant.limits);
    let _ = writeln!(t, "starting_stacks = [{}]", list(&setup.stacks));
    let _ = writeln!(t, "actions = [");
    for a in &written.actions {
        let _ = writeln!(t, "  \"{a}\",");
    }
    let _ = writeln!(t, "]");
    let _ = writeln!(t, "finishing_stacks = [{}]", list(&finals));
    if let Some(won) = state.payouts() {
        let _ = writeln!(t, "winnings = [{}]", list(won));
    }
    let names: Vec<String> = current
        .order
        .iter()
        .map(|&s| match table.player(s) {
            Some(p) => quoted(&p.name),
            None => format!("\"seat {}\"", s + 1),
        })
        .collect();
    let _ = writeln!(t, "players = [{}]", names.join(", "));
    let seats: Vec<u64> = current.order.iter().map(|&s| s as u64 + 1).collect();
    let _ = writeln!(t, "seats = [{}]", list(&seats));
    let _ = writeln!(t, "seat_count = {}", rules.house.seats);
    let _ = writeln!(t, "hand = {}", meta.hand);
    if let Some(name) = &meta.table {
        let _ = writeln!(t, "table = {}", quoted(name));
    }
    if let Some(night) = &meta.night {
        let _ = writeln!(t, "_night = {}", quoted(night));
    }
    if let Some(id) = &meta.box_id {
        let _ = writeln!(t, "_box = {}", quoted(id));
    }
    if let Some(at) = meta.dealt_at {
        let ((y, m, d), (hh, mm, ss)) = crate::journal::civil::utc(at);
        let _ = writeln!(t, "year = {y}\nmonth = {m}\nday = {d}");
        let _ = writeln!(t, "time = {hh:02}:{mm:02}:{ss:02}");
        let _ = writeln!(t, "time_zone = \"UTC\"");
    }
    let _ = writeln!(t, "currency = {}", quoted(&rules.house.currency));
    let unit = rules.house.unit.to_string();
    if unit.trim_end_matches('0').trim_end_matches('.') != "1" {
        let _ = writeln!(t, "_unit = {}", quoted(&unit));
    }
    if let Some(g) = house_game {
        let _ = writeln!(t, "_game = {}", quoted(&g.name));
    }
    match written.showdown.as_deref() {
        Some([one]) => {
            let _ = writeln!(t, "_ranking = {}", groups(&one.high));
            if !one.low.is_empty() {
                let _ = writeln!(t, "_ranking_low = {}", groups(&one.low));
            }
        }
        Some(boards) => {
            let high: Vec<String> = boards.iter().map(|b| groups(&b.high)).collect();
            let low: Vec<String> = boards.iter().map(|b| groups(&b.low)).collect();
            let _ = writeln!(t, "_rankings = [{}]", high.join(", "));
            let _ = writeln!(t, "_rankings_low = [{}]", low.join(", "));
        }
        None => {}
    }
    if !posts.others.is_empty() {
        let ps: Vec<String> = posts
            .others
            .iter()
            .map(|(i, kind, amount)| {
                format!(
                    "{{ player = {}, kind = \"{kind}\", amount = {amount} }}",
                    i + 1
                )
            })
            .collect();
        let _ = writeln!(t, "_posts = [{}]", ps.join(", "));
    }
    if dropped > 0 {
        let _ = writeln!(t, "_drop = {dropped}");
    }
    if let Some((seat, amount)) = current.button_fee {
        let p = current.hand_seat(seat).map_or(0, |i| i + 1);
        let _ = writeln!(t, "_fee = {{ player = {p}, amount = {amount} }}");
    }
    if setup.boards != 1 {
        let _ = writeln!(t, "_boards = {}", setup.boards);
    }
    if setup.skip_first_bet {
        let _ = writeln!(t, "_bomb_pot = true");
    }
    // The game and the setup the hand was played under, whole, so that
    // `dealerd replay` replays it whatever PHH makes of the variant.
    if let (Ok(g), Ok(s)) = (serde_json::to_string(&spec), serde_json::to_string(&setup)) {
        let _ = writeln!(t, "_spec = {}", quoted(&g));
        let _ = writeln!(t, "_setup = {}", quoted(&s));
    }
    if !written.extras.is_empty() {
        let es: Vec<String> = written
            .extras
            .iter()
            .map(|(at, e)| actions::extra_toml(*at, e))
            .collect();
        let _ = writeln!(t, "_events = [{}]", es.join(", "));
    }
    // What PHH does not say, or its reader reads otherwise, though the
    // contract may replay the text to the same stacks (a kill raised over
    // is in the raise; equal blinds heads-up are read in another order).
    // Where PHH's reference reader (PokerKit) replays the text otherwise,
    // though the replay contract gives the table's stacks (issue 35).
    let mut reader: Vec<String> = Vec::new();
    if spec.structure.is_limit()
        && verify::fifth_bet(&written.actions, posts.blinds.iter().any(|&b| b > 0))
    {
        reader.push(
            "five bets in a fixed-limit round (a bet and four raises; PokerKit stops at four)"
                .into(),
        );
    }
    if let Some(results) = &written.showdown {
        if state.splits_odd_chips(results) {
            reader.push(
                "a split pot's odd chips (H2 5.4: one each to the tied winners from the \
                 dealer's left; PHH leaves them to its reader, PokerKit gives them all to its \
                 first winner)"
                    .into(),
            );
        }
    }

    let apart: Vec<String> = layout
        .why_apart
        .into_iter()
        .chain(layout.reader_apart)
        .chain(reader)
        .collect();
    verify::check(t, &spec, &setup, &finals, apart, differs)
}
