package session

import (
	"errors"
	"sync"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
)

// Issue 28: the host-only changes (seats, names, colours, live options,
// facts, whose turn, the timer's length) are refused by the session itself
// for a player or a viewer, whatever their screen offers; the host's go
// through. Each refusal says why.
func TestHostOnlyChangesAreCheckedInTheSession(t *testing.T) {
	rules, g := catanGame(t)
	s := New(Options{Rules: rules, Game: g})
	limit := deck.Option{}
	for _, o := range rules.Options() {
		if o.Live {
			limit = o
		}
	}
	type change struct {
		name string
		do   func(h *Hand) error
	}
	changes := []change{ // in this order: the host's go through, one after another
		{"reseat", func(h *Hand) error { return h.Reseat([]int{1, 0, 2}, "swap") }},
		{"rename", func(h *Hand) error { return h.Rename(0, "Anna") }},
		{"recolour", func(h *Hand) error { return h.Recolour(0, "blue") }},
		{"fact", func(h *Hand) error { return h.SetFact(deck.Question{Key: "longest-road", Kind: deck.AskPlayer}, "1") }},
		{"pass", func(h *Hand) error { return h.Pass(true) }},
		{"timer", func(h *Hand) error { return h.SetTimer(60) }},
		{"join", func(h *Hand) error { return h.Join(deck.Player{Name: "Dee"}) }},
	}
	if limit.Key != "" {
		changes = append(changes, change{"live", func(h *Hand) error { return h.SetLive(limit, limit.Values[len(limit.Values)-1]) }})
	}
	for _, c := range changes {
		name, change := c.name, c.do
		before := s.Snapshot().Version
		for _, who := range []Who{Player(0), PlayerNamed("Bob"), Viewer()} {
			err := change(s.As(who))
			if err == nil {
				t.Fatalf("%s by %+v went through", name, who)
			}
			if who.IsViewer() && who.Name == "" && !errors.Is(err, ErrViewer) {
				t.Fatalf("%s by a viewer: %v", name, err)
			}
			if err.Error() == "" {
				t.Fatalf("%s: a refusal with no words", name)
			}
		}
		if s.Snapshot().Version != before {
			t.Fatalf("%s: a refused change changed the game", name)
		}
		if err := change(s.As(TheHost())); err != nil {
			t.Fatalf("%s by the host: %v", name, err)
		}
	}
}

// Issue 28: many hands act at once (draws, answers, undos, looks, the
// timer), screens attach and detach, and the host puts new games on the
// hub while they do: -race finds nothing, and every view's last word is of
// a game that exists.
func TestManyHandsAtOnce(t *testing.T) {
	rules, g := catanGame(t)
	hub := NewHub()
	s := New(Options{Rules: rules, Game: g})
	hub.Publish(s)
	var wg sync.WaitGroup
	for i, who := range []Who{TheHost(), Player(0), PlayerNamed("Bob"), Player(2), Viewer()} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range 40 {
				cur := hub.Current()
				h := cur.As(who)
				now := h.Now()
				if q := FirstOpen(rules.Steps(now), now.Open); q != nil {
					_ = h.Answer(*q, deck.AnswerSkip)
				} else if a, ok := firstMain(rules, now); ok {
					_ = h.Act(deck.Action{ID: a}, len(rules.Steps(now)))
				}
				switch n % 5 {
				case 1:
					_, _ = h.Undo()
				case 2:
					h.Looking("great-foresight")
					_ = h.Snapshot()
					h.Looking("")
				case 3:
					_ = h.PauseTimer()
					_ = h.ResumeTimer()
				case 4:
					stop := hub.Watch(who, func() { _ = hub.Current().Snapshot() })
					_ = hub.Screens()
					stop()
				}
				if i == 0 && n%10 == 9 { // the host starts a new game
					_, g2 := catanGame(t)
					hub.Publish(New(Options{Rules: rules, Game: g2}))
				}
			}
		}()
	}
	wg.Wait()
	if hub.Current().Now() == nil {
		t.Fatal("no game on the table")
	}
}

func firstMain(rules interface {
	Actions(*deck.State) []deck.ActionSpec
}, st *deck.State) (string, bool) {
	for _, a := range rules.Actions(st) {
		if !a.Private && len(a.Inputs) == 0 {
			return a.ID, true
		}
	}
	return "", false
}
