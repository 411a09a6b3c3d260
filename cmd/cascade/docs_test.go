package main

// The command blocks of README.md and docs/*.md are run here, so that what
// the documentation shows is what the commands print.
//
// A command block is a fence of language console:
//
//	```console [files=SRC[:DEST]]... [needs=TOOL]... [slow]
//	$ cascade score --example match3-sample-1
//	11692
//	$ cascade validate bad.in
//	cascade: bad.in: line 4: row has 4 characters, want 5
//	[exit 1]
//	```
//
// Each "$ " line is a command, run by sh in a work directory with cascade
// on PATH, standard error merged into standard output (a command may go on
// over lines ending in a backslash). The lines after it, up to the next
// command, are its output. It must exit 0, or with N when its output ends
// with the line "[exit N]". Output is compared line by line, but:
//
//   - a line "..." stands for any number of lines, and "..." inside a line
//     for any text;
//   - a duration (12.3s, 830ms, 1m2s) matches any duration, and "N
//     cases/s" or "N cells/s" any rate in that unit;
//   - "seed N" matches any seed when the command gives no --seed.
//
// The blocks of one file run in order in one work directory, so a later
// block sees the files an earlier one wrote. files=SRC[:DEST] first copies
// the file SRC of the repository, or the contents of the directory SRC,
// into DEST of the work directory (its root when DEST is absent); SRC may
// be a glob (internal/sample/data/match3-*), each match copied into DEST;
// a go.mod copied so has its relative replace of cascade pointed at the
// repository, so that examples/goengine runs from the work directory.
// needs=TOOL skips the block when
// TOOL is not on PATH (it fails instead under CI, CASCADE_ADAPTER_TESTS
// set); slow skips it under -short.
//
// A block whose commands cannot run here (a network install, the test
// suite itself) names what runs them instead, and shows no output:
//
//	```console covered-by=TestName
//	```console covered-by=.ci/run
//
// covered-by=TestName asserts that a test of that name exists in the
// repository; covered-by=PATH that the file exists and holds each command.
// A command anywhere else (a shell fence, an indented block) fails the
// test: nothing the documentation shows goes unchecked. A markdown fence,
// a page shown inside a page, is left alone.
//
// After changing what a command prints,
//
//	go test ./cmd/cascade -run TestDocs -update
//
// writes each failing command's real output into its block, in full; then
// put back the "..." elisions worth keeping.

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// docFiles are the documents whose command blocks are run, relative to the
// module root.
func docFiles(t *testing.T, root string) []string {
	t.Helper()
	guides, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"README.md"}
	for _, g := range guides {
		rel, err := filepath.Rel(root, g)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, filepath.ToSlash(rel))
	}
	return files
}

// docBlock is one console fence.
type docBlock struct {
	line       int // of the opening fence, 1-based
	body       [2]int
	files      [][2]string // SRC, DEST
	needs      []string
	slow       bool
	coveredBy  string
	commands   []docCommand
	rewritten  []string // the body -update writes, when a command drifted
	rewriteMtx sync.Mutex
}

// docCommand is one "$ " line of a block and the output shown after it.
type docCommand struct {
	line int
	text string // without "$ ", continuation lines joined by newlines
	want []string
	exit int
}

var (
	fenceOpen   = regexp.MustCompile("^(\\s*)(```+|~~~+)\\s*(\\S*)(.*)$")
	commandLike = regexp.MustCompile(`^(?: {4,}|\t)(?:\$ )?(?:cascade|go|make|python3|git|g\+\+|node|java|javac) `)
	exitLine    = regexp.MustCompile(`^\[exit ([0-9]+)\]$`)
)

