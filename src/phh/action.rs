//! The action strings of PHH: `d dh p1 AcKd`, `p3 cbr 7000`, …

use super::{ActionKind, Chips};

/// The action without a `# comment`, trimmed. PHH allows comments inside the action
/// strings as well as after them, and the replay output must show neither.
pub(crate) fn strip_comment(raw: &str) -> &str {
    // Bytes, not `split('#')`: the char searcher was a tenth of reading an action.
    let end = raw.bytes().position(|b| b == b'#').unwrap_or(raw.len());
    let text = &raw[..end];
    // Nothing to trim when both ends are visible ASCII, as they are in
    // every writer's output: `trim`'s Unicode search was a twentieth of
    // reading a file (issue 35).
    match (text.as_bytes().first(), text.as_bytes().last()) {
        (Some(a), Some(z)) if a.is_ascii_graphic() && z.is_ascii_graphic() => text,
        _ => text.trim(),
    }
}

/// Parses a comment-free action for a hand of `players` players. The error is the reason
/// alone; the caller adds where and which action.
#[inline]
pub(crate) fn parse_action(text: &str, players: usize) -> Result<ActionKind, String> {
    if let Some(kind) = simple(text.as_bytes(), players) {
        return Ok(kind);
    }
    if text.is_ascii() {
        parse_tokens(AsciiWords(text), players)
    } else {
        parse_tokens(text.split_whitespace(), players)
    }
}

/// The shapes every PHH writer uses, single-spaced (`p3 cbr 7000`, `d dh
/// p1 AcKd`, `d db Jc3d5c`, `p2 sm 7c6c`), read in one pass over the bytes;
/// `None` for anything else, valid or not, which [`parse_tokens`] reads
/// and explains. Splitting into words and checking each word apart was a
/// fifth of reading a file (issue 35). Held to `parse_tokens` by the tests.
/// Inlined, so that the action comes back in registers, not through memory
/// read back in other widths (a stall on every action).
#[inline(always)]
pub(crate) fn simple(b: &[u8], players: usize) -> Option<ActionKind> {
    if let Some(rest) = b.strip_prefix(b"d d") {
        return match rest {
            [b'h', b' ', b'p', rest @ ..] => {
                let (player, rest) = player(rest, players)?;
                cards_or_end(rest)?;
                Some(ActionKind::DealHole { player })
            }
            [b'b', rest @ ..] => {
                cards_or_end(rest)?;
                Some(ActionKind::DealBoard)
            }
            _ => None,
        };
    }
    let (player, rest) = player(b.strip_prefix(b"p")?, players)?;
    Some(match rest {
        b" f" => ActionKind::Fold { player },
        b" cc" => ActionKind::CheckCall { player },
        b" pb" => ActionKind::BringIn { player },
        [b' ', b'c', b'b', b'r', b' ', digits @ ..] => {
            let to = number(digits)?;
            ActionKind::CompleteBetRaise {
                player,
                to: Chips::try_from(to).ok()?,
            }
        }
        [b' ', b's', b'm', rest @ ..] => {
            cards_or_end(rest)?;
            ActionKind::ShowMuck { player }
        }
        [b' ', b's', b'd', rest @ ..] => {
            cards_or_end(rest)?;
            ActionKind::Draw { player }
        }
        _ => return None,
    })
}

/// A player number from 1 to `players` without leading zeros, then the rest.
#[inline]
fn player(b: &[u8], players: usize) -> Option<(usize, &[u8])> {
    // One digit then a space, as at every table of up to nine, read at once.
    if let [d @ b'1'..=b'9', b' ', ..] = *b {
        let n = usize::from(d - b'0');
        return (n <= players).then_some((n, &b[1..]));
    }
    let end = b
        .iter()
        .position(|c| !c.is_ascii_digit())
        .unwrap_or(b.len());
    let n = usize::try_from(number(&b[..end])?).ok()?;
    (1..=players).contains(&n).then(|| (n, &b[end..]))
}

/// Plain digits, at most 18 (no overflow), no leading zero.
fn number(digits: &[u8]) -> Option<u64> {
    if digits.is_empty() || digits.len() > 18 || digits.len() > 1 && digits[0] == b'0' {
        return None;
    }
    let mut n = 0u64;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        n = n * 10 + u64::from(d - b'0');
    }
    Some(n)
}

/// Nothing, or a space and cards as [`optional_cards`] takes them.
fn cards_or_end(b: &[u8]) -> Option<()> {
    match b {
        [] => Some(()),
        [b' ', cards @ ..] if !cards.is_empty() && cards.len() % 2 == 0 => {
            cards.chunks_exact(2).all(card).then_some(())
        }
        _ => None,
    }
}

