//! Reading hands in the PHH format (Poker Hand History, the phh-std specification).
//!
//! A `.phh` file is one hand, with its fields at the top level; a `.phhs` file holds many,
//! as the tables `[1]`, `[2]`, … Only the fields that the replay contract reads
//! (`tests/data/VECTORS.md`) are kept, plus the `_ranking` fields by which the dealer says who
//! won a showdown. Other fields (`author`, `players`, `event`, …) are ignored. The parser
//! checks the shape of the data, not the rules of poker: that is the engine's work.

mod action;
mod direct;
mod error;
mod fast;
mod hand;
mod raw;
#[cfg(test)]
mod tests;
mod text;

use std::path::Path;

pub(crate) use direct::Hands;
pub use error::{PhhError, Position};
pub use text::ActionText;

use raw::{LineIndex, Node, Raw};

/// A number of chips. PHH amounts are whole chips; fractions are rejected when parsing.
pub type Chips = u64;

/// One hand as written in a PHH file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhhHand {
    /// 1-based index of the hand in its file (1 for a `.phh`). In a `.phhs` it is also the
    /// table key: the tables must be numbered `[1]`, `[2]`, … without gaps.
    pub number: usize,
    /// The game code: "NT", "PT", "PO", "FT", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", …
    /// Not checked against a list, so that the engine can name what it does not support.
    pub variant: String,
    pub ante_trimming_status: bool,
    /// One per player; zeros when the file has none.
    pub antes: Vec<Chips>,
    /// One per player; zeros when the file has none.
    pub blinds_or_straddles: Vec<Chips>,
    pub bring_in: Option<Chips>,
    pub small_bet: Option<Chips>,
    pub big_bet: Option<Chips>,
    pub min_bet: Option<Chips>,
    /// One per player; its length is the number of players (at least 2).
    pub starting_stacks: Vec<Chips>,
    pub actions: Vec<PhhAction>,
    pub finishing_stacks: Option<Vec<Chips>>,
    /// `_ranking`: groups of tied player numbers (1-based), best first.
    pub ranking: Vec<Vec<usize>>,
    /// `_ranking_low`: the same for qualifying low hands in split games.
    pub ranking_low: Vec<Vec<usize>>,
}

impl PhhHand {
    pub fn players(&self) -> usize {
        self.starting_stacks.len()
    }

    /// No hand yet: what [`Hands::next_into`] first writes over.
    pub(crate) fn empty() -> Self {
        PhhHand {
            number: 0,
            variant: String::new(),
            ante_trimming_status: false,
            antes: Vec::new(),
            blinds_or_straddles: Vec::new(),
            bring_in: None,
            small_bet: None,
            big_bet: None,
            min_bet: None,
            starting_stacks: Vec::new(),
            actions: Vec::new(),
            finishing_stacks: None,
            ranking: Vec::new(),
            ranking_low: Vec::new(),
        }
    }
}

/// One entry of `actions`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhhAction {
    /// The action as written, trimmed, without a `# comment`.
    pub text: ActionText,
    pub kind: ActionKind,
    /// 1-based line and column of the action's string (its opening quote) in the file.
    pub line: usize,
    pub column: usize,
}

/// What an action does. Player numbers are 1-based, as in PHH (`p1` is 1). Cards are
/// checked for form but not kept: the engine does not read them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionKind {
    /// `d dh p3 7dKs`
    DealHole { player: usize },
    /// `d db Jc3d5c`
    DealBoard,
    /// `p1 f`
    Fold { player: usize },
    /// `p1 cc`
    CheckCall { player: usize },
    /// `p3 cbr 7000`: complete, bet or raise to `to`, the player's total for the street.
    CompleteBetRaise { player: usize, to: Chips },
    /// `p2 pb`
    BringIn { player: usize },
    /// `p1 sm 7c6c`, or `p2 sm` without cards.
    ShowMuck { player: usize },
    /// `p4 sd AsQs`, or `p1 sd` to stand pat.
    Draw { player: usize },
}

impl ActionKind {
    /// The player who acts, or `None` for the dealer's actions.
    pub fn player(&self) -> Option<usize> {
        match *self {
            ActionKind::DealHole { .. } | ActionKind::DealBoard => None,
            ActionKind::Fold { player }
            | ActionKind::CheckCall { player }
            | ActionKind::CompleteBetRaise { player, .. }
            | ActionKind::BringIn { player }
            | ActionKind::ShowMuck { player }
            | ActionKind::Draw { player } => Some(player),
        }
    }
}

