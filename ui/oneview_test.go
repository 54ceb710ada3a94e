package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/readout"
	"github.com/eventdeck/eventdeck/ui/session"
)

// reader is one screen at the table and the hand its phone would use.
type reader struct {
	name string
	m    Model
	who  session.Who
}

// Issue 36: every screen renders from one view. Forty turns of every game
// and mode, with three readers — the host, a player on their own screen,
// a viewer — and after every key what each terminal shows is compared
// with what the phone page receives for the same reader (the stream's
// JSON is readout.Of of their hand): the same number and title, the same
// open question and default, the same step texts, and the same answer to
// "may I" for every action that has a key.
func TestTerminalAndPhoneShowTheSame(t *testing.T) {
	games := []struct {
		game string
		opts map[string]string
	}{
		{"catan", nil},
		{"catan", map[string]string{"cities-knights": "on"}},
		{"rivals", map[string]string{"mode": "theme", "set": "sages"}},
		{"rivals", map[string]string{"mode": "duel"}},
		{"card-game", nil},
		{"card-game", map[string]string{"mode": "expanded", "theme": "knights-merchants"}},
	}
	for _, g := range games {
		t.Run(g.game+"/"+g.opts["mode"]+g.opts["cities-knights"], func(t *testing.T) {
			host, views := servedGame(t, g.game, g.opts, "Ann", "Bob")
			viewer := NewView(ViewOptions{Hub: host.opts.Hub, Who: session.Viewer(), Renderer: asciiRenderer(), Glyphs: host.opts.Glyphs})
			t.Cleanup(viewer.Close)
			rs := []reader{{"host", host, session.TheHost()}, {"Bob", views[1], session.Player(1)}, {"viewer", viewer, session.Viewer()}}
			for i := range rs {
				rs[i].m = update(rs[i].m, sizeMsg(120, 60))
			}
			keys, compared := 0, map[string]int{}
			for turns := 0; turns < 40 && keys < 400; keys++ {
				press1 := []string{"space"} // a draw, or a remembered answer taken
				if q := rs[0].m.table.Question(); q != nil && q.Default == "" {
					// An answer, so that later turns remember it; every third is skipped.
					switch {
					case keys%3 == 0:
						press1 = []string{"x"}
					case q.Kind == deck.AskPlayer:
						press1 = []string{"1"}
					case q.Kind == deck.AskNumber:
						press1 = []string{"3", "enter"}
					case q.Kind == deck.AskYesNo:
						press1 = []string{"y"}
					default:
						press1 = []string{"1", "enter", "enter"} // a set: the second enter answers for players' own screens
					}
				}
				before := rs[0].m.table.Now().Turns()
				rs[0].m = press(rs[0].m, press1...)
				if rs[0].m.table.Entry != nil { // a pick or a typed action on the host: the first choice
					rs[0].m = press(rs[0].m, "1", "enter")
				}
				if rs[0].m.table.Entry != nil {
					rs[0].m = press(rs[0].m, "esc")
				}
				if rs[0].m.table.Now().Turns() > before {
					turns++
				}
				for i := range rs {
					rs[i].m = look(rs[i].m)[0]
					if sameOnBoth(t, rs[i], keys) {
						compared[rs[i].name]++
					}
				}
			}
			if keys >= 400 {
				t.Fatalf("40 turns took over 400 keys")
			}
			for _, r := range rs {
				if compared[r.name] < 40 {
					t.Fatalf("%s's screen was compared %d times in %d keys; want every key", r.name, compared[r.name], keys)
				}
			}
		})
	}
}

// sameOnBoth compares reader r's terminal with their phone's view; false
// when r has no table on show yet.
func sameOnBoth(t *testing.T, r reader, at int) bool {
	t.Helper()
	tb := r.m.table
	if tb == nil {
		return false // another's screen before the game reaches it
	}
	rd := readout.Of(r.m.Session().As(r.who))
	v := view(r.m)
	where := func(what string) {
		t.Helper()
		t.Fatalf("key %d, %s's screen: %s\n%s", at, r.name, what, v)
	}
	if rd.Version != tb.Snap.Version {
		where("the terminal shows another version of the game than the phone gets")
	}
	if tb.Shown != (rd.Turn != nil) {
		where("a turn on one and not the other")
	}
	if rd.Turn != nil {
		if tb.Turn.Number != rd.Turn.Number || tb.Turn.Draw != rd.Turn.Draw {
			where("another number or draw on the phone")
		}
		if title := rd.Turn.Title; title != "No event" && !strings.Contains(v, firstWords(title)) {
			where("the phone's title " + title + " is not on the terminal")
		}
		for _, s := range rd.Turn.Steps {
			if s.State == "open" && !strings.Contains(v, firstWords(s.Title)) {
				where("the open step " + s.Title + " is not on the terminal")
			}
		}
	}
	if q := tb.Question(); (q != nil) != (rd.Ask != nil || rd.Own != nil) {
		where("a question on one screen and not the other")
	}
	switch {
	case rd.Own != nil && !strings.Contains(v, rd.Own.Prompt):
		where("the own question " + rd.Own.Prompt + " is not on the terminal")
	case rd.Ask != nil && tb.Question().Key != rd.Ask.Key:
		where("another question on the phone: " + rd.Ask.Key)
	case rd.Ask != nil && rd.Ask.Offer != "" && rd.Ask.Kind != "players" && r.who.Host && !strings.Contains(v, rd.Ask.Offer):
		where("the default " + rd.Ask.Offer + " is not offered on the terminal")
	}
	// May I: every game action with a key is offered on the terminal
	// exactly when the phone may take it (or may later: "not now").
	bound := map[string]bool{}
	for _, col := range tb.FullHelp() {
		for _, b := range col {
			for _, k := range b.Keys() {
				bound[k] = bound[k] || b.Enabled() || isNotNow(b)
			}
		}
	}
	for _, x := range rd.Rights {
		if (x.Verb != "act" && x.Verb != "look") || x.Key == "" || r.who.Host {
			continue
		}
		if may := x.May || x.Later; may != bound[x.Key] && !(tb.Resolving() && may) {
			where("the phone's " + x.Verb + " " + x.ID + " may=" + boolWord(may) + ", the terminal's key " + x.Key + " offered=" + boolWord(bound[x.Key]))
		}
	}
	for _, verb := range []string{"undo", "redo"} {
		may, _ := rd.MayDo(verb, "")
		if !r.who.Host && !may && bound[map[string]string{"undo": "u", "redo": "ctrl+r"}[verb]] {
			where("the terminal offers " + verb + ", which the phone may not")
		}
	}
	return true
}

// firstWords is the start of a title, as a narrow line begins it.
func firstWords(s string) string {
	if len(s) > 16 {
		s = s[:16]
	}
	return strings.TrimSpace(s)
}

func isNotNow(b key.Binding) bool { return strings.Contains(b.Help().Desc, "not now") }

func boolWord(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
