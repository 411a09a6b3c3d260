package main

import (
	"runtime/debug"
	"testing"
)

func TestVersionNamesTheRevisionOfACheckoutBuild(t *testing.T) {
	bi := &debug.BuildInfo{
		GoVersion: "go1.26.0",
		Main:      debug.Module{Path: "github.com/cascade-harness/cascade", Version: "(devel)"},
		Settings: []debug.BuildSetting{
			{Key: "vcs", Value: "git"},
			{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
			{Key: "vcs.time", Value: "2026-12-02T11:00:00Z"},
			{Key: "vcs.modified", Value: "true"},
		},
	}
	want := "cascade (devel)\nmodule github.com/cascade-harness/cascade\n" +
		"revision 0123456789abcdef0123456789abcdef01234567 2026-12-02T11:00:00Z (modified)\ngo go1.26.0\n"
	if got := versionText(bi); got != want {
		t.Errorf("versionText(checkout build) =\n%s\nwant\n%s", got, want)
	}
}

func TestVersionOfAnInstalledModuleHasNoRevision(t *testing.T) {
	bi := &debug.BuildInfo{
		GoVersion: "go1.26.0",
		Main:      debug.Module{Path: "github.com/cascade-harness/cascade", Version: "v1.2.0"},
	}
	want := "cascade v1.2.0\nmodule github.com/cascade-harness/cascade\nrevision unknown\ngo go1.26.0\n"
	if got := versionText(bi); got != want {
		t.Errorf("versionText(go install @v1.2.0) =\n%s\nwant\n%s", got, want)
	}
}
