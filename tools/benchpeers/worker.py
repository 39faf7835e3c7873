"""One timed run of one peer engine, inside the virtual environment:

    python -m benchpeers.worker ENGINE SCENARIO.json [--frames F] [--workers N]
    python -m benchpeers.worker --versions

Builds the scene (not timed), steps it F frames (timed: the stepping loop only, as `tether
bench` times only its steps), then prints one JSON line: seconds, item-frames, and the item
centers' summary for the scene check.
"""
import argparse
import gc
import json
import sys
import time

from . import scene as scenes
from .engines import PEERS, make
from .summary import summarize


def versions():
    from importlib.metadata import version
    return {name: f"{label}: {dist}=={version(dist)}"
            for name, (_, _, dist, label) in PEERS.items()}


def run(engine, path, frames, workers):
    scene = scenes.load(path)
    if frames is not None:
        scene.frames = frames
    driver = make(engine, scene, workers)
    starts = [(item.x, item.y) for item in scene.items]
    step = driver.step
    gc.disable()
    start = time.perf_counter()
    for _ in range(scene.frames):
        step()
    seconds = time.perf_counter() - start
    gc.enable()
    return {"engine": engine, "frames": scene.frames, "items": len(scene.items),
            "item_frames": len(scene.items) * scene.frames, "seconds": seconds,
            "summary": summarize(starts, driver.centers(), scene.walls)}


def main(argv=None):
    parser = argparse.ArgumentParser(prog="benchpeers.worker")
    parser.add_argument("engine", nargs="?", choices=sorted(PEERS))
    parser.add_argument("scenario", nargs="?")
    parser.add_argument("--frames", type=int)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--versions", action="store_true")
    args = parser.parse_args(argv)
    if args.versions:
        print(json.dumps(versions()))
        return 0
    if not args.engine or not args.scenario:
        parser.error("expected ENGINE SCENARIO")
    print(json.dumps(run(args.engine, args.scenario, args.frames, args.workers)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
