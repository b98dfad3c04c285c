//! Issue 32, "Nothing on the panel can mislead the dealer": every kind of
//! screen drawn over generated worst cases (ten seats, long and look-alike
//! names, many all-ins at five-digit amounts, stud, draw and two boards,
//! every menu, dialog and ledger page) and checked from what it draws.
//!
//! The screens draw into [`Rec`], a `Canvas` that keeps each text with the
//! pixels it lights, the rectangles filled and the pictures laid down, and
//! the lines the text layer had to cut ([`Canvas::cut`]). A screen fails on
//! - a text cut, or lighting a pixel off the 128x64 panel (clipped);
//! - two texts whose cells and lit rows meet, or a fill laid over part of
//!   a text, or a text over the QR code (overlap);
//! - a name cut short ("Gue", "Alexa", "Guest" for "Guest 1"), or one
//!   short form that could be two seated players ("G1" for "Guest 1" and
//!   "Guest 11"; drawn alike).

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

use dealerd::table::{Night, TableEvent};
use dealerd::ui::canvas::text_by_pixels;
use dealerd::ui::{
    screens, Ack, Button, Canvas, Controller, Intent, Mode, Press, Screen, TextSpec,
};
use dealerd::ui::{Dialog, HostItem, MenuItem, Purpose, View};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;
use proptest::prelude::*;
use proptest::strategy::ValueTree;

const W: i32 = 128;
const H: i32 = 64;

/// One text as drawn: where its cells run across, which rows it lights,
/// every pixel it lights.
#[derive(Debug, Clone)]
struct Drawn {
    text: String,
    cells: (i32, i32),
    rows: (i32, i32),
    lit: Vec<Point>,
    live: bool,
}

/// A recording canvas: what a screen drew, and what went wrong.
#[derive(Default)]
struct Rec {
    texts: Vec<Drawn>,
    pictures: Vec<Rectangle>,
    faults: Vec<String>,
}

/// Collects every pixel a text lights, on or off the panel.
struct Ink(Vec<Point>, BinaryColor);

impl OriginDimensions for Ink {
    fn size(&self) -> Size {
        Size::new(W as u32, H as u32)
    }
}

impl DrawTarget for Ink {
    type Color = BinaryColor;
    type Error = core::convert::Infallible;
    fn draw_iter<I: IntoIterator<Item = Pixel<BinaryColor>>>(
        &mut self,
        px: I,
    ) -> Result<(), Self::Error> {
        self.0
            .extend(px.into_iter().filter(|p| p.1 == self.1).map(|p| p.0));
        Ok(())
    }
}

impl OriginDimensions for Rec {
    fn size(&self) -> Size {
        Size::new(W as u32, H as u32)
    }
}

impl DrawTarget for Rec {
    type Color = BinaryColor;
    type Error = core::convert::Infallible;
    fn draw_iter<I: IntoIterator<Item = Pixel<BinaryColor>>>(
        &mut self,
        _: I,
    ) -> Result<(), Self::Error> {
        Ok(())
    }

    fn fill_solid(&mut self, area: &Rectangle, _: BinaryColor) -> Result<(), Self::Error> {
        // The message bar (`screens::message`) is laid over a whole
        // screen, full width to the bottom edge: what it covers whole is
        // hidden; a text it covers in part is a line cut (issue 32).
        let bar = area.top_left.x == 0
            && area.size.width == W as u32
            && area.top_left.y + area.size.height as i32 == H
            && area.top_left.y > 0;
        if bar {
            for t in self.texts.iter_mut().filter(|t| t.live) {
                let inside = t.lit.iter().filter(|&&p| area.contains(p)).count();
                if inside > 0 && inside < t.lit.len() {
                    self.faults
                        .push(format!("the message bar cuts {:?}", t.text));
                }
                if inside > 0 {
                    t.live = false;
                }
            }
            // A picture under the bar is blanked whole (a code cut in part
            // would read as another code): it no longer lies under what
            // the bar draws.
            let corners = |r: &Rectangle| {
                r.bottom_right()
                    .map_or([r.top_left; 2], |b| [r.top_left, b])
            };
            let mut cut = Vec::new();
            self.pictures
                .retain(|p| match corners(p).map(|q| area.contains(q)) {
                    [true, true] => false,
                    [false, false] if p.intersection(area).is_zero_sized() => true,
                    _ => {
                        cut.push(format!("the message bar cuts a picture at {p:?}"));
                        true
                    }
                });
            self.faults.extend(cut);
        } else {
            self.fill(*area, "a fill");
        }
        Ok(())
    }

