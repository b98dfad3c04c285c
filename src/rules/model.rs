//! The rules as understood: every amount in engine units, every default filled
//! in. The table layer reads this; it never sees the file's spelling.

use crate::engine::{AnteMode, Chips, GameSpec, Options, Split, Step, Structure};

use super::amount::Decimal;
use super::catalog::Base;
use super::options::{
    BombMode, BringInBy, ButtonMode, FeePayer, FeeWhen, KillTrigger, LimitSide, MissedBlindPost,
    MissedBlindsDealtIn, NewPlayerOption, RotationEvery, RotationMode, ShowOrder, StraddleKind,
    StraddleSizes, StructureKind, Suit, TopUp,
};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HouseRules {
    pub house: House,
    pub games: Vec<Game>,
    pub button: Button,
    pub kill: Option<Kill>,
    pub bomb: Option<Bomb>,
    pub straddle: Option<Straddle>,
    pub showdown: Showdown,
    pub table: Table,
    pub money: Money,
    pub fees: Option<Fees>,
    pub clock_seconds: Option<u32>,
    pub rotation: Rotation,
    /// `[[card]]`: the RFID cards the reader knows.
    pub cards: Vec<super::Card>,
    /// `roster`: players' names without a card, offered when a new card is
    /// enrolled or a player is seated without one.
    pub roster: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct House {
    pub name: String,
    pub currency: String,
    /// What one engine chip is worth in the currency.
    pub unit: Decimal,
    pub denominations: Vec<Chips>,
    pub seats: u8,
}

impl House {
    /// `units` written in the currency, e.g. "0.25 USD".
    pub fn show(&self, units: Chips) -> String {
        format!("{} {}", self.unit.times(units), self.currency)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub name: String,
    pub base: &'static Base,
    /// `None` for games that move no money (Fan Tan).
    pub structure: Option<Structure>,
    pub min_bet: Chips,
    pub blinds: Vec<Chips>,
    pub ante: Chips,
    pub big_blind_ante: Chips,
    pub button_ante: Chips,
    pub bring_in: Option<Chips>,
    pub bring_in_by: Option<BringInBy>,
    pub steps: std::sync::Arc<[Step]>,
    pub split: Split,
    pub low_qualifier: Option<u8>,
    pub antes: AnteMode,
    /// Per-game engine options; house-wide ones are merged in by [`HouseRules::game_spec`].
    pub options: Options,
    /// M1 (H4): per-game buy-in bounds; a missing side falls back to `[money]`.
    pub buy_in: Option<(Option<Chips>, Option<Chips>)>,
    /// G8, G9: the money of a game the table layer runs instead of the engine.
    pub table_money: Option<TableMoney>,
    /// T4: this game's ways in, where they differ from the house's.
    pub new_player: Option<Vec<NewPlayerOption>>,
    /// T5: this game's way back for missed blinds, where it differs from
    /// the house's (H3 lowball: wait or kill, never post).
    pub missed_blinds: Option<MissedBlindPost>,
    pub missed_blinds_may_wait: Option<bool>,
    /// G3 (H3 stud): a player needs at least the ante to be dealt in (see
    /// [`HouseRules::may_be_dealt`]).
    pub all_in_needs_ante: bool,
}

/// G8, G9: games whose money the table layer moves (no engine betting rounds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableMoney {
    /// G8: each player antes into an empty pot; a losing "in" player matches
    /// the pot, at most `cap` (the Terrill rule) when there is one.
    Guts { ante: Chips, cap: Option<Chips> },
    /// G9: each player stakes `lives` times `stake` when the game starts.
    Lives { lives: u8, stake: Chips },
}

/// Issue 32: a limit game's usual buy-in, in big bets (a 3-6 game: 120).
pub const USUAL_BIG_BETS: Chips = 20;
/// Issue 32: a big-bet game's usual buy-in, in big blinds.
pub const USUAL_BIG_BLINDS: Chips = 100;

impl Game {
    pub fn structure_kind(&self) -> Option<StructureKind> {
        self.structure.map(|s| match s {
            Structure::NoLimit => StructureKind::NoLimit,
            Structure::PotLimit => StructureKind::PotLimit,
            Structure::FixedLimit { .. } => StructureKind::FixedLimit,
            Structure::SpreadLimit { .. } => StructureKind::SpreadLimit,
        })
    }

    /// The pair a fee schedule or short-buy rule names the stakes by.
    pub fn stakes(&self) -> Option<(Chips, Chips)> {
        match self.structure? {
            Structure::FixedLimit { small_bet, big_bet } => Some((small_bet, big_bet)),
            Structure::SpreadLimit { min, max } => Some((min, max)),
            _ => None,
        }
    }
}

/// Which kind of hand the table is about to deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandKind {
    Normal,
    /// S1: a killed hand.
    Kill,
    /// S2: a bomb pot.
    Bomb,
}

