package browsertest

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// The browser tests open replay pages in headless Chromium, driven with
// chromedp through the DevTools protocol, and use them as a person
// would: the controls, the keys, what the page shows.

var screenshot = flag.String("screenshot", "", "TestBrowserMatch3Sample writes a screenshot of the page, at operation 2's first round, to this PNG file (docs/replay.png)")

// chromium is the path of Chromium. Without one the test is skipped,
// saying how to install it, except under CI (CI or
// CASCADE_BROWSER_TESTS set, as .ci/run sets it), where it fails: CI
// must run the browser tests.
func chromium(t *testing.T) string {
	for _, name := range []string{os.Getenv("CASCADE_CHROMIUM"), "chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if name == "" {
			continue
		}
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	msg := "no Chromium found (chromium, chromium-browser, google-chrome or $CASCADE_CHROMIUM): install it, on Debian with apt-get install chromium, to run the browser tests"
	if os.Getenv("CI") != "" || os.Getenv("CASCADE_BROWSER_TESTS") != "" {
		t.Fatal(msg + "; under CI they must run (.ci/run installs it)")
	}
	t.Skip(msg)
	return ""
}

// browser starts headless Chromium for t and returns the context its
// actions run in. Chromium gets no network: the flags keep it from
// reaching out, which a closed network refuses anyway, and a page that
// needed the network would show it.
func browser(t *testing.T) context.Context {
	exe := chromium(t)
	actx, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1400, 1000),
	)
	t.Cleanup(cancel)
	ctx, cancelTab := chromedp.NewContext(actx)
	t.Cleanup(cancelTab)
	ctx, cancelTime := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(cancelTime)
	return ctx
}

// open loads the page at path and waits until its script has drawn it.
func open(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate("file://"+filepath.ToSlash(abs)),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"]`)),
	); err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
}

// cascadeBin is the cascade command of the tree, built once by
// TestMain.
var cascadeBin string

// TestMain builds the cascade command of the tree (the replace of
// go.mod), which the tests run as a user would.
func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "browsertest")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	cascadeBin = filepath.Join(dir, "cascade")
	// cascade check runs the programs it checks, cascade score among
	// them, from PATH.
	os.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	build := exec.Command("go", "build", "-o", cascadeBin, "github.com/cascade-harness/cascade/cmd/cascade")
	build.Stderr = os.Stderr
	code := 1
	if err := build.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "go build of cascade: %v\n", err)
	} else {
		code = m.Run()
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// cascade runs the cascade command with args and returns its standard
// output; status is the exit status it must end with.
func cascade(t *testing.T, status int, args ...string) []byte {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(cascadeBin, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code != status {
		t.Fatalf("cascade %s: exit %d (%v), want %d\n%s%s", strings.Join(args, " "), code, err, status, stdout.Bytes(), stderr.Bytes())
	}
	return stdout.Bytes()
}

// tracePage writes the replay page of the built-in case name with
// cascade trace --html, as a user would, and returns its path.
func tracePage(t *testing.T, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name+".html")
	cascade(t, 0, "trace", "--html", path, "--example", name)
	return path
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// click clicks the control with id.
func click(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#"+id))); err != nil {
		t.Fatalf("click #%s: %v", id, err)
	}
}

// key presses a key.
func key(t *testing.T, ctx context.Context, k string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
		t.Fatalf("key %q: %v", k, err)
	}
}

// step is the move or operation the page shows.
func step(t *testing.T, ctx context.Context) int {
	t.Helper()
	return eval[int](t, ctx, `Number(document.body.dataset.step)`)
}

// score reads the score with id from the scoreboard.
func score(t *testing.T, ctx context.Context, id string) int64 {
	t.Helper()
	text := eval[string](t, ctx, `document.getElementById('score-`+id+`').textContent`)
	v, err := strconv.ParseInt(strings.TrimSpace(text), 10, 64)
	if err != nil {
		t.Fatalf("score-%s shows %q, not a number", id, text)
	}
	return v
}

// marked lists the cells of the board that carry mark id, by index.
func marked(t *testing.T, ctx context.Context, id string) []int {
	t.Helper()
	cells := eval[[]int](t, ctx, `[...document.querySelectorAll('#board .cell.m-`+id+`')].map(e => Number(e.dataset.i))`)
	slices.Sort(cells)
	return cells
}

