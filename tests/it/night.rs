//! A whole night through the headless simulator (tests/data/night.sim):
//! seating by card, buy-ins, twelve hands with an all-in and side pots, an
//! undo, the clock (D3), a kill hand (S1), a bomb pot (S2), a misdeal (D2),
//! run it twice (S3, P5), a top-up, and the host ending the session with the
//! settle-up QR. The frames marked `# @name` in the script are read back
//! for their words, and the last one for its QR code.

use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;

use dealerd::daemon::sim;
use dealerd::daemon::store::Storage;
use dealerd::table::Night;
use dealerd::ui::fonts::{FONT_10X20, FONT_5X8, FONT_6X10, FONT_7X13_BOLD};
use dealerd::ui::frame::{HEIGHT, WIDTH};
use dealerd::ui::{qr, Frame};
use embedded_graphics::mono_font::{MonoFont, MonoTextStyle};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::text::{Baseline, Text};

use crate::common;

const DIR: &str = env!("CARGO_MANIFEST_DIR");

struct Run {
    night: Night,
    marked: HashMap<String, Frame>,
    frames: usize,
}

/// Plays the script a line at a time, keeping the frames it marks.
fn play(storage: Storage) -> Run {
    let rules = sim::rules_source(Some(&Path::new(DIR).join("tests/data/rules/night.toml")))
        .expect("night rules");
    let script =
        std::fs::read_to_string(Path::new(DIR).join("tests/data/night.sim")).expect("night script");
    let opts = sim::Options {
        storage,
        ..sim::Options::default()
    };
    let mut out = Vec::new();
    let mut s = sim::start(&rules, &mut out, &opts).expect("starts");
    let mut marked = HashMap::new();
    let mut frames = 1;
    for line in script.lines() {
        assert!(s.line(line), "no :quit in the script");
        let frame = s.frame().expect("a frame");
        frames += 1;
        if let Some((_, mark)) = line.split_once("# @") {
            // DEALERD_NIGHT_FRAMES=DIR keeps the marked frames to look at.
            if let Some(dir) = std::env::var_os("DEALERD_NIGHT_FRAMES") {
                let path = Path::new(&dir).join(format!("{}.png", mark.trim()));
                let _ = std::fs::write(path, dealerd::ui::render::to_png(&frame, 4));
            }
            marked.insert(mark.trim().to_string(), frame);
        }
    }
    let night = s.session().night().clone();
    Run {
        night,
        marked,
        frames,
    }
}

/// Whether `text`, drawn in one of the panel's fonts, lit on dark or dark
/// on lit, appears anywhere in the frame, pixel for pixel.
pub(crate) fn shows(frame: &Frame, text: &str) -> bool {
    let fonts: [&MonoFont; 5] = [
        &FONT_5X8,
        &FONT_6X10,
        &FONT_7X13_BOLD,
        &FONT_10X20,
        &profont::PROFONT_24_POINT,
    ];
    fonts.iter().any(|font| {
        let mut glyphs = Frame::new();
        let style = MonoTextStyle::new(font, BinaryColor::On);
        let _ = Text::with_baseline(text, Point::zero(), style, Baseline::Top).draw(&mut glyphs);
        let w = (font.character_size.width as usize * text.chars().count()).min(WIDTH);
        let h = font.character_size.height as usize;
        (0..=HEIGHT - h).any(|y| {
            (0..=WIDTH - w).any(|x| {
                [false, true].iter().any(|&inverted| {
                    (0..h).all(|gy| {
                        (0..w).all(|gx| {
                            frame.pixel(x + gx, y + gy) == (glyphs.pixel(gx, gy) != inverted)
                        })
                    })
                })
            })
        })
    })
}

/// A frame the night's script marks, from one run shared by the tests that
/// picture them (`pictured.rs`), since the night is long and plays the same
/// every time.
pub(crate) fn marked(mark: &str) -> Frame {
    static MARKED: OnceLock<HashMap<String, Frame>> = OnceLock::new();
    MARKED
        .get_or_init(|| play(Storage::default()).marked)
        .get(mark)
        .unwrap_or_else(|| panic!("no frame marked @{mark}"))
        .clone()
}

/// Asserts that `frame` shows each of `texts`, drawing the frame if not.
pub(crate) fn assert_frame_shows(frame: &Frame, texts: &[&str]) {
    for t in texts {
        assert!(
            shows(frame, t),
            "should show {t:?}:\n{}",
            dealerd::ui::render::to_terminal(frame)
        );
    }
}

fn frame<'a>(run: &'a Run, mark: &str) -> &'a Frame {
    run.marked
        .get(mark)
        .unwrap_or_else(|| panic!("no frame marked @{mark}"))
}

fn assert_shows(run: &Run, mark: &str, texts: &[&str]) {
    let f = frame(run, mark);
    for t in texts {
        assert!(shows(f, t), "@{mark} should show {t:?}:\n{f:?}");
    }
}

#[test]
fn the_matcher_finds_words_and_not_others() {
    let run = play(Storage::default());
    let f = frame(&run, "seat-ann");
    assert!(shows(f, "Seat Ann"));
    assert!(!shows(f, "Seat Bob"));
    assert!(!shows(&Frame::new(), "Seat Ann"));
}

