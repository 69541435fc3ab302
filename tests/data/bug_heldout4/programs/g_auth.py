"""Groups around tokens, signatures and secrets: PyJWT, cryptography, bcrypt, itsdangerous."""

from programs import P

U_ALGS = "https://github.com/jpadilla/pyjwt/issues/663"
U_AUD = "https://github.com/jpadilla/pyjwt/issues/120"
U_SUB = "https://github.com/jpadilla/pyjwt/issues/1017"
U_RSAKEY = "https://github.com/auth0/node-jsonwebtoken/issues/270"
U_FERNETKEY = "https://github.com/grahamgilbert/Crypt-Server/issues/75"
U_NEWKEY = "https://github.com/pyca/cryptography/issues/3982"
U_BCRYPT = "https://github.com/IIC2233/syllabus-2019-1/issues/594"
U_SIGNER = "https://github.com/pallets/itsdangerous/issues/109"
U_RSALEN = "https://github.com/pyca/cryptography/issues/5685"

TOKENS = """
    import time

    import jwt

    SECRET = "k9-2f7d1c-very-long-signing-secret-0001"


    def issue(user_id, **claims):
        now = int(time.time())
        payload = {"uid": user_id, "iat": now, "exp": now + 600, **claims}
        return jwt.encode(payload, SECRET, algorithm="HS256")
"""

