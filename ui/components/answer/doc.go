// Package answer is the answer being typed or picked for a question: a
// number, a choice by its digit, yes/no, or players ticked by seat. The
// table's step walker and the facts page read answers through it.
package answer
