//! T5, F7: blinds that pass a seat whose player is away are missed, and owed
//! on return "whatever seat the button has reached" (H2 3.11: "Players who
//! miss their turn to post a blind must post it when they return").

use super::super::seating::Status;
use super::super::Table;
use super::{passed, Positions};
use crate::engine::{Forced, ForcedKind};
use crate::rules::{ForcedBets, MissedBlindPost};

impl Table {
    /// Marks the away players the blinds passed on their way to this deal's.
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
        for (s, p) in self.seats.iter_mut().enumerate() {
            let Some(p) = p.as_mut().filter(|p| p.status == Status::SittingOut) else {
                continue;
            };
            let passed_bb = span(last_bb, at.bb, s);
            let passed_sb = span(last_sb, at.sb, s);
            p.missed_big |= passed_bb;
            p.missed_small |= passed_sb || passed_bb;
        }
    }

    /// T4, T5: what players coming in post on top of the blinds: a new
    /// player's live big blind, a returning player's missed blinds.
    pub(super) fn owed_posts(&self, forced: &ForcedBets, at: &Positions, posts: &mut Vec<Forced>) {
        let big_blind = forced.blinds.last().copied().unwrap_or(0);
        if forced.blinds.is_empty() || big_blind == 0 {
            return;
        }
        let small_blind = if forced.blinds.len() >= 2 {
            forced.blinds[0]
        } else {
            0
        };
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
            // The blind a player posts in position settles what they owe.
            if Some(s) == at.sb || Some(s) == at.bb {
                continue;
            }
            let Some(p) = self.player(s) else { continue };
            if p.missed_big || p.missed_small {
                match self.rules.button.missed_blinds {
                    MissedBlindPost::SmallDeadBigLive => {
                        if p.missed_small {
                            post(h, ForcedKind::DeadPost, small_blind);
                        }
                        post(h, ForcedKind::LivePost, big_blind);
                    }
                    MissedBlindPost::AllDead => {
                        let sb_part = if p.missed_small { small_blind } else { 0 };
                        post(h, ForcedKind::DeadPost, sb_part + big_blind);
                    }
                    MissedBlindPost::BigOnly => post(h, ForcedKind::LivePost, big_blind),
                }
            } else if p.posts_big_blind || at.behind.contains(&s) {
                post(h, ForcedKind::LivePost, big_blind);
            }
        }
    }
}
