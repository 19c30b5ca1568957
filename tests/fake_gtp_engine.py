"""A minimal GTP engine for testing the regression runner without the real engine.

Commands: protocol_version, name, quit, echo ARGS (answers ARGS), lines ARGS
(one argument per line), fail MSG (fails with MSG), pwd (the working
directory), loadsgf FILE (succeeds if FILE exists, relative to the working
directory), sleep SECONDS, crash (exits without answering), badid (answers with
a wrong id).  Anything else fails with `unknown command`.
"""

from __future__ import annotations

import os
import sys
import time


def respond(out, ok: bool, cid: str, text: str) -> None:
    out.write(("=" if ok else "?") + cid + " " + text + "\n\n")
    out.flush()


def main() -> int:
    out = sys.stdout
    for raw in sys.stdin:
        line = raw.split("#", 1)[0].replace("\t", " ").strip()
        if not line:
            continue
        words = line.split()
        cid = ""
        if words[0].isdigit():
            cid = words.pop(0)
            if not words:
                continue
        name, args = words[0], words[1:]
        if name == "protocol_version":
            respond(out, True, cid, "2")
        elif name == "name":
            respond(out, True, cid, "Fake")
        elif name == "quit":
            respond(out, True, cid, "")
            return 0
        elif name == "echo":
            respond(out, True, cid, " ".join(args))
        elif name == "lines":
            respond(out, True, cid, "\n".join(args))
        elif name == "fail":
            respond(out, False, cid, " ".join(args))
        elif name == "pwd":
            respond(out, True, cid, os.getcwd())
        elif name == "loadsgf":
            ok = bool(args) and os.path.isfile(args[0])
            respond(out, ok, cid, "" if ok else "cannot load file")
        elif name == "sleep":
            time.sleep(float(args[0]))
            respond(out, True, cid, "")
        elif name == "crash":
            return 3
        elif name == "badid":
            respond(out, True, str(int(cid or "0") + 1), "")
        else:
            respond(out, False, cid, "unknown command")
    return 0


if __name__ == "__main__":
    sys.exit(main())
