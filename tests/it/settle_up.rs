//! M5: the night settled in the fewest transfers (issue 11, issue 13), on
//! the screen and in the QR, a page at a time, nothing cut.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use dealerd::table::{fewest_transfers, script, Table, Transfer, HOUSE};
use dealerd::ui::qr;
use proptest::prelude::*;

use crate::night::shows;

use crate::ui_screens::night;

/// What each person ends up with after the transfers: their net less what
/// they pay plus what they are paid. Settled means every one is zero.
fn after(nets: &[(Arc<str>, i128)], transfers: &[Transfer]) -> BTreeMap<Arc<str>, i128> {
    let mut left: BTreeMap<Arc<str>, i128> = nets.iter().cloned().collect();
    for t in transfers {
        *left.entry(Arc::clone(&t.from)).or_default() += i128::from(t.amount);
        *left.entry(Arc::clone(&t.to)).or_default() -= i128::from(t.amount);
    }
    left
}

/// The fewest transfers by brute force: n people not even, less the most
/// parts of a partition into zero-sum groups, tried every way.
fn fewest_by_partitions(nets: &[i128]) -> usize {
    fn most_groups(rest: &[i128]) -> usize {
        let Some((&first, others)) = rest.split_first() else {
            return 0;
        };
        let n = others.len();
        let mut best = 0;
        for mask in 0u32..(1 << n) {
            let sum: i128 = first
                + (0..n)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| others[i])
                    .sum::<i128>();
            if sum != 0 {
                continue;
            }
            let left: Vec<i128> = (0..n)
                .filter(|i| mask >> i & 1 == 0)
                .map(|i| others[i])
                .collect();
            best = best.max(1 + most_groups(&left));
        }
        best
    }
    let people: Vec<i128> = nets.iter().copied().filter(|&n| n != 0).collect();
    people.len() - most_groups(&people)
}

fn named(nets: &[i128]) -> Vec<(Arc<str>, i128)> {
    nets.iter()
        .enumerate()
        .map(|(i, &n)| (Arc::from(format!("p{i}")), n))
        .collect()
}

proptest! {
    /// Any nets adding up to zero: every transfer is positive, everyone
    /// ends even, and no way of settling takes fewer transfers.
    #[test]
    fn m5_the_settle_up_is_exact_and_the_fewest(
        mut nets in prop::collection::vec(-40i128..40, 1..8)
    ) {
        let sum: i128 = nets.iter().sum();
        nets.push(-sum);
        let people = named(&nets);
        let t = fewest_transfers(&people);
        prop_assert!(t.iter().all(|t| t.amount > 0));
        prop_assert!(after(&people, &t).values().all(|&v| v == 0), "{t:?}");
        prop_assert_eq!(t.len(), fewest_by_partitions(&nets), "{:?}", t);
    }
}

#[test]
fn m5_two_pairs_that_cancel_settle_in_two_not_three() {
    // Ann owes Bob 35 and Cat owes Dan 20: greedy largest-first would pair
    // Ann with Bob anyway; with 30/5 splits a search is needed.
    let people = named(&[-30, -5, 30, 5]);
    let t = fewest_transfers(&people);
    assert_eq!(t.len(), 2, "{t:?}");
    let people = named(&[-10, -20, 15, 15, -7, 7]);
    let t = fewest_transfers(&people);
    assert_eq!(t.len(), 4, "{t:?}");
}

fn settles(table: &Table) {
    let transfers = table.settle_up();
    let mut nets = table.nets();
    if table.ledger().fees() > 0 {
        nets.push((Arc::from(HOUSE), i128::from(table.ledger().fees())));
    }
    assert!(after(&nets, &transfers).values().all(|&v| v == 0));
    // Every transfer on exactly one QR page, each page a code, none cut.
    let pages = qr::settle_pages(table);
    let parts: usize = pages.iter().map(|p| p.matches(" TO ").count()).sum();
    assert_eq!(parts, transfers.len(), "{pages:?}");
    for p in &pages {
        assert!(p.len() <= qr::MAX_CHARS, "{p}");
        assert!(qr::encode(p).is_some(), "{p}");
    }
}

