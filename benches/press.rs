//! CPU time from a button press to the frame on the panel: the session
//! applies the press (verify, apply, no journal), draws the screen, and the
//! OLED writer diffs it and sends the changed pages to a simulated SSD1306
//! (whose panel memory decoding is part of the cost here, not on a Pi).
//!
//! Each iteration is a call and its undo, so the table stays in one spot and
//! every iteration draws two changed frames.

use std::hint::black_box;
use std::time::Duration;

mod common;

use common::{dealt_session, press};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dealerd::hw::oled::Oled;
use dealerd::hw::sim::FakeI2c;
use dealerd::ui::Button;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("press_to_frame");
    g.throughput(Throughput::Elements(2));
    let mut s = dealt_session();
    g.bench_function("session_and_draw", |b| {
        b.iter(|| {
            for button in [Button::CheckCall, Button::Undo] {
                s.handle(press(button), Duration::ZERO);
                black_box(s.frame());
            }
        })
    });
    let mut s = dealt_session();
    let mut oled = Oled::new(0x3C);
    let mut bus = FakeI2c::new(0x3C);
    oled.flush(&mut bus, &s.frame()).expect("first frame");
    g.bench_function("session_draw_and_i2c", |b| {
        b.iter(|| {
            for button in [Button::CheckCall, Button::Undo] {
                s.handle(press(button), Duration::ZERO);
                let stats = oled.flush(&mut bus, &s.frame()).expect("flush");
                black_box(stats);
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
