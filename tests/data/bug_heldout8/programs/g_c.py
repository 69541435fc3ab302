"""Groups where a library needs something outside Python that is missing or of the wrong version: httpx 0.28 under
an openai 1.x client, poppler for pdf2image, the zbar library for pyzbar, ImageMagick for Wand, an AWS region for
boto3, and moviepy 2 without its `editor` module.

Library licences: openai Apache-2.0, httpx BSD-3-Clause, pdf2image MIT, pyzbar MIT, Wand MIT, boto3 and botocore
Apache-2.0, moviepy MIT, Pillow MIT-CMU (HPND).
"""

from programs import P

SOURCES = {
    "openai_client_with_httpx_028": [
        "https://github.com/openai/openai-python/issues/1902",
        "https://github.com/platisd/openai-pr-description/issues/9",
        "https://github.com/OpenBMB/ChatDev/issues/478",
        "https://github.com/abhinav-kimothi/A-Simple-Guide-to-RAG/issues/7",
    ],
    "poppler_missing_for_pdf2image": [
        "https://github.com/Belval/pdf2image/issues/142",
        "https://github.com/Belval/pdf2image/issues/50",
        "https://github.com/LJSthu/Python-Remove-Watermark/issues/5",
    ],
    "zbar_library_missing": [
        "https://github.com/NaturalHistoryMuseum/pyzbar/issues/37",
        "https://github.com/NaturalHistoryMuseum/pyzbar/issues/131",
        "https://github.com/NaturalHistoryMuseum/pyzbar/issues/128",
        "https://github.com/hannob/vacdec/issues/4",
    ],
    "imagemagick_missing_for_wand": [
        "https://github.com/emcconville/wand/issues/562",
        "https://github.com/emcconville/wand/issues/334",
        "https://github.com/ftarlao/check-media-integrity/issues/6",
    ],
    "boto3_no_region": [
        "https://github.com/sporkmonger/aws-nmap/issues/1",
        "https://github.com/tbenthompson/anti_forgetful/issues/1",
        "https://github.com/tbumi/glacier-upload/issues/24",
    ],
    "moviepy_editor_module_removed": [
        "https://github.com/Zulko/moviepy/issues/2479",
        "https://github.com/Zulko/moviepy/issues/2454",
        "https://github.com/WintrCat/autoshorts/issues/7",
    ],
}
S = SOURCES

