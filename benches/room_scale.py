#!/usr/bin/env python3
"""The room at scale (issue 36; BENCHMARKS.md, "Room at scale"): a real
mosquitto on 127.0.0.1, TABLES tables (`dealerd run --devices fake` with a
[room]) all pressing at once, one floor (`dealerd floor`) and PAGES open
pages (server-sent event streams on `/events`, read as a browser would).

- press to page: from writing a key to a table's stdin until each open page
  has the update that carries its record (one sample per press per page);
- bytes per page per second while every table presses;
- the floor's CPU over the busy window.

Run after `cargo build --release`:
    python3 benches/room_scale.py [TABLES] [PAGES] [SECONDS] [PRESSES_PER_SECOND_PER_TABLE]
Bounded: every wait has a deadline, every process is stopped at the end.
"""
import os, re, selectors, socket, statistics, subprocess, sys, tempfile, threading, time

from room_bench import DEALERD, SIT_AND_DEAL, default_house, records, start_room
from room_bench import stop as stop_all
from room_bench import wait_for as wait

TABLES = int(sys.argv[1]) if len(sys.argv) > 1 else 20
PAGES = int(sys.argv[2]) if len(sys.argv) > 2 else 100
SECONDS = float(sys.argv[3]) if len(sys.argv) > 3 else 30
RATE = float(sys.argv[4]) if len(sys.argv) > 4 else 3.5


def wait_for(what, f, limit=60.0):
    return wait(what, f, limit, 0.01)


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Page:
    """One open page: an event stream, its bytes, the last record seen per table."""

    def __init__(self, addr):
        self.sock = socket.create_connection(addr)
        self.sock.sendall(b"GET /events HTTP/1.1\r\nHost: floor\r\n\r\n")
        self.sock.setblocking(False)
        self.buf = b""
        self.bytes = 0
        self.last = {}


# The card of a table in an update: keys are in order (heard, last, ...).
LAST = re.compile(rb'"(t\d+)":\{"heard":[^,]*,"last":(\d+)')


def main():
    tmp = tempfile.mkdtemp(prefix="dealerd-room-scale-")
    procs = []
    try:
        broker, floor, addr = start_room(tmp, procs, f"scale-{os.getpid()}",
                                  "max_queued_messages 100000\n")
        house = default_house()
        tables = []
        for i in range(TABLES):
            name = f"t{i:02}"
            config = os.path.join(tmp, name + ".toml")
            with open(config, "w") as f:
                f.write(house + f'\n[room]\nbroker = "{broker}"\ntable = "{name}"\n')
            state = os.path.join(tmp, name)
            p = subprocess.Popen([DEALERD, "run", "--config", config, "--state-dir", state,
                                  "--devices", "fake"], stdin=subprocess.PIPE,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
            procs.append(p)
            tables.append({"name": name, "proc": p, "state": state, "lock": threading.Lock(),
                           "presses": 0})
        for t in tables:
            t["proc"].stdin.write(SIT_AND_DEAL)
            t["proc"].stdin.flush()
        for t in tables:
            wait_for(f"{t['name']} dealt", lambda: records(t["state"]) >= 3)

        pages = [Page(addr) for _ in range(PAGES)]
        sel = selectors.DefaultSelector()
        for p in pages:
            sel.register(p.sock, selectors.EVENT_READ, p)
        # Each table's record numbers, with when each was pressed.
        pressed = {t["name"]: {} for t in tables}
        lat = []
        lock = threading.Lock()

        def read_pages(until):
            while time.monotonic() < until:
                for key, _ in sel.select(timeout=0.05):
                    page = key.data
                    try:
                        chunk = page.sock.recv(1 << 20)
                    except BlockingIOError:
                        continue
                    if not chunk:
                        continue
                    now = time.monotonic()
                    page.bytes += len(chunk)
                    page.buf += chunk
                    *msgs, page.buf = page.buf.split(b"\n\n")
                    for msg in msgs:
                        for name, last in LAST.findall(msg):
                            name, last = name.decode(), int(last)
                            before = page.last.get(name, 0)
                            if last <= before:
                                continue
                            page.last[name] = last
                            with lock:
                                times = pressed.get(name, {})
                                for n in range(before + 1, last + 1):
                                    if n in times:
                                        lat.append((now - times[n]) * 1000)

        # Every page has the board before the clock starts.
        read_pages(time.monotonic() + 2)
        stop = time.monotonic() + SECONDS
        cpu0, bytes0, t0 = cpu_seconds(floor.pid), sum(p.bytes for p in pages), time.monotonic()

        def press_all():
            # One table after the other, RATE presses a second each: c, u, c, u...
            gap = 1 / (RATE * len(tables))
            i = 0
            while time.monotonic() < stop:
                t = tables[i % len(tables)]
                n = records(t["state"]) + 1
                with lock:
                    pressed[t["name"]][n] = time.monotonic()
                t["proc"].stdin.write("c\n" if t["presses"] % 2 == 0 else "u\n")
                t["proc"].stdin.flush()
                t["presses"] += 1
                i += 1
                time.sleep(gap)
        presser = threading.Thread(target=press_all)
        presser.start()
        read_pages(stop)
        presser.join()
        busy = time.monotonic() - t0
        cpu = cpu_seconds(floor.pid) - cpu0
        per_page = (sum(p.bytes for p in pages) - bytes0) / len(pages) / busy
        read_pages(time.monotonic() + 3)
        expected = sum(len(v) for v in pressed.values()) * len(pages)
        lat.sort()
        q = lambda f: lat[min(len(lat) - 1, int(len(lat) * f))]
        presses = sum(t["presses"] for t in tables)
        print(f"tables {TABLES}, pages {PAGES}, {busy:.1f} s busy, {presses} presses "
              f"({presses / busy:.1f} a second)")
        print(f"press to page, ms ({len(lat)} of {expected} samples): median {statistics.median(lat):.1f}, "
              f"p95 {q(0.95):.1f}, p99 {q(0.99):.1f}, max {lat[-1]:.1f}")
        print(f"bytes per page: {per_page / 1000:.1f} kB/s")
        print(f"floor CPU: {100 * cpu / busy:.0f}% of one core")
    finally:
        stop_all(procs, tmp)

if __name__ == "__main__":
    main()