    fn clear(&mut self, _: BinaryColor) -> Result<(), Self::Error> {
        self.texts.clear();
        self.pictures.clear();
        Ok(())
    }
}

impl Canvas for Rec {
    fn text(&mut self, t: &TextSpec) -> Result<(), Self::Error> {
        let mut ink = Ink(Vec::new(), t.color);
        let _ = text_by_pixels(&mut ink, t);
        let (w, gap) = (
            t.font.character_size.width as i32,
            t.font.character_spacing as i32,
        );
        let n = t.text.chars().count() as i32;
        let width = (n * (w + gap) - gap).max(0);
        let x0 = match t.align {
            embedded_graphics::text::Alignment::Left => t.at.x,
            embedded_graphics::text::Alignment::Right => t.at.x - width + 1,
            embedded_graphics::text::Alignment::Center => t.at.x - (width - 1) / 2,
        };
        if let Some(p) = ink
            .0
            .iter()
            .find(|p| p.x < 0 || p.y < 0 || p.x >= W || p.y >= H)
        {
            self.faults
                .push(format!("{:?} runs off the panel at {p:?}", t.text));
        }
        let lit: Vec<Point> = ink.0;
        let rows = match t.background {
            Some(_) => (t.at.y, t.at.y + t.font.character_size.height as i32 - 1),
            None => (
                lit.iter().map(|p| p.y).min().unwrap_or(t.at.y),
                lit.iter().map(|p| p.y).max().unwrap_or(t.at.y - 1),
            ),
        };
        let this = Drawn {
            text: t.text.to_string(),
            cells: (x0, x0 + width),
            rows,
            lit,
            live: true,
        };
        if !this.text.trim().is_empty() {
            for other in self.texts.iter().filter(|o| o.live) {
                if meets(&this, other) {
                    self.faults
                        .push(format!("{:?} overlaps {:?}", this.text, other.text));
                }
            }
            for p in &self.pictures {
                if this.lit.iter().any(|&q| p.contains(q)) {
                    self.faults
                        .push(format!("{:?} is drawn over a picture", this.text));
                }
            }
            self.texts.push(this);
        }
        Ok(())
    }

    fn columns(&mut self, at: Point, cover: &[u64], _: &[u64]) -> Result<(), Self::Error> {
        let all = cover.iter().fold(0, |a, c| a | c);
        let rows = 64 - all.leading_zeros();
        let r = Rectangle::new(at, Size::new(cover.len() as u32, rows));
        self.fill(r, "a picture");
        self.pictures.push(r);
        Ok(())
    }

    fn cut(&mut self, t: &TextSpec) {
        self.faults
            .push(format!("{:?} is cut at the panel's edge", t.text));
    }
}

impl Rec {
    /// A fill over a text hides it whole, or cuts into it (a fault).
    fn fill(&mut self, area: Rectangle, what: &str) {
        // A picture the fill blanks whole is gone: nothing is drawn over
        // it after.
        self.pictures.retain(|p| {
            !(area.contains(p.top_left) && p.bottom_right().is_some_and(|b| area.contains(b)))
        });
        for t in self.texts.iter_mut().filter(|t| t.live) {
            let inside = t.lit.iter().filter(|&&p| area.contains(p)).count();
            if inside == t.lit.len() && inside > 0 {
                t.live = false;
            } else if inside > 0 {
                self.faults
                    .push(format!("{what} at {area:?} covers part of {:?}", t.text));
                t.live = false;
            }
        }
    }
}

/// Two texts meet where their cells cross and their lit rows cross.
fn meets(a: &Drawn, b: &Drawn) -> bool {
    let cross = |(a0, a1): (i32, i32), (b0, b1): (i32, i32)| a0 < b1 && b0 < a1;
    cross(a.cells, b.cells) && cross((a.rows.0, a.rows.1 + 1), (b.rows.0, b.rows.1 + 1))
}

