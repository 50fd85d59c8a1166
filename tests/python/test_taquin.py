# The Python module `taquin`: optimal lengths against a breadth-first search, replayed solutions,
# the board forms, errors with the CLI's messages, limits, a cancelled search, the GIL released.
import collections
import os
import signal
import subprocess
import sys
import textwrap
import threading

import pytest

import taquin

TAQUIN = os.environ.get("TAQUIN_BINARY", "taquin")
KORF1 = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]  # zero-first goal, 57 moves


def distances(goal, side):
    """Every board's distance to `goal` (a tuple), by a breadth-first search from it."""
    dist = {goal: 0}
    queue = collections.deque([goal])
    while queue:
        board = queue.popleft()
        blank = board.index(0)
        r, c = divmod(blank, side)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if 0 <= r + dr < side and 0 <= c + dc < side:
                cell = (r + dr) * side + c + dc
                nxt = list(board)
                nxt[blank], nxt[cell] = nxt[cell], 0
                nxt = tuple(nxt)
                if nxt not in dist:
                    dist[nxt] = dist[board] + 1
                    queue.append(nxt)
    return dist


@pytest.fixture(scope="module")
def eight():
    return distances((1, 2, 3, 4, 5, 6, 7, 8, 0), 3)


def cli(*args, stdin=None):
    return subprocess.run([TAQUIN, *args], input=stdin, capture_output=True, text=True)


def test_optimal_lengths_match_bfs(eight):
    boards = taquin.generate(3, 300, seed=11, solvable=True)
    results = [taquin.solve(b, threads=1) for b in boards]
    for board, result in zip(boards, results):
        assert result.outcome == "solved" and result.optimal
        assert result.length == eight[tuple(board)]
        assert result.length == len(result.moves)
        path = taquin.replay(board, result.moves)
        assert path[0] == board and path[-1] == [1, 2, 3, 4, 5, 6, 7, 8, 0]
        assert result.path == path
    # The batch gives the same lengths, in order.
    batch = taquin.solve_batch(boards, threads=2)
    assert [r.length for r in batch] == [r.length for r in results]
    # The farthest 8-puzzles (31 moves) by every optimal algorithm.
    far = [list(b) for b, d in eight.items() if d == 31]
    assert len(far) == 2
    for algorithm in ("ida", "astar", "uniform", "bfs"):
        for heuristic in (None, "manhattan", "hamming"):
            if algorithm in ("uniform", "bfs") and heuristic:
                continue
            r = taquin.solve(far[0], algorithm=algorithm, heuristic=heuristic)
            assert (r.length, r.optimal) == (31, True), (algorithm, heuristic)


def test_other_goals_match_bfs():
    snail = (1, 2, 3, 8, 0, 4, 7, 6, 5)
    dist = distances(snail, 3)
    for board in taquin.generate(3, 50, seed=5, goal="snail", solvable=True):
        assert taquin.solve(board, goal="snail").length == dist[tuple(board)]
    # A goal given as a board.
    custom = [8, 7, 6, 5, 4, 3, 2, 1, 0]
    dist = distances(tuple(custom), 3)
    for board in taquin.generate(3, 20, seed=6, goal=custom, solvable=True):
        assert taquin.solve(board, goal=custom).length == dist[tuple(board)]
    # Every 2x2 board.
    dist = distances((1, 2, 3, 0), 2)
    for board, d in dist.items():
        assert taquin.solve(list(board)).length == d


def test_board_forms():
    numpy = pytest.importorskip("numpy", reason="python3-numpy is not installed")
    flat = [1, 2, 3, 4, 5, 6, 0, 7, 8]
    expected = taquin.solve(flat).moves
    assert taquin.solve([[1, 2, 3], [4, 5, 6], [0, 7, 8]]).moves == expected
    assert taquin.solve(numpy.array(flat)).moves == expected
    assert taquin.solve(numpy.array(flat, dtype=numpy.uint8).reshape(3, 3)).moves == expected
    assert taquin.solve("1 2 3 4 5 6 0 7 8").moves == expected
    assert taquin.solve("3\n1 2 3\n4 5 6\n0 7 8\n", goal="standard").moves == expected
    assert expected == "RR"


def test_42_format_text_takes_the_snail_goal():
    # As the CLI: text in the 42 format (a size line first) means the snail goal unless named.
    text = "# This puzzle is solvable\n3\n1 2 3\n8 4 0\n7 6 5\n"
    r = taquin.solve(text)
    assert (r.outcome, r.length, r.moves) == ("solved", 1, "L")
    assert taquin.solve(text, goal="42").moves == "L"
    assert taquin.check(text) and not taquin.check(text, goal="standard")
    assert taquin.replay(text, "L")[-1] == [1, 2, 3, 8, 0, 4, 7, 6, 5]
    assert taquin.solve([1, 2, 3, 8, 4, 0, 7, 6, 5]).outcome == "unsolvable"  # a list: standard
    assert [r.length for r in taquin.solve_batch([text, text])] == [1, 1]
    with pytest.raises(taquin.Error, match="another goal than the first"):
        taquin.solve_batch([text, "1 2 3 4 5 6 7 0 8"])


