package process

import (
	"context"
	"os/exec"
	"testing"
)

// BenchmarkRunQuickProgram measures a whole run of a program that exits
// at once: what a judge-protocol case costs beyond the program's own
// work. With -args -nocgroup, without the cgroup of its own.
func BenchmarkRunQuickProgram(b *testing.B) {
	path, err := exec.LookPath("true")
	if err != nil {
		b.Skip(err)
	}
	p := &Program{Args: []string{path}}
	for b.Loop() {
		if _, err := p.Run(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
	}
}
