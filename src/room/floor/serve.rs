//! `dealerd floor --broker URL`: one subscription to every table, the
//! floor model, and the web server, on one thread.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rumqttc::{AsyncClient, Event, Packet, QoS};
use tokio::sync::watch;
use tracing::{info, warn};

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
        options.set_max_packet_size(1 << 20, 1 << 20);
        let floor = Arc::new(Mutex::new(Floor::default()));
        let (changes, changes_rx) = watch::channel(0u64);
        println!("floor: http://{addr}/");
        info!("floor on http://{addr}/, following {}", opts.broker);
        let mqtt = follow(options, Arc::clone(&floor), changes);
        tokio::select! {
            served = super::http::serve(listener, floor, changes_rx) => served.map_err(FloorError::Serve),
            () = mqtt => Ok(()),
        }
    })
}

/// Subscribes and keeps the floor up to date, reconnecting for ever.
async fn follow(
    options: rumqttc::MqttOptions,
    floor: Arc<Mutex<Floor>>,
    changes: watch::Sender<u64>,
) {
    let broker = format!("{:?}", options.broker_address());
    let (client, mut eventloop) = AsyncClient::new(options, 64);
    crate::room::connect::no_delay(&mut eventloop);
    let mut down = false;
    loop {
        match eventloop.poll().await {
            Ok(Event::Incoming(Packet::ConnAck(_))) => {
                info!("floor: connected to {broker}");
                down = false;
                // Again on every connection: a broker that lost our session
                // (no persistence) has lost the subscription with it.
                if let Err(e) = client.try_subscribe(SUBSCRIPTION, QoS::AtLeastOnce) {
                    warn!("floor: cannot subscribe: {e}");
                }
            }
            Ok(Event::Incoming(Packet::Publish(p))) => {
                let changed = {
                    let mut floor = floor.lock().unwrap_or_else(|e| e.into_inner());
                    floor.message(&p.topic, &p.payload)
                };
                if changed {
                    changes.send_modify(|v| *v = v.wrapping_add(1));
                }
            }
            Ok(_) => {}
            Err(e) => {
                if !down {
                    warn!("floor: broker {broker}: {e}");
                    down = true;
                }
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        }
    }
}
