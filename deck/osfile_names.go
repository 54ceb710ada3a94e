package deck

import (
	"io/fs"
	"strings"
)

// windowsDevice reports whether path names a Windows device rather than a
// file, and what it is: the device namespace (\\.\, \\?\ not followed by a
// drive or a share), named pipes (\\.\pipe\…), and the reserved DOS names
// (CON, PRN, AUX, NUL, COM1–9, LPT1–9, CONIN$, CONOUT$), which are devices
// in every folder and with any extension ("C:\games\nul.json"). These are
// refused before anything is opened: connecting to a pipe takes one of its
// server's instances, and a console read waits for a key. It is used by
// osfile_windows.go and lives here so it is tested on every OS.
func windowsDevice(path string) (fs.FileMode, bool) {
	const device = fs.ModeDevice | fs.ModeCharDevice
	p := strings.ReplaceAll(path, "/", `\`)
	for _, ns := range []string{`\\.\`, `\\?\`, `\??\`} {
		rest, ok := strings.CutPrefix(p, ns)
		if !ok {
			continue
		}
		switch first, _, _ := strings.Cut(strings.ToUpper(rest), `\`); {
		case first == "PIPE":
			return fs.ModeNamedPipe, true
		case ns != `\\.\` && (first == "UNC" || len(first) == 2 && first[1] == ':'):
			// \\?\C:\… and \\?\UNC\server\share\…: a long path to a file.
		default:
			return device, true
		}
	}
	base := p[strings.LastIndex(p, `\`)+1:]
	if len(base) >= 2 && base[1] == ':' {
		base = base[2:] // "C:NUL", relative to a drive
	}
	name, _, _ := strings.Cut(base, ".") // "nul.json"
	name, _, _ = strings.Cut(name, ":")  // "NUL:", a stream
	name = strings.ToUpper(strings.TrimRight(name, " "))
	switch name {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$":
		return device, true
	}
	if len(name) == 4 && (strings.HasPrefix(name, "COM") || strings.HasPrefix(name, "LPT")) && name[3] >= '1' && name[3] <= '9' {
		return device, true
	}
	return 0, false
}
