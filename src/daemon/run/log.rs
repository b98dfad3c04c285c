//! Logging for `dealerd run`: tracing to stderr, which systemd hands to
//! journald. Under journald (`$JOURNAL_STREAM` set) each line starts with a
//! `<N>` syslog priority, which journald strips and files as the priority
//! (so `journalctl -p warning` works), and carries no timestamp, since
//! journald stamps every line itself.

use std::fmt;
use std::io;

use tracing::{Event, Level, Subscriber};
use tracing_subscriber::filter::Targets;
use tracing_subscriber::fmt::format::{Format, Writer};
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields};
use tracing_subscriber::prelude::*;
use tracing_subscriber::registry::LookupSpan;

use super::error::RunError;

/// Installs the global subscriber. `level` (`--log`) wins over `$RUST_LOG`;
/// both take tracing's `Targets` syntax (`info`, `warn,dealerd=debug`).
pub fn init(level: Option<&str>) -> Result<(), RunError> {
    let spec = level
        .map(str::to_string)
        .or_else(|| std::env::var("RUST_LOG").ok())
        .unwrap_or_else(|| "info".to_string());
    let filter: Targets = spec.parse().map_err(|e| RunError::LogFilter {
        spec: spec.clone(),
        reason: format!("{e}"),
    })?;
    let journald = std::env::var_os("JOURNAL_STREAM").is_some();
    let layer = tracing_subscriber::fmt::layer()
        .with_writer(io::stderr)
        .with_target(false);
    let result = if journald {
        let layer = layer.event_format(Priority(
            tracing_subscriber::fmt::format()
                .without_time()
                .with_target(false),
        ));
        tracing_subscriber::registry()
            .with(layer.with_filter(filter))
            .try_init()
    } else {
        tracing_subscriber::registry()
            .with(layer.with_filter(filter))
            .try_init()
    };
    result.map_err(|e| RunError::LogFilter {
        spec,
        reason: e.to_string(),
    })
}

/// The default format behind a `<N>` syslog priority prefix.
struct Priority<T>(Format<tracing_subscriber::fmt::format::Full, T>);

impl<S, N, T> FormatEvent<S, N> for Priority<T>
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
    Format<tracing_subscriber::fmt::format::Full, T>: FormatEvent<S, N>,
{
    fn format_event(
        &self,
        ctx: &FmtContext<'_, S, N>,
        mut writer: Writer<'_>,
        event: &Event<'_>,
    ) -> fmt::Result {
        write!(writer, "<{}>", syslog_priority(*event.metadata().level()))?;
        self.0.format_event(ctx, writer, event)
    }
}

/// sd-daemon(3) priorities: err, warning, info, debug.
fn syslog_priority(level: Level) -> u8 {
    match level {
        Level::ERROR => 3,
        Level::WARN => 4,
        Level::INFO => 6,
        Level::DEBUG | Level::TRACE => 7,
    }
}

/// A named thread that logs where its spawner logs: the global subscriber
/// in the daemon, a test's scoped one in tests.
pub fn spawn(
    name: &str,
    f: impl FnOnce() + Send + 'static,
) -> io::Result<std::thread::JoinHandle<()>> {
    let dispatch = tracing::dispatcher::get_default(Clone::clone);
    std::thread::Builder::new()
        .name(name.to_string())
        .spawn(move || tracing::dispatcher::with_default(&dispatch, f))
}
