"""Medians, spreads and ratios of the rounds, as Markdown tables and a CSV of the raw rounds."""
import csv
import os
import statistics

CSV_COLUMNS = ("scene", "round", "engine", "frames", "items", "item_frames", "seconds",
               "item_frames_per_s", "status")


class Measurement:
    """One timed run of one engine on one scene; `seconds` is None when it did not finish."""

    def __init__(self, scene, round, engine, frames, items, item_frames, seconds, status="ok"):
        self.scene, self.round, self.engine = scene, round, engine
        self.frames, self.items, self.item_frames = frames, items, item_frames
        self.seconds, self.status = seconds, status

    @property
    def rate(self):
        return self.item_frames / self.seconds if self.seconds else None


def millions(rate):
    """Item-frames/s in M with three significant figures."""
    m = rate / 1e6
    return f"{m:.1f}" if m >= 10 else f"{m:.2f}" if m >= 1 else f"{m:.3f}"


def ratio(x):
    return f"{x:.2f}×" if x < 10 else f"{x:.1f}×"


def timing_table(measurements, scenes, engines, reference="tether"):
    """One row per scene and engine: median, the rounds' range, and Tether ÷ engine both as
    the ratio of medians and as the range of the per-round ratios (each round's Tether run
    against the same round's peer run, which ran minutes apart at most)."""
    lines = ["| scene | engine | median (M item-frames/s) | rounds (min–max) | "
             "Tether ÷ engine | per round (min–max) |",
             "|---|---|---:|---|---:|---|"]
    for scene in scenes:
        mine = [m for m in measurements if m.scene == scene]
        reference_rates = _rates_by_round(mine, reference)
        reference_median = statistics.median(reference_rates.values()) if reference_rates else None
        for engine in engines:
            rates = _rates_by_round(mine, engine)
            failures = sorted(set(m.status for m in mine if m.engine == engine and m.status != "ok"))
            if not rates:
                if failures:
                    lines.append(f"| {scene} | {engine} | {', '.join(failures)} | | | |")
                continue
            values = sorted(rates.values())
            median = statistics.median(values)
            spread = f"{millions(values[0])}–{millions(values[-1])} ({len(values)})"
            if failures:
                spread += " + " + ", ".join(failures)
            versus = per_round = ""
            if reference_median and engine != reference:
                versus = ratio(reference_median / median)
                paired = sorted(reference_rates[r] / rates[r] for r in rates if r in reference_rates)
                if paired:
                    per_round = f"{ratio(paired[0])}–{ratio(paired[-1])}"
            lines.append(f"| {scene} | {engine} | {millions(median)} | {spread} | {versus} | "
                         f"{per_round} |")
    return "\n".join(lines)


def check_table(summaries, scenes, engines):
    """Where the items ended, per engine: a peer scene built wrong stands out here."""
    lines = ["| scene | engine | mean Δx (pt) | mean Δy (pt) | outside the bounds |",
             "|---|---|---:|---:|---:|"]
    for scene in scenes:
        for engine in engines:
            s = summaries.get((scene, engine))
            if s is not None:
                lines.append(f"| {scene} | {engine} | {s['mean_dx']:.2f} | {s['mean_dy']:.2f} | "
                             f"{s['outside']} |")
    return "\n".join(lines)


def write_csv(path, measurements):
    """All rounds, written to a temporary file beside `path` and renamed when complete."""
    temporary = path + ".tmp"
    with open(temporary, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(CSV_COLUMNS)
        for m in measurements:
            writer.writerow([m.scene, m.round, m.engine, m.frames, m.items, m.item_frames,
                             "" if m.seconds is None else f"{m.seconds:.6f}",
                             "" if m.rate is None else f"{m.rate:.1f}", m.status])
    os.replace(temporary, path)


def _rates_by_round(measurements, engine):
    return {m.round: m.rate for m in measurements if m.engine == engine and m.rate}


# The performance goals the summary checks: (scene, engine, floor of Tether ÷ engine). The
# ratio is that of the medians, as in the timing table.
PEER_GOALS = (
    ("pile-250", "box2d-v3", 1.5),
    ("pile-1000", "box2d-v3", 2.0),
    ("pile-4000", "box2d-v3", 1.5),
    ("springs-10k", "box2d-2.3", 20.0),
)

# Scenes on which N threads must be at least as fast as one in every round, and 1.5 times as
# fast on the median.
THREAD_GOAL_SCENES = ("pile-1000", "springs-10k")
THREAD_GOAL_MEDIAN = 1.5


def goals_table(measurements, scenes, engines, threaded=None, busy=0):
    """Each goal that the rounds can answer, with what was measured and PASS or FAIL. With busy
    loops beside the engines (`busy`), the threads' speed-up on the medians is a quiet machine's
    goal and is shown without a verdict."""
    lines = ["| goal | measured | |", "|---|---|---|"]
    for scene, engine, floor in PEER_GOALS:
        if scene not in scenes or engine not in engines or "tether" not in engines:
            continue
        mine = [m for m in measurements if m.scene == scene]
        tether_rates = _rates_by_round(mine, "tether")
        peer_rates = _rates_by_round(mine, engine)
        if not tether_rates or not peer_rates:
            lines.append(f"| {scene}: Tether ≥ {floor:g}× {engine} | no rounds | FAIL |")
            continue
        value = statistics.median(tether_rates.values()) / statistics.median(peer_rates.values())
        verdict = "PASS" if value >= floor else "FAIL"
        lines.append(f"| {scene}: Tether ≥ {floor:g}× {engine} (medians) | {ratio(value)} | {verdict} |")
    if threaded and threaded in engines:
        for scene in THREAD_GOAL_SCENES:
            if scene not in scenes:
                continue
            mine = [m for m in measurements if m.scene == scene]
            one, many = _rates_by_round(mine, "tether"), _rates_by_round(mine, threaded)
            paired = sorted(many[r] / one[r] for r in many if r in one)
            if not paired:
                continue
            every = "PASS" if paired[0] >= 1 else "FAIL"
            lines.append(f"| {scene}: {threaded} ≥ 1× tether in every round | "
                         f"{ratio(paired[0])}–{ratio(paired[-1])} | {every} |")
            value = statistics.median(many.values()) / statistics.median(one.values())
            verdict = "PASS" if value >= THREAD_GOAL_MEDIAN else "FAIL"
            if busy:
                verdict = f"— (a quiet machine's goal; {busy} busy loop{'s' if busy > 1 else ''} ran)"
            lines.append(f"| {scene}: {threaded} ≥ {THREAD_GOAL_MEDIAN:g}× tether (medians) | "
                         f"{ratio(value)} | {verdict} |")
    return "\n".join(lines) if len(lines) > 2 else ""
