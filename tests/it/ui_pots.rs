//! P1, D1: the pot line on the action screen is never cut off. "main 16 s1
//! 9 s2 6 s3" (issue 11) was a line too wide for the big font; now it moves
//! to the small font, then onto more lines, and only then are amounts
//! shortened, never rounded up.

use dealerd::table::Night;
use dealerd::ui::{render, screens};

use crate::ui_screens::night;

fn action(n: &Night) -> render::Frame {
    let mut f = render::Frame::new();
    screens::action(&mut f, n.table(), None).unwrap();
    f
}

use crate::night::assert_frame_shows as assert_shows;

/// Nine players, three all in, a bet on the flop.
pub(crate) fn three_all_ins() -> render::Frame {
    action(&night(
        "rules tests/data/rules/deep-ten.toml\n\
         join 1 Ann 50\njoin 2 Bob 120\njoin 3 Cat 300\njoin 4 Dan 1000\n\
         join 5 Eve 1000\njoin 6 Fay 1000\njoin 7 Gus 1000\njoin 8 Hal 1000\n\
         join 9 Ivy 1000\nbutton Ann\ndeal\n\
         Dan raise 300\nEve call\nFay call\nGus call\nHal call\nIvy call\n\
         Ann allin\nBob allin\nCat allin\nflop\nDan bet 20\n",
    ))
}

/// Seven all in at six-figure amounts, a bet on the flop.
pub(crate) const SEVEN_ALL_INS: &str = "rules tests/data/rules/deep-ten.toml\n\
         join 1 Ann 100001\njoin 2 Bob 200002\njoin 3 Cat 300003\njoin 4 Dan 400004\n\
         join 5 Eve 500005\njoin 6 Fay 600006\njoin 7 Gus 700007\njoin 8 Hal 1000000\n\
         join 9 Ivy 1000000\nbutton Ann\ndeal\n\
         Dan allin\nEve allin\nFay allin\nGus allin\nHal call\nIvy call\n\
         Ann allin\nBob allin\nCat allin\nflop\nHal bet 1000\n";

pub(crate) fn seven_all_ins() -> render::Frame {
    action(&night(SEVEN_ALL_INS))
}

#[test]
fn p1_nine_players_three_all_ins_show_every_pot_whole() {
    let f = crate::pictures::pictured("pots-three-all-ins");
    // 31 characters: too wide for the big font's 21, so two small lines,
    // a pot never split across them.
    assert_shows(
        &f,
        &[
            "Eve",
            "main 450 s1 560 s2 1260",
            "bets 20",
            "ALL-IN Bob Cat Ann",
        ],
    );
}

#[test]
fn p1_seven_all_ins_shorten_the_amounts_and_never_round_up() {
    let f = crate::pictures::pictured("pots-seven-all-ins");
    // In full the eight amounts take four lines; shortened, three. 900,009
    // reads "900k", not "0.9M" nor "901k".
    assert_shows(
        &f,
        &[
            "Ivy",
            "main 900k s1 800k s2 700k",
            "s3 600k s4 500k s5 400k",
            "s6 300k bets 1k",
            // Seven names take two lines and one is left: they page
            // (issue 32), never a bare count; `ui_met` turns the pages.
            "ALL-IN Bob Cat Dan",
            "1/2",
        ],
    );
}

#[test]
fn p1_a_short_pot_line_stays_in_the_big_font() {
    let n =
        night("rules default\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 100\nbutton Ann\ndeal\n");
    let f = action(&n);
    // The big font: the test matches glyphs of one font at a time.
    let mut big = render::Frame::new();
    use dealerd::ui::fonts::FONT_6X10;
    use embedded_graphics::mono_font::MonoTextStyle;
    use embedded_graphics::pixelcolor::BinaryColor;
    use embedded_graphics::prelude::*;
    use embedded_graphics::text::{Baseline, Text};
    let _ = Text::with_baseline(
        "pot 3",
        Point::new(0, 36),
        MonoTextStyle::new(&FONT_6X10, BinaryColor::On),
        Baseline::Top,
    )
    .draw(&mut big);
    assert!((0..60).all(|x| (36..46).all(|y| f.pixel(x, y) == big.pixel(x, y))));
}
