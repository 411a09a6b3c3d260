package conformance

import (
	"strings"
)

// auditRulings lists every ruling with the indexes of its variants, and
// why none counts where none does. A variant whose ruling is not among
// rulings (none is, in the planted set) gets a ruling of its own at the
// end, so that every variant is listed under some ruling.
func auditRulings(rulings []Ruling, variants []AuditVariant) []AuditRuling {
	var out []AuditRuling
	at := map[string]int{}
	for _, r := range rulings {
		at[r.Rule] = len(out)
		out = append(out, AuditRuling{Rule: r.Rule, Why: r.NoVariant})
	}
	for v, av := range variants {
		i, ok := at[av.Rule]
		if !ok {
			i, at[av.Rule] = len(out), len(out)
			out = append(out, AuditRuling{Rule: av.Rule})
		}
		out[i].Variants = append(out[i].Variants, v)
	}
	for i := range out {
		r := &out[i]
		if len(r.Variants) == 0 {
			if r.Why == "" {
				r.Why = "no planted variant breaks it"
			}
			continue
		}
		var why []string
		for _, v := range r.Variants {
			av := &variants[v]
			if av.Counts() {
				why = nil
				break
			}
			why = append(why, av.Name+": "+av.Uncounted())
		}
		r.Why = strings.Join(why, "; ")
	}
	return out
}

// Killed counts the variants of the ruling that count and those of them
// killed.
func (r *AuditRuling) Killed(rep *AuditReport) (killed, counted int) {
	for _, v := range r.Variants {
		if av := &rep.Variants[v]; av.Counts() {
			counted++
			if av.Killed() {
				killed++
			}
		}
	}
	return killed, counted
}
