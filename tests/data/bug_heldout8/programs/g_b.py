"""Groups where the program was written for an older major version of a library or skips a setup step the library
needs: nltk data never downloaded, discord.py 2 intents, tweepy 4 without StreamListener, the openai 1.x client,
geopy's Nominatim user agent, typer 0.15 under click 8.2, passlib with bcrypt 5, Flask-SQLAlchemy 3 application
contexts, Django settings in a plain script, pyperclip without a clipboard program, pydub without ffmpeg, bleach 6
without `styles`, mistune 2/3 without `Renderer`.

Library licences: nltk Apache-2.0, discord.py MIT, tweepy MIT, openai Apache-2.0, geopy MIT, typer MIT, click
BSD-3-Clause, passlib BSD, bcrypt Apache-2.0, Flask-SQLAlchemy BSD-3-Clause, Flask BSD-3-Clause, Django BSD-3-Clause,
pyperclip BSD-3-Clause, pydub MIT, bleach Apache-2.0, mistune BSD-3-Clause.
"""

from programs import P

SOURCES = {
    "nltk_data_not_downloaded": [
        "https://github.com/yunjey/pytorch-tutorial/issues/82",
        "https://github.com/delip/PyTorchNLPBook/issues/14",
        "https://github.com/huggingface/evaluate/issues/622",
    ],
    "discord_intents_required": [
        "https://github.com/BitStore-dev/BitRat/issues/1",
        "https://github.com/ail-project/ail-feeder-discord/issues/26",
        "https://github.com/dfrnoch/discord-sniper/issues/66",
    ],
    "tweepy_stream_listener_removed": [
        "https://github.com/tweepy/tweepy/issues/2108",
        "https://github.com/tweepy/tweepy/issues/1678",
        "https://github.com/tweepy/tweepy/issues/2114",
    ],
    "openai_pre_v1_module_api": [
        "https://github.com/MadcowD/ell/issues/221",
        "https://github.com/mshumer/gpt-llm-trainer/issues/20",
        "https://github.com/0xroyce/AIBlogPilotGPT/issues/1",
    ],
    "nominatim_default_user_agent": [
        "https://github.com/Datalux/Osintgram/issues/70",
        "https://github.com/fhamborg/Giveme5W1H/issues/87",
        "https://github.com/geopy/geopy/issues/474",
    ],
    "typer_too_old_for_click_82": [
        "https://github.com/PagerDuty/pagerduty-mcp-server/issues/14",
        "https://github.com/modelcontextprotocol/python-sdk/issues/688",
        "https://github.com/bachya/linkding-cli/issues/581",
    ],
    "passlib_with_bcrypt5": [
        "https://github.com/pyca/bcrypt/issues/1079",
        "https://github.com/pyca/bcrypt/issues/1082",
        "https://github.com/Pwnzer0tt1/firegex/pull/25",
    ],
    "flask_sqlalchemy_outside_app_context": [
        "https://github.com/automationhacks/people-api/issues/15",
        "https://github.com/miguelgrinberg/microblog/issues/334",
        "https://github.com/techwithtim/Flask-Web-App-Tutorial/issues/105",
    ],
    "django_settings_not_configured": [
        "https://github.com/joke2k/django-environ/issues/273",
        "https://github.com/utkarshohm/mf-platform-bse/issues/14",
        "https://github.com/QuickRelease/django-tenants-celery-beat/issues/9",
    ],
    "pyperclip_no_clipboard_program": [
        "https://github.com/asweigart/pyperclip/issues/170",
        "https://github.com/asweigart/pyperclip/issues/227",
        "https://github.com/skorokithakis/bakeit/issues/2",
    ],
    "pydub_ffmpeg_missing": [
        "https://github.com/jiaaro/pydub/issues/447",
        "https://github.com/jiaaro/pydub/issues/410",
        "https://github.com/jiaaro/pydub/issues/239",
    ],
    "bleach_styles_argument_removed": [
        "https://github.com/lqez/django-summernote/issues/494",
        "https://github.com/equinor/webviz-config/issues/586",
        "https://github.com/ui/django-html_sanitizer/issues/19",
    ],
    "mistune_renderer_class_removed": [
        "https://github.com/Akuli/python-tutorial/issues/17",
        "https://github.com/iamjackg/md2cf/issues/11",
        "https://github.com/quokkaproject/quokka/issues/687",
    ],
}
S = SOURCES