/// Reads a PHH file: a `.phhs` (any case) is many hands, anything else one hand.
pub fn parse_file(path: &Path) -> Result<Vec<PhhHand>, PhhError> {
    let mut text = String::new();
    let multi = read_text(path, &mut text)?;
    parse_str(&path.display().to_string(), &text, multi)
}

/// Reads a PHH file's text into `text` (cleared first: a caller reading
/// many files keeps one buffer), and says whether it holds many hands (a
/// `.phhs`, any case).
pub fn read_text(path: &Path, text: &mut String) -> Result<bool, PhhError> {
    use std::io::Read as _;
    text.clear();
    std::fs::File::open(path)
        .and_then(|mut f| f.read_to_string(text))
        .map_err(|source| PhhError::Read {
            file: path.display().to_string(),
            source,
        })?;
    Ok(path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("phhs")))
}

/// The fields of a hand that dealerd wrote about itself and `dealerd
/// replay` reads besides PHH's (the hand's number of the night, the game
/// and the setup it was played under).
pub const OWN_FIELDS: [&str; 3] = ["hand", "_spec", "_setup"];

/// [`parse_str`], and whether the text may hold a field of [`OWN_FIELDS`]:
/// `false` only when the fast reader read every key and none was one. A
/// caller that reads those fields reads the text again only when `true`.
pub fn parse_str_noting(
    file_name: &str,
    text: &str,
    multi: bool,
) -> Result<(Vec<PhhHand>, bool), PhhError> {
    match direct::parse_noting(text, multi) {
        Some(read) => Ok(read),
        None => parse_tree(file_name, text, multi).map(|hands| (hands, true)),
    }
}

/// Parses PHH text. `file_name` is only for messages. With `multi`, the text holds the hands
/// as tables `[1]`, `[2]`, …, returned in that order; otherwise it is one hand.
pub fn parse_str(file_name: &str, text: &str, multi: bool) -> Result<Vec<PhhHand>, PhhError> {
    match direct::parse(text, multi) {
        Some(hands) => Ok(hands),
        None => parse_tree(file_name, text, multi),
    }
}

/// [`parse_str`] through the value tree: the path that takes any TOML and
/// names every error's place.
fn parse_tree(file_name: &str, text: &str, multi: bool) -> Result<Vec<PhhHand>, PhhError> {
    let lines = LineIndex::new(text);
    let root: Node = match fast::parse(text) {
        Some(root) => root,
        None => raw::parse(text).map_err(|e| PhhError::Toml {
            file: file_name.to_owned(),
            at: e.span.map(|s| position(&lines, s.start)),
            message: one_line(&e.message),
        })?,
    };
    let top = hand::Ctx {
        file: file_name,
        lines: &lines,
        hand: None,
    };
    let Raw::Table(entries) = root.value else {
        return Err(top.err(root.span.as_ref(), "expected a TOML document"));
    };
    if !multi {
        return Ok(vec![hand::build(&top, 1, None, &entries)?]);
    }

    let mut tables = Vec::with_capacity(entries.len());
    for (key, node) in &entries {
        let number = key
            .parse::<usize>()
            .ok()
            .filter(|&n| n >= 1 && key.bytes().all(|b| b.is_ascii_digit()));
        let Some(number) = number else {
            return Err(top.err(
                node.span.as_ref(),
                format!("expected hand tables [1], [2], …, found the key `{key}`"),
            ));
        };
        let Raw::Table(fields) = &node.value else {
            return Err(top.err(
                node.span.as_ref(),
                format!(
                    "`{key}`: expected a hand table [{key}], found {}",
                    node.value.kind()
                ),
            ));
        };
        tables.push((number, node.span.as_ref(), fields));
    }
    if tables.is_empty() {
        return Err(top.err(None, "no hands: expected hand tables [1], [2], …"));
    }
    tables.sort_by_key(|t| t.0);
    let mut hands = Vec::with_capacity(tables.len());
    for (i, (number, span, fields)) in tables.into_iter().enumerate() {
        if number < i + 1 {
            return Err(top.err(span, format!("hand [{number}] is given twice")));
        }
        if number > i + 1 {
            return Err(top.err(
                span,
                format!(
                    "hand tables must be numbered [1], [2], … without gaps: found [{number}] where [{}] was expected",
                    i + 1
                ),
            ));
        }
        let ctx = hand::Ctx {
            hand: Some(number),
            ..top
        };
        hands.push(hand::build(&ctx, number, span, fields)?);
    }
    Ok(hands)
}

fn position(lines: &LineIndex, offset: usize) -> Position {
    let (line, column) = lines.position(offset);
    Position { line, column }
}

/// Error messages are one line each, so that a log or a terminal shows them whole.
fn one_line(message: &str) -> String {
    message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}
