package input

import "strings"

// Wrap breaks text into lines of at most width bytes at spaces (a longer
// word gets a line of its own).
func Wrap(text string, width int) []string { return WrapWords(strings.Fields(text), width) }

// WrapWords lays words out in lines of at most width bytes, one space
// between two on a line (a longer word gets a line of its own); a word
// may hold spaces of its own, which never break.
func WrapWords(words []string, width int) []string {
	var lines []string
	line := ""
	for _, word := range words {
		if line != "" && len(line)+1+len(word) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	return append(lines, line)
}
