package custom

import (
	"fmt"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
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

// tooLarge is the error of a file over MaxFile bytes: it says the file's
// size (size < 0: only that it is over).
func tooLarge(file string, size int64) Error {
	has := (&deck.TooLargeError{Size: size, Limit: MaxFile}).Has()
	return Error{File: file, Line: 1, Col: 1, Msg: fmt.Sprintf("the file %s; a card file has at most %s", has, deck.Size(MaxFile))}
}
