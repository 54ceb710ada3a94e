package custom

import (
	"fmt"
	"strings"
)

// Error is one thing wrong in a card file, and where.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

// Error reads "file:line:col: what is wrong".
func (e Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

// Errors is everything wrong in a card file, in the order found.
type Errors []Error

// Error is the errors one to a line.
func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}
