"""The package as installed: typed (a stub and py.typed), every function documented with an
example, and every example right."""

import ast
import doctest
import importlib.metadata
import inspect
import pathlib

import numpy
import pytest

import tilebase

PACKAGE = pathlib.Path(tilebase.__file__).parent
FUNCTIONS = ["distance", "solve", "hints", "solutions", "count_solutions", "distances", "random_states"]
METHODS = FUNCTIONS + ["path", "board", "goal", "metric", "max_distance"]
#: The module's functions that a Database does not have: they draw and label many states.
MODULE_ONLY = ["sample", "label", "question", "start_bound", "split", "search_below"]


def test_the_package_is_typed():
    assert (PACKAGE / "py.typed").is_file()
    stub = ast.parse((PACKAGE / "__init__.pyi").read_text())
    functions = {node.name: node for node in stub.body if isinstance(node, ast.FunctionDef)}
    classes = {node.name: node for node in stub.body if isinstance(node, ast.ClassDef)}
    assert sorted(tilebase.__all__) == sorted([*functions, *classes])
    # The stub's parameters are the module's, in order.
    for name, node in functions.items():
        stubbed = [a.arg for a in node.args.args]
        assert stubbed == list(inspect.signature(getattr(tilebase, name)).parameters), name
    methods = {n.name: n for n in classes["Database"].body if isinstance(n, ast.FunctionDef)}
    for name in FUNCTIONS:
        stubbed = [a.arg for a in methods[name].args.args][1:]
        assert stubbed == [a.arg for a in functions[name].args.args], name


def documented():
    yield from (getattr(tilebase, name) for name in FUNCTIONS + MODULE_ONLY)
    yield tilebase.Database
    yield from (getattr(tilebase.Database, name) for name in METHODS)


@pytest.mark.parametrize("thing", list(documented()), ids=lambda t: getattr(t, "__name__", str(t)))
def test_every_function_has_a_docstring_with_a_right_example(thing):
    """Each docstring's example runs, in the repository's root, and prints what it says."""
    assert thing.__doc__ and ">>> " in thing.__doc__
    tests = doctest.DocTestFinder(recurse=False).find(
        thing, name=getattr(thing, "__name__", "property"),
        globs={"tilebase": tilebase, "numpy": numpy})
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for test in tests:
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.attempted > 0 and results.failed == 0


def test_the_module_says_what_it_is():
    assert "sliding-tile" in tilebase.__doc__
    assert importlib.metadata.version("tilebase") == "0.1.0"
    assert issubclass(tilebase.DatabaseError, Exception)
