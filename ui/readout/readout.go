// Package readout works out what one reader of the game on the table sees
// now: the turn on show (number, dice, event, steps), whose turn it is,
// and what this reader may do — draw, answer which question, undo — with
// their own pending question or private pick. Every screen reads it, so
// the words are the game's and the session's, said once; a private pick
// or look is only ever in its own player's readout. It imports no Bubble
// Tea and no net/http.
package readout

import (
	"strconv"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/session"
)

// Readout is the game as one reader sees it now.
type Readout struct {
	Version  uint64   `json:"version"`            // counts the game's changes
	Game     string   `json:"game"`               // the game's name
	About    string   `json:"about,omitempty"`    // its parts: "English 6th edition · 4 players"
	Progress string   `json:"progress,omitempty"` // "Year 1 · draw 12 of 31"
	Announce string   `json:"announce,omitempty"` // how the game was set up, before the first turn
	You      string   `json:"you"`                // "You play Ann." or "You watch this game."
	Seat     int      `json:"seat"`               // the reader's seat; -1 for a viewer and the host
	Players  []Who    `json:"players"`            // the seats, in order
	First    *Who     `json:"first,omitempty"`    // before the first turn: who starts
	TurnOf   *Who     `json:"turnOf,omitempty"`   // whose turn is on show
	Next     *Who     `json:"next,omitempty"`     // who plays next
	Turn     *Turn    `json:"turn,omitempty"`     // the turn on show; nil before the first
	Last     []int    `json:"last,omitempty"`     // the numbers before, newest first
	Trackers []Line   `json:"trackers,omitempty"` // the game's trackers
	Lookers  []string `json:"lookers,omitempty"`  // others' private actions open on their own screens
	Said     string   `json:"said,omitempty"`     // what players said on their own screens to the question

	May      May       `json:"may"`                // what this reader may do now
	Rights   []Right   `json:"rights"`             // every action of the table: may this reader take it now, and if not, why
	Ready    string    `json:"ready,omitempty"`    // before the first turn: who starts, and how
	WaitsFor []string  `json:"waitsFor,omitempty"` // players asked on their own screens whom the table waits for
	Clock    *Clock    `json:"clock,omitempty"`    // the turn timer, while one runs
	Ask      *Ask      `json:"ask,omitempty"`      // the question waiting, as this reader sees it
	Own      *Own      `json:"own,omitempty"`      // the reader's own question ("Do you hold…?")
	Private  []Private `json:"private,omitempty"`  // the reader's own private picks or looks
	TurnDone string    `json:"turnDone,omitempty"` // "Turn done. Bob draws next."
	NextUp   string    `json:"nextUp,omitempty"`   // with TurnDone: who does what next, "Bob draws"
	Ended    string    `json:"ended,omitempty"`    // the host ended the game: it is saved, and how it goes on
}

// Who is a player at the table: a name and a colour's name, so nobody is
// told by colour alone.
type Who struct {
	Name   string `json:"name"`
	Colour string `json:"colour"`
	You    bool   `json:"you,omitempty"`
}

// Turn is the turn on show.
type Turn struct {
	Draw         int    `json:"draw"`
	Year         int    `json:"year,omitempty"`
	Number       int    `json:"number,omitempty"`
	Pips         int    `json:"pips,omitempty"`
	Note         string `json:"note,omitempty"`
	Alert        bool   `json:"alert,omitempty"`
	Dice         []Die  `json:"dice,omitempty"`
	Title        string `json:"title"` // "No event" for none
	Text         string `json:"text,omitempty"`
	Rebuilt      string `json:"rebuilt,omitempty"`
	Marks        []Line `json:"marks,omitempty"`
	Steps        []Step `json:"steps,omitempty"`
	Announcement string `json:"announcement"` // one line for a screen reader: the number and the event
}

// Die is one die's face, told by its own description.
type Die struct {
	Label  string `json:"label"`            // "R red 3", "T trade": reads without colour
	Name   string `json:"name"`             // "red", "event"
	Colour string `json:"colour,omitempty"` // the colour's name
	Pips   int    `json:"pips,omitempty"`
	Symbol string `json:"symbol,omitempty"`
	Odds   string `json:"odds,omitempty"` // "1 in 6"
	Set    bool   `json:"set,omitempty"`  // set by hand
}

// Line is a tracker or a mark: a label and what it says.
type Line struct {
	Label string `json:"label"`
	Text  string `json:"text"`
	Alert bool   `json:"alert,omitempty"`
}

// Step is one step of the turn, with its state: "done", "open" (the one
// waiting) or "todo".
type Step struct {
	Title   string `json:"title"`
	Text    string `json:"text,omitempty"`
	Outcome string `json:"outcome,omitempty"`
	Said    string `json:"said,omitempty"` // its answer in words, once given
	State   string `json:"state"`
}

