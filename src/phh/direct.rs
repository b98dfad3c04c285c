//! The hands of a well-formed PHH text, read straight into [`PhhHand`]s
//! without the value tree (issue 8: building and dropping the tree, and
//! copying every string into it, was most of the parse).
//!
//! It reads the grammar of [`super::fast`] with the same lexer, and gives up
//! (`None`) on anything else and on anything wrong: hand tables out of order,
//! a field of the wrong shape, a bad action. The caller then takes the tree
//! path, which gives every error its message and place. So this reader only
//! ever answers for text the tree path accepts, and must answer with exactly
//! the hands that path gives (`tests.rs` holds the two to that).

use std::borrow::Cow;

use super::action::{parse_action, strip_comment};
use super::fast::Parser;
use super::{Chips, PhhAction, PhhHand};

/// The hands of `text`, or `None` where the tree path must decide.
pub(crate) fn parse(text: &str, multi: bool) -> Option<Vec<PhhHand>> {
    parse_noting(text, multi).map(|(hands, _)| hands)
}

/// [`parse`], and whether any hand has one of the fields only dealerd's
/// own histories carry ([`super::OWN_FIELDS`]): a file without them needs
/// no second reading (issue 35).
pub(crate) fn parse_noting(text: &str, multi: bool) -> Option<(Vec<PhhHand>, bool)> {
    let mut r = Reader {
        p: Parser::new(text),
        ascii: text.is_ascii(),
        actions: Vec::new(),
        chips: Vec::new(),
        other_keys: Vec::new(),
        own: false,
    };
    if !multi {
        let hand = r.hand(1)?;
        // A table header: the tree path reads it as a field.
        return (r.p.i == r.p.s.len()).then(|| (vec![hand], r.own));
    }
    let mut hands = Vec::new();
    loop {
        r.p.blank()?;
        if r.p.i == r.p.s.len() {
            break;
        }
        r.p.eat(b'[')?;
        r.p.spaces();
        let key = r.p.bare_key()?;
        r.p.spaces();
        r.p.eat(b']')?;
        r.p.end_of_line()?;
        // Only `[1]`, `[2]`, … in order; the tree path sorts the rest out.
        let number = hands.len() + 1;
        if !key.bytes().all(|b| b.is_ascii_digit()) || key.parse::<usize>().ok()? != number {
            return None;
        }
        hands.push(r.hand(number)?);
    }
    (!hands.is_empty()).then_some((hands, r.own))
}

struct Reader<'a> {
    p: Parser<'a>,
    /// Then a column is a difference of offsets.
    ascii: bool,
    /// Scratch, kept from hand to hand so that a hand allocates only what it keeps:
    /// each action's line and column, and its text.
    actions: Vec<(usize, usize, Cow<'a, str>)>,
    chips: Vec<Chips>,
    other_keys: Vec<&'a str>,
    /// A key of [`super::OWN_FIELDS`] was seen.
    own: bool,
}

/// The fields the replay reads, by bit in the "seen" mask.
fn field_bit(key: &str) -> Option<usize> {
    Some(match key {
        "variant" => 0,
        "ante_trimming_status" => 1,
        "antes" => 2,
        "blinds_or_straddles" => 3,
        "bring_in" => 4,
        "small_bet" => 5,
        "big_bet" => 6,
        "min_bet" => 7,
        "starting_stacks" => 8,
        "actions" => 9,
        "finishing_stacks" => 10,
        "_ranking" => 11,
        "_ranking_low" => 12,
        _ => return None,
    })
}

#[derive(Default)]
struct Fields {
    variant: Option<String>,
    ante_trimming_status: bool,
    antes: Option<Vec<Chips>>,
    blinds_or_straddles: Option<Vec<Chips>>,
    bring_in: Option<Chips>,
    small_bet: Option<Chips>,
    big_bet: Option<Chips>,
    min_bet: Option<Chips>,
    starting_stacks: Option<Vec<Chips>>,
    has_actions: bool,
    finishing_stacks: Option<Vec<Chips>>,
    ranking: Vec<Vec<usize>>,
    ranking_low: Vec<Vec<usize>>,
}

impl<'a> Reader<'a> {
    /// `key = value` lines up to a table header or the end.
    fn hand(&mut self, number: usize) -> Option<PhhHand> {
        let mut f = Fields::default();
        let mut seen = 0u32;
        self.actions.clear();
        self.other_keys.clear();
        loop {
            self.p.blank()?;
            if matches!(self.p.peek(), None | Some(b'[')) {
                break;
            }
            let key = self.p.bare_key()?;
            self.p.spaces();
            self.p.eat(b'=')?;
            self.p.spaces();
            match field_bit(key) {
                Some(bit) => {
                    // A duplicate key is `toml`'s error to give.
                    if seen & 1 << bit != 0 {
                        return None;
                    }
                    seen |= 1 << bit;
                    self.field(bit, &mut f)?;
                }
                None => {
                    if self.other_keys.contains(&key) {
                        return None;
                    }
                    self.other_keys.push(key);
                    self.own |= super::OWN_FIELDS.contains(&key);
                    self.p.value(0)?;
                }
            }
            self.p.end_of_line()?;
        }
        self.build(number, f)
    }

