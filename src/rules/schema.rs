//! The file as written: serde types for `house.toml`, with spans on the values
//! that meaning checks may need to point at. `deny_unknown_fields` everywhere,
//! so a misspelt key is an error rather than a silently ignored rule.

use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;

use super::amount::Decimal;
pub use super::options::*;
pub use super::schema_cards::{CommandKind, RawCard};

/// An amount with its place in the file.
pub type Amount = Spanned<Decimal>;

/// The house-rules file of one table: who the house is, the games it deals,
/// and every house option. Amounts are money in the house currency, written
/// as a whole number (`40`) or an exact decimal string (`"0.25"`); each must
/// be a whole number of `house.unit`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "dealerd house rules")]
pub struct RawRules {
    pub house: RawHouse,
    /// The games this table deals (at least one); `[rotation]` says how
    /// one is chosen (catalog: S5).
    #[serde(rename = "game")]
    #[schemars(with = "Vec<RawGame>", length(min = 1))]
    pub games: Spanned<Vec<RawGame>>,
    #[serde(default)]
    pub button: RawButton,
    pub kill: Option<RawKill>,
    pub bomb: Option<RawBomb>,
    pub straddle: Option<RawStraddle>,
    #[serde(default)]
    pub showdown: RawShowdown,
    #[serde(default)]
    pub table: RawTable,
    #[serde(default)]
    pub money: RawMoney,
    pub fees: Option<RawFees>,
    pub clock: Option<RawClock>,
    #[serde(default)]
    pub rotation: RawRotation,
    /// `[hardware]`, the Pi's wiring, shares the file but is no rule: it is
    /// accepted unread here and checked, with its own schema, by the module
    /// that claims the pins (issue 12: rules know nothing of the wiring).
    #[schemars(skip)]
    pub hardware: Option<serde::de::IgnoredAny>,
    /// `[room]`, the broker this table publishes to (issue 14), is no rule
    /// either: `room::config` reads it.
    #[schemars(skip)]
    pub room: Option<serde::de::IgnoredAny>,
    /// RFID cards the reader knows: players, the host, and command cards.
    #[serde(rename = "card", default)]
    pub cards: Vec<RawCard>,
    /// Players the house knows who have no card yet: the host enrolls a new
    /// card to one of these names on the device, or seats them without a card.
    #[serde(default)]
    #[schemars(with = "Vec<super::schema_cards::NameText>")]
    pub roster: Vec<Spanned<String>>,
}

