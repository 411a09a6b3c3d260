package conformance

import (
	"bytes"
	"strings"
)

// A crash signature tells one crash of a program from another when both
// end the same way (exit status 1, say): the last line of its standard
// error that names an error, with its numbers and addresses blurred, as
// rapid tells failures apart by their traceback. It is that line for
//
//	Python   IndexError: list index out of range
//	Java     Exception in thread "main" java.lang.ArrayIndexOutOfBoundsException: ...
//	C++      solve: solve.cpp:#: int main(): Assertion `x < n' failed.
//	         SUMMARY: AddressSanitizer: heap-buffer-overflow solve.cpp:# in main
//	         SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior solve.cpp:#:# in
//	Go       panic: runtime error: index out of range [#] with length #
//	Node     TypeError: Cannot read properties of undefined (reading 'x')
//
// A sanitizer's summary and a Go panic's first line are the signature
// wherever they are in standard error, and a Java exception's first
// line when its frames follow; the process package keeps such a line
// however much follows it (StderrTail).
//
// A shrink keeps a crash's signature, so that a case found with one
// crash does not shrink into a case that shows another; with no such
// line the exit status or the signal tells crashes apart, as before.

// errorWords are the words, in lower case, of a line that names an
// error: an exception's type, a failed assertion, a panic, a sanitizer's
// report, an abort.
var errorWords = []string{"error", "exception", "assert", "panic", "fatal", "abort", "terminate", "segmentation fault", "sanitizer"}

// crashSignature is the signature of a crash whose standard error ends
// with stderr, "" when no line of it names an error. A report whose head
// the kept standard error holds (the process package keeps it before
// the tail when the rest pushed it out) is known by that line: a
// sanitizer's SUMMARY line, then a Go panic's first line; the last line
// that names an error is for the others, and a Java exception's first
// line for a trace whose tail holds only frames.
func crashSignature(stderr []byte) string {
	lines := bytes.Split(bytes.TrimRight(stderr, "\r\n"), []byte("\n"))
	for _, head := range []func(string) bool{
		func(l string) bool { return strings.HasPrefix(l, "SUMMARY: ") && strings.Contains(l, "Sanitizer") },
		func(l string) bool { return strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") },
	} {
		for _, line := range lines {
			if l := strings.TrimSpace(string(line)); head(l) {
				return blur(l)
			}
		}
	}
	if sig := lastErrorLine(lines); sig != "" {
		return sig
	}
	for _, line := range lines {
		if l := strings.TrimSpace(string(line)); strings.HasPrefix(l, "Exception in thread ") {
			return blur(l)
		}
	}
	return ""
}

// lastErrorLine is the last line that names an error, blurred, "" if
// none.
func lastErrorLine(lines [][]byte) string {
	for i := len(lines) - 1; i >= 0; i-- {
		line := strings.TrimSpace(string(lines[i]))
		if strings.HasPrefix(line, "at ") || strings.HasPrefix(line, "File \"") || strings.HasSuffix(line, "==ABORTING") {
			// A stack frame (Java, Node; Python) may name a function
			// or a file that holds such a word, and a sanitizer ends
			// every report alike; neither names the error.
			continue
		}
		lower := strings.ToLower(line)
		for _, w := range errorWords {
			if strings.Contains(lower, w) {
				return blur(line)
			}
		}
	}
	return ""
}

// blur replaces each run of digits in s by '#', and each hexadecimal
// address (0x...) by "0x#": an index, a line number, a pid or an address
// changes from case to case while the crash stays the same.
func blur(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '0' && i+1 < len(s) && (s[i+1] == 'x' || s[i+1] == 'X'):
			j := i + 2
			for j < len(s) && isHex(s[j]) {
				j++
			}
			b.WriteString("0x#")
			i = j
		case c >= '0' && c <= '9':
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			b.WriteByte('#')
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// signatureOf is the signature of res, a runtime error: its crash's
// (Result.Signature), or, without one, how it ended, the numbers of a
// panic's message blurred.
func signatureOf(res Result) string {
	if res.Signature != "" {
		return res.Signature
	}
	if strings.HasPrefix(res.Status, "panic: ") {
		return blur(res.Status)
	}
	return res.Status
}
