//! Real screens from scripted nights: what they say, the QR decoded, the
//! fast drawing paths against the per-pixel one. Their pictures are
//! checked in `pictures.rs`.

use std::path::Path;

use dealerd::table::{script, Night, TableEvent};
use dealerd::ui::frame::PerPixel;
use dealerd::ui::{render, screens, ClockView, Controller, Intent, Mode, Ranking, View};
use dealerd::ui::{Button, Press};

pub(crate) fn night(text: &str) -> Night {
    script::run("screen.scn", text, Path::new(env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{e}"))
}

fn lit(frame: &render::Frame) -> usize {
    (0..64)
        .flat_map(|y| (0..128).map(move |x| (x, y)))
        .filter(|&(x, y)| frame.pixel(x, y))
        .count()
}

pub(crate) const SIDE_POTS: &str = include_str!("../data/screens/side-pots.scn");

/// The action screen's text as drawn, for [`crate::night::shows`].
fn action_frame(script: &str) -> render::Frame {
    let n = night(script);
    let mut f = render::Frame::new();
    screens::action(&mut f, n.table(), None).unwrap();
    f
}

#[test]
fn p1_d1_the_pot_line_shows_bets_as_bets_and_side_pots_only_for_an_all_in() {
    use crate::night::shows;
    // Blinds 1/2, nobody all in: one pot of 3, not "main 2 s1 1".
    let f = action_frame(
        "rules default\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 100\nbutton Ann\ndeal\n",
    );
    assert!(shows(&f, "pot 3"));
    assert!(!shows(&f, "main 2"));
    // Cat all in for 40 under Ann's and Bob's 50: a side pot once the round is
    // over, and the flop bet in front is a bet.
    let f = action_frame(
        "rules default\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 40\nbutton Ann\ndeal\n\
         Ann raise 50\nBob call\nCat allin\nflop\nBob bet 2\n",
    );
    assert!(shows(&f, "main 120 s1 20 bets 2"));
    // The all-in in the round in progress is still a bet (side-pots.scn).
    let f = action_frame(SIDE_POTS);
    assert!(shows(&f, "pot 220"));
    assert!(!shows(&f, "main 160"));
}

pub(crate) const KILL: &str = include_str!("../data/screens/kill.scn");

pub(crate) const SHOWDOWN: &str = include_str!("../data/screens/showdown.scn");

#[test]
fn showdown_split_with_a_tie() {
    let n = night(SHOWDOWN);
    let mut c = crate::pictured::ranked(&n);
    let p = |button| Press {
        button,
        long: false,
    };
    let Mode::Ranking(r) = &c.mode else {
        panic!("not ranking: {:?}", c.mode)
    };
    let state = n.table().hand().unwrap().state();
    // P2: Bob first, Cat tied with him (held OK, her key) win both pots;
    // Ann, last, need not be ranked: the side ended by itself, OK pays.
    assert!(r.complete(), "{r:?}");
    let pay = dealerd::ui::showdown::split(state, &r.results(state)).unwrap();
    assert_eq!(pay.iter().sum::<u64>(), state.pot());
    match c.press(&n, p(Button::Ok)) {
        Intent::Apply(e) => {
            let mut n = n.clone();
            n.apply(e).expect("the split is legal");
            assert!(!n.table().in_hand());
        }
        other => panic!("{other:?}"),
    }
}

pub(crate) const NIGHT: &str = include_str!("../data/screens/night.scn");

#[test]
fn ledger_qr_decodes_from_the_frame() {
    let n = night(NIGHT);
    let text = dealerd::ui::qr::settle_text(n.table());
    assert!(text.len() <= dealerd::ui::qr::MAX_CHARS, "{text}");
    let code = dealerd::ui::qr::encode(&text).expect("fits v3-M");
    assert!(code.width() <= 29);
    let f = crate::pictures::pictured("ledger-qr");
    // Decode the panel itself, lit = light, at 4x like a phone would see it.
    let img = rqrr::PreparedImage::prepare_from_greyscale(128 * 4, 64 * 4, |x, y| {
        if f.pixel(x / 4, y / 4) {
            255
        } else {
            0
        }
    });
    let mut img = img;
    let grids = img.detect_grids();
    assert_eq!(grids.len(), 1);
    let (meta, content) = grids[0].decode().expect("decodes");
    assert!(meta.version.0 <= 3);
    assert_eq!(content, text);
}

/// Every kind of screen, drawn through the frame's fast paths and through
/// the per-pixel path: the same bytes.
#[test]
fn screens_match_the_per_pixel_path() {
    let p = |button| Press {
        button,
        long: false,
    };
    let side = night(SIDE_POTS);
    let showdown = night(SHOWDOWN);
    let state = showdown.table().hand().unwrap().state();
    let deal = night(SHOWDOWN.split("flop\n").next().unwrap());
    // Name, night, controller, clock seconds, message.
    type Case<'a> = (&'a str, &'a Night, Controller, Option<u32>, Option<&'a str>);
    let mut cases: Vec<Case> = Vec::new();
    cases.push(("action", &side, Controller::new(), None, None));
    cases.push(("action+clock", &side, Controller::new(), Some(42), None));
    let mut c = Controller::new();
    c.press(&side, p(Button::BetRaise));
    c.press(&side, p(Button::BetRaise));
    cases.push(("entry", &side, c, None, None));
    let mut c = Controller::new();
    c.press(
        &side,
        Press {
            button: Button::Ok,
            long: true,
        },
    );
    cases.push(("menu", &side, c.clone(), None, None));
    c.press(&side, p(Button::Ok));
    cases.push(("clock", &side, c.clone(), Some(42), None));
    cases.push(("time up", &side, c, Some(0), None));
    let c = Controller::new();
    let refusal = "Dan: a raise must be to at least 40, not 30";
    cases.push(("message", &side, c, None, Some(refusal)));
    let mut c = Controller::new();
    c.mode = Mode::Dialog(dealerd::ui::Dialog::HostMenu(1));
    cases.push(("host menu", &side, c, None, None));
    let kill = night(KILL);
    cases.push(("between", &kill, Controller::new(), None, None));
    cases.push(("deal", &deal, Controller::new(), None, None));
    let mut c = Controller::new();
    c.mode = Mode::Ranking(Ranking::new(state));
    cases.push(("ranking", &showdown, c, None, None));
    let mut c = Controller::new();
    for b in [Button::Ok, Button::CheckCall, Button::Ok] {
        c.press(&showdown, p(b));
    }
    cases.push(("pay", &showdown, c, None, None));
    let ledger = night(NIGHT);
    let mut c = Controller::new();
    c.mode = Mode::Ledger;
    cases.push(("ledger", &ledger, c, None, None));

    for (name, n, c, clock, message) in &cases {
        let mut view = View::of(n);
        view.clock = clock.map(|left| ClockView {
            left,
            paused: false,
        });
        view.message = *message;
        // Host dialogs show only while the host is unlocked.
        if name.starts_with("host") {
            view = view.host_unlocked();
        }
        let mut fast = render::Frame::new();
        screens::draw(&mut fast, &view, c).unwrap();
        let mut slow = render::Frame::new();
        screens::draw(&mut PerPixel(&mut slow), &view, c).unwrap();
        assert!(lit(&fast) > 50, "{name}: {fast:?}");
        assert_eq!(fast, slow, "{name}");
    }
}

mod text {
    use dealerd::ui::canvas::{columns_by_pixels, text_by_pixels, Canvas, TextSpec};
    use dealerd::ui::fonts::{FONT_10X20, FONT_5X8, FONT_6X10, FONT_7X13_BOLD};
    use dealerd::ui::frame::PerPixel;
    use dealerd::ui::render::Frame;
    use embedded_graphics::mono_font::MonoFont;
    use embedded_graphics::pixelcolor::BinaryColor;
    use embedded_graphics::prelude::*;
    use embedded_graphics::text::Alignment;
    use proptest::prelude::*;

    /// The panel's fonts (`ui::fonts`: the X11 ones with a square period).
    fn fonts() -> [&'static MonoFont<'static>; 6] {
        [
            &FONT_5X8,
            &FONT_6X10,
            &FONT_7X13_BOLD,
            &FONT_10X20,
            &profont::PROFONT_9_POINT,
            &profont::PROFONT_24_POINT,
        ]
    }

    /// Text anywhere, of any length, is drawn or clipped, never a panic.
    #[test]
    fn frame_text_far_off_the_panel_is_clipped() {
        let long = "W".repeat(100_000);
        let mut f = Frame::new();
        for (x, y) in [
            (i32::MIN, 0),
            (i32::MAX, 0),
            (0, i32::MIN),
            (0, i32::MAX),
            (-5, 60),
        ] {
            for align in [Alignment::Left, Alignment::Center, Alignment::Right] {
                for text in ["Pot 1250", long.as_str()] {
                    let spec = TextSpec {
                        text,
                        font: fonts()[0],
                        at: Point::new(x, y),
                        align,
                        color: BinaryColor::On,
                        background: Some(BinaryColor::Off),
                    };
                    f.text(&spec).unwrap();
                }
            }
        }
        // Only the last place, (-5, 60), reaches the panel: its bottom rows.
        assert!(f.page(7).iter().any(|&b| b != 0));
        assert!((0..7).all(|p| f.page(p).iter().all(|&b| b == 0)));
    }

    proptest! {
        /// The frame's glyph columns give embedded-graphics' bytes for any
        /// text, font, place (on, across or off every edge), alignment and
        /// colours, over whatever the frame already held.
        #[test]
        fn frame_text_is_embedded_graphics_text(
            text in "[ -~]{0,30}|[ -~é½]{0,8}",
            font in 0..fonts().len(),
            x in -60i32..190,
            y in -40i32..100,
            align in 0..3usize,
            on: bool,
            background in proptest::option::of(any::<bool>()),
            under in proptest::collection::vec(any::<u8>(), 1024),
        ) {
            let mut bytes = [0u8; 1024];
            bytes.copy_from_slice(&under);
            let spec = TextSpec {
                text: &text,
                font: fonts()[font],
                at: Point::new(x, y),
                align: [Alignment::Left, Alignment::Center, Alignment::Right][align],
                color: if on { BinaryColor::On } else { BinaryColor::Off },
                background: background.map(|b| if b { BinaryColor::On } else { BinaryColor::Off }),
            };
            let mut fast = Frame::from_bytes(bytes);
            fast.text(&spec).unwrap();
            let mut slow = Frame::from_bytes(bytes);
            text_by_pixels(&mut PerPixel(&mut slow), &spec).unwrap();
            prop_assert_eq!(fast, slow);
        }

        /// The frame's columns are the columns drawn pixel by pixel, for
        /// any place (page-aligned or not, on or off every edge), any rows
        /// covered (whole columns too), over whatever the frame held.
        #[test]
        fn frame_columns_are_pixels(
            x in -80i32..150,
            y in prop_oneof![-80i32..90, (-2i32..10).prop_map(|p| 8 * p)],
            columns in proptest::collection::vec((any::<u64>(), any::<u64>(), any::<bool>()), 0..70),
            narrow in 0u32..64,
            under in proptest::collection::vec(any::<u8>(), 1024),
        ) {
            let mut bytes = [0u8; 1024];
            bytes.copy_from_slice(&under);
            let cover: Vec<u64> = columns
                .iter()
                .map(|&(c, _, whole)| if whole { u64::MAX } else { c >> narrow })
                .collect();
            let lit: Vec<u64> = columns.iter().map(|&(_, l, _)| l).collect();
            let at = Point::new(x, y);
            let mut fast = Frame::from_bytes(bytes);
            fast.columns(at, &cover, &lit).unwrap();
            let mut slow = Frame::from_bytes(bytes);
            columns_by_pixels(&mut PerPixel(&mut slow), at, &cover, &lit).unwrap();
            prop_assert_eq!(fast, slow);
        }
    }
}

/// The QR code drawn in runs of dark modules is the code drawn a module at a
/// time, pixel for pixel, wherever it lands (clipped at the edges too).
#[test]
fn qr_runs_are_the_modules() {
    use dealerd::ui::qr;
    use embedded_graphics::pixelcolor::BinaryColor;
    use embedded_graphics::prelude::*;
    use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};

    for text in [
        "H1 FEE 0",
        "H12 ANN+35 BOB-20 CAT+1 DAN-16 FEE 5",
        &"X".repeat(61),
    ] {
        let code = qr::encode(text).expect("fits");
        for (origin, quiet) in [((66, 3), 3), ((0, 0), 0), ((-5, -7), 2), ((100, 40), 1)] {
            let origin = Point::new(origin.0, origin.1);
            let mut fast = render::Frame::new();
            qr::draw(&mut fast, &code, origin, quiet).unwrap();
            let mut slow = render::Frame::new();
            let mut per_pixel = PerPixel(&mut slow);
            let side = code.width() as i32 * qr::MODULE_PX + 2 * quiet;
            Rectangle::new(
                origin - Point::new(quiet, quiet),
                Size::new(side as u32, side as u32),
            )
            .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
            .draw(&mut per_pixel)
            .unwrap();
            let w = code.width();
            for (i, c) in code.to_colors().iter().enumerate() {
                if *c == qrcode::Color::Dark {
                    let (x, y) = ((i % w) as i32, (i / w) as i32);
                    Rectangle::new(
                        origin + Point::new(x, y) * qr::MODULE_PX,
                        Size::new(qr::MODULE_PX as u32, qr::MODULE_PX as u32),
                    )
                    .into_styled(PrimitiveStyle::with_fill(BinaryColor::Off))
                    .draw(&mut per_pixel)
                    .unwrap();
                }
            }
            assert_eq!(fast, slow, "{text} at {origin:?}");
        }
    }
}

