package conformance

import "context"

// Internals the package's external tests (package conformance_test,
// which imports the game families, as the package itself cannot) check.
var (
	ParseScore     = parseScore
	TotalText      = totalText
	ArchiveFiles   = archiveFiles
	Sampled        = sampled
	OneIn          = oneIn
	BadKind        = badKind
	BlurQuoted     = blurQuoted
	CrashSignature = crashSignature
	DropAsides     = dropAsides
	HowOf          = howOf
	SignatureOf    = signatureOf
	CompareSteps   = compareSteps
	StepLimit      = stepLimit
	Splitmix       = splitmix
	CoverName      = coverName
	Guard          = guard
)

const (
	OutputLines  = outputLines
	OutputBytes  = outputBytes
	SuiteReports = suiteReports
)

// FormatInput is g.format: c as a program under test reads it.
func (g *Game[C, T]) FormatInput(c C) []byte { return g.format(c) }

// ParseInput is g.parse: an input held in memory.
func (g *Game[C, T]) ParseInput(in []byte) (C, error) { return g.parse(in) }

// File is g.file: the whole case, header included.
func (g *Game[C, T]) File(c C, in []byte) []byte { return g.file(c, in) }

// Auditable is g.auditable.
func (g *Game[C, T]) Auditable(in []byte) (C, error) { return g.auditable(in) }

// IsIdle is cov.idle.
func (cov Coverage) IsIdle(name string) bool { return cov.idle(name) }

// NewPuzzle is the puzzle of case c of game g.
func NewPuzzle[C, T any](g *Game[C, T], c C) Puzzle { return puzzle[C, T]{g, c} }

// ShrinkLeak is g.shrinkLeak of the state leak of case c, found after
// the earlier cases before.
func (g *Game[C, T]) ShrinkLeak(ctx context.Context, prog Programmer, c C, before [][]byte, found Result) ([][]byte, int) {
	p := refereed[C, T]{c: c, in: g.format(c), want: g.briefReference(c)}
	return g.shrinkLeak(ctx, prog, p, before, found)
}

// PanicTail is panicTail.
var PanicTail = panicTail

// CheckSteps is g.checkSteps of a program's answer to c under the step
// protocol, against the reference's play: the first step where the
// answer parts (0: the end of the game, -1: none) and how, or the
// error that makes it bad output.
func (g *Game[C, T]) CheckSteps(c C, answer []byte) (int, string, error) {
	ch, err := g.checkSteps(c, g.briefReference(c), answer)
	return ch.Move, ch.Diff, err
}
