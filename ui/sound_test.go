package ui

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/internal/testexec"
)

// Read aloud: each new turn's number and event go to the speech command,
// off the UI's path.
func TestSpeakReadsTheTurn(t *testing.T) {
	path, said := testexec.FakeSpeaker(t, "espeak-ng")
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Setup.Speak = true
	opts.Speaker = path
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	m = press(m, "space") // seed 1: a 7
	want := common.Spoken(m.table.Turn)
	if want != "7 Robber Attacks" {
		t.Fatalf("spoken %q", want)
	}
	var got []byte
	for range 50 {
		if got, _ = os.ReadFile(said); len(got) > 0 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if strings.TrimSpace(string(got)) != want {
		t.Fatalf("the speech command was told %q, want %q", got, want)
	}
}

// No speech command: the table is told so, plainly, and plays on.
func TestSpeakWithoutACommandSaysSo(t *testing.T) {
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Setup.Speak = true
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	if v := view(m); !strings.Contains(v, "No speech command found") {
		t.Fatalf("no word on the missing speech command:\n%s", v)
	}
	if m = press(m, "space"); m.table.Now().Draws != 1 {
		t.Fatal("the table did not play on")
	}
}

// Sound: the bell rings with the frame of a 7, and only with sound on.
func TestBellOnASeven(t *testing.T) {
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Setup.Sound = true
	m, _ := New(opts)
	m = press(update(m, sizeMsg(80, 24)), "space") // a 7
	if !strings.Contains(m.View(), "\a") {
		t.Fatal("no bell on a 7")
	}
	m = press(m, "enter") // nobody over the limit: no new turn, no bell
	if strings.Contains(m.View(), "\a") {
		t.Fatal("the bell rang again without a new turn")
	}
	quiet := press(newTestModel(t, true, 80, 24), "space")
	if strings.Contains(quiet.View(), "\a") {
		t.Fatal("the bell rang with sound off")
	}
}

// The turn timer counts down beside the turn, pauses, rings at zero, and
// its length is saved with the game.
func TestTurnTimer(t *testing.T) {
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Setup.Timer = 3
	clk := newTestClock()
	opts.now = clk.Now
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	if m.table.Now().Timer != 3 {
		t.Fatalf("timer not saved with the game: %d", m.table.Now().Timer)
	}
	m = press(m, "space")
	if v := view(m); !strings.Contains(v, "⏱ Ann 0:03") {
		t.Fatalf("no countdown:\n%s", v)
	}
	tickOnce := func(m Model) Model { return clk.Tick(m, time.Second) }
	m = tickOnce(m)
	if v := view(m); !strings.Contains(v, "⏱ Ann 0:02") {
		t.Fatalf("after a second:\n%s", v)
	}
	m = press(m, ".")
	m = tickOnce(m)
	if v := view(m); !strings.Contains(v, "0:02 (paused)") {
		t.Fatalf("paused:\n%s", v)
	}
	m = press(m, ".")
	m = tickOnce(tickOnce(m))
	if v := m.View(); !strings.Contains(v, "time is up") || !strings.Contains(v, "\a") {
		t.Fatalf("at zero:\n%s", v)
	}
	data, err := deck.Encode(m.table.Hand.Game())
	if err != nil {
		t.Fatal(err)
	}
	g, err := deck.Decode(data)
	if err != nil || g.Now.Timer != 3 {
		t.Fatalf("decoded timer %v %v", g, err)
	}
}

// z shows only the number, the dice and the event, as large as can be.
func TestFocusView(t *testing.T) {
	m := drawTurns(newTestModel(t, true, 200, 60), 4)
	m = finishTurn(m)
	m = press(m, "z")
	v := view(m)
	if strings.Contains(v, "Turn:") || !strings.Contains(v, m.table.Turn.Title) && m.table.Turn.Title != "" {
		t.Fatalf("focus view:\n%s", v)
	}
	rows := 0
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "██") {
			rows++
		}
	}
	if rows < 30 {
		t.Fatalf("the number is %d rows tall at 200×60 in focus view:\n%s", rows, v)
	}
	if m = press(m, "z"); strings.Contains(view(m), "Turn:") == false {
		t.Fatal("z did not go back to the full table")
	}
}

// The number takes about a third of the height and stays in place: the
// same top row before and after a question opens, and across ten turns.
func TestNumberStaysInPlace(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		m := newTestModel(t, true, size[0], size[1])
		top := -1
		for i := range 10 {
			m = press(finishTurn(m), "space")
			row, rows := discTop(view(m))
			if i == 0 {
				top = row
				want := 5
				if size[1] >= 60 {
					want = 18
				}
				if rows < want {
					t.Fatalf("%v: the number is %d rows, want at least %d:\n%s", size, rows, want, view(m))
				}
			}
			if row != top {
				t.Fatalf("%v turn %d: the number's top row is %d, was %d:\n%s", size, i+1, row, top, view(m))
			}
			if m.table.Question() != nil {
				if r, _ := discTop(view(press(m, "x"))); r != top {
					t.Fatalf("%v: the number moved when the question closed", size)
				}
			}
		}
	}
}

// discTop is the row of the disc's top border and the number of rows of
// big digits.
func discTop(v string) (int, int) {
	top, rows := -1, 0
	for i, l := range strings.Split(v, "\n") {
		if top < 0 && (strings.Contains(l, "╭─") || strings.Contains(l, "╔═")) {
			top = i
		}
		if strings.Contains(l, "██") {
			rows++
		}
	}
	return top, rows
}

// In the focus view a waiting question shows under the number and can be
// answered there; esc goes back to the full table too.
func TestFocusViewShowsTheQuestion(t *testing.T) {
	m := newTestModel(t, true, 80, 24)
	m = press(m, "z")
	for i := 0; i < 60 && m.table.Question() == nil; i++ {
		m = press(finishTurn(m), "space")
	}
	q := m.table.Question()
	if q == nil {
		t.Fatal("no question in 60 turns")
	}
	v := view(m)
	if !strings.Contains(v, q.Prompt) || strings.Contains(v, "Turn:") {
		t.Fatalf("focus view with a question:\n%s", v)
	}
	checkFits(t, v, 80, 24)
	if m = press(m, "esc"); !strings.Contains(view(m), "Turn:") {
		t.Fatalf("esc did not leave the focus view:\n%s", view(m))
	}
}
