"""A search engine's SameGame, under the game-AI benchmark's rules, served
through cascade_stream.

    cascade check --game samegame --rules benchmark --legal --impl 'python3 adapters/python/example_search.py' --stream

Search engines (NRPA, NMCS, MCTS players) play SameGame through a state
that plays only legal moves: clicks on a group of at least 2 cubes. They never play a click that removes nothing, and this one,
like theirs, asserts that it does not get one. Checked without --legal,
on cases that click empty cells and lone cubes, it fails at once on its
assertion; with --legal, every click it is given removes a group.

With SEARCH_FIXED_BOARD=1 it also asserts that the box is the benchmark's
15x15, as an engine with a fixed board would: check it with --usual-box
too.

SEARCH_BUG plants a bug, for cascade's tests to find:

    bonus   the clear bonus is given when at most one cube is left, not
            only when the box is empty (a "no move left" test mistaken
            for an empty box)
"""

import os
import re

import cascade_stream

BENCHMARK = "min=2 points=(n-2)^2 clear=1000 left=0 end=over close=left"
MIN_GROUP = 2
CLEAR_BONUS = 1000
FIXED_SIDE = 15


class State:
    """A SameGame position: columns from the left, each a list of colours
    from the bottom up, as a search engine keeps it."""

    def __init__(self, columns):
        self.columns = columns
        self.score = 0

    def group(self, x, y):
        """The cells of the group of the cube at column x, row y."""
        colour = self.columns[x][y]
        group, stack = {(x, y)}, [(x, y)]
        while stack:
            cx, cy = stack.pop()
            for nx, ny in ((cx - 1, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)):
                if (nx, ny) not in group and 0 <= nx < len(self.columns) \
                        and 0 <= ny < len(self.columns[nx]) and self.columns[nx][ny] == colour:
                    group.add((nx, ny))
                    stack.append((nx, ny))
        return group

    def play(self, x, y):
        """Plays a legal move; a search engine has no other kind."""
        assert x < len(self.columns) and y < len(self.columns[x]), "move (%d, %d) on an empty cell" % (x, y)
        group = self.group(x, y)
        assert len(group) >= MIN_GROUP, "move (%d, %d) on a group of %d" % (x, y, len(group))
        for cx, cy in group:
            self.columns[cx][cy] = 0
        for cx in {cx for cx, _ in group}:
            self.columns[cx] = [c for c in self.columns[cx] if c]
        self.columns[:] = [column for column in self.columns if column]
        self.score += (len(group) - 2) ** 2

    def final_score(self):
        """The score with the end-of-game bonus."""
        left = sum(len(column) for column in self.columns)
        if left == 0 or BUG == "bonus" and left <= 1:
            return self.score + CLEAR_BONUS
        return self.score


BUG = os.environ.get("SEARCH_BUG", "")
FIXED = os.environ.get("SEARCH_FIXED_BOARD") == "1"


def check_rules():
    rules = os.environ.get("CASCADE_RULES")
    if rules is not None and rules.split(" ", 1)[1:] != [BENCHMARK]:
        raise SystemExit("example_search.py plays %r only, not CASCADE_RULES=%r"
                         % ("benchmark " + BENCHMARK, rules))


def solve(text):
    lines = text.splitlines()
    size = [int(t) for t in lines[0].split()]
    width, height = size[0], size[-1]
    assert not FIXED or (width, height) == (FIXED_SIDE, FIXED_SIDE), \
        "a %dx%d box on a fixed %dx%d board" % (width, height, FIXED_SIDE, FIXED_SIDE)
    rows = [line.strip() for line in lines[1:height + 1]]
    k = int(lines[height + 1])
    numbers = [int(t) for t in re.split(r"[,\s]+", " ".join(lines[height + 2:])) if t]
    if len(numbers) != 2 * k:
        raise ValueError("want %d pairs, got %d numbers" % (k, len(numbers)))
    state = State([[int(rows[height - 1 - y][x]) for y in range(height)] for x in range(width)])
    running = []
    for i in range(k):
        state.play(numbers[2 * i], numbers[2 * i + 1])
        running.append(state.score)
    # The step lines carry the clicks' points; the total adds the bonus.
    return cascade_stream.Steps(running, state.final_score())


if __name__ == "__main__":
    check_rules()
    cascade_stream.serve(solve)
