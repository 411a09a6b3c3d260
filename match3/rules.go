package match3

import (
	"slices"
	"strconv"
	"sync"

	"github.com/cascade-harness/cascade/expr"
)

// Rules is a match-3 rule set: the handful of settings in which the
// match-3 games people write differ from the statement's and from each
// other. Every layer reads the one value a case carries; no layer holds a
// copy of the game per rule set. SPEC-rulesets.md gives each named rule
// set with the source lines it comes from.
//
// The zero Rules stands for thupc, the statement's rules, so that a Case
// built in code without rules plays as it always has; Effective resolves
// it. The zero value of every enumerated setting is the statement's arm.
type Rules struct {
	// Name is a named rule set (see Named) or "custom".
	Name string
	// Refill says whether emptied cells are filled from the case's
	// queues after every fall.
	Refill Refill
	// Clear says which runs a round removes.
	Clear Clear
	// Start says what becomes of a start board that holds a run.
	Start Start
	// Swaps says whether a case holds swaps at all.
	Swaps Swaps
	// Invalid says what an invalid swap costs.
	Invalid Invalid
	// Scoring is the statement's scoring, or Points applied per Per.
	Scoring Scoring
	// Points is the points of one term, an expression in the variables
	// of PointVars; read under ScoringExpr only.
	Points expr.Expr
	// Per says what a term of Points is; read under ScoringExpr only.
	Per Per
	// Specials says whether a piece's special marks its area when the
	// piece is removed (the statement) or only carries points (s).
	Specials Specials
	// NoMove says what happens when no swap would make a run.
	NoMove NoMove
	// Moves is the number of moves the game lasts, 0 for no limit;
	// operations after the last are not played (Over).
	Moves int
	// AllValid and Cleared are the endgame bonuses: AllValid when no
	// invalid swap cost it (see Invalid), Cleared when the board is
	// empty at the end.
	AllValid, Cleared int64
	// Answer is what a program under test answers: the total or the
	// final board.
	Answer Answer
	// Rows, Cols and Colours are the rule set's usual board, for
	// generation only; 0 leaves the choice to the generator.
	Rows, Cols, Colours int
}

// Refill says whether emptied cells are refilled.
type Refill uint8

const (
	// RefillNone leaves emptied cells empty (the statement, LeetCode 723).
	RefillNone Refill = iota
	// RefillQueue fills, after every fall, each column's empty cells from
	// the lowest up with the next pieces of the column's queue
	// (Case.Queues). A queue that runs dry leaves the cells above empty.
	RefillQueue
)

// Clear says which runs a round removes.
type Clear uint8

const (
	// ClearAll removes every run of three or more (the statement).
	ClearAll Clear = iota
	// ClearLowest removes only the lowest runs: those in the lowest row
	// that holds a horizontal run or the bottom cell of a vertical run,
	// and every run that shares a cell with one of them.
	ClearLowest
)

// Start says what becomes of a start board that holds a run.
type Start uint8

const (
	// StartReject rejects the case (the statement, M2).
	StartReject Start = iota
	// StartSettle plays rounds on the start board, refills included,
	// until no run is left, scoring nothing, before the first operation.
	StartSettle
	// StartScore settles as StartSettle does and scores the rounds as a
	// move's (Trace.Start).
	StartScore
)

// Swaps says whether a case holds swaps.
type Swaps uint8

const (
	// SwapsAny: a case holds any number of swaps (the statement).
	SwapsAny Swaps = iota
	// SwapsNone: a case holds no swap (q = 0; more is bad input): the
	// game is the settle of the start board alone (LeetCode 723).
	SwapsNone
)

// Invalid says what an invalid swap costs.
type Invalid uint8

const (
	// InvalidBonus: the swap is a move and costs the all-valid bonus
	// (the statement, M3, M9).
	InvalidBonus Invalid = iota
	// InvalidFree: the swap changes nothing and costs nothing; it is not
	// one of the Moves.
	InvalidFree
	// InvalidMove: the swap changes nothing but uses one of the Moves.
	InvalidMove
)

// Scoring says how a move scores.
type Scoring uint8

const (
	// ScoringThupc is the statement's scoring: elimination, combination
	// and chain per move, poker hands, endgame bonuses (M5-M9).
	ScoringThupc Scoring = iota
	// ScoringExpr sums Points over the terms Per names, in every round of
	// every move, plus the endgame bonuses; no combination, chain or
	// hand.
	ScoringExpr
)

// Per says what one term of Points is, and what its variables hold.
type Per uint8

