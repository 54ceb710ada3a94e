package deck

import "strings"

// Face is one die as the table sees it this turn.
type Face struct {
	Die   string // "red", "white", "event"...
	Value string // "1".."6", or a symbol name such as "ship"
}

// Turn is what the table must see after an action: the production number,
// every die's face, the card and its event in the chosen edition, and whether
// the deck was rebuilt first. Rulesets fill it; the UI shows it.
type Turn struct {
	Draw    int    // production count, from 1
	Year    int    // the deck's year, from 1
	Player  int    // whose turn it is, index into State.Players
	Card    Card   // the numbered card drawn
	Number  int    // the production number, 2..12
	Dice    []Face // in the order the table reads them
	Event   string // event id, "none" for no event
	Title   string // the event's title in the edition, or empty
	Text    string // what the event does, in our words
	NewYear bool   // the deck was rebuilt before this card was drawn
	NoCard  bool   // no card was drawn: the dice were chosen (Alchemy)

	Barbarians int  // C&K: the barbarians' position after this turn, 0..7
	Attack     bool // C&K: the barbarians attack this turn
}

// Die returns the value shown by the named die this turn, or "" if it was not part of the turn.
func (t Turn) Die(name string) string {
	for _, f := range t.Dice {
		if f.Die == name {
			return f.Value
		}
	}
	return ""
}

// Option is one setting a ruleset offers on the setup screen and as a flag.
type Option struct {
	Key     string   // flag and save name, e.g. "edition"
	Label   string   // what the setup screen calls it
	Values  []string // the values it takes, in the order offered
	Default string   // the value when none is given
	Help    string   // one short line on what it changes
	Needs   string   // "key=value": offered only when another option has that value
}

// Entry is one quick-reference entry: a title, words to find it by, and a
// short text.
type Entry struct {
	Title string
	Tags  []string
	Text  string
}

// Matches reports whether every word appears in the entry's title, tags or
// text, ignoring case. No words match every entry.
func (e Entry) Matches(words []string) bool {
	hay := strings.ToLower(e.Title + " " + strings.Join(e.Tags, " ") + " " + e.Text)
	for _, w := range words {
		if !strings.Contains(hay, strings.ToLower(w)) {
			return false
		}
	}
	return true
}

// Step is one thing the table does to resolve a turn: a title, a short text,
// who does it, and maybe a question whose answer becomes a fact.
type Step struct {
	Title    string
	Text     string
	Players  []int     // who acts, by seat; empty means everyone
	Question *Question // nil for a step that only tells
}

// QuestionKind is the kind of answer a question takes.
type QuestionKind int

// The kinds of question.
const (
	AskPlayer QuestionKind = iota // a player's seat ("0", "1", …) or AnswerNobody
	AskNumber                     // a whole number
	AskYesNo                      // AnswerYes or AnswerNo
)

// Answers with a special meaning.
const (
	AnswerNobody = "none" // no player holds it
	AnswerYes    = "yes"
	AnswerNo     = "no"
	AnswerSkip   = "skip" // skipped: the steps fall back to plain text
)

// Question asks the table for something the app cannot see on the board.
type Question struct {
	Key      string // where the answer is kept, e.g. "largest-army" or "hand:2"
	Prompt   string
	Kind     QuestionKind
	Remember bool   // the answer is a fact, offered again next time
	Default  string // the remembered answer, confirmed with one key; "" for none
}

// Tracker is a counter the table watches, such as the barbarian ship.
type Tracker struct {
	Name  string // what the screen calls it
	Key   string // the key in State.Trackers
	Pos   int    // where it stands
	Steps int    // where it triggers
	Note  string // one line on what it means now
}