/// `[house]`: who the house is: its name, its currency, the chips in play
/// and the seats at the table (catalog: M4, T1).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawHouse {
    /// The house's name, for the screen, the ledger and the night's records.
    #[schemars(with = "String")]
    pub name: Spanned<String>,
    /// The currency the amounts are in, for display only (e.g. "USD").
    pub currency: String,
    /// The accounting unit, a decimal string in the currency: every chip and every amount is a
    /// whole number of units (the engine counts units). The smallest chip, or the largest value
    /// all chips are multiples of (H0's 10¢ and 25¢ chips need "0.05") (catalog: M4).
    #[schemars(with = "Decimal")]
    pub unit: Amount,
    /// The chips in play, smallest first (catalog: M4).
    #[schemars(with = "Vec<Decimal>", length(min = 1))]
    pub denominations: Spanned<Vec<Amount>>,
    /// Seats at the table, 2 to 10 (catalog: T1).
    #[schemars(with = "u8", range(min = 2, max = 10))]
    pub seats: Spanned<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SplitKind {
    High,
    HiLo,
    Declare,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AnteModeKind {
    Dead,
    Live,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ShortAllInKind {
    /// TDA 47-B: half a bet or more is a full bet and reopens the betting.
    HalfBet,
    /// H4 #6/#7: less than a full bet is action only; complete it to raise.
    ActionOnly,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum OpenerKind {
    Blinds,
    LeftOfButton,
    BringIn,
    Named,
    /// The lead, left of the button at first and one seat on each repeat (catalog: G7; H1
    /// 7/27).
    Lead,
    /// The seat that opened the previous round, or the next live seat clockwise if it folded
    /// (catalog: G3; H0 7th street).
    PreviousOpener,
}

/// One step of a game's own sequence of deals and betting rounds, named by
/// `step` (catalog: G1–G4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(tag = "step", rename_all = "kebab-case", deny_unknown_fields)]
pub enum RawStep {
    /// The dealer deals: cards down and up to each player, cards to the board.
    Deal {
        /// Cards dealt face down to each player. Default 0.
        #[serde(default)]
        down: u8,
        /// Cards dealt face up to each player. Default 0.
        #[serde(default)]
        up: u8,
        /// Cards dealt to the board. Default 0.
        #[serde(default)]
        board: u8,
    },
    /// A betting round.
    Bet {
        /// Who acts first: "blinds" (left of the big blind first round,
        /// left of the button after), "left-of-button", "bring-in" (stud),
        /// "named" (the dealer names the high hand), "lead" or
        /// "previous-opener".
        opener: OpenerKind,
        /// Fixed limit: this round uses the big bet. Default false.
        #[serde(default)]
        big: bool,
        /// Stud 4th street: an open pair allows the big bet. Default false.
        #[serde(default)]
        open_pair: bool,
        /// Played only if someone drew at the last exchange (catalog: G5).
        #[serde(default)]
        if_drawn: bool,
    },
    /// The players draw: each discards and is dealt replacements.
    Draw,
    /// Each player discards a card (pineapple).
    Discard,
    /// Each player declares high, low or both (declare games).
    Declare,
    /// A paid exchange; each card costs `multiple` times the game's `draw_price` (catalog: G5).
    PaidDraw {
        /// This exchange costs this many times `draw_price` per card.
        multiple: u8,
    },
    /// Each player takes one more card or stands (catalog: G7).
    Hit,
    /// Back to step `to` (0-based) while anyone drew at the last exchange (catalog: G7).
    RepeatIfDrawn {
        /// The step to go back to, counted from 0.
        to: u8,
    },
}

/// A cap on the raises in a betting round (catalog: B4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawRaiseCap {
    /// Raises allowed after the bet (3 = "a bet and three raises"), 1 to 20.
    #[schemars(range(min = 1, max = 20))]
    pub raises: u8,
    /// H4 #3: no cap when only two players remain.
    #[serde(default)]
    pub lift_heads_up: bool,
}

/// `[[game]]`: one game from the built-in catalog, with the house's stakes and options.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawGame {
    /// What the dealer and players call it; unique in the file.
    #[schemars(with = "String")]
    pub name: Spanned<String>,
    /// The game as the catalog knows it: its streets, cards and how the pot
    /// is won (e.g. "holdem", "omaha", "seven-card-stud", "razz").
    #[schemars(schema_with = "base_schema")]
    pub base: Spanned<String>,
    /// Required for every game that moves money (catalog: B1–B3, B6).
    #[schemars(with = "Option<StructureKind>")]
    pub structure: Option<Spanned<StructureKind>>,
    /// No-limit and pot-limit: the smallest bet and raise; defaults to the big blind.
    #[schemars(with = "Option<Decimal>")]
    pub min_bet: Option<Amount>,
    /// Fixed limit: the small bet, for the early betting rounds (catalog: B3).
    #[schemars(with = "Option<Decimal>")]
    pub small_bet: Option<Amount>,
    /// Fixed limit: the big bet, for the later betting rounds (catalog: B3).
    #[schemars(with = "Option<Decimal>")]
    pub big_bet: Option<Amount>,
    /// Spread limit: the smallest bet or raise; any bet from `spread_min`
    /// to `spread_max` (catalog: B6).
    #[schemars(with = "Option<Decimal>")]
    pub spread_min: Option<Amount>,
    /// Spread limit: the largest bet or raise (catalog: B6).
    #[schemars(with = "Option<Decimal>")]
    pub spread_max: Option<Amount>,
    /// The blinds in posting order, small blind first, at most three;
    /// equal amounts are allowed. A blind all in for less still sets the
    /// bet: the others call the full blind, and what the short player could
    /// not match is a side pot (catalog: F1).
    #[schemars(with = "Option<Vec<Decimal>>", length(max = 3))]
    pub blinds: Option<Spanned<Vec<Amount>>>,
    /// Posted by every player (catalog: F2).
    #[schemars(with = "Option<Decimal>")]
    pub ante: Option<Amount>,
    /// How antes are won: "live" (the default): each ante counts for
    /// its payer's share of the pot like a bet, so a player all in for less
    /// than the ante wins from each opponent only what he matched (H4 #6,
    /// H1). "dead": the antes are pooled in the main pot and anyone in it can
    /// win all of them (PHH's untrimmed antes; some card rooms' big-blind
    /// ante) (catalog: F2).
    pub ante_mode: Option<AnteModeKind>,
    /// One ante for the table, posted by the big blind (catalog: F2).
    #[schemars(with = "Option<Decimal>")]
    pub big_blind_ante: Option<Amount>,
    /// One ante for the table, posted by the button (catalog: F2).
    #[schemars(with = "Option<Decimal>")]
    pub button_ante: Option<Amount>,
    /// Stud bring-in; leave it out for stud where the high card opens (H4) (catalog: F3).
    #[schemars(with = "Option<Decimal>")]
    pub bring_in: Option<Amount>,
    /// Lowest upcard (stud) or highest (razz); defaults from the base game (catalog: F3).
    #[schemars(with = "Option<BringInBy>")]
    pub bring_in_by: Option<Spanned<BringInBy>>,
    /// The most one bet or raise may add (catalog: B2; H0).
    #[schemars(with = "Option<Decimal>")]
    pub max_bet_raise: Option<Amount>,
    /// The most one player may put in during one betting round (catalog: B2; H0).
    #[schemars(with = "Option<Decimal>")]
    pub max_per_round: Option<Amount>,
    /// Raises allowed after the bet, and whether heads-up lifts the cap (catalog: B4).
    #[schemars(with = "Option<RawRaiseCap>")]
    pub raise_cap: Option<Spanned<RawRaiseCap>>,
    /// May a player who checked raise later in the round? Default true (catalog: B7).
    pub check_raise: Option<bool>,
    /// Limit all-in for less than a full bet. Default "half-bet" (catalog: B5).
    #[schemars(with = "Option<ShortAllInKind>")]
    pub limit_short_all_in: Option<Spanned<ShortAllInKind>>,
    /// May a player who checked complete an incomplete opening bet (an all-in for less than the
    /// bet) to the full bet? true: H4 #7 read literally ("the next player may either call the
    /// bet or complete the bet to $10. He may NOT call the $6 and raise the $10"): call or
    /// complete, no more. false (default; Robert's Rules): a short all-in does not reopen the
    /// betting for a player who has acted, so they may only call (catalog: B5; fixed limit).
    #[schemars(with = "Option<bool>")]
    pub checked_may_complete: Option<Spanned<bool>>,
    /// Draw games: the most cards a player may replace at a draw (H3
    /// "up to five", H4 "up to four"). Default: every card held. Never more
    /// than the hole cards (catalog: G4).
    #[schemars(with = "Option<u8>", range(min = 1))]
    pub max_draw: Option<Spanned<u8>>,
    /// Lowball's seven rule (H3: "If a seven or less is checked, provided it is the best hand,
    /// all action after the draw is void"): at the showdown the dealer's "Best hand checked 7"
    /// press gives every chip bet after the draw back to its bettor, and the pot as it was
    /// before the draw goes as ranked. Draw games only. Default false (catalog: G4).
    #[schemars(with = "Option<bool>")]
    pub checked_seven_void: Option<Spanned<bool>>,
    /// "in order to play all-in at the start of a hand, a player must have at least the ante".
    /// The table deals in only players with at least the ante. Default false: anyone with chips
    /// is dealt in (catalog: G3; H3 stud).
    #[schemars(with = "Option<bool>")]
    pub all_in_needs_ante: Option<Spanned<bool>>,
    /// The last betting round (7th street) is opened by the seat that opened the round before
    /// it ("first bettor on 6th acts first"), or the next live seat clockwise if it folded; the
    /// dealer names no one. Default false: the dealer names the opener (catalog: G3; H0 stud).
    #[schemars(with = "Option<bool>")]
    pub last_round_previous_opener: Option<Spanned<bool>>,
    /// A straddle is the previous bet (H2 6.2, 7.1 "a voluntary blind bet"): the minimum raise
    /// over it is the straddle again, to twice it (card rooms). Default: it sets only the amount
    /// to call, and the raise is the big blind over it (WSOP, PHH) (catalog: F4).
    pub straddle_is_raise: Option<bool>,
    /// Home-game courtesy: a player may fold when checking is free.
    pub fold_when_checkable: Option<bool>,
    /// The ways a new player may come into this game, where they differ from `[button]
    /// new_player` (H3 lowball: wait, or kill the pot) (catalog: T4).
    #[schemars(with = "Option<Vec<NewPlayerOption>>", length(min = 1))]
    pub new_player: Option<Spanned<Vec<NewPlayerOption>>>,
    /// How a player who missed blinds comes back into this game, where it differs from
    /// `[button] missed_blinds` (H3 lowball: "wait") (catalog: T5).
    pub missed_blinds: Option<MissedBlindPost>,
    /// May a player who missed blinds wait for the big blind in this game, where it differs
    /// from `[button] missed_blinds_may_wait` (catalog: T5).
    pub missed_blinds_may_wait: Option<bool>,
    /// An open pair on 4th street allows the big bet (catalog: B3; H3 stud).
    #[schemars(with = "Option<bool>")]
    pub open_pair_big_bet: Option<Spanned<bool>>,
    /// If nobody opens, the round is played again for low; if nobody opens again, the hand is
    /// re-dealt. Draw games only (catalog: B9; H4 low ball).
    #[schemars(with = "Option<bool>")]
    pub lowball_if_passed: Option<Spanned<bool>>,
    /// Overrides the base game's split (catalog: G2).
    pub split: Option<SplitKind>,
    /// Hi-lo: the low hand must be this or better, 5 to 9 (8 = "eight or
    /// better"; catalog: G2, P4).
    #[schemars(with = "Option<u8>", range(min = 5, max = 9))]
    pub low_qualifier: Option<Spanned<u8>>,
    /// Overrides the base game's street sequence (catalog: G1–G4).
    #[schemars(with = "Option<Vec<RawStep>>")]
    pub steps: Option<Spanned<Vec<RawStep>>>,
    /// The lowest stake; the 1st, 2nd and 3rd exchanges cost 1x, 2x and 3x this per card.
    /// Defaults to the small blind, else min_bet (catalog: G5; texas-2-step).
    #[schemars(with = "Option<Decimal>")]
    pub draw_price: Option<Amount>,
    /// What every live player pays into the pot per exposed common wild card. Defaults to the
    /// small blind, else min_bet (catalog: G6; wild-card).
    #[schemars(with = "Option<Decimal>")]
    pub wild_card_charge: Option<Amount>,
    /// The Terrill rule, the most a losing "in" player pays to match the pot. Leave it out to
    /// match the whole pot (catalog: G8; guts).
    #[schemars(with = "Option<Decimal>")]
    pub guts_cap: Option<Amount>,
    /// Lives (markers) per player. Defaults: 4 for screw-your-neighbor, 2 for liars-poker. 1 to
    /// 20 (catalog: G9; screw-your-neighbor, liars-poker).
    #[schemars(with = "Option<u8>", range(min = 1, max = 20))]
    pub lives: Option<Spanned<u8>>,
    /// What each life stakes in the pot, paid when the game starts (catalog: G9).
    #[schemars(with = "Option<Decimal>")]
    pub life_stake: Option<Amount>,
    /// The least a player may buy in for in this game, where it differs
    /// from `[money]` (catalog: M1; H4).
    #[schemars(with = "Option<Decimal>")]
    pub buy_in_min: Option<Amount>,
    /// The most a player may buy in for in this game, where it differs
    /// from `[money]` (catalog: M1; H4).
    #[schemars(with = "Option<Decimal>")]
    pub buy_in_max: Option<Amount>,
}

/// `[button]`: how the button moves, and how new players and players who
/// missed their blinds come in (catalog: T2, T4, T5, T6).
#[derive(Debug, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct RawButton {
    /// How the button moves: "moving" (default: one seat each hand, to the
    /// next player) or "dead" (the big blind moves one seat each hand, and
    /// the button may stay on an empty seat) (catalog: T2).
    pub mode: Option<ButtonMode>,
    /// How a new player may come in: the ways they may choose from.
    /// Default ["wait-for-big-blind", "post-big-blind"] (catalog: T4).
    #[schemars(with = "Option<Vec<NewPlayerOption>>", length(min = 1))]
    pub new_player: Option<Spanned<Vec<NewPlayerOption>>>,
    /// What a player who missed blinds posts to come back in (catalog: T5).
    pub missed_blinds: Option<MissedBlindPost>,
    /// May they wait for the big blind instead? Default true (catalog: T5).
    pub missed_blinds_may_wait: Option<bool>,
    /// Where they may be dealt back in: "anywhere" (default; H2 3.11, H4 #18), taking the
    /// button and the blinds in turn and posting what they owe on top, or "after-the-button"
    /// (card rooms): never on the button or between it and the blinds (catalog: T5).
    pub missed_blinds_dealt_in: Option<MissedBlindsDealtIn>,
}

