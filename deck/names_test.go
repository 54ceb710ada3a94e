package deck

import (
	"strings"
	"testing"
	"unicode"
)

// hostileTexts are texts a terminal would obey or show out of order.
var hostileTexts = map[string]string{
	"window title":  "\x1b]0;owned\x07Ann",
	"clear screen":  "\x1b[2JAnn",
	"bell":          "Ann\a",
	"tab":           "Ann\tBob",
	"new line":      "Ann\nBob",
	"carriage":      "Ann\rBob",
	"delete":        "Ann\x7f",
	"C1 CSI":        "Ann\u009b2J",
	"C1 OSC":        "\u009d0;owned\u009cAnn",
	"bidi override": "Ann\u202eboB",
	"bidi isolate":  "\u2067Ann\u2069",
	"bidi mark":     "Ann\u200f",
	"arabic mark":   "Ann\u061c",
	"line sep":      "Ann\u2028Bob",
	"bad utf-8":     "Ann\xff",
	"NUL":           "Ann\x00",
}

func TestCheckNameRefusesHostileNames(t *testing.T) {
	for what, name := range hostileTexts {
		err := CheckName(name)
		if err == nil {
			t.Errorf("%s: %q taken as a name", what, name)
			continue
		}
		msg := err.Error()
		if strings.ContainsFunc(msg, func(r rune) bool { return unsafeRune(r) != "" }) || strings.Contains(msg, "\n") {
			t.Errorf("%s: the reason carries the control character: %q", what, msg)
		}
		if err := CheckText(name); err == nil {
			t.Errorf("%s: CheckText took %q", what, name)
		}
	}
	// A megabyte name: refused with a short, one-line reason.
	big := strings.Repeat("x", 1<<20)
	if err := CheckName(big); err == nil || len(err.Error()) > 120 {
		t.Fatalf("a 1 MB name: %v", err)
	}
	for _, ok := range []string{"Ann", "José", "Zoë-Marie O'Neil", "李雷", "Ann 🎲", "Ольга"} {
		if err := CheckName(ok); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
}

func TestPrintableLeavesNoControl(t *testing.T) {
	for what, s := range hostileTexts {
		p := Printable(s)
		if CheckText(p) != nil || strings.ContainsRune(p, '\x1b') {
			t.Errorf("%s: Printable(%q) = %q", what, s, p)
		}
	}
	if p := Printable("Ann und Bob"); p != "Ann und Bob" {
		t.Fatalf("plain text changed: %q", p)
	}
}

// FuzzCheckName: whatever is typed, a name taken holds nothing a terminal
// obeys, and a reason given is one line without a control character.
func FuzzCheckName(f *testing.F) {
	for _, s := range hostileTexts {
		f.Add(s)
	}
	f.Add("Ann")
	f.Fuzz(func(t *testing.T, s string) {
		err := CheckName(s)
		if err == nil {
			for _, r := range s {
				if unicode.IsControl(r) || isBidi(r) {
					t.Fatalf("%q taken with %U", s, r)
				}
			}
			return
		}
		if msg := err.Error(); CheckText(msg) != nil {
			t.Fatalf("reason %q carries a control character", msg)
		}
		if CheckText(Printable(s)) != nil {
			t.Fatalf("Printable(%q) still unsafe", s)
		}
	})
}

// TestSaveWithHostileNameIsRefused: a save holding a name a terminal would
// obey, or a megabyte name, does not load; the store moves it aside.
func TestSaveWithHostileNameIsRefused(t *testing.T) {
	names := map[string]string{"escape": "\x1b]0;owned\x07Ann", "1 MB": strings.Repeat("A", 1<<20), "bidi": "A\u202eB"}
	for what, name := range names {
		t.Run(what, func(t *testing.T) {
			g := newTestGame(3)
			_ = g.Do(drawOne)
			g.Now.Players[0].Name = name
			data := mustEncode(t, g)
			if _, err := Decode(data); err == nil || !strings.Contains(err.Error(), "player 1") {
				t.Fatalf("Decode took the name: %v", err)
			}
			st := NewStore(t.TempDir())
			if err := st.Save(1, data); err != nil {
				t.Fatal(err)
			}
			got, err := st.Load(nil)
			if err != nil || got.Game != nil || got.MovedTo == "" || got.Problem == nil {
				t.Fatalf("loaded %+v, %v", got, err)
			}
			if msg := got.Problem.Error(); CheckText(msg) != nil || len(msg) > 200 {
				t.Fatalf("the reason is not one short line: %q", msg)
			}
		})
	}
}

// TestSaveWithHostileTextIsRefused: every other text a save keeps is
// checked too: a table note, an answer in words, a fact.
func TestSaveWithHostileTextIsRefused(t *testing.T) {
	for what, change := range map[string]func(s *State){
		"note":   func(s *State) { s.Table = []TableNote{{Turn: 0, Text: "\x1b[2J"}} },
		"fact":   func(s *State) { s.Facts = map[string]string{"k": "\x1b[2J"} },
		"option": func(s *State) { s.Options = map[string]string{"k\x1b": "v"} },
		"said": func(s *State) {
			s.History = HistoryOf(Record{Draw: 1, Year: 1, Said: map[string]string{"k": "Ann\u009b2J"}})
		},
	} {
		g := newTestGame(3)
		_ = g.Do(drawOne)
		change(g.Now)
		if _, err := Decode(mustEncode(t, g)); err == nil || !strings.Contains(err.Error(), "control character") {
			t.Errorf("%s: a control character in the save was taken: %v", what, err)
		}
	}
}

// Names nobody can read, or too wide for the table's columns, are refused
// with a reason (issue 39): only invisible characters, a leading
// byte-order mark, more than MaxName columns (fullwidth letters are two
// each). Wide names within the columns, and marks on letters, stay.
func TestCheckNameRefusesNamesThatCannotBeShown(t *testing.T) {
	for name, want := range map[string]string{
		"\u200b\u200b":               "no character that can be seen",
		"\u200d\u2060\u00ad":         "no character that can be seen",
		"\u3164":                     "no character that can be seen",
		"\ufeffAnn":                  "byte-order mark",
		strings.Repeat("\uff21", 13): "wider than 24 columns (26)",
		strings.Repeat("李", 13):      "wider than 24 columns",
		"\u0301\u0301":               "no character that can be seen",
	} {
		err := CheckName(name)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", name, err, want)
		}
	}
	for _, ok := range []string{strings.Repeat("\uff21", 12), "Zoe\u0301", "Ann\u200dBob", "李雷"} {
		if err := CheckName(ok); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
}