/// The code drawn from its pixel columns is the code drawn in runs, on the
/// frame and pixel by pixel, wherever it lands (clipped at the edges too);
/// a field taller than a column falls back to the runs.
#[test]
fn qr_columns_are_the_runs() {
    use dealerd::ui::qr;
    use embedded_graphics::prelude::*;

    for text in [
        "H1 FEE 0",
        "H12 ANN+35 BOB-20 CAT+1 DAN-16 FEE 5",
        &"X".repeat(61),
    ] {
        qr::with_code(text, |code| {
            let code = code.expect("fits");
            for (origin, quiet) in [
                ((67, 3), 3),
                ((70, 7), 7),
                ((0, 0), 0),
                ((-5, -7), 2),
                ((100, 40), 1),
                ((3, 61), 2),
                ((10, 10), 20),
            ] {
                let origin = Point::new(origin.0, origin.1);
                let mut runs = render::Frame::from_bytes([0x5A; 1024]);
                let a = qr::draw(&mut runs, &code.code, origin, quiet).unwrap();
                let mut columns = render::Frame::from_bytes([0x5A; 1024]);
                let b = qr::draw_columns(&mut columns, code, origin, quiet).unwrap();
                let mut slow = render::Frame::from_bytes([0x5A; 1024]);
                let c = qr::draw_columns(&mut PerPixel(&mut slow), code, origin, quiet).unwrap();
                assert_eq!((a, a), (b, c));
                assert_eq!(runs, columns, "{text} at {origin:?} quiet {quiet}");
                assert_eq!(runs, slow, "{text} at {origin:?} quiet {quiet}");
            }
        });
    }
}

