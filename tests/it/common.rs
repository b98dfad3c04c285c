//! Shared by the integration tests.

use std::process::Command;

/// The `dealerd` binary, run the way cargo runs the tests: when they are
/// cross-built (aarch64 under qemu), a child binary needs the same runner,
/// because the host kernel cannot execute it on its own.
pub fn dealerd() -> Command {
    let bin = env!("CARGO_BIN_EXE_dealerd");
    let runner = if cfg!(target_arch = "aarch64") {
        std::env::var("CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER").ok()
    } else {
        None
    };
    let mut words = runner.as_deref().unwrap_or("").split_whitespace();
    match words.next() {
        Some(program) => {
            let mut cmd = Command::new(program);
            cmd.args(words).arg(bin);
            cmd
        }
        None => Command::new(bin),
    }
}
