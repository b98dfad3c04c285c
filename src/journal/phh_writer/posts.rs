//! The forced bets of a hand in PHH's fields. PHH has three: `antes` (dead
//! money per player: all pooled, or all matched like bets when
//! `ante_trimming_status` is true), `blinds_or_straddles` (live bets per
//! player) and stud's `bring_in`. It says nothing of who acts first before
//! the flop; PokerKit, its reference reader, starts after the largest blind
//! or straddle (the later player of equal ones), and the replay contract
//! (tests/data/VECTORS.md) after the last one. A post is written in PHH's
//! fields when both readers then start where the table did; otherwise it
//! is kept apart in `_posts`, and the file says why in words.

use crate::engine::{AnteMode, ForcedKind, GameSpec, HandSetup, Seat};

/// The forced bets as PHH fields, in PHH's player order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Posts {
    pub antes: Vec<u64>,
    pub blinds: Vec<u64>,
    /// Posts PHH has no place for, as `(player index, kind, amount)`.
    pub others: Vec<(usize, &'static str, u64)>,
    /// `ante_trimming_status`: the house's ante mode; when the hand has no
    /// ante, true for bomb-pot antes (everyone's alike, each counting for
    /// its payer's share of the pot) and false for a dead post (PokerKit
    /// trims a lone ante back to its payer; pooled, it stays in the pot).
    pub trimming: bool,
}

/// The posts of a hand, and what its file must say about them.
#[derive(Debug, Clone, Default)]
pub struct Layout {
    pub posts: Posts,
    /// Why `posts.others` are not in PHH's fields, for `_differs`.
    pub why_apart: Option<String>,
    /// Why a PHH reader starts the first round elsewhere than the table
    /// did, though the replay contract replays the file: for `_differs`
    /// whatever the contract says.
    pub reader_apart: Option<String>,
}

/// Heads-up PHH swaps the first two entries (the button, p2, posts the first).
fn owner(n: usize, seat: usize) -> usize {
    if n == 2 && seat < 2 {
        1 - seat
    } else {
        seat
    }
}

/// `first_actor`: the seat that opened the first betting round at the table
/// (`None` when nobody acted in it).
pub fn layout(setup: &HandSetup, spec: &GameSpec, stud: bool, first_actor: Option<Seat>) -> Layout {
    let plain = in_place(setup, spec, stud);
    let every = every_post(setup, spec, stud);
    if every.others.is_empty()
        && every != plain
        && first_actors(&every, &setup.stacks).is_some_and(|(reader, contract)| {
            reader == contract && first_actor.is_none_or(|a| reader == Some(a))
        })
    {
        return Layout {
            posts: every,
            ..Layout::default()
        };
    }
    let why_apart = (!plain.others.is_empty()).then(|| {
        let mut kinds: Vec<&str> = plain.others.iter().map(|o| o.1).collect();
        kinds.dedup();
        let kinds = kinds.join(", ");
        if every.others.is_empty() {
            format!(
                "posts that are not PHH's blinds or straddles ({kinds}; _posts): at the table the \
                 first round did not start after the largest post, as PHH's readers start it"
            )
        } else if stud {
            format!("posts PHH's stud has no place for ({kinds}; _posts): it has no blinds")
        } else {
            format!(
                "posts PHH has no place for ({kinds}; _posts): a dead post with the house's pooled \
                 antes (PHH's antes are all pooled or all matched)"
            )
        }
    });
    let reader_apart = match first_actors(&plain, &setup.stacks) {
        Some((reader, contract)) if plain.others.is_empty() && reader != contract => {
            let n = plain.blinds.len();
            Some(if n == 2 && plain.blinds[0] == plain.blinds[1] {
                "heads-up with equal blinds (PokerKit starts the first round after the larger \
                 blind, so with equal ones with p1; at the table, the button, p2, acts first)"
                    .to_string()
            } else {
                "the first to act before the flop (PokerKit starts after the largest blind or \
                 straddle, the table after the last one posted)"
                    .to_string()
            })
        }
        _ => None,
    };
    Layout {
        posts: plain,
        why_apart,
        reader_apart,
    }
}

