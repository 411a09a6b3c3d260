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
// own counts say (Game.Frame), so nothing past it is read.
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
	if g == nil && len(fields) > 0 && string(fields[0]) == "rules" {
		words := make([]string, 0, min(len(fields)-1, rulesWords))
		for _, w := range fields[1:min(len(fields), rulesWords+1)] {
			words = append(words, string(w))
		}
		g = rulesGame(words)
	}
	if g == nil {
		for _, c := range Games() {
			if c.Recognise(len(fields)) {
				g = c
			}
		}
		if g == nil {
			return nil, nil, first, fmt.Errorf("line 1: want %s, got %d fields", openings(), len(fields))
		}
	}
	f := &Framer{text: append(text, head...), read: read}
	err = g.Frame(f, head)
	return f.text, g, first, err
}

// A Framer reads one case of a stream a line at a time, for a game's
// Frame: the lines it reads make the case's text (NextCase).
type Framer struct {
	text []byte
	read func() ([]byte, error)
}

// Line reads the next line of the case, its line end included; the
// error says the stream ended first.
func (f *Framer) Line() ([]byte, error) {
	l, err := f.read()
	if err != nil {
		return nil, err
	}
	f.text = append(f.text, l...)
	return l, nil
}

// Ints reads lines of the case until they hold n more integers,
// separated by white space or commas (a line is read whole, so the last
// may hold more); the error says how many the stream ended short of.
func (f *Framer) Ints(n int) error {
	for n > 0 {
		l, err := f.Line()
		if err != nil {
			return fmt.Errorf("the input ends %d integers before the case does", n)
		}
		n -= len(bytes.FieldsFunc(l, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\r' || r == '\n' }))
	}
	return nil
}

// Count is the count b spells, a non-negative decimal integer, or -1
// when b is not one.
func Count(b []byte) int {
	v, err := strconv.Atoi(string(b))
	if err != nil || v < 0 {
		return -1
	}
	return v
}

// Lookup returns the game of Games named name ("samegame", "match3").
func Lookup(name string) (Any, bool) {
	for _, g := range Games() {
		if g.Name() == name {
			return g, true
		}
	}
	return nil, false
}
