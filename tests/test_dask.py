"""Counting and matches on a real Dask cluster on this machine: a `dask scheduler` and two
`dask worker` processes on 127.0.0.1, started here and stopped afterwards.  A batch count
and a 4-game GNU Go match through the cluster equal the local runs (apart from times);
with one worker killed in the middle of a game, every game is still recorded exactly once.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import gnugo_path, unavailable
from support.processes import die_with_parent
from test_score_batch import METHODS, collection

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT = 120.0
RUN_TIMEOUT = 600.0
GAMES = 4

try:
    import distributed
except ImportError:  # the optional extra gtp_weiqi[dask]
    distributed = None


def dask_command() -> str:
    if distributed is None:
        unavailable("distributed is missing (pip install 'gtp_weiqi[dask]')",
                    "distributed is not installed")
    found = shutil.which("dask") or str(Path(sys.executable).with_name("dask"))
    if not os.path.exists(found):
        unavailable("the dask command is missing (pip install 'gtp_weiqi[dask]')",
                    "the dask command is not installed")
    return found


@dataclass
class Cluster:
    address: str
    workers: list[subprocess.Popen[bytes]]


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for proc in procs:
        if proc.poll() is None:
            proc.terminate()
    for proc in procs:
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=20)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    from distributed import Client

    dask = dask_command()
    logs = tmp_path_factory.mktemp("dask-logs")
    scheduler_file = logs / "scheduler.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    procs: list[subprocess.Popen[bytes]] = []

    def start(name: str, *args: str) -> subprocess.Popen[bytes]:
        log = open(logs / f"{name}.log", "wb")  # noqa: SIM115 - closed with the process
        proc = subprocess.Popen([dask, *args], env=env, stdout=log, stderr=log,
                                stdin=subprocess.DEVNULL, cwd=logs,
                                preexec_fn=die_with_parent)
        log.close()
        procs.append(proc)
        return proc

    def failed(why: object) -> None:
        text = "\n".join((logs / f).read_text(errors="replace")[-2000:]
                         for f in os.listdir(logs) if f.endswith(".log"))
        pytest.fail(f"the Dask cluster did not start ({why}):\n{text}")

    try:
        # The scheduler binds a port of its own choosing before any worker starts: a port
        # picked in advance and freed could be taken by a worker first on a busy machine.
        start("scheduler", "scheduler", "--host", "127.0.0.1", "--port", "0",
              "--no-dashboard", "--scheduler-file", str(scheduler_file))
        deadline = time.monotonic() + START_TIMEOUT
        address = ""
        while not address:
            try:
                address = json.loads(scheduler_file.read_text())["address"]
            except (OSError, ValueError, KeyError) as exc:  # not written yet, or half
                if time.monotonic() > deadline or procs[0].poll() is not None:
                    failed(exc)
                time.sleep(0.2)
        workers = [start(f"worker{i}", "worker", address, "--nthreads", "1", "--no-nanny",
                         "--no-dashboard", "--host", "127.0.0.1", "--name", f"w{i}")
                   for i in range(2)]
        while True:
            try:
                with Client(address, timeout=10) as client:
                    client.wait_for_workers(2, timeout=max(1.0, deadline - time.monotonic()))
                break
            except (OSError, TimeoutError) as exc:
                if time.monotonic() > deadline or any(p.poll() is not None for p in procs):
                    failed(exc)
                time.sleep(1)
        yield Cluster(address, workers)
    finally:
        stop(procs)


def score(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gtp_weiqi", "score", *map(str, args)],
                          capture_output=True, text=True, timeout=RUN_TIMEOUT, cwd=ROOT,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), check=False)


def test_a_batch_count_on_the_cluster_equals_the_local_one(cluster, tmp_path) -> None:
    games = tmp_path / "games"
    collection(games)
    for record in sorted((ROOT / "tests" / "data" / "games" / "9").glob("*.sgf"))[:12]:
        shutil.copy(record, games / record.name)
    local, remote = tmp_path / "local.jsonl", tmp_path / "remote.jsonl"
    done = score(games, "--jsonl", local, "--csv", tmp_path / "local.csv", "--method",
                 METHODS, "--workers", 1)
    assert done.returncode == 1, done.stderr  # the broken records are rows with errors
    done = score(games, "--jsonl", remote, "--csv", tmp_path / "remote.csv", "--method",
                 METHODS, "--dask", cluster.address)
    assert done.returncode == 1, done.stderr
    assert "counted 16 games, 2 errors" in done.stdout
    assert remote.read_bytes() == local.read_bytes()
    assert (tmp_path / "remote.csv").read_bytes() == (tmp_path / "local.csv").read_bytes()
    assert len(local.read_text().splitlines()) == 18


# -- matches ----------------------------------------------------------------------------------


def match_args(out: Path) -> list[str]:
    gnugo = gnugo_path()
    return ["--black", f"{gnugo} --mode gtp --level 1 --seed 1",
            "--white", f"{gnugo} --mode gtp --level 1 --seed 2",
            "--games", str(GAMES), "--size", "9", "--rules", "chinese", "--alternate",
            "--out", str(out)]


def start_match(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "gtp_weiqi", "match", *args], cwd=ROOT,
                            env=dict(os.environ, PYTHONPATH=str(ROOT), GTP_WEIQI_LANG="both"),
                            text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def finish(proc: subprocess.Popen[str]) -> str:
    try:
        out, err = proc.communicate(timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise
    assert proc.returncode == 0, err
    return out


TIMES = {"duration", "time", "cpu"}


def without_times(out: Path) -> dict[str, object]:
    """Everything a match wrote, with the times (and the date and host) taken out."""
    found: dict[str, object] = {}
    for path in sorted(out.iterdir()):
        text = path.read_text(encoding="utf-8")
        if path.name == "match.dat":
            lines = [line for line in text.splitlines()
                     if not line.startswith(("# Date:", "# Host:"))]
            found[path.name] = [re.sub(r"^((?:[^\t]*\t){7})(?:[^\t]*\t){4}", r"\1", line)
                                for line in lines]
        elif path.name == "summary.json":
            data = json.loads(text)
            data.pop("time_per_move", None)
            data.pop("times", None)
            found[path.name] = {k: v for k, v in data.items() if "time" not in k}
        elif path.name == "report.txt":  # seconds per move taken out
            found[path.name] = re.sub(r"\d+(?:\.\d+)? s\b", "T s", text)
        elif path.suffix == ".json":
            found[path.name] = {k: v for k, v in json.loads(text).items() if k not in TIMES}
        else:
            found[path.name] = re.sub(r"DT\[[^]]*\]", "", text)
    return found


@pytest.fixture(scope="module")
def local_match(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    out = tmp_path_factory.mktemp("local") / "match"
    finish(start_match(*match_args(out), "--workers", "2"))
    return without_times(out)


def test_a_gnugo_match_on_the_cluster_equals_the_local_one(cluster, local_match, tmp_path
                                                           ) -> None:
    out = tmp_path / "match"
    finish(start_match(*match_args(out), "--dask", cluster.address))
    remote = without_times(out)
    assert sorted(remote) == sorted(local_match)
    assert len([k for k in remote if k.endswith(".sgf")]) == GAMES
    assert remote == local_match


def test_a_worker_lost_mid_game_loses_no_game_and_repeats_none(cluster, local_match,
                                                               tmp_path) -> None:
    from distributed import Client

    out = tmp_path / "match"
    proc = start_match(*match_args(out), "--dask", cluster.address)
    try:
        with Client(cluster.address, timeout=10) as client:
            deadline = time.monotonic() + RUN_TIMEOUT
            victim = None
            while victim is None:
                assert time.monotonic() < deadline and proc.poll() is None, \
                    "the match ended before a worker could be killed in a game"
                busy = [address for address, keys in client.processing().items() if keys]
                started = list(out.glob("game-*.json"))
                if busy and started:  # one game is written, another is being played
                    pid_of = client.run(os.getpid)  # worker address -> process id
                    ours = {p.pid: p for p in cluster.workers}
                    victim = next(ours[pid_of[a]] for a in busy if pid_of.get(a) in ours)
                time.sleep(0.2)
            os.kill(victim.pid, signal.SIGKILL)
            victim.wait(timeout=30)
        finish(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    records = [json.loads(p.read_text()) for p in sorted(out.glob("game-*.json"))]
    assert sorted(r["game"] for r in records) == list(range(GAMES))
    rows = [line for line in (out / "match.dat").read_text().splitlines()
            if line[:1].isdigit()]
    assert sorted(int(row.split("\t")[0]) for row in rows) == list(range(GAMES))
    assert without_times(out) == local_match