// parseDoc reads the console blocks of a document and reports, as errors,
// a command shown anywhere else and a block it cannot read.
func parseDoc(name, text string) ([]*docBlock, []error) {
	var (
		blocks []*docBlock
		errs   []error
	)
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		m := fenceOpen.FindStringSubmatch(lines[i])
		if m == nil {
			if commandLike.MatchString(lines[i]) {
				errs = append(errs, fmt.Errorf("%s:%d: a command outside a console block: %q", name, i+1, strings.TrimSpace(lines[i])))
			}
			continue
		}
		fence, lang, info := m[2], m[3], strings.Fields(m[4])
		end := i + 1
		for end < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[end]), fence) {
			end++
		}
		if end == len(lines) {
			errs = append(errs, fmt.Errorf("%s:%d: fence never closed", name, i+1))
			break
		}
		body := lines[i+1 : end]
		switch lang {
		case "console":
			b, err := parseBlock(name, i+1, info, body)
			if err != nil {
				errs = append(errs, err)
			} else {
				b.body = [2]int{i + 1, end}
				blocks = append(blocks, b)
			}
		case "sh", "bash", "shell", "zsh", "shell-session":
			errs = append(errs, fmt.Errorf("%s:%d: a %s fence: write commands in a console fence, which the tests run", name, i+1, lang))
		case "markdown", "md":
			// A page shown inside a page: its fences are an example.
		default:
			for j, l := range body {
				if strings.HasPrefix(l, "$ ") {
					errs = append(errs, fmt.Errorf("%s:%d: a command in a %q fence: write it in a console fence", name, i+2+j, lang))
				}
			}
		}
		i = end
	}
	return blocks, errs
}

// parseBlock reads one console fence opened at line with the given info
// words.
func parseBlock(name string, line int, info, body []string) (*docBlock, error) {
	b := &docBlock{line: line}
	where := fmt.Sprintf("%s:%d", name, line)
	for _, word := range info {
		key, value, _ := strings.Cut(word, "=")
		switch {
		case key == "files" && value != "":
			src, dest, _ := strings.Cut(value, ":")
			if dest == "" {
				dest = "."
			}
			b.files = append(b.files, [2]string{src, dest})
		case key == "needs" && value != "":
			b.needs = append(b.needs, value)
		case key == "covered-by" && value != "":
			b.coveredBy = value
		case word == "slow":
			b.slow = true
		default:
			return nil, fmt.Errorf("%s: console fence: unknown word %q (want files=SRC[:DEST], needs=TOOL, slow or covered-by=NAME)", where, word)
		}
	}
	for j := 0; j < len(body); j++ {
		l := strings.TrimRight(body[j], " \t")
		if cmd, ok := strings.CutPrefix(l, "$ "); ok {
			c := docCommand{line: line + 1 + j, text: cmd}
			for strings.HasSuffix(c.text, "\\") && j+1 < len(body) {
				j++
				c.text += "\n" + strings.TrimRight(body[j], " \t")
			}
			b.commands = append(b.commands, c)
			continue
		}
		if len(b.commands) == 0 {
			return nil, fmt.Errorf("%s: line %d: output before the first \"$ \" command", where, line+1+j)
		}
		c := &b.commands[len(b.commands)-1]
		c.want = append(c.want, l)
	}
	if len(b.commands) == 0 {
		return nil, fmt.Errorf("%s: console fence with no \"$ \" command", where)
	}
	for i := range b.commands {
		c := &b.commands[i]
		if n := len(c.want); n > 0 {
			if m := exitLine.FindStringSubmatch(c.want[n-1]); m != nil {
				c.exit, _ = strconv.Atoi(m[1])
				c.want = c.want[:n-1]
			}
		}
		if b.coveredBy != "" && (len(c.want) > 0 || c.exit != 0) {
			return nil, fmt.Errorf("%s: line %d: a covered-by block shows no output, since nothing here checks it", where, c.line)
		}
	}
	return b, nil
}

var (
	durationText = regexp.MustCompile(`\b(?:[0-9]+(?:\.[0-9]+)?(?:ns|µs|us|ms|s|m|h))+\b`)
	rateText     = regexp.MustCompile(`\b[0-9]+ (?:cases|cells)/s\b`)
	seedText     = regexp.MustCompile(`\bseed [0-9]+\b`)
	seedFlag     = regexp.MustCompile(`--seed[ =]`)
)

