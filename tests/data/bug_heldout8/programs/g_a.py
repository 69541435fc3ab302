"""Groups where the program calls an API the installed library version no longer has, or that needs an external
program the machine lacks: tqdm called as a module, emoji's removed `use_aliases`, PyPDF2 1.x names under 3.0, xlrd 2
given an .xlsx file, pytesseract without the tesseract binary, pdfkit without wkhtmltopdf, graphviz without `dot`.

Library licences: tqdm MPL-2.0 and MIT, emoji BSD-3-Clause, PyPDF2 BSD-3-Clause, xlrd BSD-style, pytesseract
Apache-2.0, Pillow MIT-CMU (HPND), pdfkit MIT, graphviz MIT.
"""

from programs import P

SOURCES = {
    "tqdm_module_called": [
        "https://github.com/rasbt/LLMs-from-scratch/issues/286",
        "https://github.com/yukistavailable/FontCLIP/issues/2",
        "https://github.com/pytorch/text/issues/257",
        "https://github.com/Yuseung-Na/pcd2bin/issues/6",
    ],
    "emoji_use_aliases_removed": [
        "https://github.com/dschep/ntfy/issues/251",
        "https://github.com/GramAddict/docs/issues/10",
        "https://github.com/glasnt/emojificate/pull/12",
    ],
    "pypdf2_legacy_api_removed": [
        "https://github.com/py-pdf/pypdf/issues/1514",
        "https://github.com/domhnallmorr/Tk-Path-Finder/issues/49",
        "https://github.com/Yuxuan10086/homework_creator/issues/6",
    ],
    "xlrd2_given_xlsx": [
        "https://github.com/USEPA/flowsa/issues/100",
        "https://github.com/dtcooper/python-fitparse/issues/129",
        "https://github.com/Kyubyong/KoParadigm/issues/2",
    ],
    "tesseract_binary_missing": [
        "https://github.com/madmaze/pytesseract/issues/342",
        "https://github.com/konstantint/PassportEye/issues/43",
        "https://github.com/vaibhavk97/GoBooDo/issues/20",
    ],
    "wkhtmltopdf_binary_missing": [
        "https://github.com/openvax/vaxrank/issues/21",
        "https://github.com/JazzCore/python-pdfkit/issues/170",
        "https://github.com/wkhtmltopdf/wkhtmltopdf/issues/4739",
    ],
    "graphviz_dot_missing": [
        "https://github.com/xflr6/graphviz/issues/68",
        "https://github.com/xflr6/graphviz/issues/63",
        "https://github.com/DigitalPhonetics/adviser/issues/5",
    ],
}
U = SOURCES

# a minimal .xlsx (a zip with the parts a spreadsheet program writes), made by a fixture helper of the projects below
XLSX_FIXTURE = r'''
import zipfile


def write_xlsx(path, rows):
    """Write a tiny one-sheet workbook (inline strings only)."""
    cells = []
    for r, row in enumerate(rows, start=1):
        cols = "".join(
            f'<c r="{chr(65 + c)}{r}" t="inlineStr"><is><t>{v}</t></is></c>' for c, v in enumerate(row)
        )
        cells.append(f'<row r="{r}">{cols}</row>')
    sheet = (
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
        + "".join(cells)
        + "</sheetData></worksheet>"
    )
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("[Content_Types].xml", '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>')
        zf.writestr("xl/workbook.xml", '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>')
        zf.writestr("xl/worksheets/sheet1.xml", sheet)
'''

