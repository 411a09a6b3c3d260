"""cascade_stream: serve a SameGame or match-3 solution to cascade check.

One solution, written as a function from a case's text to its score, serves
every protocol of ``cascade check`` (SPEC.md, "Programs under test"):

    import cascade_stream

    def solve(text):
        ...                       # parse text, play the game
        return total              # or cascade_stream.Steps(...)

    cascade_stream.serve(solve)

Run it as ``cascade check --game samegame --impl 'python3 solution.py'``,
adding ``--stream`` (one process for many cases) and/or ``--steps`` (a step
line after every move) as you like; the program needs no change.

Input.  ``serve`` reads standard input line by line and cuts it into cases
by the statements' own counts, without reading past the end of a case:

- blank lines before a case are skipped;
- a first line holding one integer N starts a SameGame case: N rows, a
  line with K, then as many lines as hold 2K integers (separated by commas
  and/or white space; with K = 0 the case ends at the K line);
- under a SameGame rule set (the environment variable ``CASCADE_RULES`` is
  set), a first line holding two integers W H starts a SameGame case of H
  rows, read as above;
- else a first line holding two integers or more starts a match-3 case: the
  integers n m k q, then as many lines as hold 2*n*m + 4*q more; under a
  match-3 rule set that refills from queues (``CASCADE_RULES`` holds
  ``refill=queue``), the queues come between the specials and the
  operations: m lengths L, each followed by its L colours, then the specials
  of all those pieces;
- anything else makes the rest of the input one case, for ``solve`` to
  reject.

``solve`` is called with the case's exact text: every line from the first
one on, line ends (LF or CRLF) included, blank lines inside included.
Should the input end inside a case, what was read of it is the last case.

Output.  ``solve`` returns the score as an ``int``, a ``Steps``, or, under a
match-3 rule set whose answer is the final board (``answer=board``, as
LeetCode 723's), a ``Board``.  The
environment variable ``CASCADE_PROTOCOL`` (set by cascade: ``judge``,
``stream``, ``steps`` or ``stream steps``; absent means ``judge``) decides
what is printed:

- without ``steps``: the total, one integer on a line, or the final board:
  its n rows of m colours separated by one blank, 0 for an empty cell;
- with ``steps``: ``step I RUNNING`` for every move, each followed by the
  board after it when one is given, then ``total TOTAL``, or, in place of
  that line, ``board`` and the final board's rows; under ``answer=board``
  cascade wants the board after every move.  An ``int`` or a
  ``Board`` answer prints only the last line(s), which cascade accepts for
  a case without moves only.

Each answer is flushed at once, since cascade sends the next case only
after reading it.  ``serve`` returns at the end of input.  An exception in
``solve`` prints its traceback on standard error and exits with status 1:
cascade reports it as the runtime error of that case.

Boards (``Steps.boards``, one entry per move, the list may be shorter) are
in the input's board format with 0 for an empty cell, each entry ``None``
(no board after that move), a string (printed as it is), or a list of rows.
A row is a string, or a list of integers: written as digits side by side
for SameGame (N rows of N digits, top row first) and separated by spaces
for match-3 (n rows of colours, then n rows of specials).  Building a board
after every move costs N*N a move; ``steps_wanted()`` says whether they are
printed at all.
"""

import operator
import os
import re
import sys
import traceback

__all__ = ["Board", "Steps", "rules", "serve", "steps_wanted"]


class Steps:
    """A step-by-step answer.

    running: the running total after each move, in order.
    total:   the final score (the judge protocol's answer); ignored when
             board is given.
    boards:  optional, one entry per move: None or the board after it.
    board:   under answer=board, the final board (a list of rows of
             colours), which is then the answer instead of the total.
    """

    def __init__(self, running, total, boards=None, board=None):
        self.running = running
        self.total = total
        self.boards = boards
        self.board = board

    def __repr__(self):
        return "Steps(running=%r, total=%r, boards=%r, board=%r)" % (
            self.running, self.total, self.boards, self.board)


class Board:
    """A final board, the answer under a match-3 rule set with answer=board.

    rows: n rows, top row first, each a list of m colours (0: empty) or a
          string of them separated by blanks.
    """

    def __init__(self, rows):
        self.rows = rows

    def __repr__(self):
        return "Board(%r)" % (self.rows,)


def rules():
    """The rule set cascade names in CASCADE_RULES, as a dict of its
    settings with its name under "name"; {} when it names none."""
    words = os.environ.get("CASCADE_RULES", "").split()
    if not words:
        return {}
    settings = dict(w.split("=", 1) for w in words[1:] if "=" in w)
    settings["name"] = words[0]
    return settings


def steps_wanted():
    """Whether cascade runs the program under the step protocol."""
    return "steps" in os.environ.get("CASCADE_PROTOCOL", "").split()


def serve(solve):
    """Answer every case on standard input with solve(text); see the module
    documentation."""
    steps = steps_wanted()
    splitter = _Splitter()
    read = sys.stdin.buffer.readline
    while True:
        raw = read()
        if not raw:
            break
        text = splitter.feed(raw.decode("utf-8", "surrogateescape"))
        if text is not None:
            _answer(solve, text, splitter.game, steps)
    text = splitter.finish()
    if text is not None:
        _answer(solve, text, splitter.game, steps)


SAMEGAME = "samegame"
MATCH3 = "match3"

_SEPARATORS = re.compile(r"[,\s]+")
_INTEGER = re.compile(r"[+-]?[0-9]+\Z")


