"""Pallets removals of 2022-2023 met by older releases of their users: Jinja2 3.1 (escape/Markup), itsdangerous 2.1
(json), MarkupSafe 2.1 (soft_unicode), Werkzeug 3.0 (url_quote). Four ImportError groups with four different causes."""

from programs import P, Run

U_JINJA_CANON = "https://github.com/pallets/jinja/issues/1626"
U_JINJA_DUP = "https://github.com/pallets/jinja/issues/1648"
U_JINJA_FLASK10 = "https://github.com/pallets/flask/issues/4520"
U_ITS_CANON = "https://github.com/pallets/itsdangerous/issues/289"
U_ITS_FLASK111 = "https://github.com/pallets/itsdangerous/issues/290"
U_ITS_DUP = "https://github.com/pallets/itsdangerous/issues/291"
U_MS_DUP = "https://github.com/pallets/jinja/issues/1596"
U_MS_DUP2 = "https://github.com/pallets/jinja/issues/1658"
U_MS_PKG = "https://github.com/pallets/jinja/issues/1587"
U_MS_210 = "https://github.com/pallets/jinja/issues/1594"
U_WZ_222 = "https://github.com/pallets/werkzeug/issues/2789"
U_WZ_CLI = "https://github.com/pallets/werkzeug/issues/2808"

J31 = "flask-1.1.2-jinja2-3.1.0"
ITS = "flask-1.1.2-itsdangerous-2.1.0"
MS = "jinja2-2.11.3-markupsafe-2.1.0"

