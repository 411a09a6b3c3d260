package casegen

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// randomInputs returns n byte strings of random length up to 600, so
// that some run out before the case is whole.
func randomInputs(seed uint64, n int) [][]byte {
	r := rand.New(rand.NewPCG(seed, seed+1))
	out := make([][]byte, n)
	for i := range out {
		b := make([]byte, r.IntN(600))
		for j := range b {
			b[j] = byte(r.IntN(256))
		}
		out[i] = b
	}
	return out
}

func TestDecodeSameGameGivesValidSmallCases(t *testing.T) {
	for _, data := range randomInputs(1, 500) {
		c := DecodeSameGame(data)
		if err := c.Validate(); err != nil {
			t.Fatalf("DecodeSameGame(%x) = invalid case: %v\n%v", data, err, c)
		}
		if c.W > DecodeMaxSide || len(c.Moves) > DecodeMaxOps {
			t.Fatalf("DecodeSameGame(%x) = N %d with %d moves, want at most %d and %d", data, c.W, len(c.Moves), DecodeMaxSide, DecodeMaxOps)
		}
	}
}

func TestDecodeMatch3GivesValidSmallCases(t *testing.T) {
	for _, data := range randomInputs(2, 500) {
		c := DecodeMatch3(data)
		if err := c.Validate(); err != nil {
			t.Fatalf("DecodeMatch3(%x) = invalid case: %v\n%v", data, err, c)
		}
		if c.Rows > DecodeMaxSide || c.Cols > DecodeMaxSide || len(c.Ops) > DecodeMaxOps {
			t.Fatalf("DecodeMatch3(%x) = %dx%d with %d operations, want sides at most %d and at most %d", data, c.Rows, c.Cols, len(c.Ops), DecodeMaxSide, DecodeMaxOps)
		}
	}
}

// An explicit board is what its bytes ask for, but a colour that would
// complete a run of three gives way to another (RunFreeColours),
// and a single colour on a board larger than 2 x 2 becomes two.
func TestDecodeMatch3KeepsExplicitBoardsFreeOfRuns(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		k    int
	}{
		// 3x3, explicit, k = 1, every colour byte 0.
		{"one colour", []byte{2, 2, explicit, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 2},
		// 2x2, explicit, k = 1: a single colour fits.
		{"one colour on 2x2", []byte{1, 1, explicit, 0, 0, 0, 0, 0, 0, 0}, 1},
		// 3x3, explicit, k = 2: the last cell has 2 2 to its left and 1 1
		// above.
		{"two colours", []byte{2, 2, explicit, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0}, 2},
		// 12x12, explicit, k = 10, every byte 0: colour 1 everywhere asked.
		{"ten colours", []byte{11, 11, explicit, 9}, 10},
		{"seeded, six colours", []byte{11, 11, 4, 0x12, 0x34}, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := DecodeMatch3(tc.data)
			if err := c.Validate(); err != nil {
				t.Fatalf("DecodeMatch3(%x) = invalid case: %v\n%v", tc.data, err, c)
			}
			if c.Colours != tc.k {
				t.Errorf("DecodeMatch3(%x) has k = %d, want %d\n%v", tc.data, c.Colours, tc.k, c)
			}
		})
	}
	// A valid board decodes to itself: the encoders rely on it.
	data := []byte{1, 3, explicit, 2, 0, 0, 0, 0, 1, 1, 2, 2, 0, 0}
	c := DecodeMatch3(data)
	want := []match3.Piece{{Colour: 1}, {Colour: 1}, {Colour: 2}, {Colour: 2}, {Colour: 3}, {Colour: 3}, {Colour: 1}, {Colour: 1}}
	if !slices.Equal(c.Board, want) {
		t.Errorf("DecodeMatch3(%x) board %v, want %v", data, c.Board, want)
	}
}

