package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/cascade-harness/cascade/conformance"
)

// emit writes the shrunk case of r's divergence to dir as a testscript
// regression (conformance.Regression) and returns its path:
// GAME-VERDICT-CASE-HASH.txtar, or with several programs
// GAME-PROGRAM-VERDICT-CASE-HASH.txtar (Regression.Name). It never
// overwrites a file: when NAME.txtar exists it tries NAME-2.txtar and so
// on.
func emit(dir string, r *gameReport) (string, error) {
	path, err := r.regression().Write(dir)
	if err != nil {
		return "", fmt.Errorf("--emit: %w", err)
	}
	return path, nil
}

// regression is the regression script of r's divergence.
func (r *gameReport) regression() *conformance.Regression {
	reg := &conformance.Regression{Game: r.game, Divergence: r.Divergence, Seed: r.Seed, Rules: r.Rules,
		Impl: r.impl, Protocol: r.protocol, Slug: r.slug}
	if d := r.Divergence; d.Index >= 0 {
		reg.Replay = r.replay(d.Index)
	}
	return reg
}

// shellQuote quotes s for a POSIX shell (and for process.SplitWords,
// which splits --impl).
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// checkEmitDir says why no regression script could be written to dir:
// before the run, so that a divergence found late is not lost. dir must
// be a directory that takes new files, or one that can be made there
// (it is made only when a script is written).
func checkEmitDir(dir string) error {
	for d := dir; ; {
		_, err := os.Stat(d)
		if err == nil {
			return writableDir(d)
		}
		parent := filepath.Dir(d)
		if !errors.Is(err, fs.ErrNotExist) || parent == d {
			return cause(err)
		}
		d = parent
	}
}
