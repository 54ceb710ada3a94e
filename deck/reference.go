package deck

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
)

// ReadReference reads quick-reference entries from the file at path in
// fsys: each starts with a "## " title, then maybe "tags:", "keys:" and
// "needs:" lines (Entry), then its text; "#" lines before the first entry
// are comments. Every ruleset's
// reference file takes this form.
func ReadReference(fsys fs.FS, path string) ([]Entry, error) {
	f, err := fsys.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Entry
	var text []string
	flush := func() {
		if len(out) > 0 {
			out[len(out)-1].Text = strings.TrimSpace(strings.Join(text, "\n"))
		}
		text = nil
	}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			flush()
			out = append(out, Entry{Title: strings.TrimSpace(line[3:])})
		case len(out) == 0:
			if line != "" && !strings.HasPrefix(line, "#") {
				return nil, fmt.Errorf("%s:%d: text before the first entry", path, n)
			}
		case strings.HasPrefix(line, "tags:") && len(text) == 0:
			out[len(out)-1].Tags = strings.Fields(line[len("tags:"):])
		case strings.HasPrefix(line, "keys:") && len(text) == 0:
			out[len(out)-1].Keys = strings.Fields(line[len("keys:"):])
		case strings.HasPrefix(line, "needs:") && len(text) == 0:
			out[len(out)-1].Needs = strings.Fields(line[len("needs:"):])
		default:
			text = append(text, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	flush()
	for _, e := range out {
		if e.Text == "" {
			return nil, fmt.Errorf("%s: entry %q has no text", path, e.Title)
		}
	}
	return out, nil
}

// ReadTable reads the CSV file at path in fsys whose first row must be
// header, and returns the rows after it. Every ruleset's card list takes
// this form.
func ReadTable(fsys fs.FS, path string, header ...string) ([][]string, error) {
	f, err := fsys.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(rows) == 0 || !slices.Equal(rows[0], header) {
		return nil, fmt.Errorf("%s: want the header %s", path, strings.Join(header, ","))
	}
	return rows[1:], nil
}

// Reference is a game's quick reference, read the first time it is asked
// for: a quick draw from the command line never needs it.
type Reference struct {
	once    sync.Once
	read    func() ([]Entry, error)
	entries []Entry
	err     error
}

// NewReference returns the reference that read reads.
func NewReference(read func() ([]Entry, error)) *Reference { return &Reference{read: read} }

// Entries are the reference's entries; nil if it could not be read (Err).
func (r *Reference) Entries() []Entry {
	r.once.Do(func() { r.entries, r.err = r.read() })
	return r.entries
}

// Err is why the reference could not be read, if it could not.
func (r *Reference) Err() error {
	r.Entries()
	return r.err
}

// Table is what is in play where the reference is read, so that what a
// player there most likely means comes first (issue 40). The zero Table
// knows nothing of the table: every entry counts as in play.
type Table struct {
	Game string // the game's id; "" when no game is known
	// Parts are the parts of the game in play (expansions, sets, theme
	// decks, modes) as its entries' Needs name them; nil when not known.
	Parts []string
}

// Plays reports whether an entry of game is in play at t: of t's game
// (or either game unknown), and about the whole game or a part in play.
func (t Table) Plays(game string, e Entry) bool {
	if t.Game != "" && game != "" && game != t.Game {
		return false
	}
	if t.Parts == nil || len(e.Needs) == 0 {
		return true
	}
	return slices.ContainsFunc(e.Needs, func(n string) bool { return slices.Contains(t.Parts, n) })
}

// Rank is the entries that hold every word, best first (issue 30): a word
// among the entry's Keys counts most, then in the title, then in the tags,
// then in the text; a whole word more than part of one; the words
// together, as typed, more again; "seven" counts as "7". Among the same
// hits the shorter title comes first; else entries keep their order.
func Rank(entries []Entry, words []string) []Entry {
	return RankIn(entries, words, Table{})
}

// RankIn ranks entries of one game by what a player at table t most
// likely means by words: those in play at t first, each part as Rank
// does. Every front-end ranks with it: the terminal's reference, `eventdeck
// ref`, the phone's.
func RankIn(entries []Entry, words []string, t Table) []Entry {
	return RankAt(entries, func(e Entry) (Entry, string) { return e, "" }, words, t)
}

// RankBy ranks items as Rank does their entries.
func RankBy[T any](items []T, entry func(T) Entry, words []string) []T {
	return RankAt(items, func(it T) (Entry, string) { return entry(it), "" }, words, Table{})
}

// RankAt ranks items, each an entry of a game (entry gives both; "" for
// t's game), as RankIn does: the table's game and the parts it plays first.
func RankAt[T any](items []T, entry func(T) (Entry, string), words []string, t Table) []T {
	if len(words) == 0 {
		return items // every entry, in its order
	}
	type scored struct {
		item  T
		in    bool
		title int
		score int
	}
	var hits []scored
	for _, it := range items {
		e, game := entry(it)
		if s := score(e, words); s > 0 {
			hits = append(hits, scored{it, t.Plays(game, e), len(e.Title), s})
		}
	}
	slices.SortStableFunc(hits, func(a, b scored) int {
		if a.in != b.in {
			if a.in {
				return -1
			}
			return 1
		}
		if a.score != b.score {
			return b.score - a.score
		}
		return a.title - b.title
	})
	out := make([]T, len(hits))
	for i, h := range hits {
		out[i] = h.item
	}
	return out
}

// score is how well e matches words: 0 when a word is in none of its
// title, tags and text.
func score(e Entry, words []string) int {
	if len(words) == 0 {
		return 1
	}
	fold := strings.NewReplacer("–", "-", "—", "-").Replace // "5-6" finds "5–6"
	lower := func(s string) string { return fold(strings.ToLower(s)) }
	title, tags, text := lower(e.Title), lower(strings.Join(e.Tags, " ")), lower(e.Text)
	keys := lower(strings.Join(e.Keys, " "))
	total := 0
	for _, w := range words {
		best := 0
		for _, w := range spellings(lower(w)) {
			if hasWord(keys, w) {
				best = max(best, 36) // the entry's own word: above any title
			}
			for i, field := range []string{title, tags, text} {
				weight := []int{9, 4, 1}[i]
				switch {
				case hasWord(field, w):
					best = max(best, 3*weight)
				case strings.Contains(field, w):
					best = max(best, weight)
				}
			}
		}
		if best == 0 {
			return 0
		}
		total += best
	}
	phrase := lower(strings.Join(words, " "))
	switch {
	case len(words) > 1 && hasWord(title, phrase):
		total += 30
	case len(words) > 1 && hasWord(text, phrase):
		total += 5
	}
	if strings.TrimSpace(title) == phrase || strings.HasPrefix(title, phrase+" (") {
		total += 20 // the entry of that very name
	}
	return total
}

// numbers are the numbers a table says in words, as the reference writes
// them: "seven" finds the 7 (issue 40).
var numbers = map[string]string{"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
	"eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12"}

// spellings are the ways w may be written in an entry: itself, and a
// number word's digits.
func spellings(w string) []string {
	if n, ok := numbers[w]; ok {
		return []string{w, n}
	}
	return []string{w}
}

// hasWord reports whether s holds w as a whole word (or words): not
// inside a longer one.
func hasWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(w)
		if (j == 0 || !isWordByte(s[j-1])) && (end == len(s) || !isWordByte(s[end])) {
			return true
		}
		i = j + 1
	}
}

// isWordByte reports whether b is part of a word: a letter, digit or any
// byte of a character beyond ASCII.
func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b >= 0x80
}
