"""tools/bench-peers: Tether and its peer engines, side by side, on the same scenes."""
import argparse
import json
import os
import subprocess
import sys

from . import catalogue, report, tether, venv
from . import scene as scenes
from .engines import PEERS

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(TOOLS)
ENGINES = ("tether", *PEERS)
DEFAULT_SCENES = ("springs-10k", "pile-1000")

DESCRIPTION = """\
Times Tether (`tether bench`, release build) and the peer engines Box2D 2.3 (pybox2d),
Box2D v3.1 (pyb2d3) and Chipmunk (pymunk) on the same scenes, alternately: every round runs
each engine once, in a fresh process, and only the stepping is timed. Prints the median
item-frames/s of each engine, the range over the rounds and Tether ÷ engine, then where each
engine's items ended (a scene built wrong shows there), then the performance goals the rounds
can answer, each with its ratio and PASS or FAIL: Tether ≥ 1.5× Box2D v3 on pile-250 and
pile-4000 and ≥ 2× on pile-1000, ≥ 20× Box2D 2.3 on springs-10k, and with --tether-threads N,
N threads at least as fast as one in every round and 1.5× on the medians (pile-1000,
springs-10k).

The peers come from PyPI (box2d==2.3.10, pyb2d3==0.11.1, pymunk==7.3.1) into a virtual
environment made on first use (.venv-peers/ at the repository root, git-ignored). Each peer
builds its world from the scenario file Tether runs: 100 pt per metre for Box2D, y down, one
step of 1/60 s per frame, Box2D 2.3 with 8 velocity and 3 position iterations, Box2D v3 with 4
substeps, Chipmunk with 10 iterations, sleeping off everywhere.

Scenes: the catalogue in scenarios/bench/ (""" + ", ".join(catalogue.SCENES) + """),
or any world scenario file whose behaviors the peers can build: gravity, attachments from an
item's center to a fixed anchor, one collision group with the bounds as walls, one material."""

EXAMPLES = """\
examples:
  tools/bench-peers                                   springs-10k and pile-1000, 5 rounds
  tools/bench-peers --scenes all --rounds 3 --csv rounds.csv
  tools/bench-peers --scenes pile-250 --frames 60 --rounds 2 --no-build    a quick smoke run
  tools/bench-peers --tether-arg=--threads=2 --box2d-v3-workers 2
  tools/bench-peers --tether-threads 2                also a line for tether on 2 threads
  tools/bench-peers --tether-cpu haswell              tether built for x86-64 with AVX2
  tools/bench-peers --write-scenarios                 regenerate scenarios/bench/{springs,pile}-*.json
"""


def parse(argv):
    parser = argparse.ArgumentParser(
        prog="tools/bench-peers", description=DESCRIPTION, epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scenes", default=",".join(DEFAULT_SCENES), metavar="LIST",
                        help="comma-separated scene names or scenario files, or 'all' "
                             f"(default {','.join(DEFAULT_SCENES)})")
    parser.add_argument("--engines", default=",".join(ENGINES), metavar="LIST",
                        help=f"comma-separated, from {','.join(ENGINES)} (default: all)")
    parser.add_argument("--rounds", type=positive, default=5, metavar="N",
                        help="runs of each engine on each scene, alternating (default 5)")
    parser.add_argument("--frames", type=positive, metavar="F",
                        help="step F frames instead of the scenario's (for quick runs)")
    parser.add_argument("--no-build", action="store_true",
                        help="use .build/release/tether as it is (no swift build -c release)")
    parser.add_argument("--tether", metavar="PATH",
                        help="time this tether binary instead (nothing is built)")
    parser.add_argument("--tether-cpu", metavar="CPU",
                        help="build tether for processor CPU (LLVM's name, e.g. haswell for "
                             "x86-64 with AVX2) into .build/cpu-CPU/ and time that build: "
                             "swift build -c release -Xswiftc -target-cpu -Xswiftc CPU "
                             "(the same output, byte for byte; README, Install)")
    parser.add_argument("--tether-arg", action="append", default=[], metavar="ARG",
                        help="pass ARG to every `tether bench` (and to the `tether run` of "
                             "the scene check), e.g. --tether-arg=--threads=2 or "
                             "--tether-arg=--set=solver=uikit (repeatable)")
    parser.add_argument("--tether-threads", type=positive, metavar="N",
                        help="also time tether with --threads N, as an engine of its own "
                             "(tether-Nt) right after tether in every round; its ratio is "
                             "one thread ÷ N threads")
    parser.add_argument("--box2d-v3-workers", type=positive, default=1, metavar="N",
                        help="Box2D v3's worker threads (default 1; Box2D 2.3 has none)")
    parser.add_argument("--timeout", type=positive, default=900, metavar="S",
                        help="seconds one run may take; an engine that exceeds it sits out "
                             "the scene's remaining rounds (default 900)")
    parser.add_argument("--busy", type=int, default=0, metavar="N",
                        help="keep N other processes spinning on the CPU for the whole run "
                             "(a busy machine: with --tether-threads, whether threads still "
                             "never hurt)")
    parser.add_argument("--csv", metavar="FILE", help="write every round to FILE")
    parser.add_argument("--venv", default=os.path.join(REPO, ".venv-peers"), metavar="DIR",
                        help="virtual environment of the peers (default .venv-peers/)")
    parser.add_argument("--write-scenarios", action="store_true",
                        help="(re)write the catalogue's scenario files and exit")
    args = parser.parse_args(argv)
    args.engines = split(args.engines)
    unknown = [e for e in args.engines if e not in ENGINES]
    if unknown:
        parser.error(f"unknown engine {unknown[0]!r} (choose from {', '.join(ENGINES)})")
    args.scenes = list(catalogue.SCENES) if args.scenes == "all" else split(args.scenes)
    if args.tether and args.tether_cpu:
        parser.error("--tether names a binary; --tether-cpu builds one: give one of them")
    if args.tether_threads:
        if "tether" not in args.engines:
            parser.error("--tether-threads needs tether among the engines")
        args.engines.insert(args.engines.index("tether") + 1, threaded_engine(args.tether_threads))
    return args


