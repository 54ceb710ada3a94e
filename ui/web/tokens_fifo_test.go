//go:build unix

package web

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A file of phones that cannot be read (empty, not JSON, a FIFO, a
// folder) is moved aside, never read nor waited on, and serve starts
// saying so (issue 39: it stopped serve until removed by hand).
func TestUnreadablePhonesAreMovedAside(t *testing.T) {
	for name, make := range map[string]func(string) error{
		"empty":   func(p string) error { return os.WriteFile(p, nil, 0o600) },
		"garbage": func(p string) error { return os.WriteFile(p, []byte("{\"a\": [1,"), 0o600) },
		"a FIFO":  func(p string) error { return syscall.Mkfifo(p, 0o600) },
		"a folder": func(p string) error {
			return os.Mkdir(p, 0o700)
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, TokensFile)
			if err := make(path); err != nil {
				t.Skip(err)
			}
			tk, err := loadTokens(dir)
			if err != nil {
				t.Fatalf("serve does not start: %v", err)
			}
			if _, err := os.Lstat(path); err == nil {
				t.Error("the file is still in the way")
			}
			aside, _ := filepath.Glob(path + ".broken-*")
			if len(aside) != 1 {
				t.Fatalf("moved to %v, want one %s.broken-…", aside, TokensFile)
			}
			if msg := tk.aside; !strings.Contains(msg, aside[0]) {
				t.Errorf("the host is told %q, not where it went", msg)
			}
			if _, err := tk.Add(Joined{Name: "Ann"}); err != nil {
				t.Errorf("a phone is not remembered after: %v", err)
			}
		})
	}
}

// A second broken file never overwrites the first one moved aside.
func TestPhonesMovedAsideTwiceKeepBoth(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, TokensFile)
	for range 2 {
		if err := os.WriteFile(path, []byte("not json"), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := loadTokens(dir); err != nil {
			t.Fatal(err)
		}
	}
	if aside, _ := filepath.Glob(path + ".broken-*"); len(aside) != 2 {
		t.Errorf("moved aside: %v, want two", aside)
	}
}