#[test]
fn m5_every_scripted_night_settles_to_the_chip_on_qr_pages() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut nights = 0;
    for file in std::fs::read_dir(dir).unwrap() {
        let path = file.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        if let Ok(n) = script::run("s.scn", &text, Path::new(env!("CARGO_MANIFEST_DIR"))) {
            settles(n.table());
            nights += 1;
        }
    }
    assert!(nights > 20, "{nights}");
}

#[test]
fn m5_ten_players_take_more_than_one_page_and_none_is_cut() {
    // Ten players, each bought in differently; three all in, and five
    // people end up or down (the blinds too): four transfers, two pages.
    let mut text = String::from("rules tests/data/rules/deep-ten.toml\n");
    let names = [
        "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo",
    ];
    for (i, n) in names.iter().enumerate() {
        text.push_str(&format!("join {} {n} {}\n", i + 1, 40 + 7 * i));
    }
    let n = night(&format!(
        "{text}button Ann\ndeal\nDan allin\nEve allin\nFay allin\nGus fold\nHal fold\n\
         Ivy fold\nJo fold\nAnn fold\nBob fold\nCat fold\nflop\nturn\nriver\n\
         showdown Eve > Fay > Dan\n"
    ));
    assert!(!n.table().in_hand());
    let pages = qr::settle_pages(n.table());
    assert!(pages.len() > 1, "{pages:?}");
    settles(n.table());
    for (i, p) in pages.iter().enumerate() {
        assert!(p.contains(&format!(" {}/{}", i + 1, pages.len())), "{p}");
        // A count in place of the transfers left off would read like money.
        assert!(!p.contains(" +"), "{p}");
    }
}

#[test]
fn m5_the_ledger_lists_every_player_and_a_correction_as_a_correction() {
    use dealerd::table::TableEvent;
    use dealerd::ui::{render, screens};
    let mut n = night(
        "rules default\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 100\njoin 4 Dan 100\n\
         join 5 Eve 100\njoin 6 Fay 100\njoin 7 Gus 100\nbutton Ann\ndeal\n\
         Dan fold\nEve fold\nFay fold\nGus fold\nAnn fold\nBob fold\n",
    );
    // The settle-up is kept between frames: seen once, then another hand
    // is played to the end (everyone folds to the big blind).
    let before = qr::settle_pages(n.table());
    n.apply(TableEvent::NewHand).expect("deals");
    while let Some(seat) = n.table().live_hand().and_then(|h| h.state().to_act()) {
        let fold = dealerd::engine::Event::Act(seat, dealerd::engine::Action::Fold);
        n.apply(TableEvent::Hand(fold)).expect("folds");
    }
    // Kept, but never stale: the same as worked out afresh, and changed.
    let after = qr::settle_pages(n.table());
    assert_eq!(
        after,
        qr::settle_pages_of(n.table(), &n.table().settle_up())
    );
    assert_ne!(before, after);
    // The host finds ten more in front of Ann than the table says.
    let ann = n.table().player(0).map_or(0, |p| p.stack);
    n.apply(TableEvent::SetStack {
        seat: 0,
        stack: ann + 10,
    })
    .expect("between hands");
    let pages = screens::ledger_pages(n.table());
    // One settle-up page; seven players and Ann's correction: two pages;
    // the night's totals: one, with the correction in words.
    assert_eq!(pages, 4);
    let mut text = String::new();
    let mut lines = Vec::new();
    for p in 0..pages {
        let mut f = render::Frame::new();
        screens::ledger_page(&mut f, n.table(), p).unwrap();
        text.push_str(&render::to_terminal(&f));
        lines.push(f);
    }
    for name in ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"] {
        assert!(lines.iter().any(|f| shows(f, name)), "{name}:\n{text}");
    }
    // Ann has ten more by the correction, not by play: shown apart, in
    // words (issue 24): money that came into the game.
    assert!(lines.iter().any(|f| shows(f, "money in")), "{text}");
    assert!(lines.iter().any(|f| shows(f, "+10")), "{text}");
    // The NIGHT page says it again in the night's totals, by name.
    assert!(lines.iter().any(|f| shows(f, "corrected in")), "{text}");
    assert!(lines.iter().any(|f| shows(f, "hands 2")), "{text}");
    // Two hands of blinds: whoever is down pays whoever is up.
    assert!(lines.iter().any(|f| shows(f, ">")), "{text}");
}

