package deck

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// journalOf is a journal, as a game's store writes it, continuing the
// save with hash base: six draws, one line each. games are the game after
// each (games[0] before any).
func journalOf(t *testing.T, g *Game, base string) (lines [][]byte, games []*Game) {
	t.Helper()
	head, _ := json.Marshal(journalHeader{Journal: formatName, Version: journalVersion, Base: base})
	lines = append(lines, append(head, '\n'))
	games = append(games, g.Snapshot())
	for range 6 {
		prev := g.Snapshot()
		_ = g.Do(drawOne)
		line, err := changeLine(prev, g.Snapshot())
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, line)
		games = append(games, g.Snapshot())
	}
	return lines, games
}

// damagedJournal saves a game, then writes a journal of six draws after
// it with the change at damaged (1 to 6; 0: none) made unreadable.
func damagedJournal(t *testing.T, damaged int) (st *Store, raw []byte, games []*Game) {
	t.Helper()
	st = NewStore(t.TempDir())
	g := newTestGame(21)
	_ = g.Do(drawOne)
	data := saveGame(t, st, g, 1)
	lines, games := journalOf(t, g, hashOf(data))
	if damaged > 0 {
		lines[damaged] = append([]byte(`{"op":"do","from":`), bytes.Repeat([]byte{0xff}, 20)...)
		lines[damaged] = append(lines[damaged], '\n')
	}
	raw = bytes.Join(lines, nil)
	if err := os.WriteFile(st.JournalPath(), raw, 0o600); err != nil {
		t.Fatal(err)
	}
	return st, raw, games
}

// brokenJournals are the journals moved aside in st's folder.
func brokenJournals(st *Store) []string {
	names, _ := filepath.Glob(st.JournalPath() + ".broken-*")
	return names
}

// A damaged line in the journal: the changes before it are resumed, and
// the journal is moved aside whole (never deleted), the start told where
// (issue 39: the journal was deleted, and the changes after the damage
// with it, without a word).
func TestRecoverKeepsADamagedJournalAside(t *testing.T) {
	st, raw, games := damagedJournal(t, 3)
	r := NewStore(st.Dir).Recover(nil)
	loaded, err := NewStore(st.Dir).Load(nil)
	if err != nil || loaded.Game == nil {
		t.Fatal(err)
	}
	if got, want := loaded.Game.Now.Draws, games[2].Now.Draws; got != want {
		t.Errorf("resumed at draw %d, want %d: the two changes before the damaged line", got, want)
	}
	aside := brokenJournals(st)
	if len(aside) != 1 {
		t.Fatalf("journals kept aside: %v, want one", aside)
	}
	if kept, _ := os.ReadFile(aside[0]); !bytes.Equal(kept, raw) {
		t.Error("the journal kept aside is not the journal as it was")
	}
	if _, err := os.Stat(st.JournalPath()); err == nil {
		t.Error("the damaged journal is still where the next game's goes")
	}
	p := problemOf(r)
	if p == nil || p.Applied != 2 || p.Left != 4 || p.MovedTo != aside[0] || !strings.Contains(p.Error(), "line 4 cannot be read") || !strings.Contains(p.Error(), aside[0]) {
		t.Errorf("the start is told %+v", p)
	}
}

// A journal cut short in its last line resumes the changes before it, and
// keeps the torn line aside, said.
func TestRecoverKeepsATornLineAside(t *testing.T) {
	st, raw, games := damagedJournal(t, 0)
	raw = raw[:len(raw)-10]
	if err := os.WriteFile(st.JournalPath(), raw, 0o600); err != nil {
		t.Fatal(err)
	}
	r := NewStore(st.Dir).Recover(nil)
	loaded, _ := NewStore(st.Dir).Load(nil)
	if loaded.Game == nil || loaded.Game.Now.Draws != games[5].Now.Draws {
		t.Fatalf("resumed %+v, want the five whole changes", loaded.Game)
	}
	if p := problemOf(r); p == nil || p.Applied != 5 || p.Left != 1 || len(brokenJournals(st)) != 1 {
		t.Errorf("the start is told %+v; kept aside %v", p, brokenJournals(st))
	}
}

