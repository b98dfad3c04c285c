//! Headless Chromium for the tests that check a page as a person sees it
//! (the report, the floor): whether the machine has it (CI installs
//! Debian's `chromium`), a run of it, and what a screenshot must look like.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Whether `chromium` runs here.
pub fn chromium() -> bool {
    Command::new("chromium")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Headless Chromium on `url` with `args` (`--dump-dom`, `--screenshot=…`),
/// with a profile of its own; its stdout. A browser that hangs is stopped
/// after two minutes, not waited on forever.
pub fn headless(profile: &Path, url: &str, args: &[&str]) -> Vec<u8> {
    let out_file = profile.with_extension("out");
    let mut child = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
        ])
        .args(["--force-device-scale-factor=1", "--no-first-run"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(url)
        .stdout(std::fs::File::create(&out_file).expect("out file"))
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let start = Instant::now();
    loop {
        match child.try_wait().expect("wait") {
            Some(status) => {
                assert!(status.success(), "chromium {args:?}: {status}");
                break;
            }
            None if start.elapsed() > Duration::from_secs(120) => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("chromium {args:?} did not finish in two minutes");
            }
            None => std::thread::sleep(Duration::from_millis(50)),
        }
    }
    std::fs::read(&out_file).expect("chromium's output")
}

/// A PNG's size and how many different colours it has.
pub fn png_summary(bytes: &[u8]) -> ((u32, u32), usize) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let px = info.color_type.samples() * usize::from(info.bit_depth as u8).div_ceil(8);
    let mut colours: Vec<&[u8]> = buf[..info.buffer_size()].chunks(px.max(1)).collect();
    colours.sort_unstable();
    colours.dedup();
    ((info.width, info.height), colours.len())
}

/// A drawn page with tables and text in several colours has hundreds of
/// colours once anti-aliased; a blank or failed render has a few.
pub fn assert_a_screenshot(what: &str, bytes: &[u8], size: (u32, u32)) {
    let (got, colours) = png_summary(bytes);
    assert_eq!(got, size, "{what}");
    assert!(colours > 100, "{what} looks blank: {colours} colours");
}

/// A screenshot of `url` at `size`, checked to be a drawn page; the PNG.
pub fn screenshot(profile: &Path, url: &str, size: (u32, u32)) -> Vec<u8> {
    let shot = profile.with_extension("png");
    headless(
        profile,
        url,
        &[
            &format!("--window-size={},{}", size.0, size.1),
            &format!("--screenshot={}", shot.display()),
        ],
    );
    let taken = std::fs::read(&shot).expect("the screenshot");
    assert_a_screenshot("the screenshot just taken", &taken, size);
    taken
}
