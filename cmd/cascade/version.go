package main

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

var versionCommand = &command{
	name:    "version",
	summary: "print cascade's version and the revision it was built from",
	help: `Usage: cascade version

Version prints what the build of cascade records about itself:

  cascade VERSION        the module version: v1.2.3, or a pseudo-version,
                         when installed with go install PATH@VERSION;
                         (devel) when built from a checkout
  module PATH            the module path, which go get and go install take
  revision REV TIME      the commit a checkout build was made from and its
                         time, "(modified)" after them when the work tree
                         had changes; "revision unknown" when the build
                         recorded none (go install PATH@VERSION, go run)
  go GOVERSION           the Go release that built it
`,
	run: runVersion,
}

func runVersion(c *command, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cascade version", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if code, ok := c.parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return c.usagef(stderr, "unexpected argument %q", fs.Arg(0))
	}
	bi, _ := debug.ReadBuildInfo()
	fmt.Fprint(stdout, versionText(bi))
	return exitOK
}

// versionText is what cascade version prints of build info bi (nil: a
// binary built without module support, which records none).
func versionText(bi *debug.BuildInfo) string {
	version, path, goVersion := "(unknown)", modulePath, "(unknown)"
	var rev, when string
	modified := false
	if bi != nil {
		goVersion = bi.GoVersion
		if bi.Main.Path != "" {
			path = bi.Main.Path
		}
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				when = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "cascade %s\nmodule %s\n", version, path)
	switch {
	case rev == "":
		b.WriteString("revision unknown\n")
	default:
		b.WriteString("revision " + rev)
		if when != "" {
			b.WriteString(" " + when)
		}
		if modified {
			b.WriteString(" (modified)")
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "go %s\n", goVersion)
	return b.String()
}

// modulePath is cascade's module path, named when the build records
// none.
const modulePath = "github.com/cascade-harness/cascade"
