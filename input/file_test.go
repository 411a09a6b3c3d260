package input

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenReadsAsOsOpenDoes reads a file, a missing file and a directory
// with Open and with os.Open: the same bytes, and errors worded the same.
func TestOpenReadsAsOsOpenDoes(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "case.in")
	text := strings.Repeat("1 2 3\n", 5000)
	if err := os.WriteFile(name, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
	f, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(f)
	if err != nil || string(got) != text {
		t.Errorf("read %d bytes, %v; want the file's %d", len(got), err, len(text))
	}
	if err := f.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if _, err := f.Read(make([]byte, 1)); !errors.Is(err, fs.ErrClosed) {
		t.Errorf("Read after Close: %v, want fs.ErrClosed", err)
	}
	if err := f.Close(); !errors.Is(err, fs.ErrClosed) {
		t.Errorf("second Close: %v, want fs.ErrClosed", err)
	}

	missing := filepath.Join(dir, "missing.in")
	_, err = Open(missing)
	_, osErr := os.Open(missing)
	if err == nil || err.Error() != osErr.Error() || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open(missing) = %v, want %v", err, osErr)
	}

	d, err := Open(dir)
	if err != nil {
		t.Fatalf("Open(dir) = %v; os.Open opens a directory too", err)
	}
	defer d.Close()
	_, err = d.Read(make([]byte, 16))
	od, _ := os.Open(dir)
	defer od.Close()
	_, osErr = od.Read(make([]byte, 16))
	if err == nil || err.Error() != osErr.Error() {
		t.Errorf("reading a directory: %v, want %v", err, osErr)
	}
}