/// `[kill]`: kill pots: after a player wins two pots in a row (or a big
/// one), the next hand is played with a kill blind and often higher
/// stakes (catalog: S1).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawKill {
    /// Kill pots are on. Default true: `[kill]` alone turns them on.
    #[serde(default = "yes")]
    pub enabled: bool,
    /// Names of the games the kill applies to; empty or absent means every game.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub games: Vec<Spanned<String>>,
    /// What kills the next pot. Default ["two-wins"] (H0, H2).
    #[serde(default = "two_wins")]
    #[schemars(with = "Vec<KillTrigger>", length(min = 1))]
    pub triggers: Spanned<Vec<KillTrigger>>,
    /// With the "pot-over" trigger: a pot larger than this kills the next hand.
    #[schemars(with = "Option<Decimal>")]
    pub pot_over: Option<Amount>,
    /// 2 = full kill, "1.5" = half kill: the kill blind is this many big blinds,
    /// and limits scale by it when `scale_limits` is set. Default 2.
    #[serde(default = "full_kill")]
    #[schemars(with = "Decimal")]
    pub multiple: Amount,
    /// The full kill doubles every limit (stakes, max bet/raise, max per round) (catalog:
    /// B2/S1; H0).
    #[serde(default = "yes")]
    pub scale_limits: bool,
    /// The blinds scale too (SB 20¢, BB 50¢ on a full kill) (catalog: S1; H0).
    #[serde(default)]
    pub scale_blinds: bool,
    /// The kill blind is posted in addition to the killer's normal blind (catalog: S1; H0).
    #[serde(default)]
    pub in_addition_to_blind: bool,
    /// The second leg counts only if the pot held a full voluntary bet (catalog: S1; H0).
    #[serde(default)]
    pub second_leg_needs_full_bet: bool,
    /// A split pot keeps a leg (catalog: S1; H0).
    #[serde(default)]
    pub split_keeps_leg: bool,
    /// Once started, kills stay on for a full orbit (catalog: S1; H0).
    #[serde(default)]
    pub orbit: bool,
    /// "New player may play killed pot by agreeing to kill next pot": a new player may be dealt
    /// into a killed hand without waiting, and then kills the next pot (catalog: S1; H0).
    #[serde(default)]
    pub new_player_kills_next: bool,
}

