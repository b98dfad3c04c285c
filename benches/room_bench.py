"""What the room benchmarks share (room_latency.py, room_scale.py): the
paths, the presses that seat two players and deal, the waits, and a room
on 127.0.0.1 (a mosquitto broker and `dealerd floor`), stopped at the end.
Not a benchmark: imported by them (they run from any directory).
"""
import os, socket, subprocess, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEALERD = os.path.join(ROOT, "target", "release", "dealerd")
SIT_AND_DEAL = ":tap Ann\no\no\n:tap Bob\no\no\no\n"


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def wait_for(what, f, limit, step):
    """`f()` once it is true, polled every `step` seconds for `limit`."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        v = f()
        if v:
            return v
        time.sleep(step)
    raise SystemExit(f"timed out waiting for {what}")


def listening(port):
    try:
        socket.create_connection(("127.0.0.1", port)).close()
        return True
    except OSError:
        return False


def records(state):
    """The records in a table's journal (its header line not counted)."""
    try:
        with open(os.path.join(state, "journal.jsonl")) as f:
            return sum(1 for _ in f) - 1
    except FileNotFoundError:
        return 0


def default_house():
    with open(os.path.join(ROOT, "config", "default.toml")) as f:
        return f.read()


def start_room(tmp, procs, client_id, broker_conf=""):
    """A broker on a free port (with `broker_conf` lines) and a floor on it,
    both added to `procs`: the broker's URL, the floor's process and its
    (host, port)."""
    port = free_port()
    conf = os.path.join(tmp, "mosquitto.conf")
    with open(conf, "w") as f:
        f.write(f"listener {port} 127.0.0.1\nallow_anonymous true\n{broker_conf}")
    procs.append(subprocess.Popen(["mosquitto", "-c", conf], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL))
    wait_for("mosquitto", lambda: listening(port), 30.0, 0.005)
    broker = f"mqtt://127.0.0.1:{port}"
    floor = subprocess.Popen([DEALERD, "floor", "--broker", broker, "--listen", "127.0.0.1:0",
                              "--client-id", client_id],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    procs.append(floor)
    host, fport = floor.stdout.readline().strip().removeprefix("floor: http://").rstrip("/").split(":")
    return broker, floor, (host, int(fport))


def table(tmp, name, room_lines):
    """`dealerd run --devices fake` on the default house plus `room_lines`,
    keys on its stdin: the process and its state directory."""
    config = os.path.join(tmp, name + ".toml")
    with open(config, "w") as f:
        f.write(default_house() + room_lines)
    state = os.path.join(tmp, name)
    proc = subprocess.Popen(
        [DEALERD, "run", "--config", config, "--state-dir", state, "--devices", "fake"],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
    return proc, state


def stop(procs, tmp):
    """Stops every process, the last started first, and removes `tmp`."""
    for p in reversed(procs):
        p.terminate()
        try:
            p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            p.kill()
    subprocess.run(["rm", "-rf", tmp])
