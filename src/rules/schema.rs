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
    /// The games this table deals (at least one). S5: `[rotation]` says how one is chosen.
    #[serde(rename = "game")]
    #[schemars(with = "Vec<RawGame>")]
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
    #[schemars(with = "Vec<String>")]
    pub roster: Vec<Spanned<String>>,
}

/// `[house]`: M4 and T1.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawHouse {
    pub name: String,
    /// Display only, e.g. "USD".
    pub currency: String,
    /// M4: the accounting unit, a decimal string in the currency: every chip and
    /// every amount is a whole number of units (the engine counts units). The
    /// smallest chip, or the largest value all chips are multiples of (H0's 10¢
    /// and 25¢ chips need "0.05").
    #[schemars(with = "Decimal")]
    pub unit: Amount,
    /// M4: the chips in play, smallest first.
    #[schemars(with = "Vec<Decimal>")]
    pub denominations: Spanned<Vec<Amount>>,
    /// T1: seats at the table, 2 to 10.
    #[schemars(with = "u8")]
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
    /// G7 (H1 7/27): the lead, left of the button at first and one seat on each repeat.
    Lead,
    /// G3 (H0 7th street): the seat that opened the previous round, or the
    /// next live seat clockwise if it folded.
    PreviousOpener,
}

/// One step of a `steps` override (G1–G4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(tag = "step", rename_all = "kebab-case", deny_unknown_fields)]
pub enum RawStep {
    /// The dealer deals: cards down and up to each player, cards to the board.
    Deal {
        #[serde(default)]
        down: u8,
        #[serde(default)]
        up: u8,
        #[serde(default)]
        board: u8,
    },
    /// A betting round. `big`: fixed limit uses the big bet. `open_pair`: stud 4th street.
    Bet {
        opener: OpenerKind,
        #[serde(default)]
        big: bool,
        #[serde(default)]
        open_pair: bool,
        /// G5: played only if someone drew at the last exchange.
        #[serde(default)]
        if_drawn: bool,
    },
    Draw,
    Discard,
    Declare,
    /// G5: a paid exchange; each card costs `multiple` times the game's `draw_price`.
    PaidDraw {
        multiple: u8,
    },
    /// G7: each player takes one more card or stands.
    Hit,
    /// G7: back to step `to` (0-based) while anyone drew at the last exchange.
    RepeatIfDrawn {
        to: u8,
    },
}