PROGRAMS = [
    # Flask 1.x imports escape and Markup from jinja2; Jinja2 3.1 no longer re-exports them
    Run(
        J31,
        P(
            "flask1_jinja31_escape_removed",
            "flask",
            "flask app module imported by the run script",
            "ImportError",
            U_JINJA_CANON,
            {
                "run.py": r"""
                from portal import app

                if __name__ == "__main__":
                    app.run(port=5000)
                """,
                "portal/__init__.py": r"""
                from flask import Flask, render_template

                app = Flask(__name__)


                @app.route("/")
                def home():
                    return render_template("home.html")
                """,
            },
        ),
    ),
    Run(
        J31,
        P(
            "flask1_jinja31_escape_removed",
            "flask",
            "star imports in a try block that reports missing modules",
            "ImportError",
            U_JINJA_DUP,
            {
                "server.py": r"""
                import os

                try:
                    from werkzeug.utils import secure_filename
                    from flask import *
                except ImportError as e:
                    print("missing dependency:", e)
                    raise

                app = Flask(__name__)
                UPLOADS = os.path.join(os.getcwd(), "uploads")
                print(secure_filename("my report.pdf"), UPLOADS)
                """,
            },
        ),
    ),
    Run(
        "flask-1.0.2-jinja2-3.1.1",
        P(
            "flask1_jinja31_escape_removed",
            "flask",
            "blog app started through its package's create function",
            "ImportError",
            U_JINJA_FLASK10,
            {
                "start.py": r"""
                from blog import create_app

                app = create_app({"DEBUG": False})
                print(app.name)
                """,
                "blog/__init__.py": r"""
                def create_app(config):
                    from flask import Flask

                    app = Flask(__name__)
                    app.config.update(config)
                    return app
                """,
            },
        ),
    ),
    # Flask 1.x imports json from itsdangerous; itsdangerous 2.1 removed it
    Run(
        ITS,
        P(
            "flask1_itsdangerous21_json_removed",
            "flask",
            "application factory imports Flask, Request, Response",
            "ImportError",
            U_ITS_CANON,
            {
                "wsgi.py": r"""
                from service.factory import create_app

                application = create_app()
                """,
                "service/__init__.py": "",
                "service/factory.py": r"""
                from flask import Flask, Request, Response


                class JSONResponse(Response):
                    default_mimetype = "application/json"


                def create_app():
                    app = Flask("service")
                    app.response_class = JSONResponse
                    app.request_class = Request
                    return app
                """,
            },
        ),
    ),
    Run(
        ITS,
        P(
            "flask1_itsdangerous21_json_removed",
            "flask",
            "mail service main module imports send_from_directory",
            "ImportError",
            U_ITS_FLASK111,
            {
                "app/main.py": r"""
                import os
                import sys

                sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

                from flask import send_from_directory

                from app.routes import bp

                print(bp, send_from_directory)
                """,
                "app/__init__.py": "",
                "app/routes.py": r"""
                from flask import Blueprint

                bp = Blueprint("mail", __name__)
                """,
            },
        ),
    ),
    Run(
        ITS,
        P(
            "flask1_itsdangerous21_json_removed",
            "flask",
            "login helper imports flask session tools at start",
            "ImportError",
            U_ITS_DUP,
            {
                "login.py": r"""
                from auth import make_token

                print(make_token({"user": 7}))
                """,
                "auth.py": r"""
                from flask import current_app, session
                from itsdangerous import URLSafeTimedSerializer


                def make_token(payload, secret="dev"):
                    return URLSafeTimedSerializer(secret).dumps(payload)
                """,
            },
        ),
    ),
    Run(
        ITS,
        P(
            "flask1_itsdangerous21_json_removed",
            "flask",
            "test runner loads the app factory before collecting tests",
            "ImportError",
            U_ITS_CANON,
            {
                "run_tests.py": r"""
                import unittest

                from app_core.factory import create_app


                class HealthTest(unittest.TestCase):
                    def test_health(self):
                        client = create_app().test_client()
                        self.assertEqual(client.get("/health").status_code, 200)


                unittest.main()
                """,
                "app_core/__init__.py": "",
                "app_core/factory.py": r"""
                from flask import Flask, jsonify


                def create_app():
                    app = Flask(__name__)

                    @app.get("/health")
                    def health():
                        return jsonify(ok=True)

                    return app
                """,
            },
        ),
    ),
    # Jinja2 2.x imports soft_unicode from markupsafe; MarkupSafe 2.1 removed it
    Run(
        MS,
        P(
            "jinja2_2x_markupsafe21_soft_unicode",
            "jinja2",
            "site builder imports Environment and FileSystemLoader",
            "ImportError",
            U_MS_DUP,
            {
                "build_site.py": r"""
                from pathlib import Path

                from jinja2 import Environment, FileSystemLoader

                env = Environment(loader=FileSystemLoader("templates"))
                Path("site").mkdir(exist_ok=True)
                Path("site/index.html").write_text(env.get_template("index.html").render(title="Home"))
                """,
                "templates/index.html": "<h1>{{ title }}</h1>\n",
            },
        ),
    ),
    Run(
        MS,
        P(
            "jinja2_2x_markupsafe21_soft_unicode",
            "jinja2",
            "greeting rendered from an inline Template",
            "ImportError",
            U_MS_DUP2,
            {
                "greet.py": r"""
                import sys

                from jinja2 import Template

                name = sys.argv[1] if len(sys.argv) > 1 else "world"
                print(Template("Hello {{ name | title }}!").render(name=name))
                """,
            },
            "ada",
        ),
    ),
    Run(
        MS,
        P(
            "jinja2_2x_markupsafe21_soft_unicode",
            "jinja2",
            "report package renders a template at import of its renderer",
            "ImportError",
            U_MS_PKG,
            {
                "make_report.py": r"""
                from reporting.render import render_summary

                print(render_summary({"passed": 12, "failed": 1}))
                """,
                "reporting/__init__.py": "",
                "reporting/render.py": r"""
                import jinja2

                _ENV = jinja2.Environment(loader=jinja2.PackageLoader("reporting", "templates"))


                def render_summary(counts):
                    return _ENV.get_template("summary.txt").render(counts=counts)
                """,
                "reporting/templates/summary.txt": "{% for k, v in counts.items() %}{{ k }}: {{ v }}\n{% endfor %}",
            },
        ),
    ),
    Run(
        "jinja2-2.10.3-markupsafe-2.1.0",
        P(
            "jinja2_2x_markupsafe21_soft_unicode",
            "jinja2",
            "environment check that imports jinja2 and prints its version",
            "ImportError",
            U_MS_210,
            {
                "check_env.py": r"""
                import jinja2

                print("jinja2", jinja2.__version__)
                """,
            },
        ),
    ),
    # Flask 2.0-2.2 imports url_quote from werkzeug.urls; Werkzeug 3.0 removed it
    Run(
        "flask-2.2.2-werkzeug-3.0.0",
        P(
            "flask2_werkzeug3_url_quote_removed",
            "flask",
            "minimal app.py that imports Flask",
            "ImportError",
            U_WZ_222,
            {
                "app.py": r"""
                from flask import Flask

                app = Flask(__name__)


                @app.route("/")
                def index():
                    return "ok"


                if __name__ == "__main__":
                    app.run()
                """,
            },
        ),
    ),
    Run(
        "flask-2.0.3-werkzeug-3.0.1",
        P(
            "flask2_werkzeug3_url_quote_removed",
            "flask",
            "the flask command-line entry point started from a script",
            "ImportError",
            U_WZ_CLI,
            {
                "manage.py": r"""
                import os
                import sys

                os.environ.setdefault("FLASK_APP", "api")

                from flask.cli import main

                if __name__ == "__main__":
                    sys.exit(main())
                """,
                "api.py": r"""
                from flask import Flask

                app = Flask(__name__)
                """,
            },
            "routes",
        ),
    ),
]
