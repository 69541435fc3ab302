"""bug_heldout16's modules, faults (one root cause each) and runs (one test or doctest item of the module's checks)."""

from __future__ import annotations

from fault_runner import App, Fault, Run

SALES = App("sales_report", "pandas", "pandas 2.2.3 (BSD-3-Clause), checked with pandas.testing in a pytest suite")
SIGNAL = App("signal_ops", "numpy", "numpy 2.1.3 (BSD-3-Clause), checked with numpy.testing in a pytest suite")
TEXT = App(
    "textkit", "doctest", "pure Python (re), checked by the doctests in its docstrings under pytest --doctest-modules"
)
SEQ = App(
    "seqtools",
    "hypothesis",
    "pure Python, checked by hypothesis 6.122.3 (MPL-2.0, used as a tool only) property tests, derandomized",
)
SHIFTS = App(
    "shifts", "zoneinfo", "the standard library's datetime and zoneinfo with the tzdata 2024.2 wheel (Apache-2.0)"
)

_FAULTS = [
    # sales_report (pandas)
    Fault("sales_dedup_keeps_first", SALES, 'keep="last"', 'keep="first"', "wrong duplicate kept"),
    Fault("sales_mutates_caller_frame", SALES, "df = raw.copy()", "df = raw", "in-place change of the caller's frame"),
    Fault("sales_totals_ascending", SALES, "ascending=[False, True]", "ascending=[True, True]", "wrong sort order"),
    Fault(
        "sales_rolling_no_min_periods",
        SALES,
        ".rolling(window, min_periods=1)",
        ".rolling(window)",
        "NaN at the start of a rolling window",
    ),
    Fault(
        "sales_reindex_leaves_nan",
        SALES,
        "per_day.reindex(full, fill_value=0.0)",
        "per_day.reindex(full)",
        "missing days left as NaN",
    ),
    Fault("sales_merge_inner", SALES, 'on="customer", how="left"', 'on="customer", how="inner"', "wrong join how"),
    Fault(
        "sales_pivot_mean", SALES, 'aggfunc="sum", fill_value=0', 'aggfunc="mean", fill_value=0', "wrong aggregation"
    ),
    # signal_ops (numpy)
    Fault(
        "np_window_slice",
        SIGNAL,
        "(c[window:] - c[:-window])",
        "(c[window - 1 :] - c[:-window])",
        "off-by-one window slice",
    ),
    Fault(
        "np_norm_axis",
        SIGNAL,
        "np.linalg.norm(m, axis=1, keepdims=True)",
        "np.linalg.norm(m, axis=0, keepdims=True)",
        "wrong axis",
    ),
    Fault(
        "np_norm_no_keepdims",
        SIGNAL,
        "np.linalg.norm(m, axis=1, keepdims=True)",
        "np.linalg.norm(m, axis=1)",
        "lost dimension: broadcasting against the wrong axis",
    ),
    Fault(
        "np_fit_vstack",
        SIGNAL,
        "np.column_stack([x, np.ones(len(x))])",
        "np.vstack([x, np.ones(len(x))])",
        "design matrix transposed",
    ),
    Fault(
        "np_pairwise_axes", SIGNAL, "a[:, None, :] - b[None, :, :]", "a[:, None, :] - b[:, None, :]", "wrong new axis"
    ),
    Fault("np_hist_side", SIGNAL, 'side="right"', 'side="left"', "bin edge on the wrong side"),
    # textkit (doctests)
    Fault("text_slug_not_stripped", TEXT, '.strip("-")', "", "missing strip"),
    Fault("text_duration_one_digit", TEXT, r'r"(\d+)\s*([dhms])"', r'r"(\d)\s*([dhms])"', "regex quantifier missing"),
    Fault("text_pairs_split_all", TEXT, 'part.split("=", 1)', 'part.split("=")', "split without maxsplit"),
    Fault(
        "text_fields_ignore_quotes", TEXT, "elif ch == sep and not quoted:", "elif ch == sep:", "quote state ignored"
    ),
    Fault(
        "text_wrap_strict_width",
        TEXT,
        "len(current) + 1 + len(word) <= width",
        "len(current) + 1 + len(word) < width",
        "off-by-one width",
    ),
    Fault(
        "text_counts_reversed_ties",
        TEXT,
        "sorted(counts.items(), key=lambda kv: -kv[1])",
        "sorted(counts.items(), key=lambda kv: kv[1])[::-1]",
        "sort stability lost",
    ),
    # seqtools (hypothesis)
    Fault(
        "seq_merge_strict_touch",
        SEQ,
        "if merged and start <= merged[-1][1]:",
        "if merged and start < merged[-1][1]:",
        "strict comparison",
    ),
    Fault(
        "seq_merge_end_not_max",
        SEQ,
        "(merged[-1][0], max(merged[-1][1], end))",
        "(merged[-1][0], end)",
        "end not kept at its maximum",
    ),
    Fault(
        "seq_merge_unsorted",
        SEQ,
        "for start, end in sorted(intervals):",
        "for start, end in intervals:",
        "input not sorted",
    ),
    Fault("seq_rle_zero_start", SEQ, "runs.append((item, 1))", "runs.append((item, 0))", "off-by-one initial count"),
    Fault(
        "seq_median_floor_div",
        SEQ,
        "return (ordered[mid - 1] + ordered[mid]) / 2",
        "return (ordered[mid - 1] + ordered[mid]) // 2",
        "integer division",
    ),
    Fault(
        "seq_sort_reversed",
        SEQ,
        "sorted(records, key=lambda r: -key(r))",
        "sorted(records, key=key)[::-1]",
        "sort stability lost",
    ),
    # shifts (datetime + zoneinfo)
    Fault("dt_naive_kept", SHIFTS, "return stamp.replace(tzinfo=UTC)", "return stamp", "naive datetime kept"),
    Fault(
        "dt_local_day_utc",
        SHIFTS,
        "stamp.astimezone(ZoneInfo(tz)).date()",
        "stamp.date()",
        "day taken in UTC, not the local zone",
    ),
    Fault("dt_business_isoweekday", SHIFTS, ".weekday() < 5", ".isoweekday() < 5", "weekday numbering"),
    Fault("dt_month_index", SHIFTS, "index % 12 + 1", "index % 12", "off-by-one month"),
    Fault(
        "dt_week_isoweekday",
        SHIFTS,
        "timedelta(days=day.weekday())",
        "timedelta(days=day.isoweekday())",
        "weekday numbering",
    ),
]
FAULTS = {f.name: f for f in _FAULTS}