// The lines after a damaged one are applied when a fold mark after them
// names the save: the save holds the damaged change (a kill between a
// fold's save and the journal's restart).
func TestRecoverAppliesLinesAFoldMarkVouchesFor(t *testing.T) {
	st, _, games := damagedJournal(t, 2)
	data := saveGame(t, st, games[4], 2) // the fold's save: the first four changes
	raw, _ := os.ReadFile(st.JournalPath())
	mark, _ := lineOf(journalLine{Op: "fold", Base: hashOf(data), Lines: 4})
	if err := os.WriteFile(st.JournalPath(), append(raw, mark...), 0o600); err != nil {
		t.Fatal(err)
	}
	r := NewStore(st.Dir).Recover(nil)
	loaded, _ := NewStore(st.Dir).Load(nil)
	if loaded.Game == nil || loaded.Game.Now.Draws != games[6].Now.Draws {
		t.Fatalf("resumed at %+v, want all six changes (four in the save, two after the mark)", loaded.Game)
	}
	if problemOf(r) != nil || len(brokenJournals(st)) != 0 {
		t.Errorf("nothing was lost, but the start says %v", problemOf(r))
	}
}

// A journal a newer eventdeck wrote is read not at all, left where it is,
// and named: no game starts over it (issue 39: deleted, and the game
// resumed three draws back).
func TestRecoverRefusesANewerJournal(t *testing.T) {
	st, raw, _ := damagedJournal(t, 0)
	raw = bytes.Replace(raw, []byte(`"version":1`), []byte(`"version":2`), 1)
	if err := os.WriteFile(st.JournalPath(), raw, 0o600); err != nil {
		t.Fatal(err)
	}
	save, _ := os.ReadFile(st.Path())
	r := NewStore(st.Dir).Recover(nil)
	if kept, _ := os.ReadFile(st.JournalPath()); !bytes.Equal(kept, raw) {
		t.Fatal("the newer journal is not where it was, as it was")
	}
	if now, _ := os.ReadFile(st.Path()); !bytes.Equal(now, save) {
		t.Error("the save was changed")
	}
	p := problemOf(r)
	if p == nil || !p.Newer() || !strings.Contains(p.Error(), "newer eventdeck") || !strings.Contains(p.Error(), st.JournalPath()) {
		t.Errorf("the start is told %v", p)
	}
}

// A journal moved aside never overwrites one moved aside before, even in
// the same second.
func TestRecoverNeverOverwritesAJournalKeptAside(t *testing.T) {
	st, _, _ := damagedJournal(t, 1)
	now := time.Now()
	var earlier []string
	for _, at := range []time.Time{now, now.Add(time.Second), now.Add(2 * time.Second)} {
		name := st.JournalPath() + ".broken-" + at.Format("20060102-150405")
		if err := os.WriteFile(name, []byte("earlier"), 0o600); err != nil {
			t.Fatal(err)
		}
		earlier = append(earlier, name)
	}
	r := NewStore(st.Dir).Recover(nil)
	for _, name := range earlier {
		if b, _ := os.ReadFile(name); string(b) != "earlier" {
			t.Errorf("%s was overwritten", name)
		}
	}
	if len(brokenJournals(st)) != 4 {
		t.Errorf("kept aside: %v", brokenJournals(st))
	}
	if p := problemOf(r); p == nil || p.MovedTo == "" {
		t.Errorf("the start is told %+v", p)
	}
}

// A journal its start folded into the save, killed before it removed the
// journal, goes without a word: the save holds its last state.
func TestRecoverDropsAJournalTheSaveHolds(t *testing.T) {
	st, _, games := damagedJournal(t, 0)
	saveGame(t, st, games[6], 2) // the start's fold: the journal's base is the save before
	r := NewStore(st.Dir).Recover(nil)
	if problemOf(r) != nil || len(brokenJournals(st)) != 0 {
		t.Errorf("a journal the save holds was kept aside: %v", problemOf(r))
	}
	if _, err := os.Stat(st.JournalPath()); err == nil {
		t.Error("the journal is still there")
	}
}

// problemOf is what the start says of the journal.
func problemOf(r Recovered) *JournalProblem { return r.Problem }
