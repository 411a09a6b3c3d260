package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestStartupInitialisesNothingOfCascades builds the command and runs it
// under GODEBUG=inittrace=1, which reports the work each package's
// initialisation does: no package of cascade's may allocate then (what a
// command needs is made when first used), and none of the packages whose
// initialisation is known to be costly and that cascade does without may
// be linked at all. The numbers are counts, not times, so the test is as
// steady as the build.
func TestStartupInitialisesNothingOfCascades(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := builtCascade(t)
	in := filepath.Join(t.TempDir(), "case.in")
	ex, _ := example("match3-sample-1")
	if err := os.WriteFile(in, ex, 0o666); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "score", in)
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if out, err := cmd.Output(); err != nil || strings.TrimSpace(string(out)) != "11692" {
		t.Fatalf("cascade score: %q, %v\n%s", out, err, stderr.String())
	}
	banned := map[string]bool{"html/template": true, "text/template": true, "net/url": true, "regexp": true}
	seen := 0
	trace := stderr.String()
	sc := bufio.NewScanner(strings.NewReader(trace))
	for sc.Scan() {
		// init PKG @T ms, C ms clock, B bytes, N allocs
		f := strings.Fields(sc.Text())
		if len(f) != 11 || f[0] != "init" {
			continue
		}
		seen++
		pkg, bytes, allocs := f[1], f[7], f[9]
		if banned[pkg] {
			t.Errorf("%s is linked and initialised at start-up", pkg)
		}
		if (pkg == "main" || strings.HasPrefix(pkg, "github.com/cascade-harness/cascade/")) && (bytes != "0" || allocs != "0") {
			t.Errorf("initialising %s allocates %s bytes in %s allocations", pkg, bytes, allocs)
		}
	}
	if seen < 10 {
		t.Fatalf("inittrace reported %d packages, want the runtime's and os's at least:\n%q", seen, trace)
	}
}
