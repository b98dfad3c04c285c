//! The fast readers against the toml crate: the same answer on every
//! test file and on mutated hands, or the rest left to toml.

use super::*;
const DWAN_IVEY: &str = include_str!("../../../tests/data/phh/famous/dwan-ivey-2009.phh");

#[derive(Debug, Clone)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, String),
    Replace(usize, char),
}

fn edit() -> impl Strategy<Value = Edit> {
    let len = DWAN_IVEY.chars().count();
    prop_oneof![
        (0..len, 1..20usize).prop_map(|(at, n)| Edit::Delete(at, n)),
        (0..=len, "[\\[\\]{}'\"#=,.0-9a-z \n-]{1,8}|\\PC{1,4}")
            .prop_map(|(at, s)| Edit::Insert(at, s)),
        (0..len, any::<char>()).prop_map(|(at, c)| Edit::Replace(at, c)),
    ]
}

fn apply(edits: &[Edit]) -> String {
    let mut chars: Vec<char> = DWAN_IVEY.chars().collect();
    for e in edits {
        match e {
            Edit::Delete(at, n) => {
                let at = (*at).min(chars.len());
                let end = (at + n).min(chars.len());
                chars.drain(at..end);
            }
            Edit::Insert(at, s) => {
                let at = (*at).min(chars.len());
                chars.splice(at..at, s.chars());
            }
            Edit::Replace(at, c) => {
                if let Some(slot) = chars.get_mut(*at) {
                    *slot = *c;
                }
            }
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #[test]
    fn never_panics_on_arbitrary_text(text in "\\PC*", multi in any::<bool>()) {
        let _ = parse_str("x.phh", &text, multi);
    }

    #[test]
    fn never_panics_on_toml_like_text(
        text in "(\\[[0-9]{1,2}\\]\n|[a-z_]{1,8} = (\\[[0-9, .'pcbrfd-]*\\]|'[^'\n]*'|-?[0-9.]+|true)\n){0,12}",
        multi in any::<bool>(),
    ) {
        let _ = parse_str("x.phhs", &text, multi);
    }

    #[test]
    fn never_panics_on_a_mutated_hand(edits in proptest::collection::vec(edit(), 1..4)) {
        let text = apply(&edits);
        if let Err(e) = parse_str("x.phh", &text, false) {
            // Every message starts with the file's name.
            prop_assert!(e.to_string().starts_with("x.phh"));
        }
        let _ = parse_str("x.phhs", &text, true);
    }
}

#[test]
fn the_unmutated_hand_parses() {
    assert!(parse_str("x.phh", &apply(&[]), false).is_ok());
}

/// Where the fast reader answers, `toml` gives the same tree, spans and all.
fn same_as_toml(text: &str) -> bool {
    let Some(fast) = super::fast::parse(text) else {
        return false;
    };
    let slow = super::raw::parse(text)
        .unwrap_or_else(|e| panic!("the fast reader took what toml refuses: {e:?}\n{text}"));
    assert_eq!(fast, slow, "{text}");
    true
}

/// Every `.phh` and `.phhs` under tests/data: (text, is it a `.phhs`).
fn test_files() -> Vec<(String, bool)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut dirs = vec![root];
    let mut out = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("test data") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "phh" || e == "phhs") {
                let text = std::fs::read_to_string(&path).expect("text");
                out.push((text, path.extension().is_some_and(|e| e == "phhs")));
            }
        }
    }
    assert!(out.len() > 100, "{} files", out.len());
    out
}

#[test]
fn the_fast_reader_reads_every_test_file_as_toml_does() {
    let files = test_files();
    let fast = files.iter().filter(|(text, _)| same_as_toml(text)).count();
    // The generated vectors and the real hands alike take the fast path.
    assert_eq!(
        fast,
        files.len(),
        "{fast} of {} files read fast",
        files.len()
    );
}

#[test]
fn the_fast_reader_leaves_the_rest_to_toml() {
    for text in [
        "x = 1.5\n",
        "x = 1_000\n",
        "x = +1\n",
        "x = 01\n",
        "a.b = 1\n",
        "\"q\" = 1\n",
        "x = { a = 1 }\n",
        "x = 1979-05-27\n",
        "x = '''a'''\n",
        "x = \"\"\"a\"\"\"\n",
        "x = \"\\u00e9\"\n",
        "x = 1\nx = 2\n",
        "[1]\n[1]\n",
        "[[1]]\n",
        "x = 1 y = 2\n",
        "x = [1, 2\n",
        "x = tru\n",
        "x = 12abc\n",
        "x = \"a\u{1}\"\n",
        "x = 1\r\ry = 2\n",
    ] {
        assert!(super::fast::parse(text).is_none(), "{text:?}");
    }
}

