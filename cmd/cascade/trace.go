package main

import (
	"bufio"
	"io"
)

var traceCommand = &command{
	name:    "trace",
	summary: "print a per-move account of the game",
	help: `Usage: cascade trace [--game samegame|match3] [FILE | --example NAME]

Trace plays the case in FILE (standard input when FILE is absent or "-")
with the reference implementation and prints, move by move, what happened,
in the spirit of the statements' walkthroughs. Boards are drawn top row
first, one line per row indented by two spaces; '-' is an empty cell.

SameGame:

  samegame: N=5, K=12
  start
    14111
    ...
  step 1 (0 4): 1 cube of colour 1, 1 point
    -4111
    ...
  step 5 (4 4): empty cell, 0 points
    ...
  total 54

Each step shows the click (X from the left, Y from the bottom, both
0-based), the group it removed and its points, then the box after it.

Match-3:

  match3: 8x8, k=5, q=5
  start
    1 1 5 ...
  operation 1: (3, 2) <-> (4, 2): valid, 2 rounds, main colour 4
    round 1
      line cells: (3, 2) (3, 3) (3, 4)
      hit by specials: (2, 1)
      specials triggered: (3, 2)
      blocks: 3; combination 0
      elimination: 1 x 21 = 21
    round 2
      ...
    score 315 = elimination 265 + combination 50 + chain 0; running 315
    hand after 5 valid operations: two pairs (1 2 4 2 4), 210 points
    1 1 5 ...
  operation 2: (1, 1) <-> (2, 2): invalid: not adjacent
    score 0; running 315
    ...
  all operations valid: yes, +1000
  board cleared: yes, +10000
  total 11692

Cells are (row from the top, column from the left), 1-based. An invalid
operation gives its reason (not adjacent, empty cell, no run) and changes
nothing. Per round: the line cells (runs of three or more), the cells
marked only by specials, the specials that went off in the order they did,
the sizes of the blocks of line cells with the combination score, and the
elimination score as round number x sum of the colours removed. "score" is
the operation's elimination + combination + chain score and "running" its
sum over the operations so far (the statement's 315, 417, ...); poker hands
and bonuses count only in the total. A board cell shows the colour, and a
special after a colon: 4:2 is colour 4 with special 2 (its column).

Flags:
` + inputFlagsHelp,
	run: runTrace,
}

func runTrace(c *command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	p, code, ok := readPuzzle(c, args, stdin, stdout, stderr, nil, 1)
	if !ok {
		return code
	}
	w := bufio.NewWriter(stdout)
	p.WriteTrace(w)
	// A write error is reported by run, which sees it on stdout.
	w.Flush()
	return exitOK
}
