package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"

	"github.com/cascade-harness/cascade/internal/replay"
)

var traceCommand = &command{
	name:    "trace",
	summary: "print a per-move account of the game",
	help: `Usage: cascade trace [--game samegame|match3] [--html PAGE] [--color WHEN] [FILE | --example NAME]

Trace plays the case in FILE (standard input when FILE is absent or "-")
with the reference implementation and prints, move by move, what happened,
in the spirit of the statements' walkthroughs. Boards are drawn top row
first, one line per row indented by two spaces; '-' is an empty cell. A
legend of this notation comes before the first board. On a terminal the
pieces are coloured, and so are the marked cells (see --color).

With --html PAGE it writes a replay page to the file PAGE instead ("-":
standard output) and prints where: one HTML file that a browser opens
offline (nothing in it is fetched), which replays the case step by step,
the board drawn and the marked cells shown, with buttons, keys and a
slider to step through it. Open it with your browser: xdg-open PAGE,
open PAGE (macOS), or a file:// address.

SameGame:

  samegame: N=5, K=12
  cells: a cube's colour 1-9; - empty
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
  cells: colour, or colour:special (1 row, 2 column, ...); - empty
  running: the operations' scores so far (elimination + combination + chain); ...
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
sum over the operations so far (the statement's 315, 417, ...): it leaves
out the poker hands and the bonuses, which count only in the total. A
board cell shows the colour, and a special after a colon: 4:2 is colour 4
with special 2 (its column).

The replay page shows the same steps one at a time: for a click, the
group picked, the cubes gone, the fall and the columns that close; for an
operation, the swap, then per round the line cells, the cells hit by
specials and the specials triggered (each marked its own way), the
pieces gone and the fall, with the round's scores, then the hand with the
main colour chosen from each operation, the endgame bonuses and the
total. Colours stay apart up to k = 100 and every piece carries its
number; a big board scrolls and zooms (+, -, 0 to fit).

Flags:
` + inputFlagsHelp + `  --html PAGE
            write the replay page to the file PAGE ("-": standard output)
` + colorFlagHelp,
	run: runTrace,
}

func runTrace(c *command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var html string
	var color colorMode
	p, code, ok := readPuzzle(c, args, stdin, stdout, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&html, "html", "", "")
		addColorFlag(fs, &color)
	}, 1)
	if !ok {
		return code
	}
	if html != "" {
		// Said before the reference plays the case, which on so many
		// moves takes long, and memory, for nothing.
		if err := replay.FitsSteps(p.Steps()); err != nil {
			fmt.Fprintf(stderr, "cascade trace: %v\n", err)
			return exitRejected
		}
		page, err := p.Replay()
		if err == nil {
			err = writePage(html, stdout, page)
		}
		if err != nil {
			fmt.Fprintf(stderr, "cascade trace: %v\n", err)
			return exitRejected
		}
		if html != "-" {
			fmt.Fprintf(stdout, "replay page: %s\n", html)
		}
		return exitOK
	}
	w := bufio.NewWriter(stdout)
	p.PaintTrace(w, painter(color, stdout))
	// A write error is reported by run, which sees it on stdout.
	w.Flush()
	return exitOK
}
