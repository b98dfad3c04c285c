//! Issue 25: a hostile or broken house file cannot take the table down. The
//! files are made here: a 10 MB file with a 5-million-element array, 80,000
//! duplicate denominations on one line, a file with an error on every line.

use std::fmt::Write;

use dealerd::daemon::house_file;
use dealerd::rules::{self, MAX_ERRORS, MAX_FILE_BYTES};

use crate::alloc_count::counted;
use crate::common::fresh_dir;

/// The default file with its denominations replaced by `list`.
fn with_denominations(list: &str) -> String {
    let from = "denominations = [\"1\", \"5\", \"25\", \"100\"]";
    assert!(rules::DEFAULT_TOML.contains(from));
    rules::DEFAULT_TOML.replace(from, &format!("denominations = [{list}]"))
}

#[test]
fn a_ten_megabyte_file_is_refused_without_reading_it_whole() {
    let dir = fresh_dir("rules-hostile", "big");
    let path = dir.join("house.toml");
    let mut list = String::with_capacity(10_000_000);
    for _ in 0..5_000_000 {
        list.push_str("1,");
    }
    std::fs::write(&path, with_denominations(&list)).unwrap();
    let mut result = None;
    let (_, bytes) = counted(|| result = Some(house_file::load_file(&path)));
    let err = result.unwrap().expect_err("too large");
    assert_eq!(
        err.to_string(),
        format!(
            "{}:1:1: the file is {} bytes or more; a house file may be at most {MAX_FILE_BYTES} bytes (256 KiB)",
            path.display(),
            MAX_FILE_BYTES + 1
        )
    );
    // What reading asked of the allocator: the cap and a little, not the
    // file (before: 959 MB for this file).
    assert!(bytes < 2 * MAX_FILE_BYTES as u64, "{bytes} bytes allocated");
    // The same text handed in whole (a reload's, a journal's) is refused
    // before it is parsed.
    let text = std::fs::read_to_string(&path).unwrap();
    let (_, bytes) = counted(|| {
        assert!(rules::load_str("t", &text).is_err());
        assert!(house_file::load_str("t", &text).is_err());
    });
    assert!(bytes < 64 * 1024, "{bytes} bytes allocated");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_issues_323_kb_line_of_duplicates_is_refused_by_its_size() {
    let list = vec!["\"1\""; 80_000].join(", ");
    let text = with_denominations(&list);
    assert!(text.len() > MAX_FILE_BYTES);
    let err = house_file::load_str("dup.toml", &text).expect_err("too large");
    assert_eq!(err.diagnostics().len(), 1, "{err}");
    assert!(err.to_string().starts_with("dup.toml:1:1: the file is "));
}

#[test]
fn eighty_thousand_duplicates_on_one_line_give_the_first_fifty_and_a_count() {
    // 80,000 chips of 1 on one line, under the size cap: every one after the
    // first is an error (the chips must go up).
    let list = vec!["1"; 80_000].join(",");
    let text = with_denominations(&list);
    assert!(text.len() < MAX_FILE_BYTES);
    let line = text[..text.find("denominations").unwrap()]
        .matches('\n')
        .count()
        + 1;
    let mut result = None;
    let (allocations, bytes) = counted(|| result = Some(house_file::load_str("dup.toml", &text)));
    let err = result.unwrap().expect_err("duplicates");
    let d = err.diagnostics();
    assert_eq!(d.len(), MAX_ERRORS + 1);
    let column = "denominations = [1,".len() + 1;
    for (i, e) in d[..MAX_ERRORS].iter().enumerate() {
        assert_eq!((e.line, e.column), (line, column + 2 * i), "{e}");
        assert_eq!(
            e.message,
            "denominations must go up, smallest first: 1 after 1"
        );
    }
    // 79,999 errors: 50 shown, the rest counted.
    assert_eq!(
        d[MAX_ERRORS].message,
        "79949 more problems not shown: fix these 50 and check again"
    );
    // The work done is bounded by the collection cap, not by the errors
    // times the line (before: 22 s on the state task).
    assert!(allocations < 2_000_000, "{allocations} allocations");
    assert!(bytes < 256 * 1024 * 1024, "{bytes} bytes");
}

#[test]
fn an_error_on_every_line_is_reported_in_file_order_and_capped() {
    let mut text = rules::DEFAULT_TOML.to_string();
    for i in 0..3_000 {
        let _ = write!(
            text,
            "\n[[card]]\nuid = \"04:00:{:02X}:{:02X}\"\nplayer = \"Ann\"\n",
            i / 256,
            i % 256
        );
    }
    let err = house_file::load_str("cards.toml", &text).expect_err("same name");
    let d = err.diagnostics();
    assert_eq!(d.len(), MAX_ERRORS + 1, "{err}");
    assert!(d
        .windows(2)
        .all(|w| (w[0].line, w[0].column) <= (w[1].line, w[1].column)));
    assert!(d[MAX_ERRORS]
        .message
        .ends_with("more problems not shown: fix these 50 and check again"));
}
