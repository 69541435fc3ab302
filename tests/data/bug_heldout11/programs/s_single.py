"""Singletons: one report each, with no same-cause run in the set. Each sits next to a group it resembles (same
exception type, same library or the same removed name) but has another cause and another fix."""

from programs import P, Run

U_SA_STRING = "https://github.com/sqlalchemy/sqlalchemy/issues/9155"
U_NP_FLOAT = "https://github.com/numpy/numpy/issues/25052"
U_PYD_SETTINGS = "https://github.com/pydantic/pydantic/issues/6777"
U_RC_METAVAR = "https://github.com/ewels/rich-click/issues/223"
U_OWM_RETRY = "https://github.com/csparpa/pyowm/issues/437"
U_TB_GAE = "https://github.com/requests/toolbelt/issues/360"
U_HX_APP = "https://github.com/mirumee/ariadne-codegen/issues/335"
U_Y_FULL = "https://github.com/yaml/pyyaml/issues/544"
U_U3_RETRY = "https://github.com/urllib3/urllib3/issues/2092"

PROGRAMS = [
    # SQLAlchemy 2.0: Connection.execute no longer takes a plain SQL string (text() is needed)
    Run(
        "pandas-1.5.3-sa-2.0.0",
        P(
            "sqlalchemy2_raw_string_statement",
            "sqlalchemy",
            "migration helper drops a table with a raw SQL string",
            "ObjectNotExecutableError",
            U_SA_STRING,
            {
                "reset_db.py": r"""
                from migrations import Migrator

                Migrator("sqlite:///service.db").reset_version_table()
                print("reset")
                """,
                "migrations.py": r"""
                from sqlalchemy import create_engine


                class Migrator:
                    def __init__(self, url):
                        self.engine = create_engine(url)

                    def reset_version_table(self):
                        with self.engine.connect() as conn:
                            conn.execute("DROP TABLE IF EXISTS schema_migrations")
                            conn.commit()
                """,
            },
        ),
    ),
    # NumPy 1.24 removed the np.float alias of the builtin float
    Run(
        "numpy-1.24.0",
        P(
            "numpy124_float_alias_removed",
            "numpy",
            "cube state encoder builds a float array with np.float",
            "AttributeError",
            U_NP_FLOAT,
            {
                "solve.py": r"""
                from cube import Cube

                cube = Cube(3)
                cube.scramble(moves=20, seed=4)
                print(cube.encode().shape)
                """,
                "cube.py": r"""
                import random

                import numpy as np


                class Cube:
                    def __init__(self, n):
                        self.n = n
                        self.stickers = np.repeat(np.arange(6), n * n)

                    def scramble(self, moves, seed):
                        rng = random.Random(seed)
                        for _ in range(moves):
                            i, j = rng.randrange(self.stickers.size), rng.randrange(self.stickers.size)
                            self.stickers[[i, j]] = self.stickers[[j, i]]

                    def encode(self):
                        onehot = np.zeros((self.stickers.size, 6), dtype=np.float)
                        onehot[np.arange(self.stickers.size), self.stickers] = 1
                        return onehot
                """,
            },
        ),
    ),
    # Pydantic 2 moved BaseSettings to the separate pydantic-settings package
    Run(
        "pydantic-2.0.3",
        P(
            "pydantic2_basesettings_moved",
            "pydantic",
            "bot settings class imported by the main script",
            "PydanticImportError",
            U_PYD_SETTINGS,
            {
                "main.py": r"""
                from settings import AppConfig

                config = AppConfig()
                print(config.region)
                """,
                "settings.py": r"""
                from pydantic import BaseSettings, SecretStr, StrictStr


                class AppConfig(BaseSettings):
                    token: SecretStr = SecretStr("dev-token")
                    region: StrictStr = "eu-west"
                """,
            },
        ),
    ),
    # click 8.2 made make_metavar() take the context; rich-click 1.8.5 still calls it without one
    Run(
        "rich-click-1.8.5-click-8.2.0",
        P(
            "richclick_click82_make_metavar",
            "rich_click",
            "help page of a rich-click command with options",
            "TypeError",
            U_RC_METAVAR,
            {
                "deploy.py": r"""
                import rich_click as click


                @click.command()
                @click.option("--env", default="staging", help="Target environment.")
                @click.option("--replicas", type=int, default=2, help="How many copies to run.")
                def deploy(env, replicas):
                    '''Roll out the service to ENV with REPLICAS copies.'''
                    click.echo(f"deploying {replicas} to {env}")


                if __name__ == "__main__":
                    deploy()
                """,
            },
            "--help",
        ),
    ),
    # pyowm 3.3.0 builds its Retry with method_whitelist=, an argument urllib3 2.0 removed
    Run(
        "pyowm-3.3.0-urllib3-2.0.2",
        P(
            "pyowm_retry_method_whitelist_urllib3_2",
            "pyowm",
            "weather scanner creates its weather manager",
            "TypeError",
            U_OWM_RETRY,
            {
                "scanner.py": r"""
                from forecast.poller import ForecastPoller

                ForecastPoller("0123456789abcdef").start()
                """,
                "forecast/__init__.py": "",
                "forecast/poller.py": r"""
                from pyowm import OWM
                from pyowm.utils.config import get_default_config


                class ForecastPoller:
                    def __init__(self, api_key):
                        config = get_default_config()
                        config["connection"]["max_retries"] = 3
                        self.owm = OWM(api_key, config)
                        self.manager = None

                    def start(self):
                        self.manager = self.owm.weather_manager()
                        return self.manager
                """,
            },
        ),
    ),
    # requests-toolbelt 1.0 dropped its App Engine adapter; code importing it must stay below 1.0 or drop it
    Run(
        "requests-toolbelt-1.0.0",
        P(
            "toolbelt1_appengine_adapter_removed",
            "requests_toolbelt",
            "firebase wrapper imports toolbelt's App Engine adapter",
            "ImportError",
            U_TB_GAE,
            {
                "main.py": r"""
                import firebase_lite

                app = firebase_lite.initialize_app({"databaseURL": "https://demo.firebaseio.example"})
                print(app)
                """,
                "firebase_lite/__init__.py": r"""
                from .client import initialize_app
                """,
                "firebase_lite/client.py": r"""
                import requests
                from requests_toolbelt.adapters import appengine


                def initialize_app(config):
                    session = requests.Session()
                    if config.get("appengine"):
                        appengine.monkeypatch()
                    return {"session": session, **config}
                """,
            },
        ),
    ),
    # urllib3 1.26.2: a Retry subclass that still sets the deprecated method_whitelist fails when it retries
    Run(
        "urllib3-1.26.2",
        P(
            "urllib3_126_retry_subclass_method_whitelist",
            "urllib3",
            "custom Retry subclass forces method_whitelist in __init__",
            "ValueError",
            U_U3_RETRY,
            {
                "fetch.py": r"""
                import urllib3
                import urllib3.util.retry


                class IdempotentRetry(urllib3.util.retry.Retry):
                    RETRY_ON = frozenset({500, 502, 503})
                    SAFE = frozenset({"GET", "HEAD", "OPTIONS"})

                    def __init__(self, **options):
                        options["method_whitelist"] = self.SAFE
                        options["status_forcelist"] = self.RETRY_ON
                        super().__init__(**options)


                pool = urllib3.PoolManager(retries=IdempotentRetry(total=2, backoff_factor=0))
                print(pool.request("GET", "http://127.0.0.1:9/health").status)
                """,
            },
        ),
    ),
    # httpx 0.28 removed the app= shortcut; the test's own fixture must pass transport=ASGITransport(app=...)
    Run(
        "starlette-0.27.0-httpx-0.28.0",
        P(
            "httpx028_own_client_app_shortcut",
            "httpx",
            "generated GraphQL client tested against an in-process ASGI app",
            "TypeError",
            U_HX_APP,
            {
                "check_client.py": r"""
                import asyncio

                from httpx import AsyncClient

                from schema_app import graphql_app


                def http_client():
                    return AsyncClient(base_url="http://testserver", app=graphql_app)


                async def main():
                    async with http_client() as client:
                        response = await client.post("/graphql", json={"query": "{ hello }"})
                        print(response.json())


                asyncio.run(main())
                """,
                "schema_app.py": r"""
                from starlette.applications import Starlette
                from starlette.responses import JSONResponse
                from starlette.routing import Route


                async def graphql(request):
                    return JSONResponse({"data": {"hello": "world"}})


                graphql_app = Starlette(routes=[Route("/graphql", graphql, methods=["POST"])])
                """,
            },
        ),
    ),
    # PyYAML 5.4 stopped FullLoader (full_load) from building arbitrary python/object tags: UnsafeLoader is needed
    Run(
        "pyyaml-5.4.1",
        P(
            "pyyaml54_full_load_python_object",
            "yaml",
            "game save with a python/object tag read with full_load",
            "ConstructorError",
            U_Y_FULL,
            {
                "load_save.py": r"""
                import yaml


                class Adventurer:
                    def __init__(self, name, level, gold):
                        self.name = name
                        self.level = level
                        self.gold = gold

                    def __repr__(self):
                        return f"Adventurer({self.name}, level {self.level})"


                SAVE = '''
                !!python/object:__main__.Adventurer
                name: Ilsa Norr
                level: 7
                gold: 40
                '''


                def load_party():
                    return yaml.full_load(SAVE)


                print(load_party())
                """,
            },
        ),
    ),
]