// toEndOfStep steps on with the next-step button until the page leaves
// step s, then back one: the last frame of s, where its scores are
// complete. It returns the frames of s it saw, each as the cells it
// marked with mark id.
func toEndOfStep(t *testing.T, ctx context.Context, s int, id string) [][]int {
	t.Helper()
	var seen [][]int
	for n := 0; step(t, ctx) == s; n++ {
		if n > 100 {
			t.Fatalf("step %d: still on it after 100 frames", s)
		}
		seen = append(seen, marked(t, ctx, id))
		last := eval[bool](t, ctx, `document.getElementById('slider').value === document.getElementById('slider').max`)
		if last {
			return seen
		}
		click(t, ctx, "step-next")
	}
	click(t, ctx, "step-prev")
	if got := step(t, ctx); got != s {
		t.Fatalf("previous step went to step %d, want %d", got, s)
	}
	return seen
}

// TestBrowserMatch3Sample opens the replay page of the statement's first
// match-3 sample and plays it through with the page's controls: after
// each operation it shows the operation's score and the running sum the
// statement gives (315 102 12 6 47, running 315 417 429 435 482), the
// cells operation 2 marks as line cells in its first round are the
// reference's, the last step shows the total 11692, and the board is
// drawn.
func TestBrowserMatch3Sample(t *testing.T) {
	ctx := browser(t)
	page := tracePage(t, "match3-sample-1")
	open(t, ctx, page)

	in := cascade(t, 0, "gen", "--example", "match3-sample-1")
	c, err := match3.Parse(bytes.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	ref := reference.PlayMatch3(c)
	var wantLine []int
	for _, cl := range ref.Detail[1].Rounds[0].Line {
		wantLine = append(wantLine, (cl.X-1)*c.Cols+cl.Y-1)
	}
	slices.Sort(wantLine)

	want := []struct{ score, running int64 }{{315, 315}, {102, 417}, {12, 429}, {6, 435}, {47, 482}}
	for i, w := range want {
		op := i + 1
		click(t, ctx, "op-next")
		if got := step(t, ctx); got != op {
			t.Fatalf("after next operation: the page shows operation %d, want %d", got, op)
		}
		frames := toEndOfStep(t, ctx, op, "line")
		if got := score(t, ctx, "step"); got != w.score {
			t.Errorf("operation %d: the page shows score %d, want %d", op, got, w.score)
		}
		if got := score(t, ctx, "running"); got != w.running {
			t.Errorf("operation %d: the page shows running %d, want %d", op, got, w.running)
		}
		if op == 2 {
			// The first frame that marks line cells is the first round.
			var first []int
			for _, f := range frames {
				if len(f) > 0 {
					first = f
					break
				}
			}
			if !slices.Equal(first, wantLine) {
				t.Errorf("operation 2, round 1: the page marks line cells %v, the reference's are %v", first, wantLine)
			}
		}
	}
	key(t, ctx, kb.End)
	if got := step(t, ctx); got != len(want)+1 {
		t.Errorf("End: the page shows step %d, want the end (%d)", got, len(want)+1)
	}
	if got := score(t, ctx, "total"); got != 11692 {
		t.Errorf("the end: the page shows total %d, want 11692", got)
	}

	// The board at operation 2's first round: pieces of five colours,
	// marked cells, empty cells; count the colours drawn.
	key(t, ctx, kb.Home)
	click(t, ctx, "op-next")
	click(t, ctx, "op-next")
	for len(marked(t, ctx, "line")) == 0 {
		click(t, ctx, "step-next")
	}
	shot, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS("#board")))
	if err != nil {
		t.Fatal(err)
	}
	if n := colours(t, shot); n < 8 {
		t.Errorf("the board's screenshot holds %d colours; a drawn board holds many more", n)
	}
	if *screenshot != "" {
		full, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS("body")))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*screenshot, full, 0o666); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s", *screenshot)
	}
}

// colours counts the distinct colours of a PNG image.
func colours(t *testing.T, data []byte) int {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[[4]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			seen[[4]uint32{r, g, bl, a}] = true
		}
	}
	return len(seen)
}

