//! Issue 12: `[[card]]` validation is linear in the number of cards. A
//! house file with N player cards (distinct UIDs and names) is loaded whole;
//! the time per card should stay flat as N grows 16x. Before the fix the
//! duplicate checks scanned every earlier card, and 262,144 cards took over
//! 20 s.
//!
//! Issue 25: a house file is at most 256 KiB, so the sizes are those that
//! fit (4,096 cards is 240 KB). `hostile/*` times the reading of files a
//! host or an attacker could leave for a reload: 80,000 duplicate chips on
//! one line (22 s on the state task before) and a file over the cap.

use std::fmt::Write;
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

/// The embedded default with `n` more player cards.
fn house(n: usize) -> String {
    let mut text = dealerd::rules::DEFAULT_TOML.to_string();
    for i in 0..n {
        let [a, b, c, d] = (i as u32).to_be_bytes();
        let _ = write!(
            text,
            "\n[[card]]\nuid = \"{a:02X}:{b:02X}:{c:02X}:{d:02X}:00:00:01\"\nplayer = \"P{i}\"\n"
        );
    }
    text
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("load_cards");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(5));
    for n in [256, 1_024, 4_096] {
        let text = house(n);
        g.throughput(Throughput::Elements(n as u64));
        g.bench_with_input(BenchmarkId::from_parameter(n), &text, |b, text| {
            b.iter(|| black_box(dealerd::rules::load_str("cards.toml", text).is_ok()))
        });
    }
    g.finish();

    let mut g = c.benchmark_group("hostile");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(5));
    let chips = |list: String| {
        dealerd::rules::DEFAULT_TOML.replace(
            "denominations = [\"1\", \"5\", \"25\", \"100\"]",
            &format!("denominations = [{list}]"),
        )
    };
    let files = [
        ("duplicates_80k", chips(vec!["1"; 80_000].join(","))),
        ("over_the_cap", chips(vec!["\"1\""; 80_000].join(", "))),
    ];
    for (name, text) in &files {
        g.bench_function(*name, |b| {
            b.iter(|| black_box(dealerd::daemon::house_file::load_str("h.toml", text).is_ok()))
        });
    }
    g.finish();
}

/// Issue 25: a reload runs on the state task (the one task that owns the
/// table), so it must never stall it: the whole of what the task does for a
/// SIGHUP's file, on the largest file a house may have (cards up to the
/// size cap), from `Input::Reload` to the `rules` event queued for the
/// journal. The session is made fresh for each reload, outside the timing.
fn reload(c: &mut Criterion) {
    use dealerd::daemon::session::{Input, Keeps, Output, RulesSource, Session};
    let cap = dealerd::rules::MAX_FILE_BYTES;
    let mut n = 4_096;
    while house(n + 16).len() < cap {
        n += 16;
    }
    let before = house(n);
    let after = before.replacen("name = \"Home game\"", "name = \"Reloaded\"", 1);
    assert!(after.len() <= cap);
    let keeps = Keeps {
        journal: true,
        histories: false,
        ledger: false,
    };
    let path = "/nonexistent/dealerd/house.toml";
    let fresh = || {
        let mut s = Session::new(&RulesSource::file(path, before.clone()), keeps).expect("loads");
        while let Some(o) = s.poll_output() {
            if matches!(o, Output::Append { .. }) {
                s.appended(Ok(()));
            }
        }
        s
    };
    let mut g = c.benchmark_group("reload");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(10));
    g.throughput(Throughput::Bytes(after.len() as u64));
    g.bench_function(BenchmarkId::new("largest_file", after.len()), |b| {
        b.iter_batched(
            fresh,
            |mut s| {
                s.handle(
                    Input::Reload(RulesSource::file(path, after.clone())),
                    Duration::ZERO,
                );
                let applied = matches!(s.poll_output(), Some(Output::Append { .. }));
                assert!(applied, "the reload was applied");
                s
            },
            criterion::BatchSize::PerIteration,
        )
    });
    g.finish();
}

/// The shipped houses read whole, as `dealerd check`, a start and a reload
/// read them: the rules, `[hardware]` and `[room]` from one parse of the
/// file (three parses before), and the 4,096-card file, where the parse is
/// most of the time.
fn house_file(c: &mut Criterion) {
    let mut g = c.benchmark_group("house_file");
    g.sample_size(20);
    g.measurement_time(Duration::from_secs(3));
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config/houses");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("config/houses")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    let texts: Vec<String> = files
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("a shipped house"))
        .collect();
    g.bench_function("shipped_houses", |b| {
        b.iter(|| {
            for text in &texts {
                black_box(dealerd::daemon::house_file::load_str("h.toml", text).is_ok());
            }
        })
    });
    let cards = house(4_096);
    g.bench_function("cards_4096", |b| {
        b.iter(|| black_box(dealerd::daemon::house_file::load_str("h.toml", &cards).is_ok()))
    });
    g.finish();
}

/// Issue 35: a start reads the house file once. `run::open` as `dealerd
/// run` calls it (the wiring to claim, then the night), on the 4,096-card
/// file, where the parse is most of the time; the night resumes from the
/// journal the first open began, in a directory under the temp dir.
fn start(c: &mut Criterion) {
    use dealerd::daemon::run::{self, Setup, Tuning};
    use dealerd::daemon::session::RulesSource;
    let dir = std::env::temp_dir().join(format!("dealerd-bench-start-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let text = house(4_096);
    let setup = || Setup {
        rules: RulesSource::file(dir.join("house.toml"), text.clone()),
        state_dir: dir.clone(),
        tuning: Tuning::default(),
    };
    drop(run::open(&setup()).expect("a new night"));
    let mut g = c.benchmark_group("start");
    g.sample_size(20);
    g.measurement_time(Duration::from_secs(5));
    g.bench_function("run_open_cards_4096", |b| {
        b.iter_batched(
            setup,
            |setup| {
                let (stored, hw) = run::open(&setup).expect("resumes");
                black_box(hw);
                drop(stored);
            },
            criterion::BatchSize::PerIteration,
        )
    });
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench, reload, house_file, start);
criterion_main!(benches);
