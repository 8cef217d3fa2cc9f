#!/usr/bin/env python3
"""Checks that README.md's table of scripts names every entry of scripts/ and nothing else, so a
new script cannot land without a line saying what it is for (run by ctest from the root)."""
import os
import re
import sys


def main():
    with open("README.md", encoding="utf-8") as readme:
        text = readme.read()
    start = text.index("What each script in `scripts/` is for")
    rows = re.findall(r"^\| `([^`]+)` \|", text[start:].split("\n\n", 2)[1], re.MULTILINE)
    listed = {row.rstrip("/") for row in rows}
    present = {name for name in os.listdir("scripts") if not name.startswith((".", "__"))}
    missing, stale = sorted(present - listed), sorted(listed - present)
    for name in missing:
        print(f"README.md: scripts table has no row for scripts/{name}")
    for name in stale:
        print(f"README.md: scripts table names scripts/{name}, which does not exist")
    return 1 if missing or stale else 0


if __name__ == "__main__":
    sys.exit(main())
