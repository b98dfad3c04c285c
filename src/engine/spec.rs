//! What the rules are (GameSpec) and who plays this hand (HandSetup).

use serde::{Deserialize, Serialize};

use super::{Chips, Seat};

/// How big a bet or raise may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Structure {
    /// B1.
    NoLimit,
    /// B2: a raise may add the pot as it stands after the raiser's call.
    PotLimit,
    /// B3: every bet and raise is exactly the small or the big bet of the street.
    FixedLimit { small_bet: Chips, big_bet: Chips },
    /// B6: any bet or raise between `min` and `max` (a raise at least the last one).
    SpreadLimit { min: Chips, max: Chips },
}

impl Structure {
    pub fn is_limit(&self) -> bool {
        matches!(self, Structure::FixedLimit { .. })
    }
}

/// One step of a game's street sequence (G1–G4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "step")]
pub enum Step {
    /// The dealer deals cards; money-neutral, but it must come now and only now.
    Deal(DealStep),
    /// A betting round.
    Bet(BetStep),
    /// Each live player draws (or stands pat), clockwise from the button's left.
    Draw,
    /// Each live player discards (Pineapple, Crazy Pineapple).
    Discard,
    /// Each live player declares high, low or both (G2 declare, G7).
    Declare,
    /// G5 (H1 Texas 2-Step): each live player may exchange cards, paying
    /// `multiple` times [`Options::draw_price`] per card. Nobody has to match
    /// the payment; it goes in the pot, and counts for the payer's level if
    /// he is all in (H1: "The player will have claim to the portion of the
    /// pot that they have contributed to"). At most the hole cards dealt so far.
    PaidDraw { multiple: u8 },
    /// G7 (H1 7/27): each live player, from the lead, takes one more card or stands.
    Hit,
    /// G7: back to step `to` when anyone drew at the last exchange; on when nobody did.
    /// Each repeat moves the lead one seat on.
    RepeatIfDrawn { to: u8 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct DealStep {
    #[serde(default)]
    pub hole_down: u8,
    #[serde(default)]
    pub hole_up: u8,
    #[serde(default)]
    pub board: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BetStep {
    pub opener: Opener,
    /// Fixed limit: this round uses the big bet.
    #[serde(default)]
    pub big: bool,
    /// Stud 4th street (B3, H3): an open pair lets the big bet be made.
    #[serde(default)]
    pub open_pair: bool,
    /// G5: the round is played only if someone drew at the last exchange.
    #[serde(default)]
    pub if_drawn: bool,
    /// B9 (H4 draw): if nobody opens, the round is played again and the hand
    /// goes on as lowball; if nobody opens again, the hand is void and re-dealt.
    #[serde(default)]
    pub lowball_if_passed: bool,
}

/// Who opens a betting round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Opener {
    /// Left of the last blind or straddle; left of the button when there are none (F2).
    Blinds,
    /// The first live seat left of the button.
    LeftOfButton,
    /// The dealer names the bring-in seat (F3), who posts it or completes.
    BringIn,
    /// The dealer names the seat (stud: best or worst upcards, G3).
    Named,
    /// G7 (H1 7/27): the lead, left of the button at first and one seat on each repeat.
    Lead,
    /// G3 (H0 stud, 7th street: "first bettor on 6th acts first"): the seat
    /// that opened the previous betting round acts first; if it has folded or
    /// has nothing left to decide, the next seat clockwise that has. With no
    /// previous opener (no round had action), the dealer names the seat.
    PreviousOpener,
}

/// How pots are split at showdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Split {
    #[default]
    High,
    /// P4: half to the best high, half to the best qualifying low.
    HiLo,
    /// G2/G7: players declare; high among high declarers, low among low.
    Declare,
}

/// Antes: pooled in the main pot for anyone in it to win (`Dead`, PHH's
/// untrimmed antes), or counted for their payer's share like every other
/// forced chip (`Live`, PHH's ante trimming; the house files' default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AnteMode {
    #[default]
    Dead,
    Live,
}

/// Limit poker's all-in for less than a full bet (B5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LimitShortAllIn {
    /// TDA 47-B / WSOP 96: half a bet or more counts as a full bet and reopens.
    #[default]
    HalfBet,
    /// H4 #6/#7: less than a full bet is action only; it must be completed to be raised.
    ActionOnly,
}

/// B4: how many raises may follow the bet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RaiseCap {
    pub raises: u8,
    /// H4 #3: no cap when only two players remain.
    #[serde(default)]
    pub lift_heads_up: bool,
}