// Differential fuzzing learns little from operations that do nothing, so
// most operations decoded on a box or board that offers something to do
// must act: a click on a cube, a swap that makes a run. Random bytes give
// seven aimed clicks in eight and three aimed swaps in four. (Games
// drain: there is no refill, so games end on an empty or dead board.)
//
// Under a rule set whose minimum is above 1, a click on a lone cube does
// nothing either: clicks are counted while a group reaches the minimum.
func TestDecodedSameGameClicksMostlyHitCubes(t *testing.T) {
	hits, clicks := 0, 0
	for _, data := range randomInputs(3, 300) {
		c := DecodeSameGame(data)
		g := reference.NewSameGame(c)
		for _, m := range c.Moves {
			if len(g.Moves()) == 0 {
				break
			}
			clicks++
			if g.Apply(m).Removed > 0 {
				hits++
			}
		}
	}
	if clicks < 1000 || hits*100 < clicks*80 {
		t.Errorf("%d of %d clicks decoded on a box with cubes hit one, want at least 80%% of 1000 or more", hits, clicks)
	}
}

func TestDecodedMatch3OperationsAreMostlyValid(t *testing.T) {
	valid, ops := 0, 0
	for _, data := range randomInputs(4, 300) {
		c := DecodeMatch3(data)
		g := reference.NewMatch3(c)
		for _, op := range c.Ops {
			live := len(g.Grid().ValidSwaps()) > 0
			ok := g.Apply(op).Validity == match3.Valid
			if !live {
				if ok {
					t.Fatalf("operation %v is valid on a board where ValidSwaps finds none\n%v", op, c)
				}
				continue
			}
			ops++
			if ok {
				valid++
			}
		}
	}
	if ops < 1000 || valid*100 < ops*70 {
		t.Errorf("%d of %d operations decoded on a board that offers a run are valid, want at least 70%% of 1000 or more", valid, ops)
	}
}

// Once the header is read, an input one byte shorter decodes to the same
// board and the same operations but the last (or, when the byte cut was
// inside a raw operation, a different last one): the fuzzer's minimiser
// shortens a game one operation at a time.
func TestDecodeDropsOneOperationPerByte(t *testing.T) {
	for _, data := range randomInputs(6, 300) {
		if len(data) == 0 {
			continue
		}
		short := data[:len(data)-1]
		// A case with operations has read its whole header before the last
		// byte.
		if m, ms := DecodeMatch3(data), DecodeMatch3(short); len(m.Ops) > 0 &&
			(!reflect.DeepEqual(m.Board, ms.Board) || !dropsLast(m.Ops, ms.Ops)) {
			t.Fatalf("DecodeMatch3 of %x and of it less its last byte part:\n%v\n%v", data, m, ms)
		}
		if g, gs := DecodeSameGame(data), DecodeSameGame(short); len(g.Moves) > 0 &&
			(!slices.Equal(g.Board, gs.Board) || !dropsLast(g.Moves, gs.Moves)) {
			t.Fatalf("DecodeSameGame of %x and of it less its last byte part:\n%v\n%v", data, g, gs)
		}
	}
}

// dropsLast reports whether short is ops less its last operation, or ops
// with a different last operation, or, when ops holds the most a case
// may, ops itself.
func dropsLast[T comparable](ops, short []T) bool {
	n := len(ops)
	switch len(short) {
	case n - 1:
		return slices.Equal(short, ops[:n-1])
	case n:
		return slices.Equal(short[:n-1], ops[:n-1])
	}
	return false
}

