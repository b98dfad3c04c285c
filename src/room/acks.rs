//! Which journal records the broker has acknowledged, on one connection.
//!
//! rumqttc says which packet id each publish went out under
//! (`Outgoing::Publish(pkid)`, in the order the publishes were handed to it)
//! and which packet id the broker acknowledged (`PubAck`); this maps the
//! two back to record numbers and keeps the watermark: the highest record
//! that it and every record before it were acknowledged.

use std::collections::{BTreeSet, HashMap, VecDeque};

#[derive(Debug, Default)]
pub struct Acks {
    /// Publishes handed to the client and not yet written: a record number,
    /// or `None` for the state and the status.
    handed: VecDeque<Option<u64>>,
    /// Written and not yet acknowledged.
    by_pkid: HashMap<u16, Option<u64>>,
    /// Acknowledged records above the watermark (acknowledged out of order).
    above: BTreeSet<u64>,
    acked: u64,
}

impl Acks {
    /// A connection that resumes after record `acked`.
    pub fn new(acked: u64) -> Acks {
        Acks {
            acked,
            ..Acks::default()
        }
    }

    /// The watermark.
    pub fn acked(&self) -> u64 {
        self.acked
    }

    /// Publishes handed over and not yet acknowledged.
    pub fn in_flight(&self) -> usize {
        self.handed.len() + self.by_pkid.len()
    }

    /// A publish was handed to the client.
    pub fn handed(&mut self, record: Option<u64>) {
        self.handed.push_back(record);
    }

    /// The client wrote the oldest publish handed to it under `pkid`.
    pub fn written(&mut self, pkid: u16) {
        if let Some(record) = self.handed.pop_front() {
            self.by_pkid.insert(pkid, record);
        }
    }

    /// The broker acknowledged `pkid`; true when the watermark moved.
    pub fn puback(&mut self, pkid: u16) -> bool {
        let Some(Some(n)) = self.by_pkid.remove(&pkid) else {
            return false;
        };
        if n > self.acked {
            self.above.insert(n);
        }
        let before = self.acked;
        while self.above.remove(&(self.acked + 1)) {
            self.acked += 1;
        }
        self.acked > before
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_watermark_waits_for_every_record_below_it() {
        let mut a = Acks::new(4);
        a.handed(None); // the status
        a.handed(Some(5));
        a.handed(Some(6));
        a.written(1);
        a.written(2);
        a.written(3);
        assert_eq!(a.in_flight(), 3);
        assert!(!a.puback(1), "the status is no record");
        assert!(!a.puback(3), "6 before 5 leaves the watermark at 4");
        assert_eq!(a.acked(), 4);
        assert!(a.puback(2));
        assert_eq!(a.acked(), 6);
        assert_eq!(a.in_flight(), 0);
        assert!(!a.puback(2), "a repeated ack changes nothing");
    }

    #[test]
    fn a_record_already_below_the_watermark_is_ignored() {
        let mut a = Acks::new(10);
        a.handed(Some(9));
        a.written(7);
        assert!(!a.puback(7));
        assert_eq!(a.acked(), 10);
    }
}