/// The faults of one screen's names: drawn texts read against who is
/// seated.
fn name_faults(texts: &[String], names: &[String]) -> Vec<String> {
    let mut faults = Vec::new();
    for text in texts {
        let chars: Vec<char> = text.chars().collect();
        let boundary = |i: usize| -> bool {
            i == 0
                || i >= chars.len()
                || !chars[i].is_alphanumeric()
                || !chars[i - 1].is_alphanumeric()
        };
        // Where a seated player's whole name is drawn: no cut there.
        let mut whole = vec![false; chars.len()];
        for n in names {
            let n: Vec<char> = n.chars().collect();
            for i in 0..chars.len().saturating_sub(n.len() - 1) {
                if chars[i..].starts_with(&n) && boundary(i) && boundary(i + n.len()) {
                    whole[i..i + n.len()].iter_mut().for_each(|w| *w = true);
                }
            }
        }
        for start in 0..chars.len() {
            if !chars[start].is_alphanumeric() || !boundary(start) || whole[start] {
                continue;
            }
            for end in start + 2..=chars.len().min(start + 14) {
                if !boundary(end) || !chars[end - 1].is_alphanumeric() {
                    continue;
                }
                let r: String = chars[start..end].iter().collect();
                if names.contains(&r) {
                    continue;
                }
                if let Some(n) = names.iter().find(|n| n.starts_with(&r)) {
                    faults.push(format!("{r:?} in {text:?} is {n:?} cut short"));
                    continue;
                }
                let like: Vec<&String> = names.iter().filter(|n| abbreviates(&r, n)).collect();
                if like.len() > 1 {
                    faults.push(format!("{r:?} in {text:?} could be any of {like:?}"));
                }
            }
        }
    }
    faults
}

/// `r` reads as a short form of `name`: its first letter, then letters of
/// the name in order, ending as the name ends (its whole number, if it
/// ends in one: "G1" is "Guest 1", never "Guest 11").
fn abbreviates(r: &str, name: &str) -> bool {
    let (Some(a), Some(b)) = (r.chars().next(), name.chars().next()) else {
        return false;
    };
    if a != b {
        return false;
    }
    let mut it = name.chars();
    if !r.chars().all(|c| it.any(|n| n == c)) {
        return false;
    }
    let digits = |s: &str| -> String {
        let t: String = s.chars().rev().take_while(|c| c.is_ascii_digit()).collect();
        t.chars().rev().collect()
    };
    let nd = digits(name);
    if nd.is_empty() {
        r.chars().last() == name.chars().last()
    } else {
        digits(r) == nd
    }
}

/// Every fault of the screen `ctl` shows over `view`, named by `what`.
fn check(
    view: &View<'_>,
    ctl: &Controller,
    what: &str,
    seen: &mut BTreeSet<String>,
) -> Vec<String> {
    let mut rec = Rec::default();
    let _ = screens::draw(&mut rec, view, ctl);
    seen.insert(kind(&ctl.screen(view)));
    // Who is seated, the last hand's winners (seated or not: they are
    // named after they cash out), and the names a dialog offers to seat or
    // enrol.
    let table = view.night.table();
    let mut names: Vec<String> = table
        .seats()
        .iter()
        .flatten()
        .map(|p| p.name.to_string())
        .chain(table.paid().into_iter().flatten().map(|(n, _)| n))
        .chain(table.can_seat_without_card())
        .chain(table.can_enroll())
        .collect();
    names.sort();
    names.dedup();
    let texts: Vec<String> = rec
        .texts
        .iter()
        .filter(|t| t.live)
        .map(|t| t.text.clone())
        .collect();
    let mut faults = rec.faults;
    faults.extend(name_faults(&texts, &names));
    if std::env::var_os("DEALERD_WORST").is_none()
        && NOT_YET.contains(&kind(&ctl.screen(view)).as_str())
    {
        return Vec::new();
    }
    faults
        .into_iter()
        .map(|f| {
            format!(
                "{what} [{}]: {f}\n  drawn: {texts:?}",
                kind(&ctl.screen(view))
            )
        })
        .collect()
}