// May says what the reader may do now; each is the session's own check.
type May struct {
	Draw   *Action `json:"draw,omitempty"`   // the turn's action (draw, roll), theirs now
	Answer bool    `json:"answer,omitempty"` // answer the question waiting
	Undo   bool    `json:"undo,omitempty"`   // take back the last change (their own)
	Why    string  `json:"why,omitempty"`    // why the question waiting is not theirs
}

// Action is an action of the game: its id to send back, and its words.
type Action struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Help  string `json:"help,omitempty"`
	Main  bool   `json:"main,omitempty"` // the turn's one action (a Tournament's picks), not one on the side (a look)
}

// Ask is the question waiting, as the table asks it.
type Ask struct {
	Key     string `json:"key"`
	Prompt  string `json:"prompt"`
	Step    string `json:"step"`              // the step's title
	Text    string `json:"text,omitempty"`    // what the step tells
	Kind    string `json:"kind"`              // "player", "number", "yes-no", "players"
	Max     int    `json:"max,omitempty"`     // for a number: the largest taken
	Default string `json:"default,omitempty"` // the remembered answer's value
	Offer   string `json:"offer,omitempty"`   // it in words
	Known   string `json:"known,omitempty"`   // players already known to belong (a set of seats)
	// Ticked are the seats ticked when the question opens, for a set of
	// players: the remembered answer, else those known to belong. Every
	// screen starts from them (issue 37 item 5).
	Ticked []int `json:"ticked,omitempty"`
	// Choices are the players to pick from, for a player or a set.
	Choices []Who `json:"choices,omitempty"`
}

// Clock is the turn timer as every screen shows it.
type Clock struct {
	Length int    `json:"length"` // the turn's seconds
	Left   int    `json:"left"`   // seconds left, rounded up; 0 once time is up
	Paused bool   `json:"paused,omitempty"`
	Player string `json:"player"` // whose turn it times
	Run    uint64 `json:"run"`    // changes whenever it starts, pauses or resumes
}

// Own is a question about each player, asked of the reader on their own
// screen: they answer yes or no for themselves.
type Own struct {
	Key      string `json:"key"`
	Prompt   string `json:"prompt"`             // "Do you hold more than 7 cards?"
	Said     string `json:"said,omitempty"`     // "yes" or "no" once they have answered
	Answered string `json:"answered,omitempty"` // who has answered so far
	Waiting  string `json:"waiting,omitempty"`  // whom it waits for
}

// Private is the reader's own private pick or look: only ever in its own
// player's readout. Its inputs (what only they may see) are there only
// while they have it open.
type Private struct {
	Action
	Open   bool    `json:"open"`
	Inputs []Input `json:"inputs,omitempty"`
}

// Input is one value a private action needs.
type Input struct {
	Prompt  string   `json:"prompt"`
	Kind    string   `json:"kind"` // "number", "choice", "choices", "show"
	Min     int      `json:"min,omitempty"`
	Max     int      `json:"max,omitempty"`
	Choices []string `json:"choices,omitempty"`
	Limits  []int    `json:"limits,omitempty"`
}

// Ended is what every screen says when the host ended the game.
const Ended = "The host ended the game; it is saved. It goes on with eventdeck serve --resume."

var questionKinds = map[deck.QuestionKind]string{
	deck.AskPlayer: "player", deck.AskNumber: "number", deck.AskYesNo: "yes-no", deck.AskPlayers: "players",
}

var inputKinds = map[deck.InputKind]string{
	deck.InputNumber: "number", deck.InputChoice: "choice", deck.InputChoices: "choices", deck.InputShow: "show",
}

// Of is what the reader of h sees now: read under the session's one lock,
// from one snapshot, so every part of it — the turn, the questions, and
// what the reader may do — belongs to the same instant.
func Of(h *session.Hand) Readout {
	var r Readout
	h.Look(func(l *session.Look) { r = OfLook(l) })
	return r
}

