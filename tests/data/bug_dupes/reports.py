# ruff: noqa: E501  (tracebacks are quoted whole: their lines are as long as the reporters posted them)
"""Hand-copied reports for bug_dupes: every traceback is quoted from the public GitHub thread named in `url`.

Each entry: group (slug of the canonical issue's cause), library, url, canonical (URL of the issue the maintainers
linked the report to; equal to url for the canonical report itself), link (how the maintainers linked it), callsite,
command, path, code, output (the traceback as posted; repeated identical blocks and unrelated log lines trimmed).
Nothing in `output` is edited: only whole lines or whole repeated blocks are left out.
"""

REPORTS: list[dict[str, str]] = []


def add(**row: str) -> None:
    REPORTS.append(row)


# --- spyder: the main window's resizeEvent asks self.layouts before the layouts plugin is there -------------------
SPY_FULLSCREEN = "https://github.com/spyder-ide/spyder/issues/26226"
add(
    group="spyder_resize_before_layouts_plugin",
    library="spyder",
    url=SPY_FULLSCREEN,
    canonical=SPY_FULLSCREEN,
    link="canonical (labels component:Main Window, type:Bug)",
    callsite="resizing the main window",
    command="spyder",
    path="",
    code="",
    output=r"""Traceback (most recent call last):
  File "C:\Users\jennh\anaconda3\Lib\site-packages\spyder\app\mainwindow.py", line 1004, in resizeEvent
    if not self.isMaximized() and not self.layouts.get_fullscreen_flag():
                                      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
AttributeError: 'NoneType' object has no attribute 'get_fullscreen_flag'
""",
)
add(
    group="spyder_resize_before_layouts_plugin",
    library="spyder",
    url="https://github.com/spyder-ide/spyder/issues/26228",
    canonical=SPY_FULLSCREEN,
    link="ccordoba12: 'Closing as a duplicate of issue #26226.'",
    callsite="issue reporter pops up on every window resize",
    command="spyder",
    path="",
    code="",
    output=r"""Traceback (most recent call last):
  File "C:\Users\jennh\anaconda3\Lib\site-packages\spyder\app\mainwindow.py", line 1004, in resizeEvent
    if not self.isMaximized() and not self.layouts.get_fullscreen_flag():
                                      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
AttributeError: 'NoneType' object has no attribute 'get_fullscreen_flag'
""",
)
add(
    group="spyder_resize_before_layouts_plugin",
    library="spyder",
    url="https://github.com/spyder-ide/spyder/issues/23590",
    canonical=SPY_FULLSCREEN,
    link="label resolution:Duplicate set by the maintainers (same traceback as the canonical issue)",
    callsite="window kept side by side with a browser",
    command="spyder",
    path="",
    code="",
    output=r"""Traceback (most recent call last):
  File "C:\Users\tarik\anaconda3\envs\img_captioning\lib\site-packages\spyder\app\mainwindow.py", line 1014, in resizeEvent
    if not self.isMaximized() and not self.layouts.get_fullscreen_flag():
AttributeError: 'NoneType' object has no attribute 'get_fullscreen_flag'
""",
)

# --- spyder 6.0: Run > a file with no run configuration selected; inverted_index[None] --------------------------
SPY_RUNCONF = "https://github.com/spyder-ide/spyder/issues/22607"
add(
    group="spyder_run_dialog_without_current_configuration",
    library="spyder",
    url=SPY_RUNCONF,
    canonical=SPY_RUNCONF,
    link="canonical (labels component:Run, type:Bug)",
    callsite="running a file opens the run configuration dialog",
    command="spyder",
    path="",
    code="",
    output=r"""Traceback (most recent call last):
  File "C:\Users\radhi\AppData\Local\spyder-6\envs\spyder-runtime\Lib\site-packages\spyder\plugins\run\container.py", line 214, in run_file
    self.edit_run_configurations(
  File "C:\Users\radhi\AppData\Local\spyder-6\envs\spyder-runtime\Lib\site-packages\spyder\plugins\run\container.py", line 232, in edit_run_configurations
    self.dialog.setup()
  File "C:\Users\radhi\AppData\Local\spyder-6\envs\spyder-runtime\Lib\site-packages\spyder\plugins\run\widgets.py", line 746, in setup
    self.run_conf_model.get_initial_index())
    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "C:\Users\radhi\AppData\Local\spyder-6\envs\spyder-runtime\Lib\site-packages\spyder\plugins\run\models.py", line 192, in get_initial_index
    return self.inverted_index[self.current_configuration]
           ~~~~~~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^^^^^^^^^^^^
KeyError: None
""",
)
add(
    group="spyder_run_dialog_without_current_configuration",
    library="spyder",
    url="https://github.com/spyder-ide/spyder/issues/23328",
    canonical=SPY_RUNCONF,
    link="label resolution:Duplicate set by the maintainers (same traceback as the canonical issue)",
    callsite="conda-installed Spyder on Linux, running a file",
    command="spyder",
    path="",
    code="",
    output=r"""Traceback (most recent call last):
  File "/home/hamed/anaconda3/envs/tf_pt/lib/python3.11/site-packages/spyder/plugins/run/container.py", line 214, in run_file
    self.edit_run_configurations(
  File "/home/hamed/anaconda3/envs/tf_pt/lib/python3.11/site-packages/spyder/plugins/run/container.py", line 232, in edit_run_configurations
    self.dialog.setup()
  File "/home/hamed/anaconda3/envs/tf_pt/lib/python3.11/site-packages/spyder/plugins/run/widgets.py", line 746, in setup
    self.run_conf_model.get_initial_index())
    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/home/hamed/anaconda3/envs/tf_pt/lib/python3.11/site-packages/spyder/plugins/run/models.py", line 192, in get_initial_index
    return self.inverted_index[self.current_configuration]
           ~~~~~~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^^^^^^^^^^^^
KeyError: None
""",
)
add(
    group="spyder_run_dialog_without_current_configuration",
    library="spyder",
    url="https://github.com/spyder-ide/spyder/issues/22999",
    canonical=SPY_RUNCONF,
    link="label resolution:Duplicate set by the maintainers (same traceback as the canonical issue)",
    callsite="all-users install under C:\\ProgramData, running a file",
    command="spyder",
    path="",
    code="",
    output=r"""Traceback (most recent call last):
  File "C:\ProgramData\spyder-6\envs\spyder-runtime\Lib\site-packages\spyder\plugins\run\container.py", line 214, in run_file
    self.edit_run_configurations(
  File "C:\ProgramData\spyder-6\envs\spyder-runtime\Lib\site-packages\spyder\plugins\run\container.py", line 232, in edit_run_configurations
    self.dialog.setup()
  File "C:\ProgramData\spyder-6\envs\spyder-runtime\Lib\site-packages\spyder\plugins\run\widgets.py", line 746, in setup
    self.run_conf_model.get_initial_index())
    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "C:\ProgramData\spyder-6\envs\spyder-runtime\Lib\site-packages\spyder\plugins\run\models.py", line 192, in get_initial_index
    return self.inverted_index[self.current_configuration]
           ~~~~~~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^^^^^^^^^^^^
KeyError: None
""",
)
add(
    group="spyder_run_dialog_without_current_configuration",
    library="spyder",
    url="https://github.com/spyder-ide/spyder/issues/23119",
    canonical=SPY_RUNCONF,
    link="label resolution:Duplicate set by the maintainers (same traceback as the canonical issue)",
    callsite="pip-installed Spyder on Arch Linux, testing the fredapi package",
    command="spyder",
    path="",
    code="",
    output=r"""Traceback (most recent call last):
  File "/usr/lib/python3.12/site-packages/spyder/plugins/run/container.py", line 214, in run_file
    self.edit_run_configurations(
  File "/usr/lib/python3.12/site-packages/spyder/plugins/run/container.py", line 232, in edit_run_configurations
    self.dialog.setup()
  File "/usr/lib/python3.12/site-packages/spyder/plugins/run/widgets.py", line 746, in setup
    self.run_conf_model.get_initial_index())
    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3.12/site-packages/spyder/plugins/run/models.py", line 192, in get_initial_index
    return self.inverted_index[self.current_configuration]
           ~~~~~~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^^^^^^^^^^^^
KeyError: None
""",
)