/// The texts a screen draws, top to bottom as drawn, and its faults
/// (for the tests of `ui_met.rs`).
pub(crate) fn drawn(view: &View<'_>, ctl: &Controller) -> (Vec<String>, Vec<String>) {
    let mut rec = Rec::default();
    let _ = screens::draw(&mut rec, view, ctl);
    let texts: Vec<String> = rec
        .texts
        .iter()
        .filter(|t| t.live)
        .map(|t| t.text.clone())
        .collect();
    let mut seen = BTreeSet::new();
    (texts, check(view, ctl, "screen", &mut seen))
}

/// The kind of screen, for the coverage the test asserts.
fn kind(s: &Screen) -> String {
    match s {
        Screen::Dialog(d) => format!(
            "Dialog::{}",
            format!("{d:?}").split([' ', '(', '{']).next().unwrap_or("")
        ),
        s => format!("{s:?}")
            .split([' ', '(', '{'])
            .next()
            .unwrap_or("")
            .to_string(),
    }
}

/// Screens drawn and listed (`DEALERD_WORST=1`) but not yet failed on:
/// none now (issue 32: the showdown pages its pots and payout instead of
/// dropping them, and shortens names with `Names` as every other screen).
const NOT_YET: &[&str] = &[];

/// Look-alike and long names: walk-ins, two names one letter apart, the
/// longest a card can carry, a name that is another's start.
const NAMES: [&str; 16] = [
    "Guest 1",
    "Guest 2",
    "Guest 3",
    "Guest 4",
    "Guest 5",
    "Guest 6",
    "Guest 7",
    "Guest 8",
    "Guest 9",
    "Guest 10",
    "Alexander",
    "Alexandra",
    "Christopher",
    "Christophe",
    "Maximilian12",
    "Jo",
];

const HOUSES: [&str; 6] = [
    "tests/data/rules/deep-ten.toml",
    "config/houses/h0-pot-limit-home.toml",
    "config/houses/h1-dealers-choice.toml",
    "config/houses/h2-pats-no-limit.toml",
    "config/houses/h3-ocean-view.toml",
    "config/houses/h4-house-dealer-limit.toml",
];

fn house(file: &str) -> Night {
    let rules = dealerd::rules::load_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join(file))
        .unwrap_or_else(|e| panic!("{e}"));
    Night::new(Arc::new(rules))
}

