//! Picking from a list with plus and minus: the one way every menu, seat
//! picker and count on the panel moves, so they all wrap the same way.

use super::Button;

/// Plus moves to the next of `n` places and minus to the previous, both
/// wrapping; other buttons stay. Out-of-range positions come back in range.
pub fn step(at: usize, n: usize, button: Button) -> usize {
    let n = n.max(1);
    let at = at % n;
    match button {
        Button::Plus => (at + 1) % n,
        Button::Minus => (at + n - 1) % n,
        _ => at,
    }
}

/// The item after (or before) `current` in `items`; an item no longer in
/// the list (a seat just taken) starts again from the first. `None` when
/// the list is empty.
pub fn step_in<T: PartialEq + Copy>(items: &[T], current: T, button: Button) -> Option<T> {
    let at = items.iter().position(|&x| x == current).unwrap_or(0);
    items.get(step(at, items.len(), button)).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plus_and_minus_wrap_and_others_stay() {
        assert_eq!(step(2, 3, Button::Plus), 0);
        assert_eq!(step(0, 3, Button::Minus), 2);
        assert_eq!(step(1, 3, Button::Ok), 1);
        assert_eq!(step(7, 3, Button::Ok), 1, "out of range comes back");
        assert_eq!(step(0, 0, Button::Plus), 0, "an empty list stays at 0");
    }

    #[test]
    fn a_vanished_item_starts_from_the_first() {
        let seats = [1, 4, 6];
        assert_eq!(step_in(&seats, 4, Button::Plus), Some(6));
        assert_eq!(step_in(&seats, 1, Button::Minus), Some(6));
        assert_eq!(step_in(&seats, 5, Button::Ok), Some(1));
        assert_eq!(step_in::<usize>(&[], 5, Button::Plus), None);
    }
}