/// A card as two bytes, rank and suit (`Ac`, `Td`), or `??` when unknown.
/// By a table of each byte's roles, not a search of the rank letters (a
/// twentieth of reading a file) nor ranges (half of checking a deal, issue 35).
#[inline]
fn card(c: &[u8]) -> bool {
    match *c {
        // A rank's bit moved onto the suit's: both set only for a rank then
        // a suit, or `?` then `?`.
        [r, s] => {
            (CARD_BYTES[usize::from(r)] & (RANK | UNKNOWN_RANK)) << 1 & CARD_BYTES[usize::from(s)]
                != 0
        }
        _ => false,
    }
}

const RANK: u8 = 1;
const SUIT: u8 = 2;
const UNKNOWN_RANK: u8 = 4;
const UNKNOWN_SUIT: u8 = 8;

/// What each byte can be in a card: [`RANK`], [`SUIT`], or `?` as either.
static CARD_BYTES: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match b as u8 {
            b'2'..=b'9' | b'T' | b'J' | b'Q' | b'K' | b'A' => RANK,
            b'c' | b'd' | b'h' | b's' => SUIT,
            b'?' => UNKNOWN_RANK | UNKNOWN_SUIT,
            _ => 0,
        };
        b += 1;
    }
    table
};

/// `split_whitespace` for ASCII text, without its per-character decoding:
/// the same words, as the ASCII characters that Unicode calls white space
/// (tab to carriage return, space) are the ones split on.
pub(super) struct AsciiWords<'a>(pub &'a str);

impl<'a> Iterator for AsciiWords<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let space = |b: &u8| matches!(b, b'\t'..=b'\r' | b' ');
        let b = self.0.as_bytes();
        let start = b.iter().position(|c| !space(c))?;
        let end = b[start..]
            .iter()
            .position(space)
            .map_or(b.len(), |n| start + n);
        let word = &self.0[start..end];
        self.0 = &self.0[end..];
        Some(word)
    }
}

fn parse_tokens<'a>(
    mut tokens: impl Iterator<Item = &'a str>,
    players: usize,
) -> Result<ActionKind, String> {
    let Some(first) = tokens.next() else {
        return Err(
            "expected an action such as \"p1 cc\" or \"d db Jc3d5c\", found nothing".into(),
        );
    };
    let (kind, last) = if first == "d" {
        match tokens.next() {
            Some("dh") => {
                let Some(p) = tokens.next() else {
                    return Err("expected a player such as \"p1\" after \"dh\"".into());
                };
                let player = parse_player(p, players)?;
                let cards = optional_cards(tokens.next())?;
                (ActionKind::DealHole { player }, cards.unwrap_or(p))
            }
            Some("db") => {
                let cards = optional_cards(tokens.next())?;
                (ActionKind::DealBoard, cards.unwrap_or("db"))
            }
            _ => return Err("expected \"dh\" or \"db\" after \"d\"".into()),
        }
    } else if first.starts_with('p') {
        let player = parse_player(first, players)?;
        let Some(verb) = tokens.next() else {
            return Err(format!("expected {VERBS} after \"{first}\""));
        };
        match verb {
            "f" => (ActionKind::Fold { player }, verb),
            "cc" => (ActionKind::CheckCall { player }, verb),
            "pb" => (ActionKind::BringIn { player }, verb),
            "cbr" => {
                let to = parse_amount(tokens.next())?;
                (ActionKind::CompleteBetRaise { player, to }, verb)
            }
            "sm" => {
                let cards = optional_cards(tokens.next())?;
                (ActionKind::ShowMuck { player }, cards.unwrap_or(verb))
            }
            "sd" => {
                let cards = optional_cards(tokens.next())?;
                (ActionKind::Draw { player }, cards.unwrap_or(verb))
            }
            _ => {
                return Err(format!(
                    "expected {VERBS} after \"{first}\", found \"{verb}\""
                ))
            }
        }
    } else {
        return Err(format!(
            "expected \"d\" or a player such as \"p1\" at the start, found \"{first}\""
        ));
    };
    match tokens.next() {
        None => Ok(kind),
        Some(extra) => Err(format!(
            "expected the end of the action after \"{last}\", found \"{extra}\""
        )),
    }
}

const VERBS: &str = "\"f\", \"cc\", \"cbr\", \"pb\", \"sm\" or \"sd\"";

fn parse_player(token: &str, players: usize) -> Result<usize, String> {
    let digits = token.strip_prefix('p').unwrap_or("");
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "expected a player such as \"p1\", found \"{token}\""
        ));
    }
    let out_of_range =
        || format!("there is no player {token}: the hand has {players} players, p1 to p{players}");
    match digits.parse::<usize>() {
        Ok(0) => Err(format!(
            "there is no player {token}: players are numbered from p1"
        )),
        Ok(n) if n <= players => Ok(n),
        // Too many digits for a usize is just as far beyond the table.
        _ => Err(out_of_range()),
    }
}

