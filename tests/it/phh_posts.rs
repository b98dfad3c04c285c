//! Issue 24: what PHH can say about the forced bets is said in PHH's own
//! fields, so that PokerKit replays it; the rest is kept in `_posts` and the
//! file says why in words. Catalog: F1 blinds, F4 straddles, S1/F5 kills
//! (H0 "Killer acts in proper turn"; H2 7.5 "must post an additional
//! blind"), T4/T5 newcomers' and missed blinds' posts, F3 the bring-in,
//! S2 bomb pots (no first betting round: PHH's is everyone's check).

use dealerd::phh::parse_str;
use dealerd::replay::replay_hand;

use crate::phh_coverage::seed;
use crate::phh_nights::{houses, night};

const HANDS: usize = 120;

fn ints(v: &toml::Value, key: &str) -> Vec<i64> {
    v.get(key)
        .and_then(|a| a.as_array())
        .map(|a| a.iter().filter_map(|x| x.as_integer()).collect())
        .unwrap_or_default()
}

/// Every post of every generated hand is in `antes`, `blinds_or_straddles`
/// or `bring_in`, or in `_posts` with a `_differs` line that says why; kills,
/// live posts and dead posts are written as PHH's where the first round
/// started where PHH's readers start it.
#[test]
fn posts_are_phh_blinds_antes_or_said_apart() {
    let mut in_phh = std::collections::BTreeMap::<String, usize>::new();
    let mut apart = 0;
    let mut bombs = 0;
    let mut dead_alone = 0;
    for (i, (name, text)) in houses().iter().enumerate() {
        for (hand, t) in night(name, text, HANDS, seed(i)).written {
            let v: toml::Value = toml::from_str(&t).expect("TOML");
            let setup: serde_json::Value =
                serde_json::from_str(v["_setup"].as_str().expect("_setup")).expect("json");
            let forced = setup["forced"].as_array().expect("forced");
            let posted: i64 = forced.iter().map(|f| f["amount"].as_i64().unwrap()).sum();
            let differs = v.get("_differs").map(|d| d.to_string()).unwrap_or_default();
            let at = format!("{name} hand {hand}:\n{t}");
            if v.get("_posts").is_some() {
                apart += 1;
                assert!(
                    differs.contains("; _posts)") && differs.contains("posts "),
                    "_posts without a reason in words: {at}"
                );
                continue;
            }
            let fields: i64 = ints(&v, "antes").iter().sum::<i64>()
                + ints(&v, "blinds_or_straddles").iter().sum::<i64>();
            assert_eq!(fields, posted, "a post is missing from PHH's fields: {at}");
            let kinds: Vec<&str> = forced.iter().filter_map(|f| f["kind"].as_str()).collect();
            if kinds.contains(&"dead-post") && !kinds.contains(&"ante") {
                // T5, issue 35: a lone dead post in `antes` is pooled;
                // trimmed, PokerKit would give it back to its payer.
                dead_alone += 1;
                assert_eq!(
                    v["ante_trimming_status"].as_bool(),
                    Some(false),
                    "a dead post written as a trimmed ante: {at}"
                );
            }
            for f in forced {
                let kind = f["kind"].as_str().unwrap();
                if !matches!(kind, "ante" | "blind") {
                    *in_phh.entry(kind.to_string()).or_default() += 1;
                }
            }
            let blinds = ints(&v, "blinds_or_straddles");
            if blinds.len() == 2 && blinds[0] == blinds[1] && blinds[0] > 0 {
                assert!(
                    differs.contains("heads-up with equal blinds"),
                    "PokerKit reads equal blinds heads-up in another order: {at}"
                );
            }
            if v.get("_bomb_pot").is_some() && differs.is_empty() {
                // S2 (H2 "no preflop betting"): the first round is
                // everyone's check, right after the hole cards.
                bombs += 1;
                let actions: Vec<&str> = v["actions"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter_map(|a| a.as_str())
                    .collect();
                let deals = actions.iter().take_while(|a| a.starts_with("d dh")).count();
                let checks = actions[deals..]
                    .iter()
                    .take_while(|a| a.ends_with(" cc"))
                    .count();
                assert!(checks >= 2, "a bomb pot without its checks: {at}");
                assert!(actions[deals + checks].starts_with("d db"), "{at}");
            }
            if differs.is_empty() {
                // No `_differs`: the replay contract gives the table's stacks
                // from PHH's fields alone.
                let hand = &parse_str("hand", &t, false).expect("parses")[0];
                let back = replay_hand("hand", hand, |_| {}).expect("replays");
                assert_eq!(
                    back.iter().map(|&c| c as i64).collect::<Vec<_>>(),
                    ints(&v, "finishing_stacks"),
                    "{at}"
                );
            }
        }
    }
    println!("posts written as PHH's: {in_phh:?}; hands with _posts: {apart}");
    // S1/F5 kills in the blind's place, T5 live and dead posts (a missed
    // blind's), F4 straddles and S2 bomb antes reach PHH's fields.
    for kind in ["kill", "live-post", "dead-post", "straddle"] {
        assert!(
            in_phh.get(kind).is_some_and(|&n| n > 0),
            "no {kind} written in PHH's fields: {in_phh:?}"
        );
    }
    assert!(apart > 0, "the nights have kills that act in turn (S1)");
    assert!(bombs > 0, "no bomb pot written as PHH's checks (S2)");
    assert!(dead_alone > 0, "no dead post written in antes (T5)");
}

/// F3 (H4: "The player with the highest card or cards showing begins the
/// betting in all rounds"; no bring-in): `bring_in = 0` reads as none, as
/// PokerKit reads it, so third street's opener may check.
#[test]
fn stud_with_no_bring_in_replays_an_opener_who_checks() {
    let text = "\
variant = 'F7S'
ante_trimming_status = true
antes = [1, 1, 1]
bring_in = 0
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
actions = [
  'd dh p1 ??????', 'd dh p2 ??????', 'd dh p3 ??????',
  'p2 cc', 'p3 cbr 2', 'p1 f', 'p2 cc',
  'd dh p2 ??', 'd dh p3 ??', 'p3 cc', 'p2 cc',
  'd dh p2 ??', 'd dh p3 ??', 'p2 cc', 'p3 cc',
  'd dh p2 ??', 'd dh p3 ??', 'p3 cc', 'p2 cc',
  'd dh p2 ??', 'd dh p3 ??', 'p2 cc', 'p3 cc',
]
_ranking = [[3], [2]]
";
    let hand = &parse_str("stud.phh", text, false).expect("parses")[0];
    let back = replay_hand("stud.phh", hand, |_| {}).expect("an opener's check replays");
    assert_eq!(back, vec![99, 97, 104]);
    // With a bring-in the opener must bring in or complete.
    let with = text.replace("bring_in = 0", "bring_in = 1");
    let hand = &parse_str("stud.phh", &with, false).expect("parses")[0];
    let err = replay_hand("stud.phh", hand, |_| {}).expect_err("a check is no bring-in");
    assert!(err.to_string().contains("bring-in"), "{err}");
}

/// Issue 35: where PokerKit, PHH's reference reader, replays a history
/// otherwise than the table played it, `_differs` says so: a fixed-limit
/// round with a fifth bet (the houses' cap is a bet and four raises,
/// PokerKit's a bet and three; B4) and a split pot with odd chips (P2,
/// H2 5.4: "the odd chip goes to the first player to the left of the
/// dealer"; PokerKit gives every odd chip to its first winner).
#[test]
fn b4_p2_histories_say_where_pokerkit_pays_otherwise() {
    let (mut fifth, mut odd) = (0, 0);
    for (i, (name, text)) in houses().iter().enumerate() {
        for (hand, t) in night(name, text, HANDS, seed(i)).written {
            let v: toml::Value = toml::from_str(&t).expect("TOML");
            let differs = v.get("_differs").map(|d| d.to_string()).unwrap_or_default();
            let at = format!("{name} hand {hand}:\n{t}");
            if v.get("small_bet").is_some() {
                let blinds = ints(&v, "blinds_or_straddles").iter().any(|&b| b > 0);
                let (mut bets, mut streets, mut dealing, mut most) = (0, 0, false, 0);
                for a in v["actions"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter_map(|a| a.as_str())
                {
                    if a.starts_with("d ") {
                        if !dealing {
                            streets += 1;
                            bets = i32::from(streets == 1 && blinds);
                        }
                        dealing = true;
                        continue;
                    }
                    dealing = false;
                    if a.split_whitespace().nth(1) == Some("cbr") {
                        bets += 1;
                        most = most.max(bets);
                    }
                }
                if most > 4 {
                    fifth += 1;
                    assert!(differs.contains("five bets"), "{at}");
                }
            }
            if differs.contains("odd chips") {
                odd += 1;
                let tied = ["_ranking", "_ranking_low", "_rankings"]
                    .iter()
                    .any(|k| v.get(*k).is_some_and(|r| r.to_string().contains(", ")));
                assert!(tied, "odd chips without a tie: {at}");
            }
        }
    }
    assert!(
        fifth > 0,
        "no fixed-limit round with a fifth bet in the nights"
    );
    assert!(odd > 0, "no split pot with odd chips in the nights");
}
