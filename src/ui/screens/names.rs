//! How the panel writes players and amounts: by name or seat number, and
//! money in the house's unit. Shared by every screen that names anyone.

use std::fmt;

use crate::engine::{Chips, Seat};
use crate::rules::Times;
use crate::table::{CurrentHand, Table};

/// Amounts as the house writes them (`unit.times`), without the currency:
/// every amount on the panel is money, and the characters are scarce.
pub fn money(table: &Table, units: Chips) -> Times {
    table.rules().house.unit.shown(units)
}

/// A seat's player by name, or the seat by number.
#[derive(Debug, Clone, Copy)]
pub(in crate::ui) enum Who<'a> {
    Named(&'a str),
    Seat(usize),
}

impl fmt::Display for Who<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Who::Named(name) => f.pad(name),
            Who::Seat(seat) => write!(f, "seat {}", seat + 1),
        }
    }
}

/// The player at a table seat.
pub(in crate::ui) fn seat_name(table: &Table, seat: usize) -> Who<'_> {
    table
        .player(seat)
        .map_or(Who::Seat(seat), |p| Who::Named(&p.name))
}

/// The player at a hand's seat.
pub(super) fn name<'a>(table: &'a Table, hand: &CurrentHand, seat: Seat) -> Who<'a> {
    match hand.order.get(seat).and_then(|&s| table.player(s)) {
        Some(p) => Who::Named(&p.name),
        None => Who::Seat(seat),
    }
}

/// Every seated player's form in `room` characters ([`short_names`]),
/// by table seat: taken over the whole table, so two players on one
/// screen are never drawn alike whichever of them it names.
pub(in crate::ui) struct Names(Vec<Option<String>>);

impl Names {
    pub(in crate::ui) fn of(table: &Table, room: usize) -> Names {
        let seated: Vec<(usize, &str)> = table
            .seats()
            .iter()
            .enumerate()
            .filter_map(|(s, p)| Some((s, &*p.as_ref()?.name)))
            .collect();
        let names: Vec<&str> = seated.iter().map(|&(_, n)| n).collect();
        let mut forms = vec![None; table.seats().len()];
        for ((s, _), f) in seated.iter().zip(short_names(&names, room)) {
            if let Some(slot) = forms.get_mut(*s) {
                *slot = Some(f);
            }
        }
        Names(forms)
    }

    /// The player at a table seat, or the seat.
    pub(in crate::ui) fn seat(&self, seat: usize) -> Who<'_> {
        match self.0.get(seat).and_then(Option::as_deref) {
            Some(n) => Who::Named(n),
            None => Who::Seat(seat),
        }
    }

    /// The player at a hand's seat.
    pub(in crate::ui) fn hand(&self, hand: &CurrentHand, seat: Seat) -> Who<'_> {
        match hand.order.get(seat) {
            Some(&s) => self.seat(s),
            None => Who::Seat(seat),
        }
    }
}

/// Players a screen names who may have left the table since (the last
/// hand's winners once they cashed out), each in `room` characters by
/// [`short_names`] taken together with everyone still seated, so that
/// none is drawn like another player on the screen.
pub(in crate::ui) fn short_with_seated(table: &Table, names: &[&str], room: usize) -> Vec<String> {
    let mut all: Vec<&str> = names.to_vec();
    all.extend(
        table
            .seats()
            .iter()
            .flatten()
            .map(|p| &*p.name)
            .filter(|n| !names.contains(n)),
    );
    let mut forms = short_names(&all, room);
    forms.truncate(names.len());
    forms
}

/// How each of the players one screen names is written in at most `room`
/// characters, so that no two of them are drawn alike (issue 32: walk-ins
/// read "D Gue SB Gue BB Gue"; the settle-up "Guest>Guest").
///
/// The rule, the same on every screen: a name that fits is whole. One
/// that does not becomes its initials and last word ("Guest 10" is
/// "G10"), or its first letters and its last ("Alexander" in five is
/// "Alexr"). A form is taken only if it is no other player's name or
/// form and no name starts with it (so it cannot be read as a name cut
/// short: "Alexa" could be either Alexander or Alexandra); otherwise fewer
/// first letters and the letter where the names part ("Alexandra" is
/// "Alea"), and last the position on the list. Names are never cut without a sign: a form either is the whole
/// name or differs from every other name's first letters.
pub(in crate::ui) fn short_names(names: &[&str], room: usize) -> Vec<String> {
    let room = room.max(2);
    let mut forms: Vec<Option<String>> = names
        .iter()
        .map(|n| (n.chars().count() <= room).then(|| n.to_string()))
        .collect();
    for (i, name) in names.iter().enumerate() {
        if forms[i].is_some() {
            continue;
        }
        let others: Vec<&str> = names
            .iter()
            .enumerate()
            .filter(|&(j, o)| j != i && o != name)
            .map(|(_, o)| *o)
            .collect();
        let clear = |f: &str, forms: &[Option<String>]| {
            !name.starts_with(f)
                && !others.iter().any(|o| o.starts_with(f))
                && !forms.iter().flatten().any(|g| g == f)
        };
        let chosen = candidates(name, &others, room)
            .find(|f| clear(f, &forms))
            .unwrap_or_else(|| numbered(name, i, room, &forms));
        forms[i] = Some(chosen);
    }
    forms.into_iter().map(Option::unwrap_or_default).collect()
}

