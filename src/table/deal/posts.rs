//! F1–F5, S1, S2: the forced bets of the hand, in posting order.

use super::super::Table;
use super::Positions;
use crate::engine::{Chips, Forced, ForcedKind};
use crate::rules::{ForcedBets, HandKind, StraddleKind, StraddleSizes};

impl Table {
    /// The posts, and whether a kill stands in a blind's place.
    pub(super) fn forced_posts(
        &self,
        game: usize,
        kind: HandKind,
        forced: &ForcedBets,
        at: &Positions,
    ) -> (Vec<Forced>, bool) {
        let mut posts: Vec<Forced> = Vec::new();
        let post = |posts: &mut Vec<Forced>, h: Option<usize>, kind, amount: Chips| {
            if let (Some(seat), true) = (h, amount > 0) {
                posts.push(Forced { seat, kind, amount });
            }
        };
        let hs = |s: usize| at.hs(s);
        for &s in &at.dealt {
            post(&mut posts, hs(s), ForcedKind::Ante, forced.ante);
        }
        post(
            &mut posts,
            at.bb.and_then(hs),
            ForcedKind::Ante,
            forced.big_blind_ante,
        );
        post(
            &mut posts,
            hs(at.button),
            ForcedKind::Ante,
            forced.button_ante,
        );
        if let Some(bomb) = forced.bomb {
            for &s in &at.dealt {
                post(&mut posts, hs(s), ForcedKind::Bomb, bomb);
            }
        }
        let big_blind = forced.blinds.last().copied().unwrap_or(0);
        // S2 (H2): a bomb with no pre-flop betting has no blinds to bet against.
        let blinds: &[Chips] = if forced.skip_first_bet {
            &[]
        } else {
            &forced.blinds
        };
        match blinds {
            [] => {}
            [big] => post(&mut posts, at.bb.and_then(hs), ForcedKind::Blind, *big),
            [small, big] => {
                post(&mut posts, at.sb.and_then(hs), ForcedKind::Blind, *small);
                post(&mut posts, at.bb.and_then(hs), ForcedKind::Blind, *big);
            }
            _ => {
                // F1 (H4): three blinds on the three seats after the button.
                for (i, &amount) in blinds.iter().enumerate() {
                    post(
                        &mut posts,
                        Some(i % at.dealt.len()),
                        ForcedKind::Blind,
                        amount,
                    );
                }
            }
        }
        if !forced.skip_first_bet {
            self.straddle_posts(big_blind, at, &mut posts);
        }
        let kill_in_blind = kind == HandKind::Kill && self.kill_post(game, forced, at, &mut posts);
        (posts, kill_in_blind)
    }

    /// F4: each straddle `multiple` times the one before (`times-previous`),
    /// or the n-th straddle n times the first (`times-first`, H2 7.1: "a
    /// double straddle would be double the original straddle, triple
    /// straddles triple the original").
    fn straddle_posts(&self, big_blind: Chips, at: &Positions, posts: &mut Vec<Forced>) {
        let Some(rules) = self.rules.straddle.as_ref() else {
            return;
        };
        let first = big_blind.saturating_mul(Chips::from(rules.multiple));
        let mut level = big_blind;
        for (k, &s) in self.straddles.iter().enumerate() {
            let Some(h) = at.hs(s) else { continue };
            level = match rules.sizes {
                StraddleSizes::TimesPrevious => level.saturating_mul(Chips::from(rules.multiple)),
                StraddleSizes::TimesFirst => first.saturating_mul(k as Chips + 1),
            };
            let kind = if s == at.button && rules.kinds.contains(&StraddleKind::Button) {
                ForcedKind::ButtonStraddle
            } else {
                ForcedKind::Straddle
            };
            posts.push(Forced {
                seat: h,
                kind,
                amount: level,
            });
        }
    }

    /// S1: the killer posts the kill blind and acts in turn. A killer in a
    /// blind posts that blind dead on top ("in addition to normal blind"),
    /// or the kill replaces it; either way the kill is the bet to call. The
    /// returned flag says the kill took the last blind's place, so the first
    /// round starts after it as it would have after that blind: a killer in
    /// the big blind still acts last before the flop (H0: "Killer acts in
    /// proper turn").
    fn kill_post(
        &self,
        game: usize,
        forced: &ForcedBets,
        at: &Positions,
        posts: &mut Vec<Forced>,
    ) -> bool {
        let killer = self.kill.killer().and_then(|s| at.hs(s));
        let in_addition = self
            .rules
            .kill_for(game)
            .is_some_and(|k| k.in_addition_to_blind);
        let last_blind = posts
            .iter()
            .rev()
            .find(|f| matches!(f.kind, ForcedKind::Blind | ForcedKind::Straddle))
            .map(|f| f.seat);
        let mut in_last_blind = false;
        posts.retain_mut(|f| {
            if Some(f.seat) != killer || f.kind != ForcedKind::Blind {
                return true;
            }
            in_last_blind |= last_blind == Some(f.seat);
            f.kind = ForcedKind::DeadPost;
            in_addition
        });
        let (Some(seat), Some(amount)) = (killer, forced.kill.filter(|&k| k > 0)) else {
            return false;
        };
        posts.push(Forced {
            seat,
            kind: ForcedKind::Kill,
            amount,
        });
        in_last_blind
    }
}