# --- spyder 5.4.1/5.4.2: the update checker builds its message from `content`, which is unset when the check fails --
SPY_UPDATES = "https://github.com/spyder-ide/spyder/issues/20406"
add(
    group="spyder_update_check_message_unset",
    library="spyder",
    url="https://github.com/spyder-ide/spyder/issues/21419",
    canonical=SPY_UPDATES,
    link="dalthviz: 'This seems like a duplicate of https://github.com/spyder-ide/spyder/issues/20406' then "
    "'Closing as a duplicate of #20406' (label resolution:Duplicate)",
    callsite="at the start of the environment, pip-installed Spyder 5.4.2 on Python 3.11",
    command="spyder",
    path="",
    code="",
    output=r"""Traceback (most recent call last):
  File "C:\Users\52937\AppData\Local\Programs\Python\Python311\Lib\site-packages\spyder\plugins\application\container.py", line 331, in _check_updates_ready
    msg = header + content + footer
                   ^^^^^^^
UnboundLocalError: cannot access local variable 'content' where it is not associated with a value
""",
)
add(
    group="spyder_update_check_message_unset",
    library="spyder",
    url="https://github.com/spyder-ide/spyder/issues/20651",
    canonical=SPY_UPDATES,
    link="label resolution:Duplicate set by the maintainers (same failing line as the canonical issue)",
    callsite="running numpy code in a pip-installed Spyder 5.4.1, Python 3.8 on Windows",
    command="spyder",
    path="",
    code="",
    output=r"""Traceback (most recent call last):
  File "E:\openAI\lib\site-packages\spyder\plugins\application\container.py", line 331, in _check_updates_ready
    msg = header + content + footer
UnboundLocalError: local variable 'content' referenced before assignment
""",
)
add(
    group="spyder_update_check_message_unset",
    library="spyder",
    url="https://github.com/spyder-ide/spyder/issues/21051",
    canonical=SPY_UPDATES,
    link="label resolution:Duplicate set by the maintainers (same failing line as the canonical issue)",
    callsite="Spyder in a venv on Linux, error after about 30 seconds",
    command="spyder",
    path="",
    code="",
    output=r"""Traceback (most recent call last):
  File "/home/jwoehr/spyder_venv/lib/python3.10/site-packages/spyder/plugins/application/container.py", line 331, in _check_updates_ready
    msg = header + content + footer
UnboundLocalError: local variable 'content' referenced before assignment
""",
)
add(
    group="spyder_update_check_message_unset",
    library="spyder",
    url="https://github.com/spyder-ide/spyder/issues/20654",
    canonical=SPY_UPDATES,
    link="label resolution:Duplicate set by the maintainers (same failing line as the canonical issue)",
    callsite="some seconds after launching the IDE, system Python 3.10 on Arch Linux",
    command="spyder",
    path="",
    code="",
    output=r"""Traceback (most recent call last):
  File "/usr/lib/python3.10/site-packages/spyder/plugins/application/container.py", line 331, in _check_updates_ready
    msg = header + content + footer
UnboundLocalError: local variable 'content' referenced before assignment
""",
)
add(
    group="spyder_update_check_message_unset",
    library="spyder",
    url="https://github.com/spyder-ide/spyder/issues/20415",
    canonical=SPY_UPDATES,
    link="label resolution:Duplicate set by the maintainers (same failing line as the canonical issue)",
    callsite="typing a for loop in the IPython console, Python 3.11 on Windows",
    command="spyder",
    path="",
    code="for i in range(3): print(i)\n",
    output=r"""Traceback (most recent call last):
  File "D:\Program Files\Python311\Lib\site-packages\spyder\plugins\application\container.py", line 331, in _check_updates_ready
    msg = header + content + footer
                   ^^^^^^^
UnboundLocalError: cannot access local variable 'content' where it is not associated with a value
""",
)

# --- spyder 5.2 on Python 3.10: calltip position computed as float and passed to QPoint.setY -----------------------
SPY_CALLTIP = "https://github.com/spyder-ide/spyder/issues/17130"
add(
    group="spyder_calltip_float_position_py310",
    library="spyder",
    url=SPY_CALLTIP,
    canonical=SPY_CALLTIP,
    link="canonical (labels component:IPython Console, type:Bug)",
    callsite="typing np.sin( in the IPython console, venv on Linux",
    command="spyder",
    path="",
    code="np.sin(",
    output=r"""Traceback (most recent call last):
  File "/home/lenovo/projects/venv-spyder/lib/python3.10/site-packages/qtconsole/base_frontend_mixin.py", line 138, in _dispatch
    handler(msg)
  File "/home/lenovo/projects/venv-spyder/lib/python3.10/site-packages/spyder/plugins/ipythonconsole/widgets/help.py", line 170, in _handle_inspect_reply
    self._control.show_calltip(
  File "/home/lenovo/projects/venv-spyder/lib/python3.10/site-packages/spyder/widgets/mixins.py", line 603, in show_calltip
    self.calltip_widget.show_tip(point, text, [])
  File "/home/lenovo/projects/venv-spyder/lib/python3.10/site-packages/spyder/widgets/calltip.py", line 506, in show_tip
    point.setY(adjusted_point.y() - tip_height - padding)
TypeError: setY(self, int): argument 1 has unexpected type 'float'
""",
)
add(
    group="spyder_calltip_float_position_py310",
    library="spyder",
    url="https://github.com/spyder-ide/spyder/issues/17466",
    canonical=SPY_CALLTIP,
    link="label resolution:Duplicate set by the maintainers (same failing line as the canonical issue)",
    callsite="typing or deleting ( in the console, conda-forge env",
    command="spyder",
    path="",
    code="",
    output=r"""Traceback (most recent call last):
  File "/home/avicenna/anaconda3/envs/spyder-cf/lib/python3.10/site-packages/qtconsole/base_frontend_mixin.py", line 138, in _dispatch
    handler(msg)
  File "/home/avicenna/anaconda3/envs/spyder-cf/lib/python3.10/site-packages/spyder/plugins/ipythonconsole/widgets/help.py", line 170, in _handle_inspect_reply
    self._control.show_calltip(
  File "/home/avicenna/anaconda3/envs/spyder-cf/lib/python3.10/site-packages/spyder/widgets/mixins.py", line 603, in show_calltip
    self.calltip_widget.show_tip(point, text, [])
  File "/home/avicenna/anaconda3/envs/spyder-cf/lib/python3.10/site-packages/spyder/widgets/calltip.py", line 505, in show_tip
    point.setY(adjusted_point.y() - tip_height - padding)
TypeError: setY(self, int): argument 1 has unexpected type 'float'
""",
)

