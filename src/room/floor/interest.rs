//! The interest list (issue 36): per game and stakes, the players waiting
//! for a seat, kept by the floor's staff from the staff view (add a name,
//! call, seat, remove) and shown on the public board next to the tables of
//! that game with a seat open. Pure but for [`Interest::load`] and
//! [`Interest::store`]: the floor keeps it in its state directory, written
//! whole after every change, so a restart of the floor loses no name.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

/// The file in the floor's state directory.
pub const FILE_NAME: &str = "interest.json";
/// Lists kept (one per game and stakes), names per list, and their lengths.
pub const MAX_LISTS: usize = 32;
pub const MAX_NAMES: usize = 100;
pub const MAX_NAME: usize = 40;
pub const MAX_LIST_NAME: usize = 120;

/// One player waiting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub name: String,
    /// When they were put on the list (unix ms).
    pub added: u64,
    /// When the staff last called them to a seat (unix ms).
    #[serde(default)]
    pub called: Option<u64>,
}

/// Every list, by its game and stakes ("No-limit hold'em · blinds 1/2",
/// as the tables publish them), each in the order names were added.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Interest {
    pub lists: BTreeMap<String, Vec<Entry>>,
}

/// What the staff do to a name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Add,
    /// A seat is ready: the player is called (and stays on the list).
    Call,
    /// The player sat down: off the list.
    Seat,
    /// The player left or is no longer interested: off the list.
    Remove,
}

