package planted

// match3Inputs are the match-3 cases of the tests that are not among
// conformance's built-in cases, in the input format, by name; the tests
// read the others, by the names of the scripts that pin them, from
// conformance/testdata/builtin/match3 (see game.input).
var match3Inputs = map[string]string{
	"u-shaped-block": `4 4 2 1
2 1 1 2
1 1 2 1
2 2 1 2
2 2 1 2
0 0 0 0
0 0 0 0
0 0 0 0
0 0 0 0
1 3 2 3
`,
}
