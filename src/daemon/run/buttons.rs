//! The buttons thread: wires the GPIO interrupts, retrying until the GPIO
//! chip can be opened, then holds the wiring until the daemon stops. The
//! presses themselves never pass through this thread: rpi-pal's interrupt
//! thread `try_send`s them straight into the inbox.

use tracing::{debug, info, warn};

use super::backoff::{Backoff, StopFlag};
use super::devices::ButtonsOpener;
use super::input::InputTx;

/// Keeps trying to wire the buttons, then holds them until the stop.
pub fn spawn(
    mut open: ButtonsOpener,
    inbox: InputTx,
    mut retry: Backoff,
    stop: StopFlag,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    super::log::spawn("buttons", move || {
        let mut logged = false;
        loop {
            match open(inbox.clone()) {
                Ok(guard) => {
                    info!("buttons: listening");
                    stop.wait();
                    drop(guard);
                    return;
                }
                Err(e) => {
                    let wait = retry.next_delay();
                    if !logged {
                        warn!("{e}; retrying in the background");
                        logged = true;
                    } else {
                        debug!("{e}; next try in {wait:?}");
                    }
                    if stop.sleep(wait) {
                        return;
                    }
                }
            }
        }
    })
}
