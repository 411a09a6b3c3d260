package input

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// quoteMax is how many characters of quoted text an error message shows
// between the quotes.
const quoteMax = 40

// Quote quotes b, a text from the input, for an error message as %q does,
// but cuts a text whose quoted form would pass about 40 characters and
// says how long it is:
//
//	"1234567890123456789012345678901234567890…" (16777216 bytes)
//
// so that a 16 MB line of digits does not make a 16 MB error.
func Quote(b []byte) string {
	n := quotable(b)
	if n == len(b) {
		return strconv.Quote(string(b))
	}
	return fmt.Sprintf("%s (%d bytes)", strconv.Quote(string(b[:n])+"…"), len(b))
}

// QuoteStart quotes b, the start of a text whose rest was left unread,
// like Quote, with an ellipsis and a lower bound of the text's length:
//
//	"11111111111111111111…" (more than 20 bytes)
func QuoteStart(b []byte) string {
	return fmt.Sprintf("%s (more than %d bytes)", strconv.Quote(string(b[:quotable(b)])+"…"), len(b))
}

// quotable returns the length of the longest start of b, cut between
// characters, whose quoted form shows at most quoteMax characters: 40
// digits, or 10 bytes that are not text and show as \x00.
func quotable(b []byte) int {
	width, n := 0, 0
	for n < len(b) {
		_, size := utf8.DecodeRune(b[n:])
		w := utf8.RuneCountInString(strconv.Quote(string(b[n:n+size]))) - len(`""`)
		if width+w > quoteMax {
			break
		}
		width, n = width+w, n+size
	}
	return n
}
