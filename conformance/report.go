package conformance

import (
	"bytes"
	"fmt"
	"strings"
)

// reportLimit bounds the Input block of a report; cases are shrunk
// before they are shown, so a longer block is cut with a note.
const reportLimit = 4 << 10

// Limits on the Output block: a program's output is one integer when
// right, and a screenful of what it printed instead says enough.
const (
	outputLines = 10
	outputBytes = 512
)

// String reports r the way a judge shows a failed test: the verdict and
// what went wrong on the first line, then Input, Output and Want blocks,
// and the Stderr tail when there is one. An accepted case is one line.
func (r *Result) String() string {
	var b strings.Builder
	b.WriteString(r.Verdict.String())
	switch {
	case r.Verdict == Accepted:
		fmt.Fprintf(&b, ": %d", r.Got)
		return b.String()
	case r.Diff != "":
		fmt.Fprintf(&b, ": %s", r.Diff)
	case r.Status != "":
		fmt.Fprintf(&b, ": %s", r.Status)
	}
	b.WriteByte('\n')
	block(&b, "Input", r.Input, reportLimit, -1, len(r.Input))
	block(&b, "Output", r.Output, outputBytes, outputLines, max(r.OutputSize, len(r.Output)))
	block(&b, "Want", fmt.Appendf(nil, "%d\n", r.Want), reportLimit, -1, 0)
	if len(r.Stderr) > 0 {
		block(&b, "Stderr (tail)", r.Stderr, reportLimit, -1, len(r.Stderr))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// block writes a titled block, each line indented by two spaces: at most
// maxBytes bytes of body and maxLines lines (no bound when negative).
// When it shows less than size bytes, the whole of what was written, it
// ends with a note.
func block(b *strings.Builder, title string, body []byte, maxBytes, maxLines, size int) {
	fmt.Fprintf(b, "%s:\n", title)
	if len(body) > maxBytes {
		body = body[:maxBytes]
	}
	if maxLines >= 0 {
		for i, n := 0, 0; i < len(body); i++ {
			if body[i] == '\n' {
				if n++; n == maxLines {
					body = body[:i+1]
					break
				}
			}
		}
	}
	cut := len(body) < size
	body = bytes.TrimRight(body, "\n")
	if len(body) == 0 {
		b.WriteString("  (nothing)\n")
		return
	}
	for line := range bytes.SplitSeq(body, []byte("\n")) {
		b.WriteString("  ")
		b.Write(line)
		b.WriteByte('\n')
	}
	if cut {
		fmt.Fprintf(b, "  ... (%d bytes, cut)\n", size)
	}
}
