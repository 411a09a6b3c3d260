// Package planted holds deliberately broken implementations of both
// games, the planted bugs with which the harness checks itself: a test
// that cannot tell one of them from the reference, or a run that does
// not report its crash, is a test too weak to trust on a real solution.
//
// A Variant is an implementation of one game that breaks exactly one
// rule, the way a real solution might: a group searched through corners,
// a box held in a fixed array, a combination block filled in three
// directions only. Its Rule names the ruling it breaks (S1-S7, M1-M10,
// with sub-points such as M5.4, as SPEC.md numbers them); its Name
// says what it gets wrong. On every case that does not exercise that
// rule it plays exactly like the reference. A variant may panic, as a
// crashing solution would; the harness reports a panic as a runtime
// error.
//
// SameGame's variants depend on the rule set (samegame.Rules):
// SameGameUnder lists those of a rule set. Under codeabbey they are
// SameGame's. Under any other rule set they are the variants of the box
// (how a click is located, a group found, cubes fall and columns close,
// the close written once and run in a mirror where columns close right),
// played under the case's rule set, and the variants of its settings,
// generated from one table of bugs per setting of samegame.Settings
// (samegame_settings.go): each setting dropped, relaxed, inverted and off
// by one, and the shapes real engines show (a single cube removed under
// min=2, a clear bonus tested on the bottom-left cell or lost to a last
// click on the emptied box, a penalty taken at the end of the list while
// a move remains). A variant that the rule set makes score every case
// alike (the clear bonus dropped where clear=0) is listed Equivalent, with
// the setting that makes it so.
//
// SameGame and Match3 return the variants of each game that `cascade
// check` finds, fresh slices that a caller may reorder or filter;
// Match3Beyond those whose bug shows only beyond the statement's limits
// and beyond what check generates. The variants break every ruling a
// variant can break, each way a real solution gets it wrong: dropped,
// relaxed (what it forbids allowed), made stricter (what it allows
// forbidden), its numbers off by one. A variant that no test data can
// kill says why: Equivalent (it never changes a total) or Unreachable
// (not inside the statement's limits); SameGameRulings and
// Match3Rulings list each game's rulings, with why a ruling has no
// variant at all (the input format). Play is safe for concurrent use:
// a variant whose rules keep state from one step to the next builds
// fresh rules on every call.
//
// # Adding a variant
//
// A bug of a SameGame setting is a row of settingBugs: the rule set it
// plays instead (the reference does the rest), or the end-of-game term
// it computes instead and when that cannot differ; a setting added to
// samegame.Settings needs its rows, as a test checks.
//
// Most variants are the reference with one step replaced: a
// reference.SameGameRules or reference.Match3Rules whose other fields
// are nil, so that the literal steps do the rest. Add a row to the table
// of its rule group (samegame.go; match3_operation.go for M1, M3 and M4,
// match3_special.go for M5.2, match3_round.go for the rest of M5,
// match3_score.go for M6-M10), with the step as a small named function
// beside it when it is more than a line, and say in its comment which
// real bug it imitates. A variant that cannot be a replaced step (the
// fixed array) plays the game itself and says why. Then add to the tests
// a small case, as input text, on which the variant's trace differs from
// the reference's or on which it panics; where the bug hides on most
// cases (a crash on large boards, a fill that misses one direction), add
// also a case on which it agrees, so that the variant is known to be
// wrong in one rule only.
package planted
