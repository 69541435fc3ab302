"""bug_heldout14's applications, faults (one root cause each) and runs (one test of the application's suite each)."""

from __future__ import annotations

from fault_runner import App, Fault, Run

NOTES = App("notes_api", "notes_api", "flask", "BSD-3-Clause")
TODO = App("todo_cli", "todo_cli", "click", "BSD-3-Clause")
SHELF = App("bookshelf_db", "bookshelf", "sqlalchemy", "MIT")
SETTINGS = App("service_settings", "service_settings", "pydantic", "MIT")
REPORT = App("sales_report", "sales_report", "jinja2", "BSD-3-Clause")
APPS = [NOTES, TODO, SHELF, SETTINGS, REPORT]

_FAULTS = [
    # notes_api (Flask)
    Fault("notes_route_param_renamed", NOTES, '@app.get("/notes/<int:note_id>")', '@app.get("/notes/<int:id>")',
          "route variable renamed, the view's parameter not"),
    Fault("notes_tags_left_a_set", NOTES, '"tags": sorted(set(data.get("tags", [])))',
          '"tags": set(data.get("tags", []))', "a set put into a JSON response"),
    Fault("notes_delete_missing_return", NOTES, '        return "", 204', '        "", 204',
          "missing return in a view"),
    Fault("notes_page_not_int", NOTES, 'request.args.get("page", 1, type=int)', 'request.args.get("page", 1)',
          "query argument not coerced to int"),
    Fault("notes_page_offset", NOTES, "start = (page - 1) * size", "start = page * size",
          "off-by-one page offset"),
    # todo_cli (click)
    Fault("todo_tag_dest_lost", TODO, '@click.option("--tag", "tags", multiple=True)',
          '@click.option("--tag", multiple=True)', "option's parameter name dropped"),
    Fault("todo_add_pass_context", TODO, "@click.pass_obj\ndef add(", "@click.pass_context\ndef add(",
          "wrong decorator: context passed where the object is used"),
    Fault("todo_done_index", TODO, 'items[number - 1]["done"] = True', 'items[number]["done"] = True',
          "off-by-one index from a 1-based number"),
    Fault("todo_sort_default", TODO, 'default="priority")', 'default="prio")', "default not among the choices"),
    Fault("todo_db_path_str", TODO, "path_type=Path", "path_type=str", "wrong type coercion of a path option"),
    # bookshelf (SQLAlchemy)
    Fault("shelf_back_populates_typo", SHELF, 'relationship(back_populates="author", cascade',
          'relationship(back_populates="authors", cascade', "relationship back_populates names no attribute"),
    Fault("shelf_no_eager_books", SHELF, "select(Author).options(selectinload(Author.books))", "select(Author)",
          "eager load dropped, lazy load after the session closed"),
    Fault("shelf_no_cascade", SHELF, ', cascade="all, delete-orphan")', ")", "delete cascade dropped"),
    Fault("shelf_book_not_committed", SHELF, "s.add(book)\n            s.commit()",
          "s.add(book)\n            s.flush()", "missing commit"),
    Fault("shelf_page_offset", SHELF, ".offset((number - 1) * size)", ".offset(number * size)",
          "off-by-one page offset"),
    # service_settings (pydantic)
    Fault("settings_hosts_alias", SETTINGS, 'alias="allowedHosts")', 'alias="allowed_hosts")', "wrong field alias"),
    Fault("settings_hosts_validator_after", SETTINGS, '@field_validator("allowed_hosts", mode="before")',
          '@field_validator("allowed_hosts", mode="after")', "validator runs after type validation"),
    Fault("settings_workers_gt", SETTINGS, "Field(default=2, ge=1)", "Field(default=2, gt=1)",
          "bound off by one (gt for ge)"),
    Fault("settings_debug_default_empty", SETTINGS, 'env.get("APP_DEBUG", "false")', 'env.get("APP_DEBUG", "")',
          "wrong default"),
    Fault("settings_validator_no_return", SETTINGS, "        return self", "        return None",
          "model validator does not return the model"),
    # sales_report (Jinja2)
    Fault("report_total_renamed", REPORT, "rows=rows, total=total)", "rows=rows, sum=total)",
          "template variable passed under another name"),
    Fault("report_filter_name", REPORT, 'env.filters["money"] = money', 'env.filters["currency"] = money',
          "filter registered under another name"),
    Fault("report_summary_template_name", REPORT, 'get_template("summary.txt")', 'get_template("summary.html")',
          "wrong template name"),
    Fault("report_amount_not_float", REPORT, '"amount": float(amount)', '"amount": amount.strip()',
          "missing type coercion"),
    Fault("report_autoescape_all", REPORT, 'autoescape=select_autoescape(["html"])', "autoescape=True",
          "autoescape for every template"),
]  # fmt: skip
FAULTS = {f.name: f for f in _FAULTS}


def _r(fault: str, test: str, expect: str, callsite: str) -> Run:
    return Run(FAULTS[fault], test, expect, callsite)


