//go:build unix

package web

import (
	"path/filepath"
	"syscall"
	"testing"
)

// A FIFO where the phones are remembered is refused at once, as every
// file eventdeck reads (issue 32): serve never waits on it.
func TestTokensFileThatIsAFIFOIsRefused(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, TokensFile), 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if _, err := loadTokens(dir); err == nil {
		t.Fatal("a FIFO read as the phones remembered")
	}
}
