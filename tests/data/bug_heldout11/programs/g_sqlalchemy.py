"""SQLAlchemy 2.0 removals met by pandas 1.5 (read_sql and friends) and by application code (Engine.execute)."""

from programs import P, Run

PD = "pandas-1.5.3-sa-2.0.0"
U_PD_CANON = "https://github.com/pandas-dev/pandas/issues/51015"
U_PD_DUP = "https://github.com/pandas-dev/pandas/issues/51083"
U_PD_TABLE = "https://github.com/pandas-dev/pandas/issues/51104"
U_PD_CONN = "https://github.com/pandas-dev/pandas/issues/51061"
U_SA_ENGINE = "https://github.com/sqlalchemy/sqlalchemy/issues/9161"
U_SA_BIND = "https://github.com/sqlalchemy/sqlalchemy/issues/9317"

SEED = r"""
import sqlite3


def seed(path, table, rows):
    con = sqlite3.connect(path)
    con.execute(f"CREATE TABLE IF NOT EXISTS {table} (id INTEGER PRIMARY KEY, name TEXT, score REAL)")
    con.executemany(f"INSERT INTO {table} (name, score) VALUES (?, ?)", rows)
    con.commit()
    con.close()
"""

PROGRAMS = [
    # pandas 1.5.3 predates SQLAlchemy 2.0: given an Engine, read_sql calls the removed Engine.execute
    Run(
        PD,
        P(
            "pandas15_read_sql_with_sqlalchemy2",
            "pandas",
            "read_sql of a LIMIT query string with an Engine",
            "AttributeError",
            U_PD_CANON,
            {
                "export_events.py": r"""
                import pandas as pd
                from sqlalchemy import create_engine

                from dbseed import seed

                seed("events.db", "events", [("login", 1.0), ("logout", 2.0)])
                sql_engine = create_engine("sqlite:///events.db")

                df = pd.read_sql(
                    f'''
                    SELECT * FROM events LIMIT 100''',
                    sql_engine,
                )
                print(df.shape)
                """,
                "dbseed.py": SEED,
            },
        ),
    ),
    Run(
        PD,
        P(
            "pandas15_read_sql_with_sqlalchemy2",
            "pandas",
            "repository method reads a table by query and indexes it",
            "AttributeError",
            U_PD_DUP,
            {
                "test_report.py": r"""
                import pandas as pd
                from sqlalchemy import create_engine

                from dbseed import seed


                class TestRepository:
                    def __init__(self, url):
                        self.db = create_engine(url)

                    def all_tests(self):
                        return pd.read_sql("select * from test_runs", self.db).set_index("id")


                seed("web.db", "test_runs", [("smoke", 0.5), ("load", 0.9)])
                print(TestRepository("sqlite:///web.db").all_tests())
                """,
                "dbseed.py": SEED,
            },
        ),
    ),
    Run(
        PD,
        P(
            "pandas15_read_sql_with_sqlalchemy2",
            "pandas",
            "table created with MetaData, then read_sql(sql=, con=)",
            "AttributeError",
            U_PD_TABLE,
            {
                "courses.py": r"""
                import pandas as pd
                from sqlalchemy import Column, Integer, MetaData, String, Table, create_engine

                engine = create_engine("sqlite:///catalog.db")
                meta = MetaData()
                courses = Table(
                    "courses",
                    meta,
                    Column("id", Integer, primary_key=True),
                    Column("title", String),
                    Column("credits", Integer),
                )
                meta.create_all(engine)

                query = "SELECT title, credits FROM courses"
                df = pd.read_sql(sql=query, con=engine)
                print(df.head())
                """,
            },
        ),
    ),
    Run(
        PD,
        P(
            "pandas15_read_sql_with_sqlalchemy2",
            "pandas",
            "read_sql of a plain SQL string on an open Connection",
            "ObjectNotExecutableError",
            U_PD_CONN,
            {
                "load_transactions.py": r"""
                import pandas as pd
                from sqlalchemy import create_engine

                from dbseed import seed

                seed("shop.db", "transactions", [("a", 3.0), ("b", 4.5)])
                engine = create_engine("sqlite:///shop.db", pool_recycle=3600)
                sql_query = "select * from transactions"

                with engine.connect() as conn:
                    result_df = pd.read_sql(sql_query, conn)
                print(result_df.describe())
                """,
                "dbseed.py": SEED,
            },
        ),
    ),
    # application code calls Engine.execute, removed in SQLAlchemy 2.0 (execute on a Connection instead)
    Run(
        PD,
        P(
            "sqlalchemy2_engine_execute_removed",
            "sqlalchemy",
            "helper runs a text() statement on the module's engine",
            "AttributeError",
            U_SA_ENGINE,
            {
                "signals.py": r"""
                from trading import db

                db.init()
                signal = db.get_signal(symbol="SPX", column="weekly_signal")
                print(signal)
                """,
                "trading/db.py": r"""
                from sqlalchemy import create_engine, text

                market_db = create_engine("sqlite:///prices.db")


                def init():
                    with market_db.begin() as conn:
                        conn.execute(text("CREATE TABLE IF NOT EXISTS signals (symbol TEXT, weekly_signal TEXT)"))
                        conn.execute(text("INSERT INTO signals VALUES ('SPX', 'up')"))


                def get_signal(symbol, column):
                    statement = text(f"SELECT {column} FROM signals WHERE symbol = :symbol")
                    row = market_db.execute(statement, {"symbol": symbol})
                    return row.scalar()
                """,
                "trading/__init__.py": "",
            },
        ),
    ),
    Run(
        PD,
        P(
            "sqlalchemy2_engine_execute_removed",
            "sqlalchemy",
            "query executed on the session's bind, errors re-raised as ValueError",
            "ValueError",
            U_SA_BIND,
            {
                "jobs/report_job.py": r"""
                from sqlalchemy import create_engine, text
                from sqlalchemy.orm import sessionmaker

                engine = create_engine("sqlite:///jobs.db")
                Session = sessionmaker(bind=engine)


                def fetch_rows(session, statement, params):
                    try:
                        return session.get_bind().execute(statement, params).fetchall()
                    except Exception as exc:
                        raise ValueError(f"report query failed: {exc}")


                if __name__ == "__main__":
                    with Session() as session:
                        print(fetch_rows(session, text("SELECT :day AS day"), {"day": "2024-01-31"}))
                """,
            },
        ),
    ),
]
