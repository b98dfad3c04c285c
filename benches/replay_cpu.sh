#!/bin/bash
# CPU time a hand of `dealerd replay` on the generated NT and FT sets, the
# way BENCHMARKS.md ("Replay against PokerKit") measures it: the file given
# 201 times less the file once (start-up taken off), user + system CPU from
# bash's `time` (to the millisecond), median of 9. Run PokerKit's side right
# after, at the same load:
#   target/tmp/pokerkit-0.7.7-venv/bin/python benches/pokerkit_replay.py
# Usage: cargo build --release && bash benches/replay_cpu.sh [BINARY]
set -eu
B=${1:-target/release/dealerd}
G=tests/data/generated
for K in FT NT; do
  F=$(for _ in $(seq 201); do echo -n "$G/hands-$K.phhs "; done)
  vals=()
  for _ in $(seq 9); do
    # shellcheck disable=SC2086 # the file list is meant to split
    a=$( { TIMEFORMAT='%3U %3S'; time $B replay $F >/dev/null; } 2>&1 )
    c=$( { TIMEFORMAT='%3U %3S'; time $B replay "$G/hands-$K.phhs" >/dev/null; } 2>&1 )
    vals+=("$(echo "$a $c" | awk '{printf "%.3f", (($1+$2)-($3+$4))*1e6/40000}')")
  done
  echo "$K $(printf '%s\n' "${vals[@]}" | sort -n | sed -n 5p) us/hand (all: ${vals[*]})"
done
