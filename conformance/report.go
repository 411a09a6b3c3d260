package conformance

import (
	"bytes"
	"fmt"
	"strings"
)

// reportLimit bounds each block of a report; cases are shrunk before
// they are shown, so a longer block is cut with a note.
const reportLimit = 4 << 10

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
	block(&b, "Input", r.Input)
	block(&b, "Output", r.Output)
	block(&b, "Want", fmt.Appendf(nil, "%d\n", r.Want))
	if len(r.Stderr) > 0 {
		block(&b, "Stderr (tail)", r.Stderr)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// block writes a titled block, each line indented by two spaces.
func block(b *strings.Builder, title string, body []byte) {
	fmt.Fprintf(b, "%s:\n", title)
	cut := len(body) > reportLimit
	if cut {
		body = body[:reportLimit]
	}
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
		fmt.Fprintf(b, "  ... (cut at %d bytes)\n", reportLimit)
	}
}