PROGRAMS = [
    # openai < 1.55.3 passes `proxies=` to httpx.Client, which httpx 0.28 removed
    P(
        "openai_client_with_httpx_028",
        "openai",
        "OpenAI(api_key=...) client created in a PR description action",
        "TypeError",
        S["openai_client_with_httpx_028"][1],
        {
            "describe_pr.py": r"""
            import os
            import sys

            import openai


            def main():
                api_key = os.environ.get("OPENAI_API_KEY", "sk-ci")
                client = openai.OpenAI(api_key=api_key)
                diff = "diff --git a/app.py b/app.py\n+print('hi')\n"
                prompt = f"Describe this change:\n{diff}"
                print(client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": prompt}]))
                return 0


            sys.exit(main())
        """,
        },
    ),
    P(
        "openai_client_with_httpx_028",
        "openai",
        "module-level OpenAI client with base_url in a helper imported by the main chain",
        "TypeError",
        S["openai_client_with_httpx_028"][2],
        {
            "run.py": r"""
            from chain.chat_chain import ChatChain

            ChatChain("build a todo app").execute()
        """,
            "chain/__init__.py": "",
            "chain/chat_chain.py": r"""
            from chain.web_spider import summarize


            class ChatChain:
                def __init__(self, task):
                    self.task = task

                def execute(self):
                    print(summarize(self.task))
        """,
            "chain/web_spider.py": r"""
            import openai

            client = openai.OpenAI(api_key="sk-local", base_url="http://127.0.0.1:9/v1")


            def summarize(text):
                return client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": text}])
        """,
        },
    ),
    P(
        "openai_client_with_httpx_028",
        "openai",
        "OpenAI() built from the environment inside a retrieval notebook script",
        "TypeError",
        S["openai_client_with_httpx_028"][3],
        {
            "rag_chapter3.py": r"""
            import os

            from openai import OpenAI

            os.environ.setdefault("OPENAI_API_KEY", "sk-notebook")
            chunks = ["RAG retrieves passages.", "Then the model answers from them."]
            client = OpenAI()
            embeddings = client.embeddings.create(model="text-embedding-3-small", input=chunks)
            print(len(embeddings.data))
        """,
        },
    ),
    # pdf2image runs poppler's pdfinfo/pdftoppm, which are not installed
    P(
        "poppler_missing_for_pdf2image",
        "pdf2image",
        "pages of a PDF converted to images with convert_from_path",
        "PDFInfoNotInstalledError",
        S["poppler_missing_for_pdf2image"][0],
        {
            "pdf_to_png.py": r"""
            from pdf2image import convert_from_path
            from PIL import Image

            Image.new("RGB", (200, 280), "white").save("scan.pdf")

            pages = convert_from_path("scan.pdf", dpi=150)
            for i, page in enumerate(pages):
                page.save(f"scan_{i}.png")
        """,
        },
    ),
    P(
        "poppler_missing_for_pdf2image",
        "pdf2image",
        "uploaded PDF bytes converted with convert_from_bytes in a web handler module",
        "PDFInfoNotInstalledError",
        S["poppler_missing_for_pdf2image"][1],
        {
            "app.py": r"""
            from handlers import thumbnail_for_upload

            with open("upload.pdf", "wb") as fh:
                fh.write(b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")
            print(thumbnail_for_upload("upload.pdf"))
        """,
            "handlers.py": r"""
            from pdf2image import convert_from_bytes


            def thumbnail_for_upload(path):
                with open(path, "rb") as fh:
                    images = convert_from_bytes(fh.read(), first_page=1, last_page=1, size=(120, None))
                thumb = images[0]
                thumb.save(path + ".thumb.jpg")
                return thumb.size
        """,
        },
    ),
    P(
        "poppler_missing_for_pdf2image",
        "pdf2image",
        "watermark remover rendering pages before cleaning pixels",
        "PDFInfoNotInstalledError",
        S["poppler_missing_for_pdf2image"][2],
        {
            "watermark.py": r"""
            from pdf2image import convert_from_path
            from PIL import Image


            def clean(img, threshold=200):
                return img.point(lambda v: 255 if v > threshold else v)


            Image.new("L", (100, 140), 230).save("a.pdf")
            images = convert_from_path("a.pdf")
            cleaned = [clean(im.convert("L")) for im in images]
            cleaned[0].save("a_clean.pdf", save_all=True, append_images=cleaned[1:])
        """,
        },
    ),
    # pyzbar loads the zbar C library with ctypes at import; libzbar0 is not installed
    P(
        "zbar_library_missing",
        "pyzbar",
        "QR code decoded from a generated image with pyzbar.decode",
        "ImportError",
        S["zbar_library_missing"][0],
        {
            "scan_qr.py": r"""
            from PIL import Image
            from pyzbar.pyzbar import decode

            img = Image.new("L", (64, 64), 255)
            for result in decode(img):
                print(result.type, result.data.decode())
        """,
        },
    ),
    P(
        "zbar_library_missing",
        "pyzbar",
        "barcode reader module importing pyzbar, used by an inventory script",
        "ImportError",
        S["zbar_library_missing"][2],
        {
            "inventory.py": r"""
            from reader import read_codes

            print(read_codes(["shelf1.png", "shelf2.png"]))
        """,
            "reader.py": r"""
            from pyzbar import pyzbar
            from PIL import Image


            def read_codes(paths):
                codes = []
                for p in paths:
                    try:
                        img = Image.open(p)
                    except FileNotFoundError:
                        continue
                    codes += [c.data.decode() for c in pyzbar.decode(img)]
                return codes
        """,
        },
    ),
    P(
        "zbar_library_missing",
        "pyzbar",
        "vaccination certificate decoder importing pyzbar.pyzbar as a module",
        "ImportError",
        S["zbar_library_missing"][3],
        {
            "vacdec.py": r"""
            import sys
            import zlib

            import pyzbar.pyzbar
            from PIL import Image


            def payload(image_path):
                data = pyzbar.pyzbar.decode(Image.open(image_path))[0].data.decode()
                return zlib.decompress(data[4:].encode("latin-1"))


            if __name__ == "__main__":
                print(payload(sys.argv[1] if len(sys.argv) > 1 else "cert.png"))
        """,
        },
    ),
    # Wand binds the MagickWand C library; ImageMagick's library is not installed
    P(
        "imagemagick_missing_for_wand",
        "wand",
        "thumbnail resized with wand.image.Image",
        "ImportError",
        S["imagemagick_missing_for_wand"][0],
        {
            "thumbs.py": r"""
            from wand.image import Image

            with Image(width=400, height=300, background="white") as img:
                img.resize(100, 75)
                img.save(filename="thumb.png")
            print("done")
        """,
        },
    ),
    P(
        "imagemagick_missing_for_wand",
        "wand",
        "PDF page rasteriser in a service module imported by a Django-like view",
        "ImportError",
        S["imagemagick_missing_for_wand"][1],
        {
            "views.py": r"""
            from services.render import first_page_png

            def preview(request_path):
                return first_page_png(request_path)


            print(preview("contract.pdf"))
        """,
            "services/__init__.py": "",
            "services/render.py": r"""
            from wand.color import Color
            from wand.image import Image


            def first_page_png(pdf_path):
                with Image(filename=pdf_path + "[0]", resolution=100) as page:
                    page.background_color = Color("white")
                    page.alpha_channel = "remove"
                    return page.make_blob("png")
        """,
        },
    ),
    P(
        "imagemagick_missing_for_wand",
        "wand",
        "media integrity checker importing Wand's Image under another name",
        "ImportError",
        S["imagemagick_missing_for_wand"][2],
        {
            "check_media.py": r"""
            import sys

            from PIL import Image as ImageP
            from wand.image import Image as ImageW


            def check(path):
                with ImageP.open(path) as im:
                    im.verify()
                with ImageW(filename=path) as im:
                    return im.format


            for p in sys.argv[1:] or ["photo.jpg"]:
                print(p, check(p))
        """,
        },
    ),
    # boto3 clients need a region (argument, AWS_DEFAULT_REGION or ~/.aws/config); none is set
    P(
        "boto3_no_region",
        "boto3",
        "EC2 client created in a scanning CLI's main",
        "NoRegionError",
        S["boto3_no_region"][0],
        {
            "scan_hosts.py": r"""
            import boto3


            def public_ips():
                client = boto3.client("ec2")
                reservations = client.describe_instances()["Reservations"]
                return [i.get("PublicIpAddress") for r in reservations for i in r["Instances"]]


            if __name__ == "__main__":
                print(public_ips())
        """,
        },
    ),
    P(
        "boto3_no_region",
        "boto3",
        "EC2 resource looked up from a launch helper reading a config file",
        "NoRegionError",
        S["boto3_no_region"][1],
        {
            "launch.py": r"""
            import json

            import boto3


            def get_instance_id(cfg):
                ec2 = boto3.resource("ec2")
                for inst in ec2.instances.filter(Filters=[{"Name": "tag:Name", "Values": [cfg["name"]]}]):
                    return inst.id


            with open("awscfg.json") as fh:
                print(get_instance_id(json.load(fh)))
        """,
            "awscfg.json": '{"name": "build-box", "instance_type": "t3.small"}\n',
        },
    ),
    P(
        "boto3_no_region",
        "boto3",
        "Glacier client created at import time of an upload module, even for --help",
        "NoRegionError",
        S["boto3_no_region"][2],
        {
            "cli.py": r"""
            import argparse

            from glacier_tools import upload

            parser = argparse.ArgumentParser(description="Upload archives to Glacier")
            parser.add_argument("--vault")
            args = parser.parse_args()
            upload.run(args)
        """,
            "glacier_tools/__init__.py": "",
            "glacier_tools/upload.py": r"""
            import boto3

            glacier = boto3.client("glacier")


            def run(args):
                print(glacier.list_vaults())
        """,
        },
        "--help",
    ),
    # moviepy 2.0 removed the moviepy.editor module (import from moviepy directly)
    P(
        "moviepy_editor_module_removed",
        "moviepy",
        "`from moviepy.editor import VideoFileClip` in a clip trimming script",
        "ModuleNotFoundError",
        S["moviepy_editor_module_removed"][0],
        {
            "trim_clip.py": r"""
            import sys

            from moviepy.editor import VideoFileClip

            src = sys.argv[1] if len(sys.argv) > 1 else "talk.mp4"
            clip = VideoFileClip(src).subclip(0, 10)
            clip.write_videofile("talk_intro.mp4")
        """,
        },
    ),
    P(
        "moviepy_editor_module_removed",
        "moviepy",
        "`from moviepy import editor` in a subtitles helper",
        "ImportError",
        S["moviepy_editor_module_removed"][1],
        {
            "subtitles.py": r"""
            from moviepy import editor


            def burn(video_path, text):
                clip = editor.VideoFileClip(video_path)
                caption = editor.TextClip(text, fontsize=24, color="white").set_duration(clip.duration)
                return editor.CompositeVideoClip([clip, caption.set_position("bottom")])


            burn("lesson.mp4", "Lesson 1")
        """,
        },
    ),
    P(
        "moviepy_editor_module_removed",
        "moviepy",
        "`import moviepy.editor as editor` in a puzzle video generator module",
        "ModuleNotFoundError",
        S["moviepy_editor_module_removed"][2],
        {
            "make_short.py": r"""
            from shorts.puzzle import render_puzzle

            render_puzzle("r1bqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR", seconds=8)
        """,
            "shorts/__init__.py": "",
            "shorts/puzzle.py": r"""
            import moviepy.editor as editor


            def render_puzzle(fen, seconds):
                board = editor.ColorClip(size=(1080, 1920), color=(240, 217, 181)).set_duration(seconds)
                board.write_videofile(fen.split("/")[0] + ".mp4", fps=24)
        """,
        },
    ),
]