RUNS = [
    Run(FAULTS["sales_dedup_keeps_first"], "test_clean_orders_types_and_dedup", "AssertionError", "clean_orders"),
    Run(FAULTS["sales_dedup_keeps_first"], "test_region_totals", "AssertionError", "region_totals after clean_orders"),
    Run(
        FAULTS["sales_dedup_keeps_first"], "test_units_by_month", "AssertionError", "units_by_month after clean_orders"
    ),
    Run(
        FAULTS["sales_mutates_caller_frame"],
        "test_clean_orders_leaves_input_alone",
        "AssertionError",
        "clean_orders on the caller's frame",
    ),
    Run(FAULTS["sales_totals_ascending"], "test_region_totals", "AssertionError", "region_totals"),
    Run(FAULTS["sales_totals_ascending"], "test_region_totals_top_region", "AssertionError", "region_totals first row"),
    Run(FAULTS["sales_rolling_no_min_periods"], "test_daily_revenue_april", "AssertionError", "daily_revenue trailing"),
    Run(
        FAULTS["sales_rolling_no_min_periods"],
        "test_daily_revenue_gap_days",
        "AssertionError",
        "daily_revenue over a month",
    ),
    Run(FAULTS["sales_reindex_leaves_nan"], "test_daily_revenue_april", "AssertionError", "daily_revenue gap day"),
    Run(
        FAULTS["sales_reindex_leaves_nan"],
        "test_daily_revenue_gap_days",
        "AssertionError",
        "daily_revenue over a month",
    ),
    Run(FAULTS["sales_merge_inner"], "test_with_segments_keeps_unknown", "AssertionError", "with_segments"),
    Run(FAULTS["sales_merge_inner"], "test_segment_share", "AssertionError", "segment_share through with_segments"),
    Run(FAULTS["sales_pivot_mean"], "test_units_by_month", "AssertionError", "units_by_month pivot table"),
    Run(FAULTS["np_window_slice"], "test_moving_average", "ValueError", "moving_average of floats"),
    Run(FAULTS["np_window_slice"], "test_moving_average_of_ints", "ValueError", "moving_average of a list of ints"),
    Run(FAULTS["np_norm_axis"], "test_normalize_rows", "AssertionError", "normalize_rows"),
    Run(FAULTS["np_norm_axis"], "test_normalize_rows_unit_norms", "AssertionError", "normalize_rows norms"),
    Run(FAULTS["np_norm_no_keepdims"], "test_normalize_rows", "ValueError", "normalize_rows"),
    Run(FAULTS["np_norm_no_keepdims"], "test_normalize_rows_unit_norms", "ValueError", "normalize_rows norms"),
    Run(FAULTS["np_fit_vstack"], "test_fit_line", "LinAlgError", "fit_line least squares"),
    Run(FAULTS["np_pairwise_axes"], "test_pairwise_distances", "ValueError", "pairwise_distances, 2 by 3 rows"),
    Run(FAULTS["np_pairwise_axes"], "test_pairwise_distances_square", "AssertionError", "pairwise_distances, 2 by 2"),
    Run(FAULTS["np_hist_side"], "test_histogram_counts", "AssertionError", "histogram_counts"),
    Run(FAULTS["text_slug_not_stripped"], "doctest:slugify", "DocTestFailure", "slugify doctest"),
    Run(FAULTS["text_slug_not_stripped"], "doctest:slug_path", "DocTestFailure", "slug_path doctest"),
    Run(FAULTS["text_duration_one_digit"], "doctest:parse_duration", "DocTestFailure", "parse_duration doctest"),
    Run(FAULTS["text_duration_one_digit"], "doctest:total_seconds", "DocTestFailure", "total_seconds doctest"),
    Run(FAULTS["text_pairs_split_all"], "doctest:parse_pairs", "ValueError", "parse_pairs doctest"),
    Run(FAULTS["text_pairs_split_all"], "doctest:read_settings", "ValueError", "read_settings doctest"),
    Run(FAULTS["text_fields_ignore_quotes"], "doctest:split_fields", "DocTestFailure", "split_fields doctest"),
    Run(FAULTS["text_fields_ignore_quotes"], "doctest:read_table", "DocTestFailure", "read_table doctest"),
    Run(FAULTS["text_wrap_strict_width"], "doctest:wrap", "DocTestFailure", "wrap doctest"),
    Run(FAULTS["text_wrap_strict_width"], "doctest:paragraph", "DocTestFailure", "paragraph doctest"),
    Run(FAULTS["text_counts_reversed_ties"], "doctest:word_counts", "DocTestFailure", "word_counts doctest"),
    Run(
        FAULTS["seq_merge_strict_touch"],
        "test_merged_intervals_are_disjoint",
        "AssertionError",
        "merge_intervals property",
    ),
    Run(FAULTS["seq_merge_strict_touch"], "test_merge_intervals_example", "AssertionError", "merge_intervals example"),
    Run(
        FAULTS["seq_merge_end_not_max"],
        "test_merged_intervals_cover_the_same_points",
        "AssertionError",
        "merge_intervals property",
    ),
    Run(FAULTS["seq_merge_end_not_max"], "test_merge_intervals_example", "AssertionError", "merge_intervals example"),
    Run(
        FAULTS["seq_merge_unsorted"],
        "test_merged_intervals_cover_the_same_points",
        "AssertionError",
        "merge_intervals property",
    ),
    Run(FAULTS["seq_merge_unsorted"], "test_merge_intervals_example", "AssertionError", "merge_intervals example"),
    Run(FAULTS["seq_rle_zero_start"], "test_rle_roundtrip", "AssertionError", "rle_encode then rle_decode"),
    Run(FAULTS["seq_rle_zero_start"], "test_rle_runs_are_maximal", "AssertionError", "rle_encode property"),
    Run(FAULTS["seq_sort_reversed"], "test_sort_by_is_stable", "AssertionError", "sort_by property"),
    Run(FAULTS["seq_sort_reversed"], "test_sort_by_example", "AssertionError", "sort_by example"),
    Run(FAULTS["seq_median_floor_div"], "test_median_even_count", "AssertionError", "median of an even count"),
    Run(FAULTS["dt_naive_kept"], "test_parse_stamp_naive_is_utc", "AssertionError", "parse_stamp without offset"),
    Run(FAULTS["dt_naive_kept"], "test_latest_mixes_naive_and_aware", "TypeError", "latest: max over parse_stamp"),
    Run(FAULTS["dt_local_day_utc"], "test_local_day_crosses_midnight", "AssertionError", "local_day"),
    Run(FAULTS["dt_local_day_utc"], "test_hours_per_local_day", "AssertionError", "hours_per_local_day via local_day"),
    Run(FAULTS["dt_month_index"], "test_add_months[day0-1-expected0]", "AssertionError", "add_months in a year"),
    Run(FAULTS["dt_month_index"], "test_add_months[day1-2-expected1]", "IllegalMonthError", "add_months to January"),
    Run(FAULTS["dt_month_index"], "test_add_months[day2-12-expected2]", "AssertionError", "add_months by a year"),
    Run(FAULTS["dt_business_isoweekday"], "test_business_days", "AssertionError", "business_days"),
    Run(FAULTS["dt_week_isoweekday"], "test_week_start", "AssertionError", "week_start"),
]
