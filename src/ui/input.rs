//! The dealer's input vocabulary: seven buttons, pressed short or long.
//! The hardware (`hw::buttons`) and the simulator produce these; the
//! controller reads them.

/// The seven physical buttons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Button {
    /// Fold.
    Fold,
    /// Check or call.
    CheckCall,
    /// Bet or raise.
    BetRaise,
    /// Decrease an amount.
    Minus,
    /// Increase an amount.
    Plus,
    /// Confirm.
    Ok,
    /// Undo the last action.
    Undo,
}

impl Button {
    /// Every button, in a fixed order.
    pub const ALL: [Button; 7] = [
        Button::Fold,
        Button::CheckCall,
        Button::BetRaise,
        Button::Minus,
        Button::Plus,
        Button::Ok,
        Button::Undo,
    ];
}

/// A completed press.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Press {
    /// Which button.
    pub button: Button,
    /// Held at least the long-press threshold.
    pub long: bool,
}