// An operation byte from aimed on asks for an invalid operation of one
// kind; it must be invalid that way whenever the board offers one.
func TestDecodeMatch3InvalidKinds(t *testing.T) {
	want := map[OpKind]match3.Validity{
		OpSameCell: match3.NotAdjacent, OpDiagonal: match3.NotAdjacent, OpFar: match3.NotAdjacent,
		OpEmpty: match3.EmptyCell, OpSameColour: match3.NoRun, OpNoRun: match3.NoRun,
	}
	made := map[OpKind]int{}
	r := rand.New(rand.NewPCG(9, 10))
	for range 2000 {
		kind := OpKind(1 + r.IntN(invalidKinds))
		data := []byte{byte(r.IntN(256)), byte(r.IntN(256)), byte(r.IntN(0xF0)), byte(r.IntN(256)), byte(r.IntN(256)), 0}
		for range r.IntN(8) {
			data = append(data, byte(r.IntN(aimed)))
		}
		data = append(data, aimed+byte(kind-1)+byte(invalidKinds)*byte(r.IntN(4)))
		c := DecodeMatch3(data)
		tr := reference.PlayMatch3(c)
		if len(tr.Ops) == 0 || len(data)-6 > len(tr.Ops) {
			continue // the board went dead before the invalid operation
		}
		last := tr.Ops[len(tr.Ops)-1]
		if last.Swap.A == last.Swap.B && kind != OpSameCell {
			continue // the board offers no operation of the kind
		}
		if last.Validity != want[kind] {
			t.Fatalf("invalid kind %v decoded to %v, %v, want %v\n%v", kind, last.Swap, last.Validity, want[kind], c)
		}
		made[kind]++
	}
	for kind := OpSameCell; kind <= OpNoRun; kind++ {
		if made[kind] < 50 {
			t.Errorf("invalid kind %v made %d times in 2000 inputs, want at least 50", kind, made[kind])
		}
	}
}

// fuzzRuleSets are the named rule sets and custom ones whose every
// setting the decoder draws, none of them a named set's: each end.
func fuzzRuleSets(t testing.TB) []samegame.Rules {
	sets := samegame.Named()
	for _, text := range []string{
		"custom min=3 points=n^9 clear=-7 left=-1000 end=list close=right",
		"custom min=4 points=n^9 clear=-7 left=-1000 end=move close=left",
	} {
		custom, err := samegame.ParseRules(text)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, custom)
	}
	return sets
}

func TestEncodeSameGameDecodesBackUnderEveryRuleSet(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 7))
	for _, rules := range fuzzRuleSets(t) {
		encoded := 0
		for range 40 {
			o := SameGameKnobs(r, DecodeMaxSide).Under(r, rules, DecodeMaxSide)
			o.Rules = rules
			c := SameGame(r, o)
			data, ok := EncodeSameGame(c)
			if !ok {
				if max(c.W, c.H) <= DecodeMaxSide && len(c.Moves) <= DecodeMaxOps {
					t.Fatalf("%s: EncodeSameGame refused a case inside the limits:\n%v", rules.Name, c)
				}
				continue
			}
			encoded++
			back := DecodeSameGame(data)
			if !back.Rules.Effective().Same(rules) || back.W != c.W || back.H != c.H ||
				!slices.Equal(back.Board, c.Board) || !slices.Equal(back.Moves, c.Moves) {
				t.Fatalf("%s: DecodeSameGame(EncodeSameGame(c)) != c\nc:\n%v\nback:\n%v", rules.Name, c, back)
			}
		}
		if encoded < 10 {
			t.Errorf("%s: only %d of 40 cases encoded; the test checks too little", rules.Name, encoded)
		}
	}
}

func TestEncodeMatch3DecodesBack(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	encoded := 0
	for range 300 {
		c := Match3(r, Match3Knobs(r, DecodeMaxSide))
		data, ok := EncodeMatch3(c)
		if !ok {
			continue
		}
		encoded++
		back := DecodeMatch3(data)
		if len(c.Ops) == 0 {
			back.Ops = c.Ops // nil and empty are the same case
		}
		if !reflect.DeepEqual(back, c) {
			t.Fatalf("DecodeMatch3(EncodeMatch3(c)) != c\nc:\n%v\nback:\n%v", c, back)
		}
	}
	if encoded < 100 {
		t.Errorf("only %d of 300 cases encoded; the test checks too little", encoded)
	}
}