const (
	// PerRound: one term per round; n is the number of cells the round
	// removes, c is 0, s the sum of their specials.
	PerRound Per = iota
	// PerRun: one term per run of three or more the round removes, a run
	// being a maximal horizontal or vertical line (a cell in a row run
	// and a column run counts in both); n is its length, c its colour, s
	// the sum of its pieces' specials. Cells hit only by specials are in
	// no run and score nothing. The row runs come first, top row first
	// and each row from the left, then the column runs, leftmost column
	// first and each from the top (the order Rockbox Jewels scans in).
	PerRun
	// PerColour: one term per colour of the cells a round removes; n is
	// the number of those cells, c the colour, s the sum of their
	// specials.
	PerColour
)

// Specials says what a piece's special does.
type Specials uint8

const (
	// SpecialsEffects: a removed special marks its area (the statement,
	// M5.2).
	SpecialsEffects Specials = iota
	// SpecialsPoints: a special marks nothing; it only carries points,
	// through s in Points.
	SpecialsPoints
)

// NoMove says what happens when no swap would make a run.
type NoMove uint8

const (
	// NoMovePlay plays on: every later swap is invalid (the statement).
	NoMovePlay NoMove = iota
	// NoMoveEnd ends the game: the later operations are not played
	// (Over), cost nothing and score nothing.
	NoMoveEnd
)

// Answer is what a program under test answers with.
type Answer uint8

const (
	// AnswerTotal: the total, one integer (the statement).
	AnswerTotal Answer = iota
	// AnswerBoard: the final board, n lines of m colours, 0 for an empty
	// cell (LeetCode 723).
	AnswerBoard
)

var (
	refillNames   = []string{"none", "queue"}
	clearNames    = []string{"all", "lowest"}
	startNames    = []string{"reject", "settle", "score"}
	swapsNames    = []string{"any", "none"}
	invalidNames  = []string{"bonus", "free", "move"}
	perNames      = []string{"round", "run", "colour"}
	specialsNames = []string{"effects", "points"}
	noMoveNames   = []string{"play", "end"}
	answerNames   = []string{"total", "board"}
)

func (v Refill) String() string   { return name(refillNames, v) }
func (v Clear) String() string    { return name(clearNames, v) }
func (v Start) String() string    { return name(startNames, v) }
func (v Swaps) String() string    { return name(swapsNames, v) }
func (v Invalid) String() string  { return name(invalidNames, v) }
func (v Per) String() string      { return name(perNames, v) }
func (v Specials) String() string { return name(specialsNames, v) }
func (v NoMove) String() string   { return name(noMoveNames, v) }
func (v Answer) String() string   { return name(answerNames, v) }

// name is the text of v among names; a value set in code past them reads
// as its number, which ParseRules rejects and Validate reports.
func name[T ~uint8](names []string, v T) string {
	if int(v) < len(names) {
		return names[v]
	}
	return strconv.Itoa(int(v))
}

// PointVars are the variables of Points, in the order Eval takes them:
// n the count of the term (cells of a round, length of a run, cells of a
// colour), r the round (1, 2, ...; 1 for the first round of a settle), i
// the term's index in the move (1, 2, ..., counted over its rounds in
// order, and within a round in the order of Per's terms), c the colour
// (0 per round), s the sum of the special numbers (0-6) of the term's
// pieces.
const PointVars = "nrics"

// Term evaluates r's Points for one term.
func (r Rules) Term(n, round, index, colour, specials int64) int64 {
	return r.Points.Eval(n, round, index, colour, specials)
}

// ThupcName is the name of the statement's rule set.
const ThupcName = "thupc"

// Thupc is the statement's rule set, "Lines and Poker", the default.
var Thupc = Rules{Name: ThupcName, AllValid: AllValidBonus, Cleared: ClearedBonus}

// named holds the named rule sets in the order documentation shows them,
// made on first use (namedSets): their expressions are parsed then, so
// that a command that never reads a rule set does no work for them at
// start-up. SPEC-rulesets.md gives each with the source lines of every
// setting.
var (
	namedOnce sync.Once
	named     []Rules
)