#[test]
fn m5_each_ledger_page_lists_the_transfers_its_code_holds() {
    use dealerd::ui::{render, screens};
    // Six-letter names and six-figure amounts: two transfers fill a code,
    // and the first page's head says the hands played too (issue 35), so
    // it holds one; the next two, and the last the fourth.
    let n = night(
        "rules tests/data/rules/deep-ten.toml\njoin 1 Annabe 400000\njoin 2 Bobbys 400000\n\
         join 3 Cathys 400000\njoin 4 Tomtom 130000\njoin 5 Evelyn 400000\n\
         join 6 Fayfay 150000\nbutton Annabe\ndeal\n\
         Tomtom allin\nEvelyn allin\nFayfay allin\nAnnabe fold\nBobbys fold\nCathys fold\n\
         flop\nturn\nriver\nshowdown Evelyn > Fayfay > Tomtom\n",
    );
    let transfers = n.table().settle_up();
    assert_eq!(transfers.len(), 4, "{transfers:?}");
    let pages = qr::settle_pages(n.table());
    assert_eq!(pages.len(), 3, "{pages:?}");
    assert!(pages[0].starts_with("1 HAND USD 1/3 "), "{pages:?}");
    assert_eq!(pages[0].matches(" TO ").count(), 1, "{pages:?}");
    assert!(pages[1].starts_with("USD 2/3 "), "{pages:?}");
    assert_eq!(pages[1].matches(" TO ").count(), 2, "{pages:?}");
    let frame = |p| {
        let mut f = render::Frame::new();
        screens::ledger_page(&mut f, n.table(), p).unwrap();
        f
    };
    // Issue 32: five characters a side, a name's first four letters and
    // its last (no two of these six alike, none another's start).
    let short = |t: &Transfer| {
        let five = |s: &str| {
            let c: Vec<char> = s.chars().collect();
            c[..4].iter().chain(c.last()).collect::<String>()
        };
        format!("{}>{}", five(&t.from), five(&t.to))
    };
    // Each page beside its code lists what the code holds, and no other.
    for (page, held) in [(0, 0..1), (1, 1..3), (2, 3..4)] {
        let f = frame(page);
        for (i, t) in transfers.iter().enumerate() {
            assert_eq!(
                shows(&f, &short(t)),
                held.contains(&i),
                "page {page}, {t:?}:\n{}",
                render::to_terminal(&f)
            );
        }
    }
}

/// The ledger's first player page on the screens' night (five players, a
/// fee-free house): each player's net.
pub(crate) fn ledger_players() -> dealerd::ui::render::Frame {
    let n = night(crate::ui_screens::NIGHT);
    let first = qr::settle_pages(n.table()).len();
    let mut f = dealerd::ui::render::Frame::new();
    dealerd::ui::screens::ledger_page(&mut f, n.table(), first).unwrap();
    f
}

/// The ledger's last page: the night's totals, each named in words.
pub(crate) fn ledger_night() -> dealerd::ui::render::Frame {
    let n = night(crate::ui_screens::NIGHT);
    let last = dealerd::ui::screens::ledger_pages(n.table()) - 1;
    let mut f = dealerd::ui::render::Frame::new();
    dealerd::ui::screens::ledger_page(&mut f, n.table(), last).unwrap();
    f
}

