//! Every screen the dealer can see, pixel for pixel: each is drawn from a
//! scripted night (`pictured.rs`) and compared with its committed picture,
//! `tests/data/pictures/<name>.txt` (64 lines of 128, `#` lit, `.` dark). A
//! screen shown in the docs is also compared byte for byte with
//! `docs/screens/<name>.png`, so an image in the README is always the
//! screen as drawn today.
//!
//! After a deliberate change to a screen, re-bless and look at what changed:
//!
//! ```sh
//! DEALERD_BLESS=1 cargo test --release pictures
//! git diff tests/data/pictures docs/screens
//! ```
//!
//! Blessing writes the pictures (and the docs' PNGs) and passes; a run
//! without it checks them. A screen with no picture fails until blessed.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use dealerd::ui::render::{self, Frame, WIDTH};

use crate::pictured;

/// How a pictured screen is reached and drawn.
pub(crate) type Draw = fn() -> Frame;

/// Every pictured screen: its name (the picture's file name) and how to
/// draw it. The one list every picture check goes through, so a picture
/// file or a docs image that no screen draws is found (below).
pub(crate) const SCREENS: &[(&str, Draw)] = &[
    // In a hand.
    ("action-side-pots", pictured::action_side_pots),
    ("pots-three-all-ins", crate::ui_pots::three_all_ins),
    ("pots-seven-all-ins", crate::ui_pots::seven_all_ins),
    ("action-clock", pictured::action_clock),
    ("amount-entry", pictured::amount_entry),
    ("amount-keypad", pictured::amount_keypad),
    ("amount-entry-near-pot", pictured::amount_entry_near_pot),
    ("showdown-side-pots", pictured::showdown_side_pots),
    ("message", pictured::message),
    ("opener", pictured::opener),
    ("draw", pictured::draw),
    ("draw-confirmed", pictured::draw_confirmed),
    ("declare", pictured::declare),
    // Issue 32: one press for the rest of a take round or a discard.
    ("take-rest-stand", crate::ui_deals::take_rest_stand),
    ("discard-everyone", crate::ui_deals::discard_everyone),
    ("deal-flop", pictured::deal_flop),
    ("bomb-deal", pictured::bomb_deal),
    ("run-out-twice", crate::ui_deals::run_out_twice),
    // Issue 32: the best hand's seat key deals the run-out and names it.
    ("run-out-keys", crate::ui_nights::savings::run_out_keys),
    ("showdown-ranking", pictured::showdown_ranking),
    ("showdown-split", pictured::showdown_split),
    ("guts-call", pictured::guts_call),
    ("guts-best", pictured::guts_best),
    ("lives", pictured::lives),
    // Issue 22: legible on the panel.
    ("stud-bring-in", crate::ui_legible::stud_bring_in),
    ("amount-entry-cents", crate::ui_legible::amount_entry_cents),
    // The clock (D3).
    ("clock", pictured::clock),
    ("clock-running", pictured::clock_running),
    ("clock-zero", pictured::clock_zero),
    ("time-up", pictured::time_up),
    // Between hands and the menu.
    ("between-kill", pictured::between_kill),
    ("between-antes-fee", crate::ui_between::h4_stud),
    ("misdeal", pictured::misdeal),
    ("menu", pictured::menu),
    ("pick-seat", pictured::pick_seat),
    ("pick-game", pictured::pick_game),
    ("ledger-qr", pictured::ledger_qr),
    ("ledger-players", crate::settle_up::ledger_players),
    ("ledger-night", crate::settle_up::ledger_night),
    // Cards and the host.
    ("seat-by-card", pictured::seat_by_card),
    ("buy-in", pictured::buy_in),
    ("player-menu", pictured::player_menu),
    ("way-in", pictured::way_in),
    ("host-menu", pictured::host_menu),
    ("host-menu-walk-ins", pictured::host_menu_walk_ins),
    ("host-warning", pictured::host_warning),
    ("host-pick", pictured::host_pick),
    ("move-to", pictured::move_to),
    // Issue 32: an empty table's first screen, who is seated, walk-ins told apart.
    ("first-screen", crate::ui_met::first_screen),
    ("seated-ten", crate::ui_met::seated_ten),
    ("walk-ins-positions", crate::ui_met::walk_ins_positions),
    ("ended-results", crate::ui_met::ended_results),
    (
        "message-over-first-screen",
        crate::ui_met::message_over_first_screen,
    ),
    ("set-stack", pictured::set_stack),
    ("correction-kind", pictured::correction_kind),
    ("confirm-end", pictured::confirm_end),
    ("confirm-cash-out", pictured::confirm_cash_out),
    ("confirm-remove", pictured::confirm_remove),
    ("confirm-take-back-pot", pictured::confirm_take_back_pot),
    // Issue 22: cards enrolled, walk-ins, the next night, undo asked.
    ("enroll-card", crate::walk_ins::enroll),
    ("seat-name", crate::walk_ins::seat_name),
    ("type-name", crate::walk_ins::type_name),
    ("rename", crate::walk_ins::rename),
    ("host-menu-ended", crate::walk_ins::host_menu_ended),
    ("confirm-new-night", crate::walk_ins::confirm_new_night),
    ("confirm-undo", crate::walk_ins::confirm_undo),
    // Issue 34: a fresh box's first card, offered as the host card.
    ("host-card", crate::first_boot::host_card),
];