/// A name's short forms in `room`, best first ([`short_names`]).
fn candidates<'a>(
    name: &'a str,
    others: &'a [&str],
    room: usize,
) -> impl Iterator<Item = String> + 'a {
    let words: Vec<&str> = name.split_whitespace().collect();
    let compact: String = match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => rest
            .iter()
            .filter_map(|w| w.chars().next())
            .chain(last.chars())
            .collect(),
        _ => name.chars().filter(|c| !c.is_whitespace()).collect(),
    };
    let chars: Vec<char> = compact.chars().collect();
    // How the name ends: its whole number ("Max12" for "Maximilian12"),
    // else its last letter.
    let digits = chars
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_digit())
        .count();
    let tail: String = chars[chars.len() - digits.max(1).min(chars.len())..]
        .iter()
        .collect();
    let keep = chars.len().saturating_sub(tail.chars().count());
    // Where this name first differs from the one most like it.
    let part = others
        .iter()
        .map(|o| {
            let o: String = o.chars().filter(|c| !c.is_whitespace()).collect();
            chars
                .iter()
                .zip(o.chars())
                .take_while(|(a, b)| **a == *b)
                .count()
        })
        .max()
        .unwrap_or(0);
    let apart = chars.get(part).copied();
    let whole = (chars.len() <= room).then(|| compact.clone());
    let ends = (1..room.saturating_sub(tail.len()).max(1) + 1)
        .rev()
        .map(move |k| {
            let mut f: String = chars.iter().take(k.min(keep)).collect();
            f.push_str(&tail);
            f
        });
    let chars2: Vec<char> = compact.chars().collect();
    let parts = (1..room).rev().filter_map(move |k| {
        let c = apart?;
        let mut f: String = chars2.iter().take(k.min(part)).collect();
        f.push(c);
        Some(f)
    });
    whole.into_iter().chain(ends).chain(parts)
}

/// The last resort: the first letters and the name's place on the list,
/// unique since places are.
fn numbered(name: &str, i: usize, room: usize, forms: &[Option<String>]) -> String {
    let tag = (i + 1).to_string();
    let mut f: String = name
        .chars()
        .filter(|c| !c.is_whitespace())
        .take(room.saturating_sub(tag.len() + 1).max(1))
        .collect();
    f.push('#');
    f.push_str(&tag);
    while forms.iter().flatten().any(|g| *g == f) {
        f.insert(0, '#');
    }
    f
}

#[cfg(test)]
mod tests {
    use super::short_names;

    fn apart(names: &[&str], room: usize) -> Vec<String> {
        let forms = short_names(names, room);
        for (i, f) in forms.iter().enumerate() {
            assert!(f.chars().count() <= room.max(2) + 2, "{f:?} in {room}");
            for (j, g) in forms.iter().enumerate() {
                if i != j && names[i] != names[j] {
                    assert_ne!(f, g, "{names:?} in {room}: {forms:?}");
                    assert!(
                        *f == names[i]
                            || !(names[j].starts_with(f.as_str())
                                || names[i].starts_with(f.as_str())),
                        "{f:?} reads as {:?} cut: {forms:?}",
                        names[j]
                    );
                }
            }
        }
        forms
    }

    #[test]
    fn walk_ins_keep_their_numbers_and_look_alikes_stay_apart() {
        let guests: Vec<String> = (1..=10).map(|i| format!("Guest {i}")).collect();
        let g: Vec<&str> = guests.iter().map(String::as_str).collect();
        assert_eq!(apart(&g, 3)[..3], ["G1", "G2", "G3"]);
        assert_eq!(apart(&g, 3)[9], "G10");
        assert_eq!(apart(&g, 8)[9], "Guest 10", "whole where it fits");
        let alex = apart(&["Alexander", "Alexandra"], 5);
        assert_eq!(alex, ["Alexr", "Alea"]);
        assert_eq!(apart(&["Al", "Alexander", "Alexandra", "Jo"], 3)[0], "Al");
        for room in 2..=12 {
            let mut all = g.clone();
            all.extend([
                "Alexander",
                "Alexandra",
                "Christopher",
                "Christophe",
                "Jo",
                "J",
            ]);
            all.extend(["Johnson", "Johnsen", "Maximilian12", "Maximilian1"]);
            apart(&all, room);
        }
    }
}
