package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
)

// A value is one argument of a fuzz target: its type as written in the
// source ("[]byte" or "string") and its bytes.
type value struct {
	Type string
	Data []byte
}

func (v value) String() string { return fmt.Sprintf("%s(%q)", v.Type, v.Data) }

// corpusHeader opens every file of go test's corpus format.
const corpusHeader = "go test fuzz v1"

// parseCorpusFile reads a file of go test's corpus format: the header
// line, then one value a line written as a Go conversion of a string
// literal, []byte("...") or string("..."). Blank lines are skipped, as go
// test skips them.
func parseCorpusFile(file []byte) ([]value, error) {
	lines := bytes.Split(file, []byte("\n"))
	if string(bytes.TrimSuffix(lines[0], []byte("\r"))) != corpusHeader {
		return nil, fmt.Errorf("line 1: want %q", corpusHeader)
	}
	var vals []value
	for i, line := range lines[1:] {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		v, err := parseCorpusValue(string(line))
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+2, err)
		}
		vals = append(vals, v)
	}
	if len(vals) == 0 {
		return nil, errors.New("no value")
	}
	return vals, nil
}

func parseCorpusValue(line string) (value, error) {
	expr, err := parser.ParseExpr(line)
	if err != nil {
		return value{}, err
	}
	call, ok := expr.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return value{}, fmt.Errorf("%.40s: want []byte(\"...\") or string(\"...\")", line)
	}
	typ := conversionType(call.Fun)
	lit, ok := call.Args[0].(*ast.BasicLit)
	if typ == "" || !ok || lit.Kind != token.STRING {
		return value{}, fmt.Errorf("%.40s: want []byte(\"...\") or string(\"...\")", line)
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		return value{}, fmt.Errorf("%.40s: %w", line, err)
	}
	return value{Type: typ, Data: []byte(s)}, nil
}

// conversionType names the conversion fun: "[]byte", "string", or "" for anything
// else.
func conversionType(fun ast.Expr) string {
	switch f := fun.(type) {
	case *ast.Ident:
		if f.Name == "string" {
			return "string"
		}
	case *ast.ArrayType:
		if elt, ok := f.Elt.(*ast.Ident); ok && f.Len == nil && elt.Name == "byte" {
			return "[]byte"
		}
	}
	return ""
}

// formatCorpusFile writes vals in go test's corpus format, as go test
// itself writes a failing input.
func formatCorpusFile(vals []value) []byte {
	var b bytes.Buffer
	b.WriteString(corpusHeader + "\n")
	for _, v := range vals {
		fmt.Fprintf(&b, "%s(%q)\n", v.Type, v.Data)
	}
	return b.Bytes()
}

// The libFuzzer build hands the fuzz target's f.Fuzz one input of raw
// bytes, and the testing shim of go-118-fuzz-build cuts the values out of
// it with a go-fuzz-headers consumer. For []byte and string each value is
// a 4-byte big-endian length, then that many bytes. encodeInput and
// decodeInput follow the consumer of go-fuzz-headers
// v0.0.0-20230811130428-ced1acdcaa24 (GetBytes, GetString), which go.sum
// pins.

// errNoInput says that an input gives the target no call at all: the
// consumer ran out of bytes, so the shim returns before calling it.
var errNoInput = errors.New("the testing shim makes no call of the target from this input")

// encodeInput writes vals as one libFuzzer input that the shim decodes
// back to vals. Some empty values have no such input: the consumer wants
// at least one byte after the length of the last value, and takes a
// []byte length of 0 for 30, modulo what is left.
func encodeInput(vals []value) ([]byte, error) {
	var b []byte
	typs := make([]string, len(vals))
	for i, v := range vals {
		b = binary.BigEndian.AppendUint32(b, uint32(len(v.Data)))
		b = append(b, v.Data...)
		typs[i] = v.Type
	}
	back, err := decodeInput(b, typs)
	if err != nil || !slices.EqualFunc(back, vals, func(x, y value) bool { return bytes.Equal(x.Data, y.Data) }) {
		return nil, fmt.Errorf("%v: the testing shim cannot be handed this value", vals)
	}
	return b, nil
}

// decodeInput cuts the values of the given types out of a libFuzzer
// input as the shim does, so that a crashing input found by libFuzzer can
// be replayed by go test.
func decodeInput(data []byte, typs []string) ([]value, error) {
	c := consumer{data: data}
	var vals []value
	for _, typ := range typs {
		var (
			b  []byte
			ok bool
		)
		switch typ {
		case "[]byte":
			b, ok = c.bytes()
		case "string":
			b, ok = c.string()
		default:
			return nil, fmt.Errorf("fuzzed value of type %s: only []byte and string are supported", typ)
		}
		if !ok {
			return nil, errNoInput
		}
		vals = append(vals, value{Type: typ, Data: slices.Clone(b)})
	}
	return vals, nil
}

// consumer is the part of go-fuzz-headers' ConsumeFuzzer the shim uses
// for []byte and string, with its arithmetic on uint32 kept.
type consumer struct {
	data []byte
	pos  uint32
}

// maxTotalLen is go-fuzz-headers' MaxTotalLen, the furthest a string may
// start.
const maxTotalLen = 2000000

func (c *consumer) total() uint32 { return uint32(len(c.data)) }

func (c *consumer) uint32() (uint32, bool) {
	if c.pos >= c.total() || c.total()-c.pos < 4 {
		return 0, false
	}
	n := binary.BigEndian.Uint32(c.data[c.pos:])
	c.pos += 4
	return n, true
}

// bytes is GetBytes: a length of 0 stands for 30, and a length other
// than what is left is taken modulo what is left.
func (c *consumer) bytes() ([]byte, bool) {
	n, ok := c.uint32()
	if !ok {
		return nil, false
	}
	if n == 0 {
		n = 30
	}
	left := c.total() - c.pos
	if left == 0 {
		return nil, false
	}
	if n != left {
		n %= left
	}
	begin := c.pos
	c.pos += n
	return c.data[begin:c.pos], true
}

// string is GetString: the length must fit in what is left, and at least
// one byte must be left after it.
func (c *consumer) string() ([]byte, bool) {
	if c.pos >= c.total() {
		return nil, false
	}
	n, ok := c.uint32()
	if !ok || c.pos > maxTotalLen || c.pos >= c.total() {
		return nil, false
	}
	end := c.pos + n
	if end > c.total() || end < c.pos {
		return nil, false
	}
	begin := c.pos
	c.pos = end
	return c.data[begin:end], true
}
