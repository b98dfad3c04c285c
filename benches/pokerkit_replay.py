"""PokerKit's side of the replay comparison in BENCHMARKS.md (issue 8).

For each generated .phhs file PokerKit can play (NT and FT: it has no
pot-limit hold'em, PT), parses the 200 hands from text already in memory
and replays every hand to its end state, in-process, as
`cargo bench --bench replay -- like_pokerkit` does for dealerd.

    pip install pokerkit==0.7.7
    python3 benches/pokerkit_replay.py

Not part of the test suite: nothing here is run by CI.
"""

import pathlib
import statistics
import time

from pokerkit import HandHistory

DATA = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "generated"
KINDS = ("NT", "FT")


def parse(text):
    return list(HandHistory.loads_all(text))


def parse_and_replay(text):
    """Hands replayed to the end, and hands PokerKit gave up on: a handful
    of the generated hands follow the replay contract where it departs
    from PokerKit (tests/data/VECTORS.md), and PokerKit cannot repair
    them; their time up to the refusal is counted all the same."""
    done = refused = 0
    for hh in parse(text):
        try:
            state = None
            for state in hh:
                pass
            assert state is not None and not state.status, "hand did not finish"
            done += 1
        except ValueError:
            refused += 1
    return done, refused


def timed(f, repeat, clock=time.perf_counter):
    runs = []
    for _ in range(repeat):
        t = clock()
        f()
        runs.append(clock() - t)
    return statistics.median(runs), min(runs)


if __name__ == "__main__":
    for kind in KINDS:
        text = (DATA / f"hands-{kind}.phhs").read_text()
        done, refused = parse_and_replay(text)
        hands = done + refused
        print(f"{kind}: {hands} hands, {done} replayed to the end, {refused} refused")
        for name, f in (("parse_only", parse), ("parse_and_replay", parse_and_replay)):
            med, best = timed(lambda: f(text), 5)
            print(f"  {name}: median {med * 1e3:.1f} ms ({med / hands * 1e6:.0f} us/hand), "
                  f"best {best * 1e3:.1f} ms")
        # CPU time of this process (issue 35): what `dealerd replay` is
        # measured by, and less sensitive to a shared machine than the clock.
        med, best = timed(lambda: parse_and_replay(text), 5, time.process_time)
        print(f"  parse_and_replay CPU: median {med * 1e3:.1f} ms ({med / hands * 1e6:.0f} us/hand), "
              f"best {best * 1e3:.1f} ms ({best / hands * 1e6:.0f} us/hand)")
