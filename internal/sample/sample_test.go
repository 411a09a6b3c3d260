package sample

import (
	"io/fs"
	"slices"
	"testing"
)

func TestEveryEmbeddedFileIsAnExample(t *testing.T) {
	var names []string
	for _, e := range slices.Concat(SameGame(), Match3()) {
		names = append(names, e.Name+".ans", e.Name+".in")
	}
	slices.Sort(names)
	entries, err := fs.ReadDir(data, "data")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range entries {
		files = append(files, e.Name())
	}
	if !slices.Equal(files, names) {
		t.Errorf("data holds %v, want %v", files, names)
	}
}
