package conformance_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/rogpeppe/go-internal/txtar"
)

// TestArchiveFilesReadsAsTxtarParse reads archives both ways, wherever
// txtar.Parse does not panic, and the line "-- --" on which it does.
func TestArchiveFilesReadsAsTxtarParse(t *testing.T) {
	for _, text := range []string{
		"",
		"comment only",
		"comment\n-- a.in --\n1\n1\n1\n0 0\n-- a.ans --\n1\n",
		"-- a.in --\nno final newline",
		"-- a.in --\r\n1\r\n-- b --\n",
		"--  --\n-- a --\n-- x --y\n--a --\n -- b --\n",
		"-- a --\n-- a --\nagain\n",
		"-- a --",
		"-- a --\n\n\n",
	} {
		got := conformance.ArchiveFiles([]byte(text))
		want := txtar.Parse([]byte(text)).Files
		if !slices.EqualFunc(got, want, func(a, b txtar.File) bool { return a.Name == b.Name && string(a.Data) == string(b.Data) }) {
			t.Errorf("archiveFiles(%q) = %s, want %s", text, show(got), show(want))
		}
	}
	for _, c := range []struct {
		text  string
		names []string
	}{
		{"-- --", nil},
		{"-- --\n", nil},
		{"x\n-- --\n", nil},
		{"-- --\r\n-- a --\n1\n", []string{"a"}},
		{"-- a --\n-- --\n", []string{"a"}},
	} {
		var names []string
		for _, f := range conformance.ArchiveFiles([]byte(c.text)) {
			names = append(names, f.Name)
		}
		if !slices.Equal(names, c.names) {
			t.Errorf("archiveFiles(%q) names %q, want %q", c.text, names, c.names)
		}
	}
}

func show(fs []txtar.File) string {
	s := "["
	for _, f := range fs {
		s += fmt.Sprintf(" %q:%q", f.Name, f.Data)
	}
	return s + " ]"
}
