#!/usr/bin/env python3
"""Room mode over broker crashes and long outages (BENCHMARKS.md, "Room mode
under attack", issue 23): the documented broker (docs/room/mosquitto.conf
and mosquitto.acl, on a plain listener) on 127.0.0.1, one table (`dealerd
run --devices fake` with a [room]) and a floor (`dealerd floor`).

1. The floor goes away; the table journals PRESSES records (call, undo by
   turns); the broker is SIGKILLed and started again; the floor comes back.
   With a queue of QUEUE messages the broker drops most of them: the floor
   must see the gap and ask the table for the rest.
2. The broker is SIGKILLed with the floor there; the table journals PRESSES
   more during the outage; the broker comes back.

Prints, for each: records in the journal, records on the floor, the time
from the floor's (or the broker's) return to the floor holding every
record, and the floor's replay requests and resident memory.

Run after `cargo build --release`:
    python3 benches/room_outage.py [PRESSES] [QUEUE]
Bounded: every wait has a deadline, every process is stopped at the end.
"""
import base64, json, os, signal, socket, subprocess, sys, tempfile, time, urllib.request

from room_bench import DEALERD, ROOT, SIT_AND_DEAL, free_port, listening, records, stop
from room_bench import wait_for as wait
from room_latency import rss_kib

PRESSES = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
QUEUE = int(sys.argv[2]) if len(sys.argv) > 2 else 1000


def wait_for(what, f, limit=300.0):
    return wait(what, f, limit, 0.02)


def main():
    tmp = tempfile.mkdtemp(prefix="dealerd-room-outage-")
    os.chmod(tmp, 0o777)
    port = free_port()
    passwd = os.path.join(tmp, "passwd")
    for i, (user, pw) in enumerate([("t1", "pw1"), ("floor.room", "pwf")]):
        subprocess.run(["mosquitto_passwd"] + (["-c"] if i == 0 else []) + ["-b", passwd, user, pw],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.chmod(passwd, 0o644)
    ours = {"listener", "certfile", "keyfile", "password_file", "acl_file", "persistence",
            "persistence_location", "max_queued_messages"}
    with open(os.path.join(ROOT, "docs", "room", "mosquitto.conf")) as f:
        kept = [l for l in f.read().splitlines()
                if l.strip() and not l.startswith("#") and l.split()[0] not in ours]
    conf = os.path.join(tmp, "mosquitto.conf")
    with open(conf, "w") as f:
        f.write(f"listener {port} 127.0.0.1\n" + "\n".join(kept) + "\n"
                f"max_queued_messages {QUEUE}\npersistence true\npersistence_location {tmp}/\n"
                f"password_file {passwd}\nacl_file {os.path.join(ROOT, 'docs', 'room', 'mosquitto.acl')}\n")
    procs = {}
    broker_url = f"mqtt://127.0.0.1:{port}"
    floor_log = os.path.join(tmp, "floor.log")

    def start_broker():
        procs["broker"] = subprocess.Popen(["mosquitto", "-c", conf], stdout=subprocess.DEVNULL,
                                           stderr=subprocess.DEVNULL)
        wait_for("mosquitto", lambda: listening(port))

    def kill(name):
        p = procs.pop(name)
        p.send_signal(signal.SIGKILL)
        p.wait()

    def start_floor():
        env = dict(os.environ, DEALERD_ROOM_PASSWORD="pwf", DEALERD_FLOOR_STAFF_PASSWORD="staff-pw")
        env.pop("RUST_LOG", None)
        p = subprocess.Popen([DEALERD, "floor", "--broker", broker_url, "--listen", "127.0.0.1:0",
                              "--username", "floor.room", "--log", "info"],
                             stdout=subprocess.PIPE, stderr=open(floor_log, "a"), text=True, env=env)
        procs["floor"] = p
        addr = p.stdout.readline().strip().removeprefix("floor: http://").rstrip("/")
        return addr

    def floor_numbers(addr):
        try:
            # The records are the staff's (issue 36): HTTP Basic, user "staff".
            req = urllib.request.Request(f"http://{addr}/staff/tables.json", headers={
                "Authorization": "Basic " + base64.b64encode(b"staff:staff-pw").decode()})
            with urllib.request.urlopen(req, timeout=10) as r:
                t = json.load(r)["tables"].get("t1", {})
            return [e["n"] for e in t.get("events", [])]
        except OSError:
            return []

    def asks():
        with open(floor_log) as f:
            return f.read().count("asking dealerd/t1/replay")

    try:
        start_broker()
        addr = start_floor()
        config = os.path.join(tmp, "t1.toml")
        with open(os.path.join(ROOT, "config", "default.toml")) as f:
            text = f.read()
        with open(config, "w") as f:
            f.write(text + f'\n[room]\nbroker = "{broker_url}"\ntable = "t1"\nusername = "t1"\n')
        state = os.path.join(tmp, "t1")
        env = dict(os.environ, DEALERD_ROOM_PASSWORD="pw1")
        t1 = subprocess.Popen([DEALERD, "run", "--config", config, "--state-dir", state, "--devices", "fake"],
                              stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              text=True, env=env)
        procs["t1"] = t1

        def play(n):
            for i in range(n):
                want = records(state) + 1
                t1.stdin.write("c\n" if i % 2 == 0 else "u\n")
                t1.stdin.flush()
                wait_for("a press journaled", lambda: records(state) >= want)

        t1.stdin.write(SIT_AND_DEAL)
        t1.stdin.flush()
        wait_for("the deal", lambda: records(state) >= 3)
        wait_for("the deal on the floor", lambda: len(floor_numbers(addr)) >= 3)

        # 1. Floor away, PRESSES records, broker SIGKILLed, floor back.
        kill("floor")
        play(PRESSES)
        time.sleep(1.5)  # the broker's acknowledgements and its save
        kill("broker")
        start_broker()
        back = time.monotonic()
        addr = start_floor()
        first = None
        def caught_up():
            nonlocal first
            got = floor_numbers(addr)
            if first is None and got:
                first = len(got)
            return got == list(range(1, records(state) + 1))
        wait_for("the floor to hold the journal", caught_up)
        t_floor = time.monotonic() - back
        print(f"presses per phase: {PRESSES}; floor queue: {QUEUE} messages")
        print(f"1. floor away, broker SIGKILLed: {records(state)} records journaled, "
              f"{records(state)} on the floor after {t_floor:.2f} s "
              f"(first look: {first}); replay requests so far {asks()}")

        # 2. Broker SIGKILLed with the floor there; a long outage.
        kill("broker")
        play(PRESSES)
        start_broker()
        back = time.monotonic()
        wait_for("the floor to catch up", lambda: floor_numbers(addr) == list(range(1, records(state) + 1)))
        print(f"2. broker down for {PRESSES} records: {records(state)} journaled, all on the floor "
              f"{time.monotonic() - back:.2f} s after the broker's return; replay requests {asks()}")
        print(f"floor RSS at the end: {rss_kib(procs['floor'].pid)} KiB")
    finally:
        stop(list(procs.values()), tmp)

if __name__ == "__main__":
    main()
