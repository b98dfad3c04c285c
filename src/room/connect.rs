//! One broker connection's options, for the table and the floor alike.

use std::sync::Arc;
use std::time::Duration;

use rumqttc::{MqttOptions, TlsConfiguration, Transport};

use super::config::{Broker, Password, PASSWORD_ENV};

/// Who connects, and how.
#[derive(Debug, Clone)]
pub struct Login<'a> {
    pub broker: &'a Broker,
    pub client_id: &'a str,
    pub username: Option<&'a str>,
    pub password: &'a Password,
    pub ca_file: Option<&'a std::path::Path>,
}

/// The password, read now: a file's first line, or the environment.
pub fn password(p: &Password) -> Result<Option<String>, String> {
    match p {
        Password::Inline(s) => Ok(Some(s.clone())),
        Password::File(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("password_file {}: {e}", path.display()))?;
            Ok(Some(text.lines().next().unwrap_or_default().to_string()))
        }
        Password::Env => Ok(std::env::var(PASSWORD_ENV).ok()),
    }
}

/// Sends each packet as it is written: a press is one small PUBLISH, and
/// Nagle's algorithm would hold it for the broker's delayed ACK (40 ms).
pub fn no_delay(eventloop: &mut rumqttc::EventLoop) {
    let mut net = rumqttc::NetworkOptions::new();
    net.set_tcp_nodelay(true);
    eventloop.set_network_options(net);
}

/// The options of one connection; the password file and the CA file are
/// read here, at each connection, so a changed secret needs no restart.
pub fn options(login: &Login<'_>, keep_alive: Duration) -> Result<MqttOptions, String> {
    let mut o = MqttOptions::new(login.client_id, &login.broker.host, login.broker.port);
    o.set_keep_alive(keep_alive);
    if let Some(user) = login.username {
        let pass = password(login.password)?.unwrap_or_default();
        o.set_credentials(user, pass);
    }
    if login.broker.tls {
        let config = super::tls::client_config(login.ca_file)?;
        o.set_transport(Transport::tls_with_config(TlsConfiguration::Rustls(
            Arc::new(config),
        )));
    }
    Ok(o)
}