RUNS = [
    _r("notes_route_param_renamed", "test_get_note", "TypeError", "GET /notes/2 through the test client"),
    _r("notes_route_param_renamed", "test_get_missing_note_is_404", "TypeError", "GET of an unknown note id"),
    _r("notes_route_param_renamed", "test_delete_note", "TypeError", "GET after a DELETE"),
    _r("notes_tags_left_a_set", "test_get_note", "TypeError", "POST of notes, then GET of one"),
    _r("notes_tags_left_a_set", "test_list_second_page", "TypeError", "POST of three notes, then a page of the list"),
    _r("notes_tags_left_a_set", "test_create_note", "AssertionError", "POST without TESTING: a 500 error page"),
    _r("notes_delete_missing_return", "test_delete_note", "TypeError", "DELETE of an existing note"),
    _r("notes_page_not_int", "test_list_second_page", "TypeError", "GET /notes?page=2"),
    _r("notes_page_offset", "test_list_second_page", "AssertionError", "GET /notes?page=2"),
    _r("notes_page_offset", "test_list_default_page", "AssertionError", "GET /notes without a page"),
    _r("todo_tag_dest_lost", "test_add_writes_item", "TypeError", "add with two --tag options"),
    _r("todo_tag_dest_lost", "test_list_sorted_by_priority", "TypeError", "add without --tag, before list"),
    _r("todo_tag_dest_lost", "test_stats", "TypeError", "add three items before stats"),
    _r("todo_add_pass_context", "test_add_writes_item", "TypeError", "add with two --tag options"),
    _r("todo_add_pass_context", "test_list_sorted_by_title", "TypeError", "add before list --sort title"),
    _r("todo_done_index", "test_done_hides_item", "IndexError", "done on the last of two items"),
    _r("todo_sort_default", "test_list_sorted_by_priority", "AssertionError", "list without --sort"),
    _r("todo_sort_default", "test_done_hides_item", "AssertionError", "list after done"),
    _r("todo_db_path_str", "test_stats_empty", "AttributeError", "stats on a missing database file"),
    _r("todo_db_path_str", "test_add_writes_item", "AttributeError", "add on a missing database file"),
    _r("shelf_back_populates_typo", "test_add_author_returns_id", "InvalidRequestError", "first Author()"),
    _r("shelf_back_populates_typo", "test_count_books", "InvalidRequestError", "the fixture's first Author()"),
    _r("shelf_no_eager_books", "test_authors_with_their_books", "DetachedInstanceError", "books of a returned author"),
    _r("shelf_no_cascade", "test_remove_author_removes_books", "IntegrityError", "delete of an author with books"),
    _r("shelf_book_not_committed", "test_count_books", "AssertionError", "count after three add_book"),
    _r("shelf_book_not_committed", "test_titles_by_author_in_year_order", "AssertionError", "titles after add_book"),
    _r("shelf_page_offset", "test_first_page", "AssertionError", "page 1 of two books"),
    _r("shelf_page_offset", "test_last_page", "AssertionError", "page 2 of two books"),
    _r("settings_hosts_alias", "test_defaults", "ValidationError", "load_settings of an empty environment"),
    _r("settings_hosts_alias", "test_hosts_are_split", "ValidationError", "APP_HOSTS with two hosts"),
    _r("settings_hosts_alias", "test_debug_needs_single_worker", "AssertionError", "pytest.raises(match=...)"),
    _r("settings_hosts_validator_after", "test_hosts_are_split", "ValidationError", "APP_HOSTS with two hosts"),
    _r("settings_hosts_validator_after", "test_build_by_field_name", "ValidationError", "Settings(...) by name"),
    _r("settings_workers_gt", "test_defaults", "ValidationError", "load_settings of an empty environment"),
    _r("settings_workers_gt", "test_debug_with_one_worker", "ValidationError", "APP_DEBUG=1"),
    _r("settings_debug_default_empty", "test_public_view_uses_aliases", "ValidationError", "no APP_DEBUG"),
    _r("settings_validator_no_return", "test_public_view_uses_aliases", "AttributeError", "public_view of the result"),
    _r("report_total_renamed", "test_report_rows_and_total", "TypeError", "render_report of three rows"),
    _r("report_total_renamed", "test_report_empty", "TypeError", "render_report of no rows"),
    _r("report_filter_name", "test_report_rows_and_total", "TemplateAssertionError", "render_report of three rows"),
    _r("report_filter_name", "test_summary", "TemplateAssertionError", "render_summary"),
    _r("report_summary_template_name", "test_summary", "TemplateNotFound", "render_summary"),
    _r("report_amount_not_float", "test_report_rows_and_total", "TypeError", "parse_rows, then render_report"),
    _r("report_amount_not_float", "test_summary", "ValueError", "parse_rows, then render_summary"),
    _r("report_autoescape_all", "test_summary_not_escaped", "AssertionError", "render_summary with an ampersand"),
]