/// Posts in the places PHH's examples show: blinds first, straddles after
/// them, a button straddle on the button.
fn in_place(setup: &HandSetup, spec: &GameSpec, stud: bool) -> Posts {
    let n = setup.stacks.len();
    let mut p = Posts {
        antes: vec![0; n],
        blinds: vec![0; n],
        others: Vec::new(),
        trimming: spec.antes == AnteMode::Live,
    };
    for f in &setup.forced {
        let i = owner(n, f.seat);
        let (Some(ante), Some(blind)) = (p.antes.get(i).copied(), p.blinds.get(i).copied()) else {
            continue;
        };
        let place = match f.kind {
            ForcedKind::Ante => Some(true),
            // A bomb-pot ante, posted by everyone alike, counts for its
            // payer's pot level as PHH's trimmed antes do (not as its pooled
            // ones).
            ForcedKind::Bomb if p.trimming && ante == 0 => Some(true),
            ForcedKind::Blind if !stud && i < 2 && blind == 0 => Some(false),
            ForcedKind::Straddle if !stud && i >= 2 && blind == 0 => Some(false),
            ForcedKind::ButtonStraddle if !stud && i + 1 == n && i >= 2 && blind == 0 => {
                Some(false)
            }
            _ => None,
        };
        match place {
            Some(true) => p.antes[i] += f.amount,
            Some(false) => p.blinds[i] = f.amount,
            None => p.others.push((i, kind_name(f.kind), f.amount)),
        }
    }
    p
}

/// Every live post (a kill, a newcomer's or a missed blind's live post, a
/// straddle anywhere) as its player's blind or straddle, and every dead
/// one (a missed blind's dead part, a bomb-pot ante) as its player's
/// trimmed ante: what each means for the money. Only the order of the
/// first round can tell them apart, and [`layout`] checks it.
fn every_post(setup: &HandSetup, spec: &GameSpec, stud: bool) -> Posts {
    let n = setup.stacks.len();
    let antes = setup.forced.iter().any(|f| f.kind == ForcedKind::Ante);
    let dead_post = setup.forced.iter().any(|f| f.kind == ForcedKind::DeadPost);
    // With no antes, dead money is written as antes: trimmed when everyone
    // posted alike (a bomb pot), pooled when one player's dead post is the
    // only one (issue 35: trimmed, PokerKit gives a lone ante back to its
    // payer, which the table never did).
    let trimming = if antes {
        spec.antes == AnteMode::Live
    } else {
        !dead_post
    };
    let mut p = Posts {
        antes: vec![0; n],
        blinds: vec![0; n],
        others: Vec::new(),
        trimming,
    };
    for f in &setup.forced {
        let i = owner(n, f.seat);
        let (Some(ante), Some(blind)) = (p.antes.get_mut(i), p.blinds.get_mut(i)) else {
            continue;
        };
        match f.kind {
            ForcedKind::Ante => *ante += f.amount,
            ForcedKind::Bomb | ForcedKind::DeadPost if p.trimming => *ante += f.amount,
            ForcedKind::DeadPost if !antes => *ante += f.amount,
            k if k.is_live() && !stud => *blind += f.amount,
            k => p.others.push((i, kind_name(k), f.amount)),
        }
    }
    p
}

/// Who acts first before the flop for PokerKit (after the largest post;
/// of equal ones, the later player's) and for the replay contract (after
/// the last post), each the first player from there with chips left after
/// posting; `None` when the posts do not fit the stacks.
fn first_actors(p: &Posts, stacks: &[u64]) -> Option<(Option<Seat>, Option<Seat>)> {
    let n = stacks.len();
    let mut posted = vec![0; n];
    let mut left = vec![0; n];
    for (s, &stack) in stacks.iter().enumerate() {
        let e = owner(n, s);
        let ante = (*p.antes.get(e)?).min(stack);
        let blind = (*p.blinds.get(e)?).min(stack - ante);
        posted[s] = blind;
        left[s] = stack - ante - blind;
    }
    let first = |last: Option<Seat>| {
        let start = last.map_or(0, |s| (s + 1) % n);
        (0..n).map(|k| (start + k) % n).find(|&s| left[s] > 0)
    };
    let reader = (0..n)
        .filter(|&s| posted[s] > 0)
        .max_by_key(|&s| (posted[s], s));
    let contract = (0..n)
        .filter(|&e| p.blinds[e] > 0)
        .max()
        .map(|e| owner(n, e));
    Some((first(reader), first(contract)))
}

fn kind_name(kind: ForcedKind) -> &'static str {
    match kind {
        ForcedKind::Ante => "ante",
        ForcedKind::Blind => "blind",
        ForcedKind::Straddle => "straddle",
        ForcedKind::ButtonStraddle => "button-straddle",
        ForcedKind::Kill => "kill",
        ForcedKind::LivePost => "live-post",
        ForcedKind::DeadPost => "dead-post",
        ForcedKind::Bomb => "bomb",
    }
}
