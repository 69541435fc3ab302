"""bug_heldout18's programs, faults (one root cause each) and runs (one test of the program's own pytest suite)."""

from __future__ import annotations

from fault_runner import App, Fault, Run

WP = App(
    "workpool", "threading", "stdlib threading/queue (a worker pool on queue.Queue, a bounded buffer on a Condition)"
)
FO = App("fanout", "concurrent.futures", "stdlib concurrent.futures (ThreadPoolExecutor, ProcessPoolExecutor)")
MP = App("mpstats", "multiprocessing", "stdlib multiprocessing (Pool, Process, Value, Lock, Pipe, Queue)")
PL = App("pipeline", "threading", "stdlib threading/queue/sched (staged pipeline, writer thread, Barrier, sched)")

_FAULTS = [
    # workpool (threading, queue.Queue, Lock, Event, Condition)
    Fault(
        "wp_skip_without_task_done",
        WP,
        "                self.jobs.task_done()\n                continue\n",
        "                continue\n",
        "queue.get without task_done on a skip path",
    ),
    Fault(
        "wp_narrow_except",
        WP,
        "        except Exception as exc:\n            with self.lock:",
        "        except (ValueError, TypeError) as exc:\n            with self.lock:",
        "worker catches too little",
    ),
    Fault(
        "wp_sentinel_count",
        WP,
        "for _ in range(self.workers):\n            self.jobs.put(_STOP)",
        "for _ in range(self.workers - 1):\n            self.jobs.put(_STOP)",
        "wrong sentinel count",
    ),
    Fault(
        "wp_shared_done_lists",
        WP,
        "[[] for _ in range(workers)]",
        "[[]] * workers",
        "one list shared by every worker",
    ),
    Fault(
        "wp_cause_lost",
        WP,
        "from pool.exceptions[first.index]",
        "from None",
        "exception cause dropped",
    ),
    Fault("wp_last_error", WP, "pool.sorted_errors()[0]", "pool.sorted_errors()[-1]", "wrong end of a list"),
    Fault("wp_index_from_one", WP, "enumerate(args):", "enumerate(args, 1):", "off-by-one index"),
    Fault(
        "wb_capacity_off_by_one",
        WP,
        "len(self.items) < self.capacity",
        "len(self.items) <= self.capacity",
        "off-by-one bound",
    ),
    Fault(
        "wb_get_ignores_timeout",
        WP,
        "                if not self.cond.wait_for(lambda: self.items or self.closed, timeout):\n"
        '                    raise TimeoutError("buffer empty")\n',
        "                self.cond.wait_for(lambda: self.items or self.closed, timeout)\n",
        "wait_for's result ignored",
    ),
    Fault(
        "wb_close_no_notify",
        WP,
        "self.closed = True\n            self.cond.notify_all()\n",
        "self.closed = True\n",
        "condition not notified",
    ),
    # fanout (concurrent.futures)
    Fault(
        "fo_gather_narrow_except",
        FO,
        "            except Exception as exc:\n                out.errors[key]",
        "            except ValueError as exc:\n                out.errors[key]",
        "wrong exception caught around result()",
    ),
    Fault(
        "fo_gather_future_not_result",
        FO,
        "out.values[key] = future.result()",
        "out.values[key] = future",
        "future stored instead of its result",
    ),
    Fault(
        "fo_first_ok_narrow",
        FO,
        "except (OSError, ValueError) as exc:",
        "except ValueError as exc:",
        "wrong exception caught around result()",
    ),
    Fault(
        "fo_first_ok_broad",
        FO,
        "except (OSError, ValueError) as exc:",
        "except Exception as exc:",
        "exception caught too broadly",
    ),
    Fault("fo_chunk_slice", FO, "items[i : i + size]", "items[i : i + size - 1]", "off-by-one slice"),
    Fault(
        "fo_lambda_to_pool",
        FO,
        "job = functools.partial(_scale, factor)",
        "job = lambda x: _scale(factor, x)  # noqa: E731",
        "local lambda sent to a process pool",
    ),
    Fault(
        "fo_module_lambda",
        FO,
        "def _square_sum(chunk: Sequence[int]) -> int:\n    return sum(x * x for x in chunk)\n",
        "_square_sum = lambda chunk: sum(x * x for x in chunk)  # noqa: E731\n",
        "module-level lambda sent to a process pool",
    ),
    Fault(
        "fo_wrong_timeout_class",
        FO,
        "    except TimeoutError:\n        return False, None",
        "    except multiprocessing.TimeoutError:\n        return False, None",
        "wrong TimeoutError class",
    ),
    Fault(
        "fo_broken_pool_uncaught",
        FO,
        "except BrokenProcessPool:",
        "except BrokenPipeError:",
        "wrong exception caught around result()",
    ),
    Fault(
        "fo_roots_skip_failed",
        FO,
        "[round(f.result(timeout=30), 6) for f in futures]",
        "[round(f.result(timeout=30), 6) for f in futures if not f.exception(timeout=30)]",
        "failed futures dropped instead of re-raised",
    ),
    # mpstats (multiprocessing)
    Fault("mp_counter_union", MP, "total.update(part)", "total |= part", "Counter union instead of sum"),
    Fault("mp_map_not_starmap", MP, "pool.starmap(_weighted, pairs)", "pool.map(_weighted, pairs)", "map for starmap"),
    Fault(
        "mp_local_lambda",
        MP,
        "pool.map(functools.partial(_add, offset), values)",
        "pool.map(lambda x: _add(offset, x), values)",
        "local lambda sent to a process pool",
    ),
    Fault(
        "mp_lock_not_released",
        MP,
        "        lock.acquire()\n        try:\n"
        '            if amount < 0:\n                raise ValueError(f"negative amount: {amount}")\n'
        "            total.value += amount\n        finally:\n            lock.release()\n",
        "        lock.acquire()\n"
        '        if amount < 0:\n            raise ValueError(f"negative amount: {amount}")\n'
        "        total.value += amount\n        lock.release()\n",
        "lock not released on an error path",
    ),
    Fault("mp_pipe_no_sentinel", MP, "    parent.send(None)\n", "", "missing sentinel"),
    Fault("mp_falsy_sentinel", MP, "if msg is None:", "if not msg:", "falsy value taken for the sentinel"),
    Fault(
        "mp_queue_sentinel_count",
        MP,
        "for _ in range(workers):\n        job_queue.put(None)",
        "for _ in range(workers - 1):\n        job_queue.put(None)",
        "wrong sentinel count",
    ),
    # pipeline (threading, queue, Barrier, sched)
    Fault(
        "pl_sentinels_own_workers",
        PL,
        "after = self.stages[i + 1].workers if",
        "after = self.stages[i].workers if",
        "wrong sentinel count",
    ),
    Fault(
        "pl_error_without_type",
        PL,
        'self.errors.append((stage.name, item, f"{type(exc).__name__}: {exc}"))',
        "self.errors.append((stage.name, item, str(exc)))",
        "error text loses its type",
    ),
    Fault("pl_missing_flush", PL, "        self.fh.flush()\n", "", "missing flush"),
    Fault(
        "pl_writer_no_task_done",
        PL,
        "self.count += 1\n            self.lines.task_done()\n",
        "self.count += 1\n",
        "queue.get without task_done",
    ),
    Fault(
        "pl_barrier_parties",
        PL,
        "threading.Barrier(workers, action=merge",
        "threading.Barrier(workers + 1, action=merge",
        "wrong barrier party count",
    ),
    Fault("pl_slice_floor", PL, "size = -(-len(values) // workers)", "size = len(values) // workers", "floor for ceil"),
    Fault("pl_ticker_times", PL, "if times > 1:", "if times > 0:", "off-by-one count"),
    Fault(
        "pl_ticker_enterabs",
        PL,
        "self.scheduler.enter(interval, priority",
        "self.scheduler.enterabs(interval, priority",
        "absolute for relative time",
    ),
]
FAULTS = {f.name: f for f in _FAULTS}