/// The forced bets of one hand, in engine units, before seats are assigned.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ForcedBets {
    pub blinds: Vec<Chips>,
    pub ante: Chips,
    pub big_blind_ante: Chips,
    pub button_ante: Chips,
    pub bring_in: Option<Chips>,
    /// S1: the killer's post.
    pub kill: Option<Chips>,
    /// S2: each player's bomb ante.
    pub bomb: Option<Chips>,
    pub boards: u8,
    pub skip_first_bet: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Button {
    pub mode: ButtonMode,
    pub new_player: Vec<NewPlayerOption>,
    pub missed_blinds: MissedBlindPost,
    pub missed_blinds_may_wait: bool,
    pub missed_blinds_dealt_in: MissedBlindsDealtIn,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kill {
    /// Indices into `games`.
    pub games: Vec<usize>,
    pub triggers: Vec<KillTrigger>,
    pub pot_over: Option<Chips>,
    pub multiple: Decimal,
    pub scale_limits: bool,
    pub scale_blinds: bool,
    pub in_addition_to_blind: bool,
    pub second_leg_needs_full_bet: bool,
    pub split_keeps_leg: bool,
    pub orbit: bool,
    pub new_player_kills_next: bool,
}

impl Kill {
    /// `amount` times the kill multiple; validation made sure it is whole.
    pub fn scale(&self, amount: Chips) -> Chips {
        let (num, den) = self.multiple.ratio();
        let scaled = u128::from(amount) * u128::from(num) / u128::from(den.max(1));
        Chips::try_from(scaled).unwrap_or(Chips::MAX)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BombAnte {
    Amount(Chips),
    BigBlinds(u8),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bomb {
    pub mode: BombMode,
    pub games: Vec<usize>,
    pub ante: BombAnte,
    pub boards: u8,
    pub skip_preflop_betting: bool,
    pub double_blinds: bool,
    pub button_moves: bool,
    /// When the table deals a bomb pot by itself.
    pub schedule: BombSchedule,
}

/// S2: when a bomb pot comes without anyone calling it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BombSchedule {
    /// Only when the dealer (menu) or a bomb card calls it.
    Called,
    /// Once an orbit: when the button comes back round to the seat it had
    /// on the first hand dealt under this schedule.
    EveryOrbit,
    /// When the button reaches or passes this seat (0-based).
    ButtonSeat(usize),
}

/// `[straddle] max` at this, the schema's most, puts no cap on straddles:
/// they stop where the next seat is a blind (H2 7.1 "and so on").
pub const STRADDLE_NO_CAP: u8 = 8;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Straddle {
    pub kinds: Vec<StraddleKind>,
    pub multiple: u8,
    pub max: u8,
    pub sizes: StraddleSizes,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Showdown {
    pub order: ShowOrder,
    pub suit_breaks_ties: bool,
    /// Lowest first.
    pub suit_order: Vec<Suit>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub run_it_twice: bool,
    pub chop_blinds: bool,
    pub one_chip_is_call: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShortBuy {
    pub bets: u8,
    pub of: LimitSide,
    pub big_bet_from: Option<Chips>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Money {
    pub buy_in_min: Option<Chips>,
    pub buy_in_max: Option<Chips>,
    pub top_up: TopUp,
    pub rebuys: bool,
    pub table_stakes: bool,
    pub no_going_south: bool,
    pub short_buy: Option<ShortBuy>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeeRate {
    pub structure: Option<StructureKind>,
    pub stakes: Option<(Chips, Chips)>,
    pub players: (u8, u8),
    pub fee: Chips,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fees {
    pub payer: FeePayer,
    pub when: FeeWhen,
    /// When the pot pays in a game without a flop, if not `when`.
    pub when_no_flop: Option<FeeWhen>,
    pub rates: Vec<FeeRate>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rotation {
    pub mode: RotationMode,
    pub every: RotationEvery,
}

/// D3: the clock's length when the house file has no `[clock]` (H2 9.20).
pub const DEFAULT_CLOCK_SECONDS: u32 = 60;

impl HouseRules {
    /// D3: seconds a player has once the clock is called.
    pub fn clock_limit(&self) -> u32 {
        self.clock_seconds.unwrap_or(DEFAULT_CLOCK_SECONDS)
    }

    /// The engine's rules for game `index` in a hand of the given kind; `None`
    /// for an index out of range or a game that moves no money.
    pub fn game_spec(&self, index: usize, hand: HandKind) -> Option<GameSpec> {
        let game = self.games.get(index)?;
        let mut structure = game.structure?;
        let mut min_bet = game.min_bet;
        let mut options = game.options;
        options.chop_blinds = self.table.chop_blinds;
        options.run_it_twice = self.table.run_it_twice;
        options.suit_breaks_ties = self.showdown.suit_breaks_ties;
        if let (HandKind::Kill, Some(kill)) = (hand, self.kill_for(index)) {
            if kill.scale_limits {
                structure = match structure {
                    Structure::FixedLimit { small_bet, big_bet } => Structure::FixedLimit {
                        small_bet: kill.scale(small_bet),
                        big_bet: kill.scale(big_bet),
                    },
                    Structure::SpreadLimit { min, max } => Structure::SpreadLimit {
                        min: kill.scale(min),
                        max: kill.scale(max),
                    },
                    other => other,
                };
                min_bet = kill.scale(min_bet);
                options.max_bet_raise = options.max_bet_raise.map(|c| kill.scale(c));
                options.max_per_round = options.max_per_round.map(|c| kill.scale(c));
            }
        }
        Some(GameSpec {
            structure,
            steps: game.steps.clone(),
            min_bet,
            split: game.split,
            antes: game.antes,
            options,
        })
    }

    /// The kill rules if they apply to game `index`.
    pub fn kill_for(&self, index: usize) -> Option<&Kill> {
        self.kill
            .as_ref()
            .filter(|k| k.games.is_empty() || k.games.contains(&index))
    }

    /// The bomb rules if bombs are dealt in game `index`: a game listed, or
    /// with no list, every game with a flop (a bomb pot skips to the flop;
    /// `check` refuses a listed game without one).
    pub fn bomb_for(&self, index: usize) -> Option<&Bomb> {
        let flop = self.games.get(index).is_some_and(|g| g.base.is_flop());
        self.bomb
            .as_ref()
            .filter(|b| (b.games.is_empty() && flop) || b.games.contains(&index))
    }

    /// What is posted before the deal in game `index`, for a hand of the given kind.
    pub fn forced_bets(&self, index: usize, hand: HandKind) -> Option<ForcedBets> {
        let game = self.games.get(index)?;
        let mut f = ForcedBets {
            blinds: game.blinds.clone(),
            ante: game.ante,
            big_blind_ante: game.big_blind_ante,
            button_ante: game.button_ante,
            bring_in: game.bring_in,
            boards: 1,
            ..ForcedBets::default()
        };
        let big_blind = game.blinds.last().copied().unwrap_or(game.min_bet);
        match hand {
            HandKind::Normal => {}
            HandKind::Kill => {
                let kill = self.kill_for(index)?;
                f.kill = Some(kill.scale(big_blind));
                if kill.scale_blinds {
                    f.blinds.iter_mut().for_each(|b| *b = kill.scale(*b));
                }
            }
            HandKind::Bomb => {
                let bomb = self.bomb_for(index)?;
                f.bomb = Some(match bomb.ante {
                    BombAnte::Amount(a) => a,
                    BombAnte::BigBlinds(n) => big_blind.saturating_mul(Chips::from(n)),
                });
                if bomb.double_blinds {
                    f.blinds.iter_mut().for_each(|b| *b = b.saturating_mul(2));
                    f.ante = f.ante.saturating_mul(2);
                }
                f.boards = bomb.boards;
                f.skip_first_bet = bomb.skip_preflop_betting;
            }
        }
        Some(f)
    }

    /// M3: the fee for game `index` with `players` dealt in, if any row matches.
    pub fn fee_for(&self, index: usize, players: u8) -> Option<Chips> {
        let game = self.games.get(index)?;
        let fees = self.fees.as_ref()?;
        fees.rates
            .iter()
            .find(|r| {
                r.structure.is_none_or(|s| Some(s) == game.structure_kind())
                    && r.stakes.is_none_or(|s| Some(s) == game.stakes())
                    && (r.players.0..=r.players.1).contains(&players)
            })
            .map(|r| r.fee)
    }

    /// T4: the ways a new player may come into game `index`.
    /// T5: how a player who missed blinds comes back in game `index`.
    pub fn missed_blinds(&self, index: usize) -> MissedBlindPost {
        self.games
            .get(index)
            .and_then(|g| g.missed_blinds)
            .unwrap_or(self.button.missed_blinds)
    }

    /// T5: whether a player who missed blinds may wait for the big blind
    /// instead of posting, in game `index`. A game where posting is no way
    /// back ([`MissedBlindPost::Wait`]) always lets him wait.
    pub fn missed_blinds_may_wait(&self, index: usize) -> bool {
        self.missed_blinds(index) == MissedBlindPost::Wait
            || self
                .games
                .get(index)
                .and_then(|g| g.missed_blinds_may_wait)
                .unwrap_or(self.button.missed_blinds_may_wait)
    }

    pub fn new_player_options(&self, index: usize) -> &[NewPlayerOption] {
        self.games
            .get(index)
            .and_then(|g| g.new_player.as_deref())
            .unwrap_or(&self.button.new_player)
    }

    /// M3: when the fee of game `index` is taken: a game without a flop
    /// follows `when_no_flop` where the house gives one.
    pub fn fee_when(&self, index: usize) -> Option<FeeWhen> {
        let fees = self.fees.as_ref()?;
        let game = self.games.get(index)?;
        let flop = game
            .steps
            .iter()
            .any(|s| matches!(s, Step::Deal(d) if d.board > 0));
        Some(match (flop, fees.when_no_flop) {
            (false, Some(when)) => when,
            _ => fees.when,
        })
    }

    /// G3 (H3 stud: "in order to play all-in at the start of a hand, a
    /// player must have at least the ante"): may a player with `stack` (in
    /// engine units, before anything is posted) be dealt into a hand of game
    /// `index`? False with no chips, or under the game's ante when the game
    /// has `all_in_needs_ante`; false for an index out of range.
    pub fn may_be_dealt(&self, index: usize, stack: Chips) -> bool {
        let Some(game) = self.games.get(index) else {
            return false;
        };
        stack > 0 && !(game.all_in_needs_ante && stack < game.ante)
    }

    /// M1: the buy-in bounds for game `index`.
    pub fn buy_in(&self, index: usize) -> (Option<Chips>, Option<Chips>) {
        let (lo, hi) = self
            .games
            .get(index)
            .and_then(|g| g.buy_in)
            .unwrap_or((None, None));
        (lo.or(self.money.buy_in_min), hi.or(self.money.buy_in_max))
    }

    /// Issue 32: the buy-in a new player's dialog opens at in game `index`
    /// when the house sets no maximum (docs/house-rules.md, "Buy-in"): the
    /// house's usual stack, never one chip. A limit game (fixed or spread)
    /// buys in for [`USUAL_BIG_BETS`] big bets; a big-bet game for
    /// [`USUAL_BIG_BLINDS`] big blinds (its minimum bet where it has no
    /// blinds, as in stud); never under the house's minimum. `None` for a
    /// game with no stake at all (Guts, lives: the table's own money).
    pub fn usual_buy_in(&self, index: usize) -> Option<Chips> {
        let game = self.games.get(index)?;
        let usual = match (game.structure, game.stakes()) {
            (
                Some(Structure::FixedLimit { .. } | Structure::SpreadLimit { .. }),
                Some((_, big)),
            ) => big.saturating_mul(USUAL_BIG_BETS),
            _ => game
                .blinds
                .last()
                .copied()
                .filter(|&b| b > 0)
                .or(Some(game.min_bet).filter(|&b| b > 0))?
                .saturating_mul(USUAL_BIG_BLINDS),
        };
        let (lo, hi) = self.buy_in(index);
        Some(usual.max(lo.unwrap_or(0)).min(hi.unwrap_or(Chips::MAX)))
    }

    /// M2: the smallest buy-in that is not a short buy in game `index`.
    pub fn short_buy_under(&self, index: usize) -> Option<Chips> {
        let rule = self.money.short_buy.as_ref()?;
        let (small, big) = self.games.get(index)?.stakes()?;
        let use_big = rule.of == LimitSide::BigBet || rule.big_bet_from.is_some_and(|f| small >= f);
        Some(Chips::from(rule.bets).saturating_mul(if use_big { big } else { small }))
    }
}
