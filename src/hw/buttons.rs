//! Dealer buttons: a pure debouncer / long-press detector, and under the `pi`
//! feature the GPIO edge interrupts that feed it. Which pin is which button,
//! and the timing, are the caller's (the house file's `[hardware]`); this
//! module only reads pins.
//!
//! Buttons short the pin to GND against the internal pull-up, so a low level
//! means pressed. A press is reported on release, which is when its length is
//! known.

use std::time::Duration;

// The dealer's input vocabulary is the ui's; this module only reads pins.
pub use crate::ui::{Button, Press};

impl Button {
    fn index(self) -> usize {
        match self {
            Button::Fold => 0,
            Button::CheckCall => 1,
            Button::BetRaise => 2,
            Button::Minus => 3,
            Button::Plus => 4,
            Button::Ok => 5,
            Button::Undo => 6,
        }
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct State {
    pressed: bool,
    pressed_at: Duration,
    last_edge: Option<Duration>,
}

/// Turns raw edges into presses. Pure: time comes in with each edge.
#[derive(Debug, Clone)]
pub struct Debouncer {
    debounce: Duration,
    long_press: Duration,
    state: [State; 7],
}

impl Debouncer {
    /// All buttons released.
    pub fn new(debounce: Duration, long_press: Duration) -> Self {
        Self {
            debounce,
            long_press,
            state: [State::default(); 7],
        }
    }

    /// Feed one edge: `level` is the pin level after it (low = pressed), `at`
    /// a monotonic timestamp. Returns a press when a button is released.
    pub fn on_edge(&mut self, button: Button, level: bool, at: Duration) -> Option<Press> {
        let s = &mut self.state[button.index()];
        let pressed = !level;
        if let Some(last) = s.last_edge {
            // saturating: a timestamp from before the last edge is bounce too.
            if at.saturating_sub(last) < self.debounce {
                return None;
            }
        }
        if pressed == s.pressed {
            // A missed edge in between; the level is what matters.
            return None;
        }
        s.last_edge = Some(at);
        s.pressed = pressed;
        if pressed {
            s.pressed_at = at;
            None
        } else {
            let held = at.saturating_sub(s.pressed_at);
            Some(Press {
                button,
                long: held >= self.long_press,
            })
        }
    }

    /// Whether the debouncer currently believes `button` is held.
    pub fn is_pressed(&self, button: Button) -> bool {
        self.state[button.index()].pressed
    }
}

#[cfg(feature = "pi")]
pub use pi::{listen, ButtonError, ButtonListener};

#[cfg(feature = "pi")]
mod pi {
    use std::sync::{Arc, Mutex, PoisonError};
    use std::time::Duration;

    use rpi_pal::gpio::{Event, Gpio, InputPin, Trigger};
    use thiserror::Error;

    use super::{Button, Debouncer, Press};

    /// Setting up the button GPIOs failed.
    #[derive(Debug, Error)]
    pub enum ButtonError {
        /// The GPIO character device refused (a pin claimed twice among them).
        #[error("GPIO: {0}")]
        Gpio(#[from] rpi_pal::gpio::Error),
    }

    /// Keeps the interrupt threads alive; drop it to stop listening.
    pub struct ButtonListener {
        _pins: Vec<InputPin>,
    }

    /// Configure the pins with pull-ups and hand each press to `on_press`.
    ///
    /// rpi-pal runs the callbacks on its interrupt thread, woken by the
    /// kernel's edge events: no polling. `on_press` runs on that thread, so it
    /// must not block: the daemon's does a `try_send` into a bounded channel,
    /// because if the consumer is that far behind, dropping a press is the
    /// lesser evil.
    pub fn listen(
        gpio: &Gpio,
        pins: &[(Button, u8)],
        debounce: Duration,
        long_press: Duration,
        on_press: impl Fn(Press) + Send + Sync + 'static,
    ) -> Result<ButtonListener, ButtonError> {
        let debouncer = Arc::new(Mutex::new(Debouncer::new(debounce, long_press)));
        let on_press = Arc::new(on_press);
        let map = pins;
        let mut pins = Vec::with_capacity(map.len());
        for &(button, pin) in map {
            let mut input = gpio.get(pin)?.into_input_pullup();
            let debouncer = Arc::clone(&debouncer);
            let on_press = Arc::clone(&on_press);
            input.set_async_interrupt(Trigger::Both, Some(debounce), move |event: Event| {
                let level = matches!(event.trigger, Trigger::RisingEdge);
                let press = debouncer
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .on_edge(button, level, event.timestamp);
                if let Some(press) = press {
                    on_press(press);
                }
            })?;
            pins.push(input);
        }
        Ok(ButtonListener { _pins: pins })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn deb() -> Debouncer {
        Debouncer::new(ms(20), ms(600))
    }

    #[test]
    fn short_press_reported_on_release() {
        let mut d = deb();
        assert_eq!(d.on_edge(Button::Fold, false, ms(1000)), None);
        assert!(d.is_pressed(Button::Fold));
        assert_eq!(
            d.on_edge(Button::Fold, true, ms(1120)),
            Some(Press {
                button: Button::Fold,
                long: false
            })
        );
    }

    #[test]
    fn long_press_at_threshold() {
        let mut d = deb();
        d.on_edge(Button::Ok, false, ms(0));
        assert_eq!(
            d.on_edge(Button::Ok, true, ms(600)),
            Some(Press {
                button: Button::Ok,
                long: true
            })
        );
        d.on_edge(Button::Ok, false, ms(1000));
        assert_eq!(
            d.on_edge(Button::Ok, true, ms(1599)).map(|p| p.long),
            Some(false)
        );
    }

    #[test]
    fn bounces_inside_window_are_ignored() {
        let mut d = deb();
        let edges = [
            (false, 100),
            (true, 102),
            (false, 105),
            (true, 111),
            (false, 115),
        ];
        for (level, t) in edges {
            assert_eq!(d.on_edge(Button::Plus, level, ms(t)), None);
        }
        assert!(d.is_pressed(Button::Plus));
        // Release bounces too; only the first release counts.
        let first = d.on_edge(Button::Plus, true, ms(300));
        assert_eq!(first.map(|p| p.button), Some(Button::Plus));
        assert_eq!(d.on_edge(Button::Plus, false, ms(305)), None);
        assert_eq!(d.on_edge(Button::Plus, true, ms(310)), None);
        assert!(!d.is_pressed(Button::Plus));
    }

    #[test]
    fn repeated_level_is_not_a_press() {
        let mut d = deb();
        assert_eq!(d.on_edge(Button::Minus, true, ms(50)), None);
        assert_eq!(d.on_edge(Button::Minus, true, ms(500)), None);
    }

    #[test]
    fn buttons_are_independent() {
        let mut d = deb();
        d.on_edge(Button::Fold, false, ms(0));
        d.on_edge(Button::Undo, false, ms(5));
        assert_eq!(
            d.on_edge(Button::Undo, true, ms(50)).map(|p| p.button),
            Some(Button::Undo)
        );
        assert_eq!(
            d.on_edge(Button::Fold, true, ms(700)),
            Some(Press {
                button: Button::Fold,
                long: true
            })
        );
    }

    #[test]
    fn time_going_backwards_does_not_panic() {
        let mut d = deb();
        d.on_edge(Button::BetRaise, false, ms(1000));
        assert_eq!(d.on_edge(Button::BetRaise, true, ms(10)), None);
    }
}
