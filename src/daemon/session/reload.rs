//! New rules for a night in progress: read from the file, refused with the
//! error, held until the hand ends, or applied as a `Rules` event.

use std::sync::Arc;

use super::{Level, Origin, Output, RulesSource, Session};
use crate::table::TableEvent;

impl Session {
    /// Asks the shell to read the session's rules file again. The embedded
    /// default has no file to read.
    pub(super) fn reload_file(&mut self) {
        match self.rules_in_force().origin {
            Origin::File(path) => self.outputs.push_back(Output::ReadRules(path)),
            Origin::Embedded => self.say("the embedded default rules have no file to reload"),
        }
    }

    /// Rules that cannot be had: the error on screen and in the log, and the
    /// old rules stay.
    pub(super) fn refuse_rules(&mut self, why: impl std::fmt::Display) {
        let msg = format!("rules not reloaded: {why}");
        self.notice(Level::Error, msg.clone());
        self.say(msg);
    }

    /// New rules: refused with the error on screen and in the log (the old
    /// rules stay), held until the hand ends, or applied.
    pub(super) fn reload(&mut self, rules: RulesSource) {
        let source = rules.name();
        let file = match rules.load() {
            Ok(file) => file,
            Err(e) => return self.refuse_rules(e),
        };
        if rules.text == self.rules_in_force().text {
            self.notice(Level::Info, format!("{source}: unchanged"));
            self.say("rules unchanged");
            return;
        }
        if self.night.table().in_hand() {
            self.notice(Level::Info, format!("{source}: new rules after this hand"));
            self.note("new rules after this hand");
            self.pending_rules = Some(rules);
            return;
        }
        let text = rules.text;
        let event = TableEvent::Rules {
            source: source.clone(),
            text,
        };
        // The table takes the rules of this parse, not one of its own.
        if self.apply_parsed(event, Some(Arc::clone(&file.rules))) {
            self.wired(&file);
            let house = self.night.rules().house.name.clone();
            self.notice(Level::Info, format!("{source}: rules reloaded ({house})"));
            self.note(format!("rules reloaded: {house}"));
        }
    }

    /// The rules in force and where they came from: the last reload in the
    /// night, else what it was opened with. State the table keeps, so an
    /// undone reload needs no bookkeeping here.
    pub fn rules_in_force(&self) -> RulesSource {
        match self.night.table().reloaded_rules() {
            Some((name, text)) => RulesSource::from_name(name, text),
            None => self.opened.clone(),
        }
    }
}