/// The screens a menu or a card opens, over this night: checked on their
/// own, whatever the walk is on.
fn side_screens(n: &Night, seen: &mut BTreeSet<String>) -> Vec<String> {
    let table = n.table();
    let base = View::of(n).host_unlocked();
    let mut faults = Vec::new();
    let mut at = |mode: Mode, pick: usize, what: &str, faults: &mut Vec<String>| {
        let ctl = Controller {
            mode,
            pick,
            ..Controller::new()
        };
        faults.extend(check(&base, &ctl, what, seen));
        // A refusal's bar, of one line and of two, over the same screen.
        for bar in BARS {
            let under = View::of(n).host_unlocked().with_message(bar);
            faults.extend(check(&under, &ctl, &format!("{what}, bar"), seen));
        }
    };
    for i in 0..MenuItem::offered(table, true).len() {
        at(Mode::Menu(i), 0, "menu", &mut faults);
    }
    for g in 0..table.rules().games.len() {
        at(Mode::PickGame(g), 0, "game", &mut faults);
    }
    let pages = screens::ledger_pages(table);
    for p in 0..pages {
        at(Mode::Ledger, p, "ledger", &mut faults);
    }
    for i in 0..HostItem::offered(table).len() {
        at(
            Mode::Dialog(Dialog::HostMenu(i)),
            0,
            "host menu",
            &mut faults,
        );
    }
    let seats = table.seats().len();
    for seat in 0..seats {
        at(
            Mode::PickSeat(MenuItem::Straddle, seat),
            0,
            "pick seat",
            &mut faults,
        );
        let dialogs = [
            Dialog::SeatFor {
                name: "Maximilian12".into(),
                seat,
            },
            Dialog::PlayerMenu { seat, item: 0 },
            Dialog::PlayerMenu { seat, item: 4 },
            Dialog::WayIn { seat, item: 0 },
            Dialog::Amount {
                purpose: Purpose::TopUp { seat },
                amount: 99_999,
                keypad: None,
            },
            Dialog::Amount {
                purpose: Purpose::Join {
                    seat,
                    name: "Christopher".into(),
                },
                amount: 99_999,
                keypad: None,
            },
            Dialog::HostPick {
                item: HostItem::SetStack,
                seat,
            },
            Dialog::MoveTo {
                from: seat,
                to: (seat + 1) % seats,
            },
            Dialog::CorrectionKind {
                seat,
                stack: 99_999,
                item: 1,
            },
            Dialog::TypeName {
                card: None,
                rename: Some(seat),
                typed: "Bo".into(),
                letter: 0,
            },
        ];
        for d in dialogs {
            at(Mode::Dialog(d), 0, "dialog", &mut faults);
        }
    }
    for page in 0..2 {
        at(
            Mode::Dialog(Dialog::Seated { page }),
            0,
            "seated",
            &mut faults,
        );
    }
    for d in [
        Dialog::ConfirmEnd,
        Dialog::ConfirmNewNight,
        Dialog::SeatName { item: 0 },
        Dialog::Enroll {
            uid: vec![1, 2, 3, 4],
            item: 0,
        },
        Dialog::ConfirmUndo {
            what: "Alexander raises to 99999".into(),
            generation: 0,
        },
    ] {
        at(Mode::Dialog(d), 0, "dialog", &mut faults);
    }
    let ack = Ack {
        title: "TIME UP".into(),
        text: "Christopher folds: the clock ran out after 60 seconds".into(),
    };
    let view = View {
        ack: Some(&ack),
        ..base
    };
    faults.extend(check(&view, &Controller::new(), "ack", seen));
    faults
}

/// One generated night: a house, who sits where with what, the game, and
/// the presses of the walk.
#[derive(Debug, Clone)]
struct Case {
    house: usize,
    seats: Vec<(usize, u64)>,
    game: usize,
    presses: Vec<(u8, bool)>,
}

fn case() -> impl Strategy<Value = Case> {
    (
        0..HOUSES.len(),
        proptest::sample::subsequence((0..NAMES.len()).collect::<Vec<_>>(), 2..=10),
        proptest::collection::vec(
            prop_oneof![Just(99_999u64), 1000u64..99_999, 20u64..400],
            10,
        ),
        0usize..12,
        proptest::collection::vec((0u8..100, proptest::bool::weighted(0.03)), 60..160),
    )
        .prop_map(|(house, names, stacks, game, presses)| Case {
            house,
            seats: names.into_iter().zip(stacks).collect(),
            game,
            presses,
        })
}

fn button(roll: u8) -> Button {
    match roll {
        0..=24 => Button::Ok,
        25..=49 => Button::CheckCall,
        50..=59 => Button::BetRaise,
        60..=69 => Button::Minus,
        70..=79 => Button::Plus,
        80..=93 => Button::Fold,
        _ => Button::Undo,
    }
}