RUNS = [
    Run(
        FAULTS["wp_skip_without_task_done"],
        "test_cancel_skips_pending_jobs",
        "AssertionError",
        "drain after cancel, skipped jobs never marked done",
    ),
    Run(
        FAULTS["wp_narrow_except"],
        "test_worker_survives_any_exception",
        "AssertionError",
        "a ZeroDivisionError kills a worker, drain",
    ),
    Run(
        FAULTS["wp_narrow_except"],
        "test_run_all_zero_division",
        "TimeoutError",
        "a ZeroDivisionError kills a worker, run_all",
    ),
    Run(
        FAULTS["wp_sentinel_count"], "test_errors_kept_apart_from_results", "AssertionError", "shutdown of two workers"
    ),
    Run(FAULTS["wp_sentinel_count"], "test_drain_and_shutdown", "AssertionError", "shutdown after drain"),
    Run(
        FAULTS["wp_sentinel_count"],
        "test_cancel_skips_pending_jobs",
        "AssertionError",
        "shutdown of one worker after cancel",
    ),
    Run(
        FAULTS["wp_shared_done_lists"],
        "test_errors_kept_apart_from_results",
        "AssertionError",
        "per-worker job lists, counted",
    ),
    Run(FAULTS["wp_shared_done_lists"], "test_drain_and_shutdown", "AssertionError", "per-worker job lists, merged"),
    Run(FAULTS["wp_cause_lost"], "test_run_all_reports_first_error", "AssertionError", "JobFailed's __cause__"),
    Run(
        FAULTS["wp_last_error"],
        "test_run_all_reports_first_error",
        "AssertionError",
        "run_all picks the failed job to report",
    ),
    Run(FAULTS["wp_index_from_one"], "test_run_all_keeps_order", "KeyError", "run_all collects results by index"),
    Run(
        FAULTS["wp_index_from_one"],
        "test_run_all_reports_first_error",
        "AssertionError",
        "run_all names the failed job's index",
    ),
    Run(
        FAULTS["wp_index_from_one"],
        "test_run_all_zero_division",
        "AssertionError",
        "run_all names the failed job's index, pytest.raises match",
    ),
    Run(FAULTS["wb_capacity_off_by_one"], "test_buffer_full_put_times_out", "Failed", "put on a full buffer"),
    Run(FAULTS["wb_get_ignores_timeout"], "test_buffer_empty_get_times_out", "Failed", "get on an empty buffer"),
    Run(
        FAULTS["wb_get_ignores_timeout"],
        "test_drain_buffer_times_out_while_open",
        "Failed",
        "repeated get on an open buffer",
    ),
    Run(
        FAULTS["wb_close_no_notify"], "test_close_wakes_blocked_getter", "AssertionError", "close while a getter waits"
    ),
    Run(
        FAULTS["fo_gather_narrow_except"],
        "test_gather_splits_values_and_errors",
        "KeyError",
        "gather, a job raising KeyError",
    ),
    Run(
        FAULTS["fo_gather_narrow_except"],
        "test_gather_missing_keys",
        "KeyError",
        "gather, one worker, a job raising KeyError",
    ),
    Run(
        FAULTS["fo_gather_future_not_result"],
        "test_gather_splits_values_and_errors",
        "AssertionError",
        "gather's values, with failures",
    ),
    Run(FAULTS["fo_gather_future_not_result"], "test_gather_all_ok", "AssertionError", "gather's values, no failures"),
    Run(FAULTS["fo_first_ok_narrow"], "test_first_ok_skips_failures", "FileNotFoundError", "first_ok past an OSError"),
    Run(
        FAULTS["fo_first_ok_narrow"],
        "test_first_ok_all_failed",
        "FileNotFoundError",
        "first_ok, every candidate failing",
    ),
    Run(
        FAULTS["fo_first_ok_broad"],
        "test_first_ok_does_not_hide_bugs",
        "AllFailed",
        "first_ok with a TypeError in the job",
    ),
    Run(FAULTS["fo_chunk_slice"], "test_chunked", "AssertionError", "chunked directly"),
    Run(FAULTS["fo_chunk_slice"], "test_sum_of_squares", "AssertionError", "chunks sent to the process pool"),
    Run(FAULTS["fo_lambda_to_pool"], "test_scale_all", "AttributeError", "ProcessPoolExecutor.map of a local lambda"),
    Run(
        FAULTS["fo_lambda_to_pool"],
        "test_scale_all_many",
        "AttributeError",
        "ProcessPoolExecutor.map of a local lambda, more items",
    ),
    Run(
        FAULTS["fo_module_lambda"],
        "test_sum_of_squares",
        "PicklingError",
        "ProcessPoolExecutor.map of a module-level lambda",
    ),
    Run(
        FAULTS["fo_wrong_timeout_class"],
        "test_with_deadline_fast_and_slow",
        "TimeoutError",
        "future.result(timeout) of a slow call",
    ),
    Run(
        FAULTS["fo_broken_pool_uncaught"],
        "test_guarded_map_survives_a_crash",
        "BrokenProcessPool",
        "a worker process exits mid-task",
    ),
    Run(FAULTS["fo_roots_skip_failed"], "test_roots_negative_reraises", "Failed", "a failed process-pool future"),
    Run(FAULTS["mp_counter_union"], "test_word_counts", "AssertionError", "merging Pool.map's counters"),
    Run(
        FAULTS["mp_counter_union"],
        "test_word_counts_repeated_text",
        "AssertionError",
        "merging Pool.map's counters, a repeated text",
    ),
    Run(
        FAULTS["mp_map_not_starmap"],
        "test_weighted_total",
        "TypeError",
        "Pool.map of tuples to a two-argument function",
    ),
    Run(
        FAULTS["mp_map_not_starmap"],
        "test_weighted_total_negative_weight",
        "TypeError",
        "Pool.map of tuples, the ValueError test",
    ),
    Run(FAULTS["mp_local_lambda"], "test_offsets", "AttributeError", "Pool.map of a local lambda"),
    Run(
        FAULTS["mp_lock_not_released"],
        "test_shared_tally_after_a_failed_worker",
        "TimeoutError",
        "a worker process fails holding the lock",
    ),
    Run(FAULTS["mp_pipe_no_sentinel"], "test_pipe_squares", "AssertionError", "the Pipe worker is never told to stop"),
    Run(
        FAULTS["mp_pipe_no_sentinel"],
        "test_pipe_squares_with_zero",
        "AssertionError",
        "the Pipe worker is never told to stop, a zero",
    ),
    Run(FAULTS["mp_falsy_sentinel"], "test_pipe_squares_with_zero", "EOFError", "the Pipe worker stops at a zero"),
    Run(FAULTS["mp_queue_sentinel_count"], "test_queue_collect", "AssertionError", "Queue workers, one sentinel short"),
    Run(
        FAULTS["mp_queue_sentinel_count"],
        "test_queue_collect_more_workers_than_jobs",
        "AssertionError",
        "Queue workers, idle ones, one sentinel short",
    ),
    Run(
        FAULTS["pl_sentinels_own_workers"],
        "test_pipeline_two_stages",
        "TimeoutError",
        "two stages, more workers downstream",
    ),
    Run(
        FAULTS["pl_sentinels_own_workers"],
        "test_pipeline_three_stages_uneven_workers",
        "TimeoutError",
        "three stages of 3, 1, 2 workers",
    ),
    Run(
        FAULTS["pl_error_without_type"],
        "test_pipeline_records_errors_and_goes_on",
        "AssertionError",
        "recorded stage errors",
    ),
    Run(FAULTS["pl_missing_flush"], "test_recorder_flush", "AssertionError", "the file read after flush()"),
    Run(
        FAULTS["pl_missing_flush"], "test_recorder_flush_twice", "AssertionError", "the file read after flush(), twice"
    ),
    Run(FAULTS["pl_writer_no_task_done"], "test_recorder_flush", "TimeoutError", "flush waits for the writer thread"),
    Run(FAULTS["pl_barrier_parties"], "test_run_phases", "RuntimeError", "two workers at the barrier"),
    Run(FAULTS["pl_barrier_parties"], "test_run_phases_uneven_slices", "RuntimeError", "three workers at the barrier"),
    Run(
        FAULTS["pl_slice_floor"],
        "test_run_phases_uneven_slices",
        "AssertionError",
        "each worker's slice of five numbers",
    ),
    Run(FAULTS["pl_ticker_times"], "test_ticker_interleaves_jobs", "AssertionError", "periodic jobs re-scheduled"),
    Run(
        FAULTS["pl_ticker_times"],
        "test_ticker_priority_breaks_ties",
        "AssertionError",
        "periodic jobs with priorities re-scheduled",
    ),
    Run(
        FAULTS["pl_ticker_enterabs"],
        "test_ticker_interleaves_jobs",
        "AssertionError",
        "periodic jobs re-scheduled at a time",
    ),
    Run(
        FAULTS["pl_ticker_enterabs"],
        "test_ticker_until_drops_later_runs",
        "AssertionError",
        "periodic job re-scheduled, until",
    ),
]
