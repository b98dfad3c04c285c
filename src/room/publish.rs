//! The table's publisher: a thread of its own with its own runtime, so the
//! table never waits for the network. The state task hands it snapshots
//! through a `watch` (the latest wins); the events come from the journal
//! file, after the last record the broker acknowledged, which is kept in
//! the state directory (`room.ack`). A broker that was away, or a table
//! that restarted, gets everything since then; records acknowledged but not
//! yet noted may go twice, and subscribers drop repeats by record number.
//!
//! Only what the journal has confirmed (fsynced) is read, and each record
//! goes through [`redact`](super::redact) first: no secret leaves the
//! table, and no record too large for the broker holds up the ones after
//! it. A subscriber that missed records (a broker that crashed, a queue
//! that overflowed) asks for them again on `dealerd/<table>/replay`, and
//! the table sends them from its journal.

use std::collections::{BTreeMap, VecDeque};
use std::path::{Path, PathBuf};
use std::time::Duration;

use rumqttc::{AsyncClient, Event, LastWill, Outgoing, Packet, QoS};
use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, watch};
use tracing::{debug, info, warn};

use super::acks::Acks;
use super::config::Room;
use super::connect::{self, Login};
use super::payload::{topic, JournalHead, ReplayRequest, State, OFFLINE, ONLINE, VERSION};
use super::redact::{self, Outgoing as Record};
use super::tail::Tail;

/// The file, in the state directory, of the last acknowledged record.
pub const ACK_FILE: &str = "room.ack";

/// At most this many publishes wait for their acknowledgement: enough to
/// keep a link busy, few enough that the client never fills its queue.
const WINDOW: usize = 64;
/// How often the journal is looked at when no snapshot says it changed.
const POLL: Duration = Duration::from_millis(500);
const KEEP_ALIVE: Duration = Duration::from_secs(5);
/// The most records one replay request is answered with; a subscriber
/// missing more asks again from where the answer ended.
pub const REPLAY_MAX: usize = 2000;

/// What the state task hands the publisher: the table as it stands, and
/// how many bytes of the journal are durable (`None`: no journal limit
/// known, the whole file is read).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feed {
    pub state: State,
    pub durable: Option<u64>,
}

/// Publisher timings that tests shrink.
#[derive(Debug, Clone, Copy)]
pub struct Tuning {
    pub retry_first: Duration,
    pub retry_max: Duration,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            retry_first: Duration::from_millis(250),
            retry_max: Duration::from_secs(5),
        }
    }
}

/// `room.ack`: which night, and its last acknowledged record.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AckMark {
    /// The night's id (the FNV-1a of the journal's header line), in hex.
    #[serde(with = "hex")]
    pub night: u64,
    pub acked: u64,
}

mod hex {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{v:016x}"))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let s = String::deserialize(d)?;
        u64::from_str_radix(&s, 16).map_err(serde::de::Error::custom)
    }
}

impl AckMark {
    /// The mark in `dir`, or none: a missing or unreadable file only means
    /// the night is sent again from its first record.
    pub fn load(dir: &Path) -> Option<AckMark> {
        let text = std::fs::read(dir.join(ACK_FILE)).ok()?;
        serde_json::from_slice(&text).ok()
    }

    /// Written whole (temporary file, rename). Not fsynced: a mark lost in
    /// a power cut only sends records again, which subscribers drop.
    pub fn store(&self, dir: &Path) -> std::io::Result<()> {
        let tmp = dir.join(format!("{ACK_FILE}.tmp"));
        let mut text = serde_json::to_vec(self).map_err(std::io::Error::other)?;
        text.push(b'\n');
        std::fs::write(&tmp, text)?;
        std::fs::rename(&tmp, dir.join(ACK_FILE))
    }
}

/// The running publisher.
pub struct Publisher {
    done: std::sync::mpsc::Receiver<()>,
}