# --- spyder 5.1.5 with a newer qtconsole: Spyder's debugger widget calls _show_prompt with a removed keyword --------
SPY_PROMPT = "https://github.com/spyder-ide/spyder/issues/18483"
add(
    group="spyder_qtconsole_show_prompt_separator_kwarg",
    library="qtconsole",
    url=SPY_PROMPT,
    canonical=SPY_PROMPT,
    link="label resolution:Duplicate set by the maintainers; no canonical URL in the excerpt, this report stands for "
    "the cluster (same failing frames as #19138)",
    callsite="float(input(...)) in the console, Anaconda on macOS",
    command="spyder",
    path="",
    code="seconds = float(input('Enter number of seconds: '))\n",
    output=r"""Traceback (most recent call last):
  File "/Users/carolinebullock/opt/anaconda3/lib/python3.9/site-packages/qtconsole/base_frontend_mixin.py", line 138, in _dispatch
    handler(msg)
  File "/Users/carolinebullock/opt/anaconda3/lib/python3.9/site-packages/spyder/plugins/ipythonconsole/widgets/debugging.py", line 278, in _handle_input_request
    return super(DebuggingWidget, self)._handle_input_request(msg)
  File "/Users/carolinebullock/opt/anaconda3/lib/python3.9/site-packages/qtconsole/frontend_widget.py", line 512, in _handle_input_request
    self._readline(msg['content']['prompt'], callback=callback, password=msg['content']['password'])
  File "/Users/carolinebullock/opt/anaconda3/lib/python3.9/site-packages/qtconsole/console_widget.py", line 2422, in _readline
    self._show_prompt(prompt, newline=False, separator=False)
TypeError: _show_prompt() got an unexpected keyword argument 'separator'
""",
)
add(
    group="spyder_qtconsole_show_prompt_separator_kwarg",
    library="qtconsole",
    url="https://github.com/spyder-ide/spyder/issues/19138",
    canonical=SPY_PROMPT,
    link="label resolution:Duplicate set by the maintainers (same failing frames as #18483)",
    callsite="a = float(input(...)) in the console, Anaconda on Windows",
    command="spyder",
    path="",
    code='a = float(input("Ingrese a: "))\n',
    output=r"""Traceback (most recent call last):
  File "C:\ProgramData\Anaconda3\lib\site-packages\qtconsole\base_frontend_mixin.py", line 138, in _dispatch
    handler(msg)
  File "C:\ProgramData\Anaconda3\lib\site-packages\spyder\plugins\ipythonconsole\widgets\debugging.py", line 278, in _handle_input_request
    return super(DebuggingWidget, self)._handle_input_request(msg)
  File "C:\ProgramData\Anaconda3\lib\site-packages\qtconsole\frontend_widget.py", line 512, in _handle_input_request
    self._readline(msg['content']['prompt'], callback=callback, password=msg['content']['password'])
  File "C:\ProgramData\Anaconda3\lib\site-packages\qtconsole\console_widget.py", line 2422, in _readline
    self._show_prompt(prompt, newline=False, separator=False)
TypeError: _show_prompt() got an unexpected keyword argument 'separator'
""",
)

# --- spyder 3.2.6 on Python 3.10: the editor's edge line geometry is computed as float ------------------------------
SPY_QRECT = "https://github.com/spyder-ide/spyder/issues/16797"
add(
    group="spyder_edge_line_float_geometry_py310",
    library="spyder",
    url=SPY_QRECT,
    canonical=SPY_QRECT,
    link="first report (closed resolution:NoResponse); the same reporter's #16798 of the same day, same traceback, "
    "was labelled resolution:Duplicate by the maintainers",
    callsite="launching pip-installed Spyder 3.2.6 with Python 3.10 on Windows",
    command="spyder3",
    path="",
    code="",
    output=r"""Traceback (most recent call last):
  File "C:\Users\mehed\AppData\Local\Programs\Python\Python310\lib\site-packages\spyder\widgets\sourcecode\codeeditor.py", line 1524, in viewportEvent
    self.edge_line.setGeometry(QRect(x, cr.top(), 1, cr.bottom()))
TypeError:   QRect(QRect): argument 1 has unexpected type 'float'
""",
)
add(
    group="spyder_edge_line_float_geometry_py310",
    library="spyder",
    url="https://github.com/spyder-ide/spyder/issues/16798",
    canonical=SPY_QRECT,
    link="label resolution:Duplicate set by the maintainers",
    callsite="second launch after editing the line to QRectF, same machine",
    command="spyder3",
    path="",
    code="",
    output=r"""Traceback (most recent call last):
  File "C:\Users\mehed\AppData\Local\Programs\Python\Python310\lib\site-packages\spyder\widgets\sourcecode\codeeditor.py", line 1524, in viewportEvent
    self.edge_line.setGeometry(QRectF(x, cr.top(), 1, cr.bottom()))
TypeError:   QRect(QRect): argument 1 has unexpected type 'float'
""",
)

