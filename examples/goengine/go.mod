module example.com/goengine

go 1.26

require (
	github.com/cascade-harness/cascade v0.0.0
	github.com/leanovate/gopter v0.2.11
)

require (
	github.com/rogpeppe/go-internal v1.16.0 // indirect
	golang.org/x/sys v0.26.0 // indirect
	golang.org/x/tools v0.26.0 // indirect
)

replace github.com/cascade-harness/cascade => ../..