/// The between-hands screen with its preview cached is the screen dealt
/// afresh, whatever happens to the night: events, refusals, undo, a clone
/// going its own way, another night through the same cache.
#[test]
fn the_cached_preview_follows_the_night() {
    let cache = screens::PreviewCache::default();
    let ctl = Controller::new();
    let cached = |n: &Night| {
        let mut f = render::Frame::new();
        screens::draw_night(&mut f, &View::of(n), &ctl, &cache).unwrap();
        f
    };
    let fresh = |n: &Night| {
        let mut f = render::Frame::new();
        screens::draw(&mut f, &View::of(n), &ctl).unwrap();
        f
    };
    let mut n = night(KILL);
    assert!(!n.table().in_hand());
    let before = cached(&n);
    assert_eq!(before, fresh(&n));
    assert_eq!(cached(&n), before);

    let mut changes = 0;
    for event in [
        TableEvent::SitOut { seat: 2 },
        TableEvent::Leave { seat: 3 },
        TableEvent::SetButton { seat: 1 },
        TableEvent::Leave { seat: 99 },
    ] {
        let last = cached(&n);
        let applied = n.apply(event).is_ok();
        let now = cached(&n);
        assert_eq!(now, fresh(&n));
        changes += usize::from(applied && now != last);
    }
    assert!(changes >= 2, "only {changes} events changed the preview");

    let mut other = n.clone();
    other.undo().expect("an event to undo");
    other.undo().expect("an event to undo");
    for _ in 0..2 {
        assert_eq!(cached(&other), fresh(&other));
        assert_eq!(cached(&n), fresh(&n));
    }
    while n.undo().is_some() && !n.table().in_hand() {
        assert_eq!(cached(&n), fresh(&n));
    }
    let side = night(SIDE_POTS);
    assert_eq!(cached(&side), fresh(&side));
    assert_eq!(cached(&night(KILL)), before);
}

