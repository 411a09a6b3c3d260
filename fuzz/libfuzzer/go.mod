module github.com/cascade-harness/cascade/fuzz/libfuzzer

go 1.26

require github.com/AdamKorcz/go-118-fuzz-build v0.0.0-20250520111509-a70c2aa677fa

require (
	github.com/AdaLogics/go-fuzz-headers v0.0.0-20230811130428-ced1acdcaa24 // indirect
	golang.org/x/mod v0.21.0 // indirect
	golang.org/x/sync v0.8.0 // indirect
	golang.org/x/tools v0.26.0 // indirect
)

tool github.com/AdamKorcz/go-118-fuzz-build