// linePattern is the regular expression a shown output line stands for.
func linePattern(want string, looseSeed bool) *regexp.Regexp {
	type span struct {
		at, end int
		re      string
	}
	var spans []span
	add := func(re *regexp.Regexp, pattern string) {
		for _, loc := range re.FindAllStringIndex(want, -1) {
			spans = append(spans, span{loc[0], loc[1], pattern})
		}
	}
	add(regexp.MustCompile(`\.\.\.`), `.*`)
	add(durationText, `(?:[0-9]+(?:\.[0-9]+)?(?:ns|µs|us|ms|s|m|h))+`)
	for _, loc := range rateText.FindAllStringIndex(want, -1) {
		// Any rate, in the unit shown.
		unit := want[strings.LastIndexByte(want[loc[0]:loc[1]], ' ')+loc[0] : loc[1]]
		spans = append(spans, span{loc[0], loc[1], `[0-9]+` + regexp.QuoteMeta(unit)})
	}
	if looseSeed {
		add(seedText, `seed [0-9]+`)
	}
	slices.SortFunc(spans, func(a, b span) int { return a.at - b.at })
	var re strings.Builder
	re.WriteString("^")
	at := 0
	for _, s := range spans {
		if s.at < at {
			continue // inside a span already taken
		}
		re.WriteString(regexp.QuoteMeta(want[at:s.at]))
		re.WriteString(s.re)
		at = s.end
	}
	re.WriteString(regexp.QuoteMeta(want[at:]))
	re.WriteString("$")
	return regexp.MustCompile(re.String())
}

// outputMatches says whether got, the lines a command printed, is what
// want shows.
func outputMatches(want, got []string, looseSeed bool) bool {
	patterns := make([]*regexp.Regexp, len(want))
	for i, w := range want {
		if w != "..." {
			patterns[i] = linePattern(w, looseSeed)
		}
	}
	// seen[i][j]: want[i:] was tried against got[j:] and failed.
	seen := make(map[[2]int]bool)
	var match func(i, j int) bool
	match = func(i, j int) bool {
		if i == len(want) {
			return j == len(got)
		}
		if seen[[2]int{i, j}] {
			return false
		}
		ok := false
		if patterns[i] == nil {
			for k := j; k <= len(got) && !ok; k++ {
				ok = match(i+1, k)
			}
		} else {
			ok = j < len(got) && patterns[i].MatchString(got[j]) && match(i+1, j+1)
		}
		if !ok {
			seen[[2]int{i, j}] = true
		}
		return ok
	}
	return match(0, 0)
}

// outputLines cuts a command's output into lines, trailing blanks gone as
// a document's editor would strip them.
func outputLines(out string) []string {
	out = strings.TrimSuffix(out, "\n")
	if out == "" {
		return nil
	}
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return lines
}

// TestDocsCommandsPrintWhatTheyShow runs every console block of README.md
// and docs/*.md and compares what each command prints with what the
// document shows.
func TestDocsCommandsPrintWhatTheyShow(t *testing.T) {
	// Its commands mostly wait on the programs they run: it overlaps the
	// package's other parallel tests.
	t.Parallel()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	run := 0
	for _, name := range docFiles(t, root) {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		blocks, errs := parseDoc(name, string(data))
		for _, err := range errs {
			t.Error(err)
		}
		var runnable []*docBlock
		for _, b := range blocks {
			if b.coveredBy != "" {
				checkCovered(t, root, name, b)
			} else {
				runnable = append(runnable, b)
			}
		}
		run += len(runnable)
		if len(runnable) > 0 {
			runDocBlocks(t, root, name, string(data), runnable)
		}
	}
	if run == 0 {
		t.Fatal("no console block to run in README.md or docs/*.md")
	}
}

