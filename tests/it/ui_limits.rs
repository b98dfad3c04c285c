//! B4 on the panel: how many raises the cap leaves, and when it is reached.
//! H4: "3. A bet and three raises are allowed for each betting round.
//! Completing an opening forced bet does not count as a raise. There is no
//! limit of raises with only 2 players remaining."

use dealerd::ui::{render, screens};

use crate::night::shows;

fn action(text: &str) -> render::Frame {
    let n = crate::ui_screens::night(text);
    let mut f = render::Frame::new();
    screens::action(&mut f, n.table(), None).unwrap();
    f
}

const DEAL: &str = "rules config/houses/h4-house-dealer-limit.toml\n\
    join 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 100\njoin 4 Dan 100\n\
    game Hold'em 3 & 6\nbutton Ann\ndeal\n";

fn check(f: &render::Frame, yes: &[&str], no: &[&str]) {
    let pic = render::to_terminal(f);
    for t in yes {
        assert!(shows(f, t), "should show {t:?}:\n{pic}");
    }
    for t in no {
        assert!(!shows(f, t), "should not show {t:?}:\n{pic}");
    }
}

#[test]
fn b4_the_screen_counts_the_raises_left_to_the_cap() {
    // The big blind is the bet: three raises to come.
    check(&action(DEAL), &["raise to 6", "3 left"], &[]);
    check(
        &action(&format!("{DEAL}Dan raise 6\nAnn raise 9\n")),
        &["raise to 12", "1 left"],
        &[],
    );
    // A bet and three raises: the fourth player may only call or fold.
    check(
        &action(&format!("{DEAL}Dan raise 6\nAnn raise 9\nBob raise 12\n")),
        &["no raise: capped"],
        &["left"],
    );
}

#[test]
fn b4_heads_up_there_is_no_cap_to_count() {
    let f = action(&format!("{DEAL}Dan fold\nAnn fold\nBob raise 6\n"));
    // Bob and Cat alone: no limit of raises, so no count.
    check(&f, &["raise to 9"], &["left", "capped"]);
}
