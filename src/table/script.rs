//! Table scripts: a night written as plain lines a host can read, played
//! through the table layer with expectations checked as it goes. The format
//! is documented in `tests/scenarios/README.md`.
//!
//! Home-game commands (catalog G5–G9):
//! - `draw NAME N`: also a paid exchange (G5) and a 7/27 card (G7, N is 0 or 1);
//! - `wild`: a common wild card is exposed; every live player pays the charge (G6);
//! - `in NAME` / `out NAME`: a Guts call, in turn from the button's left (G8);
//! - `guts NAME[=NAME...]`: the best "in" hand, `=` for a tie; `guts nobody` when
//!   nobody went in; `guts final`: the next Guts hand is the last (G8);
//! - `lose NAME`: a player loses a life or a marker (G9);
//! - `expect guts-pot AMOUNT`, `expect lives NAME=N ...`, `expect lives-pot AMOUNT`.

use std::path::Path;
use std::sync::Arc;

use thiserror::Error;

use super::{EntryChoice, Night, TableEvent};
use crate::engine::{Action, BoardResult, Chips, Declaration, Event, ForcedKind};
use crate::rules::{self, Decimal, HouseRules};

#[derive(Debug, Error)]
#[error("{file}:{line}: {message}")]
pub struct ScriptError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

struct Runner {
    night: Night,
    rules: Arc<HouseRules>,
    expect_error: Option<String>,
}

type Step = Result<(), String>;

/// Runs a script; `base` is where `rules` paths are relative to.
pub fn run(file: &str, text: &str, base: &Path) -> Result<Night, ScriptError> {
    let fail = |line: usize, message: String| ScriptError {
        file: file.to_string(),
        line,
        message,
    };
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim()))
        .filter(|(_, l)| !l.is_empty());
    let (n, first) = lines
        .next()
        .ok_or_else(|| fail(1, "empty script: it starts with `rules FILE`".into()))?;
    let path = first
        .strip_prefix("rules ")
        .ok_or_else(|| fail(n, "the first line must be `rules FILE`".into()))?;
    let rules = if path.trim() == "default" {
        rules::load_str("config/default.toml", rules::DEFAULT_TOML)
    } else {
        rules::load_file(&base.join(path.trim()))
    }
    .map_err(|e| fail(n, e.to_string()))?;
    let rules = Arc::new(rules);
    let mut runner = Runner {
        night: Night::new(Arc::clone(&rules)),
        rules,
        expect_error: None,
    };
    for (n, line) in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        let pending = runner.expect_error.take();
        let result = runner.step(&words);
        match (pending, result) {
            (None, Ok(())) => {}
            (None, Err(e)) => return Err(fail(n, format!("`{line}`: {e}"))),
            (Some(want), Err(e)) if e.contains(&want) => {}
            (Some(want), Err(e)) => {
                return Err(fail(
                    n,
                    format!("`{line}`: expected an error with {want:?}, got: {e}"),
                ))
            }
            (Some(want), Ok(())) => {
                return Err(fail(
                    n,
                    format!("`{line}`: expected an error with {want:?}, but it was accepted"),
                ))
            }
        }
    }
    Ok(runner.night)
}

impl Runner {
    fn amount(&self, s: &str) -> Result<Chips, String> {
        Decimal::parse(s)
            .and_then(|d| d.in_units(&self.rules.house.unit))
            .ok_or_else(|| format!("{s:?} is not an amount in whole {}", self.rules.house.unit))
    }

    fn show(&self, units: Chips) -> String {
        self.rules.house.unit.times(units)
    }

    fn seat_of(&self, name: &str) -> Result<usize, String> {
        self.night
            .table()
            .seats()
            .iter()
            .position(|p| p.as_ref().is_some_and(|p| *p.name == *name))
            .ok_or_else(|| format!("nobody called {name:?} is seated"))
    }

    fn name_of(&self, seat: usize) -> String {
        self.night
            .table()
            .player(seat)
            .map_or_else(|| format!("seat {}", seat + 1), |p| p.name.to_string())
    }

    fn hand_seat(&self, name: &str) -> Result<usize, String> {
        let seat = self.seat_of(name)?;
        let hand = self.night.table().hand().ok_or("no hand has been dealt")?;
        hand.hand_seat(seat)
            .ok_or_else(|| format!("{name} is not dealt in"))
    }

    fn table(&mut self, e: TableEvent) -> Step {
        self.night.apply(e).map(|_| ()).map_err(|e| e.to_string())
    }

