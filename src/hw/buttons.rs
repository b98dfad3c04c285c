//! Dealer buttons: a pure debouncer / long-press detector, and under the `pi`
//! feature the GPIO edge interrupts that feed it.
//!
//! Buttons short the pin to GND against the internal pull-up, so a low level
//! means pressed. A press is reported on release, which is when its length is
//! known.

use std::time::Duration;

use serde::Deserialize;
use thiserror::Error;

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

/// Button wiring and timing, from the daemon's config file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ButtonPins {
    /// BCM GPIO number of Fold.
    pub fold: u8,
    /// BCM GPIO number of Check/Call.
    pub check_call: u8,
    /// BCM GPIO number of Bet/Raise.
    pub bet_raise: u8,
    /// BCM GPIO number of Minus.
    pub minus: u8,
    /// BCM GPIO number of Plus.
    pub plus: u8,
    /// BCM GPIO number of OK.
    pub ok: u8,
    /// BCM GPIO number of Undo.
    pub undo: u8,
    /// Edges closer than this to the last accepted one are contact bounce.
    pub debounce_ms: u64,
    /// Held this long or longer, a press is long.
    pub long_press_ms: u64,
}

impl Default for ButtonPins {
    fn default() -> Self {
        Self {
            fold: 5,
            check_call: 6,
            bet_raise: 13,
            minus: 19,
            plus: 26,
            ok: 16,
            undo: 20,
            debounce_ms: 20,
            long_press_ms: 600,
        }
    }
}

/// A button configuration that cannot work.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ButtonConfigError {
    /// Two buttons on one pin would be indistinguishable.
    #[error("GPIO {pin} is assigned to both {first:?} and {second:?}")]
    DuplicatePin {
        /// The pin.
        pin: u8,
        /// The first button on it.
        first: Button,
        /// The second button on it.
        second: Button,
    },
    /// The Pi's header exposes BCM GPIO 0..=27 only.
    #[error("GPIO {pin} for {button:?} is not on the 40-pin header")]
    NoSuchPin {
        /// The pin.
        pin: u8,
        /// The button.
        button: Button,
    },
}

impl ButtonPins {
    /// Every button with its pin.
    pub fn pins(&self) -> [(Button, u8); 7] {
        [
            (Button::Fold, self.fold),
            (Button::CheckCall, self.check_call),
            (Button::BetRaise, self.bet_raise),
            (Button::Minus, self.minus),
            (Button::Plus, self.plus),
            (Button::Ok, self.ok),
            (Button::Undo, self.undo),
        ]
    }

    /// Reject configs that would silently misbehave.
    pub fn validate(&self) -> Result<(), ButtonConfigError> {
        let pins = self.pins();
        for (i, &(button, pin)) in pins.iter().enumerate() {
            if pin > 27 {
                return Err(ButtonConfigError::NoSuchPin { pin, button });
            }
            if let Some(&(first, _)) = pins[..i].iter().find(|(_, p)| *p == pin) {
                return Err(ButtonConfigError::DuplicatePin {
                    pin,
                    first,
                    second: button,
                });
            }
        }
        Ok(())
    }

    /// The debouncer these settings describe.
    pub fn debouncer(&self) -> Debouncer {
        Debouncer::new(
            Duration::from_millis(self.debounce_ms),
            Duration::from_millis(self.long_press_ms),
        )
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

    use super::{ButtonConfigError, ButtonPins, Press};

    /// Setting up the button GPIOs failed.
    #[derive(Debug, Error)]
    pub enum ButtonError {
        /// The config is unusable.
        #[error(transparent)]
        Config(#[from] ButtonConfigError),
        /// The GPIO character device refused.
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
        cfg: &ButtonPins,
        on_press: impl Fn(Press) + Send + Sync + 'static,
    ) -> Result<ButtonListener, ButtonError> {
        cfg.validate()?;
        let debouncer = Arc::new(Mutex::new(cfg.debouncer()));
        let debounce = Some(Duration::from_millis(cfg.debounce_ms));
        let on_press = Arc::new(on_press);
        let mut pins = Vec::with_capacity(7);
        for (button, pin) in cfg.pins() {
            let mut input = gpio.get(pin)?.into_input_pullup();
            let debouncer = Arc::clone(&debouncer);
            let on_press = Arc::clone(&on_press);
            input.set_async_interrupt(Trigger::Both, debounce, move |event: Event| {
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

    #[test]
    fn config_defaults_and_overrides() {
        let cfg: ButtonPins = toml::from_str("").unwrap();
        assert_eq!(cfg, ButtonPins::default());
        assert_eq!(cfg.pins()[0], (Button::Fold, 5));
        assert_eq!(cfg.long_press_ms, 600);
        cfg.validate().unwrap();

        let cfg: ButtonPins = toml::from_str("ok = 21\nlong_press_ms = 800").unwrap();
        assert_eq!(cfg.ok, 21);
        assert_eq!(cfg.fold, 5);
        assert_eq!(cfg.debouncer().long_press, ms(800));
    }

    #[test]
    fn config_rejects_shared_and_missing_pins() {
        let cfg = ButtonPins {
            undo: 5,
            ..ButtonPins::default()
        };
        assert_eq!(
            cfg.validate(),
            Err(ButtonConfigError::DuplicatePin {
                pin: 5,
                first: Button::Fold,
                second: Button::Undo
            })
        );
        let cfg = ButtonPins {
            plus: 40,
            ..ButtonPins::default()
        };
        assert!(matches!(
            cfg.validate(),
            Err(ButtonConfigError::NoSuchPin { pin: 40, .. })
        ));
        assert!(toml::from_str::<ButtonPins>("fodl = 3").is_err());
    }
}
