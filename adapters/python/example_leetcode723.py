"""LeetCode 723 "Candy Crush", served through cascade_stream.

    cascade check --game match3 --rules leetcode723 --impl 'python3 adapters/python/example_leetcode723.py' --stream --steps

The problem gives a board and no swaps: crush every run of three or more
candies in a row or a column at once, let the candies above fall, and
repeat until no run is left; the answer is that stable board, 0 for an
empty cell. Under cascade's rule set leetcode723 the case is a match-3 case
with no operations (q = 0), whose start board may hold runs, and the answer
is the final board (SPEC.md, M16): n rows of m colours.

cascade tells the rules in CASCADE_RULES; this program plays leetcode723's
and refuses any other. With LEETCODE723_BUG=1 it crushes once and stops,
as if a fall could never line candies up: a slip that the adapters' tests
see cascade catch and shrink.

The board is a list of rows, top row first, each a list of colours,
as LeetCode's solutions keep it: board[x][y] is row x, column y.
"""

import os

import cascade_stream

LEETCODE723 = ("refill=none clear=all start=settle swaps=none invalid=free points=0 per=round "
               "specials=points nomove=play moves=0 allvalid=0 cleared=0 answer=board")


def check_rules():
    rules = os.environ.get("CASCADE_RULES")
    if rules is not None and rules.split(" ", 1)[1:] != [LEETCODE723]:
        raise SystemExit("example_leetcode723.py plays %r only, not CASCADE_RULES=%r"
                         % ("leetcode723 " + LEETCODE723, rules))


def solve(text):
    numbers = [int(t) for t in text.split()]
    n, m, _, q = numbers[:4]
    # The specials that follow the colours are only carried: nothing of
    # them shows in the answer.
    if q != 0 or len(numbers) != 4 + 2 * n * m:
        raise ValueError("want n m k 0 and 2nm integers, got %d integers with q = %d" % (len(numbers), q))
    board = [numbers[4 + x * m:4 + (x + 1) * m] for x in range(n)]
    while crush(board, n, m) and os.environ.get("LEETCODE723_BUG") != "1":
        pass
    return cascade_stream.Board(board)


def crush(board, n, m):
    """Crushes every run at once and lets the candies fall; returns whether
    anything was crushed."""
    crushed = set()
    for x in range(n):
        for y in range(m):
            c = board[x][y]
            if c == 0:
                continue
            if y + 2 < m and board[x][y + 1] == c and board[x][y + 2] == c:
                crushed.update(((x, y), (x, y + 1), (x, y + 2)))
            if x + 2 < n and board[x + 1][y] == c and board[x + 2][y] == c:
                crushed.update(((x, y), (x + 1, y), (x + 2, y)))
    for x, y in crushed:
        board[x][y] = 0
    for y in range(m):
        column = [board[x][y] for x in range(n) if board[x][y] != 0]
        column = [0] * (n - len(column)) + column
        for x in range(n):
            board[x][y] = column[x]
    return bool(crushed)


if __name__ == "__main__":
    check_rules()
    cascade_stream.serve(solve)
