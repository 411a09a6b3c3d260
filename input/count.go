package input

import "fmt"

// Count writes n and the noun that agrees with it: "1 cube", "3 cubes".
func Count(n int64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