proptest! {
    /// TOML-like text built from the pieces PHH files use, right and wrong:
    /// the fast reader never disagrees with `toml`.
    #[test]
    fn the_fast_reader_never_disagrees_with_toml(
        pieces in proptest::collection::vec(prop_oneof![
            Just("[1]\n"), Just("[2]\n"), Just("[ 3 ]\n"), Just("[1]"), Just("\n"), Just("\r\n"),
            Just("# note\n"), Just("  "), Just("\t"), Just("variant = 'NT'\n"),
            Just("antes = [0, 0]\n"), Just("x = -5"), Just("y = true\n"), Just("z = false # c\n"),
            Just("a = [\n  'p1 f',\n  \"p2 cc\", # c\n]\n"), Just("s = \"q\\\"\\n\"\n"),
            Just("n = 9223372036854775808\n"), Just("n = -0\n"), Just("e = []\n"),
            Just("w = [[1], [2, [3]]]\n"), Just("b = 'x' 'y'\n"), Just("="), Just(","),
            Just("'"), Just("\""), Just("["), Just("]"), Just("k"), Just("é = 1\n"),
        ], 0..12)
    ) {
        let text: String = pieces.concat();
        if super::fast::parse(&text).is_some() {
            prop_assert!(same_as_toml(&text));
        }
    }
}

/// Where the direct reader answers, the tree path gives the same hands.
fn same_as_tree(text: &str, multi: bool) -> bool {
    let Some(direct) = super::direct::parse(text, multi) else {
        return false;
    };
    match super::parse_tree("x.phhs", text, multi) {
        Ok(tree) => assert_eq!(direct, tree, "{text}"),
        Err(e) => panic!("the direct reader took what the tree path refuses: {e}\n{text}"),
    }
    true
}

#[test]
fn the_direct_reader_reads_every_test_file_as_the_tree_path_does() {
    let files = test_files();
    let direct = files
        .iter()
        .filter(|(text, multi)| same_as_tree(text, *multi))
        .count();
    assert_eq!(
        direct,
        files.len(),
        "{direct} of {} files read directly",
        files.len()
    );
}

#[test]
fn the_direct_reader_leaves_the_rest_to_the_tree_path() {
    let hand = "variant = 'NT'\nstarting_stacks = [1, 2]\nactions = []\n";
    // Valid, but the tree path's to sort or to read.
    for (text, multi) in [
        (format!("[2]\n{hand}[1]\n{hand}"), true),
        (format!("{hand}a.b = 1\n"), false),
        (format!("{hand}date = 1979-05-27\n"), false),
    ] {
        assert!(super::direct::parse(&text, multi).is_none(), "{text:?}");
        assert!(parse_str("x.phhs", &text, multi).is_ok(), "{text:?}");
    }
    for (text, multi) in [
        (format!("[1]\n{hand}[01]\n{hand}"), true),
        (format!("[1]\n{hand}[3]\n{hand}"), true),
        (format!("x = 1\n[1]\n{hand}"), true),
        (format!("[1]\n{hand}"), false),
        ("# nothing\n".into(), true),
        (hand.replace("'NT'", "' '"), false),
        (hand.replace("[1, 2]", "[1]"), false),
        (hand.replace("[1, 2]", "[1, -2]"), false),
        (hand.replace("[]", "['p3 f']"), false),
        (hand.replace("[]", "['p1 cbr 2.5']"), false),
        (hand.replace("[]", "[7]"), false),
        (format!("{hand}antes = [1]\n"), false),
        (format!("{hand}finishing_stacks = [1, 2, 3]\n"), false),
        (format!("{hand}min_bet = '2'\n"), false),
        (format!("{hand}min_bet = 2.5\n"), false),
        (format!("{hand}ante_trimming_status = 1\n"), false),
        (format!("{hand}_ranking = [[1], [1]]\n"), false),
        (format!("{hand}_ranking = [[3]]\n"), false),
        (format!("{hand}_ranking_low = [[0]]\n"), false),
        (format!("{hand}_ranking = [1]\n"), false),
        (format!("{hand}variant = 'PT'\n"), false),
        (format!("{hand}x = 1\nx = 2\n"), false),
        ("variant = 'NT'\nactions = []\n".into(), false),
        ("variant = 'NT'\nstarting_stacks = [1, 2]\n".into(), false),
    ] {
        assert!(super::direct::parse(&text, multi).is_none(), "{text:?}");
        assert!(parse_str("x.phhs", &text, multi).is_err(), "{text:?}");
    }
}

