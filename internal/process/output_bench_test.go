package process

import (
	"bytes"
	"testing"
)

// BenchmarkTailWriterFlood writes a flood of short lines, as yes writes
// them, to a tailWriter in reads of the collector's size: the CPU a
// program flooding its standard error costs cascade for each byte.
func BenchmarkTailWriterFlood(b *testing.B) {
	chunk := bytes.Repeat([]byte("y\n"), errRead/2)
	b.SetBytes(int64(len(chunk)))
	var w tailWriter
	for b.Loop() {
		w.Write(chunk)
	}
}
