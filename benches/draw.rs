//! Drawing each screen into a fresh frame, the way the daemon does on every
//! press (`Session::frame`, with its preview cache): `draw/<screen>` is the whole call, and
//! `logic/<screen>` is the same call into a target that throws the pixels
//! away without iterating them, i.e. the screen's own work (strings, the
//! table preview, the QR code) without the pixel writes. Their difference is
//! what the frame's `DrawTarget` costs.
//!
//! The states come from the same scenario text as `tests/it/ui_screens.rs`.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

mod common;

use criterion::{criterion_group, criterion_main, Criterion};

use dealerd::engine::Phase;
use dealerd::table::{script, Night};
use dealerd::ui::screens::PreviewCache;
use dealerd::ui::{
    render::Frame, screens, Canvas, ClockView, Controller, Dialog, Intent, Mode, Ranking, TextSpec,
    View,
};
use dealerd::ui::{Button, Press};
use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{OriginDimensions, Size};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::Pixel;

fn night(text: &str) -> Night {
    script::run("bench.scn", text, Path::new(env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{e}"))
}

fn press(button: Button) -> Press {
    Press {
        button,
        long: false,
    }
}

const SIDE_POTS: &str = include_str!("../tests/data/screens/side-pots.scn");

const KILL: &str = include_str!("../tests/data/screens/kill.scn");

/// Preflop closed; the flop waits to be dealt.
const DEAL_FLOP: &str = "rules default
join 1 Ann 100
join 2 Bob 40
join 3 Cat 100
button Ann
deal
Ann raise 10
Bob allin
Cat call
Ann call
";

const SHOWDOWN: &str = include_str!("../tests/data/screens/showdown.scn");

const NIGHT: &str = include_str!("../tests/data/screens/night.scn");

/// A screen: a night, the controller's state, the clock.
struct Screen {
    name: &'static str,
    night: Night,
    ctl: Controller,
    clock: Option<u32>,
    message: Option<&'static str>,
}

fn screen(name: &'static str, night: Night, ctl: Controller, clock: Option<u32>) -> Screen {
    Screen {
        name,
        night,
        ctl,
        clock,
        message: None,
    }
}

impl Screen {
    /// What the session would hand the screens.
    fn view(&self) -> View<'_> {
        let mut view = View::of(&self.night);
        view.clock = self.clock.map(|left| ClockView {
            left,
            paused: false,
        });
        view.message = self.message;
        if self.name.starts_with("host") {
            view = view.host_unlocked();
        }
        view
    }
}

fn screens_to_draw() -> Vec<Screen> {
    let mut out = Vec::new();

    let side = night(SIDE_POTS);
    out.push(screen("action", side.clone(), Controller::new(), None));
    let mut c = Controller::new();
    for _ in 0..2 {
        assert_eq!(c.press(&side, press(Button::BetRaise)), Intent::None);
    }
    assert!(matches!(c.mode, Mode::Entry(_)));
    out.push(screen("amount_entry", side.clone(), c, None));
    out.push(screen(
        "action_with_clock",
        side.clone(),
        Controller::new(),
        Some(42),
    ));
    out.push(Screen {
        message: Some("Dan: a raise must be to at least 40, not 30"),
        ..screen("message", side.clone(), Controller::new(), None)
    });
    let mut c = Controller::new();
    let long_ok = Press {
        button: Button::Ok,
        long: true,
    };
    assert_eq!(c.press(&side, long_ok), Intent::None);
    assert!(matches!(c.mode, Mode::Menu(_)));
    out.push(screen("menu", side.clone(), c.clone(), None));
    assert_eq!(c.press(&side, press(Button::Ok)), Intent::StartClock);
    assert!(matches!(c.mode, Mode::Clock));
    out.push(screen("clock", side.clone(), c.clone(), Some(42)));
    out.push(screen("clock_time_up", side.clone(), c, Some(0)));
    let mut c = Controller::new();
    c.mode = Mode::Dialog(Dialog::HostMenu(1));
    out.push(screen("host_menu", side, c, None));

    out.push(screen("between", night(KILL), Controller::new(), None));

    let deal = night(DEAL_FLOP);
    let phase = deal.table().hand().map(|h| h.state().phase());
    assert!(matches!(phase, Some(Phase::Dealing(_))), "{phase:?}");
    out.push(screen("deal_prompt", deal, Controller::new(), None));

    let sd = night(SHOWDOWN);
    let state = sd.table().hand().expect("a hand").state();
    assert_eq!(state.phase(), Phase::Showdown);
    // Ranking not started: the cursor bar with its lit hint (text drawn in
    // both colours, the path that reaches `fill_contiguous`).
    let mut c = Controller::new();
    c.mode = Mode::Ranking(Ranking::new(state));
    out.push(screen("showdown_ranking", sd.clone(), c, None));
    // Two tie for best: every pot has its winner, so the split is shown
    // and OK pays (P2).
    // Named by seat keys (issue 32): Bob (seat 2, check/call), held OK to
    // tie, Cat (seat 3, bet/raise), as the showdown-split picture ranks it.
    let mut c = Controller::new();
    c.press(&sd, press(Button::CheckCall));
    c.press(&sd, long_ok);
    c.press(&sd, press(Button::BetRaise));
    assert!(matches!(&c.mode, Mode::Ranking(r) if r.complete() && r.if_ok(state).is_some()));
    out.push(screen("showdown_pay", sd, c, None));

    let mut c = Controller::new();
    c.mode = Mode::Ledger;
    out.push(screen("ledger_qr", night(NIGHT), c, None));
    out
}

/// A target that takes the calls and drops the pixels unread, text
/// included, so what is left is the screen's work before any pixel is
/// produced.
struct Discard;

impl Canvas for Discard {
    fn text(&mut self, _: &TextSpec) -> Result<(), Self::Error> {
        Ok(())
    }
}

impl OriginDimensions for Discard {
    fn size(&self) -> Size {
        Size::new(128, 64)
    }
}

impl DrawTarget for Discard {
    type Color = BinaryColor;
    type Error = core::convert::Infallible;

    fn draw_iter<I>(&mut self, _pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Pixel<Self::Color>>,
    {
        Ok(())
    }
}

fn bench(c: &mut Criterion) {
    let all = screens_to_draw();
    let mut g = c.benchmark_group("draw");
    for s in &all {
        // As `Session::frame` draws: the between-hands preview is dealt once
        // per change of the night, so a frame redrawn over the same night
        // (a message, a menu, the clock) finds it in the cache.
        let cache = PreviewCache::default();
        g.bench_function(s.name, |b| {
            b.iter(|| {
                let mut f = Frame::new();
                let _ = screens::draw_night(&mut f, &s.view(), &s.ctl, &cache);
                black_box(f)
            })
        });
    }
    // The first frame after the night changed: the preview dealt afresh.
    let between = all.iter().find(|s| s.name == "between").expect("between");
    g.bench_function("between_night_changed", |b| {
        b.iter(|| {
            let mut f = Frame::new();
            let _ = screens::draw(&mut f, &between.view(), &between.ctl);
            black_box(f)
        })
    });
    let session = common::dealt_session();
    g.bench_function("session_frame", |b| b.iter(|| black_box(session.frame())));
    g.finish();

    let mut g = c.benchmark_group("logic");
    for s in &all {
        let cache = PreviewCache::default();
        g.bench_function(s.name, |b| {
            b.iter(|| {
                let _ = screens::draw_night(&mut Discard, &s.view(), &s.ctl, &cache);
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    // Short runs: the machine is shared, and these are sub-10 µs calls.
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
