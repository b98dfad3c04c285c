//! Every syntax error of a file in one run, in file order (issue 35: three
//! errors took three runs, and came 6:1, then 8:8, then 2:20).
//!
//! toml's parser recovers, but badly for a host: an unclosed `[` swallows
//! the rest of the file and reports every later line. So this reports the
//! first error in the file, blanks the statement it is in (spaces, keeping
//! every byte offset, so line and column stay the original's), and parses
//! again, until the file parses or enough is found. This runs only once a
//! file has failed to parse: the good file's path parses once.

use toml::de::DeTable;

use super::error::{in_file_order, Diagnostic, Locator, MAX_ERRORS};

/// How many lines back a multi-line value (an array, an inline table, a
/// `"""` string) is looked for: a longer one is blanked from this far back.
const MAX_OPEN_LINES: usize = 4096;

/// Every parse this may make for one file, whatever the file: each is at
/// most [`MAX_FILE_BYTES`](super::MAX_FILE_BYTES), so a hostile file costs a
/// bounded time.
const MAX_PARSES: usize = 400;

/// The syntax errors of `text`, in file order, each located in the original
/// text; `failed` is why toml refused it, said alone when the text has no
/// syntax error (a reading that deserializes straight into its own type
/// fails on a wrong value too).
pub(crate) fn syntax_errors(
    loc: &Locator<'_>,
    text: &str,
    failed: &toml::de::Error,
) -> Vec<Diagnostic> {
    let mut work = text.as_bytes().to_vec();
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let line_of = |offset: usize| starts.partition_point(|&s| s <= offset).max(1);
    let start_of = |line: usize| starts.get(line - 1).copied().unwrap_or(text.len());
    let mut found: Vec<Diagnostic> = Vec::new();
    let mut parses = 0;
    let mut lines_seen: Vec<usize> = Vec::new();
    // Every line before this one parses clean (or is blanked).
    let mut from_line = 1;
    while found.len() <= MAX_ERRORS && parses < MAX_PARSES {
        let Some((first, at)) = earliest(&work, &starts, from_line, &mut parses) else {
            break;
        };
        let line = line_of(at);
        // The line where the statement holding `line` opened: the last line
        // whose text before it parses clean (before the first error, only
        // an unclosed value makes a prefix fail).
        let mut open = line;
        let clean = |k: usize, parses: &mut usize| {
            first_error(work.get(..start_of(k)).unwrap_or_default(), parses).is_none()
        };
        if line > 1 && !clean(line, &mut parses) {
            // A binary search, not a walk back: a value open for thousands
            // of lines costs a dozen parses, not thousands.
            let (mut a, mut b) = (line.saturating_sub(MAX_OPEN_LINES).max(1), line);
            if clean(a, &mut parses) {
                while b - a > 1 && parses < MAX_PARSES {
                    let mid = a + (b - a) / 2;
                    if clean(mid, &mut parses) {
                        a = mid;
                    } else {
                        b = mid;
                    }
                }
            }
            open = a;
        }
        // The parser noticed on a later line what an earlier one left open
        // (`blinds = [1, 2` then the next key) when that line, alone, is
        // good; a bad line inside a multi-line value (` 2 3]`) is its own.
        let first_on_line = work
            .get(start_of(line)..at)
            .is_some_and(|b| b.iter().all(u8::is_ascii_whitespace));
        let carried = open < line
            && first_on_line
            && first_error(
                work.get(start_of(line)..start_of(line + 1))
                    .unwrap_or_default(),
                &mut parses,
            )
            .is_none();
        let (report, blank) = if carried {
            // Said where it was left open.
            match first_error(&work[..start_of(line)], &mut parses) {
                Some((e, at)) if at < start_of(line) => ((e, None), open..line),
                Some((e, _)) => ((e, Some(start_of(open))), open..line),
                None => ((first, None), open..line + 1),
            }
        } else {
            ((first, None), open..line + 1)
        };
        let mut d = loc.toml_error(&report.0);
        // An unclosed `"""` string is noticed at the file's end: it is
        // placed where its statement opened.
        if let Some(at) = report.1 {
            (d.line, d.column) = loc.line_col(at);
        }
        if !lines_seen.contains(&d.line) {
            lines_seen.push(d.line);
            found.push(d);
        }
        from_line = blank.start.max(1);
        let (from, to) = (start_of(blank.start), start_of(blank.end));
        let before = work.clone();
        for b in work.get_mut(from..to).into_iter().flatten() {
            if *b != b'\n' {
                *b = b' ';
            }
        }
        // Nothing blanked (an error in an empty last line): nothing more
        // can be learnt.
        if work == before {
            break;
        }
    }
    if found.is_empty() {
        found.push(loc.toml_error(failed));
    }
    in_file_order(found, 0)
}

/// The earliest error of `work`, parsing only as much of it as needed
/// (issue 35: a 250 KB file with an error on every line took 21 s when each
/// round parsed it whole): the text up to a window of lines past
/// `from_line`, grown fourfold until two windows agree on the earliest
/// error (a window's end can cut a multi-line value in two) or the window
/// is the whole text.
fn earliest(
    work: &[u8],
    starts: &[usize],
    from_line: usize,
    parses: &mut usize,
) -> Option<(toml::de::Error, usize)> {
    let mut lines = 64usize;
    let mut last: Option<usize> = None;
    loop {
        let end = starts
            .get(from_line.saturating_add(lines).saturating_sub(1))
            .copied()
            .unwrap_or(work.len());
        let found = first_error(work.get(..end).unwrap_or(work), parses);
        let at = found.as_ref().map(|(_, at)| *at);
        if end >= work.len() || (at.is_some() && at == last) || *parses >= MAX_PARSES {
            return found;
        }
        last = at;
        lines = lines.saturating_mul(4);
    }
}

/// The earliest error of `bytes` (blanked text, always UTF-8) and where it is.
fn first_error(bytes: &[u8], parses: &mut usize) -> Option<(toml::de::Error, usize)> {
    *parses += 1;
    let text = std::str::from_utf8(bytes).ok()?;
    let (_, errors) = DeTable::parse_recoverable(text);
    errors
        .into_iter()
        .map(|e| {
            let at = e.span().map_or(0, |s| s.start);
            (e, at)
        })
        .min_by_key(|(_, at)| *at)
}