impl Publisher {
    /// Starts publishing `room`'s table: snapshots from `states`, records
    /// from the journal in `state_dir`. Dropping the `states` sender says
    /// goodbye (status `offline`) and ends the thread.
    pub fn spawn(
        room: Room,
        state_dir: PathBuf,
        states: watch::Receiver<Feed>,
        tuning: Tuning,
    ) -> std::io::Result<Publisher> {
        let (tx, done) = std::sync::mpsc::channel();
        std::thread::Builder::new()
            .name("room".into())
            .spawn(move || {
                match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(rt) => rt.block_on(Link::new(room, state_dir, states, tuning).run()),
                    Err(e) => warn!("room: no runtime for the publisher: {e}"),
                }
                let _ = tx.send(());
            })?;
        Ok(Publisher { done })
    }

    /// Waits up to `within` for the goodbye to reach the broker.
    pub fn finish(self, within: Duration) {
        let _ = self.done.recv_timeout(within);
    }
}

/// What the connection's event loop tells the publisher.
enum Net {
    Connected,
    Written(u16),
    Acked(u16),
    /// A subscriber's request on the replay topic.
    Replay(Vec<u8>),
    Down(String),
}

struct Link {
    room: Room,
    state_dir: PathBuf,
    states: watch::Receiver<Feed>,
    tuning: Tuning,
    tail: Tail,
    mark: AckMark,
    /// Event payloads read from the journal and not yet acknowledged.
    pending: BTreeMap<u64, Vec<u8>>,
    /// The journal was cut back or replaced by another night: what this
    /// connection has in flight no longer means what it meant.
    rewound: bool,
    /// The highest record number read from the journal.
    seen: u64,
    state_topic: String,
    events_topic: String,
    status_topic: String,
    replay_topic: String,
}

/// One connection's side of the link.
struct Conn {
    client: AsyncClient,
    net: mpsc::UnboundedReceiver<Net>,
    connected: bool,
    acks: Acks,
    next: u64,
    state_due: bool,
    /// The state last handed over on this connection: the same is not sent twice.
    state_sent: Option<Vec<u8>>,
    /// Records asked for again, oldest first.
    replay: VecDeque<Vec<u8>>,
}

impl Link {
    fn new(room: Room, state_dir: PathBuf, states: watch::Receiver<Feed>, tuning: Tuning) -> Link {
        let journal = crate::journal::in_state_dir(&state_dir);
        let mark = AckMark::load(&state_dir).unwrap_or_default();
        Link {
            state_topic: topic(&room.table, "state"),
            events_topic: topic(&room.table, "events"),
            status_topic: topic(&room.table, "status"),
            replay_topic: topic(&room.table, "replay"),
            room,
            state_dir,
            states,
            tuning,
            tail: Tail::new(&journal),
            mark,
            pending: BTreeMap::new(),
            rewound: false,
            seen: 0,
        }
    }

    async fn run(mut self) {
        let mut retry = self.tuning.retry_first;
        let mut warned = false;
        loop {
            self.read_journal();
            match self.connect() {
                Ok(conn) => match self.serve(conn).await {
                    Ended::Stopped => return,
                    Ended::Rewound => continue,
                    Ended::Down { was_up, why } => {
                        if was_up {
                            retry = self.tuning.retry_first;
                            warned = false;
                        }
                        if !warned {
                            warn!("room: broker {} unreachable: {why}", self.room.broker);
                            warned = true;
                        } else {
                            debug!("room: broker {}: {why}", self.room.broker);
                        }
                    }
                },
                Err(why) => {
                    if !warned {
                        warn!("room: cannot connect to {}: {why}", self.room.broker);
                        warned = true;
                    }
                }
            }
            // Wait, but hear a stop (the sender dropped) at once.
            let sleep = tokio::time::sleep(retry);
            tokio::pin!(sleep);
            loop {
                tokio::select! {
                    _ = &mut sleep => break,
                    changed = self.states.changed() => if changed.is_err() { return },
                }
            }
            retry = (retry * 2).min(self.tuning.retry_max);
        }
    }

