module github.com/cascade-harness/cascade

go 1.26

require (
	github.com/leanovate/gopter v0.2.11
	github.com/rogpeppe/go-internal v1.16.0
)

require (
	golang.org/x/sys v0.26.0 // indirect
	golang.org/x/tools v0.26.0 // indirect
)
