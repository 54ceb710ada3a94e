//go:build windows

package deck

import "errors"

// mkfifo: Windows has no FIFOs in its folders (its named pipes live in
// \\.\pipe\, which windowsDevice refuses by name).
func mkfifo(string) error { return errors.ErrUnsupported }
