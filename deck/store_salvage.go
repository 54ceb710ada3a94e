package deck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// replayed is what the journal makes of the save, and what of it could
// not be read.
type replayed struct {
	game    *Game // nil: the journal adds nothing to the save (none, or stale)
	fresh   bool  // the journal holds its game whole: the save is another game, or none
	applied int   // changes applied

	newer   int    // the journal's version, when a newer eventdeck wrote it: nothing is read
	damaged string // why the changes stopped before the journal's end; "" when read to it
	left    int    // change lines not applied
	unfit   bool   // it continues no save here, and holds a state the save does not
}

// journalSlot is one change line as read: the change, or why it could not
// be read.
type journalSlot struct {
	l    journalLine
	bad  string
	line int // its line in the file, from 1 (the header)
}

// replayJournal reads the journal and applies its changes to saved, the
// save whose bytes are data (nil when there is none, or it is broken). A
// journal continues the save when its header or a fold mark names the
// save's hash; one that starts with the game whole stands alone; any other
// is stale.
//
// A line that cannot be read (torn by a kill, damaged on disk) ends the
// changes: those before it count. Those after it are applied only when a
// later fold mark names the save: the save holds the damaged change, and
// the lines after the mark follow it. Otherwise they are not applied (and
// kept aside by Recover): a change line records the turns after those it
// keeps and the state after it, and nothing in it shows that it follows
// the game without the change lost; applied, it could put turns back that
// the lost change had taken away.
func replayJournal(raw, data []byte, saved *Game) replayed {
	if raw == nil {
		return replayed{}
	}
	first, rest, _ := bytes.Cut(raw, []byte("\n"))
	var h journalHeader
	var loose struct {
		Journal string `json:"journal"`
		Version int    `json:"version"`
	}
	if json.Unmarshal(first, &loose) == nil && loose.Journal == formatName && loose.Version > journalVersion {
		return replayed{newer: loose.Version}
	}
	if strict(first, &h) != nil || h.Journal != formatName || h.Version != journalVersion {
		n := bytes.Count(raw, []byte("\n"))
		return replayed{damaged: "its first line is not a journal's", left: max(n-1, 0), unfit: true}
	}
	var slots []journalSlot
	start := -1
	hash := ""
	if data != nil {
		hash = hashOf(data)
		if h.Base == hash {
			start = 0
		}
	}
	for n := 2; len(rest) > 0; n++ {
		line, more, ok := bytes.Cut(rest, []byte("\n"))
		rest = more
		if !ok {
			slots = append(slots, journalSlot{bad: fmt.Sprintf("its last line (%d) is cut short", n), line: n})
			break
		}
		var l journalLine
		if strict(line, &l) != nil {
			if bytes.HasPrefix(line, []byte(`{"op":"fold"`)) {
				continue // a mark, not a change: the marks after it count the changes
			}
			slots = append(slots, journalSlot{bad: fmt.Sprintf("line %d cannot be read", n), line: n})
			continue
		}
		if l.Op == "fold" {
			if hash != "" && l.Base == hash && l.Lines <= len(slots) {
				start = l.Lines
			}
			continue
		}
		slots = append(slots, journalSlot{l: l, line: n})
	}
	out := replayed{}
	g := saved
	switch {
	case start >= 0 && saved != nil:
	case h.Base == "" && len(slots) > 0 && slots[0].bad == "" && slots[0].l.Op == "save":
		start, g, out.fresh = 0, nil, true
	case len(slots) == 0:
		return replayed{}
	default:
		// It continues another save: harmless when the save holds its last
		// state (a start killed after its fold, before the journal went).
		out.unfit = !holdsLast(slots, saved)
		if out.unfit {
			out.damaged, out.left = "it does not continue the save", len(slots)
		}
		return out
	}
	for i := start; i < len(slots); i++ {
		s := slots[i]
		if s.bad != "" {
			out.damaged, out.left = s.bad, len(slots)-i
			break
		}
		next, err := applyLine(g, s.l)
		if err != nil {
			out.damaged, out.left = fmt.Sprintf("line %d does not follow the one before it (%v)", s.line, err), len(slots)-i
			break
		}
		g = next
		out.applied++
	}
	if g != nil && (out.applied > 0 || out.fresh) {
		out.game = g
	}
	return out
}

