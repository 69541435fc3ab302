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
                        self.engineweb = create_engine(url)

                    def all_tests(self):
                        return pd.read_sql("select * from test", self.engineweb).set_index("id")


                seed("web.db", "test", [("smoke", 0.5), ("load", 0.9)])
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
                "students.py": r"""
                import pandas as pd
                from sqlalchemy import Column, Integer, MetaData, String, Table, create_engine

                engine = create_engine("sqlite:///school.db")
                meta = MetaData()
                students = Table(
                    "students",
                    meta,
                    Column("id", Integer, primary_key=True),
                    Column("name", String),
                    Column("lastname", String),
                )
                meta.create_all(engine)

                query = "SELECT * FROM students"
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
                "day_code.py": r"""
                from trading import db

                db.init()
                code = db.get_day_code(ticker="DJI", day_code_column="TwoDayCode")
                print(code)
                """,
                "trading/db.py": r"""
                from sqlalchemy import create_engine, text

                db_connection = create_engine("sqlite:///prices.db")


                def init():
                    with db_connection.begin() as conn:
                        conn.execute(text("CREATE TABLE IF NOT EXISTS codes (ticker TEXT, TwoDayCode TEXT)"))
                        conn.execute(text("INSERT INTO codes VALUES ('DJI', 'UU')"))


                def get_day_code(ticker, day_code_column):
                    sql = f"SELECT {day_code_column} FROM codes WHERE ticker = '{ticker}'"
                    statement = text(sql)
                    record = db_connection.execute(statement)
                    return record.scalar()
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


                def run_query(session, query, parameter):
                    try:
                        result = session.get_bind().execute(query, parameter)
                        return result.fetchall()
                    except Exception as e:
                        raise ValueError(str(e))


                if __name__ == "__main__":
                    with Session() as session:
                        rows = run_query(session, text("SELECT :n AS n"), {"n": 1})
                        print(rows)
                """,
            },
        ),
    ),
]
