package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/input"
)

// printRuleCoverage wraps its list of items at coverageWidth, each line
// indented by coverageIndent.
const (
	coverageWidth  = 78
	coverageIndent = "    "
)

// printRuleCoverage writes the rule coverage of a report: how many of
// the game's coverage items its cases reached, the ones never reached by
// name, then every item with how often it was reached, wrapped in
// lines; of, when not empty, says whose cases they were (a program of
// several). Nothing when the report read no coverage.
func printRuleCoverage(w io.Writer, rep *conformance.Report, of string) {
	reached, items := rep.Reached()
	if items == 0 {
		return
	}
	head := fmt.Sprintf("  rule coverage%s: %d of %d items reached", of, reached, items)
	if reached == items {
		head = fmt.Sprintf("  rule coverage%s: all %d items reached", of, items)
	}
	var never []string
	for _, ic := range rep.Coverage {
		if ic.Cases == 0 {
			never = append(never, ic.Name)
		}
	}
	if len(never) > 0 {
		head += "; never: " + strings.Join(never, ", ")
	}
	fmt.Fprintln(w, head)
	var counts []string
	for _, ic := range rep.Coverage {
		if ic.Cases > 0 {
			counts = append(counts, fmt.Sprintf("%s %d", ic.Name, ic.Count))
		}
	}
	if len(counts) > 0 {
		for _, line := range input.WrapWords(counts, coverageWidth-len(coverageIndent)) {
			fmt.Fprintln(w, coverageIndent+line)
		}
	}
	if rep.CoverageBrief > 0 {
		fmt.Fprintf(w, "    (%s read from the engine's trace alone, the reference not having played %s: what only the boards show is not counted there)\n",
			input.Count(int64(rep.CoverageBrief), "case", "cases"), plural(rep.CoverageBrief, "it", "them"))
	}
}

// printMatrixCoverage writes the rule coverage of a matrix: that of the
// program that checked the most cases, with a note naming it when
// another checked fewer.
func printMatrixCoverage(w io.Writer, reports []*gameReport) {
	best := reports[0]
	same := true
	for _, r := range reports[1:] {
		same = same && r.Cases() == best.Cases()
		if r.Cases() > best.Cases() {
			best = r
		}
	}
	of := ""
	if !same {
		of = " (the cases " + best.label + " checked)"
	}
	printRuleCoverage(w, best.Report, of)
}

// jsonCoverage is the rule coverage of a game's report in --json:
// Counts holds every coverage item of the game, in its order, with the
// cases that reached it and how often in all.
type jsonCoverage struct {
	Reached int      `json:"reached"`
	Items   int      `json:"items"`
	Never   []string `json:"never"`
	// EngineTraceCases counts the cases whose coverage was read from
	// the engine's trace alone (Report.CoverageBrief).
	EngineTraceCases int             `json:"engine_trace_cases,omitempty"`
	Counts           []jsonItemCount `json:"counts"`
}

type jsonItemCount struct {
	Item  string `json:"item"`
	Cases int    `json:"cases"`
	Count int    `json:"count"`
}

// coverageJSON is the rule coverage of rep for --json; nil when it read
// none.
func coverageJSON(rep *conformance.Report) *jsonCoverage {
	if rep.Coverage == nil {
		return nil
	}
	reached, items := rep.Reached()
	out := &jsonCoverage{Reached: reached, Items: items, Never: []string{}, EngineTraceCases: rep.CoverageBrief, Counts: []jsonItemCount{}}
	for _, ic := range rep.Coverage {
		out.Counts = append(out.Counts, jsonItemCount{ic.Name, ic.Cases, ic.Count})
		if ic.Cases == 0 {
			out.Never = append(out.Never, ic.Name)
		}
	}
	return out
}

// coverageFromJSON puts the rule coverage of a --json report into rep,
// for printing it again (which names the items, without their help).
func coverageFromJSON(cov *jsonCoverage, rep *conformance.Report) {
	if cov == nil {
		return
	}
	for _, c := range cov.Counts {
		rep.Coverage = append(rep.Coverage, conformance.ItemCount{
			CoverageItem: conformance.CoverageItem{Name: c.Item},
			Cases:        c.Cases, Count: c.Count,
		})
	}
	rep.CoverageBrief = cov.EngineTraceCases
}

// mergeCoverage adds up the rule coverage of the shards' reports of one
// game: the counts of each item, in the order of the first that has
// them. nil when none read coverage.
func mergeCoverage(parts []*jsonCoverage) *jsonCoverage {
	var out *jsonCoverage
	at := make(map[string]int)
	for _, p := range parts {
		if p == nil {
			continue
		}
		if out == nil {
			out = &jsonCoverage{Never: []string{}, Counts: []jsonItemCount{}}
		}
		out.EngineTraceCases += p.EngineTraceCases
		for _, c := range p.Counts {
			i, ok := at[c.Item]
			if !ok {
				i = len(out.Counts)
				at[c.Item] = i
				out.Counts = append(out.Counts, jsonItemCount{Item: c.Item})
			}
			out.Counts[i].Cases += c.Cases
			out.Counts[i].Count += c.Count
		}
	}
	if out == nil {
		return nil
	}
	out.Items = len(out.Counts)
	for _, c := range out.Counts {
		if c.Cases > 0 {
			out.Reached++
		} else {
			out.Never = append(out.Never, c.Item)
		}
	}
	return out
}