// holdsLast reports whether saved's state is the last state the journal's
// slots reach.
func holdsLast(slots []journalSlot, saved *Game) bool {
	if saved == nil {
		return false
	}
	last := slots[len(slots)-1]
	if last.bad != "" {
		return false
	}
	w, err := toWire(saved.Now)
	if err != nil {
		return false
	}
	if last.l.Op == "save" {
		g, err := Decode(last.l.Save)
		if err != nil {
			return false
		}
		lw, err := toWire(g.Now)
		return err == nil && bytes.Equal(appendWire(nil, lw), appendWire(nil, w))
	}
	return bytes.Equal(last.l.State, appendWire(nil, w))
}

// JournalProblem is a journal Recover could not read whole: what of it
// the game resumes with, and where the journal went.
type JournalProblem struct {
	Path    string // the journal's path
	Version int    // a newer eventdeck's journal version; 0 for a damaged journal
	Why     string // what could not be read
	Applied int    // changes the game resumes with
	Left    int    // change lines not applied
	MovedTo string // where the journal was moved; "" when it is where it was
	Err     error  // why it could not be moved, if it could not
}

// Newer reports whether a newer eventdeck wrote the journal: it is left
// where it is, and no game should start over it.
func (p *JournalProblem) Newer() bool { return p.Version > journalVersion }

// Error is the line for the screen.
func (p *JournalProblem) Error() string {
	if p.Newer() {
		return fmt.Sprintf("%s was written by a newer eventdeck (journal version %d; this one reads %d) and holds the latest changes of the game: go on with that eventdeck, or move the journal away to resume from the save without them", p.Path, p.Version, journalVersion)
	}
	where := "it was moved to " + p.MovedTo
	if p.MovedTo == "" {
		where = fmt.Sprintf("it could not be moved aside (%v) and is where it was", p.Err)
	}
	kept := "the game resumes from the save"
	if p.Applied > 0 {
		kept = fmt.Sprintf("the game resumes with the %d changes before it", p.Applied)
	}
	return fmt.Sprintf("The journal of changes since the last save could not all be read: %s; %s (%d not applied); %s.", p.Why, kept, p.Left, where)
}

// recoverJournal folds into the save what of the journal can be read,
// and removes the journal; a journal with lines that could not be read
// or applied is moved aside instead (never over another: moveAside), and
// out.Problem says so. A newer eventdeck's journal is left where it is,
// read not at all. ok is false when the journal stays: a newer one, or
// the save could not be written.
func (st *Store) recoverJournal(out *Recovered, check func(*Game) error) (ok bool) {
	data, journal, err := st.readCurrent()
	var saved *Game
	if err == nil {
		saved, err = Decode(data)
	}
	if err != nil {
		data, saved = nil, nil
	}
	r := replayJournal(journal, data, saved)
	if r.newer > 0 {
		out.Problem = &JournalProblem{Path: st.JournalPath(), Version: r.newer}
		return false
	}
	if r.game != nil {
		if cerr := checkGame(r.game, check); cerr != nil {
			r.damaged, r.left, r.applied = "its changes fail the game's checks ("+cerr.Error()+")", r.left+r.applied, 0
		} else {
			enc, err := Encode(r.game)
			if err != nil {
				return false
			}
			if r.fresh && exists(st.Path()) {
				st.NewGameStarts() // the game before the new one is archived first
			}
			if err := st.save(st.Reserve(), enc); err != nil {
				return false
			}
			out.Journal = max(r.applied, 1)
		}
	}
	if r.damaged == "" {
		_ = os.Remove(st.JournalPath())
		return true
	}
	p := &JournalProblem{Path: st.JournalPath(), Why: r.damaged, Applied: out.Journal, Left: r.left}
	p.MovedTo, p.Err = moveAside(st.JournalPath())
	if p.Err != nil {
		p.MovedTo = ""
	}
	out.Problem = p
	_ = syncDir(filepath.Dir(st.JournalPath()))
	return true
}
