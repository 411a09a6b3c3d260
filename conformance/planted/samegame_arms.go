package planted

import (
	"strings"

	"github.com/cascade-harness/cascade/samegame"
)

// The bugs of an expression's min and max: an engine that writes only
// one arm of max(20-n,0), the one its author had in mind, scores alike
// every game whose cubes keep to that arm, and otherwise where the other
// arm wins.

// armBug is the bug of a setting key (points or left) whose expression
// loses every min and max, keeping arm keep (0 the first, 1 the second)
// of each.
func armBug(key string, keep int) settingBug {
	expr := func(r samegame.Rules) samegame.Expr {
		if key == "points" {
			return r.Points
		}
		return r.Left
	}
	what := map[string]string{"points": "points", "left": "left term"}[key]
	return settingBug{key: key, rule: map[string]string{"points": "S5", "left": "S11"}[key],
		name: func(r samegame.Rules) string {
			text, fns := withoutArms(expr(r).String(), keep)
			return "no " + fns + " in the " + what + ": " + text
		},
		rules: func(r samegame.Rules) (samegame.Rules, bool) {
			text, fns := withoutArms(expr(r).String(), keep)
			if fns == "" {
				return r, false
			}
			if key == "points" {
				return withPoints(r, text)
			}
			return withLeft(r, text)
		}}
}

// withoutArms is the expression text with every min(a,b) and max(a,b)
// replaced by one arm in parentheses, (a) for keep 0 and (b) for keep 1,
// and the functions it dropped: "max", "min", "min and max", or "" when
// text has none.
func withoutArms(text string, keep int) (string, string) {
	var dropped [2]bool
	for {
		i := firstCall(text)
		if i < 0 {
			break
		}
		arms, end := callArms(text, i+len("max("))
		if end < 0 {
			// Not a well-formed call: ParseExpr never gives one.
			break
		}
		dropped[boolIndex(text[i+1] == 'a')] = true
		text = text[:i] + "(" + arms[keep] + ")" + text[end:]
	}
	switch {
	case dropped[0] && dropped[1]:
		return text, "min and max"
	case dropped[1]:
		return text, "max"
	case dropped[0]:
		return text, "min"
	}
	return text, ""
}

// firstCall is the index of the first min( or max( in text, -1 for
// none.
func firstCall(text string) int {
	i, j := strings.Index(text, "min("), strings.Index(text, "max(")
	switch {
	case i < 0:
		return j
	case j < 0:
		return i
	}
	return min(i, j)
}

// callArms splits the arguments of a call whose text begins at from,
// after its "(": the two arms, and the index after its ")"; -1 when the
// call does not close.
func callArms(text string, from int) ([2]string, int) {
	var arms [2]string
	depth, comma := 0, -1
	for k := from; k < len(text); k++ {
		switch text[k] {
		case '(':
			depth++
		case ',':
			if depth == 0 {
				comma = k
			}
		case ')':
			if depth > 0 {
				depth--
				continue
			}
			if comma < 0 {
				return arms, -1
			}
			arms[0], arms[1] = text[from:comma], text[comma+1:k]
			return arms, k + 1
		}
	}
	return arms, -1
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}
