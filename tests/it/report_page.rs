//! Issue 13: `dealerd report JOURNAL` on a shipped night
//! (tests/data/night.jsonl, the journal `dealerd sim --journal` keeps of
//! tests/data/night.sim), its HTML page kept in docs/report/night.html and
//! a screenshot of it taken by headless Chromium, docs/report/night.png.
//! After a deliberate change to the report, re-bless with
//! `DEALERD_BLESS=1 cargo test --release report_page` and review
//! `git diff docs/report` before committing.

use std::path::Path;
use std::process::Output;

use dealerd::journal::Journal;

use crate::browser::{assert_a_screenshot, chromium, headless, screenshot};
use crate::common;

const DIR: &str = env!("CARGO_MANIFEST_DIR");
const JOURNAL: &str = "tests/data/night.jsonl";
const PAGE: &str = "docs/report/night.html";
const SHOT: &str = "docs/report/night.png";
/// A phone's width, and tall enough for the whole page.
const SHOT_SIZE: (u32, u32) = (480, 1400);

fn bless() -> bool {
    std::env::var("DEALERD_BLESS").is_ok_and(|v| v == "1")
}

/// `dealerd report` from the repository root, so the page names the
/// journal by the same relative path wherever the tests run.
fn report(args: &[&str]) -> Output {
    common::dealerd()
        .current_dir(DIR)
        .arg("report")
        .args(args)
        .output()
        .expect("dealerd runs")
}

/// The night's players and their results, as the text and page show them.
const NETS: [(&str, &str); 5] = [
    ("Ann", "+1.25"),
    ("Bob", "-6.25"),
    ("Cat", "+7.50"),
    ("Dan", "-41.00"),
    ("Eve", "+38.50"),
];

