package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/replay"
)

// writePage writes the replay page of r to the file path, or to stdout
// when path is "-".
func writePage(path string, stdout io.Writer, r *replay.Replay) error {
	if r == nil {
		return errors.New("the game has no replay page")
	}
	if err := replay.FitsSteps(r.Steps); err != nil {
		return err
	}
	if path == "-" {
		w := bufio.NewWriter(stdout)
		if err := replay.Write(w, r); err != nil {
			return err
		}
		return w.Flush()
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	return writePageTo(f, r)
}

// writePageTo writes the replay page of r to f and closes it.
func writePageTo(f *os.File, r *replay.Replay) error {
	w := bufio.NewWriter(f)
	err := replay.Write(w, r)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// emitPage writes the replay page of r's divergence beside its
// regression script, NAME.html for NAME.txtar, never over an existing
// file, and returns its path: "" when the shrunk case has no page.
func emitPage(script string, r *gameReport) (string, error) {
	page, err := divergencePage(r)
	if err != nil {
		return "", fmt.Errorf("--emit: %w", err)
	}
	if page == nil {
		return "", nil
	}
	path := strings.TrimSuffix(script, ".txtar") + ".html"
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err == nil {
		err = writePageTo(f, page)
	}
	if err != nil {
		return "", fmt.Errorf("--emit: %w", err)
	}
	return path, nil
}

// divergencePage is the replay of the shrunk case of r's divergence, with
// the first diverging step marked and the program's answers beside the
// reference's; nil when the shrunk case cannot be replayed, an error
// when its board is too big for a page.
func divergencePage(r *gameReport) (*replay.Replay, error) {
	d := r.Divergence
	if d == nil || r.shrunk == nil {
		return nil, nil
	}
	if err := replay.FitsSteps(r.shrunk.Steps()); err != nil {
		return nil, err
	}
	page, err := r.shrunk.Replay()
	if page == nil || err != nil {
		return nil, err
	}
	steps := r.game.Step()
	div := &replay.Divergence{
		Step:     d.Op,
		Headline: fmt.Sprintf("%v on %s, shrunk", d.Found.Verdict, d.Source),
		Program:  r.impl,
	}
	if d.NotReproduced {
		div.Step = -1
		div.Headline += "; the divergence did not reproduce when run again"
	}
	if d.Op >= 0 && !d.NotReproduced {
		what := fmt.Sprintf("the case cut after %s %d (the program run again on it)", steps, d.Op)
		if d.Op == 0 {
			what = fmt.Sprintf("the case without %ss (the program run again on it)", steps)
		}
		div.Answers = append(div.Answers, replay.Answer{What: what, Program: answer(d.AtOp), Reference: strconv.FormatInt(d.AtOp.Want, 10)})
	}
	div.Answers = append(div.Answers, replay.Answer{What: "the whole shrunk case", Program: answer(d.Shrunk), Reference: strconv.FormatInt(d.Shrunk.Want, 10)})
	page.Divergence = div
	return page, nil
}

// answer is what the program answered in a check: its total, or its
// verdict and why.
func answer(res conformance.Result) string {
	switch {
	case res.Verdict == conformance.WrongAnswer && !res.Traced, res.Verdict == conformance.Accepted:
		return strconv.FormatInt(res.Got, 10)
	case res.Diff != "":
		return fmt.Sprintf("%v: %s", res.Verdict, res.Diff)
	case res.Status != "":
		return fmt.Sprintf("%v: %s", res.Verdict, res.Status)
	}
	return res.Verdict.String()
}