fn yes() -> bool {
    true
}

/// `[bomb]`: bomb pots: every player antes and the hand is dealt, often
/// with no betting before the flop, when called or on the house's
/// schedule (catalog: S2).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawBomb {
    /// Bomb pots are on. Default true: the section turns them on.
    #[serde(default = "yes")]
    pub enabled: bool,
    /// How many hands one bomb pot lasts: "single" (default; H2: one hand)
    /// or "orbit" (H0: a whole orbit of bomb hands).
    #[serde(default = "single")]
    #[schemars(with = "BombMode")]
    pub mode: Spanned<BombMode>,
    /// A bomb pot once an orbit with nobody calling it: each time the button
    /// comes back round to the seat it had on the night's first hand.
    /// Default false: a bomb pot is dealt when the dealer or a bomb card calls it.
    #[schemars(with = "Option<bool>")]
    pub every_orbit: Option<Spanned<bool>>,
    /// A bomb pot with nobody calling it each time the button reaches this
    /// seat (or passes it, when the seat is empty): 1 to the house's seats.
    #[schemars(with = "Option<u8>", range(min = 1, max = 10))]
    pub button_seat: Option<Spanned<u8>>,
    /// Names of the games bombs are dealt in; empty or absent means every flop game.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub games: Vec<Spanned<String>>,
    /// Each player's bomb ante as an amount (H2)...
    #[schemars(with = "Option<Decimal>")]
    pub ante: Option<Amount>,
    /// ...or as a number of big blinds (H0: 2), 1 or more.
    #[schemars(with = "Option<u8>", range(min = 1))]
    pub ante_big_blinds: Option<Spanned<u8>>,
    /// Boards dealt, 1 (default) or 2 (H0: two boards, each wins half;
    /// catalog: P5).
    #[serde(default = "one")]
    #[schemars(with = "u8", range(min = 1, max = 2))]
    pub boards: Spanned<u8>,
    /// Skip the pre-flop betting round (catalog: S2; H2).
    #[serde(default)]
    pub skip_preflop_betting: bool,
    /// Blinds and antes are doubled during the bomb orbit (catalog: S2; H0).
    #[serde(default)]
    pub double_blinds: bool,
    /// Does the button move after a bomb hand? Default true.
    #[serde(default = "yes")]
    pub button_moves: bool,
}

