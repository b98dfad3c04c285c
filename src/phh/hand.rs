//! Turns one TOML table into a [`PhhHand`], checking each field's shape.

use std::ops::Range;

use super::action::{parse_action, strip_comment};
use super::raw::{LineIndex, Node, Raw};
use super::{position, Chips, PhhAction, PhhError, PhhHand};

#[derive(Clone, Copy)]
pub(crate) struct Ctx<'a> {
    pub file: &'a str,
    pub lines: &'a LineIndex<'a>,
    pub hand: Option<usize>,
}

impl Ctx<'_> {
    pub fn err(&self, span: Option<&Range<usize>>, message: impl Into<String>) -> PhhError {
        PhhError::Invalid {
            file: self.file.to_owned(),
            at: span.map(|s| position(self.lines, s.start)),
            hand: self.hand,
            message: message.into(),
        }
    }
}

/// `table_span` is where a missing field is reported: the hand's table header in a `.phhs`,
/// nowhere in particular in a `.phh`.
pub(crate) fn build(
    ctx: &Ctx,
    number: usize,
    table_span: Option<&Range<usize>>,
    fields: &[(String, Node)],
) -> Result<PhhHand, PhhError> {
    let get = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v);
    let missing = |name: &str, expected: &str| {
        ctx.err(table_span, format!("missing `{name}`: expected {expected}"))
    };

    let variant = match get("variant") {
        None => return Err(missing("variant", "a game code such as \"NT\"")),
        Some(Node {
            value: Raw::String(s),
            ..
        }) if !s.trim().is_empty() => s.clone(),
        Some(node) => {
            let found = match &node.value {
                Raw::String(_) => "an empty string",
                other => other.kind(),
            };
            return Err(ctx.err(
                node.span.as_ref(),
                format!("`variant`: expected a game code such as \"NT\", found {found}"),
            ));
        }
    };

    let Some(stacks_node) = get("starting_stacks") else {
        return Err(missing(
            "starting_stacks",
            "an array of chip counts, one per player",
        ));
    };
    let starting_stacks = chips_array(ctx, stacks_node, "starting_stacks")?;
    let players = starting_stacks.len();
    if players < 2 {
        return Err(ctx.err(
            stacks_node.span.as_ref(),
            format!("`starting_stacks`: expected at least 2 players, found {players}"),
        ));
    }

    let per_player = |name: &str| -> Result<Option<Vec<Chips>>, PhhError> {
        let Some(node) = get(name) else {
            return Ok(None);
        };
        let values = chips_array(ctx, node, name)?;
        if values.len() != players {
            return Err(ctx.err(
                node.span.as_ref(),
                format!(
                    "`{name}`: expected one entry per player ({players}, as in `starting_stacks`), found {}",
                    values.len()
                ),
            ));
        }
        Ok(Some(values))
    };
    let antes = per_player("antes")?.unwrap_or_else(|| vec![0; players]);
    let blinds_or_straddles =
        per_player("blinds_or_straddles")?.unwrap_or_else(|| vec![0; players]);
    let finishing_stacks = per_player("finishing_stacks")?;

    let optional_chips = |name: &str| get(name).map(|n| chips(ctx, n, name)).transpose();

    let ante_trimming_status = match get("ante_trimming_status") {
        None => false,
        Some(Node {
            value: Raw::Bool(b),
            ..
        }) => *b,
        Some(node) => {
            return Err(ctx.err(
                node.span.as_ref(),
                format!(
                    "`ante_trimming_status`: expected true or false, found {}",
                    node.value.kind()
                ),
            ))
        }
    };

    let Some(actions_node) = get("actions") else {
        return Err(missing("actions", "an array of action strings"));
    };
    let actions = actions(ctx, actions_node, players)?;

    let ranking_of = |name: &str| match get(name) {
        None => Ok(Vec::new()),
        Some(node) => ranking(ctx, node, name, players),
    };

    Ok(PhhHand {
        number,
        variant,
        ante_trimming_status,
        antes,
        blinds_or_straddles,
        bring_in: optional_chips("bring_in")?,
        small_bet: optional_chips("small_bet")?,
        big_bet: optional_chips("big_bet")?,
        min_bet: optional_chips("min_bet")?,
        starting_stacks,
        actions,
        finishing_stacks,
        ranking: ranking_of("_ranking")?,
        ranking_low: ranking_of("_ranking_low")?,
    })
}