    fn connect(&mut self) -> Result<Conn, String> {
        self.rewound = false;
        let client_id = format!("dealerd-{}", self.room.table);
        let login = Login {
            broker: &self.room.broker,
            client_id: &client_id,
            username: self.room.username.as_deref(),
            password: &self.room.password,
            ca_file: self.room.ca_file.as_deref(),
        };
        let mut options = connect::options(&login, KEEP_ALIVE)?;
        options.set_last_will(LastWill::new(
            &self.status_topic,
            OFFLINE,
            QoS::AtLeastOnce,
            true,
        ));
        // The journal is the session: what was not acknowledged is sent
        // again from it, so the broker need keep nothing for us.
        options.set_clean_session(true);
        options.set_inflight(u16::try_from(WINDOW * 2).unwrap_or(u16::MAX));
        // rumqttc's default limit is 10 KiB, less than a house file: one
        // record over it dropped every connection, for ever (issue 23).
        // Payloads are capped well under this (redact::MAX_EVENT_PAYLOAD).
        options.set_max_packet_size(redact::MAX_PACKET, redact::MAX_PACKET);
        let (client, mut eventloop) = AsyncClient::new(options, WINDOW * 2);
        connect::no_delay(&mut eventloop);
        let (tx, net) = mpsc::unbounded_channel();
        let replay_topic = self.replay_topic.clone();
        tokio::spawn(async move {
            loop {
                let said = match eventloop.poll().await {
                    Ok(Event::Incoming(Packet::ConnAck(_))) => tx.send(Net::Connected),
                    Ok(Event::Incoming(Packet::PubAck(a))) => tx.send(Net::Acked(a.pkid)),
                    Ok(Event::Incoming(Packet::Publish(p))) if p.topic == replay_topic => {
                        tx.send(Net::Replay(p.payload.to_vec()))
                    }
                    Ok(Event::Outgoing(Outgoing::Publish(pkid))) => tx.send(Net::Written(pkid)),
                    Ok(_) => Ok(()),
                    Err(e) => {
                        let _ = tx.send(Net::Down(e.to_string()));
                        return;
                    }
                };
                if said.is_err() {
                    return;
                }
            }
        });
        Ok(Conn {
            client,
            net,
            connected: false,
            acks: Acks::new(self.mark.acked),
            next: self.mark.acked + 1,
            state_due: true,
            state_sent: None,
            replay: VecDeque::new(),
        })
    }

