package conformance_test

// The games the harness reads inputs as (Recognise, ReadCases, NextCase)
// are those registered, as the cascade command registers them.
import _ "github.com/cascade-harness/cascade/games"
