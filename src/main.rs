//! The `dealerd` command. Errors are reported in one line, without a backtrace.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "dealerd",
    version,
    about = "Dealer assistant for a live poker table"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay PHH hand histories through the rules engine.
    Replay {
        /// Print one JSON line per player action and the final stacks of each hand.
        #[arg(long)]
        json: bool,
        /// .phh (one hand) or .phhs (many) files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Check a house-rules file: print the rules as understood, or every error.
    Check {
        /// A house-rules TOML file.
        file: PathBuf,
    },
    /// Print the JSON Schema of the house-rules file format.
    Schema {
        /// Print the host's reference (docs/house-rules.md) instead.
        #[arg(long)]
        reference: bool,
    },
    /// A commented starter house file for a common home game.
    Init {
        /// The starter (no-limit, dealers-choice, limit); none lists them.
        starter: Option<String>,
        /// Where to write it (never over an existing file); default: stdout.
        file: Option<PathBuf>,
    },
    /// The table in a terminal: keys for the buttons, the OLED drawn in text.
    Sim(SimArgs),
    /// The Pi daemon: buttons, RFID reader and OLED, journaled; for systemd.
    Run(RunArgs),
    /// The night at a glance from its journal: players and nets, the
    /// settle-up, hands by game, the biggest pots, kills, bombs and fees.
    Report {
        /// A night's journal (journal.jsonl); read without locking it.
        journal: PathBuf,
        /// Also write the night as one self-contained HTML page here.
        #[arg(long, value_name = "OUT.html")]
        html: Option<PathBuf>,
    },
    /// The cards enrolled on the device, as [[card]] lines for the house file.
    Cards {
        /// The state directory of `dealerd run` (or a journal file).
        state: PathBuf,
    },
    /// The room's floor display: follows every table on an MQTT broker and
    /// serves one web page of them all (password from $DEALERD_ROOM_PASSWORD).
    Floor(FloorArgs),
    /// First power-on of a box: the user and groups, the device nodes, the
    /// boot config, the OLED, the reader, each button and a card's UID.
    Doctor(DoctorArgs),
}

#[derive(clap::Args)]
struct DoctorArgs {
    /// The house file whose [hardware] to check against (default: the
    /// installed /etc/dealerd/house.toml, else the default wiring).
    #[arg(long)]
    config: Option<PathBuf>,
    /// The user the daemon runs as.
    #[arg(long, default_value = "dealerd")]
    user: String,
    /// Do not ask for button presses or a card (nobody at the box).
    #[arg(long)]
    no_ask: bool,
    /// Seconds to wait for each press or tap.
    #[arg(long, default_value_t = 15)]
    wait: u64,
    /// Look for the user, the device nodes and the boot config under this root.
    #[arg(long, default_value = "/")]
    root: PathBuf,
    /// pi: the real devices; fake: the simulated ones (a box that works).
    #[arg(long, value_enum, default_value = "pi")]
    devices: dealerd::daemon::run::DeviceKind,
}

#[derive(clap::Args)]
struct FloorArgs {
    /// The broker: mqtt://host:port or mqtts://host:port.
    #[arg(long)]
    broker: String,
    /// Where the page is served (port 0: any free port, printed at start).
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: std::net::SocketAddr,
    /// The broker's user name for the floor.
    #[arg(long)]
    username: Option<String>,
    /// With mqtts://: trust this PEM CA file instead of the system's roots.
    #[arg(long)]
    ca_file: Option<PathBuf>,
    /// The MQTT client id; the broker keeps its session while it is away.
    /// (With the documented broker, the client id is the user name: give
    /// each floor its own --username.)
    #[arg(long, default_value = "dealerd-floor")]
    client_id: String,
    /// A file whose first line is the staff's password for the staff view
    /// (/staff/…, user "staff"); or $DEALERD_FLOOR_STAFF_PASSWORD. Neither:
    /// no staff view, the public board only.
    #[arg(long)]
    staff_password_file: Option<PathBuf>,
    /// Where the floor keeps what its staff enter (the interest list,
    /// interest.json), across restarts. Without it, in memory only.
    #[arg(long)]
    state_dir: Option<PathBuf>,
    /// Log filter, as for `run`.
    #[arg(long)]
    log: Option<String>,
}

