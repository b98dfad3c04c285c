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
    }
}