fn single() -> Spanned<BombMode> {
    Spanned::new(0..0, BombMode::Single)
}

fn one() -> Spanned<u8> {
    Spanned::new(0..0, 1)
}

fn two() -> Spanned<u8> {
    Spanned::new(0..0, 2)
}

fn utg_only() -> Spanned<Vec<StraddleKind>> {
    Spanned::new(0..0, vec![StraddleKind::Utg])
}

fn full_kill() -> Amount {
    Spanned::new(0..0, Decimal::whole(2))
}

fn two_wins() -> Spanned<Vec<KillTrigger>> {
    Spanned::new(0..0, vec![KillTrigger::TwoWins])
}

/// `[straddle]`: straddles, a voluntary blind raise posted before the
/// cards are dealt (catalog: F4).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawStraddle {
    /// Straddles are allowed. Default true: `[straddle]` alone allows them.
    #[serde(default = "yes")]
    pub allowed: bool,
    /// Who may straddle: "utg" (under the gun, left of the big blind) and
    /// "button" (the Mississippi straddle). Default ["utg"].
    #[serde(default = "utg_only")]
    #[schemars(with = "Vec<StraddleKind>", length(min = 1))]
    pub kinds: Spanned<Vec<StraddleKind>>,
    /// Each straddle is this many times the previous blind or straddle (H2: 2).
    /// Default 2; 1 to 10.
    #[serde(default = "two")]
    #[schemars(with = "u8", range(min = 1, max = 10))]
    pub multiple: Spanned<u8>,
    /// How many straddles may stack (1 = single, 2 = double, 3 = triple).
    /// Default 1; 8, the most, is no cap: straddles go on until the next
    /// seat is a blind (H2 7.1 "triple straddles triple the original, and so on").
    #[serde(default = "one")]
    #[schemars(with = "u8", range(min = 1, max = 8))]
    pub max: Spanned<u8>,
    /// How straddles after the first are sized (default `times-previous`).
    #[serde(default)]
    pub sizes: StraddleSizes,
}