impl Action {
    pub fn parse(word: &str) -> Option<Action> {
        match word {
            "add" => Some(Action::Add),
            "call" => Some(Action::Call),
            "seat" => Some(Action::Seat),
            "remove" => Some(Action::Remove),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InterestError {
    #[error("a name is 1 to {MAX_NAME} characters, with no control character: {0:?}")]
    Name(String),
    #[error("a list is named by its game and stakes, 1 to {MAX_LIST_NAME} characters: {0:?}")]
    List(String),
    #[error("{name} is already on the list for {list}")]
    Already { name: String, list: String },
    #[error("{name} is not on the list for {list}")]
    Missing { name: String, list: String },
    #[error("the list for {0} is full ({MAX_NAMES} names)")]
    Full(String),
    #[error("{MAX_LISTS} lists are kept at most")]
    Lists,
}

fn clean(text: &str, max: usize) -> Option<String> {
    let t = text.trim();
    let ok = !t.is_empty() && t.chars().count() <= max && !t.chars().any(char::is_control);
    ok.then(|| t.to_string())
}

impl Interest {
    /// Does `action` to `name` on the list `list` at `now` (unix ms).
    pub fn apply(
        &mut self,
        action: Action,
        list: &str,
        name: &str,
        now: u64,
    ) -> Result<(), InterestError> {
        let list = clean(list, MAX_LIST_NAME).ok_or_else(|| InterestError::List(list.into()))?;
        let name = clean(name, MAX_NAME).ok_or_else(|| InterestError::Name(name.into()))?;
        if action == Action::Add {
            if !self.lists.contains_key(&list) && self.lists.len() >= MAX_LISTS {
                return Err(InterestError::Lists);
            }
            let entries = self.lists.entry(list.clone()).or_default();
            if entries.iter().any(|e| e.name == name) {
                return Err(InterestError::Already { name, list });
            }
            if entries.len() >= MAX_NAMES {
                return Err(InterestError::Full(list));
            }
            entries.push(Entry {
                name,
                added: now,
                called: None,
            });
            return Ok(());
        }
        let missing = || InterestError::Missing {
            name: name.clone(),
            list: list.clone(),
        };
        let entries = self.lists.get_mut(&list).ok_or_else(missing)?;
        let at = entries
            .iter()
            .position(|e| e.name == name)
            .ok_or_else(missing)?;
        match action {
            Action::Call => {
                if let Some(e) = entries.get_mut(at) {
                    e.called = Some(now);
                }
            }
            Action::Seat | Action::Remove | Action::Add => {
                entries.remove(at);
                if entries.is_empty() {
                    self.lists.remove(&list);
                }
            }
        }
        Ok(())
    }

    /// The list kept in `dir`; none there is an empty one. A file that does
    /// not read is an error: the staff's names are not dropped in silence.
    pub fn load(dir: &Path) -> Result<Interest, String> {
        let path = dir.join(FILE_NAME);
        match std::fs::read(&path) {
            Ok(bytes) => {
                serde_json::from_slice(&bytes).map_err(|e| format!("{}: {e}", path.display()))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Interest::default()),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    /// Written whole: a temporary file, fsynced, renamed over the last one,
    /// and the directory fsynced, so a power cut leaves the old list or
    /// the new one.
    pub fn store(&self, dir: &Path) -> std::io::Result<()> {
        let tmp = dir.join(format!("{FILE_NAME}.tmp"));
        let mut bytes = serde_json::to_vec_pretty(self).map_err(std::io::Error::other)?;
        bytes.push(b'\n');
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(&bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, dir.join(FILE_NAME))?;
        std::fs::File::open(dir)?.sync_all()
    }
}

/// The fields of an `application/x-www-form-urlencoded` body, decoded.
pub fn form(body: &[u8]) -> BTreeMap<String, String> {
    String::from_utf8_lossy(body)
        .split('&')
        .filter_map(|pair| {
            let (k, v) = pair.split_once('=')?;
            Some((decode(k), decode(v)))
        })
        .collect()
}

fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes
                    .get(i + 1..i + 3)
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok());
                if let Some(v) = hex {
                    out.push(v);
                    i += 2;
                } else {
                    out.push(b'%');
                }
            }
            _ => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    const NLH: &str = "No-limit hold'em · blinds 1/2";

    #[test]
    fn staff_add_call_seat_and_remove_names_in_the_order_they_came() {
        let mut i = Interest::default();
        i.apply(Action::Add, NLH, "Ann", 1).unwrap();
        i.apply(Action::Add, NLH, " Bob ", 2).unwrap();
        i.apply(Action::Add, "Pot-limit Omaha · blinds 1/2", "Cy", 3)
            .unwrap();
        assert_eq!(
            i.apply(Action::Add, NLH, "Ann", 4),
            Err(InterestError::Already {
                name: "Ann".into(),
                list: NLH.into()
            })
        );
        i.apply(Action::Call, NLH, "Ann", 5).unwrap();
        let names: Vec<(&str, Option<u64>)> = i.lists[NLH]
            .iter()
            .map(|e| (e.name.as_str(), e.called))
            .collect();
        assert_eq!(names, [("Ann", Some(5)), ("Bob", None)]);
        i.apply(Action::Seat, NLH, "Ann", 6).unwrap();
        i.apply(Action::Remove, NLH, "Bob", 7).unwrap();
        assert!(!i.lists.contains_key(NLH), "an empty list goes");
        assert!(matches!(
            i.apply(Action::Call, NLH, "Bob", 8),
            Err(InterestError::Missing { .. })
        ));
        assert!(matches!(
            i.apply(Action::Add, NLH, "", 8),
            Err(InterestError::Name(_))
        ));
        assert!(matches!(
            i.apply(Action::Add, NLH, "a\nb", 8),
            Err(InterestError::Name(_))
        ));
        assert!(matches!(
            i.apply(Action::Add, " ", "Dee", 8),
            Err(InterestError::List(_))
        ));
    }

    #[test]
    fn lists_and_names_are_bounded() {
        let mut i = Interest::default();
        for n in 0..MAX_NAMES {
            i.apply(Action::Add, NLH, &format!("P{n}"), 1).unwrap();
        }
        assert_eq!(
            i.apply(Action::Add, NLH, "one more", 1),
            Err(InterestError::Full(NLH.into()))
        );
        for n in 1..MAX_LISTS {
            i.apply(Action::Add, &format!("game {n}"), "Ann", 1)
                .unwrap();
        }
        assert_eq!(
            i.apply(Action::Add, "one list more", "Ann", 1),
            Err(InterestError::Lists)
        );
    }

    #[test]
    fn the_list_is_kept_whole_in_the_state_directory() {
        let dir = std::env::temp_dir().join(format!("dealerd-interest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(Interest::load(&dir), Ok(Interest::default()));
        let mut i = Interest::default();
        i.apply(Action::Add, NLH, "Ann", 1).unwrap();
        i.store(&dir).unwrap();
        assert_eq!(Interest::load(&dir), Ok(i));
        assert!(!dir.join("interest.json.tmp").exists());
        std::fs::write(dir.join(FILE_NAME), "torn").unwrap();
        assert!(Interest::load(&dir).unwrap_err().contains("interest.json"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_form_body_is_decoded() {
        let f = form(b"action=add&list=No-limit+hold%27em+%C2%B7+blinds+1%2F2&name=Ann+B%");
        assert_eq!(f["action"], "add");
        assert_eq!(f["list"], "No-limit hold'em · blinds 1/2");
        assert_eq!(f["name"], "Ann B%");
    }
}
