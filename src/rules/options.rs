//! The house's choices, as the validated rules and the file share them: the
//! table reads these through [`super::model`], never the file's raw types.

use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum StructureKind {
    NoLimit,
    PotLimit,
    FixedLimit,
    SpreadLimit,
}

/// Which upcard brings in (catalog: F3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BringInBy {
    LowestCard,
    HighestCard,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "kebab-case")]
pub enum ButtonMode {
    /// The button moves one seat each hand; an emptied blind seat is skipped.
    #[default]
    Moving,
    /// Dead button (a forward-moving big blind): the big blind moves forward one player every
    /// hand and the small blind and the button follow onto the seats it and the small blind left,
    /// so a player coming back where the button lands never makes the same two players post the
    /// blinds two hands running (H2 4: "The blinds and dealer button rotate clockwise"). The
    /// button may stay on an empty seat, and the small blind may be dead.
    Dead,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum NewPlayerOption {
    /// Sit out until the big blind reaches the seat (catalog: T4).
    WaitForBigBlind,
    /// Post a big blind (live) and be dealt in at once (catalog: T4).
    PostBigBlind,
    /// Dealt right in with no post (catalog: T4; H3).
    DealIn,
    /// Post the big blind directly in front of the button; the next hand jumps them (catalog:
    /// T4; H3).
    PostBeforeButton,
    /// "A new player or a missed blind player has two options: wait for the big blind or kill
    /// the pot in any position." (catalog: T4, T5; H3 lowball)
    KillPot,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "kebab-case")]
pub enum MissedBlindPost {
    /// Both blinds; the small one is dead, the big one live (catalog: T5; H3, H4 #18).
    #[default]
    SmallDeadBigLive,
    /// The missed blinds are all dead money (catalog: T5; H2 3.11).
    AllDead,
    /// Only the big blind, live.
    BigOnly,
    /// Posting is no way back; the player waits for the big blind, or kills the pot where the
    /// game's `new_player` offers "kill-pot" (catalog: T5; H3 lowball: "A new player or a
    /// missed blind player has two options: wait for the big blind or kill the pot in any
    /// position").
    Wait,
}

/// Where a player who owes missed blinds may be dealt back in (catalog: T5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "kebab-case")]
pub enum MissedBlindsDealtIn {
    /// H2 3.11 ("must post it when they return to the game"), H4 #18 ("may
    /// resume play by posting"): in any seat. He takes his turn for the
    /// button and the blinds as it comes, and posts what he owes on top.
    #[default]
    Anywhere,
    /// Card rooms: never on the button or between it and the blinds, where
    /// he would play the button's seat without having paid for it; the
    /// blinds go on as if he were away until the button has passed him.
    AfterTheButton,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Suit {
    #[default]
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum KillTrigger {
    /// A player wins two pots in a row (catalog: S1; H0, H2).
    TwoWins,
    /// A player wins a pot over `pot_over` (catalog: S1; H2).
    PotOver,
    /// Any player may choose to kill the pot (catalog: S1; H3 lowball).
    Voluntary,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BombMode {
    /// A full orbit of bomb hands with doubled blinds and antes (catalog: S2; H0).
    Orbit,
    /// One hand; everyone puts in `ante`, pre-flop betting is skipped (catalog: S2; H2).
    Single,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum StraddleKind {
    /// Under the gun, left of the big blind.
    Utg,
    /// The button (Mississippi) straddle.
    Button,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "kebab-case")]
pub enum ShowOrder {
    /// The last river aggressor shows first, else left of the button (catalog: P6; H2 5.3).
    #[default]
    LastAggressor,
    /// First live seat left of the button shows first.
    LeftOfButton,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "kebab-case")]
pub enum TopUp {
    /// Between hands, up to the maximum buy-in (catalog: M1; H2 3.4).
    #[default]
    ToMax,
    Any,
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum LimitSide {
    SmallBet,
    BigBet,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FeePayer {
    /// H3: taken from the pot.
    Pot,
    /// H4: the player on the button pays.
    Button,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FeeWhen {
    /// H4: before the deal and the antes.
    BeforeDeal,
    /// H3: immediately before the flop; no flop, no fee.
    BeforeFlop,
    /// When the first betting round closes and the hand goes on (a game
    /// without a flop: stud's third street, draw's first round); a hand won
    /// in the first round pays none.
    FirstBettingRound,
}

/// How a straddle after the first is sized (catalog: F4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "kebab-case")]
pub enum StraddleSizes {
    /// Each straddle is `multiple` times the blind or straddle before it
    /// (2x, 4x, 8x the big blind with `multiple = 2`).
    #[default]
    TimesPrevious,
    /// The first straddle is `multiple` times the big blind, and the n-th is
    /// n times the first (H2 7.1: "a double straddle would be double the
    /// original straddle, triple straddles triple the original").
    TimesFirst,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "kebab-case")]
pub enum RotationMode {
    /// Only the first game is dealt.
    #[default]
    Single,
    /// The player on the button names the game each hand (catalog: S5; H1, H4).
    DealersChoice,
    /// The games in file order, changing every `every` hands or orbits (catalog: S5).
    Fixed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "kebab-case")]
pub enum RotationEvery {
    #[default]
    Hand,
    Orbit,
}
