"""Singletons: real reports whose cause has no sibling in the set, each next to a group it resembles.

Library licences: misaka MIT (not installed: the failure happens before it is reached), python-dotenv BSD-3-Clause,
tweepy MIT, serial (the PyPI project) MIT.
"""

from programs import P

PROGRAMS = [
    # next to mistune_renderer_class_removed: the script is named like the library it imports, so it imports itself
    P(
        "script_shadows_library_module",
        "misaka",
        "example from a renderer's documentation saved as misaka.py",
        "AttributeError",
        "https://github.com/FSX/misaka/issues/55",
        {
            "misaka.py": r"""
            import misaka as m


            class HighlighterRenderer(m.HtmlRenderer):
                def blockcode(self, text, lang):
                    return f"<pre><code class='{lang}'>{text.strip()}</code></pre>"


            md = m.Markdown(HighlighterRenderer(), extensions=("fenced-code",))
            print(md("```python\nprint(1)\n```"))
        """,
        },
    ),
    # next to spotify_client_id_not_set: dotenv_values() was given a path relative to the wrong directory
    P(
        "dotenv_file_not_in_working_directory",
        "python-dotenv",
        "settings read with dotenv_values(script folder / '.env.dev') while the file sits one directory up",
        "KeyError",
        "https://github.com/theskumar/python-dotenv/issues/455",
        {
            "app/run.py": r"""
            from pathlib import Path

            from dotenv import dotenv_values

            HERE = Path(__file__).parent
            config = dotenv_values(HERE / ".env.dev")
            print("connecting to", config["DATABASE_URL"])
        """,
            ".env.dev": "DATABASE_URL=sqlite:///dev.db\nDEBUG=1\n",
        },
    ),
    # next to tweepy_stream_listener_removed: tweepy 4.14 removed the v1.1 Stream class itself
    P(
        "tweepy_v1_stream_removed",
        "tweepy",
        "sentiment listener subclassing tweepy.Stream on tweepy 4.14+",
        "AttributeError",
        "https://github.com/tweepy/tweepy/issues/2135",
        {
            "live_sentiment.py": r"""
            import json

            import tweepy


            class Listener(tweepy.Stream):
                def on_data(self, raw_data):
                    tweet = json.loads(raw_data)["text"]
                    print(tweet)
                    return True


            stream = Listener("ckey", "csecret", "atoken", "asecret")
            stream.filter(track=["car"])
        """,
        },
    ),
    # next to serial_package_instead_of_pyserial: `import serial` does not bind the name Serial
    P(
        "class_used_without_module_prefix",
        "serial",
        "Serial(...) called after a plain `import serial`",
        "NameError",
        "https://github.com/pyserial/pyserial/issues/436",
        {
            "uart_read.py": r"""
            import serial

            ser = Serial("/dev/ttyS0", 9600, timeout=1.0, rtscts=0)
            print(ser.readline())
        """,
        },
    ),
]