/// F3, G3 (H0 seven-card stud): the action screen says "bring-in" for the
/// bring-in and "complete" for its completion, not check and bet, and names
/// the street by the cards dealt ("3RD", "4TH"), not "R1/5".
#[test]
fn f3_g3_stud_screens_say_bring_in_and_name_the_street() {
    use crate::night::shows;
    let base = "rules config/houses/h0-pot-limit-home.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\nbutton Ann\ngame Seven-card stud\ndeal\nopener Bob\n";
    let f = action_frame(base);
    assert!(shows(&f, "bring-in 0.25"), "{f:?}");
    assert!(shows(&f, "19.90"), "the stack, without its label: {f:?}");
    assert!(shows(&f, "complete"), "{f:?}");
    assert!(shows(&f, "3RD"), "{f:?}");
    assert!(!shows(&f, "check"), "{f:?}");
    let f = action_frame(&format!(
        "{base}Bob bringin\nCat call\nAnn call\nstreet\nopener Cat\n"
    ));
    assert!(shows(&f, "4TH"), "{f:?}");
    assert!(shows(&f, "check"), "{f:?}");
    assert!(!shows(&f, "bring-in"), "{f:?}");
}

/// Issue 10: the screen names the street as the game calls it, never
/// "R1/5": the board dealt so far, the stud card, the draw.
#[test]
fn streets_are_named_by_what_was_dealt_and_drawn() {
    let street = |house: &str, game: &str, then: &str| {
        // Inside every house's buy-in range (H1 10 to 20, H3 from 30).
        let b = if house.starts_with("h1") { 20 } else { 40 };
        let text = format!(
            "rules config/houses/{house}\njoin 1 Ann {b}\njoin 2 Bob {b}\njoin 3 Cat {b}\ngame {game}\nbutton Ann\ndeal\n{then}"
        );
        let n = night(&text);
        let hand = n.table().live_hand().expect("a hand");
        screens::street_name(hand.state())
    };
    assert_eq!(street("h1-dealers-choice.toml", "Texas 2-step", ""), "PRE");
    assert_eq!(
        street(
            "h1-dealers-choice.toml",
            "Texas hold'em",
            "Ann call\nBob call\nCat check\nflop\n"
        ),
        "FLOP"
    );
    // G6 (H1 Bush League): "Common cards are exposed one-at-a-time": the
    // third card is no flop.
    let limped = "Ann call\nBob call\nCat check\n";
    assert_eq!(
        street(
            "h1-dealers-choice.toml",
            "Bush league",
            &format!("{limped}street\n")
        ),
        "BOARD 1"
    );
    assert_eq!(
        street(
            "h1-dealers-choice.toml",
            "Bush league",
            &format!("{limped}street\nBob check\nCat check\nAnn check\nstreet\nBob check\nCat check\nAnn check\nstreet\n")
        ),
        "BOARD 3"
    );
    assert_eq!(
        street("h3-ocean-view.toml", "California lowball 3-6", ""),
        "PRE-DRAW"
    );
    assert_eq!(
        street("h4-house-dealer-limit.toml", "7-card stud", ""),
        "3RD"
    );
}