#[test]
fn the_shipped_journal_is_the_scripted_nights() {
    let dir = common::fresh_dir("report", "sim");
    let fresh = dir.join("journal.jsonl");
    let out = common::dealerd()
        .current_dir(DIR)
        .args([
            "sim",
            "--empty",
            "--quiet",
            "--config",
            "tests/data/rules/night.toml",
        ])
        .args(["--script", "tests/data/night.sim", "--journal"])
        .arg(&fresh)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (h1, r1) = Journal::inspect(&Path::new(DIR).join(JOURNAL)).expect("shipped");
    let (h2, r2) = Journal::inspect(&fresh).expect("fresh");
    assert_eq!((h1.rules, h1.rules_text), (h2.rules, h2.rules_text));
    assert_eq!(
        r1, r2,
        "tests/data/night.sim plays another night now: make {JOURNAL} again with \
         `dealerd sim --empty --quiet --config tests/data/rules/night.toml \
         --script tests/data/night.sim --journal {JOURNAL}`"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_report_of_the_shipped_night() {
    let out = report(&[JOURNAL]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Dan busts in hand 2 (the side pots Cat, Eve and Ann share) and tops
    // up; hand 7 is misdealt; 38.50 + 7.50 + 1.25 = 6.25 + 41.00.
    let want = "\
H2 Pat's home game: the night in tests/data/night.jsonl
Hands played: 11 (No-limit hold'em 11)
Misdeals: 1 (hand 7)
The host ended the night.

Players (USD)
  Ann       +1.25
  Bob       -6.25
  Cat       +7.50
  Dan      -41.00
  Eve      +38.50

Money path (USD)
  Ann: bought in 40.00, cashed out 41.25, net +1.25
  Bob: bought in 40.00, cashed out 33.75, net -6.25
  Cat: bought in 20.00, cashed out 27.50, net +7.50
  Dan: bought in 40.00, topped up 39.50, cashed out 38.50, net -41.00
  Eve: bought in 10.00, cashed out 48.50, net +38.50

Settle-up (USD)
  Dan pays Eve 38.50
  Bob pays Cat 6.25
  Dan pays Cat 1.25
  Dan pays Ann 1.25

Biggest pots (USD)
  hand   2      119.50  Cat, Eve, Ann
  hand   9       67.50  Ann, Bob
  hand   6        5.00  Bob
  hand   1        1.25  Dan
  hand   3        0.75  Ann

Kills: 1 (hand 5)
Bombs: 1 (hand 6)
Fees: none
";
    assert_eq!(String::from_utf8_lossy(&out.stdout), want);
}

#[test]
fn the_report_agrees_with_the_night_resumed() {
    use dealerd::records::Report;
    let path = Path::new(DIR).join(JOURNAL);
    let report = Report::from_journal(&path).expect("report");
    let (header, records) = Journal::inspect(&path).expect("journal");
    let rules = std::sync::Arc::new(header.rules(&path).expect("rules"));
    let night = dealerd::journal::night_from(rules, &records).expect("night");
    assert_eq!(report.nets, night.table().nets());
    assert_eq!(report.transfers, night.table().settle_up());
    assert_eq!(report.hands.len() as u64, night.table().hands_dealt());
    // Every chip is somebody's: the nets and the fees add up to zero.
    let total: i128 = report.nets.iter().map(|(_, n)| n).sum();
    assert_eq!(total + i128::from(report.fees.total()), 0);
    // The chart ends where each player's stack did before the cash-out.
    for (name, runs) in report.stack_lines() {
        let last = runs.last().and_then(|r| r.last()).expect("a line");
        assert_eq!(last.0, 12, "{name} played to the last hand");
    }
}

#[test]
fn the_html_page_is_self_contained_and_has_every_net() {
    let dir = common::fresh_dir("report", "html");
    let page = dir.join("night.html");
    let out = report(&[JOURNAL, "--html", page.to_str().expect("utf-8")]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(&page).expect("page");
    for outside in [
        "http:", "https:", "src=", "href=", "url(", "<script", "<link", "@import",
    ] {
        assert!(
            !html.contains(outside),
            "the page reaches outside: {outside}"
        );
    }
    assert!(
        html.contains("<svg") && html.contains("<polyline"),
        "a chart"
    );
    for (name, net) in NETS {
        let row = html
            .lines()
            .find(|l| l.contains(&format!("</span>{name}</td>")))
            .unwrap_or_else(|| panic!("{name} has a row"));
        assert!(row.contains(net), "{name}'s net {net}: {row}");
    }
    let kept = Path::new(DIR).join(PAGE);
    if bless() {
        std::fs::write(&kept, &html).expect("bless the page");
    } else {
        let shipped = std::fs::read_to_string(&kept).unwrap_or_default();
        assert!(
            shipped == html,
            "{PAGE} is not what `dealerd report --html` makes now; after a deliberate \
             change: DEALERD_BLESS=1 cargo test --release report_page"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_journal_that_is_not_a_night_is_reported_by_record() {
    let dir = common::fresh_dir("report", "bad");
    let missing = dir.join("none.jsonl");
    let out = report(&[missing.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("none.jsonl") && err.lines().count() == 1,
        "{err}"
    );

    // The shipped header, then a record the table refuses: nobody sits in
    // seat 1 to leave it.
    let header = std::fs::read_to_string(Path::new(DIR).join(JOURNAL)).expect("journal");
    let header = header.lines().next().expect("header");
    let bad = dir.join("bad.jsonl");
    std::fs::write(
        &bad,
        format!("{header}\n{{\"n\":1,\"event\":{{\"type\":\"leave\",\"seat\":0}}}}\n"),
    )
    .expect("write");
    let out = report(&[bad.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(&format!("{}: record 1: ", bad.display())),
        "{err}"
    );
    assert!(
        !err.contains("panicked") && err.lines().count() == 1,
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_screenshot_is_the_page_as_a_browser_draws_it() {
    let shipped = std::fs::read(Path::new(DIR).join(SHOT)).expect("docs/report/night.png");
    if !bless() {
        assert_a_screenshot(SHOT, &shipped, SHOT_SIZE);
    }
    if !chromium() {
        eprintln!(
            "SKIPPED report_page screenshot: no `chromium` on this machine \
             (apt-get install chromium); {SHOT} was checked for size only"
        );
        return;
    }
    let dir = common::fresh_dir("report", "shot");
    let page = dir.join("night.html");
    let url = format!("file://{}", page.display());
    let out = report(&[JOURNAL, "--html", page.to_str().expect("utf-8")]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // What a person would see: the players and their nets in the DOM the
    // browser built.
    let dom = headless(&dir.join("p1"), &url, &["--dump-dom"]);
    let dom = String::from_utf8_lossy(&dom);
    for (name, net) in NETS {
        assert!(dom.contains(name) && dom.contains(net), "{name} {net}");
    }
    assert!(dom.contains("<polyline"), "the chart is in the DOM");

    let taken = screenshot(&dir.join("p2"), &url, SHOT_SIZE);
    if bless() {
        std::fs::write(Path::new(DIR).join(SHOT), &taken).expect("bless the screenshot");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 35: the stack chart's money labels are whole in a browser when
/// stacks reach four and five digits (a fixed margin cut "3750.00" to
/// "750.00"). Chromium lays the page out; a script puts the leftmost edge
/// of any label, in the chart's own units, into the title.
#[test]
fn the_chart_s_labels_are_whole_with_four_and_five_digit_stacks() {
    use dealerd::daemon::session::RulesSource;
    use dealerd::daemon::store::{Storage, Stored};

    if !chromium() {
        eprintln!("SKIPPED the chart's labels: no `chromium` on this machine");
        return;
    }
    for (stacks, label) in [
        ([375_000, 100_000], "4000.00"),
        ([1_234_500, 375_000], "15000.00"),
    ] {
        let dir = common::fresh_dir("report", &format!("digits-{}", label.len()));
        let rules = "[house]\nname = \"Big\"\ncurrency = \"USD\"\nunit = \"0.01\"\ndenominations = [\"1\", \"5\", \"25\", \"100\"]\nseats = 9\n\
             [[game]]\nname = \"NL\"\nbase = \"holdem\"\nstructure = \"no-limit\"\nblinds = [5, 10]\n\
             [money]\nbuy_in_min = 100\nbuy_in_max = 20000\n";
        let storage = Storage {
            journal: Some(dir.join("journal.jsonl")),
            history: None,
            ledger: None,
        };
        let mut s =
            Stored::open_at(&RulesSource::file("big.toml", rules), &storage, None).expect("opens");
        common::seat_and_play_one_hand(&mut s, &[("Ann", stacks[0]), ("Bob", stacks[1])]);
        assert_eq!(s.night().table().hands_dealt(), 1, "{:?}", s.take_notices());
        drop(s);
        let report =
            dealerd::records::Report::from_journal(&dir.join("journal.jsonl")).expect("a report");
        let html = report.html();
        assert!(
            html.contains(&format!(">{label}</text>")),
            "the top label is {label}"
        );
        let page = dir.join("chart.html");
        let probe = "<script>let least = Infinity; for (const t of document.querySelectorAll('svg text')) \
             { least = Math.min(least, t.getBBox().x); } document.title = 'left:' + Math.floor(least);</script>";
        std::fs::write(&page, html.replace("</body>", &format!("{probe}</body>"))).expect("page");
        let dom = headless(
            &dir.join("p"),
            &format!("file://{}", page.display()),
            &["--dump-dom"],
        );
        let dom = String::from_utf8_lossy(&dom);
        let left: i64 = dom
            .split("<title>left:")
            .nth(1)
            .and_then(|t| t.split('<').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("the probe ran: {dom}"));
        assert!(
            left >= 0,
            "{label}: a label starts at x = {left}, outside the chart"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