# --- spyder 3.2.2 with qtconsole 4.2: ShellWidget._handle_error calls a base method that qtconsole 4.2 lacks -------
# (Spyder 3's error reporter pasted the frames without the "Traceback (most recent call last):" header.)
SPY_HANDLE_ERROR = "https://github.com/spyder-ide/spyder/issues/5158"
_HANDLE_ERROR_ROWS = [
    (
        SPY_HANDLE_ERROR,
        "canonical (labels component:IPython Console, type:Bug)",
        "IPython console, Anaconda 4.3.0 on Windows, Python 3.6",
        r"""  File "D:\Anaconda 4.3.0\lib\site-packages\qtconsole\base_frontend_mixin.py", line 163, in _dispatch
    handler(msg)
  File "D:\Anaconda 4.3.0\lib\site-packages\spyder\widgets\ipythonconsole\shell.py", line 417, in _handle_error
    super(ShellWidget, self)._handle_error(msg)
AttributeError: 'super' object has no attribute '_handle_error'
""",
    ),
    (
        "https://github.com/spyder-ide/spyder/issues/5169",
        "ccordoba12: 'Thanks for reporting. This is a duplicate of issue #5158, and it'll be fixed in 3.2.3'",
        "Anaconda on Linux, Python 3.5",
        r"""  File "/home/ehsan/anaconda3/lib/python3.5/site-packages/qtconsole/base_frontend_mixin.py", line 163, in _dispatch
    handler(msg)
  File "/home/ehsan/anaconda3/lib/python3.5/site-packages/spyder/widgets/ipythonconsole/shell.py", line 417, in _handle_error
    super(ShellWidget, self)._handle_error(msg)
AttributeError: 'super' object has no attribute '_handle_error'
""",
    ),
    (
        "https://github.com/spyder-ide/spyder/issues/5173",
        "rlaverde: 'Closing as duplicate of #5158'",
        "running a script after upgrading to Spyder 3.2.2, Anaconda on macOS",
        r"""  File "/Users/davkenda1/anaconda/lib/python3.5/site-packages/qtconsole/base_frontend_mixin.py", line 163, in _dispatch
    handler(msg)
  File "/Users/davkenda1/anaconda/lib/python3.5/site-packages/spyder/widgets/ipythonconsole/shell.py", line 417, in _handle_error
    super(ShellWidget, self)._handle_error(msg)
AttributeError: 'super' object has no attribute '_handle_error'
""",
    ),
    (
        "https://github.com/spyder-ide/spyder/issues/5197",
        "ccordoba12: 'This is a duplicate of issue #5158 and it was fixed in Spyder 3.2.3. Please update.'",
        "any error in the IPython console, Anaconda2 on Windows, Python 2.7",
        r"""  File "C:\Users\Niall Macquaide\Anaconda2\lib\site-packages\qtconsole\base_frontend_mixin.py", line 163, in _dispatch
    handler(msg)
  File "C:\Users\Niall Macquaide\Anaconda2\lib\site-packages\spyder\widgets\ipythonconsole\shell.py", line 417, in _handle_error
    super(ShellWidget, self)._handle_error(msg)
AttributeError: 'super' object has no attribute '_handle_error'
""",
    ),
    (
        "https://github.com/spyder-ide/spyder/issues/5187",
        "rlaverde: 'Closing as duplicate of #5158 Already fixed in spyder3.2.3'",
        "IPython console not working, Anaconda on Linux",
        r"""  File "/home/apurvnit/anaconda3/lib/python3.5/site-packages/qtconsole/base_frontend_mixin.py", line 163, in _dispatch
    handler(msg)
  File "/home/apurvnit/anaconda3/lib/python3.5/site-packages/spyder/widgets/ipythonconsole/shell.py", line 417, in _handle_error
    super(ShellWidget, self)._handle_error(msg)
AttributeError: 'super' object has no attribute '_handle_error'
""",
    ),
]
for _url, _link, _callsite, _output in _HANDLE_ERROR_ROWS:
    add(
        group="spyder_shell_handle_error_needs_newer_qtconsole",
        library="spyder",
        url=_url,
        canonical=SPY_HANDLE_ERROR,
        link=_link,
        callsite=_callsite,
        command="spyder",
        path="",
        code="",
        output=_output,
    )

# --- spyder 3.2.3: introspection asks the editor's tab widget after it was deleted -------------------------------
SPY_BASETABS = "https://github.com/spyder-ide/spyder/issues/5484"
add(
    group="spyder_introspection_deleted_editor_tabs",
    library="spyder",
    url=SPY_BASETABS,
    canonical=SPY_BASETABS,
    link="canonical (labels component:Editor, type:Bug); first of the reported blocks kept",
    callsite="pressing '.' while coding, Anaconda on Windows",
    command="spyder",
    path="",
    code="",
    output=r"""  File "D:\Anaconda3\lib\site-packages\spyder\utils\introspection\manager.py", line 234, in show_object_info
    info = self._get_code_info('info', position, auto=auto)
  File "D:\Anaconda3\lib\site-packages\spyder\utils\introspection\manager.py", line 202, in _get_code_info
    editor = self.editor_widget.get_current_editor()
  File "D:\Anaconda3\lib\site-packages\spyder\widgets\editor.py", line 1145, in get_current_editor
    return self.tabs.currentWidget()
RuntimeError: wrapped C/C++ object of type BaseTabs has been deleted
""",
)
add(
    group="spyder_introspection_deleted_editor_tabs",
    library="spyder",
    url="https://github.com/spyder-ide/spyder/issues/5501",
    canonical=SPY_BASETABS,
    link="ccordoba12: 'Thanks for reporting, This is a duplicate of issue #5484.'",
    callsite="unknown steps, Anaconda on Windows, Spyder 3.2.3",
    command="spyder",
    path="",
    code="",
    output=r"""  File "C:\Users\SMAN\Anaconda3\lib\site-packages\spyder\utils\introspection\manager.py", line 234, in show_object_info
    info = self._get_code_info('info', position, auto=auto)
  File "C:\Users\SMAN\Anaconda3\lib\site-packages\spyder\utils\introspection\manager.py", line 202, in _get_code_info
    editor = self.editor_widget.get_current_editor()
  File "C:\Users\SMAN\Anaconda3\lib\site-packages\spyder\widgets\editor.py", line 1145, in get_current_editor
    return self.tabs.currentWidget()
RuntimeError: wrapped C/C++ object of type BaseTabs has been deleted
""",
)

