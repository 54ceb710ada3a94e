package deck

import (
	"slices"
	"strconv"
	"strings"
)

// Face is one die as the table sees it this turn, describing itself so that
// any screen or output can show it without knowing the game: pips or a
// symbol, a letter and a colour name (so it reads without colour), and the
// odds of that face.
type Face struct {
	Die    string // the die's id, also its key in `draw --json`: "red", "event_die"
	Name   string // what the table calls the die: "red", "white", "event"
	Value  string // the face's id: "1".."6", or a symbol such as "ship"
	Pips   int    // 1..6 for a face of dots; 0 for a symbol face
	Symbol string // a symbol face's word: "ship", "trade"
	Letter string // one letter that tells the face (or die) without colour
	Colour string // colour name: "red", "white", "yellow", "blue", "green", "black"; "" for plain
	Ways   int    // the face comes up Ways times in Of
	Of     int
	Set    bool // set by hand (Alchemy, physical dice typed in), not rolled
}

// Label is the face in a few words that need no colour: "R red 3", "T trade".
func (f Face) Label() string {
	v := f.Symbol
	if f.Pips > 0 {
		v = strconv.Itoa(f.Pips)
	}
	parts := make([]string, 0, 3)
	if f.Letter != "" {
		parts = append(parts, f.Letter)
	}
	if f.Pips > 0 && f.Name != "" {
		parts = append(parts, f.Name)
	}
	return strings.Join(append(parts, v), " ")
}

// Mark is a game mark on a turn that needs no field in deck: a tracker that
// moved, an attack, a season. Key is its name in `draw --json`.
type Mark struct {
	Key   string // "barbarians", "attack"
	Label string // what the screen calls it: "Barbarians"
	Value any    // for `draw --json`: an int, bool or string
	Text  string // for the screen: "5 of 7", "attack!"
	Alert bool   // worth a bell and a count in the statistics
}

// Turn is what the table must see after an action: the production number,
// every die's face, the card and its event, whether the deck was rebuilt
// first, and the game's marks. Rulesets fill it; screens, statistics,
// history, export and `draw --json` read only this description.
type Turn struct {
	Draw   int // turn count, from 1
	Year   int // the deck's year, from 1; 0 for a game without years
	Player int // whose turn it was, index into State.Players

	Number      int    // the production number; 0 for none
	Pips        int    // dots under the number (its odds on a token); 0 for none
	NumberNote  string // a word beside the number: "hot", "robber"
	NumberAlert bool   // the number is drawn in the alert colour

	Dice []Face // in the order the table reads them

	Card  string // id of the card drawn, "" for none
	Event string // event id, "" or "none" for no event
	Title string // the event's title, or empty
	Text  string // what the event does, in our words

	Rebuilt     bool   // the deck was rebuilt before this turn (New Year, Yule)
	RebuiltText string // what the table is told about the rebuild
	Chosen      bool   // the numbers were chosen (Alchemy), not drawn
	Bell        bool   // a turn the table should hear: a 7, an attack

	Marks []Mark
}

// Die returns the face shown by the die with id name this turn, and false
// if that die was not part of the turn.
func (t Turn) Die(name string) (Face, bool) {
	for _, f := range t.Dice {
		if f.Die == name {
			return f, true
		}
	}
	return Face{}, false
}

// Mark returns the mark with key, and false if the turn has none.
func (t Turn) Mark(key string) (Mark, bool) {
	for _, m := range t.Marks {
		if m.Key == key {
			return m, true
		}
	}
	return Mark{}, false
}

// Odds is how likely a production number is: Ways in Of.
type Odds struct {
	Number int
	Ways   int
	Of     int
}

// Option is one setting a ruleset offers on the setup screen and as a flag.
type Option struct {
	Key        string   // flag and save name, e.g. "edition"
	Label      string   // what the setup screen calls it
	Values     []string // the values it takes, in the order offered
	Default    string   // the value when none is given
	Help       string   // one short line on what it changes
	Needs      string   // "key=value": offered only when another option has that value
	MinPlayers int      // offered only with at least this many players; 0 always
	// Group joins on/off options under one repeatable flag: with Group
	// "expansion", `--expansion KEY` turns this option on.
	Group string
	// Free takes any value Check accepts instead of one of Values (Values
	// are then only suggestions): a list of names, a number.
	Free bool
	// Live options may change mid-game (a hand limit); the others make the
	// game and stay as it began.
	Live bool
}

// Takes reports whether v is a value o takes: one of its Values, or any
// value for a Free option.
func (o Option) Takes(v string) bool { return o.Free || slices.Contains(o.Values, v) }