fn parse_amount(token: Option<&str>) -> Result<Chips, String> {
    let Some(token) = token else {
        return Err("expected an amount after \"cbr\"".into());
    };
    if !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()) {
        return token
            .parse::<Chips>()
            .map_err(|_| format!("amount {token} is too large (at most {})", Chips::MAX));
    }
    // Tell apart numbers that are not whole chips from text that is no number at all.
    let reason = match token.parse::<f64>() {
        Ok(x) if x.is_nan() => return Err("expected an amount after \"cbr\"".into()),
        Ok(_) if token.starts_with('-') => "amounts must not be negative",
        Ok(x) if x.is_infinite() => return Err("expected an amount after \"cbr\"".into()),
        Ok(x) if x.fract() != 0.0 => "amounts must be whole chips",
        Ok(_) => "amounts must be plain digits, like 7000",
        Err(_) => return Err("expected an amount after \"cbr\"".into()),
    };
    Err(format!(
        "expected an amount after \"cbr\", found \"{token}\": {reason}"
    ))
}

/// Cards are not read by the engine, but a malformed card string is a sign of a broken
/// action, so they must at least look like cards: rank and suit pairs, or `??` for unknown.
fn optional_cards(token: Option<&str>) -> Result<Option<&str>, String> {
    let Some(token) = token else { return Ok(None) };
    let b = token.as_bytes();
    let valid = b.len() % 2 == 0 && b.chunks_exact(2).all(card);
    if valid {
        Ok(Some(token))
    } else {
        Err(format!(
            "expected cards such as \"AcKd\" (or \"????\" when unknown), found \"{token}\""
        ))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The table reads every pair of bytes as the card's definition does.
    #[test]
    fn a_card_is_a_rank_then_a_suit_or_two_question_marks() {
        let mut cards = 0;
        for r in 0..=255u8 {
            for s in 0..=255u8 {
                let by_rule =
                    [r, s] == *b"??" || b"23456789TJQKA".contains(&r) && b"cdhs".contains(&s);
                assert_eq!(card(&[r, s]), by_rule, "{r} {s}");
                cards += usize::from(by_rule);
            }
        }
        assert_eq!(cards, 53);
        assert!(!card(b"A") && !card(b"Acd"));
    }

    fn general(text: &str, players: usize) -> Result<ActionKind, String> {
        parse_tokens(text.split_whitespace(), players)
    }

    /// The one-pass reader answers for every action of the generated
    /// vectors (so the fast path is the one taken), and as the word reader does.
    #[test]
    fn simple_actions_read_as_the_word_reader_reads_them() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/generated");
        let mut read = 0;
        for kind in ["NT", "PT", "FT"] {
            let hands = crate::phh::parse_file(&dir.join(format!("hands-{kind}.phhs"))).unwrap();
            for hand in &hands {
                for a in &hand.actions {
                    let fast = simple(a.text.as_bytes(), hand.players());
                    assert_eq!(fast, Some(a.kind), "{}", a.text);
                    assert_eq!(Ok(a.kind), general(&a.text, hand.players()));
                    read += 1;
                }
            }
        }
        assert!(read > 10_000, "{read}");
        for (text, players) in [
            ("p01 cc", 2),
            ("p3 cc", 2),
            ("p0 f", 2),
            ("p1  cc", 2),
            ("p1 cbr 007", 2),
            ("p1 cbr 99999999999999999999", 2),
            ("d dh p1 AcK", 2),
            ("d db", 2),
            ("d dbx", 2),
            ("p1 sm", 2),
            ("p1 sd ????", 2),
        ] {
            if let Some(kind) = simple(text.as_bytes(), players) {
                assert_eq!(Ok(kind), general(text, players), "{text}");
            }
        }
    }

    fn pick(items: &'static [&'static str]) -> impl Strategy<Value = &'static str> {
        prop::sample::select(items)
    }

    proptest! {
        /// Wherever the one-pass reader answers, the word reader gives the
        /// same: near-miss shapes built from the pieces of real actions.
        #[test]
        fn simple_agrees_with_the_word_reader(
            head in pick(&["p", "d dh p", "d db", "d d", "d", "P", " p"]),
            number in pick(&["1", "2", "9", "10", "0", "01", "", "x"]),
            verb in pick(&[" f", " cc", " pb", " cbr ", " sm", " sd", "", "  cc", " cbr", "\tcc", " fx"]),
            tail in pick(&["", "7", "007", "0", "AcKd", " AcKd", " ??", "??", " Kx", " 12", "\t", " #", " Ac Kd", "-5", "1.5"]),
            players in 1usize..12,
        ) {
            let text = format!("{head}{number}{verb}{tail}");
            if let Some(kind) = simple(text.as_bytes(), players) {
                prop_assert_eq!(Ok(kind), general(&text, players));
            }
        }
    }
}
