package enginetest

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestOutsideModule runs testdata/outside/*.txtar: a module outside the
// tree that depends on cascade through a replace of its path alone, as
// a user's module does before the path is published.
func TestOutsideModule(t *testing.T) {
	out, err := exec.Command("go", "env", "-json", "GOCACHE", "GOPATH", "GOMODCACHE").Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	var goEnv map[string]string
	if err := json.Unmarshal(out, &goEnv); err != nil {
		t.Fatalf("go env: %v", err)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: filepath.Join("testdata", "outside"),
		Setup: func(env *testscript.Env) error {
			// testscript gives a script a HOME of its own: the go
			// command's caches are named. The network is off, so the
			// checksum database is too: go.sum is written from the
			// module cache, which checked each module when it came in.
			for k, v := range goEnv {
				env.Setenv(k, v)
			}
			env.Setenv("GOPROXY", "off")
			env.Setenv("GOSUMDB", "off")
			env.Setenv("GOFLAGS", "-mod=mod")
			env.Setenv("GOTOOLCHAIN", "local")
			env.Setenv("CASCADE_ROOT", root)
			return nil
		},
	})
}
