//! Issue 12, "u64 wraps": no amount in the file, and no chips brought to the
//! table, may take a count of chips past what it holds. The file is refused
//! with a located error; the table refuses with a message naming the seat.

use std::sync::Arc;

use dealerd::rules::{self, MAX_AMOUNT_UNITS, MAX_TABLE_UNITS};
use dealerd::table::{Table, TableError, TableEvent};

/// No buy-in maximum, any top-up: nothing in the rules bounds what comes in.
const OPEN_HOUSE: &str = r#"
[house]
name = "Open"
currency = "USD"
unit = "1"
denominations = ["1", "5"]
seats = 9

[[game]]
name = "Hold'em"
base = "holdem"
structure = "no-limit"
blinds = [1, 2]

[money]
top_up = "any"
"#;

fn open_table() -> Table {
    let rules = rules::load_str("open.toml", OPEN_HOUSE).expect("the open house loads");
    Table::new(Arc::new(rules))
}

fn join(seat: usize, buy_in: u64) -> TableEvent {
    TableEvent::Join {
        seat,
        name: format!("P{}", seat + 1),
        buy_in,
    }
}

#[test]
fn buy_in_max_at_u64_max_is_a_located_error() {
    let text = OPEN_HOUSE.replace("top_up = \"any\"", "buy_in_max = \"18446744073709551615\"");
    let err = rules::load_str("wrap.toml", &text).expect_err("the ceiling refuses it");
    let d = &err.diagnostics()[0];
    assert_eq!((d.file.as_str(), d.line, d.column), ("wrap.toml", 16, 14));
    assert!(d.message.contains("buy_in_max"), "{d}");
}

#[test]
fn every_amount_field_has_the_ceiling() {
    // Each amount key in turn, at one unit over the ceiling.
    let over = format!("\"{}\"", MAX_AMOUNT_UNITS + 1);
    let cases = [
        (
            "denominations = [\"1\", \"5\"]",
            format!("denominations = [\"1\", {over}]"),
        ),
        ("blinds = [1, 2]", format!("blinds = [1, {over}]")),
        ("blinds = [1, 2]", format!("blinds = [1, 2]\nante = {over}")),
        (
            "blinds = [1, 2]",
            format!("blinds = [1, 2]\nmin_bet = {over}"),
        ),
        (
            "blinds = [1, 2]",
            format!("blinds = [1, 2]\nmax_bet_raise = {over}"),
        ),
        ("top_up = \"any\"", format!("buy_in_min = {over}")),
        ("top_up = \"any\"", format!("buy_in_max = {over}")),
        ("unit = \"1\"", format!("unit = {over}")),
    ];
    for (from, to) in cases {
        let text = OPEN_HOUSE.replace(from, &to);
        let err = rules::load_str("over.toml", &text).expect_err(&to);
        assert!(
            err.to_string()
                .contains("is over the most any amount may be"),
            "{to}: {err}"
        );
    }
    // At the ceiling is fine.
    let at = OPEN_HOUSE.replace(
        "top_up = \"any\"",
        &format!("buy_in_max = \"{MAX_AMOUNT_UNITS}\""),
    );
    rules::load_str("at.toml", &at).expect("the ceiling itself loads");
}

#[test]
fn buy_ins_near_2_pow_63_are_refused_and_the_ledger_does_not_wrap() {
    let mut t = open_table();
    let huge = 1u64 << 63;
    t.apply(&join(0, 10)).unwrap();
    let err = t.apply(&join(1, huge)).expect_err("over the ceiling");
    assert!(
        matches!(&err, TableError::AmountTooLarge { seat: 1, amount, .. } if amount == &huge.to_string()),
        "{err:?}"
    );
    assert!(
        err.to_string().starts_with("seat 2: 9223372036854775808"),
        "{err}"
    );
    assert_eq!(t.ledger().money_in(), 10);
    assert!(t.player(1).is_none());
    // A top-up and a rebuy of the same are refused the same way.
    assert!(matches!(
        t.apply(&TableEvent::TopUp {
            seat: 0,
            amount: huge
        }),
        Err(TableError::AmountTooLarge { seat: 0, .. })
    ));
    assert_eq!(t.player(0).unwrap().stack, 10);
    assert!(matches!(
        t.apply(&TableEvent::SetStack {
            seat: 0,
            stack: u64::MAX
        }),
        Err(TableError::AmountTooLarge { seat: 0, .. })
    ));
    assert_eq!(t.chips_on_table(), t.ledger().money_in());
}

#[test]
fn the_nights_total_stops_at_the_table_ceiling() {
    let mut t = open_table();
    t.apply(&join(0, MAX_AMOUNT_UNITS)).unwrap();
    t.apply(&join(1, MAX_AMOUNT_UNITS)).unwrap();
    // Top-ups of the most one amount may be, until the table is full.
    let mut refused = None;
    for _ in 0..10_000 {
        if let Err(e) = t.apply(&TableEvent::TopUp {
            seat: 0,
            amount: MAX_AMOUNT_UNITS,
        }) {
            refused = Some(e);
            break;
        }
    }
    let err = refused.expect("the table fills before 10 000 top-ups");
    assert!(
        matches!(err, TableError::TableFull { seat: 0, .. }),
        "{err:?}"
    );
    let money_in = t.ledger().money_in();
    assert!(money_in <= MAX_TABLE_UNITS);
    assert!(money_in + MAX_AMOUNT_UNITS > MAX_TABLE_UNITS);
    assert_eq!(t.chips_on_table(), money_in);
    let players: u64 = t.ledger().by_player().iter().map(|p| p.1).sum();
    assert_eq!(players, money_in);
    // What is left still comes in, to the last chip.
    let room = MAX_TABLE_UNITS - money_in;
    t.apply(&TableEvent::TopUp {
        seat: 1,
        amount: room,
    })
    .unwrap();
    assert_eq!(t.ledger().money_in(), MAX_TABLE_UNITS);
    assert!(matches!(
        t.apply(&TableEvent::Rebuy { seat: 2, amount: 1 }),
        Err(TableError::EmptySeat { .. })
    ));
    assert!(matches!(
        t.apply(&join(2, 1)),
        Err(TableError::TableFull { seat: 2, .. })
    ));
}