const DIR: &str = env!("CARGO_MANIFEST_DIR");
const BLESS: &str = "DEALERD_BLESS=1 cargo test --release pictures";

fn blessing() -> bool {
    std::env::var("DEALERD_BLESS").is_ok_and(|v| v == "1")
}

fn picture_path(name: &str) -> PathBuf {
    Path::new(DIR).join(format!("tests/data/pictures/{name}.txt"))
}

fn png_path(name: &str) -> PathBuf {
    Path::new(DIR).join(format!("docs/screens/{name}.png"))
}

/// The screen registered as `name`, drawn, checked against its picture and
/// returned for a test to look at further.
pub(crate) fn pictured(name: &str) -> Frame {
    let Some((_, draw)) = SCREENS.iter().find(|(n, _)| *n == name) else {
        panic!("no screen {name:?} in pictures::SCREENS");
    };
    let frame = draw();
    if let Err(e) = check(name, &frame) {
        panic!("{e}");
    }
    frame
}

/// `frame` against `tests/data/pictures/<name>.txt`, and against the docs'
/// PNG when the docs show it; with `DEALERD_BLESS=1` writes them instead.
fn check(name: &str, frame: &Frame) -> Result<(), String> {
    let actual = render::to_picture(frame);
    let in_docs = docs_images().contains(name) || png_path(name).exists();
    if blessing() {
        write_if_changed(&picture_path(name), actual.as_bytes())?;
        if in_docs {
            write_if_changed(&png_path(name), &render::to_png(frame, 4))?;
        }
        return Ok(());
    }
    let path = picture_path(name);
    let Ok(expected) = std::fs::read_to_string(&path) else {
        return Err(format!(
            "screen {name:?} has no picture {}: draw it with `{BLESS}` and look at it",
            path.display()
        ));
    };
    // A checkout that turns line ends into \r\n still holds the same picture.
    let expected = expected.replace("\r\n", "\n");
    if expected != actual {
        return Err(mismatch(name, &expected, &actual));
    }
    if in_docs && std::fs::read(png_path(name)).ok() != Some(render::to_png(frame, 4)) {
        return Err(format!(
            "docs/screens/{name}.png is not screen {name:?} as drawn (its picture is); \
             rewrite it with `{BLESS}`"
        ));
    }
    Ok(())
}

fn write_if_changed(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if std::fs::read(path).ok().as_deref() == Some(bytes) {
        return Ok(());
    }
    std::fs::write(path, bytes).map_err(|e| format!("writing {}: {e}", path.display()))
}

/// The first differing rows, each with a marker line under the columns
/// that differ; the screen as drawn is left beside the test's scratch
/// files to diff whole.
fn mismatch(name: &str, expected: &str, actual: &str) -> String {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pictures");
    let kept = std::fs::create_dir_all(&scratch)
        .and_then(|()| std::fs::write(scratch.join(format!("{name}.txt")), actual))
        .map_or_else(
            |e| format!("(could not keep the screen as drawn: {e})"),
            |()| {
                format!(
                    "as drawn: {}",
                    scratch.join(format!("{name}.txt")).display()
                )
            },
        );
    let (exp, act): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    let rows: Vec<usize> = (0..exp.len().max(act.len()))
        .filter(|&y| exp.get(y) != act.get(y))
        .collect();
    let mut out = format!(
        "screen {name:?} is not its picture tests/data/pictures/{name}.txt: {} of {} rows differ\n",
        rows.len(),
        act.len()
    );
    if exp.len() != act.len() {
        let _ = writeln!(
            out,
            "the picture has {} lines, the screen {}",
            exp.len(),
            act.len()
        );
    }
    for &y in rows.iter().take(4) {
        let (e, a) = (
            exp.get(y).copied().unwrap_or(""),
            act.get(y).copied().unwrap_or(""),
        );
        let marks: String = (0..e.chars().count().max(a.chars().count()).min(WIDTH + 8))
            .map(|x| {
                if e.chars().nth(x) == a.chars().nth(x) {
                    ' '
                } else {
                    '^'
                }
            })
            .collect();
        let _ = write!(
            out,
            "row {y} (line {}):\n  expected {e}\n  actual   {a}\n           {}\n",
            y + 1,
            marks.trim_end()
        );
    }
    if rows.len() > 4 {
        let _ = writeln!(out, "... and {} rows more", rows.len() - 4);
    }
    let _ = write!(
        out,
        "{kept}\nif the change is meant, re-bless with `{BLESS}` and review `git diff tests/data/pictures docs/screens`"
    );
    out
}

