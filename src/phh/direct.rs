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

use super::action::{parse_action, simple, strip_comment};
use super::fast::Parser;
use super::{ActionText, Chips, PhhAction, PhhHand};

/// The hands of `text`, or `None` where the tree path must decide.
pub(crate) fn parse(text: &str, multi: bool) -> Option<Vec<PhhHand>> {
    parse_noting(text, multi).map(|(hands, _)| hands)
}

/// [`parse`], and whether any hand has one of the fields only dealerd's
/// own histories carry ([`super::OWN_FIELDS`]): a file without them needs
/// no second reading (issue 35).
pub(crate) fn parse_noting(text: &str, multi: bool) -> Option<(Vec<PhhHand>, bool)> {
    let mut reader = Hands::new(text, multi);
    let mut hand = PhhHand::empty();
    let mut hands = Vec::new();
    // A clone allocates each vector at its length, once.
    while reader.next_into(&mut hand)? {
        hands.push(hand.clone());
    }
    Some((hands, reader.own()))
}

/// The hands of a text one at a time, each read over the last one's
/// vectors: `dealerd replay` replays a hand as soon as it is read, and
/// allocates nothing for it once the vectors have grown (issue 35: the
/// hands' own vectors were half of the command's allocations).
pub(crate) struct Hands<'a> {
    r: Reader<'a>,
    multi: bool,
    read: usize,
    ended: bool,
}

impl<'a> Hands<'a> {
    pub(crate) fn new(text: &'a str, multi: bool) -> Self {
        Hands {
            r: Reader {
                p: Parser::new(text),
                ascii: text.is_ascii(),
                actions: Vec::new(),
                other_keys: Vec::new(),
                spare_groups: Vec::new(),
                spare_finishing: Vec::new(),
                own: false,
            },
            multi,
            read: 0,
            ended: false,
        }
    }

    /// The next hand, written over `hand`: `Some(true)`; `Some(false)`
    /// after the last; `None` where the tree path must decide, for the
    /// whole text (a hand already read counts for nothing then: the tree
    /// path may refuse the file). `hand` is unspecified after `None`.
    pub(crate) fn next_into(&mut self, hand: &mut PhhHand) -> Option<bool> {
        if self.ended {
            return Some(false);
        }
        let r = &mut self.r;
        if !self.multi {
            if self.read == 1 {
                self.ended = true;
                return Some(false);
            }
            r.hand_into(1, hand)?;
            // A table header: the tree path reads it as a field.
            if r.p.i != r.p.s.len() {
                return None;
            }
            self.read = 1;
            return Some(true);
        }
        r.p.blank()?;
        if r.p.i == r.p.s.len() {
            self.ended = true;
            // No hands at all is the tree path's error to give.
            return (self.read > 0).then_some(false);
        }
        r.p.eat(b'[')?;
        r.p.spaces();
        let key = r.p.bare_key()?;
        r.p.spaces();
        r.p.eat(b']')?;
        r.p.end_of_line()?;
        // Only `[1]`, `[2]`, … in order; the tree path sorts the rest out.
        let number = self.read + 1;
        if !key.bytes().all(|b| b.is_ascii_digit()) || key.parse::<usize>().ok()? != number {
            return None;
        }
        r.hand_into(number, hand)?;
        self.read = number;
        Some(true)
    }

    /// Whether a hand read so far has a key of [`super::OWN_FIELDS`].
    pub(crate) fn own(&self) -> bool {
        self.r.own
    }
}