PROGRAMS += [
    P(
        "openai_client_with_httpx_028",
        "openai",
        "OpenAI client with a timeout created by an agent's model wrapper class",
        "TypeError",
        SOURCES["openai_client_with_httpx_028"][0],
        {
            "agent.py": r"""
            from llm import ChatModel

            model = ChatModel("gpt-4o", temperature=0.0)
            print(model("Open the settings page."))
        """,
            "llm.py": r"""
            import openai


            class ChatModel:
                def __init__(self, name, temperature=0.7):
                    self.name = name
                    self.temperature = temperature
                    self.root_client = openai.OpenAI(api_key="sk-agent", timeout=30.0, max_retries=1)

                def __call__(self, prompt):
                    r = self.root_client.chat.completions.create(
                        model=self.name, temperature=self.temperature, messages=[{"role": "user", "content": prompt}]
                    )
                    return r.choices[0].message.content
        """,
        },
    ),
    P(
        "zbar_library_missing",
        "pyzbar",
        "ticket scanner importing decode from pyzbar.pyzbar inside a frame loop function",
        "ImportError",
        SOURCES["zbar_library_missing"][1],
        {
            "scanner.py": r"""
            from PIL import Image


            def scan_frames(frames):
                from pyzbar.pyzbar import decode

                seen = set()
                for frame in frames:
                    for code in decode(frame):
                        seen.add(code.data.decode())
                return seen


            print(scan_frames([Image.new("L", (32, 32), 255)]))
        """,
        },
    ),
]
