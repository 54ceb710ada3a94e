package deck

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// WriteFileAtomic replaces path with data so that a crash at any instant
// leaves either the old file or the new one, never a mix: it writes a temp
// file beside it, syncs it, renames it over path, and syncs the directory.
// The file gets mode perm; missing directories are made with mode 0700.
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	return replaceFile(path, data, perm, nil)
}

// replaceFile is WriteFileAtomic with a step run after the new data is on
// disk and before it takes path's name (the store rotates the backup
// there): one write and one sync of the data, one sync of the folder.
func replaceFile(path string, data []byte, perm os.FileMode, before func()) error {
	dir := filepath.Dir(path)
	if err := osFS.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, tempPattern(filepath.Base(path)))
	if err != nil {
		return err
	}
	name := tmp.Name()
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(name)
		}
	}()
	if err := tmp.Chmod(perm); err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if before != nil {
		before()
	}
	if err := osFS.Rename(name, path); err != nil { // in one step: a save at every instant (osfile.go)
		return err
	}
	ok = true
	if err := osFS.SyncDir(dir); err != nil {
		return fmt.Errorf("saved, but the folder could not be synced: %w", err)
	}
	return nil
}

// tempPattern is the name (os.CreateTemp's pattern) of the temp files
// written beside base: ".game.json.123456789.tmp".
func tempPattern(base string) string { return "." + base + ".*.tmp" }

// StaleTemp is how old a temp file of eventdeck's must be for
// RemoveStaleTemps to remove it: a save takes milliseconds, so an older one
// was left by a crash or a kill, never by a save under way.
const StaleTemp = time.Minute

// RemoveStaleTemps removes, in dir, the temp files eventdeck writes beside
// the files named in bases (".game.json.123456789.tmp") that are older than
// StaleTemp: a kill during a save leaves one. Nothing else is touched: only
// names eventdeck makes, with digits where os.CreateTemp puts its random
// part, and only files. It returns how many it removed.
func RemoveStaleTemps(dir string, bases ...string) int {
	entries, err := ReadDir(dir)
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range entries {
		if !e.Type().IsRegular() || !isTempOf(e.Name(), bases) {
			continue
		}
		fi, err := e.Info()
		if err != nil || time.Since(fi.ModTime()) < StaleTemp {
			continue
		}
		if os.Remove(filepath.Join(dir, e.Name())) == nil {
			n++
		}
	}
	return n
}

// isTempOf reports whether name is a temp file written beside one of bases.
func isTempOf(name string, bases []string) bool {
	for _, base := range bases {
		mid, ok := strings.CutPrefix(name, "."+base+".")
		if !ok {
			continue
		}
		mid, ok = strings.CutSuffix(mid, ".tmp")
		if ok && mid != "" && strings.Trim(mid, "0123456789") == "" {
			return true
		}
	}
	return false
}
