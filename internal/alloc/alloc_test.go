package alloc

import "testing"

var sink []byte

func TestBytesCountsWhatTheCallAllocates(t *testing.T) {
	const n = 8 << 20
	if got := Bytes(func() { sink = make([]byte, n) }); got < n {
		t.Errorf("Bytes of an %d-byte allocation = %d, want at least %d", n, got, n)
	}
	if got := Bytes(func() {}); got >= Bound(0) {
		t.Errorf("Bytes of nothing = %d, want under Bound(0) = %d", got, Bound(0))
	}
}
