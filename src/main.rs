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
    Schema,
    /// The table in a terminal: keys for the buttons, the OLED drawn in text.
    Sim {
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
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Replay { json, files } => {
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            let result = dealerd::replay::run(&files, json, &mut out);
            drop(out);
            match result {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Check { file } => match dealerd::rules::load_file(&file) {
            Ok(rules) => {
                print!("{rules}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::FAILURE
            }
        },
        Command::Schema => {
            print!("{}", dealerd::rules::json_schema());
            ExitCode::SUCCESS
        }
        Command::Sim {
            config,
            script,
            frames,
            empty,
            quiet,
            journal,
            history,
        } => sim(SimArgs {
            config,
            script,
            frames,
            empty,
            quiet,
            journal,
            history,
        }),
    }
}

struct SimArgs {
    config: Option<PathBuf>,
    script: Option<PathBuf>,
    frames: Option<PathBuf>,
    empty: bool,
    quiet: bool,
    journal: Option<PathBuf>,
    history: Option<PathBuf>,
}

fn sim(args: SimArgs) -> ExitCode {
    use dealerd::daemon::sim;
    let SimArgs {
        config,
        script,
        frames,
        empty,
        quiet,
        journal,
        history,
    } = args;
    let rules = match sim::load_rules(config.as_deref()) {
        Ok(r) => std::sync::Arc::new(r),
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let journal = match journal {
        Some(path) => match sim::journal_header(config.as_deref()) {
            Ok(header) => Some(sim::JournalTarget { path, header }),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        },
        None => None,
    };
    let opts = sim::Options {
        frames,
        demo_players: !empty,
        echo: !quiet,
        journal,
        history,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = match script {
        Some(path) => match std::fs::File::open(&path) {
            Ok(f) => sim::run(rules, std::io::BufReader::new(f), &mut out, &opts),
            Err(e) => {
                eprintln!("{}: cannot read: {e}", path.display());
                return ExitCode::FAILURE;
            }
        },
        None => sim::run(rules, std::io::stdin().lock(), &mut out, &opts),
    };
    match result {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