/// S5: the game picker shows a long game name whole, on two lines.
#[test]
fn s5_the_game_picker_shows_long_names_whole() {
    use crate::night::shows;
    let f = crate::pictures::pictured("pick-game");
    assert!(shows(&f, "Omaha high-low"), "{f:?}");
    assert!(shows(&f, "declare"), "{f:?}");
}

/// G9 on the device: during a lives game the screen shows the lives left
/// and the pot (not a refused preview of the next hand), and OK goes
/// straight to whose life is lost.
#[test]
fn g9_a_lives_game_shows_the_lives_and_ok_picks_who_lost_one() {
    use crate::night::shows;
    let n = crate::pictured::lives_night();
    let mut c = Controller::new();
    assert_eq!(c.screen(&View::of(&n)), dealerd::ui::Screen::Lives);
    let f = crate::pictures::pictured("lives");
    let lives = n.table().lives().expect("a lives game").lives.clone();
    for (seat, left) in lives {
        let name = &n.table().player(seat).expect("seated").name;
        // Issue 32: the seat's number leads, the key that names it.
        let row = format!("{:>2} {name:<5}{left:>2}", seat + 1);
        assert!(shows(&f, &row), "{row}: {f:?}");
    }
    assert!(shows(&f, "LIVES"), "{f:?}");
    let p = Press {
        button: Button::Ok,
        long: false,
    };
    assert_eq!(c.press(&n, p), Intent::None);
    assert!(matches!(
        c.mode,
        Mode::PickSeat(dealerd::ui::MenuItem::LoseLife, _)
    ));
}