/// Plays `case` press by press and checks every screen on the way.
fn walk(case: &Case, seen: &mut BTreeSet<String>) -> Vec<String> {
    let mut n = house(HOUSES[case.house]);
    let seats = n.table().seats().len();
    let (lo, hi) = (n.rules().money.buy_in_min, n.rules().money.buy_in_max);
    for (i, &(name, stack)) in case.seats.iter().enumerate().take(seats) {
        let buy_in = stack.min(hi.unwrap_or(stack)).max(lo.unwrap_or(1)).max(1);
        let _ = n.apply(TableEvent::Join {
            seat: i,
            name: NAMES[name].to_string(),
            buy_in,
        });
    }
    let games = n.rules().games.len();
    let _ = n.apply(TableEvent::ChooseGame {
        game: case.game % games.max(1),
    });
    let mut faults = side_screens(&n, seen);
    let mut ctl = Controller::new();
    let mut message: Option<String> = None;
    for (step, &(roll, long)) in case.presses.iter().enumerate() {
        let view = View::of(&n).host_unlocked();
        let view = match &message {
            Some(m) => view.with_message(m),
            None => view,
        };
        faults.extend(check(&view, &ctl, &format!("press {step}"), seen));
        // A refusal's bar, of one line and of two, laid over this screen.
        if message.is_none() && step % 3 == 0 {
            let bar = BARS[step / 3 % BARS.len()];
            let under = View::of(&n).host_unlocked().with_message(bar);
            faults.extend(check(&under, &ctl, &format!("press {step}, bar"), seen));
        }
        if step % 40 == 39 {
            faults.extend(side_screens(&n, seen));
        }
        let press = Press {
            button: button(roll),
            long,
        };
        message = None;
        match ctl.press(View::of(&n).host_unlocked(), press) {
            Intent::Apply(e) => {
                if let Err(e) = n.apply(e) {
                    message = Some(e.to_string());
                }
            }
            Intent::ApplyAll(es) => {
                for e in es {
                    if let Err(e) = n.apply(e) {
                        message = Some(e.to_string());
                        break;
                    }
                }
            }
            Intent::Undo => {
                let _ = n.undo();
            }
            Intent::Tell(s) => message = Some(s),
            Intent::NewNight => n = Night::new(Arc::clone(n.rules())),
            _ => {}
        }
    }
    faults
}

/// Messages for the bar over every kind of screen: one line, two.
const BARS: [&str; 2] = [
    "not now",
    "Alexandra: a raise must be to at least 40000, not 30000",
];

/// The walks: the same 48 nights on every run, so that a red main is a
/// change's doing and never the dice's; `DEALERD_EXPLORE=2000` walks that
/// many fresh random nights instead, to look for new faults (a fault found
/// that way was a message bar over the settle-up's QR, and a winner named
/// "seat 3" after he moved seats).
fn walks() -> ProptestConfig {
    let explore = std::env::var("DEALERD_EXPLORE")
        .ok()
        .and_then(|n| n.parse().ok());
    ProptestConfig {
        cases: explore.unwrap_or(48),
        failure_persistence: None,
        rng_seed: match explore {
            Some(_) => proptest::test_runner::RngSeed::Random,
            None => proptest::test_runner::RngSeed::Fixed(32),
        },
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(walks())]

    /// Issue 32: no screen clips, overlaps or draws two players alike,
    /// whatever the night.
    #[test]
    fn no_screen_clips_overlaps_or_draws_two_players_alike(c in case()) {
        let mut seen = BTreeSet::new();
        let faults = walk(&c, &mut seen);
        let first: Vec<&String> = faults.iter().take(6).collect();
        prop_assert!(faults.is_empty(), "{} faults, the first: {first:#?}", faults.len());
    }
}

/// The checks themselves: a cut, an overlap and look-alike names are each
/// found.
#[test]
fn the_checks_find_a_cut_name_an_overlap_and_two_players_alike() {
    let names: Vec<String> = ["Guest 1", "Guest 11", "Alexander", "Alexandra"]
        .map(String::from)
        .to_vec();
    let found = |t: &str| !name_faults(&[t.to_string()], &names).is_empty();
    assert!(found("D Gue SB Gue"), "three letters of a walk-in");
    assert!(found("Guest>Guest 0.75"), "a walk-in without its number");
    assert!(found("Alexa 20"), "a name cut to where two differ");
    assert!(found("main 40: G1 G11 Alexandr"), "a cut where two differ");
    assert!(!found("main 40: G1 G11 Alexr Axa"), "short forms apart");
    assert!(!found("D Guest 1 SB Guest 11 BB Alexander"));
    let mut rec = Rec::default();
    let spec = |text, y| TextSpec {
        text,
        font: &dealerd::ui::fonts::FONT_6X10,
        at: Point::new(0, y),
        align: embedded_graphics::text::Alignment::Left,
        color: BinaryColor::On,
        background: None,
    };
    let _ = rec.text(&spec("POST Guest 1 3 POST Guest 2 3", 0));
    assert!(!rec.faults.is_empty(), "a line past the edge");
    let mut rec = Rec::default();
    let _ = rec.text(&spec("pot 12", 10));
    let _ = rec.text(&spec("s1 99", 14));
    assert!(!rec.faults.is_empty(), "two lines four rows apart");
    let mut rec = Rec::default();
    let _ = rec.text(&spec("pot 12", 10));
    let _ = rec.text(&spec("s1 99", 21));
    assert!(rec.faults.is_empty(), "{:?}", rec.faults);
}