/// B4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawRaiseCap {
    /// Raises allowed after the bet (3 = "a bet and three raises").
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
    /// The catalog game this one is (see `dealerd check` errors for the list).
    #[schemars(with = "String")]
    pub base: Spanned<String>,
    /// B1–B3, B6. Required for every game that moves money.
    #[schemars(with = "Option<StructureKind>")]
    pub structure: Option<Spanned<StructureKind>>,
    /// No-limit and pot-limit: the smallest bet and raise; defaults to the big blind.
    #[schemars(with = "Option<Decimal>")]
    pub min_bet: Option<Amount>,
    /// Fixed limit (B3): the small and the big bet.
    #[schemars(with = "Option<Decimal>")]
    pub small_bet: Option<Amount>,
    #[schemars(with = "Option<Decimal>")]
    pub big_bet: Option<Amount>,
    /// Spread limit (B6): any bet from `spread_min` to `spread_max`.
    #[schemars(with = "Option<Decimal>")]
    pub spread_min: Option<Amount>,
    #[schemars(with = "Option<Decimal>")]
    pub spread_max: Option<Amount>,
    /// F1: blinds in posting order (small first); equal amounts are allowed.
    #[schemars(with = "Option<Vec<Decimal>>")]
    pub blinds: Option<Spanned<Vec<Amount>>>,
    /// F2: posted by every player.
    #[schemars(with = "Option<Decimal>")]
    pub ante: Option<Amount>,
    /// How antes are won (F2). "live" (the default): each ante counts for
    /// its payer's share of the pot like a bet, so a player all in for less
    /// than the ante wins from each opponent only what he matched (H4 #6,
    /// H1). "dead": the antes are pooled in the main pot and anyone in it can
    /// win all of them (PHH's untrimmed antes; some card rooms' big-blind
    /// ante).
    pub ante_mode: Option<AnteModeKind>,
    /// F2: one ante for the table, posted by the big blind.
    #[schemars(with = "Option<Decimal>")]
    pub big_blind_ante: Option<Amount>,
    /// F2: one ante for the table, posted by the button.
    #[schemars(with = "Option<Decimal>")]
    pub button_ante: Option<Amount>,
    /// F3: stud bring-in; leave it out for stud where the high card opens (H4).
    #[schemars(with = "Option<Decimal>")]
    pub bring_in: Option<Amount>,
    /// F3: lowest upcard (stud) or highest (razz); defaults from the base game.
    #[schemars(with = "Option<BringInBy>")]
    pub bring_in_by: Option<Spanned<BringInBy>>,
    /// B2 (H0): the most one bet or raise may add.
    #[schemars(with = "Option<Decimal>")]
    pub max_bet_raise: Option<Amount>,
    /// B2 (H0): the most one player may put in during one betting round.
    #[schemars(with = "Option<Decimal>")]
    pub max_per_round: Option<Amount>,
    /// B4: raises allowed after the bet, and whether heads-up lifts the cap.
    #[schemars(with = "Option<RawRaiseCap>")]
    pub raise_cap: Option<Spanned<RawRaiseCap>>,
    /// B7: may a player who checked raise later in the round? Default true.
    pub check_raise: Option<bool>,
    /// B5: limit all-in for less than a full bet. Default "half-bet".
    #[schemars(with = "Option<ShortAllInKind>")]
    pub limit_short_all_in: Option<Spanned<ShortAllInKind>>,
    /// B5 (fixed limit): may a player who checked complete an incomplete
    /// opening bet (an all-in for less than the bet) to the full bet? true: H4
    /// #7 read literally ("the next player may either call the bet or complete
    /// the bet to $10. He may NOT call the $6 and raise the $10"): call or
    /// complete, no more. false (default; Robert's Rules): a short all-in does
    /// not reopen the betting for a player who has acted, so they may only call.
    #[schemars(with = "Option<bool>")]
    pub checked_may_complete: Option<Spanned<bool>>,
    /// G4 (draw games): the most cards a player may replace at a draw (H3
    /// "up to five", H4 "up to four"). Default: every card held. Never more
    /// than the hole cards.
    #[schemars(with = "Option<u8>")]
    pub max_draw: Option<Spanned<u8>>,
    /// G3 (H3 stud): "in order to play all-in at the start of a hand, a
    /// player must have at least the ante". The table deals in only players
    /// with at least the ante. Default false: anyone with chips is dealt in.
    #[schemars(with = "Option<bool>")]
    pub all_in_needs_ante: Option<Spanned<bool>>,
    /// G3 (H0 stud): the last betting round (7th street) is opened by the
    /// seat that opened the round before it ("first bettor on 6th acts
    /// first"), or the next live seat clockwise if it folded; the dealer
    /// names no one. Default false: the dealer names the opener.
    #[schemars(with = "Option<bool>")]
    pub last_round_previous_opener: Option<Spanned<bool>>,
    /// F4: a straddle sets the minimum raise (TDA) rather than only the amount to call.
    pub straddle_is_raise: Option<bool>,
    /// Home-game courtesy: a player may fold when checking is free.
    pub fold_when_checkable: Option<bool>,
    /// T4: the ways a new player may come into this game, where they differ
    /// from `[button] new_player` (H3 lowball: wait, or kill the pot).
    #[schemars(with = "Option<Vec<NewPlayerOption>>")]
    pub new_player: Option<Spanned<Vec<NewPlayerOption>>>,
    /// T5: how a player who missed blinds comes back into this game, where
    /// it differs from `[button] missed_blinds` (H3 lowball: "wait").
    pub missed_blinds: Option<MissedBlindPost>,
    /// T5: may a player who missed blinds wait for the big blind in this
    /// game, where it differs from `[button] missed_blinds_may_wait`.
    pub missed_blinds_may_wait: Option<bool>,
    /// B3 (H3 stud): an open pair on 4th street allows the big bet.
    #[schemars(with = "Option<bool>")]
    pub open_pair_big_bet: Option<Spanned<bool>>,
    /// B9 (H4 low ball): if nobody opens, the round is played again for low;
    /// if nobody opens again, the hand is re-dealt. Draw games only.
    #[schemars(with = "Option<bool>")]
    pub lowball_if_passed: Option<Spanned<bool>>,
    /// G2: overrides the base game's split.
    pub split: Option<SplitKind>,
    /// G2/P4: the low must be this or better (8 = "eight or better").
    #[schemars(with = "Option<u8>")]
    pub low_qualifier: Option<Spanned<u8>>,
    /// G1–G4: overrides the base game's street sequence.
    #[schemars(with = "Option<Vec<RawStep>>")]
    pub steps: Option<Spanned<Vec<RawStep>>>,
    /// G5 (texas-2-step): the lowest stake; the 1st, 2nd and 3rd exchanges cost
    /// 1x, 2x and 3x this per card. Defaults to the small blind, else min_bet.
    #[schemars(with = "Option<Decimal>")]
    pub draw_price: Option<Amount>,
    /// G6 (wild-card): what every live player pays into the pot per exposed
    /// common wild card. Defaults to the small blind, else min_bet.
    #[schemars(with = "Option<Decimal>")]
    pub wild_card_charge: Option<Amount>,
    /// G8 (guts): the Terrill rule, the most a losing "in" player pays to
    /// match the pot. Leave it out to match the whole pot.
    #[schemars(with = "Option<Decimal>")]
    pub guts_cap: Option<Amount>,
    /// G9 (screw-your-neighbor, liars-poker): lives (markers) per player.
    /// Defaults: 4 for screw-your-neighbor, 2 for liars-poker.
    #[schemars(with = "Option<u8>")]
    pub lives: Option<Spanned<u8>>,
    /// G9: what each life stakes in the pot, paid when the game starts.
    #[schemars(with = "Option<Decimal>")]
    pub life_stake: Option<Amount>,
    /// M1 (H4): buy-in bounds for this game, overriding `[money]`.
    #[schemars(with = "Option<Decimal>")]
    pub buy_in_min: Option<Amount>,
    #[schemars(with = "Option<Decimal>")]
    pub buy_in_max: Option<Amount>,
}