/// `[showdown]`: who shows first, and the suits' order where suits
/// break ties (catalog: P2, P3, P6, T6).
#[derive(Debug, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct RawShowdown {
    /// Who shows first: "last-aggressor" (default: the last to bet or raise
    /// on the river, else the first left of the button) or "left-of-button"
    /// (catalog: P6).
    pub order: Option<ShowOrder>,
    /// Suits break a tied pot. H2: they never do. Default false (catalog: P3; H4).
    pub suit_breaks_ties: Option<bool>,
    /// The suits from lowest to highest, all four once each, for the draw
    /// for the button, suit tie-breaks and the stud bring-in (catalog: T6,
    /// P3, F3).
    #[schemars(
        with = "Option<Vec<Suit>>",
        length(min = 4, max = 4),
        extend("uniqueItems" = true)
    )]
    pub suit_order: Option<Spanned<Vec<Suit>>>,
}

/// `[table]`: what the table agrees to: running it twice, chopping the
/// blinds, one chip as a call (catalog: S3, S4, B8).
#[derive(Debug, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct RawTable {
    /// All-in players may agree to run the board twice (catalog: S3; H2 7.2).
    #[serde(default)]
    pub run_it_twice: bool,
    /// The blinds may take their blinds back when folded to (catalog: S4; H2 7.3).
    #[serde(default)]
    pub chop_blinds: bool,
    /// One oversized chip is a call unless a raise is declared. Default true (catalog: B8; H2
    /// 3.7, H4 #8).
    pub one_chip_is_call: Option<bool>,
}

/// A buy-in under `bets` bets is a short buy (catalog: M2; H4).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawShortBuy {
    /// A buy-in under this many bets is a short buy (H4: 10), 1 or more.
    #[schemars(with = "u8", range(min = 1))]
    pub bets: Spanned<u8>,
    /// Which bet counts for games below `big_bet_from`.
    pub of: LimitSide,
    /// H4: from this small bet up (5 for "5–10 and larger"), the big bet counts.
    #[schemars(with = "Option<Decimal>")]
    pub big_bet_from: Option<Amount>,
}