PROGRAMS = [
    # jwt.decode called without the algorithms list
    P(
        "jwt_decode_without_algorithms",
        "jwt",
        "API auth helper decodes the bearer token",
        "DecodeError",
        U_ALGS,
        {
            "whoami.py": """
            from auth.tokens import issue
            from auth.verify import current_user

            header = "Bearer " + issue(42)
            print(current_user(header))
        """,
            "auth/__init__.py": "",
            "auth/tokens.py": TOKENS,
            "auth/verify.py": """
            import jwt

            from auth.tokens import SECRET


            def current_user(authorization):
                token = authorization.split(" ", 1)[1]
                claims = jwt.decode(token, SECRET)
                return claims["uid"]
        """,
        },
    ),
    P(
        "jwt_decode_without_algorithms",
        "jwt",
        "decode given algorithm= (singular) which is not the parameter",
        "DecodeError",
        U_ALGS,
        {
            "session_check.py": """
            import time

            import jwt

            KEY = "session-signing-key-for-tests-0002-abcdef"
            token = jwt.encode({"sid": "a1b2", "exp": int(time.time()) + 60}, KEY, algorithm="HS256")


            def load_session(tok):
                return jwt.decode(tok, KEY, algorithm="HS256")


            print(load_session(token)["sid"])
        """,
        },
    ),
    P(
        "jwt_decode_without_algorithms",
        "jwt",
        "refresh path skips exp verification but also omits algorithms",
        "DecodeError",
        U_ALGS,
        {
            "refresh.py": """
            import jwt

            from tokens import SECRET, issue


            def refresh(old_token):
                claims = jwt.decode(old_token, SECRET, options={"verify_exp": False})
                return issue(claims["uid"])


            print(refresh(issue(7))[:16])
        """,
            "tokens.py": TOKENS,
        },
    ),
    # token carries aud, decode does not say which audience it expects
    P(
        "jwt_audience_not_passed_to_decode",
        "jwt",
        "service token issued for an audience, decoded without audience",
        "InvalidAudienceError",
        U_AUD,
        {
            "gateway.py": """
            from auth.tokens import issue
            from auth.verify import verify

            token = issue(5, aud="billing-api")
            print(verify(token))
        """,
            "auth/__init__.py": "",
            "auth/tokens.py": TOKENS,
            "auth/verify.py": """
            import jwt

            from auth.tokens import SECRET


            def verify(token):
                return jwt.decode(token, SECRET, algorithms=["HS256"])
        """,
        },
    ),
    P(
        "jwt_audience_not_passed_to_decode",
        "jwt",
        "ID token whose aud is the client id",
        "InvalidAudienceError",
        U_AUD,
        {
            "oidc_login.py": """
            import time

            import jwt

            CLIENT_ID = "webapp-7781"
            SHARED = "idp-shared-secret-for-hs256-tests-xyz12"

            id_token = jwt.encode(
                {"sub": "user-1", "aud": CLIENT_ID, "iss": "https://idp.example", "exp": int(time.time()) + 300},
                SHARED,
                algorithm="HS256",
            )


            def user_from_id_token(tok):
                claims = jwt.decode(tok, SHARED, algorithms=["HS256"], issuer="https://idp.example")
                return claims["sub"]


            print(user_from_id_token(id_token))
        """,
        },
    ),
    P(
        "jwt_audience_not_passed_to_decode",
        "jwt",
        "audience passed as aud= keyword which decode ignores",
        "InvalidAudienceError",
        U_AUD,
        {
            "webhook.py": """
            import warnings

            from signing import make_token, read_token

            warnings.simplefilter("ignore")
            print(read_token(make_token({"event": "paid"})))
        """,
            "signing.py": """
            import jwt

            KEY = "webhook-signing-secret-000111222333444"
            AUDIENCE = "shop-webhooks"


            def make_token(body):
                return jwt.encode({**body, "aud": AUDIENCE}, KEY, algorithm="HS256")


            def read_token(token):
                return jwt.decode(token, KEY, algorithms=["HS256"], aud=AUDIENCE)
        """,
        },
    ),
    # sub claim holding a non-string value
    P(
        "jwt_subject_not_string",
        "jwt",
        "integer user id used as sub",
        "InvalidSubjectError",
        U_SUB,
        {
            "api_login.py": """
            from auth import make_access_token, user_id_from

            token = make_access_token(1234)
            print(user_id_from(token))
        """,
            "auth.py": """
            import time

            import jwt

            KEY = "access-token-secret-for-hs256-000999888"


            def make_access_token(user_id):
                return jwt.encode({"sub": user_id, "exp": int(time.time()) + 900}, KEY, algorithm="HS256")


            def user_id_from(token):
                return jwt.decode(token, KEY, algorithms=["HS256"])["sub"]
        """,
        },
    ),
    P(
        "jwt_subject_not_string",
        "jwt",
        "identity dict with id and role put in sub",
        "InvalidSubjectError",
        U_SUB,
        {
            "roles.py": """
            import time

            import jwt

            KEY = "role-token-secret-abcdefabcdef-1234567"
            identity = {"user_id": 9, "role": "admin"}
            token = jwt.encode({"sub": identity, "exp": int(time.time()) + 60}, KEY, algorithm="HS256")


            def role_of(tok):
                return jwt.decode(tok, KEY, algorithms=["HS256"])["sub"]["role"]


            print(role_of(token))
        """,
        },
    ),
    P(
        "jwt_subject_not_string",
        "jwt",
        "database primary key from a sqlite row used as sub",
        "InvalidSubjectError",
        U_SUB,
        {
            "issue_tokens.py": """
            import sqlite3

            from tokens import issue_for, verify

            db = sqlite3.connect(":memory:")
            db.execute("create table users (id integer primary key, name text)")
            db.execute("insert into users (name) values ('ada')")
            row = db.execute("select id, name from users").fetchone()
            print(verify(issue_for(row)))
        """,
            "tokens.py": """
            import jwt

            KEY = "tokens-secret-key-for-hs256-0123456789"


            def issue_for(row):
                user_id, name = row
                return jwt.encode({"sub": user_id, "name": name}, KEY, algorithm="HS256")


            def verify(token):
                return jwt.decode(token, KEY, algorithms=["HS256"])
        """,
        },
    ),
    # an HMAC secret string given where an RSA/EC key is required
    P(
        "jwt_secret_used_for_asymmetric_algorithm",
        "jwt",
        "RS256 signing with the app's secret string",
        "InvalidKeyError",
        U_RSAKEY,
        {
            "sign_token.py": """
            from signer import sign

            print(sign({"uid": 3}))
        """,
            "signer.py": """
            import jwt

            import settings


            def sign(payload):
                return jwt.encode(payload, settings.SECRET_KEY, algorithm=settings.JWT_ALGORITHM)
        """,
            "settings.py": """
            SECRET_KEY = "django-insecure-4f$w9!k2z"
            JWT_ALGORITHM = "RS256"
        """,
        },
    ),
    P(
        "jwt_secret_used_for_asymmetric_algorithm",
        "jwt",
        "ES256 chosen for a token signed with a password",
        "ValueError",
        U_RSAKEY,
        {
            "device_token.py": """
            import jwt

            DEVICE_PASSWORD = "device-42-pass"


            def device_token(device_id):
                return jwt.encode({"device": device_id}, DEVICE_PASSWORD, algorithm="ES256")


            print(device_token("sensor-7"))
        """,
        },
    ),
    P(
        "jwt_secret_used_for_asymmetric_algorithm",
        "jwt",
        "verifier given the shared secret for an RS256 token",
        "InvalidKeyError",
        U_RSAKEY,
        {
            "verify_partner.py": """
            import jwt
            from cryptography.hazmat.primitives import serialization
            from cryptography.hazmat.primitives.asymmetric import rsa

            private = rsa.generate_private_key(public_exponent=65537, key_size=2048)
            pem = private.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            )
            token = jwt.encode({"partner": "acme"}, pem, algorithm="RS256")

            SHARED_SECRET = "partner-shared-secret"
            print(jwt.decode(token, SHARED_SECRET, algorithms=["RS256"]))
        """,
        },
    ),
    # a password or arbitrary string used as the Fernet key
    P(
        "fernet_key_not_generated",
        "cryptography",
        "settings key is a human-made string",
        "ValueError",
        U_FERNETKEY,
        {
            "encrypt_field.py": """
            from vault import encrypt

            print(encrypt("4111-1111-1111-1111"))
        """,
            "vault.py": """
            from cryptography.fernet import Fernet

            from settings import FIELD_ENCRYPTION_KEY

            _cipher = Fernet(FIELD_ENCRYPTION_KEY)


            def encrypt(text):
                return _cipher.encrypt(text.encode())
        """,
            "settings.py": """
            FIELD_ENCRYPTION_KEY = "change-me-in-production"
        """,
        },
    ),
    P(
        "fernet_key_not_generated",
        "cryptography",
        "key made from a sha256 hexdigest of a password",
        "ValueError",
        U_FERNETKEY,
        {
            "notes_locker.py": """
            import hashlib

            from cryptography.fernet import Fernet


            def cipher_for(password):
                key = hashlib.sha256(password.encode()).hexdigest()
                return Fernet(key)


            print(cipher_for("hunter2").encrypt(b"note"))
        """,
        },
    ),
    P(
        "fernet_key_not_generated",
        "cryptography",
        "short secret base64-encoded to look like a key",
        "ValueError",
        U_FERNETKEY,
        {
            "backup.py": """
            import base64

            from crypto_util import make_cipher

            secret = base64.urlsafe_b64encode(b"backup-secret")
            print(make_cipher(secret).encrypt(b"dump"))
        """,
            "crypto_util.py": """
            from cryptography.fernet import Fernet


            def make_cipher(key):
                return Fernet(key)
        """,
        },
    ),
    # a fresh key is generated where the stored one should be reused
    P(
        "fernet_key_regenerated_on_decrypt",
        "cryptography",
        "cipher factory generates a new key on every call",
        "InvalidToken",
        U_NEWKEY,
        {
            "store_secret.py": """
            from vault import cipher

            token = cipher().encrypt(b"db-password")
            print(cipher().decrypt(token))
        """,
            "vault.py": """
            from cryptography.fernet import Fernet


            def cipher():
                return Fernet(Fernet.generate_key())
        """,
        },
    ),
    P(
        "fernet_key_regenerated_on_decrypt",
        "cryptography",
        "token written to a file is read back by a box with its own key",
        "InvalidToken",
        U_NEWKEY,
        {
            "roundtrip.py": """
            from pathlib import Path

            from tokenbox import TokenBox

            Path("secret.tok").write_bytes(TokenBox().seal(b"api-key-123"))
            print(TokenBox().open(Path("secret.tok").read_bytes()))
        """,
            "tokenbox.py": """
            from cryptography.fernet import Fernet


            class TokenBox:
                def __init__(self):
                    self._f = Fernet(Fernet.generate_key())

                def seal(self, data):
                    return self._f.encrypt(data)

                def open(self, token):
                    return self._f.decrypt(token)
        """,
        },
    ),
    P(
        "fernet_key_regenerated_on_decrypt",
        "cryptography",
        "encrypt and decrypt helpers each build their own key",
        "InvalidToken",
        U_NEWKEY,
        {
            "cookie_demo.py": """
            from cryptography.fernet import Fernet


            def encrypt_cookie(value):
                return Fernet(Fernet.generate_key()).encrypt(value.encode())


            def decrypt_cookie(token):
                return Fernet(Fernet.generate_key()).decrypt(token).decode()


            print(decrypt_cookie(encrypt_cookie("cart=3")))
        """,
        },
    ),
    # bcrypt hash saved as str(bytes) so the "b'...'" ends up in storage
    P(
        "bcrypt_hash_stored_as_bytes_repr",
        "bcrypt",
        "hash written to JSON with str()",
        "ValueError",
        U_BCRYPT,
        {
            "login.py": """
            from accounts import check, register

            register("ada", "pw-123")
            print(check("ada", "pw-123"))
        """,
            "accounts.py": """
            import json
            from pathlib import Path

            import bcrypt

            DB = Path("users.json")


            def register(name, password):
                hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=4))
                DB.write_text(json.dumps({name: str(hashed)}))


            def check(name, password):
                stored = json.loads(DB.read_text())[name]
                return bcrypt.checkpw(password.encode(), stored.encode())
        """,
        },
    ),
    P(
        "bcrypt_hash_stored_as_bytes_repr",
        "bcrypt",
        "hash formatted into a CSV line with an f-string",
        "ValueError",
        U_BCRYPT,
        {
            "csv_users.py": """
            import csv

            import bcrypt

            with open("users.csv", "w", newline="") as fh:
                hashed = bcrypt.hashpw(b"s3cret", bcrypt.gensalt(rounds=4))
                fh.write(f"grace,{hashed}\\n")

            with open("users.csv", newline="") as fh:
                for name, stored in csv.reader(fh):
                    print(name, bcrypt.checkpw(b"s3cret", stored.encode("utf-8")))
        """,
        },
    ),
    P(
        "bcrypt_hash_stored_as_bytes_repr",
        "bcrypt",
        "TEXT column filled with str(hash)",
        "ValueError",
        U_BCRYPT,
        {
            "auth_db.py": """
            import sqlite3

            from passwords import hash_password, verify

            db = sqlite3.connect(":memory:")
            db.execute("create table users (name text, pw text)")
            db.execute("insert into users values (?, ?)", ("linus", str(hash_password("kernel"))))
            (stored,) = db.execute("select pw from users where name = 'linus'").fetchone()
            print(verify("kernel", stored))
        """,
            "passwords.py": """
            import bcrypt


            def hash_password(pw):
                return bcrypt.hashpw(pw.encode(), bcrypt.gensalt(rounds=4))


            def verify(pw, stored):
                return bcrypt.checkpw(pw.encode(), stored.encode())
        """,
        },
    ),
    # the value is verified with other signer settings than it was signed with
    P(
        "signer_settings_differ_between_sign_and_verify",
        "itsdangerous",
        "email token dumped with one salt and loaded with another",
        "BadSignature",
        U_SIGNER,
        {
            "confirm_email.py": """
            from mailer import confirmation_link
            from views import confirm

            link = confirmation_link("ada@example.com")
            print(confirm(link.rsplit("/", 1)[1]))
        """,
            "mailer.py": """
            from itsdangerous import URLSafeSerializer

            SECRET = "app-secret-key-1"


            def confirmation_link(email):
                token = URLSafeSerializer(SECRET, salt="email-confirm").dumps(email)
                return f"https://example.test/confirm/{token}"
        """,
            "views.py": """
            from itsdangerous import URLSafeSerializer

            from mailer import SECRET


            def confirm(token):
                return URLSafeSerializer(SECRET, salt="email-confirmation").loads(token)
        """,
        },
    ),
    P(
        "signer_settings_differ_between_sign_and_verify",
        "itsdangerous",
        "producer signs with a sha256 digest, consumer with the default",
        "BadSignature",
        U_SIGNER,
        {
            "consume.py": """
            import hashlib

            from itsdangerous import Serializer

            KEY = "shared-queue-key"
            producer = Serializer(KEY, signer_kwargs={"digest_method": hashlib.sha256})
            message = producer.dumps({"job": 17})

            consumer = Serializer(KEY)
            print(consumer.loads(message))
        """,
        },
    ),
    P(
        "signer_settings_differ_between_sign_and_verify",
        "itsdangerous",
        "verifier reads the secret from another config key than the signer",
        "BadSignature",
        U_SIGNER,
        {
            "unsubscribe.py": """
            from links import make_unsubscribe, read_unsubscribe

            print(read_unsubscribe(make_unsubscribe(314)))
        """,
            "links.py": """
            from itsdangerous import URLSafeSerializer

            CONFIG = {"SECRET_KEY": "prod-secret", "SIGNING_KEY": "dev-signing-key"}


            def make_unsubscribe(user_id):
                return URLSafeSerializer(CONFIG["SECRET_KEY"]).dumps(user_id)


            def read_unsubscribe(token):
                return URLSafeSerializer(CONFIG["SIGNING_KEY"]).loads(token)
        """,
        },
    ),
    # RSA used directly on a payload larger than the key allows
    P(
        "rsa_encrypt_payload_too_large",
        "cryptography",
        "whole JSON document encrypted with RSA-OAEP",
        "ValueError",
        U_RSALEN,
        {
            "send_report.py": """
            import json

            from keys import public_key, seal

            report = json.dumps({"rows": [{"id": n, "name": f"customer {n}"} for n in range(20)]}).encode()
            print(len(seal(public_key(), report)))
        """,
            "keys.py": """
            from cryptography.hazmat.primitives import hashes
            from cryptography.hazmat.primitives.asymmetric import padding, rsa


            def public_key():
                return rsa.generate_private_key(public_exponent=65537, key_size=2048).public_key()


            def seal(pub, data):
                oaep = padding.OAEP(mgf=padding.MGF1(algorithm=hashes.SHA256()), algorithm=hashes.SHA256(), label=None)
                return pub.encrypt(data, oaep)
        """,
        },
    ),
    P(
        "rsa_encrypt_payload_too_large",
        "cryptography",
        "file contents encrypted with PKCS1v15 under a 1024-bit key",
        "ValueError",
        U_RSALEN,
        {
            "encrypt_file.py": """
            from pathlib import Path

            from cryptography.hazmat.primitives.asymmetric import padding, rsa

            Path("notes.txt").write_text("meeting notes\\n" * 20)
            key = rsa.generate_private_key(public_exponent=65537, key_size=1024)
            blob = key.public_key().encrypt(Path("notes.txt").read_bytes(), padding.PKCS1v15())
            Path("notes.enc").write_bytes(blob)
        """,
        },
    ),
    P(
        "rsa_encrypt_payload_too_large",
        "cryptography",
        "a list of API tokens joined and encrypted at once",
        "ValueError",
        U_RSALEN,
        {
            "share_tokens.py": """
            from cryptography.hazmat.primitives import hashes
            from cryptography.hazmat.primitives.asymmetric import padding, rsa

            from tokens import all_tokens

            recipient = rsa.generate_private_key(public_exponent=65537, key_size=2048).public_key()
            oaep = padding.OAEP(mgf=padding.MGF1(hashes.SHA1()), algorithm=hashes.SHA1(), label=None)
            bundle = ";".join(all_tokens()).encode()
            print(len(recipient.encrypt(bundle, oaep)))
        """,
            "tokens.py": """
            def all_tokens():
                return [f"tok_{n:02d}_{'x' * 24}" for n in range(12)]
        """,
        },
    ),
]