/// The NIGHT page counts what the QR and the books count, each line
/// saying what its figure is.
#[test]
fn m5_the_night_page_names_each_total() {
    let f = crate::pictures::pictured("ledger-night");
    let n = night(crate::ui_screens::NIGHT);
    let t = n.table();
    let money = |c| t.rules().house.unit.times(c).to_string();
    let l = t.ledger();
    for line in [
        format!("hands {}", t.hands_played()),
        format!("misdeals {}", t.misdeals()),
        "house fees".to_string(),
        money(l.fees()),
        "bought in".to_string(),
        money(l.money_in()),
    ] {
        assert!(shows(&f, &line), "{line}");
    }
}

/// The NIGHT page at its fullest: money corrected both ways (six rows),
/// seven-figure totals and long names: every row on the panel, whole.
#[test]
fn m5_the_night_page_at_its_fullest_shows_every_row() {
    use dealerd::ui::{render, screens};
    let n = night(
        "rules tests/data/rules/deep-ten.toml\njoin 1 Alexandra 1000000\n\
         join 2 Christophe 1000000\njoin 3 Maximilian 999999\n\
         correct Alexandra 1999999 money\ncorrect Christophe 1 money\n\
         leave Maximilian\n",
    );
    let lines = screens::night_lines(n.table());
    assert_eq!(lines.len(), 6, "{lines:?}");
    let last = screens::ledger_pages(n.table()) - 1;
    let mut f = render::Frame::new();
    screens::ledger_page(&mut f, n.table(), last).unwrap();
    let text = render::to_terminal(&f);
    for (label, figure) in &lines {
        assert!(label.len() + 1 + figure.len() <= 25, "{label} {figure}");
        assert!(
            shows(&f, label) && shows(&f, figure),
            "{label} {figure}:\n{text}"
        );
    }
    assert!(
        lines.contains(&("corrected out".into(), "999999".into())),
        "{lines:?}"
    );
}

#[test]
fn m5_the_players_pages_show_every_net() {
    use dealerd::ui::{render, screens};
    let mut frames = vec![crate::pictures::pictured("ledger-players")];
    let n = night(crate::ui_screens::NIGHT);
    let first = qr::settle_pages(n.table()).len();
    for page in first + 1..screens::ledger_pages(n.table()) {
        let mut f = render::Frame::new();
        screens::ledger_page(&mut f, n.table(), page).unwrap();
        frames.push(f);
    }
    for (name, net) in n.table().nets() {
        let sign = if net < 0 { '-' } else { '+' };
        let mag = u64::try_from(net.unsigned_abs()).unwrap_or(u64::MAX);
        let amount = format!("{sign}{}", n.table().rules().house.unit.times(mag));
        assert!(
            frames.iter().any(|f| shows(f, &name) && shows(f, &amount)),
            "{name} {amount}"
        );
    }
}

/// Issue 24, M5: chips the host moved between two players are shown apart
/// from money corrections, in words, under both players.
#[test]
fn m5_the_ledger_says_chips_moved_between_players_in_words() {
    use dealerd::table::TableEvent;
    use dealerd::ui::{render, screens};
    // H2: a chip is 0.25; 40.00 is 160 chips.
    let mut n = night(
        "rules config/houses/h2-pats-no-limit.toml\njoin 1 Ann 40\njoin 2 Bob 40\njoin 3 Cat 40\n",
    );
    n.apply(TableEvent::MoveChips {
        seat: 0,
        stack: 150,
        with: 1,
    })
    .expect("between hands");
    assert_eq!(
        n.table().nets().iter().map(|(_, v)| *v).collect::<Vec<_>>(),
        [-10, 10, 0],
        "both nets move"
    );
    assert_eq!(n.table().ledger().money_in(), 480, "no money came in");
    let mut lines = Vec::new();
    let mut text = String::new();
    for p in 0..screens::ledger_pages(n.table()) {
        let mut f = render::Frame::new();
        screens::ledger_page(&mut f, n.table(), p).unwrap();
        text.push_str(&render::to_terminal(&f));
        lines.push(f);
    }
    assert!(lines.iter().any(|f| shows(f, "chips moved")), "{text}");
    assert!(lines.iter().any(|f| shows(f, "-2.50")), "{text}");
    assert!(!lines.iter().any(|f| shows(f, "money in")), "{text}");
}