func TestEncodeRefusesCasesOutsideTheLimits(t *testing.T) {
	big := &samegame.Case{W: DecodeMaxSide + 1, H: DecodeMaxSide + 1, Board: slices.Repeat([]uint8{1}, (DecodeMaxSide+1)*(DecodeMaxSide+1))}
	if _, ok := EncodeSameGame(big); ok {
		t.Errorf("EncodeSameGame accepted W = %d", big.W)
	}
	wide := &match3.Case{Rows: 1, Cols: DecodeMaxSide + 1, Colours: 2, Board: make([]match3.Piece, DecodeMaxSide+1)}
	for i := range wide.Board {
		wide.Board[i].Colour = 1 + i%2
	}
	if _, ok := EncodeMatch3(wide); ok {
		t.Errorf("EncodeMatch3 accepted a 1x%d board", wide.Cols)
	}
	run := &match3.Case{Rows: 1, Cols: 3, Colours: 1, Board: []match3.Piece{{Colour: 1}, {Colour: 1}, {Colour: 1}}}
	if _, ok := EncodeMatch3(run); ok {
		t.Errorf("EncodeMatch3 accepted a board holding a run")
	}
}

// decodeRuleSets are the rule sets a fixed decoder is tried under: every
// named one and a user's own.
func decodeRuleSets(t *testing.T) []samegame.Rules {
	custom, err := samegame.ParseRules("custom min=3 points=(n-1)^2 close=right")
	if err != nil {
		t.Fatal(err)
	}
	return append(samegame.Named(), custom)
}

func TestDecodeSameGameUnderKeepsToItsRuleSet(t *testing.T) {
	for _, r := range decodeRuleSets(t) {
		square := 0
		for _, data := range randomInputs(7, 200) {
			c := DecodeSameGameUnder(r, data)
			if err := c.Validate(); err != nil {
				t.Fatalf("%s: DecodeSameGameUnder(%x) = invalid case: %v", r.Name, data, err)
			}
			if !c.Rules.Effective().Same(r.Effective()) {
				t.Fatalf("%s: DecodeSameGameUnder(%x) plays %s", r.Name, data, c.Rules)
			}
			if c.W > DecodeMaxSide || c.H > DecodeMaxSide || len(c.Moves) > DecodeMaxOps {
				t.Fatalf("%s: DecodeSameGameUnder(%x) = %dx%d with %d moves, beyond the limits", r.Name, data, c.W, c.H, len(c.Moves))
			}
			if c.W == c.H {
				square++
			}
		}
		if !r.IsCodeAbbey() && square == 200 {
			t.Errorf("%s: every decoded box is square; H is never drawn", r.Name)
		}
		if r.IsCodeAbbey() && square != 200 {
			t.Errorf("codeabbey: %d of 200 decoded boxes square, want all", square)
		}
	}
}

func TestEncodeSameGameUnderDecodesBack(t *testing.T) {
	for _, r := range decodeRuleSets(t) {
		for _, data := range randomInputs(9, 100) {
			c := DecodeSameGameUnder(r, data)
			b, ok := EncodeSameGameUnder(r, c)
			if !ok {
				t.Fatalf("%s: EncodeSameGameUnder refused a decoded case:\n%v", r.Name, c)
			}
			back := DecodeSameGameUnder(r, b)
			if back.W != c.W || back.H != c.H || !slices.Equal(back.Board, c.Board) || !slices.Equal(back.Moves, c.Moves) {
				t.Fatalf("%s: DecodeSameGameUnder(EncodeSameGameUnder(c)) != c\nc:\n%v\nback:\n%v", r.Name, c, back)
			}
		}
		other := DecodeSameGameUnder(samegame.Rules{}, []byte{2})
		if _, ok := EncodeSameGameUnder(r, other); ok != r.IsCodeAbbey() {
			t.Errorf("%s: EncodeSameGameUnder of a codeabbey case: ok %v", r.Name, ok)
		}
	}
}