#[derive(clap::Args)]
struct RunArgs {
    /// House rules; SIGHUP reads the file again.
    #[arg(long)]
    config: PathBuf,
    /// Where the journal (journal.jsonl) and finished hands (hands/) live.
    #[arg(long)]
    state_dir: PathBuf,
    /// pi: the GPIO, SPI and I2C devices; fake: simulated OLED and reader
    /// (any Linux machine), keys on stdin as in `sim`, frames on stdout.
    #[arg(long, value_enum, default_value = "pi")]
    devices: dealerd::daemon::run::DeviceKind,
    /// Log filter, e.g. `debug` or `warn,dealerd=debug` (default: $RUST_LOG, else info).
    #[arg(long)]
    log: Option<String>,
}

#[derive(clap::Args)]
struct SimArgs {
    /// House rules (default: the embedded no-limit hold'em home game).
    #[arg(long)]
    config: Option<PathBuf>,
    /// Read presses from this file instead of the keyboard.
    #[arg(long)]
    script: Option<PathBuf>,
    /// Write every frame as a PNG into this folder.
    #[arg(long)]
    frames: Option<PathBuf>,
    /// Start with an empty table instead of four demo players.
    #[arg(long)]
    empty: bool,
    /// Do not print frames (with --script and --frames).
    #[arg(long)]
    quiet: bool,
    /// Journal the night here (fsynced); an existing journal is replayed
    /// first and the night goes on where it stopped.
    #[arg(long)]
    journal: Option<PathBuf>,
    /// Write each finished hand as a PHH hand history into this folder.
    #[arg(long)]
    history: Option<PathBuf>,
    /// Keep the ledger's CSV exports under DIR/ledger as the night goes.
    #[arg(long, value_name = "DIR")]
    ledger: Option<PathBuf>,
}

/// Prints to stdout; a reader that went away (`| head`) is not an error.
fn print_out(text: &str) {
    use std::io::Write;
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// Every command's error is one line on stderr and exit status 1.
fn report<T, E: std::fmt::Display>(result: Result<T, E>) -> ExitCode {
    match result {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Replay { json, files } => {
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            let result = dealerd::replay::run(&files, json, &mut out);
            drop(out);
            report(result)
        }
        Command::Check { file } => {
            // The rules and the wiring, each read by its own module.
            let house = dealerd::daemon::house_file::load_file(&file);
            report(house.map(|house| print_out(&house.to_string())))
        }
        Command::Schema { reference } => {
            print_out(&if reference {
                dealerd::daemon::house_reference::markdown()
            } else {
                dealerd::daemon::house_file::json_schema()
            });
            ExitCode::SUCCESS
        }
        Command::Init { starter, file } => {
            use dealerd::daemon::init;
            match (starter, file) {
                (None, _) => {
                    print_out(&init::list());
                    ExitCode::SUCCESS
                }
                (Some(name), Some(file)) => report(init::write(&name, &file)),
                (Some(name), None) => report(
                    init::find(&name)
                        .map(|s| print_out(s.text))
                        .ok_or(init::InitError::Unknown(name)),
                ),
            }
        }
        Command::Sim(args) => report(sim(args)),
        Command::Run(args) => report(run(args)),
        Command::Report { journal, html } => report(night_report(&journal, html.as_deref())),
        Command::Floor(args) => report(floor(args)),
        Command::Doctor(args) => doctor(args),
        Command::Cards { state } => {
            report(dealerd::daemon::cards::enrolled_toml(&state).map(|t| print_out(&t)))
        }
    }
}

fn night_report(
    journal: &std::path::Path,
    html: Option<&std::path::Path>,
) -> Result<(), dealerd::records::ReportError> {
    use dealerd::records::{Report, ReportError};
    let night = Report::from_journal(journal)?.in_zone(local_zone());
    if let Some(out) = html {
        dealerd::journal::phh_writer::write_text(out, &night.html()).map_err(|source| {
            ReportError::Write {
                path: out.display().to_string(),
                source,
            }
        })?;
    }
    print_out(&night.text());
    Ok(())
}

/// The machine's time zone for the report: `TZ` naming a zoneinfo file
/// (`Europe/Paris`, `:Europe/Paris`, a path), else `/etc/localtime`, else
/// UTC (`TZ` empty or `UTC` too).
fn local_zone() -> dealerd::records::Zone {
    use dealerd::records::Zone;
    let read = |p: &std::path::Path| std::fs::read(p).ok().and_then(|b| Zone::from_tzif(&b));
    match std::env::var("TZ") {
        Ok(tz) if tz.is_empty() || tz == "UTC" || tz == "UTC0" => Zone::utc(),
        Ok(tz) => {
            let name = tz.trim_start_matches(':');
            let path = std::path::Path::new(name);
            let file = if path.is_absolute() {
                path.to_path_buf()
            } else {
                std::path::Path::new("/usr/share/zoneinfo").join(path)
            };
            read(&file).unwrap_or_else(Zone::utc)
        }
        Err(_) => read(std::path::Path::new("/etc/localtime")).unwrap_or_else(Zone::utc),
    }
}

fn doctor(args: DoctorArgs) -> ExitCode {
    use dealerd::daemon::run::DeviceKind;
    use dealerd::doctor::{examine, sim::SimBench, Bench, Env};
    let installed = PathBuf::from("/etc/dealerd/house.toml");
    let config = args
        .config
        .or_else(|| installed.exists().then_some(installed));
    let hw = match &config {
        None => dealerd::devices::Hardware::DEFAULT,
        Some(path) => {
            let text = match std::fs::read_to_string(path) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("{}: cannot read: {e}", path.display());
                    return ExitCode::FAILURE;
                }
            };
            match dealerd::devices::load_str(&path.display().to_string(), &text) {
                Ok(hw) => hw,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            }
        }
    };
    let mut sim;
    #[cfg(feature = "pi")]
    let mut pi;
    let bench: &mut dyn Bench = match args.devices {
        DeviceKind::Fake => {
            sim = SimBench::new(&hw);
            &mut sim
        }
        #[cfg(feature = "pi")]
        DeviceKind::Pi => {
            pi = dealerd::doctor::pi::PiBench::default();
            &mut pi
        }
        #[cfg(not(feature = "pi"))]
        DeviceKind::Pi => {
            eprintln!("this dealerd was built without the `pi` feature");
            return ExitCode::FAILURE;
        }
    };
    let mut env = Env {
        root: args.root,
        user: args.user,
        bench,
        interactive: !args.no_ask,
        wait: std::time::Duration::from_secs(args.wait),
        poll: std::time::Duration::from_millis(10),
    };
    let found = examine(&mut env, &hw);
    print_out(&format!("{found}\n"));
    if found.healthy() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn floor(args: FloorArgs) -> Result<(), String> {
    use dealerd::room::{config::Broker, floor::serve};
    dealerd::daemon::run::log::init(args.log.as_deref()).map_err(|e| e.to_string())?;
    let opts = serve::Options {
        broker: Broker::parse(&args.broker)?,
        listen: args.listen,
        username: args.username,
        ca_file: args.ca_file,
        client_id: args.client_id,
        staff_password: staff_password(args.staff_password_file.as_deref())?,
        state_dir: args.state_dir,
    };
    serve::run(&opts).map_err(|e| e.to_string())
}

