package match3

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/cascade-harness/cascade/input"
)

// FormatBoard writes a board answer (answer=board): the board of rows x
// cols pieces laid out like Case.Board, as rows lines of cols colours
// separated by one blank, top row first, 0 for an empty cell. Specials
// are not part of the answer.
func FormatBoard(w io.Writer, rows, cols int, board []Piece) error {
	bw := bufio.NewWriter(w)
	var buf []byte
	for x := range rows {
		buf = buf[:0]
		for y, p := range board[x*cols : (x+1)*cols] {
			if y > 0 {
				buf = append(buf, ' ')
			}
			buf = strconv.AppendInt(buf, int64(p.Colour), 10)
		}
		buf = append(buf, '\n')
		bw.Write(buf)
	}
	return bw.Flush()
}

// ParseBoard reads a board answer of rows x cols cells with colours
// 0..colours, as FormatBoard writes it: a stream of rows*cols integers
// separated by any white space, and nothing after them. Errors are
// *input.Error and name the line and the value.
func ParseBoard(r io.Reader, rows, cols, colours int) ([]Piece, error) {
	s := input.NewScanner(r)
	board := make([]Piece, 0, input.Cap(rows*cols))
	for x := 1; x <= rows; x++ {
		for y := 1; y <= cols; y++ {
			v, err := s.IntOf(func() string { return fmt.Sprintf("colour of cell (%d, %d) of the board", x, y) })
			if err != nil {
				return nil, err
			}
			if v < 0 || v > colours {
				return nil, input.Errorf(s.Line(), "board: colour %d of cell (%d, %d) outside 0..%d", v, x, y, colours)
			}
			board = append(board, Piece{Colour: v})
		}
	}
	if tok, ok := s.Token(); ok {
		return nil, input.Errorf(s.Line(), "board: extra token %s after %d x %d cells", s.Quote(tok), rows, cols)
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	return board, nil
}
