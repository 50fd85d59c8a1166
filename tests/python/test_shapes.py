# The Python module on boards of any shape: generate's sizes, rectangles given as rows or as text
# with an "R C" line, and the Result's rows, cols, optimal and lower_bound.
import os
import subprocess

import pytest

import taquin

TAQUIN = os.environ.get("TAQUIN_BINARY", "taquin")

ONE_MOVE = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 0, 11]]  # 3x4, one move from the goal


@pytest.mark.parametrize("size, rows, cols", [(4, 4, 4), ("4", 4, 4), ("3x4", 3, 4),
                                              ("2X5", 2, 5), ((4, 3), 4, 3), ([2, 6], 2, 6)])
def test_generate_takes_every_form_of_size(size, rows, cols):
    boards = taquin.generate(size, 3, seed=11, solvable=True)
    assert len(boards) == 3
    for board in boards:
        if rows == cols:  # a square: a flat list, as before
            assert sorted(board) == list(range(rows * cols))
        else:  # a rectangle: its rows
            assert len(board) == rows and all(len(row) == cols for row in board)
            assert sorted(t for row in board for t in row) == list(range(rows * cols))
        assert taquin.check(board)


def test_generate_is_the_clis_for_a_rectangle():
    out = subprocess.run([TAQUIN, "generate", "--size", "3x4", "--count", "2", "--seed", "7"],
                         capture_output=True, text=True).stdout
    ours = taquin.generate("3x4", 2, seed=7)
    assert out == "".join("3 4\n" + "".join(" ".join(map(str, r)) + "\n" for r in b) for b in ours)


@pytest.mark.parametrize("size", [0, 1, 101, "3x", "x4", "3x1", (1, 4), (3, 4, 5), "big", 2.5])
def test_generate_refuses_bad_sizes(size):
    with pytest.raises(taquin.Error):
        taquin.generate(size)


def test_rectangles_as_rows_or_text():
    text = "3 4\n1 2 3 4\n5 6 7 8\n9 10 0 11\n"
    for board in (ONE_MOVE, text):
        assert taquin.check(board)
        r = taquin.solve(board)
        assert (r.outcome, r.length, r.moves, r.optimal, r.algorithm) == ("solved", 1, "R", True, "ida")
        assert (r.rows, r.cols) == (3, 4)
        assert r.path[-1] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0]
    assert not taquin.check([[2, 1, 3, 4], [5, 6, 7, 8], [9, 10, 11, 0]])
    r = taquin.solve([[1, 2, 0], [3, 4, 5]])
    assert (r.rows, r.cols, r.optimal) == (2, 3, True)
    square = taquin.solve([1, 2, 3, 0])
    assert (square.rows, square.cols) == (2, 2)


def test_mid_size_boards_take_the_anytime_search():
    board = taquin.generate("5x6", 1, seed=3, walk=200)[0]
    r = taquin.solve(board, max_seconds=0.5)
    assert (r.outcome, r.algorithm, r.rows, r.cols) == ("solved", "anytime", 5, 6)
    assert 0 < r.lower_bound <= r.length
    assert r.optimal == (r.lower_bound == r.length)
    assert r.path[-1] == list(range(1, 30)) + [0]


def test_large_boards_take_the_constructive_solver():
    board = taquin.generate("10x10", 1, seed=3, solvable=True)[0]
    r = taquin.solve(board)
    assert (r.outcome, r.algorithm, r.rows, r.cols) == ("solved", "constructive", 10, 10)
    assert r.optimal is False
    assert isinstance(r.lower_bound, int) and 0 < r.lower_bound <= r.length
    assert r.path[-1] == list(range(1, 100)) + [0]
    assert "not proven optimal" in repr(r)
    with pytest.raises(taquin.Error, match="IDA"):
        taquin.solve(board, algorithm="ida")
    batch = taquin.solve_batch([board, board], threads=1)
    assert [b.algorithm for b in batch] == ["constructive", "constructive"]
