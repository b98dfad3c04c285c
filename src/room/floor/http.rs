//! The floor's web server: hand-written HTTP/1.1, enough for one page, one
//! JSON document and one server-sent event stream. Each connection answers
//! one request and closes, except the event stream, which stays open.
//!
//! One client harms nobody (issue 23): at most [`MAX_CONNECTIONS`] are
//! served at once (the next ones are closed at once, long before the
//! process runs out of file descriptors), of which at most
//! [`MAX_STREAMS`] event streams; a request head must arrive whole within
//! [`HEAD_DEADLINE`], however it trickles; a write that a client does not
//! read within [`WRITE_DEADLINE`] ends its connection; and a failed accept
//! is waited out, never the end of the server.
//!
//! A change costs the same however many pages are open (issue 36): it is
//! written once, as an update holding only the tables that changed
//! ([`fan_out`]), and the same bytes go to every page; a page that falls
//! behind gets the whole board again instead of every update it missed.
//!
//! What is public and what is the staff's (issue 36): `/`, `/events` and
//! `/tables.json` show the board (states, never the records: a rules
//! record holds the house file, a correction names who was short);
//! `/staff/tables.json` holds the records, behind HTTP Basic with the
//! staff password (`--staff-password-file`), and is off without one.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{broadcast, watch};
use tracing::{debug, warn};

use super::Floor;

/// What every connection shares.
pub struct Served {
    pub floor: Arc<Mutex<Floor>>,
    /// Each change, written once: `data: {…}\n\n`.
    pub updates: broadcast::Sender<Arc<str>>,
    /// The `Authorization` header the staff send, when a staff password is set.
    pub staff: Option<String>,
    /// Where the interest list is kept, if anywhere.
    pub state_dir: Option<PathBuf>,
    /// Ticked when the staff changed the floor, for [`fan_out`].
    pub changes: Arc<watch::Sender<u64>>,
}

impl Served {
    pub fn new(floor: Arc<Mutex<Floor>>, staff_password: Option<&str>) -> Served {
        let (updates, _) = broadcast::channel(UPDATES_KEPT);
        Served {
            floor,
            updates,
            staff: staff_password
                .map(|p| format!("Basic {}", base64(format!("{STAFF_USER}:{p}").as_bytes()))),
            state_dir: None,
            changes: Arc::new(watch::channel(0).0),
        }
    }

    fn staff_page(&self, problem: Option<&str>) -> String {
        let floor = self.floor.lock().unwrap_or_else(|e| e.into_inner());
        let kept = self
            .state_dir
            .as_ref()
            .map(|d| d.join(super::interest::FILE_NAME).display().to_string());
        super::staff::page(&floor, kept.as_deref(), problem)
    }

    fn snapshot(&self, f: fn(&Floor) -> serde_json::Value) -> String {
        let floor = self.floor.lock().unwrap_or_else(|e| e.into_inner());
        f(&floor).to_string()
    }
}

/// The user name the staff log in with.
pub const STAFF_USER: &str = "staff";
/// How long a change waits for the ones that come with it.
const COALESCE: Duration = Duration::from_millis(15);
/// Updates kept for a page that is slow to read; one further behind gets
/// the whole board again.
const UPDATES_KEPT: usize = 256;

/// Writes each change once and hands it to every open page. `changes`
/// ticks whenever the floor may have changed.
pub async fn fan_out(served: Arc<Served>, mut changes: watch::Receiver<u64>) {
    while changes.changed().await.is_ok() {
        // A press reaches the floor as a record and the state after it, a
        // millisecond apart: one update for both halves the bytes a page
        // gets, for a few milliseconds' wait.
        tokio::time::sleep(COALESCE).await;
        changes.borrow_and_update();
        let update = {
            let mut floor = served.floor.lock().unwrap_or_else(|e| e.into_inner());
            floor.take_changes()
        };
        if let Some(update) = update {
            let message: Arc<str> = Arc::from(format!("data: {update}\n\n"));
            // No page open is no error.
            let _ = served.updates.send(message);
        }
    }
}

/// Standard base64 with padding, for the one Basic credential compared.
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk.first().copied().unwrap_or(0),
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                let at = usize::try_from((n >> (18 - 6 * i)) & 63).unwrap_or(0);
                out.push(char::from(ABC.get(at).copied().unwrap_or(b'=')));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The value of the header `name` in a request head.
pub fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().skip(1).find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.trim().eq_ignore_ascii_case(name).then_some(v.trim())
    })
}