// namedSets returns the named rule sets, making them on first use.
func namedSets() []Rules {
	namedOnce.Do(func() {
		points := func(src string) expr.Expr { return expr.Must(src, PointVars) }
		named = []Rules{
			Thupc,
			// LeetCode 723 "Candy Crush": no swap; crush every run at
			// once, drop, no new candies, repeat; the answer is the
			// stable board.
			{Name: "leetcode723", Start: StartSettle, Swaps: SwapsNone, Invalid: InvalidFree,
				Scoring: ScoringExpr, Points: points("0"), Specials: SpecialsPoints, Answer: AnswerBoard},
			// kamildar/gym-match3: one point per cell of every round, the
			// start settled unscored, an invalid swap a step of the 100
			// of an episode, a shuffle (random) when no move is left.
			{Name: "gymmatch3", Refill: RefillQueue, Start: StartSettle, Invalid: InvalidMove,
				Scoring: ScoringExpr, Points: points("n"), Specials: SpecialsPoints, NoMove: NoMoveEnd,
				Moves: 100, Rows: 9, Cols: 9, Colours: 7},
			// akshilpatel/tile-match-gym with its specials off: the lowest
			// runs per round, a cell a point, an invalid swap one of
			// num_moves.
			{Name: "tilematch", Refill: RefillQueue, Clear: ClearLowest, Invalid: InvalidMove,
				Scoring: ScoringExpr, Points: points("n"), Specials: SpecialsPoints, NoMove: NoMoveEnd,
				Moves: 30, Rows: 10, Cols: 10, Colours: 4},
			// Unity ML-Agents' Match-3 example: a cleared cell scores 1, 2
			// or 3 by its special type, which does nothing else.
			{Name: "mlagents", Refill: RefillQueue, Start: StartSettle, Invalid: InvalidMove,
				Scoring: ScoringExpr, Points: points("n+s"), Specials: SpecialsPoints, NoMove: NoMoveEnd,
				Moves: 500},
			// Rockbox Jewels: the k-th run of a move scores k and each
			// jewel past three one more; the start board's settle is
			// scored; an invalid swap is undone at no cost; no move left
			// ends the game.
			{Name: "rockbox", Refill: RefillQueue, Start: StartScore, Invalid: InvalidFree,
				Scoring: ScoringExpr, Points: points("i+n-3"), Per: PerRun, Specials: SpecialsPoints, NoMove: NoMoveEnd,
				Rows: 8, Cols: 8, Colours: 7},
			// Gemgem, the Bejeweled clone of "Making Games with Python &
			// Pygame": 10 points for a run of three and 10 more per gem
			// past it.
			{Name: "gemgem", Refill: RefillQueue, Invalid: InvalidFree,
				Scoring: ScoringExpr, Points: points("10*(n-2)"), Per: PerRun, Specials: SpecialsPoints, NoMove: NoMoveEnd,
				Rows: 8, Cols: 8, Colours: 7},
			// Gweled in its normal mode: as Gemgem's points, its start
			// board settled without score.
			{Name: "gweled", Refill: RefillQueue, Start: StartSettle, Invalid: InvalidFree,
				Scoring: ScoringExpr, Points: points("10*(n-2)"), Per: PerRun, Specials: SpecialsPoints, NoMove: NoMoveEnd,
				Rows: 8, Cols: 8, Colours: 7},
			// bevy_match3, as its example plays it: every match popped,
			// no score; what the game shows is the board.
			{Name: "bevymatch3", Refill: RefillQueue, Start: StartSettle, Invalid: InvalidFree,
				Scoring: ScoringExpr, Points: points("0"), Specials: SpecialsPoints, Answer: AnswerBoard,
				Rows: 10, Cols: 10, Colours: 5},
		}
	})
	return named
}

// Named returns the named rule sets, thupc first.
func Named() []Rules { return slices.Clone(namedSets()) }

// Lookup returns the named rule set called name.
func Lookup(name string) (Rules, bool) {
	for _, r := range namedSets() {
		if r.Name == name {
			return r, true
		}
	}
	return Rules{}, false
}

// Names lists the names of the named rule sets.
func Names() []string {
	var s []string
	for _, r := range namedSets() {
		s = append(s, r.Name)
	}
	return s
}

// Effective returns r, or Thupc when r is the zero Rules.
func (r Rules) Effective() Rules {
	if r.Name == "" {
		return Thupc
	}
	return r
}

// Same reports whether r and s play the same game: equal names and play
// settings. It allocates nothing.
func (r Rules) Same(s Rules) bool {
	r, s = r.Effective(), s.Effective()
	return r.Name == s.Name && r.Refill == s.Refill && r.Clear == s.Clear && r.Start == s.Start &&
		r.Swaps == s.Swaps && r.Invalid == s.Invalid && r.Scoring == s.Scoring && r.Points.String() == s.Points.String() &&
		r.Per == s.Per && r.Specials == s.Specials && r.NoMove == s.NoMove && r.Moves == s.Moves &&
		r.AllValid == s.AllValid && r.Cleared == s.Cleared && r.Answer == s.Answer
}

// Equal reports whether r and s are the same rule set, its generation
// settings included.
func (r Rules) Equal(s Rules) bool {
	r, s = r.Effective(), s.Effective()
	return r.Same(s) && r.Rows == s.Rows && r.Cols == s.Cols && r.Colours == s.Colours
}

// IsThupc reports whether r is thupc as it stands, generation settings
// included: the rule set a case without a rules line has.
func (r Rules) IsThupc() bool { return r.Equal(Thupc) }
