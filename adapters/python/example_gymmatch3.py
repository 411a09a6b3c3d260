"""Match-3 under gym-match3's rules, served through cascade_stream.

    cascade check --game match3 --rules gymmatch3 --impl 'python3 adapters/python/example_gymmatch3.py' --stream --steps

gym-match3 (kamildar/gym-match3, gym_match3/envs/game.py) is a
reinforcement-learning environment: a round removes every run of three or
more at once and scores one point per cell, the pieces fall and the emptied
cells are refilled at random, until no run is left. cascade pins the
refill in the case, as a queue of pieces per column (SPEC.md, M11): after
each fall a column's empty cells fill from the lowest up with its queue's
next pieces, and a queue that runs dry leaves the cells above it empty. A
start board may hold runs: they are settled before the first swap and score
nothing. A swap that is not valid changes nothing and scores nothing but
uses one of the game's 100 moves. Once no swap would make a run, the game
is over, and so it is after 100 moves. Specials are only carried along.

cascade tells the rules in CASCADE_RULES; this program plays gymmatch3's and
refuses any other. With GYMMATCH3_BUG=1 it refills a column from the top
down instead, a slip that the adapters' tests see cascade catch and shrink.

The board is a list of rows, top row first, each cell a (colour, special)
pair, (0, 0) for an empty cell.
"""

import os

import cascade_stream

GYMMATCH3 = ("refill=queue clear=all start=settle swaps=any invalid=move points=n per=round "
             "specials=points nomove=end moves=100 allvalid=0 cleared=0 answer=total")
MOVES = 100
EMPTY = (0, 0)


def check_rules():
    rules = os.environ.get("CASCADE_RULES")
    if rules is not None and rules.split(" ", 1)[1:] != [GYMMATCH3]:
        raise SystemExit("example_gymmatch3.py plays %r only, not CASCADE_RULES=%r"
                         % ("gymmatch3 " + GYMMATCH3, rules))


class Game:
    def __init__(self, text):
        numbers = iter([int(t) for t in text.split()])
        n, m, _, q = (next(numbers) for _ in range(4))
        colours = [[next(numbers) for _ in range(m)] for _ in range(n)]
        specials = [[next(numbers) for _ in range(m)] for _ in range(n)]
        self.board = [list(zip(colours[x], specials[x])) for x in range(n)]
        queue_colours = []
        for _ in range(m):
            length = next(numbers)
            queue_colours.append([next(numbers) for _ in range(length)])
        # Each queue is kept next piece last, so that taking one is a pop.
        self.queues = [list(zip(c, [next(numbers) for _ in c]))[::-1] for c in queue_colours]
        self.swaps = [tuple(next(numbers) - 1 for _ in range(4)) for _ in range(q)]
        if next(numbers, None) is not None:
            raise ValueError("more integers after the last operation")
        self.n, self.m = n, m
        self.top_down = os.environ.get("GYMMATCH3_BUG") == "1"

    def runs(self):
        """The cells of every run of three or more, as a set of (x, y)."""
        marked = set()
        for x in range(self.n):
            for y in range(self.m):
                colour = self.board[x][y][0]
                if colour == 0:
                    continue
                for dx, dy in ((0, 1), (1, 0)):
                    if 0 <= x - dx and 0 <= y - dy and self.board[x - dx][y - dy][0] == colour:
                        continue  # not the start of a maximal run
                    line = [(x, y)]
                    while True:
                        a, b = line[-1][0] + dx, line[-1][1] + dy
                        if a >= self.n or b >= self.m or self.board[a][b][0] != colour:
                            break
                        line.append((a, b))
                    if len(line) >= 3:
                        marked.update(line)
        return marked

    def settle(self):
        """Plays rounds until no run is left; returns the cells removed."""
        removed = 0
        while True:
            marked = self.runs()
            if not marked:
                return removed
            removed += len(marked)
            for x, y in marked:
                self.board[x][y] = EMPTY
            for y in range(self.m):
                column = [self.board[x][y] for x in range(self.n) if self.board[x][y] != EMPTY]
                empty = self.n - len(column)
                fill = []
                while len(fill) < empty and self.queues[y]:
                    fill.append(self.queues[y].pop())
                # fill holds the lowest new cell's piece first.
                if not self.top_down:
                    fill.reverse()
                column = [EMPTY] * (empty - len(fill)) + fill + column
                for x in range(self.n):
                    self.board[x][y] = column[x]

    def exchange(self, x1, y1, x2, y2):
        self.board[x1][y1], self.board[x2][y2] = self.board[x2][y2], self.board[x1][y1]

    def makes_run(self, x1, y1, x2, y2):
        a, b = self.board[x1][y1], self.board[x2][y2]
        if a == EMPTY or b == EMPTY or a[0] == b[0]:
            return False
        self.exchange(x1, y1, x2, y2)
        found = bool(self.runs())
        self.exchange(x1, y1, x2, y2)
        return found

    def has_move(self):
        for x in range(self.n):
            for y in range(self.m):
                if y + 1 < self.m and self.makes_run(x, y, x, y + 1):
                    return True
                if x + 1 < self.n and self.makes_run(x, y, x + 1, y):
                    return True
        return False

    def draw(self):
        return ([[c for c, _ in row] for row in self.board]
                + [[s for _, s in row] for row in self.board])


def solve(text):
    game = Game(text)
    game.settle()
    over = not game.has_move()
    moves, total = 0, 0
    running, boards = [], []
    want_boards = cascade_stream.steps_wanted()
    for x1, y1, x2, y2 in game.swaps:
        if not over and moves < MOVES:
            moves += 1
            inside = all(0 <= x < game.n for x in (x1, x2)) and all(0 <= y < game.m for y in (y1, y2))
            if inside and abs(x1 - x2) + abs(y1 - y2) == 1 and game.makes_run(x1, y1, x2, y2):
                game.exchange(x1, y1, x2, y2)
                total += game.settle()
                over = not game.has_move()
        running.append(total)
        boards.append(game.draw() if want_boards else None)
    return cascade_stream.Steps(running, total, boards)


if __name__ == "__main__":
    check_rules()
    cascade_stream.serve(solve)
