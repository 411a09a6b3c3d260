package main

import (
	"github.com/cascade-harness/cascade/conformance"
)

// The --json report of audit: one object, with a report per game.
type auditJSON struct {
	OK          bool            `json:"ok"`
	Interrupted bool            `json:"interrupted,omitempty"`
	Dir         string          `json:"dir"`
	MinKill     *float64        `json:"min_kill,omitempty"`
	Games       []auditGameJSON `json:"games"`
}

type auditGameJSON struct {
	Game string `json:"game"`
	// Rules is the SameGame rule set the files were played under,
	// canonical form; absent: the statement's.
	Rules  string `json:"rules,omitempty"`
	OK     bool   `json:"ok"`
	Matrix bool   `json:"matrix"`
	// Killed of Counted variants; the equivalent ones and those out of
	// reach inside the statement's limits do not count.
	Killed      int                `json:"killed"`
	Counted     int                `json:"counted"`
	KillPercent float64            `json:"kill_percent"`
	Files       []auditFileJSON    `json:"files"`
	Coverage    []auditItemJSON    `json:"coverage"`
	Variants    []auditVariantJSON `json:"variants"`
	Rulings     []auditRulingJSON  `json:"rulings"`
}

type auditFileJSON struct {
	Name   string `json:"name"`
	Source string `json:"source,omitempty"`
	// Invalid says why the input is not valid; BadFile why the files
	// could not be made a case. Either leaves the rest out.
	Invalid   string         `json:"invalid,omitempty"`
	BadFile   string         `json:"bad_file,omitempty"`
	Reference *int64         `json:"reference,omitempty"`
	Answer    *int64         `json:"answer,omitempty"`
	Disputed  bool           `json:"disputed"`
	Coverage  map[string]int `json:"coverage,omitempty"`
	// Kills names the variants the file kills: every one with --matrix,
	// else those it kills first.
	Kills []string `json:"kills,omitempty"`
}

type auditItemJSON struct {
	Item  string `json:"item"`
	Help  string `json:"help"`
	Files int    `json:"files"`
	Count int    `json:"count"`
}

type auditVariantJSON struct {
	Name        string   `json:"name"`
	Rule        string   `json:"rule"`
	Killed      bool     `json:"killed"`
	KilledBy    []string `json:"killed_by,omitempty"`
	How         string   `json:"how,omitempty"`
	Equivalent  string   `json:"equivalent,omitempty"`
	Unreachable string   `json:"unreachable,omitempty"`
	Played      int      `json:"played"`
}

type auditRulingJSON struct {
	Rule string `json:"rule"`
	// Variants names the ruling's variants, counted or not.
	Variants []string `json:"variants"`
	Killed   int      `json:"killed"`
	Counted  int      `json:"counted"`
	// Why says why no variant of the ruling counts, when none does.
	Why string `json:"why,omitempty"`
}

// writeAuditJSON writes the --json report of the audits that ran.
func writeAuditJSON(f *auditFlags, reports []*conformance.AuditReport, interrupted bool) error {
	out := auditJSON{OK: !interrupted, Interrupted: interrupted, Dir: f.dir, Games: []auditGameJSON{}}
	if f.set["min-kill"] {
		out.MinKill = &f.minKill
	}
	for _, rep := range reports {
		killed, counted := rep.Score()
		g := auditGameJSON{Game: rep.Game, Rules: rep.Rules, OK: auditOk(f, rep), Matrix: rep.Matrix,
			Killed: killed, Counted: counted, KillPercent: rep.KillPercent()}
		out.OK = out.OK && g.OK
		for _, c := range rep.Cases {
			file := auditFileJSON{Name: c.Name, Source: c.Source, Disputed: c.Disputed(), Coverage: c.Coverage}
			switch {
			case c.BadFile:
				file.BadFile = c.Err.Error()
			case c.Err != nil:
				file.Invalid = c.Err.Error()
			default:
				file.Reference = &c.Reference
			}
			if c.HasAnswer {
				file.Answer = &c.Answer
			}
			for _, v := range c.Kills {
				file.Kills = append(file.Kills, rep.Variants[v].Name)
			}
			g.Files = append(g.Files, file)
		}
		for _, ic := range rep.Coverage {
			g.Coverage = append(g.Coverage, auditItemJSON{Item: ic.Name, Help: ic.Help, Files: ic.Cases, Count: ic.Count})
		}
		for _, v := range rep.Variants {
			vj := auditVariantJSON{Name: v.Name, Rule: v.Rule, Killed: v.Killed(), How: v.How, Equivalent: v.Equivalent, Unreachable: v.Unreachable, Played: v.Played}
			for _, i := range v.KilledBy {
				vj.KilledBy = append(vj.KilledBy, rep.Cases[i].Name)
			}
			g.Variants = append(g.Variants, vj)
		}
		for _, r := range rep.Rulings {
			rj := auditRulingJSON{Rule: r.Rule, Variants: []string{}, Why: r.Why}
			rj.Killed, rj.Counted = r.Killed(rep)
			for _, v := range r.Variants {
				rj.Variants = append(rj.Variants, rep.Variants[v].Name)
			}
			g.Rulings = append(g.Rulings, rj)
		}
		out.Games = append(out.Games, g)
	}
	return saveJSON(f.json, out)
}
