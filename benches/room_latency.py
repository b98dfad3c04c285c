#!/usr/bin/env python3
"""Room mode, measured end to end (BENCHMARKS.md, "Room mode"): a real
mosquitto on 127.0.0.1, one table (`dealerd run --devices fake` with a
[room]) and a floor (`dealerd floor`); presses typed on the table's stdin.

- press to floor: from writing a key to the table's stdin to the floor's
  server-sent event that carries its record (through the stdin thread, the
  state task, the journal's fsync, the publisher reading the journal, the
  broker, the floor);
- bytes per event on the wire: the MQTT PUBLISH of one record (and of one
  state), from the payload sizes mosquitto_sub reports;
- the table's resident memory after the presses, with and without [room].

Run after `cargo build --release`:  python3 benches/room_latency.py [PRESSES]
Bounded: every wait has a deadline, every process is stopped at the end.
"""
import json, os, socket, statistics, subprocess, sys, tempfile, threading, time

from room_bench import SIT_AND_DEAL, records, start_room, stop, table
from room_bench import wait_for as wait

PRESSES = int(sys.argv[1]) if len(sys.argv) > 1 else 200


def wait_for(what, f):
    return wait(what, f, 30.0, 0.005)


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def press(proc, keys):
    proc.stdin.write(keys)
    proc.stdin.flush()


def main():
    tmp = tempfile.mkdtemp(prefix="dealerd-room-bench-")
    procs = []
    try:
        broker, _, (host, fport) = start_room(tmp, procs, f"bench-{os.getpid()}")
        port = int(broker.rsplit(":", 1)[1])
        sizes = {"events": [], "state": []}
        sub = subprocess.Popen(["mosquitto_sub", "-h", "127.0.0.1", "-p", str(port), "-q", "1",
                                "-t", "dealerd/t1/events", "-t", "dealerd/t1/state", "-F", "%t %l"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        procs.append(sub)

        def read_sizes():
            for line in sub.stdout:
                topic, size = line.split()
                sizes[topic.rsplit("/", 1)[1]].append(int(size))
        threading.Thread(target=read_sizes, daemon=True).start()

        # The floor's event stream: the last record number it has pushed.
        last = {"n": 0}
        cond = threading.Condition()
        sse = socket.create_connection((host, int(fport)))
        sse.sendall(b"GET /events HTTP/1.1\r\nHost: floor\r\n\r\n")

        def read_stream():
            buf = b""
            while True:
                chunk = sse.recv(65536)
                if not chunk:
                    return
                buf += chunk
                while b"\n\n" in buf:
                    msg, buf = buf.split(b"\n\n", 1)
                    for line in msg.split(b"\n"):
                        if line.startswith(b"data: "):
                            t = json.loads(line[6:])["tables"].get("t1")
                            if t and t.get("last"):
                                with cond:
                                    last["n"] = t["last"]
                                    cond.notify_all()
        threading.Thread(target=read_stream, daemon=True).start()

        room = f'\n[room]\nbroker = "{broker}"\ntable = "t1"\n'
        t1, state = table(tmp, "t1", room)
        procs.append(t1)
        press(t1, SIT_AND_DEAL)
        wait_for("the deal", lambda: records(state) >= 3)
        with cond:
            cond.wait_for(lambda: last["n"] >= 3, timeout=30)
        lat = []
        for i in range(PRESSES):
            n = records(state) + 1
            start = time.monotonic()
            press(t1, "c\n" if i % 2 == 0 else "u\n")
            with cond:
                if not cond.wait_for(lambda: last["n"] >= n, timeout=30):
                    raise SystemExit(f"record {n} never reached the floor")
            lat.append((time.monotonic() - start) * 1000)
        time.sleep(0.5)
        rss_room = rss_kib(t1.pid)

        plain, plain_state = table(tmp, "plain", "")
        procs.append(plain)
        press(plain, SIT_AND_DEAL)
        wait_for("the plain deal", lambda: records(plain_state) >= 3)
        journaled = []
        for i in range(PRESSES):
            n = records(plain_state) + 1
            start = time.monotonic()
            press(plain, "c\n" if i % 2 == 0 else "u\n")
            wait_for("a plain press", lambda: records(plain_state) >= n)
            journaled.append((time.monotonic() - start) * 1000)
        time.sleep(0.5)
        rss_plain = rss_kib(plain.pid)

        lat.sort()
        journaled.sort()
        topic_ev, topic_st = len("dealerd/t1/events"), len("dealerd/t1/state")

        def wire(topic_len, payload):
            # PUBLISH QoS 1: fixed header (1 byte + remaining length), topic, packet id, payload.
            rem = 2 + topic_len + 2 + payload
            return 1 + (1 if rem < 128 else 2 if rem < 16384 else 3) + rem
        ev = sizes["events"]
        st = sizes["state"]
        print(f"presses: {PRESSES}")
        print(f"press to floor, ms: median {statistics.median(lat):.2f}, "
              f"p95 {lat[int(len(lat) * 0.95) - 1]:.2f}, max {lat[-1]:.2f}, min {lat[0]:.2f}")
        print(f"press to journal line (no [room], polled every 5 ms), ms: median "
              f"{statistics.median(journaled):.2f}, p95 {journaled[int(len(journaled) * 0.95) - 1]:.2f}")
        if ev:
            print(f"event payload bytes: mean {statistics.mean(ev):.0f} (min {min(ev)}, max {max(ev)}); "
                  f"PUBLISH on the wire mean {statistics.mean(wire(topic_ev, p) for p in ev):.0f} + 4 PUBACK")
        if st:
            print(f"state payload bytes: mean {statistics.mean(st):.0f} (min {min(st)}, max {max(st)}); "
                  f"PUBLISH on the wire mean {statistics.mean(wire(topic_st, p) for p in st):.0f} + 4 PUBACK")
        print(f"table RSS after the presses: with [room] {rss_room} KiB, without {rss_plain} KiB")
    finally:
        stop(procs, tmp)

if __name__ == "__main__":
    main()
