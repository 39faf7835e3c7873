"""The virtual environment that holds the peer engines (pinned versions from PyPI)."""
import os
import subprocess
import sys

from .engines import REQUIREMENTS


class VenvError(Exception):
    pass


def python(venv):
    return os.path.join(venv, "bin", "python")


def ensure(venv, log):
    """Creates `venv` if needed and installs the pinned peers unless they are already there."""
    if not os.path.exists(python(venv)):
        log(f"creating the virtual environment {venv}")
        _run([sys.executable, "-m", "venv", venv], "python3 -m venv (Debian: apt-get install python3-venv)")
    if _installed(venv) == set(REQUIREMENTS):
        return
    log("installing " + " ".join(REQUIREMENTS) + " from PyPI")
    _run([python(venv), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
          *REQUIREMENTS], "pip install")


def _installed(venv):
    """The pinned requirements that the venv satisfies exactly."""
    probe = ("import importlib.metadata as m, sys\n"
             "for r in sys.argv[1:]:\n"
             "    name, want = r.split('==')\n"
             "    try:\n"
             "        if m.version(name) == want: print(r)\n"
             "    except m.PackageNotFoundError: pass\n")
    done = subprocess.run([python(venv), "-c", probe, *REQUIREMENTS],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return set(done.stdout.split())


def _run(command, what):
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0:
        raise VenvError(f"{what} failed:\n{done.stdout[-4000:]}")