    fn field(&mut self, bit: usize, f: &mut Fields) -> Option<()> {
        match bit {
            0 => {
                let v = self.string()?.1;
                if v.trim().is_empty() {
                    return None;
                }
                f.variant = Some(v.into_owned());
            }
            1 => f.ante_trimming_status = self.boolean()?,
            2 => f.antes = Some(self.chips_array()?),
            3 => f.blinds_or_straddles = Some(self.chips_array()?),
            4 => f.bring_in = Some(self.chip()?),
            5 => f.small_bet = Some(self.chip()?),
            6 => f.big_bet = Some(self.chip()?),
            7 => f.min_bet = Some(self.chip()?),
            8 => f.starting_stacks = Some(self.chips_array()?),
            9 => {
                // Read once the players are known: `starting_stacks` may come later.
                f.has_actions = true;
                self.array(|r| {
                    let (line, line_start) = (r.p.line, r.p.line_start);
                    let (start, s) = r.string()?;
                    let column = if r.ascii {
                        start - line_start + 1
                    } else {
                        r.p.text.get(line_start..start)?.chars().count() + 1
                    };
                    r.actions.push((line, column, s));
                    Some(())
                })?;
            }
            10 => f.finishing_stacks = Some(self.chips_array()?),
            11 => f.ranking = self.ranking()?,
            _ => f.ranking_low = self.ranking()?,
        }
        Some(())
    }

    fn build(&mut self, number: usize, f: Fields) -> Option<PhhHand> {
        let starting_stacks = f.starting_stacks?;
        let players = starting_stacks.len();
        if players < 2 || !f.has_actions {
            return None;
        }
        let per_player = |v: Option<Vec<Chips>>| match v {
            Some(v) if v.len() != players => None,
            Some(v) => Some(v),
            None => Some(vec![0; players]),
        };
        if f.finishing_stacks
            .as_ref()
            .is_some_and(|v| v.len() != players)
        {
            return None;
        }
        for groups in [&f.ranking, &f.ranking_low] {
            let ids = groups.iter().flatten();
            if ids.clone().any(|&id| !(1..=players).contains(&id)) {
                return None;
            }
            // Small tables (all of them) need no vector to find a player listed twice.
            if players < 128 {
                let mut seen = 0u128;
                for &id in ids {
                    if seen & 1 << id != 0 {
                        return None;
                    }
                    seen |= 1 << id;
                }
            } else {
                let mut seen = vec![false; players + 1];
                for &id in ids {
                    if std::mem::replace(&mut seen[id], true) {
                        return None;
                    }
                }
            }
        }
        let mut actions = Vec::with_capacity(self.actions.len());
        for &(line, column, ref raw) in &self.actions {
            let text = strip_comment(raw);
            let kind = parse_action(text, players).ok()?;
            actions.push(PhhAction {
                text: text.into(),
                kind,
                line,
                column,
            });
        }
        Some(PhhHand {
            number,
            variant: f.variant?,
            ante_trimming_status: f.ante_trimming_status,
            antes: per_player(f.antes)?,
            blinds_or_straddles: per_player(f.blinds_or_straddles)?,
            bring_in: f.bring_in,
            small_bet: f.small_bet,
            big_bet: f.big_bet,
            min_bet: f.min_bet,
            starting_stacks,
            actions,
            finishing_stacks: f.finishing_stacks,
            ranking: f.ranking,
            ranking_low: f.ranking_low,
        })
    }

    /// A string and where its opening quote is.
    fn string(&mut self) -> Option<(usize, Cow<'a, str>)> {
        let start = self.p.i;
        let s = match self.p.peek()? {
            b'\'' => self.p.literal()?,
            b'"' => self.p.basic()?,
            _ => return None,
        };
        self.p.after_value()?;
        Some((start, s))
    }

    fn boolean(&mut self) -> Option<bool> {
        let rest = &self.p.s[self.p.i..];
        let b = if rest.starts_with(b"true") {
            self.p.i += 4;
            true
        } else if rest.starts_with(b"false") {
            self.p.i += 5;
            false
        } else {
            return None;
        };
        self.p.after_value()?;
        Some(b)
    }

    fn integer(&mut self) -> Option<i64> {
        if !matches!(self.p.peek()?, b'-' | b'0'..=b'9') {
            return None;
        }
        let i = self.p.integer()?;
        self.p.after_value()?;
        Some(i)
    }

    /// A negative amount is the tree path's error to give.
    fn chip(&mut self) -> Option<Chips> {
        Chips::try_from(self.integer()?).ok()
    }

    /// Built in the scratch vector, so the hand's own is allocated once, at its size.
    fn chips_array(&mut self) -> Option<Vec<Chips>> {
        let mut chips = std::mem::take(&mut self.chips);
        chips.clear();
        let read = self.array(|r| {
            chips.push(r.chip()?);
            Some(())
        });
        let out = read.map(|()| chips.to_vec());
        self.chips = chips;
        out
    }

    fn ranking(&mut self) -> Option<Vec<Vec<usize>>> {
        let mut groups = Vec::new();
        self.array(|r| {
            let mut ids = Vec::new();
            r.array(|r| {
                // Zero and players past the last are refused once the players are known.
                ids.push(usize::try_from(r.integer()?).ok()?);
                Some(())
            })?;
            groups.push(ids);
            Some(())
        })?;
        Some(groups)
    }

    /// `[`, items read by `item` with commas, spaces, newlines and comments
    /// between them as [`Parser::value`] allows, `]`.
    fn array(&mut self, mut item: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.p.eat(b'[')?;
        loop {
            self.p.array_space()?;
            if self.p.eat(b']').is_some() {
                break;
            }
            item(self)?;
            // `, ` before the next value, the usual separator, taken at once:
            // the general spacing below tests each byte four ways (issue 35).
            while let [b',', b' ', b'\'' | b'"' | b'[' | b'-' | b'0'..=b'9' | b't' | b'f', ..] =
                self.p.s[self.p.i.min(self.p.s.len())..]
            {
                self.p.i += 2;
                item(self)?;
            }
            self.p.array_space()?;
            if self.p.eat(b',').is_none() {
                self.p.array_space()?;
                self.p.eat(b']')?;
                break;
            }
        }
        self.p.after_value()
    }
}
