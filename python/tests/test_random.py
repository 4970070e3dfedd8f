"""tilebase.random_states draws what `random` prints for the same seed."""

import pytest

import tilebase
from conftest import run


def test_the_readme_draw():
    # `random --distance 24 --count 3 --seed 5`, as the README shows it.
    assert tilebase.random_states(24, count=3, seed=5) == ["180423657", "048357621", "460715238"]


@pytest.mark.parametrize("distance,count,seed,flags", [
    ("24", 3, 5, []),
    ("20", 50, 42, []),
    ("25..27", 30, 1, ["--goal", "876504321"]),
    ("0..31", 10, 2, ["--goal", "123456780"]),
    ("max", 5, 9, ["--goal", "123456780"]),
    ("20", 3, 7, ["--board", "3x2"]),
    ("10..=12", 40, 11, ["--board", "2x4", "--metric", "mtm"]),
    ("15", 25, 3, ["--metric", "mtm"]),
])
def test_the_same_seed_draws_what_random_prints(programs, distance, count, seed, flags):
    done = run(programs / "random",
               ["--distance", distance, "--count", str(count), "--seed", str(seed), *flags])
    assert done.returncode == 0, done.stderr
    asked = dict(zip([f.lstrip("-") for f in flags[::2]], flags[1::2]))
    with pytest.warns(UserWarning) if "only" in done.stderr else _nothing():
        drawn = tilebase.random_states(distance, count=count, seed=seed, **asked)
    assert drawn == done.stdout.splitlines()
    if distance.isdigit():
        assert tilebase.random_states(int(distance), count=count, seed=seed, **asked) == drawn


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_draws_are_different_states_at_the_distance_asked():
    drawn = tilebase.random_states("20..22", count=500, seed=123, goal="123456708")
    assert len(set(drawn)) == 500
    assert all(20 <= tilebase.distance(s, goal="123456708") <= 22 for s in drawn)
    # Another seed, another draw; no seed, a random one.
    assert tilebase.random_states("20..22", count=500, seed=124, goal="123456708") != drawn
    assert len(tilebase.random_states(20, count=3)) == 3
    assert tilebase.random_states(5, count=0) == []
    assert tilebase.random_states(0) == ["123804765"]


def test_fewer_states_than_asked_are_all_returned_with_a_warning():
    with pytest.warns(UserWarning, match=r"^only 2 states at that distance: returned every one$"):
        drawn = tilebase.random_states("max", count=5, seed=9, goal="123456780")
    assert sorted(drawn) == ["647850321", "867254301"]
    with pytest.warns(UserWarning, match=r"^only 1 state at that distance"):
        assert tilebase.random_states(0, count=2**80) == ["123804765"]
