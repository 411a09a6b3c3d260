// Package input reads the two games' text formats: a token scanner that
// knows the line of every token, and the error type that carries that line.
//
// Both vocabulary packages (samegame, match3) parse through it, so every
// rejected input reads the same way: "line 4: row has 4 digits, want 5".
//
// The Scanner reads its input as a stream and keeps no more of it than a
// 64 KiB buffer, one token of at most MaxToken bytes, and the lines its
// caller asks it to keep, each up to a length the caller sets. Runs of
// white space, blank lines and blanks at the end of a line are consumed
// without being kept, however long. So an input is accepted or rejected
// once the bytes that settle it are read, in memory that does not grow
// with the input: a number of more than 20 bytes is rejected at its 21st,
// a SameGame row at 64 bytes past N, whatever follows.
//
// Errors quote input through Quote and QuoteStart, which cut it after
// about 40 characters, so that an error is one short line whatever the
// input.
//
// A read error is not an input error: it has no line, and the parsers
// return it as the reader gave it ("read DIR: is a directory"), never as
// an *Error or as input that ends.
package input

import (
	"errors"
	"fmt"
)

// Error is a rejected input: the 1-based line where the problem shows and
// what is wrong there.
type Error struct {
	Line int
	Err  error
}

func (e *Error) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error at line.
func Errorf(line int, format string, args ...any) error {
	return &Error{Line: line, Err: fmt.Errorf(format, args...)}
}

// ErrEOF is wrapped by errors for input that ends where more was wanted.
var ErrEOF = errors.New("input ends")

// Stops reports whether a parser must stop at err, a non-nil error from a
// Scanner: the input ended where more was wanted, or could not be read.
// Any other problem is one value that is wrong, and a parser that reports
// every problem may go on after it.
func Stops(err error) bool {
	var e *Error
	return errors.Is(err, ErrEOF) || !errors.As(err, &e)
}

// Cap bounds the initial capacity of a slice whose length a header claims,
// so that a header claiming a huge board with little data behind it fails
// on the missing data instead of allocating the claimed size first.
func Cap(claimed int) int {
	const most = 1 << 16
	if claimed < 0 || claimed > most {
		return most
	}
	return claimed
}

// Errors collects the problems of one input for parsers that go on after
// a problem, up to a limit.
type Errors struct {
	// Max is the most problems worth collecting; 0 means no limit.
	Max  int
	List []error
}

// Add records err and reports whether the parser should go on.
func (e *Errors) Add(err error) bool {
	e.List = append(e.List, err)
	return e.Max <= 0 || len(e.List) < e.Max
}

// Fatal records err, a problem after which the input's shape is lost, and
// returns the problems so far.
func (e *Errors) Fatal(err error) []error {
	e.List = append(e.List, err)
	return e.List
}