/// A form posted from another site (a page the staff's browser opened,
/// carrying their login) is refused: its `Origin` must be this host.
pub fn same_origin(head: &str) -> bool {
    match (header(head, "origin"), header(head, "host")) {
        (None, _) => true,
        (Some(origin), Some(host)) => origin
            .split_once("://")
            .is_some_and(|(_, rest)| rest.trim_end_matches('/') == host),
        (Some(_), None) => false,
    }
}

/// Whether `head` carries the staff's credential; compared in time that
/// does not depend on where it differs.
pub fn is_staff(head: &str, expected: Option<&str>) -> bool {
    let Some(expected) = expected else {
        return false;
    };
    let given = header(head, "authorization").unwrap_or("");
    given.len() == expected.len()
        && given
            .bytes()
            .zip(expected.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

/// The page: markup, style and script in one file, no outside requests.
pub const PAGE: &str = include_str!("page.html");

/// A request head larger than this is refused.
const MAX_HEAD: usize = 8 * 1024;
/// A comment line keeps idle event streams through proxies.
const HEARTBEAT: Duration = Duration::from_secs(15);
/// Connections served at once.
pub const MAX_CONNECTIONS: usize = 256;
/// Event streams held open at once (each is a connection too).
pub const MAX_STREAMS: usize = 128;
/// The whole request head, not each read of it.
pub const HEAD_DEADLINE: Duration = Duration::from_secs(10);
/// One response or event written to a client that does not read.
pub const WRITE_DEADLINE: Duration = Duration::from_secs(30);

/// Serves browsers until the listener fails.
pub async fn serve(listener: TcpListener, served: Arc<Served>) -> std::io::Result<()> {
    let connections = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let streams = Arc::new(Semaphore::new(MAX_STREAMS));
    let mut full_warned = false;
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // EMFILE and the like: wait for connections to end.
                warn!("floor: accept: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Ok(permit) = Arc::clone(&connections).try_acquire_owned() else {
            if !full_warned {
                warn!("floor: {MAX_CONNECTIONS} connections open; closing new ones until some end");
                full_warned = true;
            }
            drop(stream);
            continue;
        };
        full_warned = false;
        // An event is one small write: out at once, not after a delayed ACK.
        let _ = stream.set_nodelay(true);
        let served = Arc::clone(&served);
        let streams = Arc::clone(&streams);
        tokio::spawn(async move {
            if let Err(e) = answer(stream, &served, &streams).await {
                debug!("floor: {peer}: {e}");
            }
            drop(permit);
        });
    }
}

/// Reads a request head within [`HEAD_DEADLINE`] from the first byte to the
/// last: `None` if the client closed first.
async fn read_head(stream: &mut TcpStream) -> std::io::Result<Option<Vec<u8>>> {
    let read = async {
        let mut head = Vec::new();
        let mut buf = [0u8; 1024];
        while !head.windows(4).any(|w| w == b"\r\n\r\n") {
            let n = stream.read(&mut buf).await?;
            if n == 0 {
                return Ok(None);
            }
            head.extend_from_slice(buf.get(..n).unwrap_or_default());
            if head.len() > MAX_HEAD {
                return Ok(Some(head));
            }
        }
        Ok(Some(head))
    };
    tokio::time::timeout(HEAD_DEADLINE, read)
        .await
        .map_err(|_| std::io::Error::other("request head not complete in time"))?
}

/// Writes `bytes`, or fails if the client will not take them in time.
async fn write(stream: &mut TcpStream, bytes: &[u8]) -> std::io::Result<()> {
    tokio::time::timeout(WRITE_DEADLINE, stream.write_all(bytes))
        .await
        .map_err(|_| std::io::Error::other("client does not read"))?
}

/// The page with the tables as they stand written into its script. A
/// player's name could hold `</script>`: no `<` goes in unescaped.
pub fn page(summary_json: &str) -> String {
    PAGE.replace("/*INITIAL*/null", &summary_json.replace('<', "\\u003c"))
}

/// The path of a `GET` request, from its head.
pub fn request_path(head: &str) -> Option<&str> {
    let line = head.lines().next()?;
    let mut parts = line.split(' ');
    match (parts.next(), parts.next(), parts.next()) {
        (Some("GET"), Some(target), Some(v)) if v.starts_with("HTTP/1.") => {
            Some(target.split('?').next().unwrap_or(target))
        }
        _ => None,
    }
}

async fn answer(
    mut stream: TcpStream,
    served: &Served,
    streams: &Arc<Semaphore>,
) -> std::io::Result<()> {
    let Some(head) = read_head(&mut stream).await? else {
        return Ok(());
    };
    if head.len() > MAX_HEAD {
        return respond(
            &mut stream,
            "431 Request Header Fields Too Large",
            "text/plain",
            b"",
        )
        .await;
    }
    let end = head
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map_or(head.len(), |at| at + 4);
    let (head, body) = head.split_at(end);
    let head = String::from_utf8_lossy(head);
    if head.starts_with("POST ") {
        return post(&mut stream, served, &head, body.to_vec()).await;
    }
    match request_path(&head) {
        Some("/staff" | "/staff/") => {
            if served.staff.is_none() {
                return staff_off(&mut stream).await;
            }
            if !is_staff(&head, served.staff.as_deref()) {
                return unauthorized(&mut stream).await;
            }
            let page = served.staff_page(None);
            let html = "text/html; charset=utf-8";
            respond(&mut stream, "200 OK", html, page.as_bytes()).await
        }
        Some("/") => {
            let page = page(&served.snapshot(Floor::summary));
            let html = "text/html; charset=utf-8";
            respond(&mut stream, "200 OK", html, page.as_bytes()).await
        }
        Some("/tables.json") => {
            let body = served.snapshot(Floor::summary);
            respond(&mut stream, "200 OK", "application/json", body.as_bytes()).await
        }
        Some("/staff/tables.json") => {
            if served.staff.is_none() {
                return staff_off(&mut stream).await;
            }
            if !is_staff(&head, served.staff.as_deref()) {
                return unauthorized(&mut stream).await;
            }
            let body = served.snapshot(Floor::json);
            respond(&mut stream, "200 OK", "application/json", body.as_bytes()).await
        }
        Some("/events") => {
            let Ok(_stream_permit) = streams.try_acquire() else {
                let busy = b"too many live pages; reload later\n";
                return respond(&mut stream, "503 Service Unavailable", "text/plain", busy).await;
            };
            write(
                &mut stream,
                b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\
                  Cache-Control: no-store\r\nConnection: close\r\n\r\n",
            )
            .await?;
            // Subscribed before the board is read: no change falls between.
            let mut updates = served.updates.subscribe();
            let body = served.snapshot(Floor::summary);
            write(&mut stream, format!("data: {body}\n\n").as_bytes()).await?;
            loop {
                match tokio::time::timeout(HEARTBEAT, updates.recv()).await {
                    Ok(Ok(update)) => write(&mut stream, update.as_bytes()).await?,
                    Ok(Err(broadcast::error::RecvError::Lagged(_))) => {
                        // Too far behind to catch up one update at a time.
                        let body = served.snapshot(Floor::summary);
                        write(&mut stream, format!("data: {body}\n\n").as_bytes()).await?;
                    }
                    Ok(Err(broadcast::error::RecvError::Closed)) => return Ok(()),
                    Err(_) => write(&mut stream, b": still here\n\n").await?,
                }
            }
        }
        Some(_) => respond(&mut stream, "404 Not Found", "text/plain", b"not found\n").await,
        None => respond(&mut stream, "400 Bad Request", "text/plain", b"GET only\n").await,
    }
}

/// The largest form the staff post.
const MAX_BODY: usize = 4096;

/// `POST /staff/interest`: one action of the staff on an interest list,
/// kept before it is answered; then back to the staff page.
async fn post(
    stream: &mut TcpStream,
    served: &Served,
    head: &str,
    mut body: Vec<u8>,
) -> std::io::Result<()> {
    let path = head.split(' ').nth(1).unwrap_or("");
    if path != "/staff/interest" {
        return respond(stream, "404 Not Found", "text/plain", b"not found\n").await;
    }
    if served.staff.is_none() {
        return staff_off(stream).await;
    }
    if !is_staff(head, served.staff.as_deref()) {
        return unauthorized(stream).await;
    }
    if !same_origin(head) {
        let refused = b"a form from another site is refused\n";
        return respond(stream, "403 Forbidden", "text/plain", refused).await;
    }
    let Some(len) = header(head, "content-length").and_then(|l| l.parse::<usize>().ok()) else {
        return respond(stream, "411 Length Required", "text/plain", b"").await;
    };
    if len > MAX_BODY {
        return respond(stream, "413 Content Too Large", "text/plain", b"").await;
    }
    let read = async {
        let mut buf = [0u8; 1024];
        while body.len() < len {
            let n = stream.read(&mut buf).await?;
            if n == 0 {
                break;
            }
            body.extend_from_slice(buf.get(..n).unwrap_or_default());
        }
        Ok::<(), std::io::Error>(())
    };
    tokio::time::timeout(HEAD_DEADLINE, read)
        .await
        .map_err(|_| std::io::Error::other("request body not complete in time"))??;
    body.truncate(len);
    let form = super::interest::form(&body);
    let field = |k: &str| form.get(k).map_or("", String::as_str);
    let done = match super::interest::Action::parse(field("action")) {
        None => Err(format!("no such action: {:?}", field("action"))),
        Some(action) => {
            let mut floor = served.floor.lock().unwrap_or_else(|e| e.into_inner());
            floor.now = super::serve::unix_ms();
            floor
                .staff(action, field("list"), field("name"))
                .map_err(|e| e.to_string())
                .and_then(|()| match &served.state_dir {
                    Some(dir) => floor
                        .interest
                        .store(dir)
                        .map_err(|e| format!("changed, but not kept in {}: {e}", dir.display())),
                    None => Ok(()),
                })
        }
    };
    served.changes.send_modify(|v| *v = v.wrapping_add(1));
    match done {
        Ok(()) => {
            let head = "HTTP/1.1 303 See Other\r\nLocation: /staff/\r\nContent-Length: 0\r\n\
                        Cache-Control: no-store\r\nConnection: close\r\n\r\n";
            write(stream, head.as_bytes()).await?;
            stream.shutdown().await
        }
        Err(problem) => {
            warn!("floor: the staff's interest list: {problem}");
            let page = served.staff_page(Some(&problem));
            let html = "text/html; charset=utf-8";
            respond(stream, "400 Bad Request", html, page.as_bytes()).await
        }
    }
}

async fn staff_off(stream: &mut TcpStream) -> std::io::Result<()> {
    let off = b"the staff view is off: start the floor with --staff-password-file\n";
    respond(stream, "403 Forbidden", "text/plain", off).await
}

async fn unauthorized(stream: &mut TcpStream) -> std::io::Result<()> {
    let body = b"staff only\n";
    let head = format!(
        "HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"dealerd floor staff\"\r\n\
         Content-Type: text/plain\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         Connection: close\r\n\r\n",
        body.len()
    );
    write(stream, head.as_bytes()).await?;
    write(stream, body).await?;
    stream.shutdown().await
}

async fn respond(
    stream: &mut TcpStream,
    status: &str,
    kind: &str,
    body: &[u8],
) -> std::io::Result<()> {
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    );
    write(stream, head.as_bytes()).await?;
    write(stream, body).await?;
    stream.shutdown().await
}

