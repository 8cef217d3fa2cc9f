#!/usr/bin/env python3
"""Lists every include and every library link under harness/ that climbs back up a floor.

The floors are the table at the top of harness/CMakeLists.txt: one row per folder of harness/
(`# FLOOR | FOLDER | LIBRARIES | ROOM`), bottom to top. A folder whose parts sit on different floors
(harness/dialect/) has one row per sub-folder ("dialect/output"), and a floor may be a decimal
("6.5") that puts a row between two whole floors without renumbering the rows above it. A file may include files of its own folder
and of folders on lower floors; two folders on one floor never include each other. engines/ is
below the whole harness and never includes it. Tests, fuzz targets, benchmarks and test fixtures
(a file name holding "test", "fuzz", "benchmark" or "fixture") are programs at the top of the
house and may include anything. Each library a CMakeLists.txt under harness/ adds must be listed in
its folder's row, and its target_link_libraries may name only libraries of its own folder or of
lower floors (test libraries, whose names hold "test", are left out like test files).

Exits 1 and prints one line per problem ("FILE:LINE: ...") when anything climbs.

Usage: harness/check_floors.py [ROOT]   (ROOT: the checkout, by default this file's parent's parent)
"""
import os
import re
import sys

ROW = re.compile(r"^#\s*(\d+(?:\.\d+)?)\s*\|\s*(\S+)\s*\|\s*([^|]*?)\s*\|\s*(.+)$")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
ADD_LIBRARY = re.compile(r"add_library\(\s*([\w-]+)")
LINK = re.compile(r"target_link_libraries\(([^)]*)\)", re.S)
TEST_NAME = re.compile(r"test|fuzz|benchmark|fixture")
LINK_WORDS = {"PUBLIC", "PRIVATE", "INTERFACE"}


class Floors:
    """The declared table: each folder's floor and libraries, and each library's folder."""

    def __init__(self, rows):
        self.floor = {folder: floor for floor, folder, _ in rows}
        self.libraries = {folder: libraries for _, folder, libraries in rows}
        self.folder_of_library = {lib: folder for _, folder, libs in rows for lib in libs}

    def folder_of(self, path):
        """The declared folder holding `path` (relative to harness/): the longest that matches."""
        best = None
        for folder in self.floor:
            if path.startswith(folder + "/") and (best is None or len(folder) > len(best)):
                best = folder
        return best

    def climbs(self, lower, upper):
        """Whether folder `lower` reaching folder `upper` goes up or sideways to another folder."""
        return lower != upper and self.floor[upper] >= self.floor[lower]


def read_table(root):
    """The rows (floor, folder, libraries) of the table in harness/CMakeLists.txt, and problems."""
    rows, problems = [], []
    path = os.path.join(root, "harness", "CMakeLists.txt")
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            match = ROW.match(line)
            if not match:
                continue
            floor, folder, libraries, _ = match.groups()
            names = [] if libraries == "-" else libraries.split()
            rows.append((int(floor) if floor.isdigit() else float(floor), folder, names))
    if not rows:
        problems.append(f"harness/CMakeLists.txt: no floors table (# FLOOR | FOLDER | ...)")
    return rows, problems


def source_files(root, top):
    """Every .h and .cpp under ROOT/top, as paths relative to ROOT with forward slashes."""
    found = []
    for directory, _, names in os.walk(os.path.join(root, top)):
        for name in names:
            if name.endswith((".h", ".cpp")):
                found.append(os.path.relpath(os.path.join(directory, name), root).replace(os.sep, "/"))
    return sorted(found)


def includes(root, path):
    """(line number, included path) for each quoted include of ROOT/path."""
    with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            match = INCLUDE.match(line)
            if match:
                yield number, match.group(1)


def check_includes(root, floors):
    problems = []
    for path in source_files(root, "engines"):
        for number, target in includes(root, path):
            if target.startswith("harness/"):
                problems.append(f"{path}:{number}: includes {target}: engines/ never includes "
                                "the harness")
    for path in source_files(root, "harness"):
        folder = floors.folder_of(path[len("harness/"):])
        if folder is None:
            problems.append(f"{path}: its folder is not in the floors table of "
                            "harness/CMakeLists.txt")
            continue
        if TEST_NAME.search(os.path.basename(path)):
            continue
        for number, target in includes(root, path):
            if not target.startswith("harness/"):
                continue
            other = floors.folder_of(target[len("harness/"):])
            if other is None:
                problems.append(f"{path}:{number}: includes {target}, a folder not in the table")
            elif floors.climbs(folder, other):
                problems.append(f"{path}:{number}: includes {target}: {folder} (floor "
                                f"{floors.floor[folder]}) may include only its own folder and "
                                f"floors below; {other} is floor {floors.floor[other]}")
    return problems


def cmake_files(root):
    for directory, _, names in os.walk(os.path.join(root, "harness")):
        if "CMakeLists.txt" in names:
            path = os.path.join(directory, "CMakeLists.txt")
            folder = os.path.relpath(directory, os.path.join(root, "harness")).replace(os.sep, "/")
            yield path, folder


def check_links(root, floors):
    problems = []
    defined = {}
    texts = []
    for path, folder in sorted(cmake_files(root)):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        texts.append((os.path.relpath(path, root).replace(os.sep, "/"), folder, text))
        for name in ADD_LIBRARY.findall(text):
            defined[name] = folder
    for name, folder in sorted(defined.items()):
        if TEST_NAME.search(name):
            continue
        if floors.folder_of_library.get(name) != folder:
            problems.append(f"harness/{folder}/CMakeLists.txt: library {name} is not listed in "
                            f"the row of {folder} in the floors table")
    for folder, libraries in sorted(floors.libraries.items()):
        for name in libraries:
            if defined.get(name) != folder:
                problems.append(f"harness/CMakeLists.txt: the floors table lists {name} in "
                                f"{folder}, but harness/{folder}/CMakeLists.txt does not add it")
    for path, folder, text in texts:
        for match in LINK.finditer(text):
            words = match.group(1).split()
            if not words or words[0] not in defined or TEST_NAME.search(words[0]):
                continue
            target = words[0]
            line = text.count("\n", 0, match.start()) + 1
            for dependency in words[1:]:
                if dependency in LINK_WORDS or dependency not in defined:
                    continue
                lower, upper = defined[target], defined[dependency]
                if upper in floors.floor and lower in floors.floor and floors.climbs(lower, upper):
                    problems.append(f"{path}:{line}: {target} links {dependency}: {lower} (floor "
                                    f"{floors.floor[lower]}) may link only its own folder and "
                                    f"floors below; {upper} is floor {floors.floor[upper]}")
    return problems


def check(root):
    """Every problem found under ROOT, one line each; empty when no include or link climbs."""
    rows, problems = read_table(root)
    if not rows:
        return problems
    floors = Floors(rows)
    return problems + check_includes(root, floors) + check_links(root, floors)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))
    problems = check(root)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
