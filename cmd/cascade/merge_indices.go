package main

import "slices"

// uniteIndices puts together the generated cases the n shards of a run
// checked, parts[k] those of shard k+1 (runs of step n, every index
// k mod n; checkShard made sure of it), or of the whole run when n is
// 1. The shards' indices cannot overlap: each holds its own residue.
//
// The whole run's indices come as runs of step 1 when that takes no
// more runs than the shards' own, which is so when the shards checked
// as far as one another. When they did not (one shard stopped early, at
// its first divergence or by an interrupt), the cases past it would be
// as many runs of one index: then the shards' runs are given as they
// are, step n, in the order of their first index. Either way the runs
// are few as the reports' own, and the work takes time in proportion
// to them, never to the number of cases they stand for.
func uniteIndices(n int, parts []jsonIndices) jsonIndices {
	if n == 1 {
		return jsonIndices{Step: max(parts[0].Step, 1), Runs: append([][2]int{}, parts[0].Runs...)}
	}
	budget := 1
	for _, p := range parts {
		budget += len(p.Runs)
	}
	if runs, ok := unitRuns(n, parts, budget); ok {
		return jsonIndices{Step: 1, Runs: runs}
	}
	var runs [][2]int
	for _, p := range parts {
		runs = append(runs, p.Runs...)
	}
	slices.SortFunc(runs, func(a, b [2]int) int { return a[0] - b[0] })
	return jsonIndices{Step: n, Runs: runs}
}

// unitRuns is the union of the shards' indices as runs of step 1, or
// false when it takes more than max runs.
//
// Index i is in block i/n at residue i%n, which shard i%n+1 holds. A
// shard's run of step n covers a range of blocks at its residue; the
// ends of these ranges cut the blocks into stretches within which every
// block holds the same residues. A stretch whose blocks hold them all is
// one run of step 1; any other adds at least one run per block, which
// the budget bounds before a block is looked at.
func unitRuns(n int, parts []jsonIndices, max int) ([][2]int, bool) {
	type edge struct{ block, residue, delta int }
	var edges []edge
	for r, p := range parts {
		for _, run := range p.Runs {
			edges = append(edges, edge{(run[0] - r) / n, r, 1}, edge{(run[1]-r)/n + 1, r, -1})
		}
	}
	slices.SortFunc(edges, func(a, b edge) int { return a.block - b.block })
	depth := make([]int, n) // the runs over the current block at each residue
	held := 0               // the residues the current block holds
	var runs [][2]int
	add := func(a, b int) bool {
		if k := len(runs); k > 0 && runs[k-1][1]+1 == a {
			runs[k-1][1] = b
			return true
		}
		if len(runs) >= max {
			return false
		}
		runs = append(runs, [2]int{a, b})
		return true
	}
	for e := 0; e < len(edges); {
		block := edges[e].block
		for ; e < len(edges) && edges[e].block == block; e++ {
			r := edges[e].residue
			switch depth[r] += edges[e].delta; {
			case edges[e].delta > 0 && depth[r] == 1:
				held++
			case edges[e].delta < 0 && depth[r] == 0:
				held--
			}
		}
		if e == len(edges) {
			break
		}
		end := edges[e].block // the stretch is blocks block to end-1
		switch {
		case held == 0:
		case held == n:
			if !add(block*n, end*n-1) {
				return nil, false
			}
		case end-block > max-len(runs)+1:
			return nil, false
		default:
			for b := block; b < end; b++ {
				for r := 0; r < n; r++ {
					if depth[r] == 0 {
						continue
					}
					from := r
					for r+1 < n && depth[r+1] > 0 {
						r++
					}
					if !add(b*n+from, b*n+r) {
						return nil, false
					}
				}
			}
		}
	}
	return runs, true
}