fn chips(ctx: &Ctx, node: &Node, name: &str) -> Result<Chips, PhhError> {
    let reason = match &node.value {
        Raw::Integer(i) => match Chips::try_from(*i) {
            Ok(c) => return Ok(c),
            Err(_) => format!("found {i}: amounts must not be negative"),
        },
        Raw::Float(x) if *x < 0.0 => format!("found {x:?}: amounts must not be negative"),
        Raw::Float(x) => format!("found {x:?}: amounts must be whole chips"),
        other => format!("found {}", other.kind()),
    };
    Err(ctx.err(
        node.span.as_ref(),
        format!("`{name}`: expected a whole number of chips, {reason}"),
    ))
}

fn chips_array(ctx: &Ctx, node: &Node, name: &str) -> Result<Vec<Chips>, PhhError> {
    let Raw::Array(items) = &node.value else {
        return Err(ctx.err(
            node.span.as_ref(),
            format!(
                "`{name}`: expected an array of chip counts, one per player, found {}",
                node.value.kind()
            ),
        ));
    };
    items.iter().map(|item| chips(ctx, item, name)).collect()
}

fn actions(ctx: &Ctx, node: &Node, players: usize) -> Result<Vec<PhhAction>, PhhError> {
    let Raw::Array(items) = &node.value else {
        return Err(ctx.err(
            node.span.as_ref(),
            format!(
                "`actions`: expected an array of action strings, found {}",
                node.value.kind()
            ),
        ));
    };
    let mut out = Vec::with_capacity(items.len());
    let mut last: Option<(usize, usize, usize)> = None;
    for item in items {
        let Raw::String(raw) = &item.value else {
            return Err(ctx.err(
                item.span.as_ref(),
                format!(
                    "`actions`: expected an action string such as \"p1 cc\", found {}",
                    item.value.kind()
                ),
            ));
        };
        let text = strip_comment(raw);
        let kind = parse_action(text, players)
            .map_err(|why| ctx.err(item.span.as_ref(), format!("action {text:?}: {why}")))?;
        // Values from a parsed document always have a span; 0 would mean "unknown".
        let (line, column) = match (item.span.as_ref(), last) {
            (Some(s), Some(earlier)) => ctx.lines.position_after(earlier, s.start),
            (Some(s), None) => ctx.lines.position(s.start),
            (None, _) => (0, 0),
        };
        if let Some(s) = item.span.as_ref() {
            last = Some((s.start, line, column));
        }
        out.push(PhhAction {
            text: text.into(),
            kind,
            line,
            column,
        });
    }
    Ok(out)
}

fn ranking(
    ctx: &Ctx,
    node: &Node,
    name: &str,
    players: usize,
) -> Result<Vec<Vec<usize>>, PhhError> {
    let shape = |node: &Node| {
        ctx.err(
            node.span.as_ref(),
            format!(
                "`{name}`: expected groups of player numbers such as [[2], [1, 3]], found {}",
                node.value.kind()
            ),
        )
    };
    let Raw::Array(groups) = &node.value else {
        return Err(shape(node));
    };
    let mut seen = vec![false; players + 1];
    let mut out = Vec::with_capacity(groups.len());
    for group in groups {
        let Raw::Array(members) = &group.value else {
            return Err(shape(group));
        };
        let mut ids = Vec::with_capacity(members.len());
        for member in members {
            let at = member.span.as_ref();
            let Raw::Integer(i) = member.value else {
                return Err(ctx.err(
                    at,
                    format!(
                        "`{name}`: expected a player number, found {}",
                        member.value.kind()
                    ),
                ));
            };
            let id = usize::try_from(i)
                .ok()
                .filter(|&p| (1..=players).contains(&p));
            let Some(id) = id else {
                return Err(ctx.err(
                    at,
                    format!(
                        "`{name}`: there is no player {i}: the hand has {players} players, 1 to {players}"
                    ),
                ));
            };
            if let Some(flag) = seen.get_mut(id) {
                if *flag {
                    return Err(ctx.err(at, format!("`{name}`: player {id} is listed twice")));
                }
                *flag = true;
            }
            ids.push(id);
        }
        out.push(ids);
    }
    Ok(out)
}
