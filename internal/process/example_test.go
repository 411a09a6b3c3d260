package process_test

import (
	"context"
	"fmt"

	"github.com/cascade-harness/cascade/internal/process"
)

// A run that fails is no error: the Outcome says how it ended and keeps
// what the program wrote.
func ExampleProgram_Run() {
	args, err := process.SplitWords(`sh -c 'read n; echo $((n * 2)); echo "out of range" >&2; exit 3'`)
	if err != nil {
		fmt.Println(err)
		return
	}
	p := &process.Program{Args: args}
	o, err := p.Run(context.Background(), []byte("21\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v, timed out: %t\nstdout: %q\nstderr: %q\n", o, o.TimedOut(), o.Stdout, o.Stderr)
	// Output:
	// exit status 3, timed out: false
	// stdout: "42\n"
	// stderr: "out of range\n"
}