/// G9 and issue 32: on the lives screen a seat's key records that seat's
/// lost life in one press (nothing moves, and undo takes it back); the loss
/// that ends the game pays the pot, so that key opens the picker on the
/// seat and OK confirms. A seat with no life left is refused with why.
#[test]
fn g9_a_seat_key_loses_a_life_in_one_press_and_the_paying_loss_asks_once() {
    let tap = |button| Press {
        button,
        long: false,
    };
    let mut n = crate::pictured::lives_night();
    let mut c = Controller::new();
    // Ann is seat 1 (fold), Bob seat 2 (check/call), Cat seat 3 (bet/raise).
    let e = c.press(&n, tap(Button::Fold));
    assert_eq!(e, Intent::Apply(TableEvent::LoseLife { seat: 0 }));
    assert_eq!(c.mode, Mode::Main);
    // Down to Ann and Bob with one life each, Cat out.
    let left = |n: &Night, seat: usize| {
        let game = n.table().lives().expect("a lives game");
        game.lives
            .iter()
            .find(|&&(s, _)| s == seat)
            .map_or(0, |&(_, l)| l)
    };
    for (seat, keep) in [(2, 0), (0, 1), (1, 1)] {
        while left(&n, seat) > keep {
            n.apply(TableEvent::LoseLife { seat }).expect("a life lost");
        }
    }
    // Cat has none left: refused, and said why.
    assert!(matches!(c.press(&n, tap(Button::BetRaise)), Intent::Tell(t) if t.contains("no life")));
    // Bob's loss would end the game and pay Ann: the picker on Bob, OK pays.
    assert_eq!(c.press(&n, tap(Button::CheckCall)), Intent::None);
    assert_eq!(c.mode, Mode::PickSeat(dealerd::ui::MenuItem::LoseLife, 1));
    assert_eq!(
        c.press(&n, tap(Button::Ok)),
        Intent::Apply(TableEvent::LoseLife { seat: 1 })
    );
}

/// Issue 11: "Deal prompts name what to deal: 'deal the turn', 'two boards:
/// deal both flops'; a run-it-twice tap shows on screen."
#[test]
fn deal_prompts_name_what_to_deal() {
    use crate::night::shows;
    let shown = |script: &str, text: &str| {
        let n = night(script);
        let mut f = render::Frame::new();
        screens::draw(&mut f, &View::of(&n), &Controller::new()).unwrap();
        assert!(shows(&f, text), "{text}:\n{}", render::to_terminal(&f));
    };
    let holdem = "rules default\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 100\nbutton Ann\ndeal\nAnn call\nBob call\nCat check\n";
    shown(holdem, "DEAL THE FLOP");
    shown(
        &format!("{holdem}flop\nBob check\nCat check\nAnn check\n"),
        "DEAL THE TURN",
    );
    // H2 7.2: all in and run twice: both boards' cards are dealt.
    let twice = "rules config/houses/h2-pats-no-limit.toml\njoin 1 Ann 40\njoin 2 Bob 40\njoin 3 Cat 10\nbutton Ann\ndeal\nAnn raise 40\nBob call\nCat call\nruntwice\n";
    // Issue 22: nobody can bet again, so one OK deals the rest, both boards.
    shown(twice, "RUN BOTH OUT");
    // Both boards agreed: the best hand's key deals them (issue 32).
    shown(twice, "OK, or key: best hand");
    shown(&format!("{twice}flop\n"), "RUN BOTH OUT");
    // A double-board bomb pot (H0) bets on each street: "deal both flops".
    let bomb = "rules config/houses/h0-pot-limit-home.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\nbutton Ann\nbomb\ndeal\nAnn call\nBob call\nCat check\n";
    shown(bomb, "DEAL BOTH FLOPS");
    // Stud: the street's card.
    shown(
        "rules config/houses/h4-house-dealer-limit.toml\njoin 1 Ann 20\njoin 3 Bob 20\njoin 5 Cat 20\ngame 7-card stud\nbutton Ann\ndeal\nopener Bob\nBob check\nCat check\nAnn check\n",
        "DEAL 4TH ST",
    );
}
