"""Singletons: causes with no same-cause sibling in the set (retrieval should show no advice for them). Several are
deliberately close to a group (same library or same exception type) but a different mistake."""

from programs import P

PROGRAMS = [
    # begin and end of an interval swapped, giving a null interval
    P(
        "intervaltree_begin_end_swapped",
        "intervaltree",
        "alignment spans given as (end, start)",
        "ValueError",
        "https://github.com/chaimleib/intervaltree/issues/136",
        {
            "coverage.py": """
            from spans import covered_length

            print(covered_length([(10, 250), (1234, 400)]))
        """,
            "spans.py": """
            from intervaltree import IntervalTree


            def covered_length(pairs):
                tree = IntervalTree.from_tuples(pairs)
                tree.merge_overlaps()
                return sum(iv.end - iv.begin for iv in tree)
        """,
        },
    ),
    # lax mode expected to coerce ints into strings (it only coerces from strings)
    P(
        "msgspec_lax_mode_expected_to_stringify",
        "msgspec",
        "tags sent as numbers decoded into list[str] with strict=False",
        "ValidationError",
        "https://github.com/msgspec/msgspec/issues/477",
        {
            "intake.py": """
            from forms import parse_form

            print(parse_form(b'{"title": "Mug", "tags": [1, 2, 3]}'))
        """,
            "forms.py": """
            import msgspec


            class Form(msgspec.Struct):
                title: str
                tags: list[str]


            def parse_form(raw):
                return msgspec.json.decode(raw, type=Form, strict=False)
        """,
        },
    ),
    # read-only header proxy passed where a mutable mapping is updated
    P(
        "multidict_proxy_mutated",
        "multidict",
        "response helper sets Content-Type on headers received as a proxy",
        "TypeError",
        "https://github.com/aio-libs/aiohttp/issues/3207",
        {
            "relay.py": """
            from multidict import CIMultiDict, CIMultiDictProxy

            from responses import make_response

            upstream = CIMultiDictProxy(CIMultiDict({"X-Request-Id": "abc"}))
            print(make_response("ok", headers=upstream))
        """,
            "responses.py": """
            def make_response(text, headers):
                headers["Content-Type"] = "text/plain; charset=utf-8"
                return text, dict(headers)
        """,
        },
    ),
    # a UUID object passed to uuid.UUID() again
    P(
        "uuid_constructor_given_uuid",
        "uuid",
        "organisation id already a UUID wrapped again",
        "AttributeError",
        "https://github.com/rhesis-ai/rhesis/pull/1632",
        {
            "seed_status.py": """
            import uuid

            from crud import get_or_create_status

            org = uuid.UUID("6f1c2a4e-8d7b-4c1e-9f3a-2b5d7e9a1c04")
            print(get_or_create_status("active", org))
        """,
            "crud.py": """
            import uuid


            def get_or_create_status(name, organization_id):
                org = uuid.UUID(organization_id)
                return {"name": name, "org": str(org)}
        """,
        },
    ),
    # exp claim written as a string
    P(
        "jwt_exp_claim_as_string",
        "jwt",
        "expiry written into the payload as an ISO date string",
        "DecodeError",
        "https://github.com/jpadilla/pyjwt/issues/121",
        {
            "issue_link.py": """
            from datetime import datetime, timedelta, timezone

            import jwt

            KEY = "magic-link-secret-0123456789abcdef0123"
            expires = datetime.now(timezone.utc) + timedelta(minutes=15)
            payload = {"email": "ada@example.com", "exp": expires.isoformat()}
            token = jwt.encode(payload, KEY, algorithm="HS256")
            print(jwt.decode(token, KEY, algorithms=["HS256"])["email"])
        """,
        },
    ),
    # hook added to a blueprint after it was registered on the app
    P(
        "flask_blueprint_modified_after_registration",
        "flask",
        "before_request attached to an already registered blueprint",
        "AssertionError",
        "https://github.com/cds-snc/notification-api/pull/1921",
        {
            "create_app.py": """
            from flask import Flask

            from api import bp, require_token

            app = Flask(__name__)
            app.register_blueprint(bp, url_prefix="/api")
            bp.before_request(require_token)
            print(app.url_map)
        """,
            "api.py": """
            from flask import Blueprint, abort, request

            bp = Blueprint("api", __name__)


            def require_token():
                if request.headers.get("Authorization") != "Bearer t0k":
                    abort(401)


            @bp.get("/ping")
            def ping():
                return "pong"
        """,
        },
    ),
    # base64 text of a key used as the raw AES key
    P(
        "aes_key_base64_not_decoded",
        "cryptography",
        "44-character base64 key string passed to algorithms.AES",
        "ValueError",
        "https://github.com/damienbeaufils/spring-data-jpa-encryption-example/issues/1",
        {
            "encrypt_blob.py": """
            import base64
            import os

            from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

            KEY_B64 = base64.b64encode(bytes(range(32))).decode()
            cipher = Cipher(algorithms.AES(KEY_B64.encode()), modes.GCM(os.urandom(12)))
            enc = cipher.encryptor()
            print(len(enc.update(b"payload") + enc.finalize()))
        """,
        },
    ),
    # CBC mode fed unpadded plaintext
    P(
        "cbc_plaintext_not_padded",
        "cryptography",
        "short message encrypted with AES-CBC without a padder",
        "ValueError",
        "https://github.com/pyca/cryptography/issues/3387",
        {
            "secure_note.py": """
            import os

            from crypt_cbc import encrypt

            print(encrypt(os.urandom(16), b"python").hex())
        """,
            "crypt_cbc.py": """
            import os

            from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes


            def encrypt(key, message):
                encryptor = Cipher(algorithms.AES(key), modes.CBC(os.urandom(16))).encryptor()
                return encryptor.update(message) + encryptor.finalize()
        """,
        },
    ),
    # end of a concatenated CBOR stream detected by catching EOFError
    P(
        "cbor_stream_end_detected_with_eoferror",
        "cbor2",
        "reader loops cbor2.load until EOFError",
        "CBORDecodeEOF",
        "https://github.com/throwaway31265/free-sleep/pull/52",
        {
            "replay.py": """
            from pathlib import Path

            import cbor2

            from records import read_all

            with open("events.cbor", "wb") as fh:
                for n in range(3):
                    cbor2.dump({"seq": n, "temp": 20.5 + n}, fh)
            print(read_all(Path("events.cbor")))
        """,
            "records.py": """
            import cbor2


            def read_all(path):
                items = []
                with open(path, "rb") as fh:
                    while True:
                        try:
                            items.append(cbor2.load(fh))
                        except EOFError:
                            break
                return items
        """,
        },
    ),
    # extension referenced through a submodule that was never imported
    P(
        "markdown_extension_module_not_imported",
        "markdown",
        "markdown.extensions.fenced_code used without importing it",
        "AttributeError",
        "https://github.com/Python-Markdown/markdown/issues/842",
        {
            "build_post.py": """
            from posts import render

            print(render("```\\nprint(1)\\n```"))
        """,
            "posts.py": """
            import markdown


            def render(text):
                return markdown.markdown(text, extensions=[markdown.extensions.fenced_code.FencedCodeExtension()])
        """,
        },
    ),
    # float() of a quantity that still has units
    P(
        "pint_float_of_dimensioned_quantity",
        "pint",
        "float(quantity) to feed a plotting routine",
        "DimensionalityError",
        "https://github.com/hgrecco/pint/issues/189",
        {
            "plot_widths.py": """
            from measure import widths

            print([round(float(w), 2) for w in widths()])
        """,
            "measure.py": """
            import pint

            ureg = pint.UnitRegistry()


            def widths():
                return [ureg.parse_expression("3mm") * 2.2, ureg.parse_expression("5mm") * 1.5]
        """,
        },
    ),
    # tenacity retry= given a tuple of conditions instead of a callable
    P(
        "tenacity_retry_condition_as_tuple",
        "tenacity",
        "two retry_if_exception_type conditions wrapped in a tuple",
        "TypeError",
        "https://github.com/target-benchmark/target/pull/37",
        {
            "table_info.py": """
            from llm import get_table_info

            print(get_table_info("orders"))
        """,
            "llm.py": """
            import json

            from tenacity import retry, retry_if_exception_type, stop_after_attempt


            @retry(
                retry=(retry_if_exception_type(json.JSONDecodeError) | retry_if_exception_type(KeyError),),
                stop=stop_after_attempt(3),
            )
            def get_table_info(name):
                return json.loads('{"table": "' + name + '", "columns": ')
        """,
        },
    ),
    # YAML().dump called without a stream to get a string back
    P(
        "ruamel_dump_without_stream",
        "ruamel.yaml",
        "dump expected to return the YAML text",
        "TypeError",
        "https://github.com/pycontribs/ruyaml/issues/27",
        {
            "render_config.py": """
            from yamlio import to_text

            print(to_text({"products": ["item 1", "item 2"]}))
        """,
            "yamlio.py": """
            from ruamel.yaml import YAML


            def to_text(data):
                yaml = YAML()
                return yaml.dump(data)
        """,
        },
    ),
    # RSA ciphertext still base64 text when decrypted
    P(
        "rsa_ciphertext_not_base64_decoded",
        "cryptography",
        "base64 ciphertext read from a file passed to decrypt",
        "ValueError",
        "https://github.com/pyca/cryptography/issues/7301",
        {
            "decrypt_message.py": """
            import base64
            from pathlib import Path

            from rsa_box import decrypt, encrypt, new_key

            key = new_key()
            Path("msg.enc").write_text(base64.b64encode(encrypt(key.public_key(), b"launch at 6")).decode())
            print(decrypt(key, Path("msg.enc").read_bytes()))
        """,
            "rsa_box.py": """
            from cryptography.hazmat.primitives import hashes
            from cryptography.hazmat.primitives.asymmetric import padding, rsa

            OAEP = padding.OAEP(mgf=padding.MGF1(algorithm=hashes.SHA256()), algorithm=hashes.SHA256(), label=None)


            def new_key():
                return rsa.generate_private_key(public_exponent=65537, key_size=2048)


            def encrypt(pub, data):
                return pub.encrypt(data, OAEP)


            def decrypt(priv, blob):
                return priv.decrypt(blob, OAEP)
        """,
        },
    ),
    # a mapping proxy converted to dict via __dict__
    P(
        "multidict_proxy_dict_via_dunder_dict",
        "multidict",
        "error report copies response headers with headers.__dict__",
        "AttributeError",
        "https://github.com/shroominic/codebox-api/issues/8",
        {
            "report_error.py": """
            from multidict import CIMultiDict, CIMultiDictProxy

            from errors import describe

            headers = CIMultiDictProxy(CIMultiDict({"Content-Type": "application/json", "X-Rate": "0"}))
            print(describe(401, headers))
        """,
            "errors.py": """
            def describe(status, headers):
                return {"status": status, "headers": headers.__dict__}
        """,
        },
    ),
]
