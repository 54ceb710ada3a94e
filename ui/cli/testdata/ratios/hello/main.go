// Command hello is the baseline for eventdeck's start-up: a Go hello world.
package main

import "fmt"

func main() { fmt.Println("hello, world") }
