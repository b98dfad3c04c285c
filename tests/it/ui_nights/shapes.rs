//! The issue's own hand shapes, played from a fresh table under every
//! showdown order.

use super::*;

/// What a player does in one of the issue's hand shapes.
#[derive(Clone, Copy, Debug)]
enum Do {
    Fold,
    Call,
    /// The minimum raise.
    Raise,
    /// The maximum: all in where the stack is under it.
    AllIn,
}

impl Run {
    /// A player's action by `what`, priced as [`Run::act`] prices it.
    fn act_as(&mut self, what: Do) {
        let table = match self.night.table().deals_before_action() {
            Some((_, ahead)) => ahead,
            None => self.night.table().clone(),
        };
        self.actions += 1;
        let (amount, entry) = match (what, self.ctl.entry_for(&table)) {
            (Do::Fold, _) => return self.press(tap(Button::Fold)),
            (Do::Call, _) | (_, None) => return self.press(tap(Button::CheckCall)),
            (Do::Raise, Some(e)) => (e.min, e),
            (Do::AllIn, Some(e)) => (e.max, e),
        };
        self.enter(entry.action_path(amount).expect("a legal amount"));
    }

    /// One hand of a given shape: `specials` pressed between hands, then
    /// `acts` in turn wherever a player acts; a deal prompt nobody acts on
    /// is OK, or a held OK (run it twice) with `twice`; at the showdown the
    /// next place goes to the first seat of `best` still a candidate (or
    /// the first candidate), and the first showdown's candidates are kept
    /// in `seen`. Returns (presses, actions).
    fn shaped(
        &mut self,
        specials: &[Button],
        acts: &[Do],
        twice: bool,
        best: &[usize],
        seen: &mut Vec<usize>,
    ) -> (u64, u64) {
        let (p0, a0) = (self.presses, self.actions);
        for &b in specials {
            self.press(tap(b));
        }
        self.press(tap(Button::Ok));
        let mut acts = acts.iter();
        for _ in 0..100 {
            let asks_action = match self.ctl.screen(&View::of(&self.night)) {
                Screen::Between => return (self.presses - p0, self.actions - a0),
                Screen::Action(_) => true,
                Screen::Deal => self.night.table().deals_before_action().is_some(),
                Screen::Showdown(r) => {
                    let r = r.into_owned();
                    let hand = self.night.table().live_hand().expect("a hand");
                    let cands = r.candidates(hand.state());
                    if seen.is_empty() {
                        seen.clone_from(&cands);
                    }
                    if r.complete() || cands.is_empty() {
                        self.press(tap(Button::Ok));
                        continue;
                    }
                    let k = best
                        .iter()
                        .find_map(|s| cands.iter().position(|c| c == s))
                        .unwrap_or(0);
                    let key = r.key_for(cands[k]).expect("a seat key");
                    self.press(key);
                    continue;
                }
                other => panic!("{other:?} in a shaped hand: {}", self.last),
            };
            if asks_action {
                let what = *acts.next().unwrap_or(&Do::Call);
                self.act_as(what);
            } else if twice && self.night.table().offers().run_it_twice {
                // S3: a held OK runs it twice and deals both boards.
                self.press(Press {
                    button: Button::Ok,
                    long: true,
                });
            } else {
                self.press(tap(Button::Ok));
            }
        }
        panic!("the shaped hand never ended: {}", self.last);
    }
}

/// Every order of `seats`, best first.
fn orders(seats: &[usize]) -> Vec<Vec<usize>> {
    if seats.len() <= 1 {
        return vec![seats.to_vec()];
    }
    let mut all = Vec::new();
    for (i, &s) in seats.iter().enumerate() {
        let mut rest = seats.to_vec();
        rest.remove(i);
        for mut o in orders(&rest) {
            o.insert(0, s);
            all.push(o);
        }
    }
    all
}

/// A shape played from a fresh table (stacks in big blinds, set by the
/// host, not counted) under every order of its first showdown's
/// candidates: (mean, worst) presses per recorded action.
fn shape(
    house: &str,
    stacks_bb: &[u64],
    specials: &[Button],
    acts: &[Do],
    twice: bool,
) -> (f64, f64) {
    let play = |order: &[usize], seen: &mut Vec<usize>| {
        let mut run = Run::new(house);
        let t = run.night.table();
        let bb = t.rules().games[t.game()]
            .blinds
            .last()
            .copied()
            .unwrap_or(1);
        for (seat, &n) in stacks_bb.iter().enumerate() {
            let stack = n * bb;
            if run.night.table().player(seat).map(|p| p.stack) != Some(stack) {
                run.apply(TableEvent::SetStack { seat, stack });
            }
        }
        let (p, a) = run.shaped(specials, acts, twice, order, seen);
        // Exactly the shape's actions: nobody acted after the all-in.
        assert_eq!(a, acts.len() as u64, "{house}: {:?}", run.by_screen);
        p as f64 / a as f64
    };
    let mut candidates = Vec::new();
    play(&[], &mut candidates);
    assert!(
        candidates.len() >= 2,
        "{house}: a showdown of {candidates:?}"
    );
    let per: Vec<f64> = orders(&candidates)
        .iter()
        .map(|o| play(o, &mut Vec::new()))
        .collect();
    let mean = per.iter().sum::<f64>() / per.len() as f64;
    (mean, per.iter().copied().fold(0.0, f64::max))
}

/// The issue's own hand shapes, measured as it measured them ("whole hands
/// cost 2.7 presses per recorded action (raise, all-in, two-way showdown),
/// 3.8 with a four-way all-in, 4.3 with a straddle and run it twice"), at
/// each house whose first game bets big (the limit houses H3 and H4 have no
/// all-in in one action), under every showdown order. Five players, the
/// button on the first seat.
#[test]
fn the_issues_hand_shapes_at_each_big_bet_house() {
    use Do::*;
    let mut report = String::new();
    for house in &HOUSES[..4] {
        // UTG raises, the next moves in (six big blinds), the rest fold,
        // UTG calls: a two-way showdown.
        let a = shape(
            house,
            &[100, 100, 100, 100, 6],
            &[],
            &[Raise, AllIn, Fold, Fold, Fold, Call],
            false,
        );
        // Four all in for different stacks (side pots), the small blind
        // folds.
        let b = shape(
            house,
            &[8, 40, 12, 3, 5],
            &[],
            &[AllIn, AllIn, AllIn, Fold, AllIn],
            false,
        );
        report.push_str(&format!(
            "{house}: raise, all-in, two-way showdown {:.2} (worst {:.2}); four-way all-in {:.2} (worst {:.2})\n",
            a.0, a.1, b.0, b.1
        ));
        // The issue's 2.5 in every ranking order (issue 32: an all-in is
        // one held bet/raise, the best hand's key deals the run-out).
        assert!(a.1 <= 2.5 && b.1 <= 2.5, "{report}");
    }
    // H2 straddles and runs it twice: UTG straddles, the next moves in, the
    // rest fold, the straddler calls; each board ranked either way.
    let h2 = HOUSES[3];
    let c = shape(
        h2,
        &[100; 5],
        &[Button::BetRaise],
        &[AllIn, Fold, Fold, Fold, Call],
        true,
    );
    report.push_str(&format!(
        "{h2}: straddle, run it twice {:.2} (worst {:.2})\n",
        c.0, c.1
    ));
    assert!(c.1 <= 2.5, "{report}");
    if std::env::var_os("DEALERD_PRESSES").is_some() {
        eprint!("{report}");
    }
}