def test_korf1_with_the_zero_first_goal():
    r = taquin.solve(KORF1, goal="zero-first", threads=2)
    assert (r.length, r.optimal, r.outcome) == (57, True, "solved")
    assert r.nodes_expanded > 0 and r.iterations > 0 and r.heuristic.startswith(("linear", "pdb"))


def test_unsolvable_and_check():
    board = [2, 1, 3, 4, 5, 6, 7, 8, 0]
    assert not taquin.check(board) and taquin.check([1, 2, 3, 4, 5, 6, 7, 8, 0])
    r = taquin.solve(board)
    assert (r.outcome, r.solvable, r.length, r.moves, r.optimal) == (
        "unsolvable", False, None, None, False)


def test_generate_is_the_clis():
    out = cli("generate", "--size", "3", "--count", "5", "--seed", "7").stdout.split("\n")
    ours = [" ".join(map(str, b)) for b in taquin.generate(3, 5, seed=7)]
    assert ours == out[:5]


@pytest.mark.parametrize(
    "call, cli_args",
    [
        (lambda: taquin.solve([1, 1, 2, 3]), ["solve", "--board", "1 1 2 3"]),
        (lambda: taquin.solve("1 2 3 4 5 6 7 8 9"), ["solve", "--board", "1 2 3 4 5 6 7 8 9"]),
        (lambda: taquin.solve([1, 2, 3, 0], goal="snial"), ["solve", "--board", "1 2 3 0", "--goal", "snial"]),
    ],
)
def test_bad_input_raises_the_clis_message(call, cli_args):
    with pytest.raises(taquin.Error) as raised:
        call()
    printed = cli(*cli_args)
    assert printed.returncode == 2
    line = printed.stderr.strip().splitlines()[0]
    # The same message; only the source differs ("--board:1" there, "board" here).
    assert line.split(": ", 2)[-1] == str(raised.value).split(": ", 1)[-1], (line, raised.value)
    assert isinstance(raised.value, ValueError)


def test_other_bad_calls_raise():
    with pytest.raises(taquin.Error, match="do not make a square board"):
        taquin.solve([1, 2, 3])
    with pytest.raises(taquin.Error, match="not one of ida"):
        taquin.solve([1, 2, 3, 0], algorithm="dfs")
    with pytest.raises(taquin.Error, match="only algorithms ida and anytime search in parallel"):
        taquin.solve([1, 2, 3, 0], algorithm="astar", threads=2)
    with pytest.raises(taquin.Error, match="pattern databases"):
        taquin.solve(KORF1, heuristic="pdb", goal="snail")
    with pytest.raises(taquin.Error, match="not a move"):
        taquin.replay([1, 2, 3, 0], "UX")
    with pytest.raises(taquin.Error, match="not on the goal"):
        taquin.replay([1, 2, 3, 0], "U")
    with pytest.raises(taquin.Error):
        taquin.load_databases("/nonexistent/taquin-databases")


def test_limits():
    r = taquin.solve(KORF1, goal="zero-first", heuristic="manhattan", threads=1, max_nodes=1000)
    assert r.outcome == "node-limit" and r.length is None and r.lower_bound >= 41
    r = taquin.solve(KORF1, goal="zero-first", heuristic="hamming", threads=1, max_seconds=0.2)
    assert r.outcome == "time-limit" and not r.optimal


def test_databases(tmp_path):
    catalogue = tmp_path / "tiny.cat"
    catalogue.write_text("side 3\nblank 8\n0 1 2 3\n4 5 6 7\n")
    built = cli("pdb", "build", str(catalogue), "-o", str(tmp_path))
    assert built.returncode == 0, built.stderr
    databases = taquin.load_databases(str(tmp_path), size=3)
    assert databases.catalogue == "tiny"
    dist = distances((1, 2, 3, 4, 5, 6, 7, 8, 0), 3)
    for board in taquin.generate(3, 30, seed=3, solvable=True):
        r = taquin.solve(board, heuristic="pdb", databases=databases)
        assert r.heuristic == "pdb tiny" and r.length == dist[tuple(board)]
        # Loaded once: later solves of that goal use them by default.
        assert taquin.solve(board).heuristic == "pdb tiny"


def test_the_gil_is_released_during_a_search():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            stop.wait(0.01)

    thread = threading.Thread(target=tick)
    thread.start()
    before = len(ticks)
    r = taquin.solve(KORF1, goal="zero-first", heuristic="hamming", threads=1, max_seconds=1.0)
    during = len(ticks) - before
    stop.set()
    thread.join()
    assert r.outcome == "time-limit"
    assert during > 0  # the other thread ran while the search held no GIL


def test_ctrl_c_stops_a_long_search():
    # A search of days (Korf's #1 with Hamming distances) in a child process, interrupted.
    child = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import sys, taquin
            print("searching", flush=True)
            try:
                taquin.solve({KORF1}, goal="zero-first", heuristic="hamming", threads=1)
                print("finished")
            except KeyboardInterrupt:
                print("interrupted")
            # Python's handler is back: a second Ctrl-C is Python's own.
            import signal
            assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
            print(taquin.solve([1, 2, 3, 0]).length)
        """)],
        stdout=subprocess.PIPE, text=True, env=os.environ)
    assert child.stdout.readline().strip() == "searching"
    threading.Event().wait(0.5)
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=120)
    assert out.split() == ["interrupted", "0"], out
    assert child.returncode == 0
