"""HTTP clients and plugin loading after a dependency's major release: httpx 0.28 (proxies=, app=), requests 2.32
(custom adapters), urllib3 2 (App Engine contrib), importlib-metadata 5 (dict-like entry points), Pillow 10
(ANTIALIAS through pilkit)."""

from programs import P, Run

U_OAI_WRAP = "https://github.com/openai/openai-python/issues/1903"
U_OAI_BASEURL = "https://github.com/openai/openai-python/issues/1915"
U_OAI_ASYNC = "https://github.com/openai/openai-python/issues/1908"
U_ST_CONNEXION = "https://github.com/Kludex/starlette/issues/2771"
U_ST_CLIENT = "https://github.com/Kludex/starlette/issues/2781"
U_IM_HACKING = "https://github.com/python/importlib_metadata/issues/406"
U_IM_ITEMS = "https://github.com/python/importlib_metadata/issues/409"
U_IM_CELERY = "https://github.com/python/importlib_metadata/issues/411"
U_RQ_CANON = "https://github.com/psf/requests/issues/6707"
U_RQ_DOCKER = "https://github.com/docker/docker-py/issues/3256"
U_RQ_SWE = "https://github.com/SWE-agent/SWE-agent/issues/379"
U_TB_ZEEP = "https://github.com/requests/toolbelt/issues/354"
U_TB_KODI = "https://github.com/urllib3/urllib3/issues/3220"
U_TB_IMAGEKIT = "https://github.com/imagekit-developer/imagekit-python/issues/41"
U_PK_CANON = "https://github.com/matthewwithanm/pilkit/issues/64"
U_PK_IMAGEKIT = "https://github.com/matthewwithanm/django-imagekit/issues/569"

OAI = "openai-1.55.0-httpx-0.28.0"
ST = "starlette-0.27.0-httpx-0.28.0"
IM = "importlib-metadata-5.0.0"
RQ = "requests-2.32.0"
TB = "requests-toolbelt-0.10.1-urllib3-2.0.2"
PK = "pilkit-2.0-pillow-10.0.0"

