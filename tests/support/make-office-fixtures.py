"""Makes the office fixtures no stored file provides: password-protected documents in every
format the office tools take, OpenDocument spreadsheets and presentations, RTF, and a CJK
document. LibreOffice writes them (its own private instance), so they are real files of each format.

usage: /usr/bin/python3 make-office-fixtures.py OUT_DIR
Prints one JSON object: file name -> what it holds.
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import uno
from com.sun.star.beans import PropertyValue

PASSWORD = "sheaf-secret"
TEXT = "Sheaf office fixture: the quick brown fox jumps over the lazy dog."
CJK = "中文测试文档 日本語のテキスト 한국어 텍스트"


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def connect(pipe, proc):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + 60
    while True:
        try:
            ctx = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
            return ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        except Exception:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def new_doc(desktop, factory):
    return desktop.loadComponentFromURL("private:factory/" + factory, "_blank", 0, (prop("Hidden", True),))


def writer(desktop, text):
    doc = new_doc(desktop, "swriter")
    doc.getText().setString(text)
    return doc


def calc(desktop, rows):
    doc = new_doc(desktop, "scalc")
    sheet = doc.getSheets().getByIndex(0)
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            cell = sheet.getCellByPosition(c, r)
            if isinstance(value, (int, float)):
                cell.setValue(value)
            else:
                cell.setString(value)
    return doc


def impress(desktop, titles):
    doc = new_doc(desktop, "simpress")
    pages = doc.getDrawPages()
    while pages.getCount() < len(titles):
        pages.insertNewByIndex(pages.getCount() - 1)
    for i, title in enumerate(titles):
        page = pages.getByIndex(i)
        shape = doc.createInstance("com.sun.star.drawing.TextShape")
        page.add(shape)
        size = uno.createUnoStruct("com.sun.star.awt.Size")
        size.Width, size.Height = 20000, 3000
        pos = uno.createUnoStruct("com.sun.star.awt.Point")
        pos.X, pos.Y = 2000, 2000
        shape.setSize(size)
        shape.setPosition(pos)
        shape.setString(title)
    return doc


def save(doc, path, filter_name, password=None):
    args = [prop("FilterName", filter_name), prop("Overwrite", True)]
    if password and "2007 XML" in filter_name:
        # Office Open XML is encrypted only when EncryptionData names the password and the crypto type.
        data = []
        for name, value in (("OOXPassword", password), ("CryptoType", "Standard")):
            item = uno.createUnoStruct("com.sun.star.beans.NamedValue")
            item.Name, item.Value = name, value
            data.append(item)
        args.append(prop("Password", password))
        args.append(prop("EncryptionData", uno.Any("[]com.sun.star.beans.NamedValue", tuple(data))))
    elif password:
        args.append(prop("Password", password))
    uno.invoke(doc, "storeToURL", (uno.systemPathToFileUrl(path), uno.Any("[]com.sun.star.beans.PropertyValue", tuple(args))))


def main():
    out = os.path.abspath(sys.argv[1])
    os.makedirs(out, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="sheaf-fixture-profile-")
    pipe = "sheaf-fixtures-%d" % os.getpid()
    proc = subprocess.Popen(
        [os.environ.get("SOFFICE_BIN", "soffice"), "--headless", "--invisible", "--nologo", "--norestore", "--nodefault",
         "--accept=pipe,name=%s;urp;" % pipe, "-env:UserInstallation=%s" % uno.systemPathToFileUrl(profile)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        # Its own process group, so soffice.bin (a child of the launcher) can be killed with it.
        start_new_session=True,
    )
    made = {}
    try:
        desktop = connect(pipe, proc)

        doc = writer(desktop, TEXT)
        for name, filt in [("protected.docx", "MS Word 2007 XML"), ("protected.odt", "writer8"), ("protected.doc", "MS Word 97")]:
            save(doc, os.path.join(out, name), filt, PASSWORD)
            made[name] = "password-protected text document"
        save(doc, os.path.join(out, "sample.rtf"), "Rich Text Format")
        made["sample.rtf"] = TEXT
        doc.close(True)

        doc = writer(desktop, CJK)
        save(doc, os.path.join(out, "cjk.docx"), "MS Word 2007 XML")
        made["cjk.docx"] = CJK
        doc.close(True)

        doc = calc(desktop, [["Team", "Cups"], ["Montreal Canadiens", 24], ["Toronto Maple Leafs", 13]])
        for name, filt in [("protected.xlsx", "Calc MS Excel 2007 XML"), ("protected.ods", "calc8"), ("protected.xls", "MS Excel 97")]:
            save(doc, os.path.join(out, name), filt, PASSWORD)
            made[name] = "password-protected spreadsheet"
        save(doc, os.path.join(out, "sample.ods"), "calc8")
        made["sample.ods"] = "Montreal Canadiens"
        doc.close(True)

        doc = impress(desktop, ["First slide title", "Second slide title", "Third slide title"])
        for name, filt in [("protected.pptx", "Impress MS PowerPoint 2007 XML"), ("protected.odp", "impress8")]:
            save(doc, os.path.join(out, name), filt, PASSWORD)
            made[name] = "password-protected presentation"
        save(doc, os.path.join(out, "sample.odp"), "impress8")
        made["sample.odp"] = "3 slides"
        doc.close(True)

        desktop.terminate()
    finally:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        shutil.rmtree(profile, ignore_errors=True)
    print(json.dumps(made))


if __name__ == "__main__":
    main()
