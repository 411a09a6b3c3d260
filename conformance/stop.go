package conformance

import (
	"context"
	"errors"
)

// StopReason words err, why a shrink or a search stopped before its end,
// as cascade's reports word it: a context's deadline is out of time
// (--shrink-time, Test's two seconds, a run's time), its cancellation an
// interrupt (a signal, the end of a test); any other error is its own
// text. Go's "context deadline exceeded" is no reason a user gave.
func StopReason(err error) string {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "out of time"
	case errors.Is(err, context.Canceled):
		return "interrupted"
	}
	return err.Error()
}