PROGRAMS = [
    # `import tqdm` binds the module; the progress bar class is tqdm.tqdm
    P(
        "tqdm_module_called",
        "tqdm",
        "judge scores of model answers collected in a loop with a progress bar",
        "TypeError",
        U["tqdm_module_called"][0],
        {
            "score_answers.py": r"""
            import json

            import tqdm


            def judge(answer, reference):
                words = set(answer.lower().split())
                ref = set(reference.lower().split())
                return round(100 * len(words & ref) / max(len(ref), 1))


            with open("answers.json") as fh:
                entries = json.load(fh)

            scores = []
            for entry in tqdm(entries, desc="Scoring"):
                scores.append(judge(entry["model_response"], entry["output"]))
            print("mean score:", sum(scores) / len(scores))
        """,
            "answers.json": """
            [
              {"instruction": "Name a primary colour.", "output": "Red is a primary colour.",
               "model_response": "Blue is a primary colour."},
              {"instruction": "What is 2 + 2?", "output": "2 + 2 equals 4.", "model_response": "It equals 4."}
            ]
        """,
        },
    ),
    P(
        "tqdm_module_called",
        "tqdm",
        "byte-count progress bar opened with `with tqdm(total=...)` in a download helper",
        "TypeError",
        U["tqdm_module_called"][1],
        {
            "fetch_weights.py": r"""
            from pathlib import Path

            from helpers.download import copy_with_progress

            src = Path("cache/font_encoder.bin")
            src.parent.mkdir(exist_ok=True)
            src.write_bytes(bytes(range(256)) * 64)
            copy_with_progress(src, Path("model.bin"))
            print("weights ready")
        """,
            "helpers/__init__.py": "",
            "helpers/download.py": r"""
            import tqdm

            CHUNK = 1024


            def copy_with_progress(src, dst):
                size = src.stat().st_size
                with src.open("rb") as fin, dst.open("wb") as fout:
                    with tqdm(total=size, unit="B", unit_scale=True, desc=dst.name) as bar:
                        while True:
                            block = fin.read(CHUNK)
                            if not block:
                                break
                            fout.write(block)
                            bar.update(len(block))
        """,
        },
    ),
    P(
        "tqdm_module_called",
        "tqdm",
        "training epoch iterating batches through tqdm in a trainer module",
        "TypeError",
        U["tqdm_module_called"][2],
        {
            "train.py": r"""
            from trainer import run_epoch

            questions = [("who wrote hamlet", "shakespeare"), ("capital of peru", "lima"), ("largest ocean", "pacific")]
            loss = run_epoch(questions, batch_size=2)
            print(f"epoch loss {loss:.3f}")
        """,
            "trainer.py": r"""
            import tqdm


            def batches(pairs, batch_size):
                for i in range(0, len(pairs), batch_size):
                    yield pairs[i : i + batch_size]


            def run_epoch(pairs, batch_size):
                total = 0.0
                for batch in tqdm(batches(pairs, batch_size)):
                    total += sum(len(q) / (len(a) + 1) for q, a in batch)
                return total / len(pairs)
        """,
        },
    ),
    # emoji 2.0 removed the use_aliases keyword (language="alias" replaces it)
    P(
        "emoji_use_aliases_removed",
        "emoji",
        "notification text emojized with use_aliases=True before sending",
        "TypeError",
        U["emoji_use_aliases_removed"][0],
        {
            "notify.py": r"""
            import sys

            from emoji import emojize


            def send(title, message):
                message = emojize(message, use_aliases=True)
                print(f"[{title}] {message}")


            send("backup", " ".join(sys.argv[1:]) or "nightly backup finished :white_check_mark:")
        """,
        },
    ),
    P(
        "emoji_use_aliases_removed",
        "emoji",
        "bot session report lines built with emojize(..., use_aliases=True) in a report module",
        "TypeError",
        U["emoji_use_aliases_removed"][1],
        {
            "bot.py": r"""
            from report import session_summary

            stats = {"liked": 42, "followed": 7, "skipped": 3}
            for line in session_summary(stats):
                print(line)
        """,
            "report.py": r"""
            import emoji

            ICONS = {"liked": ":heart:", "followed": ":thumbsup:", "skipped": ":zzz:"}


            def session_summary(stats):
                lines = []
                for action, count in stats.items():
                    lines.append(emoji.emojize(f"{ICONS[action]} {action}: {count}", use_aliases=True))
                return lines
        """,
        },
    ),
    P(
        "emoji_use_aliases_removed",
        "emoji",
        "emoji characters turned into alias names with demojize(use_aliases=True) for HTML titles",
        "TypeError",
        U["emoji_use_aliases_removed"][2],
        {
            "titles.py": r"""
            import emoji


            def title_for(char):
                name = emoji.demojize(char, use_aliases=True)
                return name.strip(":").replace("_", " ")


            for ch in ["\N{SNAKE}", "\N{ROCKET}"]:
                print(f'<span title="{title_for(ch)}">{ch}</span>')
        """,
        },
    ),
    # PyPDF2 3.0 removed the 1.x camelCase API (PdfFileReader, isEncrypted, getNumPages, ...)
    P(
        "pypdf2_legacy_api_removed",
        "PyPDF2",
        "pages of a generated PDF split into single files with PdfFileReader",
        "DeprecationError",
        U["pypdf2_legacy_api_removed"][0],
        {
            "split_pages.py": r"""
            from PyPDF2 import PdfFileReader, PdfWriter

            writer = PdfWriter()
            for _ in range(3):
                writer.add_blank_page(width=595, height=842)
            with open("handout.pdf", "wb") as fh:
                writer.write(fh)

            reader = PdfFileReader(open("handout.pdf", "rb"))
            for number, page in enumerate(reader.pages, start=1):
                out = PdfWriter()
                out.add_page(page)
                with open(f"handout_p{number}.pdf", "wb") as fh:
                    out.write(fh)
            print("split", len(reader.pages), "pages")
        """,
        },
    ),
    P(
        "pypdf2_legacy_api_removed",
        "PyPDF2",
        "file browser search extracting PDF text through a helper using PdfFileReader",
        "DeprecationError",
        U["pypdf2_legacy_api_removed"][1],
        {
            "search_files.py": r"""
            from pathlib import Path

            from PyPDF2 import PdfWriter

            from extract import pdf_text

            folder = Path("docs")
            folder.mkdir(exist_ok=True)
            writer = PdfWriter()
            writer.add_blank_page(width=200, height=200)
            with open(folder / "manual.pdf", "wb") as fh:
                writer.write(fh)

            term = "valve"
            for pdf in sorted(folder.glob("*.pdf")):
                if term in pdf_text(pdf).lower():
                    print("match:", pdf)
        """,
            "extract.py": r"""
            from PyPDF2 import PdfFileReader


            def pdf_text(pdf):
                pdf_reader = PdfFileReader(open(pdf, "rb"))
                return "\n".join(page.extract_text() or "" for page in pdf_reader.pages)
        """,
        },
    ),
    P(
        "pypdf2_legacy_api_removed",
        "PyPDF2",
        "worksheet builder checking isEncrypted and getNumPages on a PdfReader",
        "DeprecationError",
        U["pypdf2_legacy_api_removed"][2],
        {
            "make_homework.py": r"""
            from PyPDF2 import PdfReader, PdfWriter

            template = PdfWriter()
            for _ in range(2):
                template.add_blank_page(width=595, height=842)
            with open("exercises.pdf", "wb") as fh:
                template.write(fh)

            reader = PdfReader("exercises.pdf")
            if reader.isEncrypted:
                reader.decrypt("")
            print("pages in template:", reader.getNumPages())
        """,
        },
    ),
    # xlrd 2.0 reads only legacy .xls files
    P(
        "xlrd2_given_xlsx",
        "xlrd",
        "land-use table read from an .xlsx download with xlrd.open_workbook",
        "XLRDError",
        U["xlrd2_given_xlsx"][0],
        {
            "load_land.py": r"""
            import xlrd

            from fixtures import write_xlsx

            write_xlsx("cbecs_land.xlsx", [["region", "acres"], ["Northeast", "1200"], ["South", "3400"]])

            book = xlrd.open_workbook("cbecs_land.xlsx")
            sheet = book.sheet_by_index(0)
            for r in range(1, sheet.nrows):
                print(sheet.cell_value(r, 0), float(sheet.cell_value(r, 1)))
        """,
            "fixtures.py": XLSX_FIXTURE,
        },
    ),
    P(
        "xlrd2_given_xlsx",
        "xlrd",
        "profile spreadsheet read from inside an SDK zip with open_workbook(file_contents=...)",
        "XLRDError",
        U["xlrd2_given_xlsx"][1],
        {
            "generate_profile.py": r"""
            import sys
            import zipfile

            import xlrd

            from fixtures import write_xlsx


            def parse_spreadsheet(xls_file, *sheet_names):
                workbook = xlrd.open_workbook(file_contents=xls_file.read())
                return [workbook.sheet_by_name(name) for name in sheet_names]


            write_xlsx("Profile.xlsx", [["Type Name", "Base Type"], ["file", "enum"]])
            with zipfile.ZipFile("sdk_release.zip", "w") as zf:
                zf.write("Profile.xlsx")

            with zipfile.ZipFile(sys.argv[1] if len(sys.argv) > 1 else "sdk_release.zip") as sdk:
                with sdk.open("Profile.xlsx") as xls_file:
                    types_sheet, = parse_spreadsheet(xls_file, "Types")
            print(types_sheet.nrows, "type rows")
        """,
            "fixtures.py": XLSX_FIXTURE,
        },
    ),
    P(
        "xlrd2_given_xlsx",
        "xlrd",
        "package loading its bundled .xlsx paradigm table with xlrd at import time",
        "XLRDError",
        U["xlrd2_given_xlsx"][2],
        {
            "conjugate.py": r"""
            from paradigm import Paradigm

            p = Paradigm()
            print(p.conjugate("ga"))
        """,
            "paradigm/__init__.py": r"""
            from pathlib import Path

            import xlrd

            from fixtures import write_xlsx

            TABLE = Path(__file__).with_name("paradigm.xlsx")
            if not TABLE.exists():
                write_xlsx(TABLE, [["stem", "ending"], ["ga", "da"], ["meok", "eotda"]])


            class Paradigm:
                def __init__(self):
                    book = xlrd.open_workbook(str(TABLE))
                    sheet = book.sheet_by_index(0)
                    self.endings = {sheet.cell_value(r, 0): sheet.cell_value(r, 1) for r in range(1, sheet.nrows)}

                def conjugate(self, stem):
                    return stem + self.endings[stem]
        """,
            "fixtures.py": XLSX_FIXTURE,
        },
    ),
    # pytesseract only wraps the tesseract program, which is not installed (or not at the configured path)
    P(
        "tesseract_binary_missing",
        "pytesseract",
        "text read from a rendered receipt image with image_to_string",
        "TesseractNotFoundError",
        U["tesseract_binary_missing"][0],
        {
            "read_receipt.py": r"""
            from PIL import Image, ImageDraw
            import pytesseract

            img = Image.new("L", (320, 80), color=255)
            ImageDraw.Draw(img).text((10, 30), "TOTAL 23.50 EUR", fill=0)
            img.save("receipt.png")

            text = pytesseract.image_to_string(Image.open("receipt.png"))
            print("OCR:", text.strip())
        """,
        },
    ),
    P(
        "tesseract_binary_missing",
        "pytesseract",
        "machine-readable zone of a passport scan read with image_to_data in an mrz module",
        "TesseractNotFoundError",
        U["tesseract_binary_missing"][1],
        {
            "scan_passport.py": r"""
            from PIL import Image, ImageDraw

            from mrz import read_mrz

            scan = Image.new("RGB", (600, 400), "white")
            ImageDraw.Draw(scan).text((20, 340), "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<", fill="black")
            print(read_mrz(scan))
        """,
            "mrz.py": r"""
            import pytesseract


            def read_mrz(image):
                width, height = image.size
                zone = image.crop((0, int(height * 0.8), width, height)).convert("L")
                data = pytesseract.image_to_data(zone, config="--psm 6", output_type=pytesseract.Output.DICT)
                return [w for w in data["text"] if w.strip()]
        """,
        },
    ),
    P(
        "tesseract_binary_missing",
        "pytesseract",
        "tesseract_cmd set to a Windows install path in settings, run on Linux",
        "TesseractNotFoundError",
        U["tesseract_binary_missing"][2],
        {
            "ocr_pages.py": r"""
            from PIL import Image, ImageDraw
            import pytesseract

            import settings

            pytesseract.pytesseract.tesseract_cmd = settings.TESSERACT_PATH

            page = Image.new("L", (400, 120), 255)
            ImageDraw.Draw(page).text((15, 50), "Chapter 1", fill=0)
            print(pytesseract.image_to_string(page, lang="eng"))
        """,
            "settings.py": r"""
            TESSERACT_PATH = r"C:\Program Files\Tesseract-OCR\tesseract.exe"
            OUTPUT_DIR = "pages"
        """,
        },
    ),
    # pdfkit only drives wkhtmltopdf, which must be installed and found
    P(
        "wkhtmltopdf_binary_missing",
        "pdfkit",
        "HTML report written to a temp file and converted with pdfkit.from_file",
        "OSError",
        U["wkhtmltopdf_binary_missing"][0],
        {
            "make_report.py": r"""
            import tempfile

            import pdfkit

            rows = [("SIINFELLLK", 0.91), ("KLDEEFRTA", 0.77)]
            html = "<h1>Candidates</h1><table>" + "".join(f"<tr><td>{p}</td><td>{s}</td></tr>" for p, s in rows)
            options = {"page-size": "Letter", "encoding": "UTF-8"}
            with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as f:
                f.write(html + "</table>")
            pdfkit.from_file(f.name, "report.pdf", options=options)
            print("wrote report.pdf")
        """,
        },
    ),
    P(
        "wkhtmltopdf_binary_missing",
        "pdfkit",
        "pdfkit.configuration given the wkhtmltopdf path of another machine in a plugin",
        "OSError",
        U["wkhtmltopdf_binary_missing"][1],
        {
            "plugin.py": r"""
            import pdfkit

            WKHTMLTOPDF = bytes("/usr/local/bin/wkhtmltopdf", "utf8")


            def study_to_pdf(study_html, out_path):
                config = pdfkit.configuration(wkhtmltopdf=WKHTMLTOPDF)
                return pdfkit.from_string(study_html, out_path, configuration=config)


            study_to_pdf("<p>Study 1.2.840.1136: CT chest</p>", "study.pdf")
        """,
        },
    ),
    P(
        "wkhtmltopdf_binary_missing",
        "pdfkit",
        "invoice rendered to PDF bytes in memory with from_string(html, False)",
        "OSError",
        U["wkhtmltopdf_binary_missing"][2],
        {
            "invoice.py": r"""
            import pdfkit

            from templates import invoice_html

            pdf_bytes = pdfkit.from_string(invoice_html("INV-0042", [("Hosting", 30.0), ("Domain", 12.5)]), False)
            print(len(pdf_bytes), "bytes")
        """,
            "templates.py": r"""
            def invoice_html(number, lines):
                body = "".join(f"<li>{name}: {price:.2f}</li>" for name, price in lines)
                return f"<html><body><h2>{number}</h2><ul>{body}</ul></body></html>"
        """,
        },
    ),
    # the graphviz package only writes DOT source; rendering runs Graphviz's `dot` program
    P(
        "graphviz_dot_missing",
        "graphviz",
        "dependency graph piped to SVG with Digraph.pipe",
        "ExecutableNotFound",
        U["graphviz_dot_missing"][0],
        {
            "deps_graph.py": r"""
            import graphviz

            deps = {"app": ["db", "cache"], "db": ["disk"], "cache": []}
            g = graphviz.Digraph("deps")
            for node, targets in deps.items():
                for t in targets:
                    g.edge(node, t)
            svg = g.pipe(format="svg")
            with open("deps.svg", "wb") as fh:
                fh.write(svg)
        """,
        },
    ),
    P(
        "graphviz_dot_missing",
        "graphviz",
        "proof tree rendered to PDF with Digraph.render into an output folder",
        "ExecutableNotFound",
        U["graphviz_dot_missing"][1],
        {
            "proof_tree.py": r"""
            from graphviz import Digraph

            steps = [("p -> q", "q"), ("p", "q"), ("q", "q or r")]
            dot = Digraph(comment="proof")
            for premise, conclusion in steps:
                dot.edge(premise, conclusion)
            dot.render("test-output/aoc.gv", format="pdf")
            print("rendered")
        """,
        },
    ),
    P(
        "graphviz_dot_missing",
        "graphviz",
        "dialog system services drawn from DOT text with Source(...).render in a tutorial module",
        "ExecutableNotFound",
        U["graphviz_dot_missing"][2],
        {
            "tutorial.py": r"""
            from services import draw_system

            print(draw_system(["nlu", "policy", "nlg"], "tutorial.gv"))
        """,
            "services.py": r"""
            from graphviz import Source


            def draw_system(services, filename):
                edges = "; ".join(f"{a} -> {b}" for a, b in zip(services, services[1:]))
                src = Source("digraph dialog { " + edges + " }")
                return src.render(filename, format="png")
        """,
        },
    ),
]

PROGRAMS += [
    P(
        "tqdm_module_called",
        "tqdm",
        "point cloud files converted in a loop over tqdm(sorted(paths))",
        "TypeError",
        SOURCES["tqdm_module_called"][3],
        {
            "pcd2bin.py": r"""
            import glob
            import os
            import struct

            import tqdm

            os.makedirs("pcd", exist_ok=True)
            for i in range(2):
                with open(f"pcd/frame_{i}.pcd", "w") as fh:
                    fh.write("1.0 2.0 3.0\n4.0 5.0 6.0\n")

            pcd_files = sorted(glob.glob("pcd/*.pcd"))
            for pcd_file in tqdm(pcd_files):
                points = [tuple(map(float, line.split())) for line in open(pcd_file)]
                with open(pcd_file.replace(".pcd", ".bin"), "wb") as out:
                    for p in points:
                        out.write(struct.pack("fff", *p))
        """,
        },
    ),
]
