package process

import (
	"slices"
	"testing"
)

func TestSplitWordsLikeAShell(t *testing.T) {
	tests := []struct {
		name string
		line string
		want []string
	}{
		{"empty", "", nil},
		{"only blanks", " \t\n ", nil},
		{"one word", "prog", []string{"prog"}},
		{"blanks separate", "  a\tb\nc  ", []string{"a", "b", "c"}},
		{"single quotes keep blanks", "sh -c 'sleep 10'", []string{"sh", "-c", "sleep 10"}},
		{"single quotes keep backslash and double quote", `'a\b"c'`, []string{`a\b"c`}},
		{"double quotes keep blanks", `"a b"`, []string{"a b"}},
		{"double quotes keep single quote", `"it's"`, []string{"it's"}},
		{"backslash escapes in double quotes", `"a\"b\\c\$d\` + "`" + `e"`, []string{"a\"b\\c$d`e"}},
		{"backslash stays before other characters in double quotes", `"a\nb\ c"`, []string{`a\nb\ c`}},
		{"backslash newline in double quotes joins", "\"a\\\nb\"", []string{"ab"}},
		{"backslash escapes blank", `a\ b c`, []string{"a b", "c"}},
		{"backslash escapes quotes", `\'\"`, []string{`'"`}},
		{"backslash escapes backslash", `a\\b`, []string{`a\b`}},
		{"backslash newline joins", "a\\\nb", []string{"ab"}},
		{"backslash newline between words", "a \\\n b", []string{"a", "b"}},
		{"adjacent parts form one word", `a'b c'"d e"f`, []string{"ab cd ef"}},
		{"empty single quotes are a word", "a '' b", []string{"a", "", "b"}},
		{"empty double quotes are a word", `""`, []string{""}},
		{"no expansion", `$HOME ~ * | ; > x`, []string{"$HOME", "~", "*", "|", ";", ">", "x"}},
		{"nested quotes in sh -c", `sh -c 'echo "hi there"; exit 3'`, []string{"sh", "-c", `echo "hi there"; exit 3`}},
		{"utf-8 passes through", "é 'ü ß'", []string{"é", "ü ß"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := SplitWords(tt.line)
			if err != nil {
				t.Fatalf("SplitWords(%q) error: %v", tt.line, err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("SplitWords(%q) = %q, want %q", tt.line, got, tt.want)
			}
		})
	}
}

func TestSplitWordsRejectsUnfinishedLines(t *testing.T) {
	for _, line := range []string{
		`'abc`,
		`a 'b c`,
		`"abc`,
		`"a\"`,
		`a\`,
		`"a" \`,
	} {
		if got, err := SplitWords(line); err == nil {
			t.Errorf("SplitWords(%q) = %q, want an error", line, got)
		}
	}
}