// checkCovered checks that what a covered-by block names runs its
// commands.
func checkCovered(t *testing.T, root, name string, b *docBlock) {
	t.Helper()
	if strings.HasPrefix(b.coveredBy, "Test") && !strings.ContainsAny(b.coveredBy, "/.") {
		if !testExists(t, root, b.coveredBy) {
			t.Errorf("%s:%d: covered-by=%s: no test of that name in the repository", name, b.line, b.coveredBy)
		}
		return
	}
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(b.coveredBy)))
	if err != nil {
		t.Errorf("%s:%d: covered-by=%s: %v", name, b.line, b.coveredBy, err)
		return
	}
	for _, c := range b.commands {
		cmd, _, _ := strings.Cut(c.text, " #")
		if !strings.Contains(string(data), strings.TrimSpace(cmd)) {
			t.Errorf("%s:%d: covered-by=%s: the file does not run %q", name, c.line, b.coveredBy, cmd)
		}
	}
}

// testExists says whether a function "func NAME(" of a _test.go file under
// root exists.
func testExists(t *testing.T, root, name string) bool {
	t.Helper()
	found := false
	decl := []byte("func " + name + "(")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "build") {
			return filepath.SkipDir
		}
		if found || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		found = slices.ContainsFunc(strings.Split(string(data), "\n"), func(l string) bool {
			return strings.HasPrefix(l, string(decl))
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// runDocBlocks runs the blocks of one document, in order, as one script.
func runDocBlocks(t *testing.T, root, name, text string, blocks []*docBlock) {
	dir := t.TempDir()
	var script strings.Builder
	fmt.Fprintf(&script, "# The console blocks of %s, in order.\n", name)
	for i, b := range blocks {
		fmt.Fprintf(&script, "docblock %d # %s:%d\n", i, name, b.line)
	}
	file := filepath.Join(dir, strings.ReplaceAll(strings.TrimSuffix(name, ".md"), "/", "-")+".txtar")
	if err := os.WriteFile(file, []byte(script.String()), 0o666); err != nil {
		t.Fatal(err)
	}
	if *update {
		t.Cleanup(func() { rewriteDoc(t, root, name, text, blocks) })
	}
	testscript.Run(t, testscript.Params{
		Files: []string{file},
		Setup: setupEnv,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"docblock": func(ts *testscript.TestScript, neg bool, args []string) {
				i, err := strconv.Atoi(args[0])
				if neg || len(args) != 1 || err != nil || i < 0 || i >= len(blocks) {
					ts.Fatalf("usage: docblock N")
				}
				runDocBlock(ts, root, name, blocks[i])
			},
		},
	})
}

// runDocBlock runs one block's commands in the script's work directory.
func runDocBlock(ts *testscript.TestScript, root, name string, b *docBlock) {
	for _, tool := range b.needs {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CASCADE_ADAPTER_TESTS") != "" {
				ts.Fatalf("%s:%d needs %s, which is not on PATH", name, b.line, tool)
			}
			ts.Logf("%s:%d skipped: needs %s, which is not on PATH", name, b.line, tool)
			return
		}
	}
	if b.slow && testing.Short() {
		ts.Logf("%s:%d skipped: slow, and -short", name, b.line)
		return
	}
	for _, f := range b.files {
		srcs, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(f[0])))
		ts.Check(err)
		if len(srcs) == 0 {
			ts.Fatalf("%s:%d: files=%s: no such file in the repository", name, b.line, f[0])
		}
		for _, src := range srcs {
			copyInto(ts, src, ts.MkAbs(f[1]), len(srcs) > 1 || strings.ContainsAny(f[0], "*?["))
		}
	}
	drifted := false
	body := []string{}
	for _, c := range b.commands {
		err := ts.Exec("sh", "-c", "exec 2>&1\n"+c.text)
		code := 0
		if err != nil {
			exit, ok := err.(*exec.ExitError)
			if !ok {
				ts.Fatalf("%s:%d: %v", name, c.line, err)
			}
			code = exit.ExitCode()
		}
		got := outputLines(ts.ReadFile("stdout"))
		ok := code == c.exit && outputMatches(c.want, got, !seedFlag.MatchString(c.text))
		body = append(body, "$ "+c.text)
		if ok {
			body = append(body, c.want...)
			if c.exit != 0 {
				body = append(body, fmt.Sprintf("[exit %d]", c.exit))
			}
			continue
		}
		drifted = true
		body = append(body, got...)
		if code != 0 {
			body = append(body, fmt.Sprintf("[exit %d]", code))
		}
		if !*update {
			want := slices.Clone(c.want)
			if c.exit != 0 {
				want = append(want, fmt.Sprintf("[exit %d]", c.exit))
			}
			if code != 0 {
				got = append(got, fmt.Sprintf("[exit %d]", code))
			}
			ts.Fatalf("%s:%d: $ %s\nshown:\n%s\nprinted:\n%s\n(go test ./cmd/cascade -run TestDocs -update writes what it printed into the document)",
				name, c.line, c.text, indent(want), indent(got))
		}
	}
	if drifted {
		b.rewriteMtx.Lock()
		b.rewritten = body
		b.rewriteMtx.Unlock()
	}
}

