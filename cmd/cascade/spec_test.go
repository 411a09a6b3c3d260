package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSpecLinksEveryScript keeps SPEC.md and the scripts together: every
// script is linked from SPEC.md, and every link of SPEC.md leads to a file
// that exists.
func TestSpecLinksEveryScript(t *testing.T) {
	spec, err := os.ReadFile(filepath.Join("..", "..", "SPEC.md"))
	if err != nil {
		t.Fatal(err)
	}
	links := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\[[^\]]+\]:\s*(\S+)`).FindAllStringSubmatch(string(spec), -1) {
		target := m[1]
		links[target] = true
		if strings.Contains(target, "://") || strings.HasPrefix(target, "#") {
			continue
		}
		if _, err := os.Stat(filepath.Join("..", "..", target)); err != nil {
			t.Errorf("SPEC.md links %s, which does not exist", target)
		}
	}
	scripts, err := filepath.Glob(filepath.Join("testdata", "script", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range scripts {
		if target := "cmd/cascade/" + filepath.ToSlash(s); !links[target] {
			t.Errorf("SPEC.md does not link %s", target)
		}
	}
}