    fn hand(&mut self, e: Event) -> Step {
        self.table(TableEvent::Hand(e))
    }

    fn step(&mut self, w: &[&str]) -> Step {
        match w {
            ["expect", "error", rest @ ..] => {
                self.expect_error = Some(rest.join(" "));
                Ok(())
            }
            ["expect", rest @ ..] => self.expect(rest),
            ["join", seat, name, amount] => {
                let seat: usize = seat.parse().map_err(|_| format!("bad seat {seat:?}"))?;
                let buy_in = self.amount(amount)?;
                self.table(TableEvent::Join {
                    seat: seat.wrapping_sub(1),
                    name: name.to_string(),
                    buy_in,
                })
            }
            ["leave", name] => {
                let seat = self.seat_of(name)?;
                self.table(TableEvent::Leave { seat })
            }
            ["sitout", name] => {
                let seat = self.seat_of(name)?;
                self.table(TableEvent::SitOut { seat })
            }
            ["sitin", name, rest @ ..] => {
                let seat = self.seat_of(name)?;
                self.table(TableEvent::SitIn {
                    seat,
                    wait_for_big_blind: rest == ["wait"],
                })
            }
            ["entry", name, how] => {
                let seat = self.seat_of(name)?;
                let entry = match *how {
                    "dealin" => EntryChoice::DealIn,
                    "wait" => EntryChoice::WaitForBigBlind,
                    "post" => EntryChoice::PostBigBlind,
                    "behind" => EntryChoice::PostBeforeButton,
                    "killnext" => EntryChoice::KillNextPot,
                    _ => {
                        return Err(format!(
                            "entry dealin, wait, post, behind or killnext, not {how:?}"
                        ))
                    }
                };
                self.table(TableEvent::NewPlayerEntry { seat, entry })
            }
            ["topup", name, amount] => {
                let (seat, amount) = (self.seat_of(name)?, self.amount(amount)?);
                self.table(TableEvent::TopUp { seat, amount })
            }
            ["rebuy", name, amount] => {
                let (seat, amount) = (self.seat_of(name)?, self.amount(amount)?);
                self.table(TableEvent::Rebuy { seat, amount })
            }
            ["button", name] => {
                let seat = self.seat_of(name)?;
                self.table(TableEvent::SetButton { seat })
            }
            // M5: the host corrects a stack: `correct Ann 64 money` (money
            // came into or left the game) or `correct Ann 64 with Bob`
            // (chips moved between Ann and Bob).
            ["correct", name, amount, "money"] => {
                let (seat, stack) = (self.seat_of(name)?, self.amount(amount)?);
                self.table(TableEvent::SetStack { seat, stack })
            }
            ["correct", name, amount, "with", other] => {
                let (seat, stack) = (self.seat_of(name)?, self.amount(amount)?);
                let with = self.seat_of(other)?;
                self.table(TableEvent::MoveChips { seat, stack, with })
            }
            ["game", name @ ..] => {
                let name = name.join(" ");
                let game = self
                    .rules
                    .games
                    .iter()
                    .position(|g| g.name == name)
                    .ok_or_else(|| format!("no game called {name:?}"))?;
                self.table(TableEvent::ChooseGame { game })
            }
            ["straddle", name] => {
                let seat = self.seat_of(name)?;
                self.table(TableEvent::Straddle { seat })
            }
            ["bomb"] => self.table(TableEvent::BombNext),
            ["killorbit"] => self.table(TableEvent::StartKillOrbit),
            ["kill", name] => {
                let seat = self.seat_of(name)?;
                self.table(TableEvent::Kill { seat })
            }
            ["deal"] => self.table(TableEvent::NewHand),
            ["wild"] => self.hand(Event::WildCard),
            ["in" | "out", name] => {
                let seat = self.seat_of(name)?;
                self.table(TableEvent::GutsCall {
                    seat,
                    stays_in: w[0] == "in",
                })
            }
            ["guts", "final"] => self.table(TableEvent::GutsFinal),
            ["guts", "nobody"] => self.table(TableEvent::GutsShowdown { best: Vec::new() }),
            ["guts", best] => {
                let best = best
                    .split('=')
                    .map(|n| self.seat_of(n))
                    .collect::<Result<Vec<_>, _>>()?;
                self.table(TableEvent::GutsShowdown { best })
            }
            ["lose", name] => {
                let seat = self.seat_of(name)?;
                self.table(TableEvent::LoseLife { seat })
            }
            ["undo"] => self
                .night
                .undo()
                .map(|_| ())
                .ok_or("nothing to undo".into()),
            ["cards"] | ["flop"] | ["turn"] | ["river"] | ["street"] => self.hand(Event::Deal),
            ["misdeal"] => self.hand(Event::Misdeal),
            ["chop"] => self.hand(Event::Chop),
            ["runtwice"] => self.hand(Event::RunItTwice),
            ["openpair"] => self.hand(Event::OpenPair),
            ["checkedseven"] => self.hand(Event::CheckedSeven),
            ["opener", name] => {
                let s = self.hand_seat(name)?;
                self.hand(Event::NameOpener(s))
            }
            ["draw", name, n] => {
                let s = self.hand_seat(name)?;
                let n: u8 = n.parse().map_err(|_| format!("bad card count {n:?}"))?;
                self.hand(Event::Draw(s, n))
            }
            ["declare", name, d] => {
                let s = self.hand_seat(name)?;
                let d = match *d {
                    "high" => Declaration::High,
                    "low" => Declaration::Low,
                    "both" => Declaration::Both,
                    _ => return Err(format!("declare high, low or both, not {d:?}")),
                };
                self.hand(Event::Declare(s, d))
            }
            ["show", name] => {
                let s = self.hand_seat(name)?;
                self.hand(Event::Show(s))
            }
            ["showdown", rest @ ..] => {
                let results = rest
                    .join(" ")
                    .split(';')
                    .map(|board| self.board_result(board))
                    .collect::<Result<Vec<_>, _>>()?;
                self.hand(Event::Showdown(results))
            }
            [name, verb, rest @ ..] => self.player_action(name, verb, rest),
            _ => Err("not a script line".into()),
        }
    }

