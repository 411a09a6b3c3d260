package process

import (
	"errors"
	"fmt"
	"strings"
)

// SplitWords splits a command line into words the way a POSIX shell
// splits a simple command, without running one:
//
//   - blanks (space, tab, newline) separate words;
//   - 'single quotes' keep everything up to the next single quote;
//   - "double quotes" keep everything up to the next unescaped double
//     quote; inside them a backslash escapes only \ " $ ` and a newline,
//     and stays as it is before any other character;
//   - outside quotes a backslash keeps the next character as it is;
//   - a backslash before a newline (outside single quotes) joins lines;
//   - quoted parts and plain parts next to each other form one word, so
//     empty quotes make an empty word and a'b c'd is the word "ab cd".
//
// Nothing else is special: $VAR, ~, *, |, ;, > and the like are passed
// on literally. Run "sh -c '...'" for anything that needs a shell.
//
// SplitWords reports an unterminated quote or a trailing backslash.
func SplitWords(line string) ([]string, error) {
	var (
		words  []string
		word   strings.Builder
		inWord bool // a word has started, possibly empty ('')
	)
	end := func() {
		if inWord {
			words = append(words, word.String())
			word.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(line); i++ {
		switch ch := line[i]; ch {
		case ' ', '\t', '\n':
			end()
		case '\\':
			if i+1 == len(line) {
				return nil, errTrailingBackslash
			}
			i++
			if line[i] == '\n' {
				continue
			}
			word.WriteByte(line[i])
			inWord = true
		case '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unterminated single quote at byte %d", i)
			}
			word.WriteString(line[i+1 : i+1+j])
			i += 1 + j
			inWord = true
		case '"':
			start := i
			for i++; ; i++ {
				if i == len(line) {
					return nil, fmt.Errorf("unterminated double quote at byte %d", start)
				}
				c := line[i]
				if c == '"' {
					break
				}
				if c == '\\' && i+1 < len(line) {
					switch line[i+1] {
					case '\\', '"', '$', '`':
						i++
						c = line[i]
					case '\n':
						i++
						continue
					}
				}
				word.WriteByte(c)
			}
			inWord = true
		default:
			word.WriteByte(ch)
			inWord = true
		}
	}
	end()
	return words, nil
}

var errTrailingBackslash = errors.New("backslash at the end of the command line")