#[cfg(test)]
mod tests {
    use super::{base64, is_staff, page, request_path};

    #[test]
    fn base64_is_the_standard_one_and_only_the_staff_credential_passes() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"staff:s3cret"), "c3RhZmY6czNjcmV0");
        let ok = "Basic c3RhZmY6czNjcmV0";
        let head = |auth: &str| format!("GET /staff/tables.json HTTP/1.1\r\n{auth}\r\n\r\n");
        assert!(is_staff(
            &head("authorization: Basic c3RhZmY6czNjcmV0"),
            Some(ok)
        ));
        assert!(!is_staff(
            &head("Authorization: Basic c3RhZmY6czNjcmV1"),
            Some(ok)
        ));
        assert!(!is_staff(
            &head("Authorization: Basic c3RhZmY6czNjcmV0AA"),
            Some(ok)
        ));
        assert!(!is_staff(&head("Host: x"), Some(ok)));
        assert!(
            !is_staff(&head("Authorization: "), None),
            "no password set: nobody"
        );
    }

    #[test]
    fn the_page_carries_the_tables_and_no_closing_tag_from_a_name() {
        let p = page(r#"{"tables":{"t1":{"name":"</script>"}}}"#);
        assert!(
            p.contains(r#"const initial = {"tables":{"t1":{"name":"\u003c/script>"}}};"#),
            "{p}"
        );
        assert_eq!(p.matches("</script>").count(), 1);
    }

    #[test]
    fn reads_the_path_of_a_get() {
        assert_eq!(
            request_path("GET /tables.json?x=1 HTTP/1.1\r\nHost: a\r\n\r\n"),
            Some("/tables.json")
        );
        assert_eq!(request_path("GET / HTTP/1.0\r\n\r\n"), Some("/"));
        assert_eq!(request_path("POST / HTTP/1.1\r\n\r\n"), None);
        assert_eq!(request_path("GET /"), None);
        assert_eq!(request_path(""), None);
    }
}
