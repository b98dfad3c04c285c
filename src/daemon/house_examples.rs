//! The examples of docs/house-rules.md that need a hand (issue 35); see
//! [`EXAMPLES`].

/// Examples that a sample drawn from the schema would get wrong in a real
/// house (issue 35): `(table, key, example, the keys it needs)`. Each needed
/// key is written in the section's own table (`[[game]]`, `[fees]`); a game
/// shown with a `name` is a game of its own. `tests/it/rules_examples.rs`
/// puts every example of the reference into the starter house
/// (config/default.toml) that way, and `check` must take the file.
pub(super) const EXAMPLES: &[(&str, &str, &str, &[&str])] = &[
    ("house", "unit", "unit = \"0.25\"", &[]),
    (
        "house",
        "denominations",
        "denominations = [1, 5, 25, 100]",
        &[],
    ),
    ("house", "seats", "seats = 9", &[]),
    (
        "game",
        "all_in_needs_ante",
        "all_in_needs_ante = true",
        &["ante = 1"],
    ),
    ("game", "blinds", "blinds = [1, 2]", &[]),
    ("game", "big_bet", "big_bet = 4", &[FIXED, "small_bet = 2"]),
    (
        "game",
        "small_bet",
        "small_bet = 2",
        &[FIXED, "big_bet = 4"],
    ),
    (
        "game",
        "checked_may_complete",
        "checked_may_complete = true",
        &[FIXED, "small_bet = 2", "big_bet = 4"],
    ),
    (
        "game",
        "limit_short_all_in",
        "limit_short_all_in = \"action-only\"",
        &[FIXED, "small_bet = 2", "big_bet = 4"],
    ),
    (
        "game",
        "spread_min",
        "spread_min = 2",
        &[SPREAD, "spread_max = 10"],
    ),
    (
        "game",
        "spread_max",
        "spread_max = 10",
        &[SPREAD, "spread_min = 2"],
    ),
    ("game", "bring_in", "bring_in = 1", STUD),
    ("game", "bring_in_by", "bring_in_by = \"lowest-card\"", STUD),
    (
        "game",
        "last_round_previous_opener",
        "last_round_previous_opener = true",
        STUD,
    ),
    (
        "game",
        "open_pair_big_bet",
        "open_pair_big_bet = true",
        STUD,
    ),
    (
        "game",
        "checked_seven_void",
        "checked_seven_void = true",
        &[LOWBALL],
    ),
    (
        "game",
        "lowball_if_passed",
        "lowball_if_passed = true",
        &[LOWBALL],
    ),
    ("game", "max_draw", "max_draw = 4", &[LOWBALL]),
    (
        "game",
        "draw_price",
        "draw_price = 1",
        &["base = \"texas-2-step\""],
    ),
    (
        "game",
        "guts_cap",
        "guts_cap = 20",
        &["name = \"Guts\"", "base = \"guts\"", "ante = 1"],
    ),
    ("game", "lives", "lives = 3", SCREW),
    (
        "game",
        "life_stake",
        "life_stake = 1",
        &[
            "name = \"Screw your neighbor\"",
            "base = \"screw-your-neighbor\"",
        ],
    ),
    (
        "game",
        "low_qualifier",
        "low_qualifier = 8",
        &["base = \"omaha-hi-lo\"", "structure = \"pot-limit\""],
    ),
    ("game", "steps", HOLDEM_STEPS, &[]),
    (
        "game.raise_cap",
        "lift_heads_up",
        "lift_heads_up = true",
        &["raise_cap = { raises = 3 }"],
    ),
    ("game.steps", "board", HOLDEM_STEPS, &[]),
    ("game.steps", "down", HOLDEM_STEPS, &[]),
    ("game.steps", "up", STUD_STEPS, &[]),
    ("game.steps", "big", STUD_STEPS, &[]),
    ("game.steps", "open_pair", STUD_STEPS, &[]),
    ("game.steps", "opener", HOLDEM_STEPS, &[]),
    (
        "game.steps",
        "if_drawn",
        TWO_STEP_STEPS,
        &["base = \"texas-2-step\""],
    ),
    (
        "game.steps",
        "multiple",
        TWO_STEP_STEPS,
        &["base = \"texas-2-step\""],
    ),
    ("game.steps", "to", HIT_STEPS, &[]),
    (
        "money.short_buy",
        "bets",
        "bets = 10",
        &["short_buy = { bets = 10, of = \"big-bet\" }"],
    ),
    (
        "money.short_buy",
        "of",
        "of = \"big-bet\"",
        &["short_buy = { bets = 10, of = \"big-bet\" }"],
    ),
    (
        "money.short_buy",
        "big_bet_from",
        "big_bet_from = 5",
        &["short_buy = { bets = 10, of = \"small-bet\" }"],
    ),
    ("bomb", "ante", "ante = 2", &[]),
    ("bomb", "boards", "boards = 2", &[BOMB_ANTE]),
    ("bomb", "button_moves", "button_moves = false", &[BOMB_ANTE]),
    ("bomb", "button_seat", "button_seat = 1", &[BOMB_ANTE]),
    (
        "bomb",
        "double_blinds",
        "double_blinds = true",
        &[BOMB_ANTE],
    ),
    ("bomb", "enabled", "enabled = true", &[BOMB_ANTE]),
    ("bomb", "every_orbit", "every_orbit = true", &[BOMB_ANTE]),
    (
        "bomb",
        "games",
        "games = [\"No-limit hold'em\"]",
        &[BOMB_ANTE],
    ),
    ("bomb", "mode", "mode = \"orbit\"", &[BOMB_ANTE]),
    (
        "bomb",
        "skip_preflop_betting",
        "skip_preflop_betting = true",
        &[BOMB_ANTE],
    ),
    ("kill", "multiple", "multiple = \"1.5\"", &[]),
    (
        "kill",
        "pot_over",
        "pot_over = 100",
        &["triggers = [\"pot-over\"]"],
    ),
    (
        "showdown",
        "suit_order",
        "suit_order = [\"clubs\", \"diamonds\", \"hearts\", \"spades\"]",
        &[],
    ),
    (
        "fees",
        "payer",
        "payer = \"pot\"",
        &[
            "when = \"before-flop\"",
            "when_no_flop = \"before-deal\"",
            FEE_RATES,
        ],
    ),
    (
        "fees",
        "when",
        "when = \"before-deal\"",
        &["payer = \"button\"", FEE_RATES],
    ),
    (
        "fees",
        "when_no_flop",
        "when_no_flop = \"before-deal\"",
        &["payer = \"pot\"", "when = \"before-flop\"", FEE_RATES],
    ),
    (
        "fees.rates",
        "fee",
        "fee = 1",
        &["payer = \"button\"", "when = \"before-deal\"", FEE_RATES],
    ),
    (
        "fees.rates",
        "players",
        "players = [2, 10]",
        &["payer = \"button\"", "when = \"before-deal\"", FEE_RATES],
    ),
    (
        "fees.rates",
        "stakes",
        "stakes = [2, 4]",
        &[
            "payer = \"button\"",
            "when = \"before-deal\"",
            "rates = [{ fee = 1, players = [2, 10], structure = \"fixed-limit\" }]",
        ],
    ),
    (
        "fees.rates",
        "structure",
        "structure = \"no-limit\"",
        &["payer = \"button\"", "when = \"before-deal\"", FEE_RATES],
    ),
    (
        "card",
        "uid",
        "uid = \"04:A2:2B:1C\"",
        &["player = \"Gus\""],
    ),
    (
        "card",
        "player",
        "player = \"Gus\"",
        &["uid = \"04:A2:2B:1C\""],
    ),
    (
        "card",
        "host",
        "host = true",
        &["uid = \"04:A2:2B:1C\"", "name = \"second host\""],
    ),
    (
        "card",
        "name",
        "name = \"second host\"",
        &["uid = \"04:A2:2B:1C\"", "host = true"],
    ),
    (
        "card",
        "command",
        "command = \"clock\"",
        &["uid = \"04:A2:2B:1C\"", "name = \"second clock\""],
    ),
    ("", "roster", "roster = [\"Gus\", \"Hal\"]", &[]),
    (
        "room",
        "broker",
        "broker = \"mqtt://floor.local:1883\"",
        &[ROOM_TABLE],
    ),
    ("room", "table", "table = \"table-1\"", &[ROOM_BROKER]),
    (
        "room",
        "ca_file",
        "ca_file = \"/etc/dealerd/room-ca.pem\"",
        &["broker = \"mqtts://floor.local\"", ROOM_TABLE],
    ),
    (
        "room",
        "username",
        "username = \"table-1\"",
        &[ROOM_BROKER, ROOM_TABLE],
    ),
    (
        "room",
        "password",
        "password = \"s3cret\"",
        &[ROOM_BROKER, ROOM_TABLE, "username = \"table-1\""],
    ),
    (
        "room",
        "password_file",
        "password_file = \"/etc/dealerd/room-password\"",
        &[ROOM_BROKER, ROOM_TABLE, "username = \"table-1\""],
    ),
];

