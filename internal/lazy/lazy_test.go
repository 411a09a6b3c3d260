package lazy

import (
	"sync"
	"sync/atomic"
	"testing"
)

func TestGetMakesTheValueOnceForEveryCaller(t *testing.T) {
	var made atomic.Int32
	v := &Value[[]int]{Make: func() []int { made.Add(1); return []int{1, 2, 3} }}
	if made.Load() != 0 {
		t.Fatal("declaring a Value made it")
	}
	var wg sync.WaitGroup
	got := make([][]int, 8)
	for i := range got {
		wg.Go(func() { got[i] = v.Get() })
	}
	wg.Wait()
	if n := made.Load(); n != 1 {
		t.Errorf("Make ran %d times, want 1", n)
	}
	for i, g := range got {
		if len(g) != 3 || &g[0] != &got[0][0] {
			t.Errorf("caller %d got %v, not the one value", i, g)
		}
	}
}
