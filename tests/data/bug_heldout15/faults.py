"""bug_heldout15's applications, faults (one root cause each) and runs (one test of the application's suite each)."""

from __future__ import annotations

from fault_runner import App, Fault, Run

CATALOG = App(
    "catalog_api",
    "catalog_api",
    "starlette",
    "Starlette 0.41.3 (BSD-3-Clause), tested through httpx "
    "0.28.1 (BSD-3-Clause) AsyncClient and ASGITransport with anyio's pytest plugin (anyio: MIT)",
)
POOL = App(
    "job_pool",
    "job_pool",
    "anyio",
    "anyio 4.7.0 (MIT) task groups and memory object streams, tested with anyio's pytest plugin",
)
ORDERS = App(
    "orders_repo", "orders_repo", "aiosqlite", "aiosqlite 0.20.0 (MIT), tested with pytest-asyncio 0.24.0 (Apache-2.0)"
)
LINKS = App(
    "shortlink",
    "shortlink",
    "aiohttp",
    "aiohttp 3.11.11 (Apache-2.0), server and client on localhost, tested with pytest-aiohttp 1.0.5 (Apache-2.0)",
)
TICKER = App(
    "ticker_pipeline",
    "ticker_pipeline",
    "trio",
    "trio 0.27.0 (MIT or Apache-2.0) nurseries and memory channels, tested with pytest-trio 0.8.0 (MIT or Apache-2.0)",
)
APPS = [CATALOG, POOL, ORDERS, LINKS, TICKER]

_FAULTS = [
    # catalog_api (Starlette + httpx)
    Fault("catalog_get_not_awaited", CATALOG, "item = await store_of(request).get(", "item = store_of(request).get(",
          "missing await"),
    Fault("catalog_lock_per_call", CATALOG, "async with self.lock:", "async with asyncio.Lock():",
          "a fresh lock per call: the read-modify-write of the next id races"),
    Fault("catalog_created_status", CATALOG, "JSONResponse(item, status_code=201)",
          "JSONResponse(item, status_code=200)", "wrong status code"),
    Fault("catalog_page_offset", CATALOG, "start = (page - 1) * size", "start = page * size",
          "off-by-one page offset"),
    Fault("catalog_gather_unpacked", CATALOG, "asyncio.gather(*(store_of(request)", "asyncio.gather((store_of(request)",
          "wrong await target: a generator given to gather"),
    # job_pool (anyio)
    Fault("pool_timeout_unit", POOL, "anyio.fail_after(self.timeout_ms / 1000)", "anyio.fail_after(self.timeout_ms)",
          "wrong timeout unit (milliseconds as seconds)"),
    Fault("pool_error_too_narrow", POOL, "except (OSError, TimeoutError):",
          "except (ConnectionRefusedError, TimeoutError):", "wrong exception caught (too narrow)"),
    Fault("pool_retry_range", POOL, "range(1, self.retries + 2)", "range(1, self.retries + 1)",
          "off-by-one retry count"),
    Fault("pool_send_not_awaited", POOL, "await send.send((key, job))", "send.send((key, job))", "missing await"),
    Fault("pool_rest_not_cancelled", POOL, "            tg.cancel_scope.cancel()\n", "",
          "the remaining tasks are not cancelled"),
    # orders_repo (aiosqlite)
    Fault("orders_fetchone_not_awaited", ORDERS, "row = await cur.fetchone()", "row = cur.fetchone()",
          "missing await"),
    Fault("orders_wrong_error_caught", ORDERS, "except sqlite3.IntegrityError as exc:",
          "except sqlite3.OperationalError as exc:", "wrong exception caught"),
    Fault("orders_order_not_committed", ORDERS,
          "(customer_id, total_cents)\n        )\n        await self.db.commit()\n",
          "(customer_id, total_cents)\n        )\n", "missing commit"),
    Fault("orders_status_default", ORDERS, 'status: str = "open"', 'status: str = "pending"', "wrong default"),
    Fault("orders_fetchone_for_fetchall", ORDERS, "rows = await cur.fetchall()", "rows = await cur.fetchone()",
          "wrong await target (one row for all)"),
    Fault("orders_email_not_lowered", ORDERS, "(email.lower(), name)", "(email, name)",
          "normalisation missing on insert"),
    # shortlink (aiohttp)
    Fault("link_json_not_awaited", LINKS, "data = await request.json()", "data = request.json()", "missing await"),
    Fault("link_created_status", LINKS, '{"code": code, "url": url}, status=201)', '{"code": code, "url": url})',
          "wrong status code (default 200)"),
    Fault("link_moved_permanently", LINKS, "raise web.HTTPFound(url)", "raise web.HTTPMovedPermanently(url)",
          "wrong redirect status"),
    Fault("link_hits_default", LINKS, "request.app[HITS].get(code, 0) + 1", "request.app[HITS].get(code, 1) + 1",
          "wrong default: off by one"),
    Fault("link_stats_inverted", LINKS, "if code not in request.app[LINKS]:\n        raise web.HTTPNotFound(text=f\"no "
          "link {code}\")\n    return web.json_response({\"code\": code, \"hits\"", "if code in request.app[LINKS]:\n"
          "        raise web.HTTPNotFound(text=f\"no link {code}\")\n    return web.json_response({\"code\": code, "
          "\"hits\"", "inverted condition"),
    Fault("link_gather_unpacked", LINKS, "asyncio.gather(*(self.shorten", "asyncio.gather((self.shorten",
          "wrong await target: a generator given to gather"),
    # ticker_pipeline (trio)
    Fault("ticker_wrong_error_caught", TICKER, "except BadRecord:", "except TypeError:", "wrong exception caught"),
    Fault("ticker_heartbeat_not_cancelled", TICKER, "        outer.cancel_scope.cancel()\n", "",
          "a background task not cancelled"),
    Fault("ticker_send_not_awaited", TICKER, "await send.send(parse(line))", "send.send(parse(line))",
          "missing await"),
    Fault("ticker_sales_rejected", TICKER, 'qty.strip().lstrip("-").isdigit()', "qty.strip().isdigit()",
          "validation rejects negative numbers"),
    Fault("ticker_no_parsers_default", TICKER, "parsers: int = 2", "parsers: int = 0", "wrong default"),
]  # fmt: skip
FAULTS = {f.name: f for f in _FAULTS}


