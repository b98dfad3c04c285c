//! rustls for `mqtts://`, with the `ring` provider (gcc is enough to build
//! it, for the Pi too): the system's roots, or a CA file.

use std::path::Path;
use std::sync::Arc;

use rumqttc::tokio_rustls::rustls::{self, ClientConfig, RootCertStore};

/// A client configuration trusting `ca_file`'s certificates, or the
/// system's roots without one.
pub fn client_config(ca_file: Option<&Path>) -> Result<ClientConfig, String> {
    let mut roots = RootCertStore::empty();
    match ca_file {
        Some(path) => {
            let shown = path.display();
            let pem = std::fs::read(path).map_err(|e| format!("{shown}: {e}"))?;
            for cert in rustls_pemfile::certs(&mut pem.as_slice()) {
                let cert = cert.map_err(|e| format!("{shown}: {e}"))?;
                roots.add(cert).map_err(|e| format!("{shown}: {e}"))?;
            }
            if roots.is_empty() {
                return Err(format!("{shown}: no PEM certificate in it"));
            }
        }
        None => {
            let found = rustls_native_certs::load_native_certs();
            for cert in found.certs {
                // One unreadable root must not cost the others.
                let _ = roots.add(cert);
            }
            if roots.is_empty() {
                return Err("no system root certificates found (give ca_file)".into());
            }
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    Ok(ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_root_certificates(roots)
        .with_no_client_auth())
}
