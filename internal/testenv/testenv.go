// Package testenv prepares the environment in which cascade's tests run
// other people's programs.
//
// A version manager (pyenv, nodenv, asdf) puts a shim on PATH in place of
// the interpreter: a shell script that works out the version and then
// starts the real one. Under pyenv a shim run costs about three times
// the interpreter's own start-up, in some thirty processes, and the tests
// start python3 hundreds of times. Direct links each such interpreter
// into a directory of its own, to be put first on PATH, so that a test
// starts the interpreter the shim would have chosen, without the shim.
package testenv

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// askExecutable is, per interpreter, the arguments that make it print
// the path of its own executable.
var askExecutable = map[string][]string{
	"python3": {"-c", "import sys; print(sys.executable)"},
	"node":    {"-p", "process.execPath"},
}

// Direct makes a directory under parent holding, for each interpreter in
// names that PATH reaches through a script (a shim), a link named as it
// is to the executable the interpreter reports as its own, and puts the
// directory first on this process's PATH, which the programs it starts
// inherit. It returns the directory, to be removed when the tests are
// done, or "" when no interpreter needed a link: one not on PATH,
// one that is already an executable, or one it could not ask is left as
// it is, since the shim then still runs it. Only python3 and node are
// known; other names are an error.
func Direct(parent string, names ...string) (string, error) {
	dir := ""
	for _, name := range names {
		args, ok := askExecutable[name]
		if !ok {
			return "", fmt.Errorf("testenv: does not know how to ask %s for its executable", name)
		}
		path, err := exec.LookPath(name)
		if err != nil || !isScript(path) {
			continue
		}
		out, err := exec.Command(path, args...).Output()
		if err != nil {
			continue
		}
		real := strings.TrimSpace(string(out))
		if !filepath.IsAbs(real) || isScript(real) {
			continue
		}
		if dir == "" {
			if dir, err = os.MkdirTemp(parent, "direct-"); err != nil {
				return "", err
			}
		}
		if err := os.Symlink(real, filepath.Join(dir, name)); err != nil {
			return "", err
		}
	}
	if dir != "" {
		os.Setenv("PATH", prependPath(dir, os.Getenv("PATH")))
	}
	return dir, nil
}

// prependPath returns the value of PATH with dir first; path itself when
// dir is "".
func prependPath(dir, path string) string {
	if dir == "" {
		return path
	}
	if path == "" {
		return dir
	}
	return dir + string(os.PathListSeparator) + path
}

// isScript reports whether the file at path starts with "#!".
func isScript(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 2)
	n, _ := f.Read(head)
	return bytes.Equal(head[:n], []byte("#!"))
}
