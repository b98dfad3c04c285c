//! T5, F7: blinds that pass a seat whose player is away are missed, and owed
//! on return: exactly the blinds that passed, no more and no less (H2 3.11:
//! "Players who miss their turn to post a blind must post it when they
//! return"), in the form the game says: dead, the big one live, or not at all
//! because the player must wait for the big blind.

use super::super::seating::{Player, Status};
use super::super::Table;
use super::{passed, Positions};
use crate::engine::{Chips, Forced, ForcedKind};
use crate::rules::{ForcedBets, MissedBlindPost, MissedBlindsDealtIn};

impl Player {
    /// T5: owes a blind that passed while away.
    pub fn owes_missed_blinds(&self) -> bool {
        self.missed_small || self.missed_big
    }
}

impl Table {
    /// Marks the away players the blinds passed on their way to this deal's:
    /// each blind for itself, so a player who missed only the small blind
    /// owes only the small blind.
    pub(super) fn mark_missed_blinds(&mut self, at: &Positions) {
        if self.hands == 0 {
            return;
        }
        let n = self.seats.len();
        let span = |last: Option<usize>, now: Option<usize>, s: usize| match (last, now) {
            (Some(a), Some(b)) => passed(n, a, b, s),
            _ => false,
        };
        let (last_bb, last_sb) = (self.last_bb, self.last_sb);
        // A dead button's small blind may fall on an empty seat: what passed
        // is the small blind's position, not only a seat that posted it.
        let now_sb = at.sb_position.or(at.sb);
        for (s, p) in self.seats.iter_mut().enumerate() {
            // Away, or back but held out of this deal (a card room's seat
            // on or before the button): the blinds that pass are owed.
            let away = |p: &Player| {
                p.status == Status::SittingOut
                    || (p.status == Status::Playing
                        && p.owes_missed_blinds()
                        && !at.dealt.contains(&s))
            };
            let Some(p) = p.as_mut().filter(|p| away(p)) else {
                continue;
            };
            p.missed_big |= span(last_bb, at.bb, s);
            p.missed_small |= span(last_sb, now_sb, s);
        }
    }

    /// T5 (H3 lowball): in a game where posting is no way back, a player who
    /// came back owing blinds waits for the big blind instead.
    pub(super) fn owed_must_wait(&mut self, game: usize) {
        if self.rules.missed_blinds(game) != MissedBlindPost::Wait {
            return;
        }
        for p in self.seats.iter_mut().flatten() {
            if p.status == Status::Playing && p.owes_missed_blinds() {
                p.status = Status::WaitingForBigBlind;
            }
        }
    }

    /// T5: whether a returning player who owes blinds sits out this deal:
    /// in a card room ([`MissedBlindsDealtIn::AfterTheButton`]) he is not
    /// dealt in on the button or between it and the blinds.
    pub(super) fn owed_held_back(&self, s: usize, button: usize, in_front: bool) -> bool {
        self.rules.button.missed_blinds_dealt_in == MissedBlindsDealtIn::AfterTheButton
            && (in_front || s == button)
            && self.player(s).is_some_and(|p| p.owes_missed_blinds())
    }

    /// T4, T5: what players coming in post on top of the blinds: a new
    /// player's live big blind, a returning player's missed blinds.
    pub(super) fn owed_posts(
        &self,
        game: usize,
        forced: &ForcedBets,
        at: &Positions,
        posts: &mut Vec<Forced>,
    ) {
        let big_blind = forced.blinds.last().copied().unwrap_or(0);
        if forced.blinds.is_empty() || big_blind == 0 {
            return;
        }
        let small_blind = if forced.blinds.len() >= 2 {
            forced.blinds[0]
        } else {
            0
        };
        let form = self.rules.missed_blinds(game);
        let may_wait = self.rules.missed_blinds_may_wait(game);
        let mut post = |h: usize, kind, amount| {
            if amount > 0 {
                posts.push(Forced {
                    seat: h,
                    kind,
                    amount,
                });
            }
        };
        for (h, &s) in at.dealt.iter().enumerate() {
            let Some(p) = self.player(s) else { continue };
            let in_bb = Some(s) == at.bb;
            let positional = if in_bb {
                big_blind
            } else if Some(s) == at.sb {
                small_blind
            } else {
                0
            };
            if p.owes_missed_blinds() {
                // Where the house lets him wait for the big blind instead,
                // taking it in position is that wait: it settles what he
                // missed (H3, H4 #18: "or wait for the big blind").
                if in_bb && may_wait {
                    continue;
                }
                let (live, dead) = owed(form, p, positional, small_blind, big_blind);
                post(h, ForcedKind::DeadPost, dead);
                post(h, ForcedKind::LivePost, live);
            } else if positional > 0 {
                // A new player's post is settled by the blind he posts in position.
            } else if p.posts_big_blind || at.behind.contains(&s) {
                post(h, ForcedKind::LivePost, big_blind);
            }
        }
    }
}

/// What a returning player posts on top of his blind in position
/// (`positional`, 0 if none), as `(live, dead)`. Every blind that passed him
/// is owed once. Where the big blind is live (H3, H4 #18: "the small blind
/// goes to the center of the pot while the big blind is live") his live money
/// comes to one big blind at most, as if he had posted it in turn; the rest
/// is dead.
fn owed(
    form: MissedBlindPost,
    p: &Player,
    positional: Chips,
    small_blind: Chips,
    big_blind: Chips,
) -> (Chips, Chips) {
    let small = if p.missed_small { small_blind } else { 0 };
    let big = if p.missed_big { big_blind } else { 0 };
    match form {
        MissedBlindPost::AllDead => (0, small + big),
        MissedBlindPost::SmallDeadBigLive => {
            let live = big.saturating_sub(positional);
            (live, small + big - live)
        }
        // The missed small blind is forgiven.
        MissedBlindPost::BigOnly => {
            let live = big.saturating_sub(positional);
            (live, big - live)
        }
        // Posting is no way back: such a player is never dealt in owing
        // (see `owed_must_wait`).
        MissedBlindPost::Wait => (0, 0),
    }
}
