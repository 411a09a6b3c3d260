package conformance

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
)

// NextCase reads the text of the next case of a stream from r, of game
// g, or of the game its first line shows when g is nil; line counts the
// lines read, and first is the case's first line. It is how a program
// under the stream protocol (SPEC.md) finds where a case ends; cascade
// score --stream and the test programs read their input with it. Blank lines before a
// case are skipped; io.EOF says no case is left. A case ends where its
// own counts say (SameGame: its rules line if any, N or W H, N or H rows,
// K and K pairs; match-3: n m k q,
// then 2nm + 4q integers), so nothing past it is read.
func NextCase(r *bufio.Reader, g Any, line *int) (text []byte, game Any, first int, err error) {
	read := func() ([]byte, error) {
		l, err := r.ReadBytes('\n')
		if len(l) > 0 {
			*line++
			return l, nil
		}
		return nil, err
	}
	var head []byte
	for {
		head, err = read()
		if err != nil {
			return nil, nil, *line + 1, err
		}
		if len(bytes.TrimSpace(head)) > 0 {
			break
		}
	}
	first = *line
	fields := bytes.Fields(head)
	ruled := len(fields) > 0 && string(fields[0]) == "rules" // a SameGame rules line
	if g == nil && ruled {
		g = SameGame.Any()
	}
	if g == nil {
		for _, c := range Games {
			if c.Recognise(len(fields)) {
				g = c
			}
		}
		if g == nil {
			return nil, nil, first, fmt.Errorf("line 1: want one integer (SameGame) or four (match-3), got %d fields", len(fields))
		}
	}
	text = append(text, head...)
	more := func(ints int) error {
		for ints > 0 {
			l, err := read()
			if err != nil {
				return fmt.Errorf("the input ends %d integers before the case does", ints)
			}
			text = append(text, l...)
			ints -= len(bytes.FieldsFunc(l, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\r' || r == '\n' }))
		}
		return nil
	}
	atoi := func(b []byte) int {
		v, err := strconv.Atoi(string(b))
		if err != nil || v < 0 {
			return -1
		}
		return v
	}
	switch g.Name() {
	case "samegame":
		sizeLine := 1
		if ruled {
			// The rules line; the size follows on the next line.
			if head, err = read(); err != nil {
				return nil, nil, first, fmt.Errorf("the input ends before the box's size")
			}
			text = append(text, head...)
			fields, sizeLine = bytes.Fields(head), 2
		}
		if len(fields) != 1 && len(fields) != 2 {
			return nil, nil, first, fmt.Errorf("line %d: %q is not a side N or W H", sizeLine, bytes.TrimSpace(head))
		}
		n := atoi(fields[len(fields)-1])
		if n < 0 || atoi(fields[0]) < 0 {
			return nil, nil, first, fmt.Errorf("line %d: %q is not a side N or W H", sizeLine, bytes.TrimSpace(head))
		}
		for range n {
			l, err := read()
			if err != nil {
				return nil, nil, first, fmt.Errorf("the input ends inside the box")
			}
			text = append(text, l...)
		}
		var kl []byte
		for len(bytes.TrimSpace(kl)) == 0 {
			if kl, err = read(); err != nil {
				return nil, nil, first, fmt.Errorf("the input ends before K")
			}
			text = append(text, kl...)
		}
		k := atoi(bytes.TrimSpace(kl))
		if k < 0 {
			return nil, nil, first, fmt.Errorf("line %d: %q is not a count K", n+sizeLine+1, bytes.TrimSpace(kl))
		}
		err = more(2 * k)
	default:
		var v [4]int
		for i := range 4 {
			if i >= len(fields) {
				return nil, nil, first, fmt.Errorf("line 1: want n m k q")
			}
			if v[i] = atoi(fields[i]); v[i] < 0 {
				return nil, nil, first, fmt.Errorf("line 1: %q is not a count", fields[i])
			}
		}
		err = more(2*v[0]*v[1] + 4*v[3] - (len(fields) - 4))
	}
	return text, g, first, err
}

// Lookup returns the game of Games named name ("samegame", "match3").
func Lookup(name string) (Any, bool) {
	for _, g := range Games {
		if g.Name() == name {
			return g, true
		}
	}
	return nil, false
}