    async fn serve(&mut self, mut c: Conn) -> Ended {
        let mut poll = tokio::time::interval(POLL);
        poll.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                net = c.net.recv() => match net {
                    Some(Net::Connected) => {
                        info!("room: publishing to {} as table {}", self.room.broker, self.room.table);
                        c.connected = true;
                        c.acks = Acks::new(self.mark.acked);
                        c.next = self.mark.acked + 1;
                        c.state_due = true;
                        c.state_sent = None;
                        c.replay.clear();
                        // Clean session: the subscription is made again on
                        // every connection. QoS 0: a lost request is asked again.
                        if let Err(e) = c.client.try_subscribe(&self.replay_topic, QoS::AtMostOnce) {
                            debug!("room: cannot subscribe to {}: {e}", self.replay_topic);
                        }
                        self.publish(&mut c, &self.status_topic.clone(), ONLINE.as_bytes().to_vec(), true, None);
                    }
                    Some(Net::Replay(request)) => self.replay(&mut c, &request),
                    Some(Net::Written(pkid)) => c.acks.written(pkid),
                    Some(Net::Acked(pkid)) => {
                        if c.acks.puback(pkid) {
                            self.acknowledged(c.acks.acked());
                        }
                    }
                    Some(Net::Down(why)) => return Ended::Down { was_up: c.connected, why },
                    None => return Ended::Down { was_up: c.connected, why: "event loop ended".into() },
                },
                changed = self.states.changed() => {
                    if changed.is_err() {
                        self.goodbye(&mut c).await;
                        return Ended::Stopped;
                    }
                    c.state_due = true;
                    self.read_journal();
                }
                _ = poll.tick() => {
                    let seen = self.seen;
                    self.read_journal();
                    c.state_due |= self.seen != seen;
                }
            }
            if self.rewound {
                // Start over on a fresh connection from the mark, which
                // read_journal has already moved back.
                info!(
                    "room: the journal started over; sending it again from record {}",
                    self.mark.acked + 1
                );
                return Ended::Rewound;
            }
            self.fill(&mut c);
        }
    }

    /// Hands the client what is due, up to the window.
    fn fill(&mut self, c: &mut Conn) {
        if !c.connected {
            return;
        }
        while c.acks.in_flight() < WINDOW {
            if let Some(payload) = self.pending.get(&c.next).cloned() {
                let t = self.events_topic.clone();
                let n = c.next;
                self.publish(c, &t, payload, false, Some(n));
                c.next += 1;
                continue;
            }
            // The state after the records it counts, so that its journal
            // head never runs ahead of what was handed over.
            if c.state_due {
                c.state_due = false;
                let state = self.state_bytes();
                if c.state_sent.as_ref() != Some(&state) {
                    let t = self.state_topic.clone();
                    self.publish(c, &t, state.clone(), true, None);
                    c.state_sent = Some(state);
                }
                continue;
            }
            let Some(payload) = c.replay.pop_front() else {
                return;
            };
            let t = self.events_topic.clone();
            self.publish(c, &t, payload, false, None);
        }
    }

    /// The retained state: the table's snapshot and the journal's head.
    fn state_bytes(&self) -> Vec<u8> {
        let mut state = self.states.borrow().state.clone();
        if self.mark.night != 0 {
            state.journal = Some(JournalHead {
                night: format!("{:016x}", self.mark.night),
                records: self.seen,
            });
        }
        serde_json::to_vec(&state).unwrap_or_default()
    }

    /// A subscriber missed records: queue them again from the journal
    /// (durable bytes only), up to [`REPLAY_MAX`]. One request at a time;
    /// another while one is being answered is dropped (it is asked again).
    fn replay(&mut self, c: &mut Conn, request: &[u8]) {
        let Ok(req) = serde_json::from_slice::<ReplayRequest>(request) else {
            debug!("room: an unreadable replay request");
            return;
        };
        let night = format!("{:016x}", self.mark.night);
        if req.version != VERSION || req.night != night || !c.replay.is_empty() {
            return;
        }
        let from = req.from.max(1);
        if from > self.seen {
            return;
        }
        let mut tail = Tail::new(self.tail.path());
        let durable = self.states.borrow().durable;
        let lines = match tail.read_to(durable) {
            Ok(lines) if lines.night == Some(self.mark.night) => lines,
            Ok(_) => return,
            Err(e) => {
                debug!("room: cannot read the journal for a replay: {e}");
                return;
            }
        };
        c.replay = lines
            .records
            .iter()
            .filter_map(|line| redact::event_payload(&self.room.table, self.mark.night, line))
            .filter(|r| r.n >= from)
            .take(REPLAY_MAX)
            .map(|r| r.bytes)
            .collect();
        info!(
            "room: a subscriber asked for records from {from}: sending {} again",
            c.replay.len()
        );
    }

    fn publish(&self, c: &mut Conn, topic: &str, payload: Vec<u8>, retain: bool, n: Option<u64>) {
        match c
            .client
            .try_publish(topic, QoS::AtLeastOnce, retain, payload)
        {
            Ok(()) => c.acks.handed(n),
            // Only a closed event loop refuses (the queue is twice the
            // window): the loop's own error ends this connection.
            Err(e) => debug!("room: publish refused: {e}"),
        }
    }

    /// Records up to `acked` are the broker's: note it, forget them.
    fn acknowledged(&mut self, acked: u64) {
        self.mark.acked = acked;
        self.pending = self.pending.split_off(&(acked + 1));
        if let Err(e) = self.mark.store(&self.state_dir) {
            debug!("room: cannot note the acknowledged record: {e}");
        }
    }

    /// Takes in the journal's new records.
    fn read_journal(&mut self) {
        let durable = self.states.borrow().durable;
        let lines = match self.tail.read_to(durable) {
            Ok(lines) => lines,
            Err(e) => {
                debug!("room: cannot read the journal: {e}");
                return;
            }
        };
        if let Some(night) = lines.night {
            if night != self.mark.night {
                // Another night in the state directory: its records start at 1.
                self.mark = AckMark { night, acked: 0 };
                self.pending.clear();
                self.rewound = true;
            }
        }
        if lines.restarted {
            self.pending.clear();
            self.rewound = true;
            self.seen = 0;
        }
        for line in lines.records {
            let Some(Record { n, bytes, omitted }) =
                redact::event_payload(&self.room.table, self.mark.night, &line)
            else {
                continue;
            };
            self.seen = self.seen.max(n);
            if n > self.mark.acked {
                if let Some(size) = omitted {
                    warn!(
                        "room: record {n} is {size} bytes, over {} for the broker: \
                         sent as a marker (the journal keeps it whole)",
                        redact::MAX_EVENT_PAYLOAD
                    );
                }
                self.pending.insert(n, bytes);
            }
        }
        if self.seen < self.mark.acked && lines.night.is_some() {
            // The whole journal holds fewer records than the mark says were
            // acknowledged: the mark is another file's. Send this one whole.
            self.mark.acked = 0;
            self.rewound = true;
            self.read_journal_again();
        }
    }

    /// After the mark was found stale: the records read so far were
    /// skipped as acknowledged, so read the file again from its start.
    fn read_journal_again(&mut self) {
        let journal = self.tail.path().to_path_buf();
        self.tail = Tail::new(&journal);
        self.seen = 0;
        self.pending.clear();
        self.read_journal();
    }

    /// A stop: `offline` in place of the will (a clean disconnect does not
    /// fire it), waiting a moment for what is in flight.
    async fn goodbye(&mut self, c: &mut Conn) {
        if !c.connected {
            return;
        }
        let t = self.status_topic.clone();
        self.publish(c, &t, OFFLINE.as_bytes().to_vec(), true, None);
        let deadline = tokio::time::Instant::now() + Duration::from_secs(1);
        while c.acks.in_flight() > 0 {
            match tokio::time::timeout_at(deadline, c.net.recv()).await {
                Ok(Some(Net::Written(pkid))) => c.acks.written(pkid),
                Ok(Some(Net::Acked(pkid))) => {
                    if c.acks.puback(pkid) {
                        self.acknowledged(c.acks.acked());
                    }
                }
                Ok(Some(Net::Connected)) => {}
                _ => break,
            }
        }
        let _ = c.client.try_disconnect();
    }
}

enum Ended {
    Stopped,
    /// The journal was cut back or replaced: connect again at once.
    Rewound,
    Down {
        was_up: bool,
        why: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mark_is_written_whole_and_read_back() {
        let dir = std::env::temp_dir().join(format!("dealerd-ack-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(AckMark::load(&dir), None);
        let mark = AckMark {
            night: 0x185a_4c8b_e6fd_4459,
            acked: 42,
        };
        mark.store(&dir).unwrap();
        let text = std::fs::read_to_string(dir.join(ACK_FILE)).unwrap();
        assert_eq!(text, "{\"night\":\"185a4c8be6fd4459\",\"acked\":42}\n");
        assert_eq!(AckMark::load(&dir), Some(mark));
        assert!(!dir.join("room.ack.tmp").exists());
        std::fs::write(dir.join(ACK_FILE), "torn").unwrap();
        assert_eq!(
            AckMark::load(&dir),
            None,
            "an unreadable mark sends the night again"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
