package common

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/eventdeck/eventdeck/ui/readout"
)

// KeyMap is every key eventdeck answers to, grouped by the screen that
// reads them (as bubbles' list groups its keys by mode). Bindings that do
// not apply right now are disabled by their screen, so the help line is
// always true. A game's own keys (Alchemy, a look into the stack) are not
// here: the table makes them from the ruleset's actions.
type KeyMap struct {
	Global  GlobalKeys
	Table   TableKeys
	Pager   PagerKeys
	Setup   SetupKeys
	Resume  ResumeKeys
	Facts   FactsKeys
	Players PlayersKeys
}

// PlayersKeys change the table mid-game.
type PlayersKeys struct {
	Up       key.Binding
	Down     key.Binding
	Left     key.Binding // a player's colour, or a setting's value
	Right    key.Binding
	Rename   key.Binding
	Add      key.Binding
	Remove   key.Binding
	MoveUp   key.Binding
	MoveDown key.Binding
	Confirm  key.Binding
	Cancel   key.Binding
	Yes      key.Binding
	Undo     key.Binding
	Back     key.Binding
	SendAway key.Binding // a screen joined by phone or ssh (eventdeck serve)
}

// GlobalKeys work on every screen; the root reads them.
type GlobalKeys struct {
	Help       key.Binding
	HelpTyping key.Binding // help while a field takes "?" as text
	ForceQuit  key.Binding
}

// AnswerKeys type an answer: a digit picks or ticks a player or types a
// number, backspace deletes a digit, y and n answer yes or no.
type AnswerKeys struct {
	Digit     key.Binding
	Backspace key.Binding
	Yes       key.Binding
	No        key.Binding
	Several   key.Binding // a tie: pick several players where one is usual
}

// TableKeys are the table screen's keys: its own, and those of the
// components it is made of (the number, the step walker, the action entry).
type TableKeys struct {
	Draw      key.Binding // the main action (draw, roll)
	Undo      key.Binding
	Redo      key.Binding
	Next      key.Binding
	Prev      key.Binding
	Facts     key.Binding
	History   key.Binding
	Stats     key.Binding
	Simulate  key.Binding // the game's dice simulator, where it has one
	Reference key.Binding
	Players   key.Binding
	Join      key.Binding // the phone page's QR code (eventdeck serve)
	Quit      key.Binding
	Pause     key.Binding // pause the turn timer
	Number    NumberKeys
	Walker    WalkerKeys
	Entry     EntryKeys
}

// NumberKeys are the number and dice's: the big number alone, and back.
type NumberKeys struct {
	Focus key.Binding // only the number, the dice and the event
	Back  key.Binding // back from the big number
}

// WalkerKeys are the step walker's: they answer the turn's questions and
// scroll its steps.
type WalkerKeys struct {
	Confirm   key.Binding // takes the default, confirms a number or a set
	AcceptAll key.Binding
	Skip      key.Binding
	Up        key.Binding // scroll the turn's steps when they do not all fit
	Down      key.Binding
	Answer    AnswerKeys
}

// EntryKeys are the action entry's: they type or pick a game's action's
// values, and pass the laptop on and back for a private one.
type EntryKeys struct {
	Confirm key.Binding // a value typed, a set ticked, the laptop handed over
	Back    key.Binding // cancels the action
	Done    key.Binding // back to the table once a private action is done
	Answer  AnswerKeys
}

// PagerKeys scroll the history, statistics and reference screens.
type PagerKeys struct {
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Home     key.Binding
	End      key.Binding
	Back     key.Binding
	Quit     key.Binding // back too, where q cannot be typed
}

// SetupKeys move between the setup screen's fields and start the game.
type SetupKeys struct {
	Up    key.Binding
	Down  key.Binding
	Left  key.Binding
	Right key.Binding
	Start key.Binding
	Quit  key.Binding
}

// ResumeKeys answer the saved-game screen.
type ResumeKeys struct {
	Start   key.Binding
	NewGame key.Binding
	Quit    key.Binding
}

// FactsKeys move between the remembered facts and correct them.
type FactsKeys struct {
	Up      key.Binding
	Down    key.Binding
	Confirm key.Binding
	Forget  key.Binding
	Undo    key.Binding
	Back    key.Binding
	Answer  AnswerKeys
}