def _r(fault: str, test: str, expect: str, callsite: str) -> Run:
    return Run(FAULTS[fault], test, expect, callsite)


RUNS = [
    _r("catalog_get_not_awaited", "test_get_item", "TypeError", "GET /items/2 through httpx's ASGI transport"),
    _r("catalog_get_not_awaited", "test_get_missing_item_is_404", "TypeError", "GET of an unknown item id"),
    _r(
        "catalog_lock_per_call",
        "test_concurrent_creates_get_distinct_ids",
        "AssertionError",
        "five POSTs at once with asyncio.gather",
    ),
    _r("catalog_created_status", "test_create_item", "AssertionError", "POST /items, status checked"),
    _r("catalog_created_status", "test_second_page", "AssertionError", "the suite's add helper before a page GET"),
    _r("catalog_created_status", "test_price_total", "AssertionError", "the suite's add helper before a total GET"),
    _r("catalog_page_offset", "test_second_page", "AssertionError", "GET /items?page=2&size=2"),
    _r("catalog_page_offset", "test_first_page_default_size", "AssertionError", "GET /items without paging"),
    _r("catalog_gather_unpacked", "test_price_total", "RuntimeError", "GET /items/total?ids=1,2"),
    _r("pool_timeout_unit", "test_retries_a_timed_out_attempt", "AssertionError", "a first attempt slower than 50 ms"),
    _r("pool_error_too_narrow", "test_retries_a_flaky_job", "ExceptionGroup", "a job raising ConnectionError twice"),
    _r(
        "pool_error_too_narrow",
        "test_gives_up_after_retries",
        "AssertionError",
        "ExceptionGroup.group_contains(JobFailed)",
    ),
    _r("pool_retry_range", "test_retries_a_flaky_job", "AssertionError", "a job raising ConnectionError twice"),
    _r("pool_retry_range", "test_gives_up_after_retries", "Failed", "pytest.raises(ExceptionGroup)"),
    _r("pool_send_not_awaited", "test_runs_every_job", "AssertionError", "Pool.run of five jobs"),
    _r("pool_send_not_awaited", "test_workers_run_concurrently", "AssertionError", "the pool's peak of busy workers"),
    _r("pool_send_not_awaited", "test_fast_jobs_finish_within_timeout", "AssertionError", "Pool.run of two fast jobs"),
    _r(
        "pool_rest_not_cancelled",
        "test_first_result_cancels_the_rest",
        "AssertionError",
        "first_result, then the jobs that finished",
    ),
    _r(
        "pool_rest_not_cancelled",
        "test_first_result_returns_quickly",
        "TimeoutError",
        "first_result under anyio.fail_after",
    ),
    _r("orders_fetchone_not_awaited", "test_add_and_find_customer", "TypeError", "Repo.customer of a known email"),
    _r(
        "orders_fetchone_not_awaited", "test_unknown_customer_is_none", "TypeError", "Repo.customer of an unknown email"
    ),
    _r("orders_wrong_error_caught", "test_duplicate_email", "IntegrityError", "add_customer twice, other case"),
    _r("orders_order_not_committed", "test_orders_survive_reopen", "AssertionError", "close, reopen, list orders"),
    _r("orders_status_default", "test_open_orders_in_order", "AssertionError", "Repo.orders with its default"),
    _r("orders_status_default", "test_orders_are_per_customer", "AssertionError", "Repo.orders of two customers"),
    _r("orders_fetchone_for_fetchall", "test_open_orders_in_order", "TypeError", "Repo.orders of two orders"),
    _r("orders_fetchone_for_fetchall", "test_ship_moves_order", "TypeError", "Repo.orders after shipping"),
    _r("orders_fetchone_for_fetchall", "test_orders_survive_reopen", "TypeError", "Repo.orders after a reopen"),
    _r("orders_email_not_lowered", "test_add_and_find_customer", "AssertionError", "mixed-case email, then lookup"),
    _r("orders_email_not_lowered", "test_duplicate_email", "Failed", "pytest.raises(DuplicateEmail)"),
    _r("link_json_not_awaited", "test_shorten", "LinkError", "POST /links to the aiohttp test server"),
    _r("link_json_not_awaited", "test_shorten_rejects_other_schemes", "AssertionError", "pytest.raises(match=400)"),
    _r("link_json_not_awaited", "test_resolve", "LinkError", "shorten, then resolve"),
    _r("link_created_status", "test_shorten", "LinkError", "POST /links, status checked by the client"),
    _r("link_created_status", "test_hits_count_redirects", "LinkError", "shorten before counting hits"),
    _r("link_moved_permanently", "test_resolve", "LinkError", "GET /<code> without following redirects"),
    _r("link_moved_permanently", "test_shorten_many", "LinkError", "resolve after shorten_many"),
    _r("link_hits_default", "test_hits_count_redirects", "AssertionError", "three redirects, then the stats"),
    _r("link_stats_inverted", "test_hits_count_redirects", "LinkError", "GET /<code>/stats of a known code"),
    _r("link_stats_inverted", "test_stats_unknown", "Failed", "pytest.raises(LinkError) for an unknown code"),
    _r("link_gather_unpacked", "test_shorten_many", "RuntimeError", "shorten_many of four urls"),
    _r("ticker_wrong_error_caught", "test_bad_lines_are_rejected", "ExceptionGroup", "a malformed line in the input"),
    _r(
        "ticker_heartbeat_not_cancelled",
        "test_heartbeat_stops_with_pipeline",
        "ExceptionGroup",
        "run_pipeline under trio.fail_after",
    ),
    _r("ticker_heartbeat_not_cancelled", "test_empty_input", "ExceptionGroup", "run_pipeline of no lines"),
    _r("ticker_send_not_awaited", "test_totals_per_symbol", "ExceptionGroup", "run_pipeline of three trades"),
    _r("ticker_send_not_awaited", "test_many_trades_one_symbol", "ExceptionGroup", "3 parsers, 4 aggregators"),
    _r("ticker_sales_rejected", "test_parse", "BadRecord", "parse of a negative quantity"),
    _r("ticker_sales_rejected", "test_sales_are_subtracted", "ExceptionGroup", "run_pipeline with sales"),
    _r("ticker_no_parsers_default", "test_totals_per_symbol", "ExceptionGroup", "run_pipeline with default parsers"),
    _r(
        "ticker_no_parsers_default",
        "test_heartbeat_stops_with_pipeline",
        "ExceptionGroup",
        "run_pipeline with default parsers and a heartbeat",
    ),
]