/// `DEALERD_WORST=1`: every kind of fault over the deterministic walks,
/// once each, to fix them.
#[test]
fn worst_faults_listed() {
    if std::env::var_os("DEALERD_WORST").is_none() {
        return;
    }
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut seen = BTreeSet::new();
    let mut kinds = std::collections::BTreeMap::new();
    for _ in 0..48 {
        let c = case().new_tree(&mut runner).expect("a case").current();
        for f in walk(&c, &mut seen) {
            let key: String = f.split(": ").take(2).collect::<Vec<_>>().join(": ");
            let key: String = key
                .chars()
                .filter(|c| !c.is_ascii_digit())
                .take(70)
                .collect();
            kinds.entry(key).or_insert(f);
        }
    }
    for f in kinds.values() {
        println!("{f}");
    }
}

/// The walk reaches every kind of screen over the generated nights.
#[test]
fn the_walks_reach_every_kind_of_screen() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut seen = BTreeSet::new();
    for _ in 0..24 {
        let c = case().new_tree(&mut runner).expect("a case").current();
        let _ = walk(&c, &mut seen);
    }
    for want in [
        "Acknowledge",
        "Between",
        "Action",
        "Entry",
        "Deal",
        "Showdown",
        "Menu",
        "PickSeat",
        "PickGame",
        "Ledger",
        "Dialog::HostMenu",
        "Dialog::PlayerMenu",
        "Dialog::Amount",
        "Dialog::Seated",
        "Exchange",
        "Opener",
    ] {
        assert!(seen.contains(want), "{want} never drawn; drawn: {seen:?}");
    }
}

/// S3 at its worst: the run-out prompt of a house that runs it twice (H2,
/// eight seats, the most it seats) after every seat went all in for a
/// different amount: seven pots under the title, the hint and "hold OK:
/// run it twice", look-alike long names, the widest stacks the house
/// sells ($40.00 down), with and without a message bar.
#[test]
fn the_run_it_twice_prompt_over_eight_all_ins() {
    let mut n = house("config/houses/h2-pats-no-limit.toml");
    let names = [10, 11, 12, 13, 14, 0, 9, 15];
    for (seat, &name) in names.iter().enumerate() {
        // The house's most, 160 quarters ($40.00), down by odd amounts.
        let buy_in = 160 - 7 * seat as u64;
        n.apply(TableEvent::Join {
            seat,
            name: NAMES[name].to_string(),
            buy_in,
        })
        .expect("seated");
    }
    n.apply(TableEvent::NewHand).expect("dealt");
    let mut ctl = Controller::new();
    for _ in 0..40 {
        if !matches!(ctl.screen(&View::of(&n)), Screen::Action(_)) {
            break;
        }
        let all_in = Press {
            button: Button::BetRaise,
            long: true,
        };
        let intent = match ctl.press(&n, all_in) {
            Intent::Apply(e) => e,
            _ => {
                ctl = Controller::new();
                match ctl.press(
                    &n,
                    Press {
                        button: Button::CheckCall,
                        long: false,
                    },
                ) {
                    Intent::Apply(e) => e,
                    other => panic!("no call: {other:?}"),
                }
            }
        };
        n.apply(intent).expect("taken");
    }
    assert!(
        n.table().run_twice_out().is_some(),
        "not at a run-out it would run twice"
    );
    let pots = n.table().live_hand().expect("a hand").state().pots().len();
    assert!(pots >= 7, "{pots} pots");
    let mut seen = BTreeSet::new();
    let mut faults = check(&View::of(&n), &ctl, "run it twice", &mut seen);
    for bar in BARS {
        let under = View::of(&n).with_message(bar);
        faults.extend(check(&under, &ctl, "run it twice, bar", &mut seen));
    }
    assert!(seen.contains("Deal"), "{seen:?}");
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}