/// `[money]`: buy-ins, top-ups, rebuys and table stakes (catalog: M1, M2).
#[derive(Debug, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct RawMoney {
    /// The least a player may buy in for. No minimum when absent (catalog: M1).
    #[schemars(with = "Option<Decimal>")]
    pub buy_in_min: Option<Amount>,
    /// The most a player may buy in for, and what a top-up may reach. No
    /// maximum when absent; a new player's buy-in dialog then opens at the
    /// house's usual stack, 100 big blinds (20 big bets in a limit game),
    /// and `dealerd check` warns (catalog: M1).
    #[schemars(with = "Option<Decimal>")]
    pub buy_in_max: Option<Amount>,
    /// Adding chips between hands: "to-max" (default: up to the maximum
    /// buy-in), "any" amount, or "none" (catalog: M1; H2 3.4).
    pub top_up: Option<TopUp>,
    /// Rebuys after going broke. Default true (catalog: M1; H2 3.5).
    pub rebuys: Option<bool>,
    /// Only chips on the table play. Default true (catalog: M1; H2 3.6).
    pub table_stakes: Option<bool>,
    /// No taking chips off the table until cashing out. Default true (catalog: M1; H2 8.4).
    pub no_going_south: Option<bool>,
    /// A buy-in under so many bets is a short buy, shown on the screen
    /// (catalog: M2; H4). None when absent.
    pub short_buy: Option<RawShortBuy>,
}

/// One row of a fee schedule.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawFeeRate {
    /// The games this row is for; absent means any.
    pub structure: Option<StructureKind>,
    /// Fixed limit: [small bet, big bet]; spread limit: [min, max]; absent means any.
    #[schemars(with = "Option<Vec<Decimal>>", length(min = 2, max = 2))]
    pub stakes: Option<Spanned<Vec<Amount>>>,
    /// Players dealt in, [fewest, most], each 1 to 10.
    #[schemars(
        with = "[u8; 2]",
        extend("items" = {"type": "integer", "format": "uint8", "minimum": 1, "maximum": 10})
    )]
    pub players: Spanned<Vec<u8>>,
    /// The fee this row takes.
    #[schemars(with = "Decimal")]
    pub fee: Amount,
}

/// `[fees]`: the house's table fee: who pays it, when, and how much by
/// game and players dealt in (catalog: M3).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawFees {
    /// Who pays: "pot" (taken from the pot, H3) or "button" (the player on
    /// the button, H4).
    pub payer: FeePayer,
    /// When the fee is taken. The button pays `before-deal` (H4); the pot
    /// pays `before-deal` (from the forced bets), `before-flop` (H3) or
    /// `first-betting-round`.
    #[schemars(with = "FeeWhen")]
    pub when: Spanned<FeeWhen>,
    /// When the pot pays in games without a flop (stud, draw), if the house
    /// takes `before-flop` in flop games: required then, since "before the
    /// flop" says nothing about a game that has none.
    #[schemars(with = "Option<FeeWhen>")]
    pub when_no_flop: Option<Spanned<FeeWhen>>,
    /// The fee schedule: the first row that matches the game and the
    /// players dealt in gives the fee (at least one row).
    #[schemars(with = "Vec<RawFeeRate>", length(min = 1))]
    pub rates: Spanned<Vec<RawFeeRate>>,
}

/// `[clock]`: how long a player has once the clock is called on them
/// (catalog: D3).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawClock {
    /// Seconds a player has once the clock is called (H2 9.20: 60), 5 to 600.
    #[schemars(with = "u32", range(min = 5, max = 600))]
    pub seconds: Spanned<u32>,
}

/// `[rotation]`: which game is dealt when the house deals more than one
/// (catalog: S5).
#[derive(Debug, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct RawRotation {
    /// How the game is chosen: "single" (default: only the first game),
    /// "dealers-choice" (the button names it each hand) or "fixed" (the
    /// games in file order).
    pub mode: Option<RotationMode>,
    /// With a fixed rotation, change game every "hand" (default) or every
    /// "orbit".
    pub every: Option<RotationEvery>,
}

/// The catalog's game names, for `base`.
fn base_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let names: Vec<&str> = super::catalog::CATALOG.iter().map(|b| b.name).collect();
    schemars::json_schema!({
        "type": "string",
        "enum": names,
    })
}
