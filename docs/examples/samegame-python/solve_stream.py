"""SameGame ("Color Cubes") under the stream protocol: reads case after case
on standard input and prints each one's score as soon as it has read it.
"""

import re
import sys


def play(n, rows, numbers):
    # The box as columns, each a list of colours from the bottom up.
    cols = [[int(rows[n - 1 - y][x]) for y in range(n)] for x in range(n)]
    total = 0
    for i in range(0, len(numbers), 2):
        x, y = int(numbers[i]), int(numbers[i + 1])
        if x >= len(cols) or y >= len(cols[x]):
            continue  # an empty cell: nothing happens
        colour = cols[x][y]
        cols[x][y] = 0
        stack, count = [(x, y)], 0
        while stack:
            cx, cy = stack.pop()
            count += 1
            for nx, ny in ((cx - 1, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)):
                if 0 <= nx < len(cols) and 0 <= ny < len(cols[nx]) and cols[nx][ny] == colour:
                    cols[nx][ny] = 0
                    stack.append((nx, ny))
        total += count * (count + 1) // 2
        cols = [[c for c in col if c] for col in cols]
        cols = [col for col in cols if col]
    return total


for line in sys.stdin:                    # the first line of a case: N
    if not line.strip():
        continue
    n = int(line)
    rows = [sys.stdin.readline().strip() for _ in range(n)]
    k = int(sys.stdin.readline())
    nums = []
    while len(nums) < 2 * k:              # the pairs, over as many lines as they take
        nums += [t for t in re.split(r"[,\s]+", sys.stdin.readline()) if t]
    print(play(n, rows, nums), flush=True)