const FIXED: &str = "structure = \"fixed-limit\"";
const SPREAD: &str = "structure = \"spread-limit\"";
const LOWBALL: &str = "base = \"california-lowball\"";
const BOMB_ANTE: &str = "ante = 2";
const FEE_RATES: &str = "rates = [{ fee = 1, players = [2, 10] }]";
const ROOM_BROKER: &str = "broker = \"mqtt://floor.local\"";
const ROOM_TABLE: &str = "table = \"table-1\"";
const STUD: &[&str] = &[
    "name = \"Seven-card stud\"",
    "base = \"seven-card-stud\"",
    "structure = \"fixed-limit\"",
    "small_bet = 2",
    "big_bet = 4",
    "ante = 1",
    "bring_in = 1",
];
const SCREW: &[&str] = &[
    "name = \"Screw your neighbor\"",
    "base = \"screw-your-neighbor\"",
    "life_stake = 1",
];
const HOLDEM_STEPS: &str = "steps = [{ step = \"deal\", down = 2 }, { step = \"bet\", opener = \"blinds\" }, { step = \"deal\", board = 3 }, { step = \"bet\", opener = \"left-of-button\" }, { step = \"deal\", board = 1 }, { step = \"bet\", opener = \"left-of-button\" }, { step = \"deal\", board = 1 }, { step = \"bet\", opener = \"left-of-button\" }]";
const STUD_STEPS: &str = "steps = [{ step = \"deal\", down = 2, up = 1 }, { step = \"bet\", opener = \"blinds\" }, { step = \"deal\", up = 1 }, { step = \"bet\", opener = \"named\", big = true, open_pair = true }]";
const TWO_STEP_STEPS: &str = "steps = [{ step = \"deal\", down = 2 }, { step = \"bet\", opener = \"blinds\" }, { step = \"paid-draw\", multiple = 1 }, { step = \"bet\", opener = \"left-of-button\", if_drawn = true }]";
const HIT_STEPS: &str = "steps = [{ step = \"deal\", down = 2 }, { step = \"bet\", opener = \"blinds\" }, { step = \"hit\" }, { step = \"bet\", opener = \"left-of-button\" }, { step = \"repeat-if-drawn\", to = 2 }]";