def threaded_engine(threads):
    """The name of the second tether line: tether on `threads` threads."""
    return f"tether-{threads}t"


def tether_arguments(args, engine):
    """What `tether bench` gets for `engine` (tether, or its line on --tether-threads)."""
    if engine == "tether":
        return args.tether_arg
    return [*args.tether_arg, "--threads", str(args.tether_threads)]


def positive(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("expected a whole number ≥ 1")
    return value


def split(text):
    return [part.strip() for part in text.split(",") if part.strip()]


def log(message):
    print(message, file=sys.stderr, flush=True)


def scene_file(name):
    """The scenario file of a scene; a catalogue scene that is not in the repository (too big
    to keep there) is written first."""
    if name not in catalogue.SCENES:
        if not os.path.isfile(name):
            raise Failure(f"{name}: no such scenario file, nor a scene of the catalogue "
                          f"({', '.join(catalogue.SCENES)})")
        return name
    path = catalogue.scenario_path(REPO, name)
    if not os.path.isfile(path):
        log(f"writing {os.path.relpath(path, REPO)}")
        catalogue.write_scenarios(REPO, [name])
    return path


class Failure(Exception):
    pass


class Bench:
    """The rounds of one invocation and everything they measured."""

    def __init__(self, args, binary, venv_python):
        self.args, self.binary, self.venv_python = args, binary, venv_python
        self.measurements = []
        self.summaries = {}          # (scene, engine) → end-of-run summary
        self.notes = []              # why a run failed

    def run_scene(self, name, path, scene):
        frames = self.args.frames or scene.frames
        dropped = set()
        for number in range(1, self.args.rounds + 1):
            for engine in self.args.engines:
                if engine in dropped:
                    continue
                m = self.measure(engine, name, path, frames, len(scene.items), number)
                self.measurements.append(m)
                progress = f"{name} round {number}/{self.args.rounds}: {engine:<10}"
                if m.status == "ok":
                    log(f"{progress} {report.millions(m.rate)} M item-frames/s")
                else:
                    dropped.add(engine)
                    log(f"{progress} {m.status}; it sits out the remaining rounds")
        if "tether" in self.args.engines and "tether" not in dropped:
            try:
                self.summaries[(name, "tether")] = tether.final_summary(
                    self.binary, path, frames, scene.walls, self.args.tether_arg,
                    self.args.timeout)
            except (tether.TetherError, TimeoutError) as error:
                self.notes.append(f"tether on {name}, scene check: {error}")

    def measure(self, engine, name, path, frames, items, number):
        def unfinished(status, note=None):
            if note:
                self.notes.append(f"{engine} on {name}: {note}")
            return report.Measurement(name, number, engine, frames, items, items * frames,
                                      None, status)
        try:
            if engine.startswith("tether"):
                seconds, item_frames = tether.bench(self.binary, path, self.args.frames,
                                                    tether_arguments(self.args, engine),
                                                    self.args.timeout)
            else:
                result = self.peer(engine, path)
                seconds, item_frames = result["seconds"], result["item_frames"]
                self.summaries[(name, engine)] = result["summary"]
        except TimeoutError:
            return unfinished(f"over {self.args.timeout} s")
        except (tether.TetherError, Failure) as error:
            return unfinished("failed", str(error))
        return report.Measurement(name, number, engine, frames, items, item_frames, seconds)

    def peer(self, engine, path):
        workers = self.args.box2d_v3_workers if engine == "box2d-v3" else 1
        arguments = [engine, path, "--workers", str(workers)]
        if self.args.frames:
            arguments += ["--frames", str(self.args.frames)]
        try:
            return run_worker(self.venv_python, arguments, self.args.timeout)
        except subprocess.TimeoutExpired:
            raise TimeoutError(engine)


def run_worker(venv_python, arguments, timeout=None):
    """`python -m benchpeers.worker ARGUMENTS` in the peers' virtual environment: its JSON.

    pyb2d3 imports NumPy, whose OpenBLAS starts a pool of threads that spin for a while after
    import; they do nothing for the physics but compete for the cores, so the worker gets one."""
    done = subprocess.run([venv_python, "-m", "benchpeers.worker", *arguments],
                          env=dict(os.environ, PYTHONPATH=TOOLS, PYTHONDONTWRITEBYTECODE="1",
                                   OPENBLAS_NUM_THREADS="1"),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          timeout=timeout)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise Failure(f"the peer worker exited {done.returncode}: {last}")
    return json.loads(done.stdout)


def start_busy_loops(count):
    """`count` processes that spin on the CPU until stopped: another program's load."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def stop_busy_loops(spinners):
    for spinner in spinners:
        spinner.kill()
    for spinner in spinners:
        spinner.wait()


def header(args, binary, peer_versions):
    lines = [f"machine: {cpu_model()}, {os.cpu_count()} cores"]
    if binary:
        built = f", built for {args.tether_cpu}" if args.tether_cpu else ""
        lines.append(f"tether: {tether.version(binary)} ({binary}{built}; repository at {commit()})"
                     + (f", bench arguments: {' '.join(args.tether_arg)}" if args.tether_arg else "")
                     + (f"; {threaded_engine(args.tether_threads)}: the same with --threads "
                        f"{args.tether_threads}" if args.tether_threads else ""))
    for engine, text in peer_versions.items():
        workers = (f", {args.box2d_v3_workers} worker{'s' if args.box2d_v3_workers > 1 else ''}"
                   if engine == "box2d-v3" else "")
        lines.append(f"{engine}: {text}{workers}")
    if args.busy:
        lines.append(f"{args.busy} busy loop{'s' if args.busy > 1 else ''} running beside the "
                     "engines for the whole run (--busy)")
    frames = f"{args.frames} frames (override)" if args.frames else "the scenarios' frames"
    rounds = f"{args.rounds} round{'s' if args.rounds > 1 else ''}"
    lines.append(f"{rounds}, engines alternating in the order "
                 f"{', '.join(args.engines)}; {frames}; only the stepping is timed")
    return "\n".join(lines)


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def commit():
    done = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=REPO,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return done.stdout.strip() or "unknown"


def main(argv=None):
    args = parse(argv)
    if args.write_scenarios:
        for path in catalogue.write_scenarios(REPO, catalogue.SCENES):
            print(f"wrote {os.path.relpath(path, REPO)}")
        return 0
    try:
        return bench(args)
    except (Failure, scenes.SceneError, tether.TetherError, venv.VenvError) as error:
        log(f"bench-peers: error: {error}")
        return 1


def bench(args):
    files = {name: scene_file(name) for name in args.scenes}
    loaded = {}
    for name, path in files.items():
        try:
            loaded[name] = scenes.load(path)
        except scenes.SceneError as error:
            raise Failure(f"{path}: {error}")
    binary = None
    if "tether" in args.engines:
        binary = args.tether or tether.release_binary(REPO, args.tether_cpu)
        build = " ".join(tether.build_command(os.path.relpath(REPO), args.tether_cpu))
        if not args.tether and not args.no_build:
            log(f"building tether: {build}")
            tether.build_release(REPO, args.tether_cpu)
        if not os.access(binary, os.X_OK):
            raise Failure(f"{binary}: no tether binary (build it with {build})")
    peers = [e for e in args.engines if not e.startswith("tether")]
    venv_python, peer_versions = None, {}
    if peers:
        venv.ensure(args.venv, log)
        venv_python = venv.python(args.venv)
        versions = run_worker(venv_python, ["--versions"])
        peer_versions = {engine: versions[engine] for engine in peers}
    print(header(args, binary, peer_versions), flush=True)
    run = Bench(args, binary, venv_python)
    interrupted = False
    spinners = start_busy_loops(args.busy)
    try:
        for name in args.scenes:
            run.run_scene(name, files[name], loaded[name])
    except KeyboardInterrupt:
        interrupted = True
        log("interrupted: the tables show the rounds that finished")
    finally:
        stop_busy_loops(spinners)
    print()
    print(report.timing_table(run.measurements, args.scenes, args.engines))
    print()
    print(report.check_table(run.summaries, args.scenes, args.engines))
    goals = report.goals_table(run.measurements, args.scenes, args.engines,
                               threaded_engine(args.tether_threads) if args.tether_threads else None,
                               busy=args.busy)
    if goals:
        print()
        print(goals)
    for note in run.notes:
        print(f"\n{note}")
    if args.csv:
        report.write_csv(args.csv, run.measurements)
        log(f"wrote {len(run.measurements)} rounds to {args.csv}")
    return 130 if interrupted else 0