func indent(lines []string) string {
	var s strings.Builder
	for _, l := range lines {
		s.WriteString("    " + l + "\n")
	}
	return s.String()
}

// copyInto copies the file src into the directory dest, or the contents
// of the directory src; with glob, a directory src goes into dest whole.
func copyInto(ts *testscript.TestScript, src, dest string, glob bool) {
	info, err := os.Stat(src)
	ts.Check(err)
	if info.IsDir() && glob {
		dest = filepath.Join(dest, filepath.Base(src))
	}
	if !info.IsDir() {
		ts.Check(os.MkdirAll(dest, 0o777))
		data, err := os.ReadFile(src)
		ts.Check(err)
		ts.Check(os.WriteFile(filepath.Join(dest, filepath.Base(src)), data, info.Mode().Perm()))
		return
	}
	ts.Check(filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		to := filepath.Join(dest, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o777)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if d.Name() == "go.mod" {
			data = replaceCascade(data, filepath.Dir(path))
		}
		return os.WriteFile(to, data, info.Mode().Perm())
	}))
}

// replaceCascade points a copied go.mod's replace of cascade by a relative
// path (examples/goengine's "=> ../..") at the repository it pointed to,
// so that a module of the repository runs as it stands from a work
// directory, and what it writes (a fuzzer's failing inputs) stays there.
func replaceCascade(gomod []byte, dir string) []byte {
	lines := strings.Split(string(gomod), "\n")
	for i, l := range lines {
		left, path, ok := strings.Cut(l, "=>")
		path = strings.TrimSpace(path)
		if !ok || !strings.Contains(left, "github.com/cascade-harness/cascade") || !strings.HasPrefix(path, ".") {
			continue
		}
		lines[i] = left + "=> " + filepath.Join(dir, path)
	}
	return []byte(strings.Join(lines, "\n"))
}

// rewriteDoc writes the real output of the commands that drifted into
// their blocks.
func rewriteDoc(t *testing.T, root, name, text string, blocks []*docBlock) {
	lines := strings.Split(text, "\n")
	var out []string
	at := 0
	changed := false
	for _, b := range blocks {
		if b.rewritten == nil {
			continue
		}
		out = append(out, lines[at:b.body[0]]...)
		out = append(out, b.rewritten...)
		at = b.body[1]
		changed = true
	}
	if !changed {
		return
	}
	out = append(out, lines[at:]...)
	if err := os.WriteFile(filepath.Join(root, name), []byte(strings.Join(out, "\n")), 0o666); err != nil {
		t.Error(err)
	}
	t.Logf("%s: rewrote the output of the commands that drifted", name)
}