/// House options that change what is legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// B2 (H0): the most a single bet or raise may add.
    pub max_bet_raise: Option<Chips>,
    /// B2 (H0): the most one player may have in front of them in one round.
    pub max_per_round: Option<Chips>,
    /// B4.
    pub raise_cap: Option<RaiseCap>,
    /// B5.
    pub limit_short_all_in: LimitShortAllIn,
    /// B7: false forbids raising after checking in the same round.
    pub check_raise: bool,
    /// Card rooms (H2 6.2): a straddle is the previous bet, so the minimum
    /// raise over it is the straddle again. WSOP (and PHH): it sets only the call.
    pub straddle_is_raise: bool,
    /// Home games let a player fold when they could check; tournaments do not.
    pub fold_when_checkable: bool,
    /// S4.
    pub chop_blinds: bool,
    /// S3.
    pub run_it_twice: bool,
    /// P3 (H4): suits break ties, so the dealer must rank without ties.
    pub suit_breaks_ties: bool,
    /// G5: the lowest stake; a [`Step::PaidDraw`] card costs a multiple of it.
    pub draw_price: Chips,
    /// G6: what every live player pays into the pot per exposed common wild
    /// card ([`Event::WildCard`](super::Event::WildCard)); 0: the game has no charge.
    pub wild_card_charge: Chips,
    /// B5 (fixed limit): may a player who checked complete an incomplete
    /// opening bet (an all-in for less than the bet, with no full bet before
    /// it in the round) to the full bet?
    ///
    /// - `false` (Robert's Rules, TDA): a short all-in does not reopen the
    ///   betting for a player who has acted; having checked, they may only
    ///   call it (or fold).
    /// - `true` (H4 #7 read literally: "if the final player goes all-in for
    ///   $6, the next player may either call the bet or complete the bet to
    ///   $10. He may NOT call the $6 and raise the $10." The next player after
    ///   the final one has already checked): they may call or complete it to
    ///   the full bet, but not raise beyond the completion.
    pub checked_may_complete: bool,
    /// G4: the most cards one player may replace at a [`Step::Draw`] (H3:
    /// "up to five", H4: "up to four"). `None`: as many as they hold. Never
    /// more than the hole cards dealt, whatever this says.
    pub max_draw: Option<u8>,
    /// G4 (H3 California lowball): "If a seven or less is checked, provided
    /// it is the best hand, all action after the draw is void": the dealer
    /// says so at the showdown ([`Event::CheckedSeven`](super::Event::CheckedSeven)).
    pub checked_seven_void: bool,
    /// F1: a blind (a straddle, a kill, a live post) all in for less than
    /// its amount still sets the bet to call at its full amount.
    ///
    /// - `true` (card rooms; what a dealer expects, and every house game:
    ///   the rule books are silent): "players to act must call the complete
    ///   amount of the big blind, even if the all-in player has posted less";
    ///   the excess of a call is a side pot, or comes back uncalled.
    /// - `false` (PHH and PokerKit, so `dealerd replay`): the next player
    ///   calls what the short blind posted. A history where this moved money
    ///   says so in `_differs`.
    pub short_blind_sets_bet: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_bet_raise: None,
            max_per_round: None,
            raise_cap: None,
            limit_short_all_in: LimitShortAllIn::HalfBet,
            check_raise: true,
            straddle_is_raise: false,
            fold_when_checkable: false,
            chop_blinds: false,
            run_it_twice: false,
            suit_breaks_ties: false,
            draw_price: 0,
            wild_card_charge: 0,
            checked_may_complete: false,
            max_draw: None,
            checked_seven_void: false,
            short_blind_sets_bet: false,
        }
    }
}

/// The rules of one game, independent of who plays.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSpec {
    pub structure: Structure,
    pub steps: std::sync::Arc<[Step]>,
    /// No-limit and pot-limit: the smallest bet, and the smallest raise increment.
    #[serde(default)]
    pub min_bet: Chips,
    #[serde(default)]
    pub split: Split,
    #[serde(default)]
    pub antes: AnteMode,
    #[serde(default)]
    pub options: Options,
}

/// What kind of forced bet a seat posts before the deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ForcedKind {
    /// F2: per player; dead or live by [`AnteMode`].
    Ante,
    /// F1: a positional blind; action starts left of the last one.
    Blind,
    /// F4: a live straddle; the straddler acts last pre-flop.
    Straddle,
    /// F4: a button (Mississippi) straddle; the button acts last pre-flop.
    ButtonStraddle,
    /// F5/S1: a kill blind; its poster acts in normal turn.
    Kill,
    /// T4/T5: an extra live blind (a new player's post, a missed big blind).
    LivePost,
    /// T5: a dead post (a missed blind): to the centre, not a bet, but it
    /// counts for the poster's share of the pot.
    DeadPost,
    /// S2: a bomb-pot ante: not a bet, but it counts for the poster's share.
    Bomb,
}

impl ForcedKind {
    /// Live posts count as the poster's bet in the first betting round.
    pub fn is_live(self) -> bool {
        !matches!(
            self,
            ForcedKind::Ante | ForcedKind::DeadPost | ForcedKind::Bomb
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Forced {
    pub seat: Seat,
    pub kind: ForcedKind,
    pub amount: Chips,
}

/// Who plays this hand, with what, and what they post.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandSetup {
    /// Stacks in hand order, before anything is posted.
    pub stacks: Vec<Chips>,
    /// Forced bets in posting order.
    #[serde(default)]
    pub forced: Vec<Forced>,
    /// F3: the stud bring-in.
    #[serde(default)]
    pub bring_in: Option<Chips>,
    /// P5: one board, or two (a double-board bomb pot).
    #[serde(default = "one")]
    pub boards: u8,
    /// S2 (H2): the bomb pot skips the first betting round.
    #[serde(default)]
    pub skip_first_bet: bool,
    /// M3: the house's drop, taken from the pot at the moment `drop_when`
    /// says (the name is the journal's, from when the flop was the only one).
    #[serde(default)]
    pub drop_at_flop: Chips,
    /// M3: when the drop comes out of the pot. Journals written before this
    /// field read as [`DropWhen::Flop`].
    #[serde(default)]
    pub drop_when: DropWhen,
    /// S1 (H0 "Killer acts in proper turn"): the kill was posted in the
    /// last blind's place, so the first round starts after the kill as it
    /// would have after that blind (the killer in the big blind acts last).
    #[serde(default)]
    pub kill_in_blind: bool,
}

/// M3: when the house's drop ([`HandSetup::drop_at_flop`]) is taken from the pot.
/// It is never more than the pot at that moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DropWhen {
    /// H3 "immediately before the flop": when the first board cards are
    /// dealt. No flop, no drop.
    #[default]
    Flop,
    /// As soon as the forced bets are posted; a hand won at once still pays.
    Start,
    /// When the first betting round closes and the hand goes on to its next
    /// step; a hand won in the first round pays none.
    FirstRoundEnd,
}

fn one() -> u8 {
    1
}
