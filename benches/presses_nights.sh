#!/usr/bin/env bash
# Issue 32: the presses night (tests/it/ui_nights) played over other seeds,
# to count the hands over 2.5 presses per recorded action that the suite's
# one night does not show. Usage: bash benches/presses_nights.sh [nights]
# Prints, per house: nights, the worst night's presses per action, the worst
# hand, the worst four-way all-in, and how many hands (of nights x 60) were
# over 2.5, by what they held (a typed amount, a run-it-twice run-out).
# "+twice" is H2's night where half the run-outs are run twice.
set -euo pipefail
cd "$(dirname "$0")/.."
nights=${1:-30}
cargo test --release --test it --no-run 2>/dev/null
# The `it` test binary (the JSON lists the library's test binary too).
bin=$(cargo test --release --test it --no-run --message-format=json 2>/dev/null |
    grep '"name":"it"' | sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -1)
[ -x "$bin" ] || { echo "no test binary found" >&2; exit 1; }
out=$(mktemp)
for i in $(seq 1 "$nights"); do
    DEALERD_PRESSES_SEED=$((i * 7919 + 12345)) DEALERD_PRESSES=hands \
        "$bin" ui_nights::presses --nocapture 2>&1 |
        awk -v s="$i" '/^(config|tests)\// {h = $1; if ($2 == "(half") h = h "+twice"}
                       /^(config|tests)\// && !seen[h]++ {print s, "NIGHT", h, $0}
                       /over 2.5:/ && !over[h, $0]++ {print s, "OVER", h, $0}' \
        >> "$out" || true
done
awk '
$2 == "NIGHT" {
    h = $3; n[h]++
    for (i = 1; i <= NF; i++) {
        if ($i == "per") per = $(i - 1) + 0
        if ($i == "hand") hand = $(i + 1) + 0
        if ($i == "all-in") allin = $(i + 1) + 0
    }
    if (per > wp[h]) wp[h] = per
    if (hand > wh[h]) wh[h] = hand
    if (allin > wa[h]) wa[h] = allin
}
$2 == "OVER" {
    h = $3; o[h]++
    if ($0 ~ /held CheckCall on actions/) typed[h]++
    if ($0 ~ /held Ok on deals/) twice[h]++
    if ($0 !~ /held CheckCall on actions/ && $0 !~ /held Ok on deals/) other[h]++
}
END {
    for (h in n)
        printf "%s %d nights: worst night %.2f, worst hand %.2f, worst four-way all-in %.2f; hands over 2.5: %d of %d (typed amount %d, run twice %d, neither %d)\n",
            h, n[h], wp[h], wh[h], wa[h], o[h], n[h] * 60, typed[h], twice[h], other[h]
}' "$out" | sort
rm -f "$out"
