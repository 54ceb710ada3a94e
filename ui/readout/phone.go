package readout

import "strings"

// Phone is what the phone page reads beside a readout: the same view, in
// the few places where a phone's words differ from a terminal's (no keys
// to press, no shell commands), worked out here so the page's script
// decides nothing (issue 37 items 9 and 13).
type Phone struct {
	Header string `json:"header"`          // the game once: "Catan board game (Event Cards) · Cities & Knights · …"
	Title  string `json:"title"`           // the tab's title: the game and whose turn
	Ready  string `json:"ready,omitempty"` // before the first turn: who draws, without a key
	Marks  []Line `json:"marks,omitempty"` // the turn's marks less those a tracker already shows
	Ended  string `json:"ended,omitempty"` // the game ended: it is saved, with no command to type
}

// PhoneEnded is what a phone says once the host has ended the game: a
// phone cannot type the command that resumes it, so it is not named.
const PhoneEnded = "The host ended the game. It is saved: the host can start it again where it stopped."

// PhoneOf is the phone's part of r.
func PhoneOf(r *Readout) Phone {
	p := Phone{Header: header(r.Game, r.About), Title: r.Game}
	if r.Ended != "" {
		p.Ended = PhoneEnded
	}
	switch {
	case r.TurnOf != nil:
		p.Title += " · " + r.TurnOf.Name + "'s turn"
	case r.First != nil:
		p.Title += " · " + r.First.Name + " starts"
	}
	if r.Ready != "" {
		p.Ready = withoutKey(r.Ready)
	}
	if r.Turn != nil {
		for _, m := range r.Turn.Marks {
			if !tracked(r.Trackers, m.Label) {
				p.Marks = append(p.Marks, m)
			}
		}
	}
	return p
}

// header is the game's name and its parts, each named once: a part that
// the name already holds ("Catan" in "Catan board game") is left out.
func header(game, about string) string {
	out := game
	for part := range strings.SplitSeq(about, " · ") {
		if part != "" && !strings.Contains(strings.ToLower(game), strings.ToLower(part)) {
			out += " · " + part
		}
	}
	return out
}

// withoutKey is a line of the terminal's without its key to press: "Ann
// draws the first card: press space." reads "Ann draws the first card."
func withoutKey(line string) string {
	if before, _, ok := strings.Cut(line, ": press "); ok {
		return before + "."
	}
	return line
}

// tracked reports whether a tracker of the game is labelled label: the
// barbarian track is shown once, as the tracker.
func tracked(trackers []Line, label string) bool {
	for _, t := range trackers {
		if strings.EqualFold(t.Label, label) {
			return true
		}
	}
	return false
}