#[test]
fn m5_m1_the_night_settles_to_the_chip() {
    let run = play(Storage::default());
    let t = run.night.table();
    assert_eq!(t.hands_dealt(), 12);
    assert!(t.ended());
    // M5: every chip that came in went out; H2 takes no fees.
    let l = t.ledger();
    assert_eq!(l.money_in(), l.money_out());
    assert_eq!(l.fees(), 0);
    // In quarters ($0.25): buy-ins, Dan's top-up, and what each cashed out.
    let mut by_player = l.by_player();
    by_player.sort();
    assert_eq!(
        by_player,
        vec![
            // Issue 9 changed two hands of this night, as the rule books
            // say: H2's kill blind is "an additional blind" (hand 5), and
            // the misdealt hand 7 is re-dealt with the same button (D2).
            ("Ann".to_string(), 160, 165),
            ("Bob".to_string(), 160, 135),
            ("Cat".to_string(), 80, 110),
            ("Dan".to_string(), 160 + 158, 154),
            ("Eve".to_string(), 40, 194),
        ]
    );
    // One frame at the start and one per line.
    let lines = std::fs::read_to_string(Path::new(DIR).join("tests/data/night.sim"))
        .expect("script")
        .lines()
        .count();
    assert_eq!(run.frames, lines + 1);
}

#[test]
fn t1_m1_seating_by_card_and_buy_ins_on_screen() {
    let run = play(Storage::default());
    assert_shows(&run, "seat-ann", &["Seat Ann", "seat 1"]);
    assert_shows(&run, "buy-in-ann", &["Ann buys in", "40"]);
}

#[test]
fn p1_p2_side_pots_and_the_split_on_screen() {
    let run = play(Storage::default());
    // Eve all-in for $10, Cat for $19.50, Ann and Dan for more.
    // $10 from each of five, then $9.50 from Cat and the three who covered her.
    assert_shows(&run, "side-pots", &["main 50 s1 28.50"]);
    assert_shows(&run, "showdown-split", &["Eve"]);
}

#[test]
fn d3_d5_s1_s2_d2_undo_the_clock_the_kill_the_bomb_and_the_misdeal_on_screen() {
    let run = play(Storage::default());
    assert_shows(&run, "undo", &["Bob"]);
    assert_shows(&run, "clock-60", &["CLOCK", "Eve", "1:00"]);
    assert_shows(&run, "clock-30", &["CLOCK", "Eve", "0:30"]);
    assert_shows(
        &run,
        "clock-out",
        &["TIME", "Eve folds", "any button: go on"],
    );
    assert_shows(&run, "kill-hand", &["KILL Ann 0.50"]);
    assert_shows(&run, "bomb-hand", &["BOMB 1 ea"]);
    assert_shows(&run, "misdeal", &["MISDEAL"]);
}

#[test]
fn the_settle_up_qr_decodes_from_the_last_frame() {
    let run = play(Storage::default());
    let f = frame(&run, "settle-up");
    // At 4x, as a phone sees it, with the panel's unlit bezel round it.
    let pad = 40;
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(
        WIDTH * 4 + 2 * pad,
        HEIGHT * 4 + 2 * pad,
        |x, y| {
            let (x, y) = (x.wrapping_sub(pad) / 4, y.wrapping_sub(pad) / 4);
            if x < WIDTH && y < HEIGHT && f.pixel(x, y) {
                255
            } else {
                0
            }
        },
    );
    let grids = img.detect_grids();
    assert_eq!(grids.len(), 1, "{f:?}");
    let (meta, content) = grids[0].decode().expect("decodes");
    assert!(meta.version.0 <= 3);
    assert_eq!(content, qr::settle_text(run.night.table()));
    // Nets Ann +1.25, Bob -6.25, Cat +7.50, Dan -41, Eve +38.50: no two
    // or three of them cancel, so four transfers, the largest first, as
    // many to a page as a code holds with the currency (issue 24).
    assert_eq!(
        content,
        "11 HANDS 1 MISDEAL USD 1/2 DAN TO EVE 38.50 BOB TO CAT 6.25"
    );
    let pages = qr::settle_pages(run.night.table());
    assert_eq!(pages.len(), 2, "{pages:?}");
    assert_eq!(pages[1], "USD 2/2 DAN TO CAT 1.25 DAN TO ANN 1.25");
}

#[test]
fn the_journaled_night_replays_to_the_same_table() {
    let dir = std::env::temp_dir().join(format!("dealerd-night-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let storage = Storage {
        journal: Some(dir.join("journal.jsonl")),
        history: Some(dir.join("hands")),
        ledger: None,
    };
    let run = play(storage.clone());
    let rules = sim::rules_source(Some(&Path::new(DIR).join("tests/data/rules/night.toml")))
        .expect("rules");
    let again = dealerd::daemon::store::Stored::open(&rules, &storage).expect("resumes");
    assert_eq!(again.night().events(), run.night.events());
    let (a, b) = (again.night().table(), run.night.table());
    assert_eq!(a.ledger(), b.ledger());
    assert_eq!(a.seats(), b.seats());
    assert_eq!(a.hands_dealt(), b.hands_dealt());
    assert!(a.ended());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_command_line_plays_the_same_night() {
    let dir = std::env::temp_dir().join(format!("dealerd-night-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = common::dealerd()
        .args(["sim", "--empty", "--quiet", "--config"])
        .arg(Path::new(DIR).join("tests/data/rules/night.toml"))
        .arg("--script")
        .arg(Path::new(DIR).join("tests/data/night.sim"))
        .arg("--frames")
        .arg(&dir)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = std::fs::read_to_string(Path::new(DIR).join("tests/data/night.sim"))
        .expect("script")
        .lines()
        .count();
    let pngs = std::fs::read_dir(&dir).expect("frames").count();
    assert_eq!(pngs, lines + 1);
    let _ = std::fs::remove_dir_all(dir);
}
