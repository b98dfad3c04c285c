//! The action strings of PHH: `d dh p1 AcKd`, `p3 cbr 7000`, …

use super::{ActionKind, Chips};

/// The action without a `# comment`, trimmed. PHH allows comments inside the action
/// strings as well as after them, and the replay output must show neither.
pub(crate) fn strip_comment(raw: &str) -> &str {
    // Bytes, not `split('#')`: the char searcher was a tenth of reading an action.
    let end = raw.bytes().position(|b| b == b'#').unwrap_or(raw.len());
    raw[..end].trim()
}

/// Parses a comment-free action for a hand of `players` players. The error is the reason
/// alone; the caller adds where and which action.
#[inline]
pub(crate) fn parse_action(text: &str, players: usize) -> Result<ActionKind, String> {
    if text.is_ascii() {
        parse_tokens(AsciiWords(text), players)
    } else {
        parse_tokens(text.split_whitespace(), players)
    }
}

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
    let valid = b.len() % 2 == 0
        && b.chunks(2).all(|c| match c {
            [b'?', b'?'] => true,
            [r, s] => b"23456789TJQKA".contains(r) && b"cdhs".contains(s),
            _ => false,
        });
    if valid {
        Ok(Some(token))
    } else {
        Err(format!(
            "expected cards such as \"AcKd\" (or \"????\" when unknown), found \"{token}\""
        ))
    }
}