PROGRAMS = [
    # openai < 1.55.3 passes proxies= to httpx.Client; httpx 0.28 removed that argument
    Run(
        OAI,
        P(
            "openai_client_httpx028_proxies",
            "openai",
            "provider switch builds the client inside a chat wrapper",
            "TypeError",
            U_OAI_WRAP,
            {
                "try_agent.py": r"""
                import argparse

                from llm import ChatModel


                def get_llm(provider):
                    if provider == "openai":
                        return ChatModel(model="gpt-4o", temperature=0.0)
                    raise ValueError(f"unknown provider {provider}")


                parser = argparse.ArgumentParser()
                parser.add_argument("--provider", default="openai")
                args = parser.parse_args()
                llm = get_llm(args.provider)
                print(llm.model)
                """,
                "llm.py": r"""
                import os

                import openai


                class ChatModel:
                    def __init__(self, model, temperature):
                        self.model = model
                        self.temperature = temperature
                        params = {"api_key": os.environ.get("OPENAI_API_KEY", "sk-local"), "max_retries": 2}
                        extra = {"timeout": 30}
                        self.client = openai.OpenAI(**params, **extra)
                """,
            },
        ),
    ),
    Run(
        OAI,
        P(
            "openai_client_httpx028_proxies",
            "openai",
            "module-level client with a custom base_url",
            "TypeError",
            U_OAI_BASEURL,
            {
                "test.py": r"""
                from openai import OpenAI

                client = OpenAI(
                    api_key="sk-placeholder",
                    base_url="https://llm.internal.example/v1",
                )
                print(client.base_url)
                """,
            },
        ),
    ),
    Run(
        "openai-1.30.1-httpx-0.28.0",
        P(
            "openai_client_httpx028_proxies",
            "openai",
            "async client created when the service object starts",
            "TypeError",
            U_OAI_ASYNC,
            {
                "summarizer.py": r"""
                import asyncio

                from openai import AsyncOpenAI


                class Summarizer:
                    def __init__(self, api_key):
                        self.client = AsyncOpenAI(api_key=api_key, timeout=20)

                    async def summarize(self, text):
                        return text[:40]


                async def main():
                    service = Summarizer("sk-local")
                    print(await service.summarize("a long text to shorten " * 4))


                asyncio.run(main())
                """,
            },
        ),
    ),
    # starlette < 0.35 passes app= to httpx.Client from its TestClient; httpx 0.28 removed that argument
    Run(
        ST,
        P(
            "starlette_testclient_httpx028_app",
            "starlette",
            "API test module builds a TestClient for its ASGI app",
            "TypeError",
            U_ST_CONNEXION,
            {
                "test_api.py": r"""
                from starlette.applications import Starlette
                from starlette.responses import JSONResponse
                from starlette.routing import Route
                from starlette.testclient import TestClient


                async def pets(request):
                    return JSONResponse([{"id": 1, "name": "Rex"}])


                app = Starlette(routes=[Route("/pets", pets)])


                def test_list_pets():
                    client = TestClient(app)
                    response = client.get("/pets")
                    assert response.status_code == 200


                if __name__ == "__main__":
                    test_list_pets()
                    print("ok")
                """,
            },
        ),
    ),
    Run(
        ST,
        P(
            "starlette_testclient_httpx028_app",
            "starlette",
            "app factory used in a with-block TestClient with headers",
            "TypeError",
            U_ST_CLIENT,
            {
                "smoke.py": r"""
                from service import create_app
                from starlette.testclient import TestClient

                with TestClient(create_app(), base_url="http://testserver", headers={"x-env": "ci"}) as client:
                    print(client.get("/ping").text)
                """,
                "service.py": r"""
                from starlette.applications import Starlette
                from starlette.responses import PlainTextResponse
                from starlette.routing import Route


                def create_app():
                    async def ping(request):
                        return PlainTextResponse("pong")

                    return Starlette(routes=[Route("/ping", ping)])
                """,
            },
        ),
    ),
    # importlib-metadata 5 returns EntryPoints (a tuple) from entry_points(): the dict interface is gone
    Run(
        IM,
        P(
            "importlib_metadata5_entry_points_dict",
            "importlib_metadata",
            "lint plugin finder asks for its group with .get",
            "AttributeError",
            U_IM_HACKING,
            {
                "lint.py": r"""
                import sys

                from checks.finder import find_plugins

                print(sorted(find_plugins()), sys.argv[1:])
                """,
                "checks/__init__.py": "",
                "checks/finder.py": r"""
                import importlib_metadata

                GROUPS = ("flake8.extension", "flake8.report")


                def find_plugins():
                    found = {}
                    all_eps = importlib_metadata.entry_points()
                    for group in GROUPS:
                        for ep in all_eps.get(group, []):
                            found[ep.name] = ep
                    return found
                """,
            },
            "src/",
        ),
    ),
    Run(
        IM,
        P(
            "importlib_metadata5_entry_points_dict",
            "importlib_metadata",
            "extension manager iterates the groups with .items()",
            "AttributeError",
            U_IM_ITEMS,
            {
                "extensions.py": r"""
                import importlib_metadata


                class ExtensionManager:
                    def __init__(self, namespace):
                        self.namespace = namespace
                        self.extensions = []

                    def load(self):
                        for group, eps in importlib_metadata.entry_points().items():
                            if group == self.namespace:
                                self.extensions.extend(ep.load() for ep in eps)
                        return self.extensions


                mgr = ExtensionManager("myapp.drivers")
                print(len(mgr.load()))
                """,
            },
        ),
    ),
    Run(
        IM,
        P(
            "importlib_metadata5_entry_points_dict",
            "importlib_metadata",
            "task package registers command plugins when imported",
            "AttributeError",
            U_IM_CELERY,
            {
                "worker.py": r"""
                from tasks import app

                print(app.name, app.commands)
                """,
                "tasks/__init__.py": r"""
                from tasks.plugins import load_commands


                class App:
                    def __init__(self, name):
                        self.name = name
                        self.commands = load_commands("tasks.commands")


                app = App("tasks")
                """,
                "tasks/plugins.py": r"""
                import sys

                if sys.version_info >= (3, 12):
                    from importlib import metadata
                else:
                    import importlib_metadata as metadata


                def load_commands(group):
                    return {ep.name: ep.load() for ep in metadata.entry_points().get(group, [])}
                """,
            },
        ),
    ),
    # requests 2.32.0 stopped calling an adapter's get_connection(): docker's unix-socket adapter is bypassed
    Run(
        RQ,
        P(
            "requests232_adapter_get_connection_bypassed",
            "docker",
            "docker client from the environment",
            "DockerException",
            U_RQ_DOCKER,
            {
                "containers.py": r"""
                import docker

                client = docker.from_env()
                for c in client.containers.list():
                    print(c.name)
                """,
            },
        ),
    ),
    Run(
        RQ,
        P(
            "requests232_adapter_get_connection_bypassed",
            "requests",
            "test session fixture lists containers with a pinned API version",
            "InvalidURL",
            U_RQ_CANON,
            {
                "integration_check.py": r"""
                import docker


                def docker_client():
                    return docker.DockerClient(base_url="unix://var/run/docker.sock", version="1.41")


                def running_services(client):
                    return [c.name for c in client.containers.list(filters={"label": "integration"})]


                if __name__ == "__main__":
                    print(running_services(docker_client()))
                """,
            },
        ),
    ),
    Run(
        RQ,
        P(
            "requests232_adapter_get_connection_bypassed",
            "requests",
            "environment setup pings the daemon through the low-level API client",
            "InvalidURL",
            U_RQ_SWE,
            {
                "env_setup.py": r"""
                import docker


                class ContainerEnv:
                    def __init__(self, image):
                        self.image = image
                        self.api = docker.APIClient(base_url="unix://var/run/docker.sock", version="1.44")

                    def check(self):
                        return self.api.ping()


                print(ContainerEnv("sandbox/python:3.11").check())
                """,
            },
        ),
    ),
    # requests-toolbelt < 1.0 imports urllib3.contrib.appengine, removed in urllib3 2.0
    Run(
        TB,
        P(
            "toolbelt_lt1_urllib3_2_appengine",
            "requests_toolbelt",
            "SOAP transport imports the multipart decoder",
            "ImportError",
            U_TB_ZEEP,
            {
                "soap_call.py": r"""
                from soap.bindings import parse_attachments

                print(parse_attachments(b"", "multipart/related; boundary=x"))
                """,
                "soap/__init__.py": "",
                "soap/bindings.py": r"""
                from requests_toolbelt.multipart.decoder import MultipartDecoder


                def parse_attachments(content, content_type):
                    if not content:
                        return []
                    return [part.content for part in MultipartDecoder(content, content_type).parts]
                """,
            },
        ),
    ),
    Run(
        TB,
        P(
            "toolbelt_lt1_urllib3_2_appengine",
            "requests_toolbelt",
            "media add-on builds a session with toolbelt's source-address adapter",
            "ImportError",
            U_TB_KODI,
            {
                "addon.py": r"""
                from resources.lib.net import session_for

                print(session_for("0.0.0.0").adapters)
                """,
                "resources/__init__.py": "",
                "resources/lib/__init__.py": "",
                "resources/lib/net.py": r"""
                import requests
                import requests_toolbelt


                def session_for(source_ip):
                    s = requests.Session()
                    s.mount("http://", requests_toolbelt.SourceAddressAdapter(source_ip))
                    return s
                """,
            },
        ),
    ),
    Run(
        "requests-toolbelt-0.9.1-urllib3-2.0.2",
        P(
            "toolbelt_lt1_urllib3_2_appengine",
            "requests_toolbelt",
            "media SDK uploads files with toolbelt's multipart encoder",
            "ImportError",
            U_TB_IMAGEKIT,
            {
                "upload.py": r"""
                from mediasdk import MediaClient

                client = MediaClient(private_key="private_test")
                print(client.upload_payload(b"GIF89a", "pixel.gif"))
                """,
                "mediasdk/__init__.py": r"""
                from .client import MediaClient
                """,
                "mediasdk/client.py": r"""
                from requests_toolbelt import MultipartEncoder


                class MediaClient:
                    def __init__(self, private_key):
                        self.private_key = private_key

                    def upload_payload(self, data, file_name):
                        encoder = MultipartEncoder(fields={"file": (file_name, data), "fileName": file_name})
                        return encoder.content_type.split(";")[0]
                """,
            },
        ),
    ),
    # pilkit 2.0 resizes with Image.ANTIALIAS, removed in Pillow 10
    Run(
        PK,
        P(
            "pilkit20_pillow10_antialias_removed",
            "pilkit",
            "thumbnail made with a pilkit resize processor",
            "AttributeError",
            U_PK_CANON,
            {
                "thumbs.py": r"""
                from PIL import Image
                from pilkit.processors import ResizeToFill

                img = Image.new("RGB", (640, 480), "steelblue")
                thumb = ResizeToFill(200, 200).process(img)
                thumb.save("thumb.jpg")
                print(thumb.size)
                """,
            },
        ),
    ),
    Run(
        PK,
        P(
            "pilkit20_pillow10_antialias_removed",
            "pilkit",
            "django-imagekit spec generates an avatar thumbnail",
            "AttributeError",
            U_PK_IMAGEKIT,
            {
                "avatars.py": r"""
                import io

                import django
                from django.conf import settings

                settings.configure(INSTALLED_APPS=["imagekit"], MEDIA_ROOT="media")
                django.setup()

                from imagekit import ImageSpec
                from imagekit.processors import ResizeToFill
                from PIL import Image


                class Avatar(ImageSpec):
                    processors = [ResizeToFill(100, 100)]
                    format = "JPEG"
                    options = {"quality": 80}


                buf = io.BytesIO()
                Image.new("RGB", (300, 200), "orange").save(buf, "PNG")
                buf.seek(0)
                out = Avatar(source=buf).generate()
                print(len(out.read()))
                """,
            },
        ),
    ),
]
