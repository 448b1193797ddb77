"""Keeps one LibreOffice warm and converts documents to PDF on request.

Started by worker/src/engines/soffice-pool.ts as the leader of its own process group: this script
starts soffice (which inherits the group, so one kill reaches both), connects to it over a private
UNO pipe, says {"event": "ready"} on stdout, then answers one JSON line per request line on stdin:

  -> {"id": 1, "input": "/abs/in.docx", "output": "/abs/out.pdf", "filter": null, "filterOptions": null}
  <- {"id": 1, "ok": true, "kind": "writer", "filter": "MS Word 2007 XML", "loadMs": 40, "exportMs": 60}
  <- {"id": 1, "ok": false, "error": "protected" | "load" | "export", "detail": "..."}

Documents are loaded hidden and read-only, never running macros and never updating links
(UpdateDocMode NO_UPDATE); the profile the pool writes also blocks linked content from untrusted
documents. Time limits are the pool's job: it kills the group when a request takes too long.
The script exits when stdin closes, or when soffice dies (the pool then starts a fresh one).
"""

import argparse
import json
import os
import subprocess
import sys
import time
import traceback

import uno
import unohelper
from com.sun.star.beans import PropertyValue
from com.sun.star.task import XInteractionHandler

# com.sun.star.document.UpdateDocMode / MacroExecutionMode constants.
NO_UPDATE = 0
NEVER_EXECUTE = 0

# A request that offers a password continuation asks for the document's password. (The request
# itself cannot be read: pyuno fails to convert the password request exceptions.)
PASSWORD_CONTINUATIONS = ("com.sun.star.task.XInteractionPassword", "com.sun.star.task.XInteractionPassword2")
ABORT = "com.sun.star.task.XInteractionAbort"

# Export filter by document service; a presentation is also a drawing, so it comes first.
EXPORT_FILTERS = (
    ("com.sun.star.presentation.PresentationDocument", "impress", "impress_pdf_Export"),
    ("com.sun.star.drawing.DrawingDocument", "draw", "draw_pdf_Export"),
    ("com.sun.star.sheet.SpreadsheetDocument", "calc", "calc_pdf_Export"),
    ("com.sun.star.text.WebDocument", "writer", "writer_web_pdf_Export"),
    ("com.sun.star.text.GenericTextDocument", "writer", "writer_pdf_Export"),
)


def log(message):
    sys.stderr.write("soffice-bridge: %s\n" % message)
    sys.stderr.flush()


def reply(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def type_name(value):
    return getattr(value, "typeName", None) or type(value).__name__


class Interactions(unohelper.Base, XInteractionHandler):
    """Answers every question LibreOffice asks while loading with "abort", noting password requests."""

    def __init__(self):
        self.password_requested = False

    def handle(self, request):
        continuations = request.getContinuations()
        kinds = [interfaces(c) for c in continuations]
        if any(k in PASSWORD_CONTINUATIONS for names in kinds for k in names):
            self.password_requested = True
        for continuation, names in zip(continuations, kinds):
            if ABORT in names:
                continuation.select()
                return


def interfaces(obj):
    try:
        return [t.typeName for t in obj.getTypes()]
    except Exception:
        return []


def import_filter(doc):
    """The import filter LibreOffice chose (its type detection falls back to plain text for anything it does not know)."""
    try:
        for arg in doc.getArgs():
            if arg.Name == "FilterName":
                return arg.Value
    except Exception:
        pass
    return None


def connect(pipe, soffice, deadline):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    url = "uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe
    while True:
        try:
            ctx = resolver.resolve(url)
            return ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        except Exception:
            if soffice.poll() is not None:
                raise RuntimeError("soffice exited with %s before accepting connections" % soffice.returncode)
            if time.monotonic() > deadline:
                raise RuntimeError("soffice did not accept connections in time")
            time.sleep(0.05)


def convert(desktop, request):
    handler = Interactions()
    load_props = [
        prop("Hidden", True),
        prop("ReadOnly", True),
        prop("UpdateDocMode", NO_UPDATE),
        prop("MacroExecutionMode", NEVER_EXECUTE),
        prop("InteractionHandler", handler),
    ]
    if request.get("filter"):
        load_props.append(prop("FilterName", request["filter"]))
    if request.get("filterOptions"):
        load_props.append(prop("FilterOptions", request["filterOptions"]))

    started = time.monotonic()
    doc = None
    try:
        doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(request["input"]), "_blank", 0, tuple(load_props))
    except Exception as e:  # IllegalArgumentException, IOException...
        detail = "%s: %s" % (type_name(e), getattr(e, "Message", str(e)))
        return {"ok": False, "error": "protected" if handler.password_requested else "load", "detail": detail}
    if doc is None:
        return {"ok": False, "error": "protected" if handler.password_requested else "load", "detail": "no document"}
    loaded = time.monotonic()

    try:
        kind, export_filter = None, None
        for service, k, f in EXPORT_FILTERS:
            if doc.supportsService(service):
                kind, export_filter = k, f
                break
        if export_filter is None:
            return {"ok": False, "error": "load", "detail": "not a document LibreOffice can export"}
        try:
            doc.storeToURL(uno.systemPathToFileUrl(request["output"]), (prop("FilterName", export_filter),))
        except Exception as e:
            return {"ok": False, "error": "export", "detail": "%s: %s" % (type_name(e), getattr(e, "Message", str(e)))}
        return {
            "ok": True,
            "kind": kind,
            "filter": import_filter(doc),
            "loadMs": round((loaded - started) * 1000),
            "exportMs": round((time.monotonic() - loaded) * 1000),
        }
    finally:
        try:
            doc.close(True)
        except Exception:
            try:
                doc.dispose()
            except Exception:
                pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--soffice", required=True)
    parser.add_argument("--profile", required=True, help="private profile directory (absolute)")
    parser.add_argument("--pipe", required=True)
    parser.add_argument("--start-timeout", type=float, default=60.0)
    args = parser.parse_args()

    soffice = subprocess.Popen(
        [
            args.soffice,
            "--headless",
            "--invisible",
            "--nologo",
            "--norestore",
            "--nodefault",
            "--nolockcheck",
            "--accept=pipe,name=%s;urp;" % args.pipe,
            "-env:UserInstallation=%s" % uno.systemPathToFileUrl(args.profile),
        ],
        stdin=subprocess.DEVNULL,
        # stdout carries the protocol: soffice's chatter goes to stderr, which the pool logs.
        stdout=sys.stderr,
        stderr=sys.stderr,
    )
    try:
        desktop = connect(args.pipe, soffice, time.monotonic() + args.start_timeout)
    except Exception as e:
        log(str(e))
        soffice.kill()
        sys.exit(2)
    reply({"event": "ready", "pid": soffice.pid})

    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        request = json.loads(line)
        try:
            result = convert(desktop, request)
        except Exception as e:
            # The bridge to soffice is gone (it crashed): report it and let the pool start a fresh one.
            log(traceback.format_exc())
            reply({"id": request.get("id"), "ok": False, "error": "crashed", "detail": "%s: %s" % (type_name(e), e)})
            soffice.kill()
            sys.exit(3)
        result["id"] = request.get("id")
        reply(result)
        if soffice.poll() is not None:
            log("soffice exited with %s" % soffice.returncode)
            sys.exit(3)

    # stdin closed: the pool is shutting down.
    try:
        desktop.terminate()
    except Exception:
        pass
    try:
        soffice.wait(timeout=5)
    except subprocess.TimeoutExpired:
        soffice.kill()


if __name__ == "__main__":
    main()
