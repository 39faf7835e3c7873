"""Tether's side: the release build, `tether bench` for the timing and `tether run` for the
scene check."""
import csv
import io
import os
import re
import subprocess

from .summary import summarize


class TetherError(Exception):
    pass


def build_command(repo, cpu=None):
    """`swift build -c release`, or with `cpu` a release build for that processor (LLVM's name,
    e.g. haswell) in a build folder of its own, so the usual build stays as it is."""
    if cpu is None:
        return ["swift", "build", "-c", "release"]
    return ["swift", "build", "-c", "release", "--scratch-path", scratch_path(repo, cpu),
            "-Xswiftc", "-target-cpu", "-Xswiftc", cpu]


def scratch_path(repo, cpu):
    return os.path.join(repo, ".build", f"cpu-{cpu}")


def build_release(repo, cpu=None):
    """`build_command`; its output is shown only when it fails."""
    command = build_command(repo, cpu)
    done = subprocess.run(command, cwd=repo,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0:
        raise TetherError(f"{' '.join(command)} failed:\n" + done.stdout[-4000:])


def release_binary(repo, cpu=None):
    folder = scratch_path(repo, cpu) if cpu else os.path.join(repo, ".build")
    return os.path.join(folder, "release", "tether")


def version(binary):
    return _call([binary, "--version"], timeout=60).strip()


# Tether refuses scenarios above a work budget (frames × steps × (items + 50 × neighbours of
# colliding items)) of 4·10⁹ item-steps. The benchmark scenes fit, but are chosen on purpose
# (and may be made longer with --frames), so they run with this budget unless the arguments
# passed through name one.
WORK_BUDGET = "1e12"


def frames_override(frames):
    return [] if frames is None else ["--set", f"frames={frames}"]


def with_budget(extra):
    named = any(arg == "--max-work" or arg.startswith("--max-work=") for arg in extra)
    return list(extra) if named else ["--max-work", WORK_BUDGET, *extra]


def bench(binary, path, frames, extra, timeout):
    """One `tether bench --repeat 1`: (seconds of stepping, item-frames)."""
    out = _call([binary, "bench", path, "--repeat", "1", *frames_override(frames),
                 *with_budget(extra)], timeout)
    median = re.search(r"^median:\s+([0-9.]+) ms$", out, re.MULTILINE)
    item_frames = re.search(r"^item-frames:\s+([0-9]+)$", out, re.MULTILINE)
    if not median or not item_frames:
        raise TetherError(f"unexpected `tether bench` output:\n{out}")
    return float(median.group(1)) / 1000.0, int(item_frames.group(1))


def final_summary(binary, path, frames, walls, extra, timeout):
    """Replays the scene once (untimed, with the same extra arguments as the timed runs) and
    summarizes frame 0 → the last frame, as the peers' workers do."""
    last = frames
    out = _call([binary, "run", path, "--items", "all", "--every", str(last),
                 *frames_override(frames), *with_budget(extra)], timeout)
    starts, ends = {}, {}
    for row in csv.DictReader(io.StringIO(out)):
        frame = int(row["frame"])
        target = starts if frame == 0 else ends if frame == last else None
        if target is not None:
            target[int(row["item"])] = (float(row["center_x"]), float(row["center_y"]))
    if not starts or sorted(starts) != sorted(ends):
        raise TetherError(f"`tether run {path}` did not print frames 0 and {last} for every item")
    order = sorted(starts)
    return summarize([starts[i] for i in order], [ends[i] for i in order], walls)


def _call(command, timeout):
    try:
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise TimeoutError(" ".join(command))
    except OSError as error:
        raise TetherError(f"cannot run {command[0]}: {error}")
    if done.returncode != 0:
        what = f"{os.path.basename(command[0])} {command[1]}"
        raise TetherError(f"`{what}` exited {done.returncode}: {done.stderr.strip()}")
    return done.stdout
