"""SameGame under the game-AI benchmark's rules, served through cascade_stream.

    cascade check --game samegame --rules benchmark --impl 'python3 adapters/python/example_benchmark.py' --stream --steps

The benchmark (the rule set of the single-player MCTS and NMCS papers and
of their 20 standard positions) differs from Color Cubes in three settings:
a click must remove at least 2 cubes (a click on a lone cube, like one on
an empty cell, does nothing and scores 0), a group of n cubes scores
(n-2)^2, and a box empty after the last click earns 1000 more. Boxes may be
W x H. cascade tells the rules in CASCADE_RULES; this program plays the
benchmark's and refuses any other, so that a run under other rules fails
at once rather than on some case.

The box is kept as a list of columns, each a list of colours from the
bottom up, as in example_samegame.py.
"""

import os
import re

import cascade_stream

# The benchmark's settings as CASCADE_RULES writes them, after its name:
# Swell Foop and KSame play the same game under their own names.
BENCHMARK = "min=2 points=(n-2)^2 clear=1000 left=0 end=over close=left"
MIN_GROUP = 2
CLEAR_BONUS = 1000


def check_rules():
    rules = os.environ.get("CASCADE_RULES")
    if rules is not None and rules.split(" ", 1)[1:] != [BENCHMARK]:
        raise SystemExit("example_benchmark.py plays %r only, not CASCADE_RULES=%r"
                         % ("benchmark " + BENCHMARK, rules))


def solve(text):
    lines = text.splitlines()
    size = [int(t) for t in lines[0].split()]
    width, height = size[0], size[-1]
    rows = [line.strip() for line in lines[1:height + 1]]
    k = int(lines[height + 1])
    numbers = [int(t) for t in re.split(r"[,\s]+", " ".join(lines[height + 2:])) if t]
    if len(numbers) != 2 * k:
        raise ValueError("want %d pairs, got %d numbers" % (k, len(numbers)))
    columns = [[int(rows[height - 1 - y][x]) for y in range(height)] for x in range(width)]

    running, boards, total = [], [], 0
    want_boards = cascade_stream.steps_wanted()
    for i in range(k):
        total += click(columns, numbers[2 * i], numbers[2 * i + 1])
        running.append(total)
        boards.append(draw(columns, width, height) if want_boards else None)
    # The step lines carry the clicks' points; the total adds the bonus.
    if not columns:
        total += CLEAR_BONUS
    return cascade_stream.Steps(running, total, boards)


def click(columns, x, y):
    """Plays a click on column x, row y from the bottom; returns its points."""
    if x >= len(columns) or y >= len(columns[x]):
        return 0
    colour = columns[x][y]
    group, stack = {(x, y)}, [(x, y)]
    while stack:
        cx, cy = stack.pop()
        for nx, ny in ((cx - 1, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)):
            if (nx, ny) not in group and 0 <= nx < len(columns) \
                    and 0 <= ny < len(columns[nx]) and columns[nx][ny] == colour:
                group.add((nx, ny))
                stack.append((nx, ny))
    if len(group) < MIN_GROUP:
        return 0
    for cx, cy in group:
        columns[cx][cy] = 0
    for cx in {cx for cx, _ in group}:
        columns[cx] = [c for c in columns[cx] if c]
    columns[:] = [column for column in columns if column]
    return (len(group) - 2) ** 2


def draw(columns, width, height):
    """The box as H rows of W digits, top row first, 0 for an empty cell."""
    rows = []
    for y in range(height - 1, -1, -1):
        rows.append("".join(str(column[y]) if y < len(column) else "0" for column in columns)
                    + "0" * (width - len(columns)))
    return rows


if __name__ == "__main__":
    check_rules()
    cascade_stream.serve(solve)