# --- spyder 3.2.x: variable explorer's collection editor keeps fetching rows after sorting by value -----------------
SPY_SORT = "https://github.com/spyder-ide/spyder/issues/5232"
_SORT_ROWS = [
    (
        SPY_SORT,
        "the type:Bug report of the failure (labels component:Variable Explorer, type:Bug)",
        "sorting a dict by values in the variable explorer, miniconda on Linux",
        r"""  File "/home/shanjie/miniconda3/lib/python3.6/site-packages/spyder/widgets/variableexplorer/collectionseditor.py", line 250, in fetchMore
    self.rows_loaded + items_to_fetch)
  File "/home/shanjie/miniconda3/lib/python3.6/site-packages/spyder/widgets/variableexplorer/collectionseditor.py", line 179, in set_size_and_type
    for index in range(start, stop) ]
  File "/home/shanjie/miniconda3/lib/python3.6/site-packages/spyder/widgets/variableexplorer/collectionseditor.py", line 179, in <listcomp>
    for index in range(start, stop) ]
IndexError: list index out of range
""",
    ),
    (
        "https://github.com/spyder-ide/spyder/issues/4950",
        "labels component:Variable Explorer, resolution:Duplicate, type:Bug set by the maintainers (same frames, same "
        "sort-by-value trigger)",
        "sorting an nltk FreqDist by value in the variable explorer, Python 2.7 on Linux",
        r"""Traceback (most recent call last):
  File "/usr/lib/python2.7/site-packages/spyder/widgets/variableexplorer/collectionseditor.py", line 250, in fetchMore
    self.rows_loaded + items_to_fetch)
  File "/usr/lib/python2.7/site-packages/spyder/widgets/variableexplorer/collectionseditor.py", line 179, in set_size_and_type
    for index in range(start, stop) ]
IndexError: list index out of range
""",
    ),
    (
        "https://github.com/spyder-ide/spyder/issues/5675",
        "ccordoba12: 'I think this was fixed in 3.2.4. Please update.' (closed; same frames)",
        "no steps given, Anaconda under C:\\ProgramData on Windows, Spyder 3.2.3",
        r"""  File "C:\ProgramData\Anaconda3\lib\site-packages\spyder\widgets\variableexplorer\collectionseditor.py", line 250, in fetchMore
    self.rows_loaded + items_to_fetch)
  File "C:\ProgramData\Anaconda3\lib\site-packages\spyder\widgets\variableexplorer\collectionseditor.py", line 174, in set_size_and_type
    for index in range(start, stop) ]
  File "C:\ProgramData\Anaconda3\lib\site-packages\spyder\widgets\variableexplorer\collectionseditor.py", line 174, in <listcomp>
    for index in range(start, stop) ]
IndexError: list index out of range
""",
    ),
    (
        "https://github.com/spyder-ide/spyder/issues/9373",
        "ccordoba12: 'This is fixed in our latest version. Please update' (closed; same frames)",
        "no steps given, Anaconda on D:\\ on Windows, Spyder 3.2.3 in 2019",
        r"""  File "D:\Anaconda3\lib\site-packages\spyder\widgets\variableexplorer\collectionseditor.py", line 250, in fetchMore
    self.rows_loaded + items_to_fetch)
  File "D:\Anaconda3\lib\site-packages\spyder\widgets\variableexplorer\collectionseditor.py", line 179, in set_size_and_type
    for index in range(start, stop) ]
  File "D:\Anaconda3\lib\site-packages\spyder\widgets\variableexplorer\collectionseditor.py", line 179, in <listcomp>
    for index in range(start, stop) ]
IndexError: list index out of range
""",
    ),
]
for _url, _link, _callsite, _output in _SORT_ROWS:
    add(
        group="spyder_collections_editor_rows_after_sort",
        library="spyder",
        url=_url,
        canonical=SPY_SORT,
        link=_link,
        callsite=_callsite,
        command="spyder",
        path="",
        code="",
        output=_output,
    )

# --- black < 22.3.0 with click 8.1.0: black patches click through the removed private module _unicodefun ----------
BLACK_CLICK = "https://github.com/psf/black/issues/2964"
add(
    group="black_patch_click_removed_unicodefun",
    library="black",
    url="https://github.com/psf/black/issues/2963",
    canonical=BLACK_CLICK,
    link="JelleZijlstra: 'Going to close in favor of #2964 which is now pinned.'",
    callsite="black --check --diff --color in a fresh venv on CentOS 7 (compiled black 22.1.0)",
    command="black . --check --diff --color",
    path="",
    code="",
    output=r"""Traceback (most recent call last):
  File "~/venv/bin/black", line 8, in <module>
    sys.exit(patched_main())
  File "src/black/__init__.py", line 1423, in patched_main
  File "src/black/__init__.py", line 1409, in patch_click
ImportError: cannot import name '_unicodefun' from 'click' (~/venv/lib/python3.9/site-packages/click/__init__.py)
""",
)
add(
    group="black_patch_click_removed_unicodefun",
    library="black",
    url="https://github.com/psf/black/issues/2976",
    canonical=BLACK_CLICK,
    link="felix-hilden (black maintainer): 'Correct, see issue #2964 for more info.' (closed)",
    callsite="pip install click==8.1.0 black==22.1.0 in python:3.9-alpine, then black .",
    command="black .",
    path="",
    code="",
    output=r"""Traceback (most recent call last):
  File "/usr/local/bin/black", line 8, in <module>
    sys.exit(patched_main())
  File "/usr/local/lib/python3.9/site-packages/black/__init__.py", line 1423, in patched_main
    patch_click()
  File "/usr/local/lib/python3.9/site-packages/black/__init__.py", line 1409, in patch_click
    from click import _unicodefun
ImportError: cannot import name '_unicodefun' from 'click' (/usr/local/lib/python3.9/site-packages/click/__init__.py)
""",
)


# --- spyder 5.4.0: closing a second editor window leaves the editor plugin holding its deleted widgets -------------
SPY_EDITOR_WINDOW = "https://github.com/spyder-ide/spyder/issues/20144"
add(
    group="spyder_closed_editor_window_stale_widgets",
    library="spyder",
    url=SPY_EDITOR_WINDOW,
    canonical=SPY_EDITOR_WINDOW,
    link="canonical (labels component:Editor, type:Bug; title 'RuntimeError after closing Editor window renders "
    "Editor unusable')",
    callsite="everything after closing an editor window, standalone Spyder 5.4.0 on Windows",
    command="spyder",
    path="",
    code="",
    output=r"""Traceback (most recent call last):
  File "C:\Program Files\Spyder\pkgs\spyder\plugins\editor\plugin.py", line 1846, in todo_results_changed
    other_editorstack.set_todo_results(filename, results)
  File "C:\Program Files\Spyder\pkgs\spyder\plugins\editor\widgets\editor.py", line 2191, in set_todo_results
    self.data[index].set_todo_results(todo_results)
  File "C:\Program Files\Spyder\pkgs\spyder\plugins\editor\widgets\editorstack_helpers.py", line 186, in set_todo_results
    self.editor.process_todo(results)
  File "C:\Program Files\Spyder\pkgs\spyder\plugins\editor\widgets\codeeditor.py", line 3363, in process_todo
    for data in self.blockuserdata_list():
  File "C:\Program Files\Spyder\pkgs\spyder\plugins\editor\widgets\codeeditor.py", line 678, in blockuserdata_list
    block = self.document().firstBlock()
RuntimeError: wrapped C/C++ object of type CodeEditor has been deleted
""",
)
add(
    group="spyder_closed_editor_window_stale_widgets",
    library="spyder",
    url="https://github.com/spyder-ide/spyder/issues/20240",
    canonical=SPY_EDITOR_WINDOW,
    link="ccordoba12: 'This is a duplicate of issue #20144 and we'll fix it on our next version (5.4.1) ... In the "
    "meantime, please avoid using editor windows.'; first block of the report kept (the rest is cut in the excerpt)",
    callsite="closing a file with an editor window open, standalone Spyder on Windows",
    command="spyder",
    path="",
    code="",
    output=r"""Traceback (most recent call last):
  File "C:\Program Files\Spyder\pkgs\spyder\plugins\editor\plugin.py", line 1652, in close_file_in_all_editorstacks
    editorstack.blockSignals(True)
RuntimeError: wrapped C/C++ object of type EditorStack has been deleted
""",
)


