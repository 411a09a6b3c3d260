"""SameGame ("Color Cubes") served through cascade_stream.

    cascade check --game samegame --impl 'python3 adapters/python/example_samegame.py' --stream --steps

The box is kept as a list of columns, each a list of colours from the
bottom up, so that falling is dropping removed cubes from a column and
closing up is dropping empty columns from the list.
"""

import re

import cascade_stream


def solve(text):
    lines = text.splitlines()
    n = int(lines[0])
    rows = [line.strip() for line in lines[1:n + 1]]
    k = int(lines[n + 1])
    numbers = [int(t) for t in re.split(r"[,\s]+", " ".join(lines[n + 2:])) if t]
    if len(numbers) != 2 * k:
        raise ValueError("want %d pairs, got %d numbers" % (k, len(numbers)))
    columns = [[int(rows[n - 1 - y][x]) for y in range(n)] for x in range(n)]

    running, boards, total = [], [], 0
    want_boards = cascade_stream.steps_wanted()
    for i in range(k):
        total += click(columns, numbers[2 * i], numbers[2 * i + 1])
        running.append(total)
        boards.append(draw(columns, n) if want_boards else None)
    return cascade_stream.Steps(running, total, boards)


def click(columns, x, y):
    """Plays a click on column x, row y from the bottom; returns its points."""
    if x >= len(columns) or y >= len(columns[x]):
        return 0
    colour = columns[x][y]
    # The group's cubes are set to 0 as they are found: 0 is no colour, so
    # a cube is never counted twice, and 0s are what falling drops.
    columns[x][y] = 0
    stack, count, left, right = [(x, y)], 0, x, x
    while stack:
        cx, cy = stack.pop()
        count += 1
        left, right = min(left, cx), max(right, cx)
        for nx, ny in ((cx - 1, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)):
            if 0 <= nx < len(columns) and 0 <= ny < len(columns[nx]) \
                    and columns[nx][ny] == colour:
                columns[nx][ny] = 0
                stack.append((nx, ny))
    for cx in range(left, right + 1):
        columns[cx] = [c for c in columns[cx] if c]
    columns[:] = [column for column in columns if column]
    return count * (count + 1) // 2


def draw(columns, n):
    """The box as N rows of N digits, top row first, 0 for an empty cell."""
    rows = []
    for y in range(n - 1, -1, -1):
        rows.append("".join(str(column[y]) if y < len(column) else "0" for column in columns)
                    + "0" * (n - len(columns)))
    return rows


if __name__ == "__main__":
    cascade_stream.serve(solve)
