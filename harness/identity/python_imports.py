"""Prints, one a line and relative to its folder, every .py file under the folder of the Python
file given that Python would load for it, directly or not: `import a.b` (a/__init__.py and
a/b.py), `from a import b` (b too when it is a module of package a), relative imports,
`importlib.import_module("a")` and `__import__("a")` with a constant name, wherever the statement
stands (`;` lines, inside functions, under `if` or `try`). Read without running the files (ast),
so a slow or broken entrant costs nothing; a file that does not parse adds no imports. Embedded
in harness/identity/python_imports.cpp, which runs it as `python3 -c SOURCE FILE`."""
import ast
import importlib.util
import os
import sys


def imports(tree):
    """(module, level, names) for each import of `tree`; names are a from-import's names."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, 0, ()
        elif isinstance(node, ast.ImportFrom):
            yield node.module or "", node.level, tuple(alias.name for alias in node.names)
        elif isinstance(node, ast.Call) and node.args:
            function = node.func
            name = function.attr if isinstance(function, ast.Attribute) else getattr(
                function, "id", "")
            first = node.args[0]
            if name in ("import_module", "__import__") and isinstance(first, ast.Constant) and \
                    isinstance(first.value, str):
                text = first.value
                level = len(text) - len(text.lstrip("."))
                yield text[level:], level, ()


def module_file(folder, name):
    """The file of module `name` in `folder`: a package's __init__.py or NAME.py, else None."""
    package = os.path.join(folder, name, "__init__.py")
    if os.path.isfile(package):
        return package
    plain = os.path.join(folder, name + ".py")
    return plain if os.path.isfile(plain) else None


def from_the_library(name):
    """True if top-level module `name` is the standard library's: the host puts the entrant's
    folder after it, so the library's wins. A Python before 3.10 has no list of the library's
    names: there, a module found on the import path without the entrant's folder counts."""
    names = getattr(sys, "stdlib_module_names", None)
    if names is not None:
        return name in names
    return importlib.util.find_spec(name) is not None


def resolve(module, level, names, source, top):
    """The files under `top` that importing `module` (with `names`) from `source` loads."""
    if level == 0 and from_the_library(module.split(".")[0]):
        return []
    folder = top if level == 0 else os.path.dirname(source)
    for _ in range(max(level - 1, 0)):
        folder = os.path.dirname(folder)
    files = []
    for part in [p for p in module.split(".") if p]:
        found = module_file(folder, part)
        if found is None:
            return files
        files.append(found)
        if not found.endswith("__init__.py"):
            return files
        folder = os.path.dirname(found)
    for name in names:  # `from package import module` loads the module too
        found = module_file(folder, name)
        if found is not None:
            files.append(found)
    return files


def main(path):
    sys.path[:] = [p for p in sys.path if p not in ("", os.getcwd())]  # `-c` puts the cwd first
    path = os.path.realpath(path)
    top = os.path.dirname(path)
    seen, pending = {path}, [path]
    while pending:
        source = pending.pop()
        try:
            with open(source, "rb") as text:
                tree = ast.parse(text.read(), source)
        except (OSError, SyntaxError, ValueError):
            continue
        for module, level, names in imports(tree):
            for found in resolve(module, level, names, source, top):
                found = os.path.realpath(found)
                if found not in seen and found.startswith(top + os.sep):
                    seen.add(found)
                    pending.append(found)
    for found in sorted(seen - {path}):
        print(os.path.relpath(found, top))


if __name__ == "__main__":
    main(sys.argv[1])
