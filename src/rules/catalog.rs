//! The built-in games (G1–G9): each base name's street sequence and split, so a
//! host writes `base = "omaha-hi-lo"` and only what differs.

use crate::engine::steps::{bet, deal, draw_game, flop_game, seven_stud};
use crate::engine::{BetStep, Opener, Split, Step};

use super::schema::BringInBy;

/// Who handles a game's money.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Money {
    /// The engine runs every betting round (and, G5–G7, the paid draws,
    /// wild-card charges and repeated draws; the note says what is special).
    Engine(Option<&'static str>),
    /// G8: the table layer runs Guts (in/out declarations, matching, carry-over pot).
    Guts(&'static str),
    /// G9: the table layer runs a lives (markers) game: stakes up front, last one standing.
    Lives {
        note: &'static str,
        default_lives: u8,
    },
    /// No money moves during play.
    None(&'static str),
}

#[derive(Debug, Clone, Copy)]
pub struct Base {
    pub name: &'static str,
    /// The catalog ids this entry covers.
    pub ids: &'static str,
    pub split: Split,
    /// Stud family: who brings in by default; `None` for non-stud games.
    pub bring_in_by: Option<BringInBy>,
    /// B3 (H3): stud allows the big bet on an open pair; stud hi-lo and razz do not.
    pub open_pair: bool,
    pub money: Money,
    steps: fn() -> Vec<Step>,
}

/// Entries are identified by name; the step builder is not comparable.
impl PartialEq for Base {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for Base {}

impl Base {
    pub fn steps(&self) -> Vec<Step> {
        (self.steps)()
    }

    pub fn is_stud(&self) -> bool {
        self.bring_in_by.is_some()
    }

    pub fn is_flop(&self) -> bool {
        self.steps()
            .iter()
            .any(|s| matches!(s, Step::Deal(d) if d.board == 3))
    }
}

fn holdem() -> Vec<Step> {
    flop_game(2)
}
fn three_hole() -> Vec<Step> {
    flop_game(3)
}
fn omaha() -> Vec<Step> {
    flop_game(4)
}

/// H1: "Each player must discard one before the first 3 table cards are flipped";
/// read as after the pre-flop betting, since the seed puts the discard at the flop.
fn pineapple() -> Vec<Step> {
    let mut s = flop_game(3);
    s.insert(2, Step::Discard);
    s
}

/// H3: the discard comes after the flop betting, before the turn.
fn crazy_pineapple() -> Vec<Step> {
    let mut s = flop_game(3);
    s.insert(4, Step::Discard);
    s
}

/// B3 (H3 stud): 4th street allows the big bet on an open pair.
fn stud_open_pair() -> Vec<Step> {
    let mut s = seven_stud();
    if let Some(Step::Bet(b)) = s.get_mut(3) {
        b.open_pair = true;
    }
    s
}

/// H4: one down and one up, then three more up cards; a round after each,
/// small on the first two rounds and big after (read as 7-stud's split).
fn five_stud() -> Vec<Step> {
    vec![
        deal(1, 1, 0),
        bet(Opener::BringIn, false),
        deal(0, 1, 0),
        bet(Opener::Named, false),
        deal(0, 1, 0),
        bet(Opener::Named, true),
        deal(0, 1, 0),
        bet(Opener::Named, true),
    ]
}

/// G6 (H1 Bush League): "Common cards are dealt in a cross formation. Common
/// cards are exposed one-at-a-time with betting prior to each exposure and
/// after the last exposure." Omaha's four hole cards, a round before the
/// first exposure and one after each of the five: six rounds. Fixed limit
/// (our choice, the seed plays no limit): the big bet from the third exposure.
fn bush_league() -> Vec<Step> {
    let mut s = vec![deal(4, 0, 0), bet(Opener::Blinds, false)];
    for exposure in 1..=5 {
        s.push(deal(0, 0, 1));
        s.push(bet(Opener::LeftOfButton, exposure >= 3));
    }
    s
}

fn single_draw() -> Vec<Step> {
    draw_game(1, 1)
}

fn triple_draw() -> Vec<Step> {
    draw_game(3, 2)
}

/// G5: a paid exchange after each of the flop, turn and river rounds (1x, 2x,
/// 3x the lowest stake per card), then a final round only if someone drew at
/// the last exchange (H1: "If no cards were drawn during the last exchange,
/// there is no extra betting round").
fn texas_two_step() -> Vec<Step> {
    let mut s = flop_game(2);
    s.insert(4, Step::PaidDraw { multiple: 1 });
    s.insert(7, Step::PaidDraw { multiple: 2 });
    s.push(Step::PaidDraw { multiple: 3 });
    s.push(Step::Bet(BetStep {
        if_drawn: true,
        ..BetStep::new(Opener::LeftOfButton, true)
    }));
    s
}

/// G7 (H1): each round, from the lead, every player may take one more card,
/// then the lead opens a betting round; this repeats until nobody takes a card
/// (the round after that no-draw is the final betting round), then players
/// declare. The lead moves one seat each round.
fn seven_twenty_seven() -> Vec<Step> {
    vec![
        deal(2, 1, 0),
        Step::Hit,
        bet(Opener::Lead, false),
        Step::RepeatIfDrawn { to: 1 },
        Step::Declare,
    ]
}

fn two_cards() -> Vec<Step> {
    vec![deal(2, 0, 0), Step::Declare]
}

fn one_card() -> Vec<Step> {
    vec![deal(1, 0, 0)]
}

fn two_down() -> Vec<Step> {
    vec![deal(2, 0, 0)]
}

fn all_cards() -> Vec<Step> {
    vec![deal(0, 0, 0)]
}

const fn base(
    name: &'static str,
    ids: &'static str,
    split: Split,
    steps: fn() -> Vec<Step>,
) -> Base {
    Base {
        name,
        ids,
        split,
        bring_in_by: None,
        open_pair: false,
        money: Money::Engine(None),
        steps,
    }
}

const fn stud(
    name: &'static str,
    split: Split,
    by: BringInBy,
    open_pair: bool,
    steps: fn() -> Vec<Step>,
) -> Base {
    Base {
        name,
        ids: "G3",
        split,
        bring_in_by: Some(by),
        open_pair,
        money: Money::Engine(None),
        steps,
    }
}

const fn home(
    name: &'static str,
    ids: &'static str,
    money: Money,
    steps: fn() -> Vec<Step>,
) -> Base {
    Base {
        name,
        ids,
        split: Split::High,
        bring_in_by: None,
        open_pair: false,
        money,
        steps,
    }
}

pub const CATALOG: &[Base] = &[
    base("holdem", "G1", Split::High, holdem),
    base("holdem-hi-lo", "G1 G2", Split::HiLo, holdem),
    base("omaha", "G1", Split::High, omaha),
    base("omaha-hi-lo", "G1 G2", Split::HiLo, omaha),
    base("omaha-declare", "G1 G2", Split::Declare, || {
        let mut s = omaha();
        s.push(Step::Declare);
        s
    }),
    base("short-deck", "G1", Split::High, holdem),
    base("tahoe", "G1", Split::High, three_hole),
    base("super-holdem", "G1", Split::High, three_hole),
    base("pineapple", "G1", Split::High, pineapple),
    base("crazy-pineapple", "G1", Split::High, crazy_pineapple),
    base("crazy-pineapple-hi-lo", "G1 G2", Split::HiLo, crazy_pineapple),
    stud("seven-card-stud", Split::High, BringInBy::LowestCard, true, stud_open_pair),
    stud("stud-hi-lo", Split::HiLo, BringInBy::LowestCard, false, seven_stud),
    stud("razz", Split::High, BringInBy::HighestCard, false, seven_stud),
    stud("five-card-stud", Split::High, BringInBy::LowestCard, false, five_stud),
    base("five-card-draw", "G4", Split::High, single_draw),
    base("california-lowball", "G4", Split::High, single_draw),
    base("lowball-27-single", "G4", Split::High, single_draw),
    base("triple-draw-27", "G4", Split::High, triple_draw),
    home(
        "texas-2-step",
        "G5",
        Money::Engine(Some("each exchange costs 1x, 2x, 3x draw_price per card, into the pot as the payer's share; the last round is played only if someone drew")),
        texas_two_step,
    ),
    home(
        "wild-card",
        "G6",
        Money::Engine(Some("each exposed common wild card costs every live player wild_card_charge, into the pot as each payer's share (Texas League, Bush League, Wild Kingdom)")),
        holdem,
    ),
    // H1 Omaha variations: "Bush League: Common cards are exposed
    // one-at-a-time" and "Wild Kingdom: (Baseball) 3's and 9's are wild.
    // Common wild cards require an additional ante per player."
    home(
        "bush-league",
        "G6",
        Money::Engine(Some("Omaha's four hole cards; the five common cards are exposed one at a time, a betting round before the first and after each; each exposed common wild card costs every live player wild_card_charge")),
        bush_league,
    ),
    home(
        "wild-card-omaha",
        "G6",
        Money::Engine(Some("Omaha; each exposed common wild card costs every live player wild_card_charge (an extra ante), into the pot as each payer's share")),
        omaha,
    ),
    Base {
        split: Split::Declare,
        ..home(
            "seven-twenty-seven",
            "G7",
            Money::Engine(Some("take-a-card and bet rounds repeat until nobody takes a card; declare: high = closest to 27, low = closest to 7, half the pot each")),
            seven_twenty_seven,
        )
    },
    home(
        "guts",
        "G8",
        Money::Guts("players declare in or out; the best 'in' hand takes the pot and every other 'in' player matches it, up to guts_cap; the pot carries over"),
        two_cards,
    ),
    home(
        "screw-your-neighbor",
        "G9",
        Money::Lives {
            note: "each player stakes lives up front; the last one standing wins the pot",
            default_lives: 4,
        },
        one_card,
    ),
    home(
        "liars-poker",
        "G9",
        Money::Lives {
            note: "each player stakes markers up front; the last one holding a marker wins the pot",
            default_lives: 2,
        },
        two_down,
    ),
    home(
        "fan-tan",
        "G9",
        Money::None("Fan Tan moves no money during play"),
        all_cards,
    ),
];

pub fn find(name: &str) -> Option<&'static Base> {
    CATALOG.iter().find(|b| b.name == name)
}

pub fn names() -> String {
    CATALOG
        .iter()
        .map(|b| b.name)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_has_a_sequence_and_a_unique_name() {
        for (i, b) in CATALOG.iter().enumerate() {
            assert!(!b.steps().is_empty(), "{}", b.name);
            assert_eq!(find(b.name).map(|f| f.name), Some(b.name));
            assert!(CATALOG.iter().skip(i + 1).all(|o| o.name != b.name));
        }
    }

    #[test]
    fn discards_sit_where_the_seeds_put_them() {
        let crazy = find("crazy-pineapple").unwrap().steps();
        assert_eq!(crazy.get(4), Some(&Step::Discard));
        assert!(matches!(crazy.get(2), Some(Step::Deal(d)) if d.board == 3));
        let pine = find("pineapple").unwrap().steps();
        assert_eq!(pine.get(2), Some(&Step::Discard));
    }

    /// G6 (H1 Bush League): "Common cards are exposed one-at-a-time with
    /// betting prior to each exposure and after the last exposure."
    #[test]
    fn g6_bush_league_bets_before_each_exposure_and_after_the_last() {
        let steps = find("bush-league").unwrap().steps();
        let shape: Vec<(u8, bool)> = steps
            .iter()
            .map(|s| match s {
                Step::Deal(d) => (d.board, false),
                _ => (0, matches!(s, Step::Bet(_))),
            })
            .collect();
        let mut want = vec![(0, false), (0, true)];
        for _ in 0..5 {
            want.extend([(1, false), (0, true)]);
        }
        assert_eq!(shape, want);
        assert!(matches!(steps.first(), Some(Step::Deal(d)) if d.hole_down == 4));
        // Wild Kingdom is Omaha, not stud.
        let wk = find("wild-card-omaha").unwrap();
        assert!(!wk.is_stud() && wk.is_flop());
        assert!(matches!(wk.steps().first(), Some(Step::Deal(d)) if d.hole_down == 4));
    }
}