// Unmet lists the keys given in values whose option is not in play: it
// needs another option's value (Needs), which that option does not have (a
// value not given is the option's default), or needs an option that is
// itself not in play. Options are listed before those that need them.
func Unmet(opts []Option, values map[string]string) []string {
	out := []string{}
	off := map[string]bool{}
	for _, o := range opts {
		k, want, ok := strings.Cut(o.Needs, "=")
		if !ok {
			continue
		}
		have, given := values[k]
		if !given {
			for _, p := range opts {
				if p.Key == k {
					have = p.Default
				}
			}
		}
		if have != want || off[k] {
			off[o.Key] = true
			if _, given := values[o.Key]; given {
				out = append(out, o.Key)
			}
		}
	}
	return out
}

// Entry is one quick-reference entry: a title, words to find it by, and a
// short text.
type Entry struct {
	Title string
	Tags  []string
	Text  string
	// Keys are the words a player at the table most likely means this
	// entry by: "robber" is Robber Attacks before Robber Flees (issue 40).
	Keys []string
	// Needs are the parts of the game the entry is about ("cities-knights",
	// "prosperity"), as the game names what a table plays (Table.Parts);
	// none: the whole game.
	Needs []string
}

// Matches reports whether every word appears in the entry's title, tags or
// text, ignoring case. No words match every entry.
func (e Entry) Matches(words []string) bool {
	hay := strings.ToLower(e.Title + " " + strings.Join(e.Tags, " ") + " " + strings.Join(e.Keys, " ") + " " + e.Text)
	for _, w := range words {
		if !strings.Contains(hay, strings.ToLower(w)) {
			return false
		}
	}
	return true
}

// Step is one thing the table does to resolve a turn: a title, a short text,
// who does it, and maybe a question whose answer becomes a fact. A step that
// decides something for the table (who loses a city, who discards how many)
// says it in Outcome, one short line shown before every detail.
type Step struct {
	Title    string
	Text     string
	Outcome  string    // what the step decides, in one short line; "" for none
	Players  []int     // who acts, by seat; empty means everyone
	Question *Question // nil for a step that only tells
}

// QuestionKind is the kind of answer a question takes.
type QuestionKind int

// The kinds of question.
const (
	AskPlayer  QuestionKind = iota // a player's seat ("0", "1", …) or AnswerNobody
	AskNumber                      // a whole number
	AskYesNo                       // AnswerYes or AnswerNo
	AskPlayers                     // a set of seats, "0,2", or AnswerNobody
)

// Answers with a special meaning.
const (
	AnswerNobody = "none" // no player holds it
	AnswerYes    = "yes"
	AnswerNo     = "no"
	AnswerSkip   = "skip" // skipped: the steps fall back to plain text
)

// Question asks the table for something the app cannot see on the board. It
// carries the words for its answer: Topic names what is asked, so an answer
// reads "Largest Army: Bob" wherever it is shown.
type Question struct {
	Key    string // where the answer is kept, e.g. "largest-army" or "hand:2"
	Prompt string
	Topic  string // the answer's subject in a few words: "Largest Army", "Ann's hand"
	Kind   QuestionKind
	Max    int // for AskNumber: the largest answer taken; 0 means 999
	// One marks a set of players that is most often one (the leader in
	// points): a digit answers at once, and a tie takes a key more.
	One      bool
	Remember bool   // the answer is a fact, offered again next time
	Default  string // the remembered answer, confirmed with one key; "" for none
	// Known are the players already known to belong in an AskPlayers
	// answer: ticked when the question opens. Unlike a Default, it is not
	// an answer to accept; the table ticks the rest, or unticks to correct.
	Known string
	// Own asks one player of an AskPlayers question on a screen of their
	// own (eventdeck serve): "Do you hold more than 7 cards?"; "" asks
	// the Prompt.
	Own string
}

// Says puts an answer to q in words, naming players: "Largest Army: Bob",
// "Over the limit: Ann and Cy", "Ann's hand: 9", "Ann's hand: skipped".
func (q Question) Says(v string, players []Player) string {
	topic := q.Topic
	if topic == "" {
		topic = q.Prompt
	}
	return topic + ": " + q.ValueText(v, players)
}

