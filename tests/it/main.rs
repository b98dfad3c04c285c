//! The integration tests: one crate, one binary, one link (issue 8), a module per area.

mod alloc_count;
mod browser;
mod common;
mod coverage;
mod daemon_cli;
mod daemon_faults;
mod daemon_stdin;
mod edges;
mod engine_props;
mod engine_rules;
mod growth;
mod home_games;
mod host_events;
mod house_file;
mod house_nights;
mod journal_crash;
mod journal_restart;
mod kill_pots;
mod money_limits;
mod night;
mod nights_daemon;
mod phh_coverage;
mod phh_history;
mod phh_nights;
mod phh_replay_own;
#[cfg(feature = "pi")]
mod pi_emu;
#[cfg(feature = "pi")]
mod pi_emulated;
mod pictured;
mod pictures;
mod pokerkit;
mod reach;
mod records;
mod replay_vectors;
mod report_page;
mod room;
mod room_trust;
mod rules_check;
mod rules_files;
mod rules_hostile;
mod scenarios;
mod session;
mod session_io;
mod session_storm;
mod settle_up;
mod sim_headless;
mod systemd_unit;
mod table_props;
mod ui_between;
mod ui_buttons;
mod ui_limits;
mod ui_pots;
mod ui_presses;
mod ui_props;
mod ui_screens;
mod ui_showdown;
mod walk_ins;

#[global_allocator]
static ALLOCATOR: alloc_count::Counting = alloc_count::Counting;
