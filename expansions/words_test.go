package expansions_test

import (
	"bytes"
	"encoding/binary"
	"encoding/csv"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/eventdeck/eventdeck/assets"
)

// RunWords is how many words in a row the app's texts may share with the
// sources they were written from (issue 31: every text is ours).
const RunWords = 10

// runsFile holds a fingerprint of every run of RunWords words in the
// sources (../shared/data and ../shared/rules): the top 48 bits of each
// normalised run's FNV-64a hash, sorted, 6 bytes each. It carries no text
// of theirs, so the check runs where the sources are not.
const runsFile = "testdata/source-runs.bin"

// sourcesEnv names the folder holding the sources' data and rules folders;
// by default ../../shared from this package (the checkout's ../shared).
const sourcesEnv = "EVENTDECK_SOURCES"

// words splits text into lower-case words of letters and digits: case and
// punctuation do not hide a run.
func words(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// runHash is the fingerprint of a run of words.
func runHash(run []string) uint64 {
	h := fnv.New64a()
	for _, w := range run {
		h.Write([]byte(w))
		h.Write([]byte{' '})
	}
	return h.Sum64() >> 16
}

// runs calls f with each run of RunWords words of text and its fingerprint.
func runs(text string, f func(run []string, h uint64)) {
	ws := words(text)
	for i := 0; i+RunWords <= len(ws); i++ {
		f(ws[i:i+RunWords], runHash(ws[i:i+RunWords]))
	}
}

// sourceRuns reads the sources' fingerprints from dir, nil if it is not
// there.
func sourceRuns(t *testing.T, dir string) []uint64 {
	t.Helper()
	var out []uint64
	for _, sub := range []string{"data", "rules"} {
		entries, err := os.ReadDir(filepath.Join(dir, sub))
		if err != nil {
			return nil
		}
		for _, e := range entries {
			data, err := os.ReadFile(filepath.Join(dir, sub, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			runs(string(data), func(_ []string, h uint64) { out = append(out, h) })
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func encodeRuns(hs []uint64) []byte {
	var b bytes.Buffer
	for _, h := range hs {
		var buf [8]byte
		binary.BigEndian.PutUint64(buf[:], h)
		b.Write(buf[2:])
	}
	return b.Bytes()
}

func decodeRuns(data []byte) []uint64 {
	out := make([]uint64, 0, len(data)/6)
	for i := 0; i+6 <= len(data); i += 6 {
		var buf [8]byte
		copy(buf[2:], data[i:i+6])
		out = append(out, binary.BigEndian.Uint64(buf[:]))
	}
	return out
}

// knownRuns are the sources' fingerprints: from the sources when they are
// here (and then the kept file must match them; EVENTDECK_WRITE_RUNS=1
// rewrites it), else from the kept file.
func knownRuns(t *testing.T) []uint64 {
	t.Helper()
	dir := os.Getenv(sourcesEnv)
	if dir == "" {
		dir = filepath.Join("..", "..", "shared")
	}
	fromSources := sourceRuns(t, dir)
	kept, err := os.ReadFile(runsFile)
	if os.Getenv("EVENTDECK_WRITE_RUNS") != "" && fromSources != nil {
		if err := os.WriteFile(runsFile, encodeRuns(fromSources), 0o644); err != nil {
			t.Fatal(err)
		}
		return fromSources
	}
	if err != nil {
		t.Fatal(err)
	}
	out := decodeRuns(kept)
	if fromSources != nil && !slices.Equal(out, fromSources) {
		t.Errorf("%s is not the sources' in %s: rewrite it with EVENTDECK_WRITE_RUNS=1", runsFile, dir)
	}
	if len(out) < 10000 {
		t.Fatalf("%s holds %d runs: too few", runsFile, len(out))
	}
	return out
}

// wordsChecker finds runs of the sources in texts.
type wordsChecker struct {
	known []uint64
	seen  map[string]bool
}

func newWordsChecker(t *testing.T) *wordsChecker {
	return &wordsChecker{known: knownRuns(t), seen: map[string]bool{}}
}

// copied returns the first run of text found in the sources, "" if none.
func (c *wordsChecker) copied(text string) string {
	if c.seen[text] {
		return ""
	}
	c.seen[text] = true
	found := ""
	runs(text, func(run []string, h uint64) {
		if _, ok := slices.BinarySearch(c.known, h); ok && found == "" {
			found = strings.Join(run, " ")
		}
	})
	return found
}

// Every text file the app embeds (reference texts, card lists) is in our
// own words: no run of RunWords words from the sources (issue 31: the
// city-walls entry repeated 14 words of ../shared/data).
func TestAssetsInOurOwnWords(t *testing.T) {
	c := newWordsChecker(t)
	err := fs.WalkDir(assets.FS(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if ext := filepath.Ext(path); ext != ".md" && ext != ".csv" && ext != ".toml" && ext != ".txt" {
			return nil
		}
		data, err := fs.ReadFile(assets.FS(), path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			fields := []string{line}
			if filepath.Ext(path) == ".csv" { // each field alone: ids, titles and counts are facts
				r := csv.NewReader(strings.NewReader(line))
				r.FieldsPerRecord = -1
				if fields, err = r.Read(); err != nil && line != "" {
					return fmt.Errorf("%s:%d: %w", path, i+1, err)
				}
			}
			for _, f := range fields {
				if run := c.copied(f); run != "" {
					t.Errorf("%s:%d: %q is the sources' words", path, i+1, run)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The check finds a run whatever its case and punctuation, and only a
// run of RunWords words.
func TestOurOwnWordsFindsACopy(t *testing.T) {
	source := "One two three four five six seven eight nine ten eleven."
	c := &wordsChecker{seen: map[string]bool{}}
	runs(source, func(_ []string, h uint64) { c.known = append(c.known, h) })
	slices.Sort(c.known)
	if got := c.copied("Say: ONE, two; three four-five six seven (eight) nine TEN!"); got != "one two three four five six seven eight nine ten" {
		t.Errorf("a copy is not found: %q", got)
	}
	if got := c.copied("one two three four five six seven eight nine, and more"); got != "" {
		t.Errorf("nine words are taken for a copy: %q", got)
	}
}

// Every file of the repository a person reads — code and its comments,
// tests, documents, pages — is in our own words too (issue 40: four code
// comments held runs of 10 and 11 words of the fact sheets). A file is
// read as one run of words, so a comment over several lines is read
// whole; a card list field by field, as above. A run of numbers alone is
// a table of facts (the count of each number), not words.
func TestRepositoryInOurOwnWords(t *testing.T) {
	c := newWordsChecker(t)
	root := filepath.Join("..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		ext := filepath.Ext(name)
		switch ext {
		case ".go", ".md", ".txt", ".toml", ".js", ".html", ".css", ".golden", ".csv":
		default:
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		texts := []string{string(data)}
		if ext == ".csv" {
			texts = nil
			r := csv.NewReader(bytes.NewReader(data))
			r.FieldsPerRecord = -1
			rows, err := r.ReadAll()
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			for _, row := range rows {
				texts = append(texts, row...)
			}
		}
		for _, text := range texts {
			if run := c.copiedWords(text); run != "" {
				t.Errorf("%s: %q is the sources' words", path, run)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// copiedWords is copied, but a run of numbers alone does not count.
func (c *wordsChecker) copiedWords(text string) string {
	found := ""
	runs(text, func(run []string, h uint64) {
		if found != "" || allNumbers(run) {
			return
		}
		if _, ok := slices.BinarySearch(c.known, h); ok {
			found = strings.Join(run, " ")
		}
	})
	return found
}

func allNumbers(run []string) bool {
	for _, w := range run {
		for _, r := range w {
			if !unicode.IsDigit(r) {
				return false
			}
		}
	}
	return true
}