// ValueText is an answer's value in words: a player's name, "nobody",
// "yes", a number, "skipped".
func (q Question) ValueText(v string, players []Player) string {
	switch v {
	case AnswerSkip:
		return "skipped"
	case AnswerNobody:
		return "nobody"
	}
	switch q.Kind {
	case AskPlayer:
		if n, err := strconv.Atoi(v); err == nil && n >= 0 && n < len(players) {
			return players[n].Name
		}
	case AskPlayers:
		seats, err := ParseSeats(v, len(players))
		if err != nil {
			return v
		}
		names := make([]string, len(seats))
		for i, s := range seats {
			names[i] = players[s].Name
		}
		return JoinNames(names)
	}
	return v
}

// ParseSeats reads an AskPlayers answer: seats separated by commas, or
// AnswerNobody for none. Seats must be in range and not repeat.
func ParseSeats(v string, players int) ([]int, error) {
	if v == AnswerNobody {
		return nil, nil
	}
	var seats []int
	seen := map[int]bool{}
	for _, p := range strings.Split(v, ",") {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n >= players || seen[n] {
			return nil, &seatError{v}
		}
		seen[n] = true
		seats = append(seats, n)
	}
	return seats, nil
}

type seatError struct{ v string }

func (e *seatError) Error() string { return strconv.Quote(e.v) + " is not a set of players" }

// FormatSeats writes seats as an AskPlayers answer.
func FormatSeats(seats []int) string {
	if len(seats) == 0 {
		return AnswerNobody
	}
	parts := make([]string, len(seats))
	for i, s := range seats {
		parts[i] = strconv.Itoa(s)
	}
	return strings.Join(parts, ",")
}

// JoinNames lists names as "Ann", "Ann and Bob", "Ann, Bob and Cy", or
// "nobody".
func JoinNames(names []string) string {
	switch len(names) {
	case 0:
		return "nobody"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// Tracker is a counter the table watches, such as the barbarian ship.
type Tracker struct {
	Name  string // what the screen calls it
	Key   string // the key in State.Trackers
	Pos   int    // where it stands
	Steps int    // where it triggers
	Note  string // one line on what it means now
}

// InputKind is the kind of value an action takes from the table.
type InputKind int

// The kinds of input.
const (
	InputNumber  InputKind = iota // a whole number from Min to Max, typed as digits
	InputChoice                   // one of Choices, by its number from 1
	InputChoices                  // any of Choices, toggled by number, confirmed with enter
	InputShow                     // Choices are only shown; enter goes on (its value is 0)
)

// Input is one value an action needs before it can be done.
type Input struct {
	Prompt  string
	Kind    InputKind
	Min     int
	Max     int
	Choices []string
	// Limits, for InputChoice, caps how often each choice may be picked
	// across the action's inputs (copies in a deck); 0 or none: no cap.
	Limits []int
}

// ActionSpec is something the table may do now: draw, roll, set a die, look
// into the stack. The UI binds Key to it, asks its Inputs in order, and
// hands the answers to Ruleset.Act as one Action.
type ActionSpec struct {
	ID     string // "draw", "alchemy", "set-barbarians"
	Key    string // the key that asks for it; "" for the main action only
	Label  string // a few words for the help line: "alchemy"
	Help   string // one line on what it does
	Main   bool   // the one-key action of a quiet turn (space)
	Inputs []Input
	// Private: the inputs show what only the player whose turn it is may
	// see; the UI hands the laptop over before and back after.
	Private bool
	// Player is who the action is for (a pick before the game, a private
	// look), as a seat plus one (1 is the first player); 0 for the player
	// whose turn it is.
	Player int
	// NotNow, when not empty, says why the action does not apply yet
	// ("not before the first roll: …"): its key is listed as not now, and
	// it is refused with these words.
	NotNow string
	// Named: the label already names the player it is for ("Ann picks a
	// set"), so a screen does not name them again. A field, not a look at
	// the words (issue 36 item 5).
	Named bool
}

// Same reports whether b offers what a does: the same action, for the
// same player, with the same inputs and choices. A screen entering a
// checks it against what the game offers when the action is done.
func (a ActionSpec) Same(b ActionSpec) bool {
	return a.ID == b.ID && a.Label == b.Label && a.Private == b.Private && a.Player == b.Player && a.NotNow == b.NotNow &&
		slices.EqualFunc(a.Inputs, b.Inputs, func(x, y Input) bool {
			return x.Prompt == y.Prompt && x.Kind == y.Kind && x.Min == y.Min && x.Max == y.Max &&
				slices.Equal(x.Choices, y.Choices) && slices.Equal(x.Limits, y.Limits)
		})
}

// Action is an ActionSpec done, with the values of its inputs in order.
type Action struct {
	ID     string
	Values []int // a number, a choice's index, or for InputChoices the chosen indexes' bits
}
