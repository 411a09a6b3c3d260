package conformance

import (
	"bytes"

	"github.com/rogpeppe/go-internal/txtar"
)

// archiveFiles reads data as a txtar archive, as txtar.Parse of
// github.com/rogpeppe/go-internal does, and returns its files: each
// starts at a line "-- NAME --" and holds the lines up to the next, with
// a final newline; what comes before the first is the archive's comment.
// A NAME.txtar of --cases comes from the user, and txtar.Parse panics on
// a line "-- --" (a marker too short for its own name, which names no
// file): so it is read here, line by line, every line either a marker
// or a file's.
func archiveFiles(data []byte) []txtar.File {
	var files []txtar.File
	start := -1 // where the data of the last file begins
	end := func(at int) {
		if n := len(files); n > 0 {
			d := data[start:at]
			if len(d) > 0 && d[len(d)-1] != '\n' {
				d = append(bytes.Clone(d), '\n')
			}
			files[n-1].Data = d
		}
	}
	for at := 0; at < len(data); {
		next := len(data)
		if i := bytes.IndexByte(data[at:], '\n'); i >= 0 {
			next = at + i + 1
		}
		if name, ok := markerName(data[at:next]); ok {
			end(at)
			files = append(files, txtar.File{Name: name})
			start = next
		}
		at = next
	}
	end(len(data))
	return files
}

// markerName is the NAME of a line "-- NAME --", with or without its
// line end; ok is false when the line is no marker, NAME empty included.
func markerName(line []byte) (name string, ok bool) {
	line = bytes.TrimSuffix(line, []byte("\n"))
	line = bytes.TrimSuffix(line, []byte("\r"))
	const open, close = "-- ", " --"
	if len(line) < len(open)+len(close) || !bytes.HasPrefix(line, []byte(open)) || !bytes.HasSuffix(line, []byte(close)) {
		return "", false
	}
	name = string(bytes.TrimSpace(line[len(open) : len(line)-len(close)]))
	return name, name != ""
}
