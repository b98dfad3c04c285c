//! `dealerd floor --broker URL`: one subscription to every table, the
//! floor model, and the web server, on one thread.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rumqttc::{AsyncClient, Event, Packet, QoS};
use tokio::sync::watch;
use tracing::{debug, info, warn};

use super::Floor;
use crate::room::config::{Broker, Password};
use crate::room::connect::{self, Login};

/// Every table's topics.
pub const SUBSCRIPTION: &str = "dealerd/+/#";

/// What `dealerd floor` was asked to do.
#[derive(Debug, Clone)]
pub struct Options {
    pub broker: Broker,
    pub listen: SocketAddr,
    pub username: Option<String>,
    pub ca_file: Option<PathBuf>,
    /// The broker keeps this client's session (and queues the tables'
    /// events for it) while the floor is away: one id per floor.
    pub client_id: String,
    /// The staff's password for `/staff/…` (user `staff`); none: no staff view.
    pub staff_password: Option<String>,
    /// Where the floor keeps the interest list; none: in memory only.
    pub state_dir: Option<PathBuf>,
}

/// The wall clock in unix milliseconds, for "last heard"; 0 before 1970.
pub(crate) fn unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

#[derive(Debug, thiserror::Error)]
pub enum FloorError {
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("tokio runtime: {0}")]
    Runtime(std::io::Error),
    #[error("broker {broker}: {reason}")]
    Broker { broker: String, reason: String },
    #[error("web server: {0}")]
    Serve(std::io::Error),
    #[error("the floor's state directory {}: {reason}", dir.display())]
    StateDir { dir: PathBuf, reason: String },
}

/// Runs the floor until the process is stopped. Prints the page's address
/// on stdout once it listens (the port, when asked for port 0).
pub fn run(opts: &Options) -> Result<(), FloorError> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(FloorError::Runtime)?;
    rt.block_on(async {
        let listener = tokio::net::TcpListener::bind(opts.listen)
            .await
            .map_err(|source| FloorError::Listen {
                addr: opts.listen,
                source,
            })?;
        let addr = listener.local_addr().map_err(FloorError::Serve)?;
        let login = Login {
            broker: &opts.broker,
            client_id: &opts.client_id,
            username: opts.username.as_deref(),
            password: &Password::Env,
            ca_file: opts.ca_file.as_deref(),
        };
        let mut options =
            connect::options(&login, Duration::from_secs(5)).map_err(|reason| {
                FloorError::Broker {
                    broker: opts.broker.to_string(),
                    reason,
                }
            })?;
        options.set_clean_session(false);
        // At least the broker's documented max_packet_size (docs/room.md):
        // a message over the client's limit drops the connection, and the
        // broker would hand it over again on the next one, for ever.
        options.set_max_packet_size(1 << 20, 1 << 20);
        let interest = match &opts.state_dir {
            Some(dir) => {
                std::fs::create_dir_all(dir).map_err(|e| FloorError::StateDir {
                    dir: dir.clone(),
                    reason: e.to_string(),
                })?;
                super::interest::Interest::load(dir).map_err(|reason| FloorError::StateDir {
                    dir: dir.clone(),
                    reason,
                })?
            }
            None => super::interest::Interest::default(),
        };
        let floor = Arc::new(Mutex::new(Floor {
            now: unix_ms(),
            interest,
            ..Floor::default()
        }));
        floor.lock().unwrap_or_else(|e| e.into_inner()).broker(false);
        let (changes, changes_rx) = watch::channel(0u64);
        let changes = Arc::new(changes);
        let served = Arc::new(super::http::Served {
            state_dir: opts.state_dir.clone(),
            changes: Arc::clone(&changes),
            ..super::http::Served::new(Arc::clone(&floor), opts.staff_password.as_deref())
        });
        println!("floor: http://{addr}/");
        info!("floor on http://{addr}/, following {}", opts.broker);
        let mqtt = follow(options, Arc::clone(&floor), changes);
        tokio::select! {
            served = super::http::serve(listener, Arc::clone(&served)) => served.map_err(FloorError::Serve),
            () = super::http::fan_out(served, changes_rx) => Ok(()),
            () = mqtt => Ok(()),
        }
    })
}

/// A connection closed this soon after it was accepted is worth a hint.
const TAKEN_OVER: Duration = Duration::from_secs(10);

/// How often the floor looks for gaps in a table's records.
const GAP_BEAT: Duration = Duration::from_millis(500);

/// Subscribes and keeps the floor up to date, reconnecting for ever; asks
/// a table for the records it missed ([`Floor::tick`]).
async fn follow(
    options: rumqttc::MqttOptions,
    floor: Arc<Mutex<Floor>>,
    changes: Arc<watch::Sender<u64>>,
) {
    let broker = format!("{:?}", options.broker_address());
    let (client, mut eventloop) = AsyncClient::new(options, 64);
    crate::room::connect::no_delay(&mut eventloop);
    let mut beat = tokio::time::interval(GAP_BEAT);
    beat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // The floor's clock is set here, at every lock: the model reads none.
    let lock = || {
        let mut f = floor.lock().unwrap_or_else(|e| e.into_inner());
        f.now = unix_ms();
        f
    };
    let changed = || changes.send_modify(|v| *v = v.wrapping_add(1));
    let mut refused = 0;
    let mut connected_at = None;
    loop {
        let polled = tokio::select! {
            polled = eventloop.poll() => polled,
            _ = beat.tick() => {
                let asks = {
                    let mut floor = lock();
                    if floor.refused > refused {
                        warn!("floor: {} messages refused by the floor's limits so far", floor.refused);
                        refused = floor.refused;
                    }
                    if floor.broker_up { floor.tick() } else { Vec::new() }
                };
                for (topic, request) in asks {
                    info!("floor: asking {topic} for what it missed");
                    if let Err(e) = client.try_publish(topic, QoS::AtMostOnce, false, request) {
                        debug!("floor: cannot ask for a replay: {e}");
                    }
                }
                // The beat may have changed a word ("reconnecting" ends).
                changed();
                continue;
            }
        };
        match polled {
            Ok(Event::Incoming(Packet::ConnAck(_))) => {
                connected_at = Some(tokio::time::Instant::now());
                info!("floor: connected to {broker}");
                lock().broker(true);
                changed();
                // Again on every connection: a broker that lost our session
                // (no persistence) has lost the subscription with it.
                if let Err(e) = client.try_subscribe(SUBSCRIPTION, QoS::AtLeastOnce) {
                    warn!("floor: cannot subscribe: {e}");
                }
            }
            Ok(Event::Incoming(Packet::Publish(p))) => {
                // Even a message that changes nothing says the table was
                // heard from: the fan-out finds what to send.
                lock().message(&p.topic, &p.payload);
                changed();
            }
            Ok(_) => {}
            Err(e) => {
                if lock().broker(false) {
                    warn!("floor: broker {broker}: {e}");
                    if connected_at
                        .is_some_and(|at: tokio::time::Instant| at.elapsed() < TAKEN_OVER)
                    {
                        // A session taken over looks like this: the broker
                        // closes us soon after it let us in.
                        warn!(
                            "floor: the broker closed the connection soon after accepting it: \
                             is another client logged in with this floor's client id or user? \
                             (docs/room.md: each display its own user)"
                        );
                    }
                    changed();
                }
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        }
    }
}