// OfLook is what the reader of l sees at l's instant: a screen that reads
// more of the session at the same instant (its snapshot, its reader's
// seat) calls it inside its own Hand.Look.
func OfLook(l *session.Look) Readout {
	snap, rules, me := l.Snapshot(), l.Rules(), l.Who()
	st := snap.State
	r := Readout{Version: snap.Version, Game: rules.Name(), Seat: -1}
	if d, ok := rules.(expansions.Describer); ok {
		r.About = d.Describe(st)
	}
	if p, ok := rules.(expansions.Progresser); ok {
		r.Progress = p.Progress(st)
	}
	r.You = You(st, me)
	if !me.Host && !me.IsViewer() {
		r.Seat = me.Seat
	}
	who := func(i int) *Who {
		return &Who{Name: st.PlayerName(i), Colour: st.ColourOf(i), You: i == r.Seat && r.Seat >= 0}
	}
	for i := range st.Players {
		r.Players = append(r.Players, *who(i))
	}
	if tk, ok := rules.(expansions.TrackerKeeper); ok {
		for _, tr := range tk.Trackers(st) {
			text := strconv.Itoa(tr.Pos) + " of " + strconv.Itoa(tr.Steps)
			if tr.Note != "" {
				text += " · " + tr.Note
			}
			r.Trackers = append(r.Trackers, Line{Label: tr.Name, Text: text})
		}
	}
	if snap.Closed {
		r.Ended = Ended
	}
	if c := l.Timer(); c.Length > 0 {
		r.Clock = &Clock{Length: c.Length, Left: c.SecondsLeft(), Paused: c.Paused, Player: st.PlayerName(c.Player), Run: c.Run}
	}
	t, shown := l.Turn()
	steps := l.Steps()
	if !shown {
		r.First = who(st.Current)
		if a, ok := rules.(expansions.Announcer); ok {
			r.Announce = a.Announce(st)
		}
	} else {
		r.TurnOf, r.Next = who(t.Player), who(st.Current)
		r.Turn = turnOf(t, steps, st.Open, Waiting(steps, st.Open, me))
		r.Last = l.Last(func() []int { return lastNumbers(rules, st) })
	}
	names, what := l.Lookers()
	r.Lookers = LookerLines(st, me, names, what)
	r.mayDo(l, st, me, shown, steps)
	return r
}

// turnOf is the turn t with its steps: those before the question waiting
// done, it open, the rest to do.
func turnOf(t deck.Turn, steps []deck.Step, open *deck.Record, wait int) *Turn {
	out := &Turn{Draw: t.Draw, Year: t.Year, Number: t.Number, Pips: t.Pips, Note: t.NumberNote, Alert: t.NumberAlert,
		Title: t.Title, Text: t.Text, Rebuilt: t.RebuiltText}
	if !t.Rebuilt {
		out.Rebuilt = ""
	}
	if out.Title == "" {
		out.Title = "No event"
	}
	for _, f := range t.Dice {
		d := Die{Label: f.Label(), Name: f.Name, Colour: f.Colour, Pips: f.Pips, Symbol: f.Symbol, Set: f.Set}
		if f.Of > 0 {
			d.Odds = strconv.Itoa(f.Ways) + " in " + strconv.Itoa(f.Of)
		}
		out.Dice = append(out.Dice, d)
	}
	for _, m := range t.Marks {
		out.Marks = append(out.Marks, Line{Label: m.Label, Text: m.Text, Alert: m.Alert})
	}
	first := Waiting(steps, open, session.TheHost()) // the first unanswered: what follows it waits
	for i, s := range steps {
		step := Step{Title: s.Title, Text: s.Text, Outcome: s.Outcome, State: "done"}
		answered := false
		if s.Question != nil && open != nil {
			_, answered = open.Answers[s.Question.Key]
		}
		switch {
		case i == wait:
			step.State = "open"
		case first >= 0 && i >= first && !answered:
			step.State = "todo"
		}
		if s.Question != nil && open != nil && step.State == "done" {
			step.Said = open.Said[s.Question.Key]
		}
		if step.State != "done" {
			step.Outcome = "" // what it decides is not decided yet
		}
		out.Steps = append(out.Steps, step)
	}
	out.Announcement = announcement(t, out.Title)
	return out
}

// announcement is the line a screen reader says of a draw: the number and
// the event.
func announcement(t deck.Turn, title string) string {
	say := ""
	if t.Number > 0 {
		say = strconv.Itoa(t.Number) + ". "
	}
	for _, f := range t.Dice {
		if f.Pips == 0 {
			say += f.Label() + ". "
		}
	}
	return say + title + "."
}

// Waiting is the index of the step whose question me answers now, or -1
// when none waits: the first without an answer. A player on their own
// screen answers their own question of a run asked of one player each
// (each player's hand size, after a 7) at once with the others, without
// waiting for those asked first (issue 30 item 12).
func Waiting(steps []deck.Step, open *deck.Record, me session.Who) int {
	if open == nil {
		return -1
	}
	first := -1
	for i, s := range steps {
		q := s.Question
		if q == nil {
			continue
		}
		if _, ok := open.Answers[q.Key]; ok {
			continue
		}
		switch {
		case first < 0:
			first = i
			if me.Host || me.Seat < 0 || len(s.Players) != 1 || s.Players[0] == me.Seat {
				return first
			}
		case len(s.Players) != 1 || q.Kind != steps[first].Question.Kind:
			return first // the run of questions of one player each ends
		case s.Players[0] == me.Seat:
			return i
		}
	}
	return first
}

// lastNumbers are the numbers drawn before the turn on show, newest first.
func lastNumbers(rules expansions.Ruleset, st *deck.State) []int {
	var out []int
	for i := st.Turns() - 2; i >= 0 && len(out) < 12; i-- {
		if t, ok := rules.Turn(st, i); ok && t.Number > 0 {
			out = append(out, t.Number)
		}
	}
	return out
}
