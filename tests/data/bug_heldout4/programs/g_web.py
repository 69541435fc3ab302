"""Groups around Flask 3 and Werkzeug 3 (apps driven by the test client or run as scripts, no server)."""

from programs import P

U_APPCTX = "https://github.com/adwhit/flask-leaflet-demo/issues/2"
U_REQCTX = "https://github.com/miguelgrinberg/Flask-SocketIO/issues/621"
U_SECRET = "https://github.com/mikeizbicki/cmc-csci040/issues/218"
U_NONE = "https://github.com/mxcube/mxcubeweb/pull/1075"
U_BUILD = "https://github.com/miguelgrinberg/flasky/issues/563"
U_HASH = "https://github.com/techwithtim/Flask-Web-App-Tutorial/issues/162"
U_ENDPOINT = "https://github.com/udacity/Full-Stack-Foundations/pull/75"
U_BPNAME = "https://github.com/pallets/flask/issues/4668"

SHOP_INIT = """
    from flask import Flask


    def create_app():
        app = Flask(__name__)
        app.config["CATALOG_SIZE"] = 3
        app.config["REPORT_TITLE"] = "Weekly sales"
        return app
"""

PROGRAMS = [
    # current_app used where no application context was pushed
    P(
        "flask_app_context_missing",
        "flask",
        "CLI seeding helper reads current_app.config",
        "RuntimeError",
        U_APPCTX,
        {
            "manage.py": """
            import sys

            from shop import create_app
            from shop.tasks import seed_catalog

            app = create_app()

            if __name__ == "__main__":
                if sys.argv[1:] == ["seed"]:
                    seed_catalog()
        """,
            "shop/__init__.py": SHOP_INIT,
            "shop/tasks.py": """
            from flask import current_app


            def seed_catalog():
                size = current_app.config["CATALOG_SIZE"]
                for n in range(size):
                    print("product", n)
        """,
        },
        "seed",
    ),
    P(
        "flask_app_context_missing",
        "flask",
        "report job run in a thread pool uses current_app.logger",
        "RuntimeError",
        U_APPCTX,
        {
            "run_reports.py": """
            from concurrent.futures import ThreadPoolExecutor

            from shop import create_app
            from shop.reports import build_report

            app = create_app()

            with app.app_context():
                with ThreadPoolExecutor(max_workers=2) as pool:
                    future = pool.submit(build_report, [12.5, 30.0, 7.25])
                    print(future.result())
        """,
            "shop/__init__.py": SHOP_INIT,
            "shop/reports.py": """
            from flask import current_app


            def build_report(totals):
                current_app.logger.info("building report for %d orders", len(totals))
                return f"{current_app.config['REPORT_TITLE']}: {sum(totals):.2f}"
        """,
        },
    ),
    P(
        "flask_app_context_missing",
        "flask",
        "module-level constant read from current_app at import",
        "RuntimeError",
        U_APPCTX,
        {
            "export_csv.py": """
            from blog import create_app
            from blog.pagination import paginate

            app = create_app()
            posts = [f"post {n}" for n in range(45)]
            with app.app_context():
                for page in paginate(posts):
                    print(len(page))
        """,
            "blog/__init__.py": """
            from flask import Flask


            def create_app():
                app = Flask(__name__)
                app.config["PAGE_SIZE"] = 20
                return app
        """,
            "blog/pagination.py": """
            from flask import current_app

            PAGE_SIZE = current_app.config.get("PAGE_SIZE", 10)


            def paginate(items):
                for start in range(0, len(items), PAGE_SIZE):
                    yield items[start : start + PAGE_SIZE]
        """,
        },
    ),
    # request used where no request is being handled
    P(
        "flask_request_context_missing",
        "flask",
        "audit helper reads request.remote_addr from a scheduled job",
        "RuntimeError",
        U_REQCTX,
        {
            "nightly.py": """
            from flask import Flask

            from audit import record

            app = Flask(__name__)

            with app.app_context():
                for action in ["purge-cache", "rotate-logs"]:
                    print(record(action))
        """,
            "audit.py": """
            from flask import request


            def client_ip():
                return request.remote_addr or "unknown"


            def record(action):
                return f"{action} from {client_ip()}"
        """,
        },
    ),
    P(
        "flask_request_context_missing",
        "flask",
        "upload handling written at module level instead of in a view",
        "RuntimeError",
        U_REQCTX,
        {
            "upload_server.py": """
            from flask import Flask, jsonify, request

            app = Flask(__name__)

            uploaded = request.files.get("document")


            @app.post("/upload")
            def upload():
                return jsonify(name=uploaded.filename if uploaded else None)


            if __name__ == "__main__":
                print(app.test_client().post("/upload").get_json())
        """,
        },
    ),
    P(
        "flask_request_context_missing",
        "flask",
        "streamed CSV generator reads request.args after the request ended",
        "RuntimeError",
        U_REQCTX,
        {
            "export_client.py": """
            from exporter import app

            client = app.test_client()
            response = client.get("/export?sep=;")
            print(response.status_code)
            print(response.get_data(as_text=True))
        """,
            "exporter.py": """
            from flask import Flask, Response, request

            app = Flask(__name__)
            ROWS = [("ada", 3), ("grace", 5)]


            @app.get("/export")
            def export():
                def generate():
                    sep = request.args.get("sep", ",")
                    for name, count in ROWS:
                        yield f"{name}{sep}{count}\\n"

                return Response(generate(), mimetype="text/csv")
        """,
        },
    ),
    # session used while the app has no SECRET_KEY
    P(
        "flask_session_without_secret_key",
        "flask",
        "login view stores the user id in session",
        "RuntimeError",
        U_SECRET,
        {
            "login_check.py": """
            from accounts import app

            client = app.test_client()
            response = client.post("/login", data={"user": "ada", "password": "pw"})
            print(response.status_code)
        """,
            "accounts.py": """
            from flask import Flask, redirect, request, session

            app = Flask(__name__)
            app.testing = True


            @app.post("/login")
            def login():
                session["user"] = request.form["user"]
                return redirect("/")
        """,
        },
    ),
    P(
        "flask_session_without_secret_key",
        "flask",
        "flash() message after a form post",
        "RuntimeError",
        U_SECRET,
        {
            "feedback_test.py": """
            from feedback import create_app

            app = create_app()
            app.testing = True
            with app.test_client() as client:
                client.post("/feedback", data={"text": "nice"})
        """,
            "feedback.py": """
            from flask import Flask, flash, redirect, request


            def create_app():
                app = Flask(__name__)

                @app.post("/feedback")
                def feedback():
                    flash(f"Thanks for: {request.form['text']}")
                    return redirect("/")

                return app
        """,
        },
    ),
    P(
        "flask_session_without_secret_key",
        "flask",
        "secret key given as a lowercase config attribute that from_object ignores",
        "RuntimeError",
        U_SECRET,
        {
            "cart_demo.py": """
            from cart import app

            client = app.test_client()
            client.post("/cart/add/42")
            print(client.get("/cart").get_json())
        """,
            "cart.py": """
            from flask import Flask, jsonify, session

            import settings

            app = Flask(__name__)
            app.config.from_object(settings)


            @app.post("/cart/add/<int:item>")
            def add(item):
                session.setdefault("cart", []).append(item)
                return "", 204


            @app.get("/cart")
            def show():
                return jsonify(session.get("cart", []))
        """,
            "settings.py": """
            TESTING = True
            secret_key = "d2f1c0b9a8"
        """,
        },
    ),
    # view that ends without returning a response on some path
    P(
        "flask_view_returns_none",
        "flask",
        "view returns only in the POST branch",
        "TypeError",
        U_NONE,
        {
            "contact_check.py": """
            from contact import app

            client = app.test_client()
            print(client.get("/contact").status_code)
        """,
            "contact.py": """
            from flask import Flask, request

            app = Flask(__name__)
            app.testing = True
            MESSAGES = []


            @app.route("/contact", methods=["GET", "POST"])
            def contact():
                if request.method == "POST":
                    MESSAGES.append(request.form["message"])
                    return "sent"
        """,
        },
    ),
    P(
        "flask_view_returns_none",
        "flask",
        "return inside a loop over matching rows, none match",
        "TypeError",
        U_NONE,
        {
            "search_check.py": """
            from catalog.app import app

            app.testing = True
            print(app.test_client().get("/first?tag=red").get_json())
            print(app.test_client().get("/first?tag=green").get_json())
        """,
            "catalog/__init__.py": "",
            "catalog/app.py": """
            from flask import Flask, jsonify, request

            from catalog.data import PRODUCTS

            app = Flask(__name__)


            @app.get("/first")
            def first_tagged():
                tag = request.args["tag"]
                for product in PRODUCTS:
                    if tag in product["tags"]:
                        return jsonify(product)
        """,
            "catalog/data.py": """
            PRODUCTS = [
                {"name": "mug", "tags": ["red", "kitchen"]},
                {"name": "lamp", "tags": ["blue"]},
            ]
        """,
        },
    ),
    P(
        "flask_view_returns_none",
        "flask",
        "except branch logs the error and falls off the end",
        "TypeError",
        U_NONE,
        {
            "api_check.py": """
            from api import app

            app.testing = True
            client = app.test_client()
            print(client.get("/price/widget").get_json())
            print(client.get("/price/gizmo").get_json())
        """,
            "api.py": """
            import logging

            from flask import Flask, jsonify

            app = Flask(__name__)
            PRICES = {"widget": 9.5}
            log = logging.getLogger("api")


            @app.get("/price/<name>")
            def price(name):
                try:
                    return jsonify(name=name, price=PRICES[name])
                except KeyError:
                    log.warning("unknown product %s", name)
        """,
        },
    ),
    # url_for without a value the rule needs
    P(
        "flask_url_for_missing_rule_value",
        "werkzeug",
        "pagination link built without the post id",
        "BuildError",
        U_BUILD,
        {
            "comments_check.py": """
            from blog import app

            app.testing = True
            print(app.test_client().get("/post/7/comments?page=2").get_json())
        """,
            "blog.py": """
            from flask import Flask, jsonify, url_for

            app = Flask(__name__)


            @app.get("/post/<int:post_id>")
            def post(post_id):
                return f"post {post_id}"


            @app.get("/post/<int:post_id>/comments")
            def comments(post_id):
                return jsonify(back=url_for("post", page=2))
        """,
        },
    ),
    P(
        "flask_url_for_missing_rule_value",
        "werkzeug",
        "template link to a profile without username",
        "BuildError",
        U_BUILD,
        {
            "nav_check.py": """
            from site_app import app

            app.testing = True
            print(app.test_client().get("/").data)
        """,
            "site_app.py": """
            from flask import Flask, render_template_string

            app = Flask(__name__)
            NAV = '<a href="{{ url_for(\\'profile\\') }}">{{ user }}</a>'


            @app.get("/user/<username>")
            def profile(username):
                return f"profile of {username}"


            @app.get("/")
            def index():
                return render_template_string(NAV, user="ada")
        """,
        },
    ),
    P(
        "flask_url_for_missing_rule_value",
        "werkzeug",
        "redirect passes item_slug while the rule names the variable slug",
        "BuildError",
        U_BUILD,
        {
            "shop_check.py": """
            from shop_views import app

            app.testing = True
            client = app.test_client()
            print(client.post("/items", data={"name": "Blue Mug"}).status_code)
        """,
            "shop_views.py": """
            from flask import Flask, redirect, request, url_for

            app = Flask(__name__)


            @app.get("/items/<slug>")
            def item(slug):
                return slug


            @app.post("/items")
            def create_item():
                slug = request.form["name"].lower().replace(" ", "-")
                return redirect(url_for("item", item_slug=slug))
        """,
        },
    ),
    # Werkzeug 3 dropped the plain-digest password methods
    P(
        "werkzeug_removed_hash_method",
        "werkzeug",
        "sign-up hashes with method='sha256'",
        "ValueError",
        U_HASH,
        {
            "signup.py": """
            from users import register

            print(register("ada@example.com", "correct horse"))
        """,
            "users.py": """
            from werkzeug.security import generate_password_hash

            USERS = {}


            def register(email, password):
                USERS[email] = generate_password_hash(password, method="sha256")
                return email
        """,
        },
    ),
    P(
        "werkzeug_removed_hash_method",
        "werkzeug",
        "seed script hashes admin passwords with method='sha1'",
        "ValueError",
        U_HASH,
        {
            "seed_admins.py": """
            from werkzeug.security import generate_password_hash

            ADMINS = {"root": "s3cret", "ops": "hunter2"}
            HASH_METHOD = "sha1"

            rows = [(name, generate_password_hash(pw, HASH_METHOD)) for name, pw in ADMINS.items()]
            for name, digest in rows:
                print(name, digest[:20])
        """,
        },
    ),
    P(
        "werkzeug_removed_hash_method",
        "werkzeug",
        "salt length and method passed as 'sha512' via settings",
        "ValueError",
        U_HASH,
        {
            "reset_password.py": """
            import auth

            print(auth.reset("grace", "n3w-pass"))
        """,
            "auth.py": """
            from werkzeug.security import generate_password_hash

            import config

            STORE = {}


            def reset(user, new_password):
                STORE[user] = generate_password_hash(new_password, method=config.PASSWORD_METHOD, salt_length=12)
                return user in STORE
        """,
            "config.py": """
            PASSWORD_METHOD = "sha512"
        """,
        },
    ),
    # two view functions end up with the same endpoint name
    P(
        "flask_duplicate_endpoint_name",
        "flask",
        "copy-pasted view keeps the same function name",
        "AssertionError",
        U_ENDPOINT,
        {
            "menu_app.py": """
            from flask import Flask

            app = Flask(__name__)


            @app.get("/restaurants/<int:rid>/menu")
            def restaurant_menu(rid):
                return f"menu {rid}"


            @app.get("/restaurants/<int:rid>/menu/new")
            def restaurant_menu(rid):
                return f"new item for {rid}"


            if __name__ == "__main__":
                print(app.url_map)
        """,
        },
    ),
    P(
        "flask_duplicate_endpoint_name",
        "flask",
        "add_url_rule called in a loop with one endpoint name",
        "AssertionError",
        U_ENDPOINT,
        {
            "report_routes.py": """
            from flask import Flask

            from reports import make_view

            app = Flask(__name__)
            for kind in ["daily", "weekly"]:
                app.add_url_rule(f"/reports/{kind}", endpoint="report", view_func=make_view(kind))

            print(sorted(app.view_functions))
        """,
            "reports.py": """
            def make_view(kind):
                def view():
                    return f"{kind} report"

                return view
        """,
        },
    ),
    P(
        "flask_duplicate_endpoint_name",
        "flask",
        "two modules each define an 'index' view on one blueprint",
        "AssertionError",
        U_ENDPOINT,
        {
            "wsgi.py": """
            from flask import Flask

            from admin import bp

            app = Flask(__name__)
            app.register_blueprint(bp)
            print(app.url_map)
        """,
            "admin/__init__.py": """
            from flask import Blueprint

            bp = Blueprint("admin", __name__, url_prefix="/admin")

            from admin import users, orders  # noqa: E402,F401
        """,
            "admin/users.py": """
            from admin import bp


            @bp.get("/users")
            def index():
                return "users"
        """,
            "admin/orders.py": """
            from admin import bp


            @bp.get("/orders")
            def index():
                return "orders"
        """,
        },
    ),
    # two different blueprints registered under one name
    P(
        "flask_blueprint_name_collision",
        "flask",
        "two blueprint modules copy the same Blueprint name",
        "ValueError",
        U_BPNAME,
        {
            "app.py": """
            from flask import Flask

            from views import billing, shipping

            app = Flask(__name__)
            app.register_blueprint(billing.bp, url_prefix="/billing")
            app.register_blueprint(shipping.bp, url_prefix="/shipping")
            print(app.url_map)
        """,
            "views/__init__.py": "",
            "views/billing.py": """
            from flask import Blueprint

            bp = Blueprint("orders", __name__)


            @bp.get("/")
            def invoices():
                return "invoices"
        """,
            "views/shipping.py": """
            from flask import Blueprint

            bp = Blueprint("orders", __name__)


            @bp.get("/")
            def parcels():
                return "parcels"
        """,
        },
    ),
    P(
        "flask_blueprint_name_collision",
        "flask",
        "blueprint factory names every blueprint 'api'",
        "ValueError",
        U_BPNAME,
        {
            "serve.py": """
            from flask import Flask

            from api_factory import make_api

            app = Flask(__name__)
            for version in ["v1", "v2"]:
                app.register_blueprint(make_api(version), url_prefix=f"/{version}")
            print(len(app.blueprints))
        """,
            "api_factory.py": """
            from flask import Blueprint


            def make_api(version):
                bp = Blueprint("api", __name__)

                @bp.get("/status")
                def status():
                    return {"version": version}

                return bp
        """,
        },
    ),
    P(
        "flask_blueprint_name_collision",
        "flask",
        "plugin blueprint reuses the core blueprint's name",
        "ValueError",
        U_BPNAME,
        {
            "main.py": """
            from flask import Flask

            import core
            import plugins.stats

            app = Flask(__name__)
            app.register_blueprint(core.bp)
            app.register_blueprint(plugins.stats.bp, url_prefix="/stats")
            print(app.url_map)
        """,
            "core.py": """
            from flask import Blueprint

            bp = Blueprint("main", __name__)


            @bp.get("/")
            def home():
                return "home"
        """,
            "plugins/__init__.py": "",
            "plugins/stats.py": """
            from flask import Blueprint

            bp = Blueprint("main", __name__)


            @bp.get("/")
            def stats():
                return "stats"
        """,
        },
    ),
]