/// Chip lists in every shape the plain path (`[12, 0, 7]`) hands on to the
/// general one, and the plain shape at its limits: the direct reader reads
/// each as the tree path does, or leaves it to refuse.
#[test]
fn the_direct_reader_reads_chip_lists_of_any_shape_as_the_tree_path_does() {
    let hand = "variant = 'NT'\nstarting_stacks = S\nactions = []\n";
    for (list, reads) in [
        ("[1, 2]", true),
        ("[0, 0]", true),
        ("[1,2]", true),
        ("[1 , 2]", true),
        ("[ 1, 2 ]", true),
        ("[1,  2]", true),
        ("[1, 2,]", true),
        ("[1,\n  2]", true),
        ("[1, # c\n 2]", true),
        ("[1, -0]", true),
        ("[123456789012345678, 2]", true),
        ("[1234567890123456789, 2]", true),
        ("[9223372036854775807, 2]", true),
        ("[9223372036854775808, 2]", false),
        ("[01, 2]", false),
        ("[1, 02]", false),
        ("[1, -2]", false),
        ("[1, 2]x", false),
        ("[1, 2].5", false),
        ("[1.5, 2]", false),
        ("[1, 2x]", false),
        ("[1, 'x']", false),
        ("[1, 2", false),
        ("[]", false),
        ("[]x", false),
    ] {
        let text = hand.replace('S', list);
        let tree = super::parse_tree("x.phh", &text, false);
        assert_eq!(tree.is_ok(), reads, "{text:?}");
        match super::direct::parse(&text, false) {
            Some(direct) => assert_eq!(Ok(direct), tree.map_err(|e| e.to_string()), "{text:?}"),
            None => assert!(!reads, "{text:?}"),
        }
    }
}

/// Actions read as they come (the players known, as every writer puts
/// `starting_stacks` first) and actions kept until the players are known
/// (`starting_stacks` after them) read alike, and as the tree path reads them.
#[test]
fn actions_before_the_players_read_as_actions_after_them() {
    let actions = "actions = ['d dh p1 AcKd', 'p1 cbr 4 # é', \"p2 f\", ' p1 sm AcKd ']\n";
    let stacks = "starting_stacks = [5, 5]\n";
    let read = |text: String| {
        assert!(same_as_tree(&text, false), "{text}");
        let hand = super::direct::parse(&text, false).unwrap().remove(0);
        let actions: Vec<_> = hand
            .actions
            .iter()
            .map(|a| (a.text.to_string(), a.kind))
            .collect();
        assert_eq!(actions.len(), 4);
        actions
    };
    let first = read(format!("variant = 'NT'\n{stacks}{actions}"));
    let later = read(format!("variant = 'NT'\n{actions}{stacks}"));
    assert_eq!(first, later);
    assert_eq!(first[1].0, "p1 cbr 4");
    // A player past the table's refused in either order.
    for text in [
        format!("variant = 'NT'\n{stacks}actions = ['p3 f']\n"),
        format!("variant = 'NT'\nactions = ['p3 f']\n{stacks}"),
    ] {
        assert!(super::direct::parse(&text, false).is_none(), "{text}");
    }
}

/// Lines and columns by the direct reader's walk, in characters, across
/// hands, comments and multi-byte text.
#[test]
fn the_direct_reader_places_actions_as_the_tree_path_does() {
    let text = "[1]\n# é è\nvariant = 'NT' # ü\nstarting_stacks = [1, 2]\nactions = ['p1 f # é', \"p2 f\",\n  'p1 cc',\n'p2 cc'   ,  'd db']\n\n[2]\nvariant = 'NT'\nstarting_stacks = [1, 2]\nactions = [\n# ö\n  'p1 f', # é\n\t'p2 f']\r\n";
    assert!(same_as_tree(text, true));
    let h = parse_str("x.phhs", text, true).unwrap();
    let at: Vec<_> = h[0].actions.iter().map(|a| (a.line, a.column)).collect();
    assert_eq!(at, [(5, 12), (5, 24), (6, 3), (7, 1), (7, 14)]);
    let at: Vec<_> = h[1].actions.iter().map(|a| (a.line, a.column)).collect();
    assert_eq!(at, [(14, 3), (15, 2)]);
}

