//! The rules engine for one hand. Pure and deterministic: no clock, no I/O.
