"""Measures eventdeck against its baselines; see ratios.sh."""
import fcntl, json, os, pty, select, statistics, struct, subprocess, sys, tempfile, termios, time

bindir, runs = sys.argv[1], int(sys.argv[2])
ED, HELLO, BARE, FLOOR = (os.path.join(bindir, n) for n in ("eventdeck", "hello", "bare", "floor"))
TIME = "/usr/bin/time"  # GNU time: -f %M prints the child's peak RSS in KiB
# Answers to the queries lipgloss and termenv send: background colour, cursor.
REPLIES = {b"\x1b]11;?": b"\x1b]11;rgb:0000/0000/0000\x1b\\", b"\x1b[6n": b"\x1b[24;1R"}


def wall(cmd):
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t


def medians_side_by_side(cmds, rounds):
    """Times each command once a round, in turn, so that whatever else the
    machine does falls on all of them alike; returns each one's median."""
    for c in cmds:
        wall(c)  # warm the page cache
    times = [[] for _ in cmds]
    for _ in range(rounds):
        for i, c in enumerate(cmds):
            times[i].append(wall(c))
    return [statistics.median(t) for t in times]


class Pty:
    """A program on a pseudo-terminal of 80x24, answering terminal queries.
    With rss it runs under /usr/bin/time, which reports the peak RSS of the
    program alone: the forked Python child's own pages count in its
    ru_maxrss (a Go hello world reads 10 MiB that way, 2 MiB on its own)."""

    def __init__(self, argv, state, rss=False):
        env = dict(os.environ, TERM="xterm-256color", XDG_STATE_HOME=state, XDG_CONFIG_HOME=state)
        self.rss = os.path.join(state, "maxrss") if rss else None
        if rss:
            argv = [TIME, "-f", "%M", "-o", self.rss] + argv
        self.start = time.perf_counter()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            os.execve(argv[0], argv, env)
        self.out = b""

    def pump(self, timeout=0.0):
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return
        try:
            chunk = os.read(self.fd, 1 << 16)
        except OSError:
            return
        self.out += chunk
        for q, a in REPLIES.items():
            if q in chunk:
                os.write(self.fd, a)

    def wait_for(self, text, limit=10):
        end = time.perf_counter() + limit
        while text not in self.out:
            if time.perf_counter() > end:
                raise SystemExit(f"{text!r} never appeared")
            self.pump(0.05)
        return time.perf_counter() - self.start

    def settle(self, quiet=0.02):
        """Reads until the program has drawn nothing for quiet seconds: it
        has caught up with the keys (a full input queue would drop keys)."""
        while True:
            before = len(self.out)
            self.pump(quiet)
            if len(self.out) == before:
                return

    def finish(self, keys):
        for _ in range(50):
            for k in keys:  # one at a time: letters read together are one message
                self.settle()
                os.write(self.fd, bytes([k]))
            end = time.perf_counter() + 0.5
            while time.perf_counter() < end:
                self.pump(0.01)
                pid, _ = os.waitpid(self.pid, os.WNOHANG)
                if pid:
                    os.close(self.fd)
                    if self.rss is None:
                        return None
                    with open(self.rss) as f:
                        return int(f.read().split()[-1])  # KiB
        raise SystemExit("the program did not quit")


def first_frame(argv, marker, quit_keys):
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as state:
            p = Pty(argv, state)
            times.append(p.wait_for(marker))
            p.finish(quit_keys)
    return statistics.median(times)


def draws_saved(state):
    try:
        with open(os.path.join(state, "eventdeck", "game.json")) as f:
            return json.load(f)["state"]["draws"]
    except (OSError, ValueError, KeyError):
        return 0


def peak_after_draws(*marks):
    """eventdeck's peak RSS (KiB) after each of marks draws in one game
    (x skips a question, space goes on), read from the kernel's high-water
    mark (VmHWM) as each is reached, and the keys the first took."""
    with tempfile.TemporaryDirectory() as state:
        p = Pty([ED, "--players", "Ann,Bob,Cy", "--seed", "1"], state, rss=True)
        p.wait_for(b"draws the first card")
        with open(f"/proc/{p.pid}/task/{p.pid}/children") as f:
            child = int(f.read().split()[0])  # eventdeck, under /usr/bin/time
        keys, peaks, first_keys = 0, [], None
        for n in marks:
            while draws_saved(state) < n:
                os.write(p.fd, b"x " * 10)
                keys += 20
                p.settle()
            with open(f"/proc/{child}/status") as f:
                st = {l.split(":")[0]: int(l.split()[1]) for l in f if l.split(":")[0] in ("VmHWM", "RssFile", "RssAnon")}
            peaks.append(st["VmHWM"])
            first_keys = first_keys or keys
            # What the resident pages are: the binary's own (its code and
            # tables, mapped from the file) and the heap's and stacks'.
            print(f"eventdeck at {n} draws: peak {st['VmHWM'] / 1024:.1f} MiB; now {st['RssFile'] / 1024:.1f} MiB"
                  f" mapped from files (the binary, libc), {st['RssAnon'] / 1024:.1f} MiB anonymous (heap, stacks)")
        p.finish(b"qy")
        return peaks, first_keys


def floor_peak(rounds=9):
    """The floor's peak RSS (KiB), the median of rounds runs."""
    peaks = []
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "rss")
        for _ in range(rounds):
            subprocess.run([TIME, "-f", "%M", "-o", out, FLOOR], check=True)
            with open(out) as f:
                peaks.append(int(f.read().split()[-1]))
    return statistics.median(peaks)


def bare_peak(keys):
    with tempfile.TemporaryDirectory() as state:
        p = Pty([BARE], state, rss=True)
        p.wait_for(b"bare 0 keys")
        for _ in range(keys // 20):
            os.write(p.fd, b"x " * 10)
            p.settle()
        return p.finish(b"q")


draw, hello, floor = medians_side_by_side([[ED, "draw", "--count", "1"], [HELLO], [FLOOR]], max(runs, 300))
ed_frame = first_frame([ED, "--players", "Ann,Bob,Cy", "--seed", "1"], b"draws the first card", b"q")
bare_frame = first_frame([BARE], b"bare 0 keys", b"q")
(ed_rss, ed_rss_10k), keys = peak_after_draws(1000, 10000)
bare_rss = bare_peak(keys)
floor_rss = floor_peak()

print(f"{'':34}{'eventdeck':>12}{'baseline':>12}{'ratio':>8}{'goal':>8}")
rows = [
    ("draw --count 1 vs Go hello world", draw * 1e3, hello * 1e3, "ms", 1.5),
    ("first frame vs bare Bubble Tea", ed_frame * 1e3, bare_frame * 1e3, "ms", 1.3),
    (f"peak RSS, 1000 draws ({keys} keys)", ed_rss / 1024, bare_rss / 1024, "MiB", 2.0),
    # Issue 29: against the floor of eventdeck's own dependencies.
    ("draw --count 1 vs floor", draw * 1e3, floor * 1e3, "ms", 1.2),
    ("peak RSS, 1000 draws vs floor", ed_rss / 1024, floor_rss / 1024, "MiB", 2.0),
    ("peak RSS, 10000 vs 1000 draws", ed_rss_10k / 1024, ed_rss / 1024, "MiB", 1.1),
]
for name, ours, base, unit, goal in rows:
    ratio = ours / base
    mark = "ok" if ratio <= goal else "OVER"
    print(f"{name:34}{ours:>9.1f} {unit:<3}{base:>8.1f} {unit:<3}{ratio:>7.2f}x {goal:>5.1f}x {mark}")