/// `[button]`: T2, T4, T5, T6.
#[derive(Debug, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct RawButton {
    /// T2. Default "moving".
    pub mode: Option<ButtonMode>,
    /// T4: what a new player may choose. Default ["wait-for-big-blind", "post-big-blind"].
    #[schemars(with = "Option<Vec<NewPlayerOption>>")]
    pub new_player: Option<Spanned<Vec<NewPlayerOption>>>,
    /// T5: what a player who missed blinds posts to come back in.
    pub missed_blinds: Option<MissedBlindPost>,
    /// T5: may they wait for the big blind instead? Default true.
    pub missed_blinds_may_wait: Option<bool>,
    /// T5: where they may be dealt back in: "anywhere" (default; H2 3.11,
    /// H4 #18), taking the button and the blinds in turn and posting what
    /// they owe on top, or "after-the-button" (card rooms): never on the
    /// button or between it and the blinds.
    pub missed_blinds_dealt_in: Option<MissedBlindsDealtIn>,
}

/// `[kill]`: S1 kill pots.
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
    #[schemars(with = "Vec<KillTrigger>")]
    pub triggers: Spanned<Vec<KillTrigger>>,
    /// With the "pot-over" trigger: a pot larger than this kills the next hand.
    #[schemars(with = "Option<Decimal>")]
    pub pot_over: Option<Amount>,
    /// 2 = full kill, "1.5" = half kill: the kill blind is this many big blinds,
    /// and limits scale by it when `scale_limits` is set. Default 2.
    #[serde(default = "full_kill")]
    #[schemars(with = "Decimal")]
    pub multiple: Amount,
    /// B2/S1 (H0): the full kill doubles every limit (stakes, max bet/raise, max per round).
    #[serde(default = "yes")]
    pub scale_limits: bool,
    /// S1 (H0): the blinds scale too (SB 20¢, BB 50¢ on a full kill).
    #[serde(default)]
    pub scale_blinds: bool,
    /// S1 (H0): the kill blind is posted in addition to the killer's normal blind.
    #[serde(default)]
    pub in_addition_to_blind: bool,
    /// S1 (H0): the second leg counts only if the pot held a full voluntary bet.
    #[serde(default)]
    pub second_leg_needs_full_bet: bool,
    /// S1 (H0): a split pot keeps a leg.
    #[serde(default)]
    pub split_keeps_leg: bool,
    /// S1 (H0): once started, kills stay on for a full orbit.
    #[serde(default)]
    pub orbit: bool,
    /// S1 (H0): "New player may play killed pot by agreeing to kill next
    /// pot": a new player may be dealt into a killed hand without waiting,
    /// and then kills the next pot.
    #[serde(default)]
    pub new_player_kills_next: bool,
}

fn yes() -> bool {
    true
}

/// `[bomb]`: S2 bomb pots.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawBomb {
    /// Bomb pots are on. Default true: the section turns them on.
    #[serde(default = "yes")]
    pub enabled: bool,
    #[schemars(with = "BombMode")]
    pub mode: Spanned<BombMode>,
    /// Names of the games bombs are dealt in; empty or absent means every flop game.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub games: Vec<Spanned<String>>,
    /// Each player's bomb ante as an amount (H2)...
    #[schemars(with = "Option<Decimal>")]
    pub ante: Option<Amount>,
    /// ...or as a number of big blinds (H0: 2).
    #[schemars(with = "Option<u8>")]
    pub ante_big_blinds: Option<Spanned<u8>>,
    /// P5: boards dealt, 1 or 2 (H0: two boards, each wins half).
    #[serde(default = "one")]
    #[schemars(with = "u8")]
    pub boards: Spanned<u8>,
    /// S2 (H2): skip the pre-flop betting round.
    #[serde(default)]
    pub skip_preflop_betting: bool,
    /// S2 (H0): blinds and antes are doubled during the bomb orbit.
    #[serde(default)]
    pub double_blinds: bool,
    /// Does the button move after a bomb hand? Default true.
    #[serde(default = "yes")]
    pub button_moves: bool,
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