struct Reader<'a> {
    p: Parser<'a>,
    /// Then a column is a difference of offsets.
    ascii: bool,
    /// Scratch, kept from hand to hand: each action's line and column, and its text.
    /// `true`: read by [`Reader::plain_action`], so there is no comment to strip.
    actions: Vec<(usize, usize, Cow<'a, str>, bool)>,
    other_keys: Vec<&'a str>,
    /// The ranking groups and the finishing stacks of earlier hands, kept
    /// for the next hands that have them.
    spare_groups: Vec<Vec<usize>>,
    spare_finishing: Vec<Chips>,
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

const VARIANT: u32 = 1 << 0;
const ANTES: u32 = 1 << 2;
const BLINDS: u32 = 1 << 3;
const STARTING: u32 = 1 << 8;
const ACTIONS: u32 = 1 << 9;

impl<'a> Reader<'a> {
    /// `key = value` lines up to a table header or the end, over `h`.
    fn hand_into(&mut self, number: usize, h: &mut PhhHand) -> Option<()> {
        let mut seen = 0u32;
        self.actions.clear();
        h.actions.clear();
        self.other_keys.clear();
        h.ante_trimming_status = false;
        h.bring_in = None;
        h.small_bet = None;
        h.big_bet = None;
        h.min_bet = None;
        if let Some(v) = h.finishing_stacks.take() {
            self.spare_finishing = v;
        }
        self.spare_groups.append(&mut h.ranking);
        self.spare_groups.append(&mut h.ranking_low);
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
                    self.field(bit, seen, h)?;
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
        self.finish(number, seen, h)
    }

    fn field(&mut self, bit: usize, seen: u32, h: &mut PhhHand) -> Option<()> {
        match bit {
            0 => {
                let v = self.string()?.1;
                if v.trim().is_empty() {
                    return None;
                }
                h.variant.clear();
                h.variant.push_str(&v);
            }
            1 => h.ante_trimming_status = self.boolean()?,
            2 => self.chips_into(&mut h.antes)?,
            3 => self.chips_into(&mut h.blinds_or_straddles)?,
            4 => h.bring_in = Some(self.chip()?),
            5 => h.small_bet = Some(self.chip()?),
            6 => h.big_bet = Some(self.chip()?),
            7 => h.min_bet = Some(self.chip()?),
            8 => self.chips_into(&mut h.starting_stacks)?,
            9 => {
                // Each action read at once where the players are known, as
                // every writer puts `starting_stacks` first: a list to read
                // over again cost about a sixth of reading an action (issue
                // 35). Else kept until they are: `starting_stacks` may come later.
                let players = (seen & STARTING != 0).then_some(h.starting_stacks.len());
                self.array(|r| {
                    let (line, line_start) = (r.p.line, r.p.line_start);
                    let (start, s, plain) = match r.plain_action() {
                        Some((start, s)) => (start, Cow::Borrowed(s), true),
                        None => {
                            let (start, s) = r.string()?;
                            (start, s, false)
                        }
                    };
                    let column = if r.ascii {
                        start - line_start + 1
                    } else {
                        r.p.text.get(line_start..start)?.chars().count() + 1
                    };
                    match players {
                        Some(players) => {
                            h.actions
                                .push(action(&s, plain, players, line, column, r.p.s)?);
                        }
                        None => r.actions.push((line, column, s, plain)),
                    }
                    Some(())
                })?;
            }
            10 => {
                let mut v = std::mem::take(&mut self.spare_finishing);
                self.chips_into(&mut v)?;
                h.finishing_stacks = Some(v);
            }
            11 => self.ranking_into(&mut h.ranking)?,
            _ => self.ranking_into(&mut h.ranking_low)?,
        }
        Some(())
    }

    /// The checks on the hand as a whole, and its actions read.
    fn finish(&mut self, number: usize, seen: u32, h: &mut PhhHand) -> Option<()> {
        if seen & STARTING == 0 || seen & ACTIONS == 0 || seen & VARIANT == 0 {
            return None;
        }
        let players = h.starting_stacks.len();
        if players < 2 {
            return None;
        }
        for (bit, v) in [(ANTES, &mut h.antes), (BLINDS, &mut h.blinds_or_straddles)] {
            if seen & bit == 0 {
                v.clear();
                v.resize(players, 0);
            } else if v.len() != players {
                return None;
            }
        }
        if h.finishing_stacks
            .as_ref()
            .is_some_and(|v| v.len() != players)
        {
            return None;
        }
        for groups in [&h.ranking, &h.ranking_low] {
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
        // The actions kept until the players were known; none were kept
        // where they were known.
        for &(line, column, ref raw, plain) in &self.actions {
            h.actions
                .push(action(raw, plain, players, line, column, self.p.s)?);
        }
        h.number = number;
        Some(())
    }

    /// An action as every writer writes it: in single quotes, with no `#`,
    /// tab or other control character in it and no space at either end, so
    /// that it is its own text; and where its opening quote is. Its end is
    /// found eight bytes at a time, one pass for the quote and the `#`
    /// together, where [`Reader::string`] then [`strip_comment`] were two
    /// (issue 35). `None`, with nothing read, for anything else, even a
    /// string 8 bytes from the end of the file: `string` reads those.
    fn plain_action(&mut self) -> Option<(usize, &'a str)> {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGHS: u64 = 0x8080_8080_8080_8080;
        let zero_at = |x: u64| x.wrapping_sub(ONES) & !x;
        let (s, open) = (self.p.s, self.p.i);
        if s.get(open) != Some(&b'\'') {
            return None;
        }
        let mut at = open + 1;
        let close = loop {
            let word: [u8; 8] = s.get(at..at + 8)?.try_into().ok()?;
            let v = u64::from_le_bytes(word);
            let flagged = (zero_at(v ^ (ONES * u64::from(b'\'')))
                | zero_at(v ^ (ONES * u64::from(b'#')))
                | zero_at(v ^ (ONES * 0x7f))
                | v.wrapping_sub(ONES * 0x20) & !v)
                & HIGHS;
            if flagged != 0 {
                // The lowest flagged byte is truly one of them.
                let k = at + (flagged.trailing_zeros() / 8) as usize;
                break (s[k] == b'\'').then_some(k)?;
            }
            at += 8;
        };
        let text = self.p.text.get(open + 1..close)?;
        match (text.as_bytes().first(), text.as_bytes().last()) {
            (Some(a), Some(z)) if a.is_ascii_graphic() && z.is_ascii_graphic() => {}
            _ => return None,
        }
        self.p.i = close + 1;
        self.p.after_value()?;
        Some((open, text))
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

    /// Over `v`, whose allocation is kept.
    fn chips_into(&mut self, v: &mut Vec<Chips>) -> Option<()> {
        v.clear();
        if self.plain_chips(v).is_some() {
            return Some(());
        }
        v.clear();
        self.array(|r| {
            v.push(r.chip()?);
            Some(())
        })
    }

    /// A list of chips as every writer writes it, `[12, 0, 7]`: plain
    /// digits (at most 18, so no overflow) and `, ` between them, on one
    /// line, each number summed as it is scanned, in locals. `None`, with
    /// the position back at the `[`, for anything else, which
    /// [`Reader::array`] then reads or refuses: the general path spent
    /// about ninety instructions on each number (issue 35).
    fn plain_chips(&mut self, v: &mut Vec<Chips>) -> Option<()> {
        let s = self.p.s;
        let open = self.p.i;
        if s.get(open) != Some(&b'[') {
            return None;
        }
        let mut at = open + 1;
        if s.get(at) == Some(&b']') {
            return self.after_plain(open, at + 1);
        }
        loop {
            let first = at;
            let mut n: u64 = 0;
            while let Some(&d @ b'0'..=b'9') = s.get(at) {
                n = n * 10 + u64::from(d - b'0');
                at += 1;
                if at - first > 18 {
                    return None;
                }
            }
            let len = at - first;
            // None, or a leading zero: the general path's to read or refuse.
            if len == 0 || len > 1 && s[first] == b'0' {
                return None;
            }
            v.push(n);
            match s.get(at..at + 3) {
                Some([b',', b' ', b'0'..=b'9']) => at += 2,
                _ if s.get(at) == Some(&b']') => return self.after_plain(open, at + 1),
                _ => return None,
            }
        }
    }

    /// The position at `end` where a value may end there, else back at `open`.
    fn after_plain(&mut self, open: usize, end: usize) -> Option<()> {
        self.p.i = end;
        let after = self.p.after_value();
        if after.is_none() {
            self.p.i = open;
        }
        after
    }

    /// Over `groups`, empty, with the groups of earlier hands to reuse.
    fn ranking_into(&mut self, groups: &mut Vec<Vec<usize>>) -> Option<()> {
        self.array(|r| {
            let mut ids = r.spare_groups.pop().unwrap_or_default();
            ids.clear();
            let read = r.array(|r| {
                // Zero and players past the last are refused once the players are known.
                ids.push(usize::try_from(r.integer()?).ok()?);
                Some(())
            });
            groups.push(ids);
            read
        })
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

/// An action string of the file `file` read, for a hand of `players`;
/// `plain`: read by [`Reader::plain_action`], so there is no comment to
/// strip.
#[inline(always)]
fn action(
    raw: &str,
    plain: bool,
    players: usize,
    line: usize,
    column: usize,
    file: &[u8],
) -> Option<PhhAction> {
    let text = if plain { raw } else { strip_comment(raw) };
    // The usual shapes first, here: their action then stays in
    // registers (issue 35).
    let kind = match simple(text.as_bytes(), players) {
        Some(kind) => kind,
        None => parse_action(text, players).ok()?,
    };
    Some(PhhAction {
        text: ActionText::from_within(text, file),
        kind,
        line,
        column,
    })
}