// DefaultKeyMap is the keys as the README lists them.
func DefaultKeyMap() KeyMap {
	answer := AnswerKeys{
		Digit:     key.NewBinding(key.WithKeys("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"), key.WithHelp("0-9", "pick / type")),
		Backspace: key.NewBinding(key.WithKeys("backspace"), key.WithHelp("⌫", "delete a digit")),
		Yes:       key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "yes")),
		No:        key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "no")),
		Several:   key.NewBinding(key.WithKeys("+"), key.WithHelp("+", "a tie: pick several")),
	}
	back := key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back to the table"))
	up := key.NewBinding(key.WithKeys("up", "shift+tab"), key.WithHelp("↑", "up"))
	down := key.NewBinding(key.WithKeys("down", "tab"), key.WithHelp("↓/tab", "down"))
	quit := key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit"))
	confirm := key.NewBinding(key.WithKeys(" ", "enter"), key.WithHelp("space/enter", "ok"))
	return KeyMap{
		Global: GlobalKeys{
			Help:       key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
			HelpTyping: key.NewBinding(key.WithKeys("f1"), key.WithHelp("f1", "help")),
			ForceQuit:  key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit now")),
		},
		Table: TableKeys{
			// Only space draws (issue 28): an enter that answered a
			// question, pressed twice, never draws for the next player.
			Draw:      verbKey("draw"),
			Undo:      verbKey("undo"),
			Redo:      verbKey("redo"),
			Next:      verbKey("next"),
			Prev:      verbKey("prev"),
			Facts:     key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "facts")),
			History:   key.NewBinding(key.WithKeys("h"), key.WithHelp("h", "history")),
			Stats:     key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "statistics")),
			Simulate:  key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "simulate dice")),
			Reference: key.NewBinding(key.WithKeys("/", "r"), key.WithHelp("/", "rules")),
			Players:   key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "players")),
			Join:      key.NewBinding(key.WithKeys("J"), key.WithHelp("J", "join")),
			Quit:      quit,
			Pause:     verbKey("timer"),
			Number: NumberKeys{
				Focus: key.NewBinding(key.WithKeys("z"), key.WithHelp("z", "big number")),
				Back:  key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "full table")),
			},
			Walker: WalkerKeys{
				Confirm:   verbKey("answer"),
				AcceptAll: verbKey("accept"),
				Skip:      key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "skip question")),
				Up:        key.NewBinding(key.WithKeys("up"), key.WithHelp("↑/↓", "scroll the steps")),
				Down:      key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "scroll the steps")),
				Answer:    answer,
			},
			Entry: EntryKeys{
				Confirm: confirm,
				Back:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
				Done:    key.NewBinding(key.WithKeys(" ", "enter", "esc"), key.WithHelp("enter/esc", "back to the table")),
				Answer:  answer,
			},
		},
		Pager: PagerKeys{
			Up:       up,
			Down:     down,
			PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
			PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
			Home:     key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "top")),
			End:      key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "bottom")),
			Back:     back,
			Quit:     quit,
		},
		Setup: SetupKeys{
			Up:    up,
			Down:  down,
			Left:  key.NewBinding(key.WithKeys("left"), key.WithHelp("←/→", "change")),
			Right: key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "change")),
			Start: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "start")),
			Quit:  quit,
		},
		Resume: ResumeKeys{
			Start:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "resume")),
			NewGame: key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new game")),
			Quit:    key.NewBinding(key.WithKeys("q", "esc"), key.WithHelp("q", "quit")),
		},
		Players: PlayersKeys{
			Up:       up,
			Down:     down,
			Left:     key.NewBinding(key.WithKeys("left"), key.WithHelp("←/→", "colour / value")),
			Right:    key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "colour / value")),
			Rename:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "rename")),
			Add:      key.NewBinding(key.WithKeys("+"), key.WithHelp("+", "add")),
			Remove:   key.NewBinding(key.WithKeys("-"), key.WithHelp("-", "remove")),
			MoveUp:   key.NewBinding(key.WithKeys("shift+up", "["), key.WithHelp("[", "move up")),
			MoveDown: key.NewBinding(key.WithKeys("shift+down", "]"), key.WithHelp("]", "move down")),
			Confirm:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "ok")),
			Cancel:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
			Yes:      answer.Yes,
			Undo:     key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "undo")),
			Back:     back,
			SendAway: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "send away")),
		},
		Facts: FactsKeys{
			Up:      up,
			Down:    down,
			Confirm: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep the number")),
			Forget:  key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "forget")),
			Undo:    key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "undo")),
			Back:    back,
			Answer:  answer,
		},
	}
}

// verbKey is the table's binding for a row of the one table of actions
// (readout.Verbs): its keys and words are the phone's too.
func verbKey(verb string) key.Binding {
	v, _ := readout.VerbOf(verb)
	return key.NewBinding(key.WithKeys(v.Keys...), key.WithHelp(v.Key, v.Help))
}