// TestBrowserSameGameExample opens the replay page of the statement's
// SameGame example: with the keys, each move shows its points (1 1 21 1
// 3 1 1 3 1 1 10 10) and marks a group of as many cubes as the reference
// removes, and the end shows the total 54.
func TestBrowserSameGameExample(t *testing.T) {
	ctx := browser(t)
	open(t, ctx, tracePage(t, "samegame-example"))

	in := cascade(t, 0, "gen", "--example", "samegame-example")
	c, err := samegame.Parse(bytes.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	ref := reference.PlaySameGame(c)
	var total int64
	for i, m := range ref.Moves {
		key(t, ctx, kb.ArrowDown)
		if got := step(t, ctx); got != i+1 {
			t.Fatalf("after the next-move key: the page shows move %d, want %d", got, i+1)
		}
		total += m.Points
		if got := score(t, ctx, "step"); got != m.Points {
			t.Errorf("move %d: the page shows %d points, want %d", i+1, got, m.Points)
		}
		if got := score(t, ctx, "total"); got != total {
			t.Errorf("move %d: the page shows total %d, want %d", i+1, got, total)
		}
		if got := len(marked(t, ctx, "group")); got != m.Removed {
			t.Errorf("move %d: the page marks a group of %d cubes, the reference removes %d", i+1, got, m.Removed)
		}
	}
	key(t, ctx, kb.End)
	if got := score(t, ctx, "total"); got != 54 {
		t.Errorf("the end: the page shows total %d, want 54", got)
	}
	// Back with the keys: the first move again.
	key(t, ctx, kb.Home)
	key(t, ctx, kb.ArrowRight)
	if got := step(t, ctx); got != 1 {
		t.Errorf("Home then the next-step key: the page shows move %d, want 1", got)
	}
}

// TestBrowserDivergencePage checks a program that never closes an
// emptied column (cascade's planted variant of it), as cascade check
// does, and opens the replay page that --emit writes of its divergence:
// it marks the first diverging move, the first after a column empties,
// and shows the program's answer beside the reference's.
func TestBrowserDivergencePage(t *testing.T) {
	ctx := browser(t)
	dir := t.TempDir()
	report := filepath.Join(dir, "report.json")
	cascade(t, 1, "check", "--game", "samegame", "--impl", "cascade score --game samegame --engine planted:empty-columns-not-closed",
		"--seed", "1", "--count", "0", "--jobs", "1", "--emit", dir, "--json", report)
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Games []struct {
			Divergence *struct {
				Op      int    `json:"first_op"`
				AtOp    string `json:"at_op"`
				Emitted string `json:"emitted"`
			} `json:"divergence"`
		} `json:"games"`
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Games) != 1 || rep.Games[0].Divergence == nil || rep.Games[0].Divergence.Op < 1 {
		t.Fatalf("check found no divergence with a first diverging move:\n%s", data)
	}
	d := rep.Games[0].Divergence
	atOp := regexp.MustCompile(`^got (-?[0-9]+), want (-?[0-9]+) `).FindStringSubmatch(d.AtOp)
	if atOp == nil {
		t.Fatalf("the report's answers after move %d, %q, are not got N, want M", d.Op, d.AtOp)
	}
	// What check --emit writes: the regression script and its page.
	page := strings.TrimSuffix(d.Emitted, ".txtar") + ".html"
	open(t, ctx, page)

	if eval[bool](t, ctx, `document.getElementById('divergence').hidden`) {
		t.Fatal("the page does not show the divergence")
	}
	click(t, ctx, "go-divergence")
	if got := step(t, ctx); got != d.Op {
		t.Errorf("go to the first diverging step: the page shows move %d, want %d", got, d.Op)
	}
	if !eval[bool](t, ctx, `document.body.classList.contains('diverging') && !document.getElementById('banner').hidden`) {
		t.Errorf("move %d is not marked as the first diverging move", d.Op)
	}
	answers := eval[string](t, ctx, `document.getElementById('answers').textContent`)
	for _, want := range []string{atOp[1], atOp[2], "program run again"} {
		if !strings.Contains(answers, want) {
			t.Errorf("the answers table %q does not show %q", answers, want)
		}
	}
	// Another move is not marked.
	key(t, ctx, kb.Home)
	if d.Op > 0 && eval[bool](t, ctx, `document.body.classList.contains('diverging')`) {
		t.Errorf("the start is marked as diverging; only move %d is", d.Op)
	}
}