    /// `Ann > Bob=Cat | low Cat > Ann`: groups best first, `=` ties.
    fn board_result(&self, text: &str) -> Result<BoardResult, String> {
        let (high, low) = match text.split_once('|') {
            Some((h, l)) => (h, l.trim().strip_prefix("low").unwrap_or(l)),
            None => (text, ""),
        };
        let ranking = |s: &str| -> Result<Vec<Vec<usize>>, String> {
            s.split('>')
                .map(str::trim)
                .filter(|g| !g.is_empty())
                .map(|g| g.split('=').map(|n| self.hand_seat(n.trim())).collect())
                .collect()
        };
        Ok(BoardResult {
            high: ranking(high)?,
            low: ranking(low)?,
        })
    }

    fn player_action(&mut self, name: &str, verb: &str, rest: &[&str]) -> Step {
        let seat = self.hand_seat(name)?;
        let state = self.night.table().hand().ok_or("no hand")?.state().clone();
        let action = match (verb, rest) {
            ("fold", []) => Action::Fold,
            ("check", []) => {
                if state.to_call(seat) > 0 {
                    return Err(format!(
                        "{name} cannot check: {} to call",
                        self.show(state.to_call(seat))
                    ));
                }
                Action::CheckCall
            }
            ("call", []) => Action::CheckCall,
            ("bringin", []) => Action::BringIn,
            ("allin", []) => {
                let s = &state.seats()[seat];
                match state.raise_range(seat) {
                    Ok((_, max)) if max == s.bet + s.stack => Action::BetRaiseTo(max),
                    _ => Action::CheckCall,
                }
            }
            ("bet" | "raise" | "complete", [amount]) => Action::BetRaiseTo(self.amount(amount)?),
            _ => return Err(format!("unknown action `{verb}`")),
        };
        self.hand(Event::Act(seat, action))
            .map_err(|e| format!("{name}: {e}"))
    }

