"""The READMEs' Python: the install line each shows gives a Python in which its example runs,
and every value the example's comments promise is the value it returns. (The main README once
installed `./python` without NumPy, and its example, importing NumPy, failed at once.)"""

import ast
import pathlib
import re
import shlex
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
READMES = [ROOT / "README.md", ROOT / "python" / "README.md"]


def blocks(readme: pathlib.Path, language: str) -> list[str]:
    """The fenced code blocks of one language, in order."""
    return re.findall(rf"^```{language}\n(.*?)^```", readme.read_text(), re.M | re.S)


def extras_of_install(readme: pathlib.Path) -> set[str]:
    """The extras of the first `pip install` of ./python that the README shows."""
    for block in blocks(readme, "sh"):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if words[:2] == ["pip", "install"]:
                for word in words[2:]:
                    found = re.fullmatch(r"\./python(?:\[(.*)\])?", word)
                    if found:
                        return set(filter(None, (found.group(1) or "").split(",")))
    raise AssertionError(f"{readme}: no `pip install ./python` line")


def extra_packages() -> dict[str, set[str]]:
    """Each extra of the package, and the import names of what it installs."""
    text = (ROOT / "python" / "pyproject.toml").read_text()
    section = text.split("[project.optional-dependencies]", 1)[1].split("\n[", 1)[0]
    extras = {}
    for name, requirements in re.findall(r"^(\w+)\s*=\s*\[(.*?)\]", section, re.M):
        extras[name] = {re.match(r'\s*"([\w-]+)', r).group(1) for r in requirements.split(",")}
    return extras


def example(readme: pathlib.Path) -> str:
    examples = blocks(readme, "python")
    assert examples, f"{readme}: no Python example"
    return examples[0]


def imports(source: str) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("readme", READMES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_install_line_brings_what_the_example_imports(readme):
    extras = extras_of_install(readme)
    known = extra_packages()
    assert extras <= set(known), f"{readme}: unknown extras {extras - set(known)}"
    installed = {"tilebase"}.union(*(known[extra] for extra in extras))
    needed = {name for name in imports(example(readme)) if name not in sys.stdlib_module_names}
    assert needed <= installed, (
        f"{readme}: the example imports {sorted(needed - installed)}, "
        f"which its install line does not bring"
    )


def promised(comment: str, namespace: dict):
    """The value a comment promises: its longest start that Python reads as a value (so
    `23 (None when ...)` promises 23 and `array([23], dtype=int16), on every core` an array)."""
    for end in range(len(comment), 0, -1):
        text = comment[:end].rstrip()
        if not text or text.endswith(","):
            continue
        try:
            return True, eval(text, dict(namespace))  # noqa: S307: the README's own text
        except Exception:
            continue
    return False, None


@pytest.mark.parametrize("readme", READMES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_example_returns_what_its_comments_say(readme):
    numpy = pytest.importorskip("numpy")
    namespace = {"array": numpy.array, "int16": numpy.int16, "uint8": numpy.uint8}
    scope: dict = {}
    checked = 0
    for line in example(readme).splitlines():
        code, _, comment = line.partition("  # ")
        if not code.strip():
            continue
        tree = ast.parse(code.strip())
        is_value = len(tree.body) == 1 and isinstance(tree.body[0], ast.Expr)
        if not is_value:
            exec(compile(tree, str(readme), "exec"), scope)
            continue
        value = eval(code.strip(), scope)
        ok, expected = promised(comment.strip(), namespace)
        assert ok, f"{readme}: `{code.strip()}` promises nothing readable: {comment!r}"
        if isinstance(expected, numpy.ndarray):
            assert isinstance(value, numpy.ndarray), code
            assert value.dtype == expected.dtype and value.tolist() == expected.tolist(), code
        else:
            assert value == expected, f"{readme}: `{code.strip()}` is {value!r}, not {expected!r}"
        checked += 1
    assert checked >= 4, f"{readme}: only {checked} values checked"
