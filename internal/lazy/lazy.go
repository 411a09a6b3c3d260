// Package lazy holds values made when first used. Unlike
// sync.OnceValue, whose call must run when the package is initialised,
// a Value is plain data that the linker lays out: declaring one costs a
// program nothing at start-up, which matters to a command that runs for
// a couple of milliseconds.
package lazy

import "sync"

// A Value is made by Make the first time Get is called, once, however
// many goroutines ask; declare it as lazy.Value[T]{Make: f}. It must not
// be copied after first use.
type Value[T any] struct {
	// Make makes the value.
	Make func() T

	once sync.Once
	v    T
}

// Get returns the value, making it on the first call.
func (l *Value[T]) Get() T {
	l.once.Do(func() { l.v = l.Make() })
	return l.v
}