    fn expect(&self, w: &[&str]) -> Step {
        let table = self.night.table();
        let hand = table.hand();
        let state = hand.map(|h| h.state());
        let check = |what: &str, got: String, want: String| {
            if got == want {
                Ok(())
            } else {
                Err(format!("expected {what} {want}, got {got}"))
            }
        };
        let name_at = |hs: usize| hand.map_or("?".into(), |h| self.name_of(h.order[hs]));
        match w {
            ["turn", name] => {
                let got = state
                    .and_then(|s| s.to_act())
                    .map_or("nobody".into(), name_at);
                check("turn", got, name.to_string())
            }
            ["shows-first", name] => {
                let got = state
                    .and_then(|s| s.first_to_show())
                    .map_or("nobody".into(), name_at);
                check("first to show", got, name.to_string())
            }
            ["tocall", amount] => {
                let s = state.ok_or("no hand")?;
                let seat = s.to_act().ok_or("nobody is to act")?;
                check(
                    "to call",
                    self.show(s.to_call(seat)),
                    self.show(self.amount(amount)?),
                )
            }
            ["range", range] => {
                let s = state.ok_or("no hand")?;
                let seat = s.to_act().ok_or("nobody is to act")?;
                let got = match s.raise_range(seat) {
                    Ok((a, b)) => format!("{}..{}", self.show(a), self.show(b)),
                    Err(e) => format!("no raise ({e})"),
                };
                let (a, b) = range.split_once("..").ok_or("write a range as MIN..MAX")?;
                let want = format!(
                    "{}..{}",
                    self.show(self.amount(a)?),
                    self.show(self.amount(b)?)
                );
                check("range", got, want)
            }
            ["noraise", why @ ..] => {
                let s = state.ok_or("no hand")?;
                let seat = s.to_act().ok_or("nobody is to act")?;
                match s.raise_range(seat) {
                    Ok((a, b)) => Err(format!(
                        "expected no raise, got {}..{}",
                        self.show(a),
                        self.show(b)
                    )),
                    Err(e) if why.is_empty() || e.to_string().contains(&why.join(" ")) => Ok(()),
                    Err(e) => Err(format!(
                        "expected no raise because {:?}, got: {e}",
                        why.join(" ")
                    )),
                }
            }
            ["pot", amount] => {
                let s = state.ok_or("no hand")?;
                check("pot", self.show(s.pot()), self.show(self.amount(amount)?))
            }
            [kind @ ("pots" | "settled"), ..] => {
                let s = state.ok_or("no hand")?;
                // `settled`: the pots in the middle, without this round's bets (P1, D1).
                let pots = if *kind == "settled" {
                    s.settled_pots()
                } else {
                    s.pots()
                };
                let got = pots
                    .iter()
                    .map(|p| {
                        let mut names: Vec<String> =
                            p.eligible.iter().map(|&h| name_at(h)).collect();
                        names.sort();
                        format!("{} {}", self.show(p.amount), names.join(" "))
                    })
                    .collect::<Vec<_>>()
                    .join("; ");
                let want = match &w[1..] {
                    ["none"] if *kind == "settled" => String::new(),
                    rest => rest.join(" "),
                };
                let want = want
                    .split(';')
                    .filter(|p| *kind == "pots" || !p.trim().is_empty())
                    .map(|p| {
                        let mut parts = p.split_whitespace();
                        let amt = parts
                            .next()
                            .map(|a| self.amount(a))
                            .transpose()?
                            .unwrap_or(0);
                        let mut names: Vec<&str> = parts.collect();
                        names.sort_unstable();
                        Ok(format!("{} {}", self.show(amt), names.join(" ")))
                    })
                    .collect::<Result<Vec<_>, String>>()?
                    .join("; ");
                check(kind, got, want)
            }
            ["posts", ..] => {
                let s = state.ok_or("no hand")?;
                let got = s
                    .setup()
                    .forced
                    .iter()
                    .filter(|f| f.kind != ForcedKind::Ante)
                    .map(|f| {
                        format!(
                            "{} {} {}",
                            name_at(f.seat),
                            kind_word(f.kind),
                            self.show(f.amount)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(", ");
                let want = w[1..].join(" ");
                let want = want
                    .split(',')
                    .map(str::trim)
                    .filter(|p| !p.is_empty() && *p != "none")
                    .map(|p| {
                        let parts: Vec<&str> = p.split_whitespace().collect();
                        match parts.as_slice() {
                            [n, k, a] => Ok(format!("{n} {k} {}", self.show(self.amount(a)?))),
                            _ => Err(format!("write a post as NAME KIND AMOUNT, not {p:?}")),
                        }
                    })
                    .collect::<Result<Vec<_>, String>>()?
                    .join(", ");
                check("posts", got, want)
            }
            ["antes", amount] => {
                let s = state.ok_or("no hand")?;
                let total: Chips = s
                    .setup()
                    .forced
                    .iter()
                    .filter(|f| f.kind == ForcedKind::Ante)
                    .map(|f| f.amount)
                    .sum();
                check("antes", self.show(total), self.show(self.amount(amount)?))
            }
            ["stacks", pairs @ ..] => {
                for pair in pairs {
                    let (name, amount) =
                        pair.split_once('=').ok_or("write stacks as NAME=AMOUNT")?;
                    let seat = self.seat_of(name)?;
                    let live = table
                        .live_hand()
                        .and_then(|h| h.hand_seat(seat).map(|hs| h.state().seats()[hs].stack));
                    let got = live.unwrap_or_else(|| table.player(seat).map_or(0, |p| p.stack));
                    check(
                        &format!("{name}'s stack"),
                        self.show(got),
                        self.show(self.amount(amount)?),
                    )?;
                }
                Ok(())
            }
            ["button", name] => {
                let got = table.button().map_or("none".into(), |s| self.name_of(s));
                check("button", got, name.to_string())
            }
            ["dealt", names @ ..] => {
                let h = hand.ok_or("no hand")?;
                let got: Vec<String> = h.order.iter().map(|&s| self.name_of(s)).collect();
                check("dealt in", got.join(" "), names.join(" "))
            }
            ["kill", who] => {
                let got = table
                    .kill()
                    .killer()
                    .map_or("none".into(), |s| self.name_of(s));
                check("kill button", got, who.to_string())
            }
            ["leg", who] => {
                let got = table
                    .kill()
                    .leg()
                    .map_or("none".into(), |s| self.name_of(s));
                check("leg", got, who.to_string())
            }
            ["game", name @ ..] => {
                let got = table
                    .rules()
                    .games
                    .get(table.game())
                    .map_or("?", |g| g.name.as_str());
                check("game", got.to_string(), name.join(" "))
            }
            ["shortbuy", name, yes] => {
                let seat = self.seat_of(name)?;
                let got = table.player(seat).is_some_and(|p| p.short_buy);
                check(
                    &format!("{name} short buy"),
                    got.to_string(),
                    (*yes == "yes").to_string(),
                )
            }
            ["over"] => match hand {
                Some(h) if h.settled => Ok(()),
                _ => Err("expected the hand to be over".into()),
            },
            ["guts-pot", amount] => check(
                "Guts pot",
                self.show(table.guts().pot),
                self.show(self.amount(amount)?),
            ),
            ["lives-pot", amount] => check(
                "lives pot",
                self.show(table.lives().map_or(0, |l| l.pot)),
                self.show(self.amount(amount)?),
            ),
            ["lives", pairs @ ..] => {
                let game = table.lives().ok_or("no lives game is being played")?;
                for pair in pairs {
                    let (name, n) = pair.split_once('=').ok_or("write lives as NAME=N")?;
                    let seat = self.seat_of(name)?;
                    let got = game
                        .lives
                        .iter()
                        .find(|(s, _)| *s == seat)
                        .map_or(0, |(_, l)| *l);
                    check(&format!("{name}'s lives"), got.to_string(), n.to_string())?;
                }
                Ok(())
            }
            ["fees", amount] => check(
                "fees",
                self.show(table.ledger().fees()),
                self.show(self.amount(amount)?),
            ),
            // M5: a player's result for the night so far, as the settle-up
            // counts it (`net Ann -5.50`).
            ["net", name, amount] => {
                let (neg, digits) = match amount.strip_prefix('-') {
                    Some(d) => (true, d),
                    None => (false, amount.trim_start_matches('+')),
                };
                let want = i128::from(self.amount(digits)?);
                let want = if neg { -want } else { want };
                let got = table
                    .nets()
                    .iter()
                    .find(|(n, _)| &**n == *name)
                    .map(|(_, net)| *net)
                    .ok_or_else(|| format!("{name} has no line in the ledger"))?;
                let signed = |v: i128| {
                    let abs = self.show(Chips::try_from(v.unsigned_abs()).unwrap_or(Chips::MAX));
                    if v < 0 {
                        format!("-{abs}")
                    } else {
                        abs
                    }
                };
                check(&format!("{name}'s net"), signed(got), signed(want))
            }
            ["ledger"] => {
                let lhs = table.chips_on_table();
                let rhs = table.ledger().money_in() - table.ledger().money_out();
                check("chips on the table", self.show(lhs), self.show(rhs))
            }
            _ => Err(format!("unknown expectation `{}`", w.join(" "))),
        }
    }
}

fn kind_word(kind: ForcedKind) -> &'static str {
    match kind {
        ForcedKind::Ante => "ante",
        ForcedKind::Blind => "blind",
        ForcedKind::Straddle => "straddle",
        ForcedKind::ButtonStraddle => "button-straddle",
        ForcedKind::Kill => "kill",
        ForcedKind::LivePost => "live",
        ForcedKind::DeadPost => "dead",
        ForcedKind::Bomb => "bomb",
    }
}