/// The floor's staff password: the file's first line, or the environment.
fn staff_password(file: Option<&std::path::Path>) -> Result<Option<String>, String> {
    let password = match file {
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| format!("--staff-password-file {}: {e}", path.display()))?
            .lines()
            .next()
            .unwrap_or_default()
            .to_string(),
        None => match std::env::var("DEALERD_FLOOR_STAFF_PASSWORD") {
            Ok(p) => p,
            Err(_) => return Ok(None),
        },
    };
    if password.is_empty() {
        return Err("the staff password is empty".into());
    }
    Ok(Some(password))
}

fn run(args: RunArgs) -> Result<(), dealerd::daemon::run::RunError> {
    use dealerd::daemon::run;
    run::log::init(args.log.as_deref())?;
    run::run(&run::Options {
        config: args.config,
        state_dir: args.state_dir,
        devices: args.devices,
    })
}

fn sim(args: SimArgs) -> Result<(), String> {
    use dealerd::daemon::sim;
    let SimArgs {
        config,
        script,
        frames,
        empty,
        quiet,
        journal,
        history,
        ledger,
    } = args;
    let rules = sim::rules_source(config.as_deref()).map_err(|e| e.to_string())?;
    let opts = sim::Options {
        frames,
        demo_players: !empty,
        echo: !quiet,
        storage: dealerd::daemon::store::Storage {
            journal,
            history,
            ledger,
        },
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = match script {
        Some(path) => {
            let f = std::fs::File::open(&path)
                .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
            sim::run(&rules, std::io::BufReader::new(f), &mut out, &opts)
        }
        None => sim::run_live(
            &rules,
            std::io::BufReader::new(std::io::stdin()),
            &mut out,
            &opts,
        ),
    };
    result.map(|_| ()).map_err(|e| e.to_string())
}
