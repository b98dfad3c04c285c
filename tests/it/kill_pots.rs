//! S1, one clause a test: kill pots as H0 (and H2, H3) describe them, played
//! through the table layer with the scenario language (tests/scenarios/README.md).

use std::path::Path;

use dealerd::table::script;

fn play(text: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if let Err(e) = script::run("kill", text, root) {
        panic!("{e}");
    }
}

/// H0: pot-limit hold'em, 10c/25c, four players, kills on for an orbit.
const H0: &str = "rules config/houses/h0-pot-limit-home.toml
join 1 Ann 20
join 2 Bob 20
join 3 Cat 20
join 4 Dan 20
button Ann
killorbit
";

/// Hand 1: Dan raises and everyone folds: Dan has a leg.
const DAN_LEG: &str = "deal
Dan raise 0.50
Ann fold
Bob fold
Cat fold
expect leg Dan
";

/// Hand 2: Dan wins again, with a full voluntary bet in the pot.
const DAN_KILLS: &str = "deal
Ann raise 0.50
Bob fold
Cat fold
Dan raise 1
Ann fold
expect kill Dan
";

fn h0(rest: &[&str]) {
    play(&format!("{H0}{}", rest.concat()));
}

#[test]
fn s1_the_first_leg_needs_no_pot_size() {
    // The kill button is neutral on the first hand; a walk is a leg.
    h0(&[
        "expect leg none\ndeal\nDan fold\nAnn fold\nBob fold\nexpect leg Cat\nexpect kill none\n",
    ]);
}

#[test]
fn s1_the_second_leg_needs_a_full_voluntary_bet() {
    h0(&[
        DAN_LEG,
        "deal\nAnn fold\nBob fold\nCat fold\nexpect kill none\nexpect leg Dan\n",
    ]);
}

#[test]
fn s1_two_wins_in_a_row_with_a_full_bet_give_the_kill() {
    h0(&[DAN_LEG, DAN_KILLS, "expect leg none\n"]);
}

#[test]
fn s1_the_full_kill_doubles_blinds_and_limits_and_the_killer_acts_in_turn() {
    // Dan is in the small blind: it goes in dead on top of his kill (2x BB).
    // Blinds 20c/50c, minimum bet 50c, max bet/raise $2, max per round $5.
    h0(&[
        DAN_LEG,
        DAN_KILLS,
        "deal
expect posts Dan dead 0.20, Ann blind 0.50, Dan kill 0.50
expect turn Bob
expect tocall 0.50
expect range 1..2.20
Bob fold
Cat fold
expect turn Dan
expect tocall 0
",
    ]);
}

#[test]
fn s1_the_killer_who_wins_again_kills_again() {
    h0(&[
        DAN_LEG,
        DAN_KILLS,
        "deal\nBob fold\nCat fold\nDan check\nAnn check\nflop\nDan bet 0.50\nAnn fold\nexpect kill Dan\n",
    ]);
}

#[test]
fn s1_a_killer_who_loses_gives_up_the_kill() {
    h0(&[
        DAN_LEG,
        DAN_KILLS,
        "deal\nBob fold\nCat fold\nDan check\nAnn check\nflop\nDan check\nAnn bet 0.50\nDan fold\n\
         expect kill none\nexpect leg Ann\n",
    ]);
}

const CHECK_DOWN: &str = "Ann call
Bob fold
Cat call
Dan check
flop
Cat check
Dan check
Ann check
turn
Cat check
Dan check
Ann check
river
Cat check
Dan check
Ann check
";

#[test]
fn s1_a_split_pot_keeps_the_leg() {
    h0(&[
        DAN_LEG,
        "deal\n",
        CHECK_DOWN,
        "showdown Dan=Ann > Cat\nexpect leg Dan\n",
    ]);
}

#[test]
fn s1_a_split_without_the_leg_holder_is_neutral() {
    h0(&[
        DAN_LEG,
        "deal\n",
        CHECK_DOWN,
        "showdown Ann=Cat > Dan\nexpect leg none\n",
    ]);
}

#[test]
fn s1_the_leg_is_neutral_when_its_holder_quits() {
    h0(&[DAN_LEG, "leave Dan\nexpect leg none\n"]);
}

#[test]
fn s1_no_kill_when_the_killer_quits() {
    h0(&[
        DAN_LEG,
        DAN_KILLS,
        "leave Dan\nexpect kill none\ndeal\nexpect posts Ann blind 0.10, Bob blind 0.25\n",
    ]);
}

#[test]
fn s1_kills_count_only_during_the_orbit_the_group_chose() {
    let no_orbit = H0.replace("killorbit\n", "");
    play(&format!("{no_orbit}{DAN_LEG}{}", "deal\nAnn raise 0.50\nBob fold\nCat fold\nDan raise 1\nAnn fold\nexpect kill none\nexpect leg none\n")
        .replace("expect leg Dan\n", "expect leg none\n")
        .replace("expect kill Dan\n", ""));
}

#[test]
fn s1_a_half_kill_is_one_and_a_half_big_blinds_and_scales_the_limits() {
    play(
        "rules tests/data/rules/half-kill.toml
join 1 Ann 100
join 2 Bob 100
join 3 Cat 100
button Ann
deal
Ann raise 8
Bob fold
Cat fold
expect leg Ann
deal
Bob fold
Cat fold
expect kill Ann
deal
expect posts Bob blind 4, Ann kill 6
expect turn Cat
expect tocall 6
expect range 12..12
",
    );
}

#[test]
fn s1_h3_a_voluntary_kill_and_only_one_kill_per_deal() {
    play(
        "rules config/houses/h3-ocean-view.toml
join 1 Ann 100
join 2 Bob 100
join 3 Cat 100
button Ann
game California lowball 3-6
kill Ann
expect error one kill per deal
kill Bob
deal
expect posts Bob blind 1, Cat blind 3, Ann kill 6
expect turn Ann
expect tocall 0
",
    );
}

#[test]
fn s1_h2_a_pot_over_the_agreed_size_kills() {
    play(
        "rules config/houses/h2-pats-no-limit.toml
join 1 Ann 40
join 2 Bob 40
button Ann
deal
Ann raise 40
Bob call
flop
turn
river
showdown Ann > Bob
expect kill Ann
",
    );
}

#[test]
fn s2_the_button_stays_after_a_bomb_when_the_house_says_so() {
    play(
        "rules tests/data/rules/half-kill.toml
join 1 Ann 100
join 2 Bob 100
join 3 Cat 100
button Ann
deal
Ann fold
Bob fold
bomb
deal
expect button Bob
expect posts Cat bomb 2, Ann bomb 2, Bob bomb 2
flop
Cat check
Ann bet 4
Bob fold
Cat fold
deal
expect button Bob
Bob fold
Cat fold
deal
expect button Cat
",
    );
}