PROGRAMS = [
    # tokenizers and corpora are data packages that nltk.download() must fetch first
    P(
        "nltk_data_not_downloaded",
        "nltk",
        "caption vocabulary built with word_tokenize",
        "LookupError",
        S["nltk_data_not_downloaded"][0],
        {
            "build_vocab.py": r"""
            from collections import Counter

            import nltk

            captions = ["A man riding a wave on top of a surfboard.", "A dog sitting on a bench."]
            counter = Counter()
            for caption in captions:
                tokens = nltk.tokenize.word_tokenize(caption.lower())
                counter.update(tokens)
            vocab = [w for w, c in counter.items() if c >= 1]
            print(len(vocab), "words")
        """,
        },
    ),
    P(
        "nltk_data_not_downloaded",
        "nltk",
        "sentence splitter loaded by resource name with nltk.data.load in a munging helper",
        "LookupError",
        S["nltk_data_not_downloaded"][1],
        {
            "munge.py": r"""
            from splitter import split_sentences

            book = "It was on a dreary night of November. I beheld the accomplishment of my toils."
            for i, s in enumerate(split_sentences(book)):
                print(i, s)
        """,
            "splitter.py": r"""
            import nltk.data

            _tokenizer = None


            def split_sentences(text):
                global _tokenizer
                if _tokenizer is None:
                    _tokenizer = nltk.data.load("tokenizers/punkt/english.pickle")
                return _tokenizer.tokenize(text)
        """,
        },
    ),
    P(
        "nltk_data_not_downloaded",
        "nltk",
        "summary metric splitting predictions into sentences with sent_tokenize",
        "LookupError",
        S["nltk_data_not_downloaded"][2],
        {
            "rouge_lsum.py": r"""
            from nltk.tokenize import sent_tokenize


            def add_newlines(text):
                return "\n".join(sent_tokenize(text))


            predictions = ["The cat sat. It purred loudly."]
            references = ["A cat was sitting. It purred."]
            for p, r in zip(predictions, references):
                print(repr(add_newlines(p)), repr(add_newlines(r)))
        """,
        },
    ),
    # discord.py 2.0 made `intents` a required keyword argument of Client and Bot
    P(
        "discord_intents_required",
        "discord.py",
        "module-level discord.Client() for a bot script",
        "TypeError",
        S["discord_intents_required"][0],
        {
            "bot.py": r"""
            import os

            import discord

            client = discord.Client()


            @client.event
            async def on_message(message):
                if message.content == "!ping":
                    await message.channel.send("pong")


            client.run(os.environ.get("BOT_TOKEN", "missing-token"))
        """,
        },
    ),
    P(
        "discord_intents_required",
        "discord.py",
        "discord.Client subclass for a channel monitor constructed without arguments",
        "TypeError",
        S["discord_intents_required"][1],
        {
            "feeder.py": r"""
            import discordlib

            discordlib.monitor(download=False)
        """,
            "discordlib.py": r"""
            import discord


            class DiscordMonitor(discord.Client):
                def __init__(self, download=False):
                    super().__init__()
                    self.download = download

                async def on_message(self, message):
                    print(message.channel, message.content)


            def monitor(download):
                client = DiscordMonitor(download=download)
                client.run("token-from-config")
        """,
        },
    ),
    P(
        "discord_intents_required",
        "discord.py",
        "commands.Bot created with only a command prefix",
        "TypeError",
        S["discord_intents_required"][2],
        {
            "sniper.py": r"""
            from discord.ext import commands

            bot = commands.Bot(command_prefix="?")


            @bot.command()
            async def snipe(ctx):
                await ctx.send("nothing to snipe")


            if __name__ == "__main__":
                bot.run("token")
        """,
        },
    ),
    # tweepy 4.0 merged StreamListener into Stream (and later removed v1.1 streaming)
    P(
        "tweepy_stream_listener_removed",
        "tweepy",
        "retweet bot subclassing tweepy.StreamListener",
        "AttributeError",
        S["tweepy_stream_listener_removed"][0],
        {
            "bot.py": r"""
            import tweepy

            import config

            EXCLUDE = ["giveaway", "promo"]


            class RetweetStreamListener(tweepy.StreamListener):
                def on_status(self, status):
                    if not any(word in status.text.lower() for word in EXCLUDE):
                        api.retweet(status.id)


            auth = tweepy.OAuthHandler(config.API_KEY, config.API_SECRET)
            api = tweepy.API(auth)
            stream = tweepy.Stream(auth=api.auth, listener=RetweetStreamListener())
            stream.filter(follow=[config.WATCHED_ID])
        """,
            "config.py": r"""
            API_KEY = "key"
            API_SECRET = "secret"
            WATCHED_ID = "1234"
        """,
        },
    ),
    P(
        "tweepy_stream_listener_removed",
        "tweepy",
        "StreamListener imported from tweepy.streaming",
        "ImportError",
        S["tweepy_stream_listener_removed"][1],
        {
            "collect.py": r"""
            import json

            from tweepy.streaming import StreamListener


            class SaveListener(StreamListener):
                def on_data(self, data):
                    with open("tweets.jsonl", "a") as fh:
                        fh.write(json.dumps(json.loads(data)) + "\n")
                    return True
        """,
        },
    ),
    P(
        "tweepy_stream_listener_removed",
        "tweepy",
        "mention listener class defined in a module imported by the main script",
        "AttributeError",
        S["tweepy_stream_listener_removed"][2],
        {
            "main.py": r"""
            from listener import MentionListener, reply_text

            print(reply_text("hello"))
            print(MentionListener)
        """,
            "listener.py": r"""
            import tweepy


            def reply_text(text):
                return f"Thanks for the mention: {text[:40]}"


            class MentionListener(tweepy.StreamListener):
                def __init__(self, api):
                    super().__init__()
                    self.api = api

                def on_status(self, tweet):
                    self.api.update_status(status=reply_text(tweet.text), in_reply_to_status_id=tweet.id)
        """,
        },
    ),
    # openai>=1.0 removed the module-level resource classes (ChatCompletion, Completion, ...)
    P(
        "openai_pre_v1_module_api",
        "openai",
        "chat call with openai.ChatCompletion.create",
        "APIRemovedInV1",
        S["openai_pre_v1_module_api"][0],
        {
            "ask.py": r"""
            import openai

            openai.api_key = "sk-test"


            def ask(question):
                response = openai.ChatCompletion.create(
                    model="gpt-4o-mini", messages=[{"role": "user", "content": question}]
                )
                return response["choices"][0]["message"]["content"]


            print(ask("Say hello in French."))
        """,
        },
    ),
    P(
        "openai_pre_v1_module_api",
        "openai",
        "training examples generated in a loop through a helper calling ChatCompletion",
        "APIRemovedInV1",
        S["openai_pre_v1_module_api"][1],
        {
            "make_dataset.py": r"""
            from generator import generate_example

            prev = []
            for i in range(3):
                prev.append(generate_example("answer trivia questions concisely", prev, temperature=0.4))
            print(len(prev), "examples")
        """,
            "generator.py": r"""
            import openai


            def generate_example(task, prev_examples, temperature=0.5):
                messages = [{"role": "system", "content": f"Write one prompt/response pair for: {task}"}]
                for ex in prev_examples[-4:]:
                    messages.append({"role": "assistant", "content": ex})
                response = openai.ChatCompletion.create(model="gpt-4", messages=messages, temperature=temperature)
                return response.choices[0].message["content"]
        """,
        },
    ),
    P(
        "openai_pre_v1_module_api",
        "openai",
        "blog outline written with the legacy openai.Completion endpoint",
        "APIRemovedInV1",
        S["openai_pre_v1_module_api"][2],
        {
            "blog.py": r"""
            import openai

            from settings import API_KEY, MODEL

            openai.api_key = API_KEY

            outline = openai.Completion.create(
                engine=MODEL, prompt="Outline a post about composting at home.", max_tokens=200
            )
            print(outline.choices[0].text.strip())
        """,
            "settings.py": r"""
            API_KEY = "sk-local"
            MODEL = "text-davinci-003"
        """,
        },
    ),
    # geopy 2.0 refuses Nominatim's default or sample user_agent
    P(
        "nominatim_default_user_agent",
        "geopy",
        "Nominatim() created as a class attribute of the main tool class",
        "ConfigurationError",
        S["nominatim_default_user_agent"][0],
        {
            "main.py": r"""
            from tool import Locator

            loc = Locator()
            print(loc.describe(48.8584, 2.2945))
        """,
            "tool.py": r"""
            from geopy.geocoders import Nominatim


            class Locator:
                geolocator = Nominatim()

                def describe(self, lat, lon):
                    place = self.geolocator.reverse(f"{lat}, {lon}")
                    return place.address if place else "unknown"
        """,
        },
    ),
    P(
        "nominatim_default_user_agent",
        "geopy",
        "where-extractor building a geocoder in its constructor",
        "ConfigurationError",
        S["nominatim_default_user_agent"][1],
        {
            "extract.py": r"""
            from extractors.environment import EnvironmentExtractor

            extractor = EnvironmentExtractor()
            print(extractor.where(["Berlin", "Germany"]))
        """,
            "extractors/__init__.py": "",
            "extractors/environment.py": r"""
            from geopy.geocoders import Nominatim


            class EnvironmentExtractor:
                def __init__(self, timeout=10):
                    self.geocoder = Nominatim(timeout=timeout)

                def where(self, candidates):
                    return [self.geocoder.geocode(c) for c in candidates]
        """,
        },
    ),
    P(
        "nominatim_default_user_agent",
        "geopy",
        "geocoder given the documentation's placeholder user_agent",
        "ConfigurationError",
        S["nominatim_default_user_agent"][2],
        {
            "geocode_addresses.py": r"""
            import csv

            from geopy.geocoders import Nominatim

            geolocator = Nominatim(user_agent="specify_your_app_name_here")

            with open("addresses.csv") as fh:
                for row in csv.DictReader(fh):
                    loc = geolocator.geocode(row["address"])
                    print(row["name"], loc.latitude if loc else None)
        """,
            "addresses.csv": "name,address\nlibrary,175 5th Avenue NYC\n",
        },
    ),
    # typer < 0.16 calls click's make_metavar() without the ctx that click 8.2 requires
    P(
        "typer_too_old_for_click_82",
        "typer",
        "--help of a typer server CLI with an argument and options",
        "TypeError",
        S["typer_too_old_for_click_82"][0],
        {
            "pd_server.py": r"""
            import typer

            app = typer.Typer(pretty_exceptions_enable=False)


            @app.command()
            def main(service: str, enable_write_tools: bool = False, port: int = 8000):
                print(f"serving {service} on {port} (writes: {enable_write_tools})")


            if __name__ == "__main__":
                app()
        """,
        },
        "--help",
    ),
    P(
        "typer_too_old_for_click_82",
        "typer",
        "CLI with subcommands run without arguments (no_args_is_help)",
        "TypeError",
        S["typer_too_old_for_click_82"][1],
        {
            "devtool.py": r"""
            import typer

            app = typer.Typer(no_args_is_help=True, pretty_exceptions_enable=False, help="Development tools")


            @app.command()
            def dev(file_spec: str = typer.Argument(..., help="server file")):
                print("inspecting", file_spec)


            @app.command()
            def install(file_spec: str, name: str = typer.Option(None, "--name", "-n")):
                print("installing", file_spec, name)


            if __name__ == "__main__":
                app()
        """,
        },
    ),
    P(
        "typer_too_old_for_click_82",
        "typer",
        "--help of a subcommand whose callback takes a config path argument",
        "TypeError",
        S["typer_too_old_for_click_82"][2],
        {
            "bookmarks.py": r"""
            from pathlib import Path

            import typer

            APP = typer.Typer(pretty_exceptions_enable=False)


            @APP.callback()
            def main(ctx: typer.Context, verbose: bool = typer.Option(False, "--verbose", "-v")):
                ctx.obj = {"verbose": verbose}


            @APP.command()
            def sync(config: Path = typer.Argument(..., help="config file"), token: str = typer.Option("", "--token")):
                print("syncing with", config)


            if __name__ == "__main__":
                APP()
        """,
        },
        "sync",
        "--help",
    ),
    # passlib 1.7.4's bcrypt backend self-test hashes a >72-byte secret, which bcrypt 5 rejects
    P(
        "passlib_with_bcrypt5",
        "passlib",
        "CryptContext(schemes=['bcrypt']).hash of a short password",
        "ValueError",
        S["passlib_with_bcrypt5"][0],
        {
            "hash_check.py": r"""
            from passlib.context import CryptContext

            pwd_context = CryptContext(schemes=["bcrypt"], deprecated="auto")

            password = "correct horse"
            print("length:", len(password.encode("utf-8")))
            hashed = pwd_context.hash(password)
            print("verified:", pwd_context.verify(password, hashed))
        """,
        },
    ),
    P(
        "passlib_with_bcrypt5",
        "passlib",
        "login check verifying a stored bcrypt hash through an auth module",
        "ValueError",
        S["passlib_with_bcrypt5"][1],
        {
            "login.py": r"""
            from auth import verify_password

            STORED = "$2b$12$KIXQJQ8Z1zq0p6u1wJp2GuF2mQeQfJx1m8y7r3QpC9m3cQG8rX5mS"
            print("ok" if verify_password("hunter22", STORED) else "denied")
        """,
            "auth.py": r"""
            from passlib.hash import bcrypt


            def verify_password(plain, hashed):
                return bcrypt.verify(plain, hashed)
        """,
        },
    ),
    P(
        "passlib_with_bcrypt5",
        "passlib",
        "admin password set through passlib's bcrypt handler with explicit rounds",
        "ValueError",
        S["passlib_with_bcrypt5"][2],
        {
            "set_password.py": r"""
            import json
            import sys

            from passlib.hash import bcrypt

            new_password = sys.argv[1] if len(sys.argv) > 1 else "s3cret-admin"
            record = {"user": "admin", "hash": bcrypt.using(rounds=10).hash(new_password)}
            with open("users.json", "w") as fh:
                json.dump(record, fh)
            print("password updated")
        """,
        },
    ),
    # Flask-SQLAlchemy 3 needs an application context for engines and sessions
    P(
        "flask_sqlalchemy_outside_app_context",
        "flask_sqlalchemy",
        "db.create_all() at module level of a build script",
        "RuntimeError",
        S["flask_sqlalchemy_outside_app_context"][0],
        {
            "build_database.py": r"""
            from config import app, db
            from models import Person

            PEOPLE = [{"fname": "Ada", "lname": "Lovelace"}, {"fname": "Alan", "lname": "Turing"}]

            db.create_all()
            for p in PEOPLE:
                db.session.add(Person(fname=p["fname"], lname=p["lname"]))
            db.session.commit()
        """,
            "config.py": r"""
            from flask import Flask
            from flask_sqlalchemy import SQLAlchemy

            app = Flask(__name__)
            app.config["SQLALCHEMY_DATABASE_URI"] = "sqlite:///people.db"
            db = SQLAlchemy(app)
        """,
            "models.py": r"""
            from config import db


            class Person(db.Model):
                id = db.Column(db.Integer, primary_key=True)
                fname = db.Column(db.String(32))
                lname = db.Column(db.String(32))
        """,
        },
    ),
    P(
        "flask_sqlalchemy_outside_app_context",
        "flask_sqlalchemy",
        "user added with db.session.add from a standalone script",
        "RuntimeError",
        S["flask_sqlalchemy_outside_app_context"][1],
        {
            "add_user.py": r"""
            from app import db
            from app.models import User

            u = User(username="susan", email="susan@example.com")
            db.session.add(u)
            db.session.commit()
            print("added", u.username)
        """,
            "app/__init__.py": r"""
            from flask import Flask
            from flask_sqlalchemy import SQLAlchemy

            app = Flask(__name__)
            app.config["SQLALCHEMY_DATABASE_URI"] = "sqlite:///app.db"
            db = SQLAlchemy(app)
        """,
            "app/models.py": r"""
            from app import db


            class User(db.Model):
                id = db.Column(db.Integer, primary_key=True)
                username = db.Column(db.String(64), unique=True)
                email = db.Column(db.String(120), unique=True)
        """,
        },
    ),
    P(
        "flask_sqlalchemy_outside_app_context",
        "flask_sqlalchemy",
        "app factory with db.init_app creating the database file on first start",
        "RuntimeError",
        S["flask_sqlalchemy_outside_app_context"][2],
        {
            "main.py": r"""
            from website import create_app

            app = create_app()
            print(app.name, "ready")
        """,
            "website/__init__.py": r"""
            from os import path

            from flask import Flask
            from flask_sqlalchemy import SQLAlchemy

            db = SQLAlchemy()
            DB_NAME = "database.db"


            def create_app():
                app = Flask(__name__)
                app.config["SQLALCHEMY_DATABASE_URI"] = f"sqlite:///{DB_NAME}"
                db.init_app(app)
                from .models import Note  # noqa: F401

                create_database(app)
                return app


            def create_database(app):
                if not path.exists("website/" + DB_NAME):
                    db.create_all()
                    print("Created Database!")
        """,
            "website/models.py": r"""
            from . import db


            class Note(db.Model):
                id = db.Column(db.Integer, primary_key=True)
                data = db.Column(db.String(10000))
        """,
        },
    ),
    # Django settings are read lazily; a plain `python script.py` has no DJANGO_SETTINGS_MODULE
    P(
        "django_settings_not_configured",
        "django",
        "helper module comparing settings values at import time, run directly",
        "ImproperlyConfigured",
        S["django_settings_not_configured"][0],
        {
            "table_tools.py": r"""
            from data_tools import to_bool

            print(to_bool("yes"))
        """,
            "data_tools.py": r"""
            from storage_tools import get_file  # noqa: F401


            def to_bool(value):
                return str(value).lower() in {"1", "yes", "true"}
        """,
            "storage_tools.py": r"""
            from django.conf import settings

            if settings.FILE_DB == "s3":
                from s3_backend import get_file
            else:

                def get_file(key):
                    return open(key, "rb")
        """,
            "portal/__init__.py": "",
            "portal/settings.py": r"""
            FILE_DB = "local"
            SECRET_KEY = "dev"
        """,
        },
    ),
    P(
        "django_settings_not_configured",
        "django",
        "web script importing a Django model module outside manage.py",
        "ImproperlyConfigured",
        S["django_settings_not_configured"][1],
        {
            "web.py": r"""
            from models.users import Info

            print(Info.objects.count())
        """,
            "models/__init__.py": "",
            "models/users.py": r"""
            from django.db import models


            class Info(models.Model):
                pan = models.CharField(max_length=10)
                mobile = models.CharField(max_length=15)
        """,
            "mfsite/__init__.py": "",
            "mfsite/settings.py": r"""
            SECRET_KEY = "dev"
            INSTALLED_APPS = ["models"]
            DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": "db.sqlite3"}}
        """,
        },
    ),
    P(
        "django_settings_not_configured",
        "django",
        "django.setup() called in a worker utility before any settings module is named",
        "ImproperlyConfigured",
        S["django_settings_not_configured"][2],
        {
            "beat.py": r"""
            from utils import start

            start()
        """,
            "utils.py": r"""
            import django


            def start():
                django.setup()
                from django.conf import settings

                print("timezone:", settings.TIME_ZONE)
        """,
            "app/__init__.py": "",
            "app/settings.py": r"""
            SECRET_KEY = "dev"
            TIME_ZONE = "Europe/London"
        """,
        },
    ),
    # pyperclip needs xclip/xsel/wl-clipboard (or a desktop clipboard) on Linux
    P(
        "pyperclip_no_clipboard_program",
        "pyperclip",
        "text copied to the clipboard with pyperclip.copy",
        "PyperclipException",
        S["pyperclip_no_clipboard_program"][0],
        {
            "copy_text.py": r"""
            import pyperclip

            pyperclip.copy("The text to be copied to the clipboard.")
            print("copied:", pyperclip.paste())
        """,
        },
    ),
    P(
        "pyperclip_no_clipboard_program",
        "pyperclip",
        "scheduled job reading the clipboard with pyperclip.paste",
        "PyperclipException",
        S["pyperclip_no_clipboard_program"][1],
        {
            "clip_job.py": r"""
            import datetime

            import pyperclip


            def snapshot():
                content = pyperclip.paste()
                stamp = datetime.date(2024, 5, 1).isoformat()
                with open(f"clip_{stamp}.txt", "w") as fh:
                    fh.write(content)


            snapshot()
        """,
        },
    ),
    P(
        "pyperclip_no_clipboard_program",
        "pyperclip",
        "paste service CLI copying the returned URL",
        "PyperclipException",
        S["pyperclip_no_clipboard_program"][2],
        {
            "bake.py": r"""
            import sys

            from client import upload

            text = "print('hi')\n"
            url = upload(text, title=sys.argv[1] if len(sys.argv) > 1 else "snippet")
            print("Paste URL:", url)
        """,
            "client.py": r"""
            import hashlib

            import pyperclip


            def upload(text, title):
                key = hashlib.sha1((title + text).encode()).hexdigest()[:6]
                url = f"https://paste.example.org/{key}/"
                pyperclip.copy(url)
                return url
        """,
        },
    ),
    # pydub decodes and encodes by running ffmpeg/ffprobe, which are not installed
    P(
        "pydub_ffmpeg_missing",
        "pydub",
        "MP3 opened with AudioSegment.from_mp3",
        "FileNotFoundError",
        S["pydub_ffmpeg_missing"][0],
        {
            "trim.py": r"""
            from pydub import AudioSegment

            with open("intro.mp3", "wb") as fh:
                fh.write(b"ID3\x03\x00\x00\x00\x00\x00\x00" + b"\xff\xfb\x90\x64" * 64)

            song = AudioSegment.from_mp3("intro.mp3")
            song[:5000].export("intro_5s.mp3", format="mp3")
        """,
        },
    ),
    P(
        "pydub_ffmpeg_missing",
        "pydub",
        "AudioSegment.converter pointed at a Windows ffmpeg.exe before loading a file",
        "FileNotFoundError",
        S["pydub_ffmpeg_missing"][1],
        {
            "player.py": r"""
            from pydub import AudioSegment

            AudioSegment.converter = "C:\\ffmpeg\\bin\\ffmpeg.exe"

            with open("lemon.ogg", "wb") as fh:
                fh.write(b"OggS" + bytes(60))
            song = AudioSegment.from_file("lemon.ogg", format="ogg")
            print(len(song), "ms")
        """,
        },
    ),
    P(
        "pydub_ffmpeg_missing",
        "pydub",
        "generated tone exported as MP3 from a synth module",
        "FileNotFoundError",
        S["pydub_ffmpeg_missing"][2],
        {
            "make_ringtone.py": r"""
            from synth import beep_track

            track = beep_track(3)
            track.export("ringtone.mp3", format="mp3", bitrate="128k")
            print("exported")
        """,
            "synth.py": r"""
            from pydub import AudioSegment
            from pydub.generators import Sine


            def beep_track(count):
                out = AudioSegment.silent(duration=200)
                for i in range(count):
                    out += Sine(440 + 110 * i).to_audio_segment(duration=300) + AudioSegment.silent(duration=150)
                return out
        """,
        },
    ),
    # bleach 5/6 removed clean(styles=...) in favour of css_sanitizer=CSSSanitizer(...)
    P(
        "bleach_styles_argument_removed",
        "bleach",
        "rich-text field sanitised with bleach.clean(..., styles=STYLES)",
        "TypeError",
        S["bleach_styles_argument_removed"][0],
        {
            "fields.py": r"""
            import bleach

            ALLOWED_TAGS = ["p", "b", "i", "span", "a"]
            ATTRIBUTES = {"*": ["style"], "a": ["href"]}
            STYLES = ["color", "font-weight"]


            def clean_value(value):
                return bleach.clean(value, tags=ALLOWED_TAGS, attributes=ATTRIBUTES, styles=STYLES)


            print(clean_value('<p style="color: red">Hi <script>x()</script></p>'))
        """,
        },
    ),
    P(
        "bleach_styles_argument_removed",
        "bleach",
        "markdown plugin cleaning rendered HTML with a styles whitelist from a config module",
        "TypeError",
        S["bleach_styles_argument_removed"][1],
        {
            "render_page.py": r"""
            from plugins.markdown_page import MarkdownPage

            page = MarkdownPage("<h1 style='text-align:center'>Report</h1><p onclick='x()'>body</p>")
            print(page.html)
        """,
            "plugins/__init__.py": "",
            "plugins/markdown_page.py": r"""
            import bleach

            from plugins.sanitize_config import ALLOWED_ATTRIBUTES, ALLOWED_STYLES, ALLOWED_TAGS


            class MarkdownPage:
                def __init__(self, html):
                    self.html = bleach.clean(
                        html, tags=ALLOWED_TAGS, attributes=ALLOWED_ATTRIBUTES, styles=ALLOWED_STYLES
                    )
        """,
            "plugins/sanitize_config.py": r"""
            ALLOWED_TAGS = ["h1", "h2", "p", "table", "tr", "td"]
            ALLOWED_ATTRIBUTES = {"*": ["style", "class"]}
            ALLOWED_STYLES = ["text-align", "width"]
        """,
        },
    ),
    P(
        "bleach_styles_argument_removed",
        "bleach",
        "reusable bleach.Cleaner built with styles= for comment sanitising",
        "TypeError",
        S["bleach_styles_argument_removed"][2],
        {
            "sanitizer.py": r"""
            from bleach.sanitizer import Cleaner

            cleaner = Cleaner(tags=["em", "strong", "span"], attributes={"span": ["style"]}, styles=["color"])

            comments = ['<span style="color:blue">nice</span>', "<em>ok</em><img src=x>"]
            print([cleaner.clean(c) for c in comments])
        """,
        },
    ),
    # mistune 2/3 replaced mistune.Renderer (and mistune.Markdown(renderer=...)) with HTMLRenderer/create_markdown
    P(
        "mistune_renderer_class_removed",
        "mistune",
        "custom renderer subclassing mistune.Renderer in an HTML builder script",
        "AttributeError",
        S["mistune_renderer_class_removed"][0],
        {
            "make_html.py": r"""
            import mistune


            class TutorialRenderer(mistune.Renderer):
                def link(self, link, title, content):
                    return f'<a href="{link.replace(".md", ".html")}">{content}</a>'


            md = mistune.Markdown(renderer=TutorialRenderer())
            print(md("See [basics](basics.md)."))
        """,
        },
    ),
    P(
        "mistune_renderer_class_removed",
        "mistune",
        "wiki renderer module subclassing mistune.Renderer imported by a document converter",
        "AttributeError",
        S["mistune_renderer_class_removed"][1],
        {
            "md2wiki.py": r"""
            from wiki.document import convert

            print(convert("# Title\n\nSome *text*."))
        """,
            "wiki/__init__.py": "",
            "wiki/document.py": r"""
            import mistune

            from wiki.renderer import WikiRenderer


            def convert(markdown_text):
                return mistune.Markdown(renderer=WikiRenderer())(markdown_text)
        """,
            "wiki/renderer.py": r"""
            import mistune


            class WikiRenderer(mistune.Renderer):
                def header(self, text, level, raw=None):
                    return f"h{level}. {text}\n"
        """,
        },
    ),
    P(
        "mistune_renderer_class_removed",
        "mistune",
        "renderer instance created with mistune.Renderer(escape=True) for user-submitted posts",
        "AttributeError",
        S["mistune_renderer_class_removed"][2],
        {
            "posts.py": r"""
            import mistune

            renderer = mistune.Renderer(escape=True, hard_wrap=True)
            markdown = mistune.Markdown(renderer=renderer)

            for body in ["**hello**", "<b>raw</b> html"]:
                print(markdown(body))
        """,
        },
    ),
]

