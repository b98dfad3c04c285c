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

use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tracing::{debug, warn};

use super::Floor;

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

/// Serves browsers until the listener fails. `changes` ticks whenever the
/// floor changed.
pub async fn serve(
    listener: TcpListener,
    floor: Arc<Mutex<Floor>>,
    changes: watch::Receiver<u64>,
) -> std::io::Result<()> {
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
        let floor = Arc::clone(&floor);
        let changes = changes.clone();
        let streams = Arc::clone(&streams);
        tokio::spawn(async move {
            if let Err(e) = answer(stream, floor, changes, &streams).await {
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
    floor: Arc<Mutex<Floor>>,
    mut changes: watch::Receiver<u64>,
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
    let head = String::from_utf8_lossy(&head);
    let snapshot = |f: fn(&Floor) -> serde_json::Value| {
        let floor = floor.lock().unwrap_or_else(|e| e.into_inner());
        f(&floor).to_string()
    };
    match request_path(&head) {
        Some("/") => {
            let page = page(&snapshot(Floor::summary));
            let html = "text/html; charset=utf-8";
            respond(&mut stream, "200 OK", html, page.as_bytes()).await
        }
        Some("/tables.json") => {
            let body = snapshot(Floor::json);
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
            loop {
                changes.borrow_and_update();
                let body = snapshot(Floor::summary);
                write(&mut stream, format!("data: {body}\n\n").as_bytes()).await?;
                loop {
                    match tokio::time::timeout(HEARTBEAT, changes.changed()).await {
                        Ok(Ok(())) => break,
                        Ok(Err(_)) => return Ok(()),
                        Err(_) => write(&mut stream, b": still here\n\n").await?,
                    }
                }
            }
        }
        Some(_) => respond(&mut stream, "404 Not Found", "text/plain", b"not found\n").await,
        None => respond(&mut stream, "400 Bad Request", "text/plain", b"GET only\n").await,
    }
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
    use super::{page, request_path};

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