def _integer(token):
    return int(token) if _INTEGER.match(token) else None


class _Splitter:
    """Cuts cases out of a stream of lines.

    feed takes one line (its line end included) and returns the text of the
    case it completes, or None; finish returns what is left at the end of
    input, or None.  game names the game of the case last returned.
    """

    def __init__(self):
        self.game = None
        # A SameGame rule set is named only to a SameGame program, and then
        # a box may be W x H: two integers open a SameGame case. A match-3
        # rule set names its refill, and under refill=queue the case holds
        # the queues.
        settings = rules()
        self._boxes = bool(settings) and "refill" not in settings
        self._queues = settings.get("refill") == "queue"
        self._start()

    def _start(self):
        self._lines = []
        self._state = "first"
        self._rows = 0       # SameGame rows still to come
        self._header = []    # match-3: the integers n m k q read so far
        self._part = ""      # match-3: the part of the case being read
        self._need = 0       # integers still to come in that part
        self._columns = 0    # match-3: queues whose length is still to come
        self._pieces = 0     # match-3: the pieces of all queues

    def feed(self, line):
        if self._state == "first" and not line.strip():
            return None
        self._lines.append(line)
        if self._take(line):
            text = "".join(self._lines)
            self._start()
            return text
        return None

    def finish(self):
        if not self._lines:
            return None
        text = "".join(self._lines)
        self._start()
        return text

    def _take(self, line):
        """Reads line into the case and reports whether the case is done."""
        state = self._state
        if state == "first":
            tokens = line.split()
            values = [_integer(t) for t in tokens]
            if None in values:
                self._state = "rest"
                self.game = None
                return False
            if len(values) == 1 or len(values) == 2 and self._boxes:
                self.game = SAMEGAME
                self._rows = values[-1]
                self._state = "rows" if self._rows > 0 else "moves"
                return False
            self.game = MATCH3
            self._state = "match3"
            return self._take_match3(tokens)
        if state == "rows":
            self._rows -= 1
            if self._rows == 0:
                self._state = "moves"
            return False
        if state == "moves":
            tokens = [t for t in _SEPARATORS.split(line) if t]
            if not tokens:
                return False
            k = _integer(tokens[0])
            if k is None:
                return True
            self._need = 2 * k - (len(tokens) - 1)
            self._state = "pairs"
            return self._need <= 0
        if state == "pairs":
            self._need -= sum(1 for t in _SEPARATORS.split(line) if t)
            return self._need <= 0
        if state == "match3":
            return self._take_match3(line.split())
        return False  # "rest": everything up to the end of input

    def _take_match3(self, tokens):
        """Counts the integers of a match-3 case, part by part: the header,
        the board and its specials, under refill=queue each column's queue
        (its length, then its colours) and their specials, the operations."""
        for token in tokens:
            if self._part == "done":
                break
            if len(self._header) < 4 or self._part == "length":
                value = _integer(token)
                if value is None:
                    return True
                if self._part == "length":
                    self._columns -= 1
                    self._pieces += max(0, value)
                    self._part, self._need = "queue", max(0, value)
                else:
                    self._header.append(value)
                    if len(self._header) == 4:
                        n, m = max(0, self._header[0]), max(0, self._header[1])
                        self._part, self._need = "board", 2 * n * m
            else:
                self._need -= 1
            self._next_part()
        return self._part == "done"

    def _next_part(self):
        """Moves on past the parts of a match-3 case that are complete."""
        while self._part and self._part != "done" and self._need <= 0:
            m, q = max(0, self._header[1]), max(0, self._header[3])
            if self._part == "board" and self._queues and m > 0:
                self._columns = m
                self._part, self._need = "length", 1
            elif self._part == "queue" and self._columns > 0:
                self._part, self._need = "length", 1
            elif self._part == "queue":
                self._part, self._need = "specials", self._pieces
            elif self._part == "operations":
                self._part = "done"
            else:
                self._part, self._need = "operations", 4 * q


def _answer(solve, text, game, steps):
    try:
        out = _format(solve(text), game, steps)
    except Exception:
        traceback.print_exc()
        sys.stderr.flush()
        sys.exit(1)
    sys.stdout.write(out)
    sys.stdout.flush()


def _format(result, game, steps):
    if isinstance(result, Board):
        board = _board(result.rows, MATCH3)
        return "board\n" + board if steps else board
    if not isinstance(result, Steps):
        total = operator.index(result)
        return "total %d\n" % total if steps else "%d\n" % total
    if result.board is not None:
        last = _board(result.board, MATCH3)
        if steps:
            last = "board\n" + last
    else:
        last = "%d\n" % operator.index(result.total)
        if steps:
            last = "total " + last
    if not steps:
        return last
    boards = result.boards or []
    if len(boards) > len(result.running):
        raise ValueError("Steps has %d boards for %d moves"
                         % (len(boards), len(result.running)))
    out = []
    for i, running in enumerate(result.running):
        out.append("step %d %d\n" % (i + 1, operator.index(running)))
        if i < len(boards) and boards[i] is not None:
            out.append(_board(boards[i], game))
    out.append(last)
    return "".join(out)


def _board(board, game):
    if isinstance(board, str):
        return board if board.endswith("\n") else board + "\n"
    glue = "" if game == SAMEGAME else " "
    rows = []
    for row in board:
        if isinstance(row, str):
            rows.append(row)
        else:
            rows.append(glue.join(str(operator.index(v)) for v in row))
    return "".join(r + "\n" for r in rows)
