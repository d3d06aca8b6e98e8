"""Where `league-sim` plays a round's matches (issue 24; RULES.md D6.1 / DD-117, D6.2): one
interface, three ways.

    with make_executor(jobs=2) as ex:            # or dask="tcp://host:8786", dask_local=2
        for out in ex.map(play_task, tasks):     # the results in the order of `tasks`,
            ...                                  # each as soon as it and those before are in

* `SerialExecutor`: in this process, one task after another (--jobs 1).
* `ProcessExecutor(jobs)`: concurrent.futures.ProcessPoolExecutor with `jobs` processes, kept
  for the whole run (--jobs N, the default: the machine's cores).
* `DaskExecutor(address=None, local_workers=None)`: a dask.distributed Client on a scheduler
  the user started (--dask ADDRESS), or on a LocalCluster of `local_workers` worker processes
  of one thread each (--dask-local K). Dask is an optional extra (`pip install
  'squigbowl[dask]'`): imported only here, only when asked for; without it
  `ExecutorUnavailable` says so in one line.

A task and its result are plain JSON-able data (season_sim.py ships the two teams' JSON, the
seed, the options and the levels, and gets back the finished league match's save), and
`map` yields the results in task order, so what runs them never changes a figure. Every task
of a batch is handed out at once and the results are yielded as they arrive: the caller's own
work on the first (the league's replay of a finished match) overlaps the workers' on the rest.
"""

from __future__ import annotations

import os


class ExecutorUnavailable(RuntimeError):
    """The executor asked for cannot run here (dask missing, no scheduler at the address):
    one line for the command to print."""


def default_jobs() -> int:
    """--jobs by default: this machine's cores."""
    return os.cpu_count() or 1


class SerialExecutor:
    """Every task in this process, in order."""

    name = "serial"
    workers = 1

    def map(self, fn, tasks: list):
        """`fn(task)` of every task, in task order (an iterator)."""
        return (fn(task) for task in tasks)

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class ProcessExecutor(SerialExecutor):
    """A pool of `jobs` worker processes (concurrent.futures), started on first use and kept
    until `close`; a batch of one task runs here, without the round trip."""

    name = "processes"

    def __init__(self, jobs: int) -> None:
        if int(jobs) < 1:
            raise ValueError("--jobs must be at least 1")
        self.workers = int(jobs)
        self._pool = None

    def map(self, fn, tasks: list):
        if len(tasks) <= 1 or self.workers == 1:
            return super().map(fn, tasks)
        if self._pool is None:
            from concurrent.futures import ProcessPoolExecutor

            self._pool = ProcessPoolExecutor(max_workers=self.workers)
        return self._pool.map(fn, tasks)        # all submitted now, yielded in order

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


class DaskExecutor(SerialExecutor):
    """A dask.distributed Client: on the scheduler at `address`, or on a LocalCluster of
    `local_workers` processes this executor starts and stops."""

    name = "dask"

    def __init__(self, address: str | None = None, local_workers: int | None = None) -> None:
        if (address is None) == (local_workers is None):
            raise ValueError("dask: a scheduler's address or a number of local workers")
        if local_workers is not None and int(local_workers) < 1:
            raise ValueError("--dask-local must be at least 1")
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError:
            raise ExecutorUnavailable(
                "dask is not installed: pip install 'squigbowl[dask]' (or "
                "'dask[distributed]') for --dask and --dask-local") from None
        self._cluster = None
        if local_workers is not None:
            self.workers = int(local_workers)
            import logging

            # this machine only: the scheduler, the workers and their HTTP ports on loopback
            self._cluster = LocalCluster(n_workers=self.workers, threads_per_worker=1,
                                         processes=True, host="127.0.0.1",
                                         dashboard_address="127.0.0.1:0",
                                         silence_logs=logging.CRITICAL)
            self.client = Client(self._cluster)
        else:
            try:
                self.client = Client(address, timeout=10)
            except Exception as exc:          # dask's own kinds too: one line, whatever it is
                raise ExecutorUnavailable(f"no dask scheduler at {address}: "
                                          f"{str(exc)[:120]}") from None
            self.workers = max(1, len(self.client.scheduler_info().get("workers", {})))

    def map(self, fn, tasks: list):
        futures = self.client.map(fn, tasks, pure=False) if tasks else []
        return (future.result() for future in futures)

    def close(self) -> None:
        client, cluster = getattr(self, "client", None), self._cluster
        self.client = self._cluster = None
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()


def make_executor(jobs: int | None = None, dask: str | None = None,
                  dask_local: int | None = None):
    """The executor the command line asks for: --dask ADDRESS, --dask-local K, else --jobs N
    (default: the machine's cores; 1 runs in this process)."""
    if dask is not None or dask_local is not None:
        return DaskExecutor(address=dask, local_workers=dask_local)
    jobs = default_jobs() if jobs is None else int(jobs)
    if jobs < 1:
        raise ValueError("--jobs must be at least 1")
    return SerialExecutor() if jobs == 1 else ProcessExecutor(jobs)