/// `[straddle]`: F4.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawStraddle {
    /// Straddles are allowed. Default true: `[straddle]` alone allows them.
    #[serde(default = "yes")]
    pub allowed: bool,
    /// Who may straddle: "utg" (under the gun, left of the big blind) and
    /// "button" (the Mississippi straddle). Default ["utg"].
    #[serde(default = "utg_only")]
    #[schemars(with = "Vec<StraddleKind>")]
    pub kinds: Spanned<Vec<StraddleKind>>,
    /// Each straddle is this many times the previous blind or straddle (H2: 2).
    /// Default 2.
    #[serde(default = "two")]
    #[schemars(with = "u8")]
    pub multiple: Spanned<u8>,
    /// How many straddles may stack (1 = single, 2 = double, 3 = triple).
    /// Default 1.
    #[serde(default = "one")]
    #[schemars(with = "u8")]
    pub max: Spanned<u8>,
    /// How straddles after the first are sized (default `times-previous`).
    #[serde(default)]
    pub sizes: StraddleSizes,
}

/// `[showdown]`: P2, P3, P6, T6.
#[derive(Debug, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct RawShowdown {
    pub order: Option<ShowOrder>,
    /// P3 (H4): suits break a tied pot. H2: they never do. Default false.
    pub suit_breaks_ties: Option<bool>,
    /// T6/P3/F3: suits from lowest to highest (all four, once each).
    #[schemars(with = "Option<Vec<Suit>>")]
    pub suit_order: Option<Spanned<Vec<Suit>>>,
}

/// `[table]`: S3, S4, B8.
#[derive(Debug, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct RawTable {
    /// S3 (H2 7.2): all-in players may agree to run the board twice.
    #[serde(default)]
    pub run_it_twice: bool,
    /// S4 (H2 7.3): the blinds may take their blinds back when folded to.
    #[serde(default)]
    pub chop_blinds: bool,
    /// B8 (H2 3.7, H4 #8): one oversized chip is a call unless a raise is declared. Default true.
    pub one_chip_is_call: Option<bool>,
}

/// M2 (H4): a buy-in under `bets` bets is a short buy.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawShortBuy {
    #[schemars(with = "u8")]
    pub bets: Spanned<u8>,
    /// Which bet counts for games below `big_bet_from`.
    pub of: LimitSide,
    /// H4: from this small bet up (5 for "5–10 and larger"), the big bet counts.
    #[schemars(with = "Option<Decimal>")]
    pub big_bet_from: Option<Amount>,
}

/// `[money]`: M1, M2.
#[derive(Debug, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct RawMoney {
    #[schemars(with = "Option<Decimal>")]
    pub buy_in_min: Option<Amount>,
    #[schemars(with = "Option<Decimal>")]
    pub buy_in_max: Option<Amount>,
    pub top_up: Option<TopUp>,
    /// M1 (H2 3.5): rebuys after going broke. Default true.
    pub rebuys: Option<bool>,
    /// M1 (H2 3.6): only chips on the table play. Default true.
    pub table_stakes: Option<bool>,
    /// M1 (H2 8.4): no taking chips off the table until cashing out. Default true.
    pub no_going_south: Option<bool>,
    pub short_buy: Option<RawShortBuy>,
}

/// One row of a fee schedule.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawFeeRate {
    /// The games this row is for; absent means any.
    pub structure: Option<StructureKind>,
    /// Fixed limit: [small bet, big bet]; spread limit: [min, max]; absent means any.
    #[schemars(with = "Option<Vec<Decimal>>")]
    pub stakes: Option<Spanned<Vec<Amount>>>,
    /// Players dealt in, [fewest, most].
    #[schemars(with = "[u8; 2]")]
    pub players: Spanned<[u8; 2]>,
    #[schemars(with = "Decimal")]
    pub fee: Amount,
}

/// `[fees]`: M3 table fees.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawFees {
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
    #[schemars(with = "Vec<RawFeeRate>")]
    pub rates: Spanned<Vec<RawFeeRate>>,
}

/// `[clock]`: D3.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawClock {
    /// Seconds a player has once the clock is called (H2 9.20: 60).
    #[schemars(with = "u32")]
    pub seconds: Spanned<u32>,
}

/// `[rotation]`: S5.
#[derive(Debug, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct RawRotation {
    pub mode: Option<RotationMode>,
    pub every: Option<RotationEvery>,
}