/// The `docs/screens/*.png` names that README.md and docs/*.md show.
fn docs_images() -> BTreeSet<String> {
    let mut docs = vec![Path::new(DIR).join("README.md")];
    docs.extend(files(&Path::new(DIR).join("docs"), "md"));
    let mut names = BTreeSet::new();
    for doc in docs {
        let text = std::fs::read_to_string(&doc).unwrap_or_default();
        for (i, at) in text.match_indices("docs/screens/") {
            let rest = &text[i + at.len()..];
            let Some((stem, _)) = rest.split_once(".png") else {
                continue;
            };
            // A link's name, not a pattern or prose up to a later ".png".
            if !stem.is_empty()
                && stem
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            {
                names.insert(stem.to_string());
            }
        }
    }
    names
}

/// The files in `dir` named `*.ext`, sorted.
fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    out.retain(|p| p.extension().is_some_and(|e| e == ext));
    out.sort();
    out
}

fn stems(dir: &str, ext: &str) -> BTreeSet<String> {
    files(&Path::new(DIR).join(dir), ext)
        .iter()
        .filter_map(|p| p.file_stem()?.to_str().map(str::to_string))
        .collect()
}

fn registered() -> BTreeSet<String> {
    SCREENS.iter().map(|(n, _)| n.to_string()).collect()
}

#[test]
fn every_screen_is_its_picture() {
    assert_eq!(registered().len(), SCREENS.len(), "a name twice in SCREENS");
    let failures: Vec<String> = SCREENS
        .iter()
        .filter_map(|(name, draw)| check(name, &draw()).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} screens:\n\n{}",
        failures.len(),
        SCREENS.len(),
        failures.join("\n\n")
    );
}

/// No picture outlives its screen, and no screen goes unpictured.
#[test]
fn every_picture_is_a_registered_screen() {
    let pictures = stems("tests/data/pictures", "txt");
    let registered = registered();
    let orphans: Vec<_> = pictures.difference(&registered).collect();
    assert!(
        orphans.is_empty(),
        "pictures no screen in pictures::SCREENS draws: {orphans:?}"
    );
    if !blessing() {
        let missing: Vec<_> = registered.difference(&pictures).collect();
        assert!(
            missing.is_empty(),
            "screens without a picture: {missing:?}; `{BLESS}`"
        );
    }
    for name in &pictures {
        let text = std::fs::read_to_string(picture_path(name)).expect("a picture");
        if let Err(e) = render::from_picture(&text) {
            panic!("tests/data/pictures/{name}.txt: {e}");
        }
    }
}

/// Every image in the docs is a pictured screen, so the check above keeps
/// it the screen as drawn.
#[test]
fn every_docs_image_is_a_pictured_screen() {
    let registered = registered();
    let pngs = stems("docs/screens", "png");
    let strays: Vec<_> = pngs.difference(&registered).collect();
    assert!(
        strays.is_empty(),
        "docs/screens images no screen draws: {strays:?}"
    );
    let shown = docs_images();
    let unknown: Vec<_> = shown.difference(&registered).collect();
    assert!(
        unknown.is_empty(),
        "the docs show screens not in pictures::SCREENS: {unknown:?}"
    );
    if !blessing() {
        let missing: Vec<_> = shown.difference(&pngs).collect();
        assert!(
            missing.is_empty(),
            "the docs show missing images: {missing:?}; `{BLESS}`"
        );
    }
    // The README's images are among them: the scan finds links at all.
    assert!(shown.contains("action-side-pots"), "{shown:?}");
    let others: Vec<_> = std::fs::read_dir(Path::new(DIR).join("docs/screens"))
        .expect("docs/screens")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_none_or(|e| e != "png"))
        .collect();
    assert!(
        others.is_empty(),
        "docs/screens holds only the pictured PNGs: {others:?}"
    );
}