# ================================ singletons: a cause no other row of the set has ================================
def single(
    group: str, library: str, url: str, link: str, callsite: str, command: str, path: str, code: str, output: str
) -> None:
    add(
        group=group,
        library=library,
        url=url,
        canonical=url,
        link=link,
        callsite=callsite,
        command=command,
        path=path,
        code=code,
        output=output,
    )


single(
    "bee2_needs_srctools_dev_branch",
    "srctools",
    "https://github.com/BEEmod/BEE2.4/issues/890",
    "singleton here (TeamSpen210 closed it as 'Duplicate of #891', which has no traceback in the index)",
    "running BEE2_config.py from source on Arch Linux, Python 3.6.4",
    "python BEE2_config.py",
    "BEE2_config.py",
    "",
    r"""Traceback (most recent call last):
  File "BEE2_config.py", line 149, in <module>
    GEN_OPTS = ConfigFile('config.cfg', auto_load=False)
  File "BEE2_config.py", line 26, in __init__
    self.writer = srctools.AtomicWriter(self.filename)
AttributeError: module 'srctools' has no attribute 'AtomicWriter'
""",
)
single(
    "srctools_needs_newer_attrs",
    "attrs",
    "https://github.com/TeamSpen210/srctools/issues/12",
    "singleton (TeamSpen210: 'Looks like you might need to update your copy of attrs.')",
    "import srctools in IDLE, Python 3.8 32-bit on Windows",
    "python",
    "",
    "import srctools\n",
    r"""Traceback (most recent call last):
  File "<pyshell#0>", line 1, in <module>
    import srctools
  File "C:\Users\mjmin\AppData\Local\Programs\Python\Python38-32\lib\site-packages\srctools\__init__.py", line 508, in <module>
    from srctools.filesys import FileSystem, FileSystemChain, get_filesystem
  File "C:\Users\mjmin\AppData\Local\Programs\Python\Python38-32\lib\site-packages\srctools\filesys.py", line 15, in <module>
    from srctools.vpk import VPK, FileInfo as VPKFile
  File "C:\Users\mjmin\AppData\Local\Programs\Python\Python38-32\lib\site-packages\srctools\vpk.py", line 134, in <module>
    @attr.define(eq=False)
AttributeError: module 'attr' has no attribute 'define'
""",
)
single(
    "chaos_float_passed_to_qt_int_setter",
    "PyQt5",
    "https://github.com/jonnyhyman/Chaos/issues/44",
    "singleton (the maintainer fixed the int() conversion in logistic_interactive.py)",
    "running logistic_interactive.py on Windows",
    "python logistic_interactive.py",
    "logistic_interactive.py",
    "",
    r"""Traceback (most recent call last):
  File "D:\Atom\Chaos-master\logistic_interactive.py", line 480, in <lambda>
    self.rate_box.valueChanged.connect(lambda: self.setValues('rate_box'))
  File "D:\Atom\Chaos-master\logistic_interactive.py", line 533, in setValues
    self.rate.setValue( linear_interp(self.rateval,
TypeError: setValue(self, int): argument 1 has unexpected type 'float'
Traceback (most recent call last):
  File "D:\Atom\Chaos-master\logistic_interactive.py", line 746, in <module>
    w = Widget(app)
  File "D:\Atom\Chaos-master\logistic_interactive.py", line 575, in __init__
    self.controls.setValues()
  File "D:\Atom\Chaos-master\logistic_interactive.py", line 560, in setValues
    self.setValues('rate_box')
  File "D:\Atom\Chaos-master\logistic_interactive.py", line 533, in setValues
    self.rate.setValue( linear_interp(self.rateval,
TypeError: setValue(self, int): argument 1 has unexpected type 'float'
""",
)
single(
    "the_tale_forum_prototype_missing_get_for",
    "django",
    "https://github.com/the-tale/the-tale/issues/1002",
    "singleton (labels comp_forum, type_bug)",
    "GET /forum/threads/1222?page=2",
    "",
    "",
    "",
    r"""Traceback (most recent call last):

  File "/home/the-tale/env/lib/python2.7/site-packages/django/core/handlers/base.py", line 114, in get_response
    response = wrapped_callback(request, *callback_args, **callback_kwargs)

  File "/home/the-tale/env/lib/python2.7/site-packages/newrelic-2.8.0.7/newrelic/hooks/framework_django.py", line 494, in wrapper
    return wrapped(*args, **kwargs)

  File "/home/the-tale/env/lib/python2.7/site-packages/dext/views/dispatcher.py", line 46, in handler_view
    return method(**arguments)

  File "/home/the-tale/env/lib/python2.7/site-packages/dext/views/validators.py", line 63, in view_wrapper
    return view(resource, **kwargs)

  File "/home/the-tale/env/lib/python2.7/site-packages/the_tale/forum/views.py", line 302, in get_thread
    ThreadReadInfoPrototype.read_thread(self.thread, self.account)

  File "/home/the-tale/env/lib/python2.7/site-packages/the_tale/forum/prototypes.py", line 454, in read_thread
    return cls.create(thread, account)

  File "/home/the-tale/env/lib/python2.7/site-packages/the_tale/forum/prototypes.py", line 443, in create
    return cls._get_for(thread_id=thread.id, account_id=account.id)

AttributeError: type object 'ThreadReadInfoPrototype' has no attribute '_get_for'
""",
)
single(
    "the_tale_model_class_has_no_integrity_error",
    "django",
    "https://github.com/the-tale/the-tale/issues/863",
    "singleton (labels comp_forum, type_bug); same view as #1002, a different mistake",
    "GET /forum/threads/789",
    "",
    "",
    "",
    r"""Traceback (most recent call last):

  File "/home/the-tale/env/lib/python2.7/site-packages/django/core/handlers/base.py", line 115, in get_response
    response = callback(request, *callback_args, **callback_kwargs)

  File "/home/the-tale/env/lib/python2.7/site-packages/newrelic-2.0.0.1/newrelic/api/object_wrapper.py", line 257, in __call__
    self._nr_instance, args, kwargs, **self._nr_kwargs)

  File "/home/the-tale/env/lib/python2.7/site-packages/newrelic-2.0.0.1/newrelic/hooks/framework_django.py", line 485, in wrapper
    return wrapped(*args, **kwargs)

  File "/home/the-tale/env/lib/python2.7/site-packages/dext/views/dispatcher.py", line 46, in handler_view
    return method(**arguments)

  File "/home/the-tale/env/lib/python2.7/site-packages/dext/views/validators.py", line 43, in view_wrapper
    return view(resource, **kwargs)

  File "/home/the-tale/project/forum/views.py", line 285, in get_thread
    ThreadReadInfoPrototype.read_thread(self.thread, self.account)

  File "/home/the-tale/project/forum/prototypes.py", line 388, in read_thread
    return cls.create(thread, account)

  File "/home/the-tale/project/forum/prototypes.py", line 376, in create
    except cls._model_class.IntegrityError:

AttributeError: type object 'ThreadReadInfo' has no attribute 'IntegrityError'
""",
)
single(
    "roblox_presence_api_field_removed",
    "builtins",
    "https://github.com/mov-ebx/roblox-tracker/issues/2",
    "singleton (maintainer: 'i keep forgetting to fix this mb, updating soon')",
    "running Online.py on Windows",
    "python Online.py",
    "Online.py",
    "",
    r"""Traceback (most recent call last):
  File "C:\Users\super\Desktop\Online.py", line 14, in <module>
    last_online = track['LastOnline']
KeyError: 'LastOnline'
""",
)
single(
    "telegram_update_without_message",
    "builtins",
    "https://github.com/SouravJohar/gangsta/issues/1",
    "singleton",
    "running the bot's server module on Ubuntu, Python 3.6",
    "python server.py",
    "server.py",
    "",
    r"""Traceback (most recent call last):
  File "/usr/lib/python3.6/runpy.py", line 183, in _run_module_as_main
    mod_name, mod_spec, code = _get_module_details(mod_name, _Error)
  File "/usr/lib/python3.6/runpy.py", line 109, in _get_module_details
    __import__(pkg_name)
  File "/home/ubuntu/gangsta/server.py", line 24, in <module>
    from_ = item["message"]["from"]["id"]
KeyError: 'message'
""",
)
single(
    "dupeguru_mark_selected_without_ref",
    "dupeguru",
    "https://github.com/arsenetar/dupeguru/issues/1108",
    "singleton (dupeGuru's own error reporter)",
    "marking selected results in dupeGuru 4.3.1 on Windows",
    "",
    "",
    "",
    r"""Traceback (most recent call last):
  File "qt\result_window.py", line 428, in markSelectedTriggered
  File "core\app.py", line 829, in toggle_selected_mark_state
  File "core\app.py", line 842, in without_ref
  File "core\app.py", line 842, in <listcomp>
AttributeError: 'NoneType' object has no attribute 'ref'
""",
)
single(
    "mantidimaging_roi_signal_after_window_closed",
    "PyQt5",
    "https://github.com/mantidproject/mantidimaging/issues/362",
    "singleton (label Type: Bug)",
    "toggling the ROI off and on after cropping a stack",
    "",
    "",
    "",
    r"""2019-10-23 10:05:28,235 [mantidimaging.gui.windows.main.view:L202] ERROR: Traceback (most recent call last):
  File "/home/wtaylor/mantidimaging/mantidimaging/gui/windows/filters/presenter.py", line 80, in handle_roi_selection
    self.view.auto_update_triggered.emit()
RuntimeError: wrapped C/C++ object of type FiltersWindowView has been deleted
""",
)
single(
    "frescobaldi_snippet_shortcuts_reload_deleted_action",
    "PyQt6",
    "https://github.com/frescobaldi/frescobaldi/issues/2208",
    "singleton (bmjcode: 'Fixed in the latest release.')",
    "saving a new snippet in Frescobaldi 4.0.4 on macOS",
    "",
    "",
    "",
    r"""Traceback (most recent call last):
  File "/Applications/Frescobaldi.app/Contents/Resources/app/frescobaldi/snippet/edit.py", line 140, in done
    self.saveSnippet()
  File "/Applications/Frescobaldi.app/Contents/Resources/app/frescobaldi/snippet/edit.py", line 195, in saveSnippet
    self.parent().parent().snippetActions.setShortcuts(name, self.shortcuts())
  File "/Applications/Frescobaldi.app/Contents/Resources/app/frescobaldi/actioncollection.py", line 288, in setShortcuts
    self.reloadOthers()
  File "/Applications/Frescobaldi.app/Contents/Resources/app/frescobaldi/actioncollection.py", line 361, in reloadOthers
    other.load()
  File "/Applications/Frescobaldi.app/Contents/Resources/app/frescobaldi/actioncollection.py", line 256, in load
    a.setParent(None)
RuntimeError: wrapped C/C   object of type QAction has been deleted
""",
)
single(
    "spyder_console_info_widget_deleted",
    "spyder",
    "https://github.com/spyder-ide/spyder/issues/21509",
    "singleton (labels component:IPython Console, type:Bug); repeated block trimmed",
    "minimizing and restoring the window, standalone Spyder 5.5.0 on Windows",
    "spyder",
    "",
    "",
    r"""Traceback (most recent call last):
  File "C:\Program Files\Spyder\pkgs\spyder\plugins\ipythonconsole\widgets\main_widget.py", line 1176, in refresh_container
    self.infowidget.hide()
RuntimeError: wrapped C/C++ object of type FrameWebView has been deleted
""",
)
single(
    "pydantic_v1_forwardref_evaluate_py3124",
    "pydantic",
    "https://github.com/pydantic/pydantic/issues/9667",
    "singleton here (fixed by pydantic 1.10.16 / 2.7.4; the other reports of it in the index have no traceback)",
    "importing models after updating to Python 3.12.4",
    "",
    "",
    "",
    r"""  File "[...]/venv/lib/python3.12/site-packages/pydantic/v1/typing.py", line 66, in evaluate_forwardref
    return cast(Any, type_)._evaluate(globalns, localns, set())
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
TypeError: ForwardRef._evaluate() missing 1 required keyword-only argument: 'recursive_guard'
""",
)
single(
    "flask_2_with_werkzeug_3_url_quote",
    "flask",
    "https://github.com/Neurotech-HQ/heyoo/issues/106",
    "singleton (reporter's fix: pin Werkzeug==2.2.2)",
    "running the webhook example on Ubuntu 24.04, Python 3.12",
    "python hook.py",
    "hook.py",
    "",
    r"""Traceback (most recent call last):
  File "/path/to/project/hook.py", line 5, in <module>
    from flask import Flask, request, make_response
  File "/path/to/project/venv/lib/python3.12/site-packages/flask/__init__.py", line 5, in <module>
    from .app import Flask as Flask
  File "/path/to/project/venv/lib/python3.12/site-packages/flask/app.py", line 30, in <module>
    from werkzeug.urls import url_quote
ImportError: cannot import name 'url_quote' from 'werkzeug.urls' (/path/to/project/venv/lib/python3.12/site-packages/werkzeug/urls.py). Did you mean: 'unquote'?
""",
)
single(
    "openai_client_with_httpx_028_proxies",
    "openai",
    "https://github.com/fan19-hub/LEMMA/issues/7",
    "singleton (maintainer: the installed openai version)",
    "python lemma.py with a conda env, Python 3.11",
    "python lemma.py --input_file_name data/example_input.json --use_cache",
    "lemma.py",
    "",
    r"""Traceback (most recent call last):
  File "/mnt/lemma.py", line 4, in <module>
    from lemma_component import LemmaComponent
  File "/mnt/lemma_component.py", line 3, in <module>
    from utils import onlineImg_process, offlineImg_process, gpt_no_image
  File "/mnt/utils.py", line 11, in <module>
    client = OpenAI()
             ^^^^^^^^
  File "/root/miniconda3/envs/myconda/lib/python3.11/site-packages/openai/_client.py", line 122, in __init__
    super().__init__(
  File "/root/miniconda3/envs/myconda/lib/python3.11/site-packages/openai/_base_client.py", line 825, in __init__
    self._client = http_client or SyncHttpxClientWrapper(
                                  ^^^^^^^^^^^^^^^^^^^^^^^
  File "/root/miniconda3/envs/myconda/lib/python3.11/site-packages/openai/_base_client.py", line 723, in __init__
    super().__init__(**kwargs)
TypeError: Client.__init__() got an unexpected keyword argument 'proxies'
""",
)
single(
    "old_flake8_with_importlib_metadata_5",
    "flake8",
    "https://github.com/MongoEngine/mongoengine/pull/2697",
    "singleton (pull request pinning the fix; pre-commit's hook header lines trimmed; 'line ...' is the poster's)",
    "flake8 pre-commit hook on Python 3.7",
    "pre-commit run flake8",
    "",
    "",
    r"""Traceback (most recent call last):
  File "/home/bgerard/.cache/pre-commit/repope3a67k1/py_env-python3.7/bin/flake8", line 8, in <module>
    sys.exit(main())
  File "/home/bgerard/.cache/pre-commit/repope3a67k1/py_env-python3.7/lib/python3.7/site-packages/flake8/main/cli.py", line ...
  File "/home/bgerard/.cache/pre-commit/repope3a67k1/py_env-python3.7/lib/python3.7/site-packages/flake8/plugins/manager.py", line 254, in _load_entrypoint_plugins
    eps = importlib_metadata.entry_points().get(self.namespace, ())
AttributeError: 'EntryPoints' object has no attribute 'get'
""",
)
single(
    "pip_broken_dist_info_metadata",
    "pip",
    "https://github.com/pypa/pip/issues/8955",
    "singleton here (uranusjr pointed it to #8676; the other reports in the index are cut before their last line)",
    "pip install in a conda env on Windows, Python 3.6",
    "pip install",
    "",
    "",
    r"""Traceback (most recent call last):
  File "c:\users\22713\anaconda3\envs\maskrcnn\lib\site-packages\pip\_vendor\pkg_resources\__init__.py", line 3021, in _dep_map
    return self.__dep_map
  File "c:\users\22713\anaconda3\envs\maskrcnn\lib\site-packages\pip\_vendor\pkg_resources\__init__.py", line 2815, in __getattr__
    raise AttributeError(attr)
AttributeError: _DistInfoDistribution__dep_map pip version:
""",
)
single(
    "pypi_labels_installed_instead_of_pylabels",
    "pylabels",
    "https://github.com/bcbnz/pylabels/issues/16",
    "singleton (reporter: 'I should use pip install pylabels instead of pip install labels')",
    "the nametags demo on macOS, Python 3.7",
    "python3 nametags.py",
    "nametags.py",
    "",
    r"""Traceback (most recent call last):
  File "nametags.py", line 29, in <module>
    specs = labels.Specification(210, 297, 2, 8, 90, 25, corner_radius=2)
AttributeError: module 'labels' has no attribute 'Specification'
""",
)
single(
    "dedupe_1x_api_with_2x_example",
    "dedupe",
    "https://github.com/dedupeio/dedupe-examples/issues/108",
    "singleton (maintainer: console_label() is the 2.0 name, consoleLabel() in 1.x); the backticks around the "
    "posted block are markdown and were dropped",
    "record linkage example",
    "python record_linkage_example.py",
    "record_linkage_example.py",
    "",
    r"""Traceback (most recent call last):
  File "record_linkage_example.py", line 140, in <module>
    dedupe.console_label(linker)
AttributeError: module 'dedupe' has no attribute 'console_label'
""",
)
single(
    "local_package_shadows_stdlib_types",
    "incendium",
    "https://github.com/ignition-devs/incendium/issues/60",
    "singleton (label bug; the package's incendium.types shadows the built-in types module)",
    "importing incendium.db from source, Python 2.7",
    "python",
    "",
    "import sys\nsys.path.extend(['/path/to/incendium/src'])\nimport incendium.db\n",
    r"""Traceback (most recent call last):
  File "<stdin>", line 1, in <module>
  File "/path/to/incendium/src/incendium/db.py", line 15, in <module>
    from types import TracebackType
ImportError: cannot import name TracebackType
""",
)
single(
    "persepolis_old_frozen_build_download_id",
    "persepolis",
    "https://github.com/persepolisdm/persepolis/issues/367",
    "singleton (maintainer: 'Please update to version 3.0.1')",
    "starting the frozen Windows build",
    "",
    "",
    "",
    r"""Traceback (most recent call last):
  File "persepolis\scripts\persepolis.py", line 400, in main
  File "persepolis\scripts\mainwindow.py", line 926, in __init__
KeyError: '8453b3df91f05687'
""",
)
single(
    "server_closes_keepalive_connection",
    "requests",
    "https://github.com/psf/requests/issues/5981",
    "singleton (the head of the traceback was not posted)",
    "intermittent request from a Python program",
    "",
    "",
    "",
    r"""   return session.request(method=method, url=url, **kwargs)
 File "/usr/lib/python3/dist-packages/requests/sessions.py", line 533, in request
   resp = self.send(prep, **send_kwargs)
 File "/usr/lib/python3/dist-packages/requests/sessions.py", line 646, in send
   r = adapter.send(request, **kwargs)
 File "/usr/lib/python3/dist-packages/requests/adapters.py", line 498, in send
   raise ConnectionError(err, request=request)
requests.exceptions.ConnectionError: ('Connection aborted.', RemoteDisconnected('Remote end closed connection without response'))
""",
)