PROGRAMS += [
    P(
        "flask_sqlalchemy_outside_app_context",
        "flask_sqlalchemy",
        "fake users script importing a table module that calls db.create_all() at import",
        "RuntimeError",
        "https://github.com/miguelgrinberg/flask-gridjs/issues/11",
        {
            "create_fake_users.py": r"""
            import random
            import sys

            from basic_table import User, db


            def create_fake_users(n):
                for i in range(n):
                    db.session.add(User(name=f"user{i}", age=random.randint(20, 80)))
                db.session.commit()


            create_fake_users(int(sys.argv[1]))
        """,
            "basic_table.py": r"""
            from flask import Flask
            from flask_sqlalchemy import SQLAlchemy

            app = Flask(__name__)
            app.config["SQLALCHEMY_DATABASE_URI"] = "sqlite:///db.sqlite"
            db = SQLAlchemy(app)


            class User(db.Model):
                id = db.Column(db.Integer, primary_key=True)
                name = db.Column(db.String(64), index=True)
                age = db.Column(db.Integer, index=True)


            db.create_all()
        """,
        },
        "100",
    ),
    P(
        "tweepy_stream_listener_removed",
        "tweepy",
        "listener class from the old docs defined in a Django app's streaming module",
        "AttributeError",
        "https://github.com/tweepy/tweepy/issues/1531",
        {
            "manage_stream.py": r"""
            from tweets.streaming import start_stream

            start_stream(["python"])
        """,
            "tweets/__init__.py": "",
            "tweets/streaming.py": r"""
            import tweepy

            auth = tweepy.OAuthHandler("consumer_key", "consumer_secret")
            api = tweepy.API(auth)


            class MyStreamListener(tweepy.StreamListener):
                def on_status(self, status):
                    print(status.text)


            def start_stream(track):
                my_stream = tweepy.Stream(auth=api.auth, listener=MyStreamListener())
                my_stream.filter(track=track)
        """,
        },
    ),
]