proptest! {
    /// A real hand, mutated: wherever the direct reader answers, the tree path
    /// gives the same hands.
    #[test]
    fn the_direct_reader_never_disagrees_on_a_mutated_hand(
        edits in proptest::collection::vec(edit(), 1..4),
    ) {
        let text = apply(&edits);
        same_as_tree(&text, false);
        same_as_tree(&format!("[1]\n{text}\n[2]\n{text}"), true);
    }

    /// Hands built from PHH's fields, right and wrong, in any order.
    #[test]
    fn the_direct_reader_never_disagrees_with_the_tree_path(
        pieces in proptest::collection::vec(prop_oneof![
            Just("[1]\n"), Just("[2]\n"), Just("[ 3 ]\n"), Just("\n"), Just("\r\n"), Just("# é\n"),
            Just("variant = 'NT'\n"), Just("variant = \"F\\\"T\"\n"), Just("variant = ''\n"),
            Just("starting_stacks = [100, 200]\n"), Just("starting_stacks = [1, 2, 3,]\n"),
            Just("antes = [0, 0]\n"), Just("antes = [1, -1]\n"), Just("blinds_or_straddles = [1, 2]\n"),
            Just("finishing_stacks = [0, 300]\n"), Just("min_bet = 2\n"), Just("small_bet = -0\n"),
            Just("big_bet = 9223372036854775807\n"), Just("bring_in = 1.5\n"),
            Just("ante_trimming_status = true\n"), Just("ante_trimming_status = 'no'\n"),
            Just("actions = ['d dh p1 AcKd', \"p2 cbr 20 # é\",\n  'p1 f', # c\n]\n"),
            Just("actions = ['p3 cc']\n"), Just("actions = []\n"), Just("actions = [\"p1\\tcc\"]\n"),
            Just("_ranking = [[2], [1]]\n"), Just("_ranking = [[1, 2]]\n"), Just("_ranking_low = [[2, 2]]\n"),
            Just("_ranking = [[]]\n"), Just("author = 'é'\n"), Just("event = [[1], 'x']\n"),
            Just("x = 1"), Just("="), Just(","), Just("'"), Just("["), Just("]"), Just(" "),
        ], 0..16),
        multi in any::<bool>(),
    ) {
        let text: String = pieces.concat();
        same_as_tree(&text, multi);
    }
}

proptest! {
    /// The ASCII word splitter of actions splits as `split_whitespace` does.
    #[test]
    fn ascii_words_are_split_whitespace(text in "[ \\t\\n\\x0b\\x0c\\rpdbc1-9#x]{0,24}") {
        let words: Vec<&str> = super::action::AsciiWords(&text).collect();
        prop_assert_eq!(words, text.split_whitespace().collect::<Vec<_>>());
    }
}

#[test]
fn action_texts_short_and_long() {
    for text in [
        "",
        "p1 f",
        "d dh p1 AcKdQhJsTc9c8",
        "d dh p1 AcKdQhJsTc9c8c",
        "é è ü ö à ç ñ ß ø å æ",
    ] {
        let t = ActionText::from(text);
        assert_eq!(t, text);
        assert_eq!(t.as_str(), text);
        assert_eq!(format!("{t} {t:?}"), format!("{text} {text:?}"));
        assert_eq!(t.clone(), ActionText::from(text.to_string()));
    }
    assert_ne!(ActionText::from("p1 f"), ActionText::from("p1 cc"));
}

#[test]
fn the_fast_reader_reads_integers_to_their_limits_as_toml_does() {
    for text in [
        "n = 9223372036854775807\n",
        "n = -9223372036854775808\n",
        "n = -0\n",
        "n = 0\n",
        "n = -12\n",
    ] {
        assert!(same_as_toml(text), "{text:?}");
    }
    for text in [
        "n = 9223372036854775808\n",
        "n = -9223372036854775809\n",
        "n = 99999999999999999999\n",
        "n = -\n",
        "n = -01\n",
    ] {
        assert!(super::fast::parse(text).is_none(), "{text:?}");
    }
}

/// Issue 13: spans come from toml's public API, not serde_spanned's private names.
#[test]
fn no_private_serde_names_in_the_source() {
    let needle = concat!("$", "__");
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    let mut read = 0;
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                assert!(!text.contains(needle), "{}", path.display());
                read += 1;
            }
        }
    }
    assert!(read > 50, "{read} files");
}
