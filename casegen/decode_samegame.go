package casegen

import (
	"cmp"
	"slices"

	"github.com/cascade-harness/cascade/internal/lazy"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// DecodeSameGame turns the fuzzer's bytes into a SameGame case that
// always passes Validate. A few header bytes choose the rule set, the
// box's shape and casegen's knobs, two seed the generator that draws the
// box (SameGameBox), and then every byte is one click:
//
//	byte       W = 1 + b%12; the rule set is b/12 (decodeRules):
//	           0 codeabbey, in a W x W box, and no byte more;
//	           1-7 the named rule set of that place (samegame.Named);
//	           8 and up a custom one, its settings in the bytes after
//	rules ...  (not for codeabbey) the custom settings, then a byte:
//	           H = 1 + b%12
//	byte       below 0xF0: k = 2 + b%4 colours, and combs (casegen's
//	           Columns) when b/4%4 is 0; below 0xFF: k = 1 + (b-0xF0)%9;
//	           0xFF (explicit): the cubes follow the seed
//	2 bytes    the seed of the generator
//	explicit:  W*H bytes, the cubes top row first: colour 1 + b%9
//	byte ...   one click per byte until the input ends, at most 40:
//	  below 0xD0  under a minimum above 1, while a group reaches it:
//	              group number b%len (reference.Box.Moves), clicked where
//	              Moves clicks it; else as below
//	  below 0xE0  aimed: cube number b%len of the box as it stands
//	              (SameGameTargets: columns left to right, each
//	              bottom up); on an empty box, the clicks end
//	  below 0xFF  an empty cell of the frame, which the generator picks;
//	              while there is none, any cell
//	  0xFF        raw: bytes X and Y, modulo W and H
//
// Under codeabbey this is the layout of a corpus written before rule sets
// were data, so that corpus decodes as it did. The box as it stands is
// the reference's, played click by click under the case's rule set as the
// clicks are decoded.
func DecodeSameGame(data []byte) *samegame.Case { return decodeSameGame(data, nil, Confine{}) }

// DecodeSameGameUnder is DecodeSameGame with the rule set fixed to r, for
// a fuzz target of one rule set: the header byte chooses only W, and the
// rule set's place in it is read as nothing. Under codeabbey the box is
// W x W and the layout is DecodeSameGame's of codeabbey; under any other
// rule set a byte after the header gives H. EncodeSameGameUnder writes it.
func DecodeSameGameUnder(r samegame.Rules, data []byte) *samegame.Case {
	r = r.Effective()
	return decodeSameGame(data, &r, Confine{})
}

// DecodeSameGameConfined is DecodeSameGameUnder confined as cf says.
// Under Legal every click byte is a click on cube number b%len of those
// whose group reaches the minimum (in SameGameTargets' order), and the
// clicks end when there is none. Under UsualBox the box is the rule
// set's usual one, whatever the header bytes say of its sides, and a
// cube's colour is taken modulo the rule set's colours. The header is
// read as DecodeSameGameUnder reads it.
// EncodeSameGameConfined writes it.
func DecodeSameGameConfined(r samegame.Rules, cf Confine, data []byte) *samegame.Case {
	r = r.Effective()
	return decodeSameGame(data, &r, cf)
}

// EncodeSameGameUnder returns bytes that DecodeSameGameUnder(r) turns back
// into c; false for a case of another rule set or beyond the decoder's
// limits.
func EncodeSameGameUnder(r samegame.Rules, c *samegame.Case) ([]byte, bool) {
	r = r.Effective()
	if !encodable(c) || !c.Rules.Effective().Same(r) {
		return nil, false
	}
	head := []byte{byte(c.W - 1)}
	if r.IsCodeAbbey() {
		if c.W != c.H {
			return nil, false
		}
	} else {
		head = append(head, byte(c.H-1))
	}
	return encodeBody(head, c), true
}

// EncodeSameGameConfined returns bytes that DecodeSameGameConfined(r,
// cf) turns back into c; false for a case of another rule set, beyond
// the decoder's limits, or outside cf (a click that removes nothing, a
// box that is not the usual one).
func EncodeSameGameConfined(r samegame.Rules, cf Confine, c *samegame.Case) ([]byte, bool) {
	r = r.Effective()
	if !cf.UsualBox {
		if !cf.Legal {
			return EncodeSameGameUnder(r, c)
		}
		if !encodable(c) {
			return nil, false
		}
	} else if c.Validate() != nil || !HasUsualBox(c) || len(c.Moves) > DecodeMaxOps {
		return nil, false
	}
	if !c.Rules.Effective().Same(r) || r.IsCodeAbbey() && c.W != c.H {
		return nil, false
	}
	head := []byte{byte(c.W - 1)}
	if !r.IsCodeAbbey() {
		head = append(head, byte(c.H-1))
	}
	b := append(head, explicit, 0, 0)
	for _, v := range c.Board {
		b = append(b, v-1)
	}
	if !cf.Legal {
		for _, m := range c.Moves {
			b = append(b, raw, byte(m.X), byte(m.Y))
		}
		return b, true
	}
	g := reference.NewSameGameStepwise(c)
	for _, m := range c.Moves {
		i := slices.Index(box(g, c.W, c.H).legal(r.Min), m)
		if i < 0 || i > 0xFF {
			return nil, false
		}
		b = append(b, byte(i))
		g.Apply(m)
	}
	return b, true
}

func decodeSameGame(data []byte, fixed *samegame.Rules, cf Confine) *samegame.Case {
	s := stream{data: data}
	head := s.next()
	w := 1 + int(head)%DecodeMaxSide
	var rules samegame.Rules
	h := w
	switch {
	case fixed == nil:
		rules, h = decodeRules(&s, int(head)/DecodeMaxSide, w)
	case !fixed.IsCodeAbbey():
		rules, h = *fixed, 1+s.intn(DecodeMaxSide)
	}
	colours := samegame.Colours
	if cf.UsualBox && rules.Width > 0 {
		w, h = rules.Width, rules.Height
		colours = cmp.Or(rules.Colours, colours)
	}
	o := SameGameOptions{N: Exactly(w), MaxColour: colours}
	if h != w {
		o.H = Exactly(h)
	}
	seeded := true
	switch b := s.next(); {
	case b < 0xF0:
		o.Colours = Exactly(min(2+int(b)%4, colours))
		if b/4%4 == 0 {
			o.Columns = 1
		}
	case b < explicit:
		o.Colours = Exactly(1 + int(b-0xF0)%colours)
	default:
		seeded = false
	}
	r := s.rng()
	var c *samegame.Case
	if seeded {
		c = SameGameBox(r, o)
	} else {
		c = &samegame.Case{W: w, H: h, Board: make([]uint8, w*h)}
		for i := range c.Board {
			c.Board[i] = uint8(1 + s.intn(colours))
		}
	}
	c.Rules = rules
	g := reference.NewSameGameStepwise(c)
	for s.more() && len(c.Moves) < DecodeMaxOps {
		var m samegame.Move
		if cf.Legal {
			legal := box(g, w, h).legal(rules.Effective().Min)
			if len(legal) == 0 {
				return c
			}
			m = legal[int(s.next())%len(legal)]
			g.Apply(m)
			c.Moves = append(c.Moves, m)
			continue
		}
		switch kind := s.next(); {
		case kind < aimedGroup && rules.Min > 1:
			if groups := g.Moves(); len(groups) > 0 {
				m = groups[int(kind)%len(groups)]
				break
			}
			fallthrough
		case kind < aimedClick:
			// At most 12*12 cubes, so one byte reaches every one.
			cubes, _ := SameGameTargets(g, w, h)
			if len(cubes) == 0 {
				return c
			}
			m = cubes[int(kind)%len(cubes)]
		case kind < raw:
			if _, empty := SameGameTargets(g, w, h); len(empty) > 0 {
				m = empty[r.IntN(len(empty))]
			} else {
				m = samegame.Move{X: r.IntN(w), Y: r.IntN(h)}
			}
		default:
			m = samegame.Move{X: s.intn(w), Y: s.intn(h)}
		}
		g.Apply(m)
		c.Moves = append(c.Moves, m)
	}
	return c
}

// The settings a custom rule set draws from, one byte each: the named
// rule sets' own, and a few that none uses (a points expression that
// overflows 64 bits, a negative clear bonus, a left term of the kind the
// papers' tables count).
var (
	fuzzPoints = lazy.Value[[]samegame.Expr]{Make: func() []samegame.Expr {
		return exprs("n*(n+1)/2", "(n-2)^2", "n*(n-1)", "(n-1)^2", "0", "n", "-n", "n^9", "n*n-3*n+1")
	}}
	fuzzClear = []int64{0, 1000, 2000, 400, -7, 1 << 40}
	fuzzLeft  = lazy.Value[[]samegame.Expr]{Make: func() []samegame.Expr {
		return exprs("0", "-(n-2)^2", "n", "-n", "max(11-n,0)*100", "(20-n)^2*(1/(1+n/21))", "-1000")
	}}
)

// aimedGroup bounds the click bytes that, under a minimum above 1, aim
// at a group that reaches it: differential fuzzing learns little from
// clicks that do nothing, and the bytes from aimedGroup to aimedClick
// still click any cube, a lone one below the minimum among them.
const aimedGroup = 0xD0

// minimums is how many minimums a custom rule set draws from: 1 to 4.
const minimums = 4

// customRules is the place of the custom rule sets in the header's
// choice: after codeabbey and the seven other named ones.
const customRules = 8

func exprs(texts ...string) []samegame.Expr {
	var es []samegame.Expr
	for _, t := range texts {
		es = append(es, samegame.MustExpr(t))
	}
	return es
}

// decodeRules reads the rule set the header chose, sel, and the box's
// height for a box w wide: codeabbey in a square box reads nothing more.
// A custom rule set reads, a byte each, its minimum (1 + b%4), points,
// clear bonus and left term (each b modulo its list), and its end (b%2,
// with over read as move when b/4%2 is 1) and close (b/2%2). The move
// bit came last, so that the bytes written before it decode as they did.
func decodeRules(s *stream, sel, w int) (samegame.Rules, int) {
	named := samegame.Named()
	switch {
	case sel == 0:
		return samegame.Rules{}, w
	case sel < customRules:
		return named[sel], 1 + s.intn(DecodeMaxSide)
	}
	r := samegame.Rules{
		Name:   "custom",
		Min:    1 + s.intn(minimums),
		Points: fuzzPoints.Get()[s.intn(len(fuzzPoints.Get()))],
		Clear:  fuzzClear[s.intn(len(fuzzClear))],
		Left:   fuzzLeft.Get()[s.intn(len(fuzzLeft.Get()))],
	}
	b := s.next()
	r.End, r.Close = samegame.End(b%2), samegame.Close(b/2%2)
	if b/4%2 == 1 && r.End == samegame.EndOver {
		r.End = samegame.EndMove
	}
	return r, 1 + s.intn(DecodeMaxSide)
}

// encodeRules returns the header byte for a box w wide and the bytes
// that follow it, which decodeRules reads back as r and h; false when r
// is none of the named rule sets and draws a setting from no list.
func encodeRules(r samegame.Rules, w, h int) (byte, []byte, bool) {
	r = r.Effective()
	if r.IsDefault() && r.Name == samegame.CodeAbbey.Name && w == h {
		return byte(w - 1), nil, true
	}
	for i, n := range samegame.Named()[1:] {
		if r.Same(n) {
			return byte((i+1)*DecodeMaxSide + w - 1), []byte{byte(h - 1)}, true
		}
	}
	same := func(e samegame.Expr) func(samegame.Expr) bool {
		return func(f samegame.Expr) bool { return f.String() == e.String() }
	}
	p, c, l := slices.IndexFunc(fuzzPoints.Get(), same(r.Points)), slices.Index(fuzzClear, r.Clear), slices.IndexFunc(fuzzLeft.Get(), same(r.Left))
	if p < 0 || c < 0 || l < 0 || r.Min < 1 || r.Min > minimums {
		return 0, nil, false
	}
	end := map[samegame.End]byte{samegame.EndOver: 0, samegame.EndList: 1, samegame.EndMove: 4}[r.End]
	return byte(customRules*DecodeMaxSide + w - 1),
		[]byte{byte(r.Min - 1), byte(p), byte(c), byte(l), end + 2*byte(r.Close), byte(h - 1)}, true
}

// EncodeSameGame returns bytes that DecodeSameGame turns back into c: an
// explicit box and every click raw. It returns false when c is invalid
// or outside the decoder's limits (sides up to 12, 40 clicks, a rule set
// encodeRules knows). The seed corpus is written with it.
func EncodeSameGame(c *samegame.Case) ([]byte, bool) {
	if !encodable(c) {
		return nil, false
	}
	head, rules, ok := encodeRules(c.Rules, c.W, c.H)
	if !ok {
		return nil, false
	}
	return encodeBody(append([]byte{head}, rules...), c), true
}

// encodable reports whether c lies inside the decoder's limits.
func encodable(c *samegame.Case) bool {
	return c.Validate() == nil && c.W <= DecodeMaxSide && c.H <= DecodeMaxSide && len(c.Moves) <= DecodeMaxOps
}

// encodeBody appends to the header bytes b c's box, explicit, and its
// clicks, raw.
func encodeBody(b []byte, c *samegame.Case) []byte {
	b = append(b, explicit, 0, 0)
	for _, v := range c.Board {
		b = append(b, v-1)
	}
	for _, m := range c.Moves {
		b = append(b, raw, byte(m.X), byte(m.Y))
	}
	return b
}
