#!/usr/bin/env python3
# check.py: reads -x oformat=json output on stdin with a real JSON parser.
# The bytes must be UTF-8 and every line one JSON object (json.loads with
# strict=True: no raw control characters in strings); the first is the
# "start" object with the schema version.  Prints each object again, keys
# sorted, with what differs from run to run masked: the CPU, addresses,
# offsets and stack frames (their keys are shown, but for the marks of user
# frames that may be missing, which depend on how libc was built).
import json
import sys


def mask(o):
    if isinstance(o, list):
        return [mask(x) for x in o]
    if not isinstance(o, dict):
        return o
    out = {}
    for k, v in o.items():
        if k == "frames":
            keys = sorted({key for f in v for key in f} - {"frames_may_be_missing"})
            out[k] = "%s frames of %s" % ("some" if v else "no", ",".join(keys))
        elif k == "cpu" and isinstance(v, int):
            out[k] = "CPU"
        elif k in ("address", "offset", "pid") and v is not None:
            out[k] = k.upper()
        else:
            out[k] = mask(v)
    return out


text = sys.stdin.buffer.read().decode("utf-8")  # strict: invalid UTF-8 fails
lines = text.split("\n")
if lines[-1] != "":
    sys.exit("check.py: the last line has no newline")
for i, line in enumerate(lines[:-1]):
    o = json.loads(line, strict=True)
    if not isinstance(o, dict):
        sys.exit("check.py: line %d is not an object" % (i + 1))
    if i == 0 and (o.get("type") != "start" or not isinstance(o.get("version"), int)):
        sys.exit("check.py: the first object has no version")
    print(json.dumps(mask(o), sort_keys=True))
