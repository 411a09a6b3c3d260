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
	goEnv := goEnvOf(t, "GOCACHE", "GOPATH", "GOMODCACHE")
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

// goEnvOf is the go command's value of each variable of names, from go
// env.
func goEnvOf(t *testing.T, names ...string) map[string]string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"env", "-json"}, names...)...).Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	var env map[string]string
	if err := json.Unmarshal(out, &env); err != nil {
		t.Fatalf("go env: %v", err)
	}
	return env
}
