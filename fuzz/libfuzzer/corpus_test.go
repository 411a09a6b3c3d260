package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	shim "github.com/AdamKorcz/go-118-fuzz-build/testing"
)

// shimValues hands input to the testing shim's f.Fuzz with a function of
// the given types and returns what it was called with, or ok false when
// it was not called.
func shimValues(t *testing.T, input []byte, typs []string) (vals []value, ok bool) {
	t.Helper()
	f := &shim.F{Data: input, T: shim.NewT()}
	record := func(args ...any) {
		ok = true
		for i, a := range args {
			switch a := a.(type) {
			case []byte:
				vals = append(vals, value{Type: typs[i], Data: bytes.Clone(a)})
			case string:
				vals = append(vals, value{Type: typs[i], Data: []byte(a)})
			}
		}
	}
	switch strings.Join(typs, ", ") {
	case "[]byte":
		f.Fuzz(func(_ *shim.T, b []byte) { record(b) })
	case "string":
		f.Fuzz(func(_ *shim.T, s string) { record(s) })
	case "string, []byte":
		f.Fuzz(func(_ *shim.T, s string, b []byte) { record(s, b) })
	case "[]byte, string":
		f.Fuzz(func(_ *shim.T, b []byte, s string) { record(b, s) })
	default:
		t.Fatalf("no shim call for %v", typs)
	}
	return vals, ok
}

// randomInput is a libFuzzer input whose length fields are often near
// the bytes that follow them, where the shim's rules have their edges.
func randomInput(r *rand.Rand) []byte {
	var b []byte
	for range r.IntN(3) + 1 {
		switch r.IntN(4) {
		case 0:
			b = binary.BigEndian.AppendUint32(b, r.Uint32())
		case 1:
			b = binary.BigEndian.AppendUint32(b, 0)
		default:
			b = binary.BigEndian.AppendUint32(b, uint32(r.IntN(12)))
		}
		for range r.IntN(12) {
			b = append(b, byte(r.UintN(256)))
		}
	}
	return b[:r.IntN(len(b)+1)]
}

func TestDecodeInputAgreesWithTheShim(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, typs := range [][]string{{"[]byte"}, {"string"}, {"string", "[]byte"}, {"[]byte", "string"}} {
		for range 5000 {
			in := randomInput(r)
			want, called := shimValues(t, in, typs)
			got, err := decodeInput(in, typs)
			switch {
			case !called && !errors.Is(err, errNoInput):
				t.Fatalf("decodeInput(%q, %v) = %v, %v; the shim makes no call", in, typs, got, err)
			case called && err != nil:
				t.Fatalf("decodeInput(%q, %v) = %v; the shim calls with %v", in, typs, err, want)
			case called && !reflect.DeepEqual(got, want):
				t.Fatalf("decodeInput(%q, %v) = %v, want %v as the shim", in, typs, got, want)
			}
		}
	}
}

func TestEncodeInputIsWhatTheShimHandsOver(t *testing.T) {
	for _, vals := range [][]value{
		{{"[]byte", []byte{0}}},
		{{"[]byte", bytes.Repeat([]byte{0xff}, 300)}},
		{{"string", []byte("5 5 2 1\r\n1 1 2 1 1\r\n")}},
		{{"string", []byte("")}, {"[]byte", []byte("x")}},
		{{"[]byte", []byte("abc")}, {"string", []byte("\x00\x00\x00\x00")}},
	} {
		in, err := encodeInput(vals)
		if err != nil {
			t.Fatalf("encodeInput(%v) = %v", vals, err)
		}
		typs := make([]string, len(vals))
		for i, v := range vals {
			typs[i] = v.Type
		}
		if got, ok := shimValues(t, in, typs); !ok || !reflect.DeepEqual(got, vals) {
			t.Errorf("the shim hands %v (called %t) for encodeInput(%v), want the same values", got, ok, vals)
		}
	}
}

func TestEncodeInputRefusesWhatTheShimCannotHandOver(t *testing.T) {
	for _, vals := range [][]value{
		{{"[]byte", nil}},
		{{"string", nil}},
		{{"[]byte", nil}, {"string", []byte("xyz")}},
		{{"[]byte", []byte("ab")}, {"string", nil}},
	} {
		if in, err := encodeInput(vals); err == nil {
			t.Errorf("encodeInput(%v) = %q, want an error", vals, in)
		}
	}
}

// The committed corpus reads and writes back byte for byte, so that what
// import writes is what go test itself would.
func TestCommittedCorpusFormatsBackUnchanged(t *testing.T) {
	files, err := filepath.Glob("../testdata/fuzz/*/*")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files under ../testdata/fuzz: %v", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		vals, err := parseCorpusFile(data)
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		if back := formatCorpusFile(vals); !bytes.Equal(back, data) {
			t.Errorf("%s: formats back as\n%s\nwant\n%s", file, back, data)
		}
	}
}

func TestParseCorpusFileRejects(t *testing.T) {
	for name, file := range map[string]string{
		"no header":       "[]byte(\"x\")\n",
		"other version":   "go test fuzz v2\n[]byte(\"x\")\n",
		"no value":        "go test fuzz v1\n\n",
		"int value":       "go test fuzz v1\nint(3)\n",
		"byte list":       "go test fuzz v1\n[]byte{1, 2}\n",
		"bad quoting":     "go test fuzz v1\nstring(\"\\q\")\n",
		"two arguments":   "go test fuzz v1\nstring(\"a\", \"b\")\n",
		"not a call":      "go test fuzz v1\n\"a\"\n",
		"array of 3 byte": "go test fuzz v1\n[3]byte(\"abc\")\n",
	} {
		if vals, err := parseCorpusFile([]byte(file)); err == nil {
			t.Errorf("%s: parseCorpusFile(%q) = %v, want an error", name, file, vals)
		}
	}
}
