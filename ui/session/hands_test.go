package session

import (
	"errors"
	"slices"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// sevenOpen plays the Catan game until a question about a set of players
// is open (a 7: "Who holds more than 7 cards?") and returns it.
func sevenOpen(t *testing.T, s *Session) deck.Question {
	t.Helper()
	for range 400 {
		now := s.Now()
		if q := FirstOpen(s.Rules().Steps(now), now.Open); q != nil && q.Kind == deck.AskPlayers && q.Own != "" {
			return *q
		}
		draw(t, s)
	}
	t.Fatal("no question of each player in 400 draws")
	return deck.Question{}
}

// Players answer a question about each of them on their own screens: the
// answers are kept by seat, a viewer and the host cannot give one, and the
// last answer answers the question for the whole table, as one change that
// only the host may take back.
func TestEachPlayerAnswersTheirOwn(t *testing.T) {
	rules, g := catanGame(t)
	s := New(Options{Rules: rules, Game: g})
	q := sevenOpen(t, s)
	if err := s.As(Viewer()).AnswerOwn(q, true); err == nil {
		t.Fatal("a viewer answered for themselves")
	}
	if err := s.As(TheHost()).AnswerOwn(q, true); err == nil {
		t.Fatal("the host answered for themselves")
	}
	if err := s.As(Player(0)).AnswerOwn(deck.Question{Key: q.Key, Kind: deck.AskPlayer}, true); err == nil {
		t.Fatal("an answer of one's own to a question of one player")
	}
	if err := s.As(Player(0)).AnswerOwn(q, true); err != nil {
		t.Fatal(err)
	}
	if said := s.As(Player(1)).Own(q.Key); !said[0] || len(said) != 1 {
		t.Fatalf("what was said: %v", said)
	}
	if err := s.As(PlayerNamed("Bob")).AnswerOwn(q, false); err != nil {
		t.Fatal(err)
	}
	if err := s.As(Player(2)).AnswerOwn(q, true); err != nil {
		t.Fatal(err)
	}
	now := s.Now()
	if got := now.Open.Answers[q.Key]; got != deck.FormatSeats([]int{0, 2}) {
		t.Fatalf("the table's answer: %q", got)
	}
	if _, err := s.As(Player(2)).Undo(); err == nil {
		t.Fatal("Cy took back everyone's answer")
	}
	if ok, err := s.As(TheHost()).Undo(); !ok || err != nil {
		t.Fatalf("the host's undo: %v %v", ok, err)
	}
}

// An undo takes back what players said on their own screens with the
// state: the question comes back as it opened, and each is asked again
// (play-test: Bob's screen kept "You said yes" and the host's answer left
// him out). The same after everyone answered and the host undid it.
func TestUndoTakesBackWhatPlayersSaid(t *testing.T) {
	rules, g := catanGame(t)
	s := New(Options{Rules: rules, Game: g})
	q := sevenOpen(t, s)
	host := s.As(TheHost())
	// A change in the turn to undo, after which the question is open again.
	if err := host.Pass(true); err != nil {
		t.Fatal(err)
	}
	if err := s.As(Player(1)).AnswerOwn(q, true); err != nil {
		t.Fatal(err)
	}
	if said := s.As(Player(1)).Own(q.Key); !said[1] {
		t.Fatalf("Bob's yes was not kept: %v", said)
	}
	if ok, err := host.Undo(); !ok || err != nil {
		t.Fatalf("the host's undo: %v %v", ok, err)
	}
	if said := s.As(Player(1)).Own(q.Key); len(said) != 0 {
		t.Fatalf("after the undo Bob's screen still holds %v", said)
	}
	if ok, err := host.Redo(); !ok || err != nil {
		t.Fatalf("the host's redo: %v %v", ok, err)
	}
	for seat := range 3 {
		if err := s.As(Player(seat)).AnswerOwn(q, seat == 1); err != nil {
			t.Fatal(err)
		}
	}
	if ok, err := host.Undo(); !ok || err != nil {
		t.Fatalf("the host's undo of everyone's answer: %v %v", ok, err)
	}
	if said := s.As(Player(1)).Own(q.Key); len(said) != 0 {
		t.Fatalf("after undoing everyone's answer the screens still hold %v", said)
	}
}

// The read-only checks agree with the intents: who may answer, walk and
// accept the defaults of the open turn.
func TestMayChecksAgreeWithIntents(t *testing.T) {
	rules, g := catanGame(t)
	s := New(Options{Rules: rules, Game: g})
	var q deck.Question
	for range 400 { // a question of the whole table, asked of who drew
		draw(t, s)
		now := s.Now()
		steps := rules.Steps(now)
		if p := FirstOpen(steps, now.Open); p != nil && p.Own == "" {
			i := slices.IndexFunc(steps, func(st deck.Step) bool { return st.Question != nil && st.Question.Key == p.Key })
			if len(steps[i].Players) == 0 {
				q = *p
				break
			}
		}
	}
	if q.Key == "" {
		t.Skip("no question of the whole table in 400 draws")
	}
	drew := s.Now().Open.Player
	other := (drew + 1) % 3
	for _, tc := range []struct {
		who Who
		ok  bool
	}{{TheHost(), true}, {Player(drew), true}, {Player(other), false}, {Viewer(), false}} {
		h := s.As(tc.who)
		if err := h.MayAnswer(q); (err == nil) != tc.ok {
			t.Errorf("MayAnswer by %+v: %v", tc.who, err)
		}
		if err := h.MayWalk(); (err == nil) != tc.ok {
			t.Errorf("MayWalk by %+v: %v", tc.who, err)
		}
		if !tc.ok {
			if err := h.Answer(q, deck.AnswerSkip); err == nil {
				t.Errorf("Answer by %+v went through", tc.who)
			}
			if err := h.AcceptDefaults(); err == nil {
				t.Errorf("AcceptDefaults by %+v went through", tc.who)
			}
		}
	}
	if err := s.As(Player(drew)).AcceptDefaults(); err != nil {
		t.Fatal(err)
	}
	if err := s.As(TheHost()).MayAnswer(deck.Question{Key: "no-such"}); err != nil {
		t.Fatal("the host may answer anything asked")
	}
	if err := s.As(Player(drew)).MayAnswer(deck.Question{Key: "no-such"}); err == nil {
		t.Fatal("a question that is not open")
	}
}

// A secret pick (the Card Game Tournament) is its player's: the host may
// not open it while the player has a screen; another player never; a pick
// entered from what the game no longer offers is refused (ErrMoved).
func TestPrivatePickIsItsPlayers(t *testing.T) {
	rs, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	r, err := expansions.Find(rs, "card-game")
	if err != nil {
		t.Fatal(err)
	}
	st, err := r.NewGame(map[string]string{"mode": "tournament"}, []deck.Player{{Name: "Ann"}, {Name: "Bob"}}, 5)
	if err != nil {
		t.Fatal(err)
	}
	s := New(Options{Rules: r, Game: deck.NewGame(st)})
	var pick deck.ActionSpec
	for _, a := range r.Actions(s.Now()) {
		if a.Private {
			pick = a
			break
		}
	}
	if !pick.Private {
		t.Fatal("no secret pick before a Tournament")
	}
	seat := PrivateSeat(s.Now(), pick)
	if err := s.As(TheHost()).MayStart(pick); err != nil {
		t.Fatalf("the host hands the laptop over: %v", err)
	}
	stop := s.AttachAs(Player(seat), func() {})
	defer stop()
	if !s.As(TheHost()).Connected(seat) || s.As(TheHost()).Views() != 1 {
		t.Fatal("the player's screen is not counted")
	}
	if err := s.As(TheHost()).MayStart(pick); err == nil {
		t.Fatal("the host opened a pick its player has a screen for")
	}
	if err := s.As(Player(1 - seat)).MayStart(pick); err == nil {
		t.Fatal("another player opened the pick")
	}
	if err := s.As(Viewer()).MayStart(pick); !errors.Is(err, ErrViewer) {
		t.Fatalf("a viewer: %v", err)
	}
	if err := s.As(Player(seat)).MayStart(pick); err != nil {
		t.Fatal(err)
	}
	moved := pick
	moved.Label += " (another stack)"
	if err := s.As(Player(seat)).ActOn(moved, deck.Action{ID: pick.ID}, 0); !errors.Is(err, ErrMoved) {
		t.Fatalf("a pick from what the game no longer offers: %v", err)
	}
	// While the player picks on their own screen, the others are told and
	// the turn waits.
	h := s.As(Player(seat))
	h.Looking(pick.ID)
	if names, _ := s.As(Viewer()).Lookers(); len(names) != 1 || !h.IsLooking() {
		t.Fatalf("lookers: %v", names)
	}
	if err := s.As(Player(seat)).EndLook("Ann"); err == nil {
		t.Fatal("a player ended a look")
	}
	if err := s.As(TheHost()).EndLook(s.Now().PlayerName(seat)); err != nil || h.IsLooking() {
		t.Fatalf("the host's end of the look: %v", err)
	}
	if err := s.As(TheHost()).EndLook(s.Now().PlayerName(seat)); err == nil {
		t.Fatal("a look ended twice")
	}
}

// The session saves through its store: Flush waits for the newest state,
// Game is a copy safe to encode, and a backup problem is told once.
func TestFlushAndGame(t *testing.T) {
	rules, g := catanGame(t)
	d := &memDisk{backup: errors.New("no room for the backup")}
	s := New(Options{Rules: rules, Game: g, Store: d})
	draw(t, s)
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	got, err := deck.Decode(d.last)
	if err != nil || got.Now.Draws != 1 {
		t.Fatalf("saved: %v, %v", got, err)
	}
	if s.As(Viewer()).Game().Now.Draws != 1 {
		t.Fatal("the game's copy")
	}
	if s.Snapshot().BackupErr == nil || s.TakeBackupProblem() == nil || s.TakeBackupProblem() != nil {
		t.Fatal("a backup problem is told once")
	}
	hub := NewHub()
	stop := hub.Watch(Viewer(), func() {})
	if hub.Watchers() != 1 {
		t.Fatal("a watcher is counted")
	}
	stop()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}

// memDisk is a store that keeps the last save in memory.
type memDisk struct {
	seq    uint64
	last   []byte
	backup error
}

func (d *memDisk) Reserve() uint64                  { d.seq++; return d.seq }
func (d *memDisk) Save(_ uint64, data []byte) error { d.last = data; return nil }
func (d *memDisk) NewGameStarts()                   {}
func (d *memDisk) BackupProblem() error             { return d.backup }

// Issue 36 item 6: a seat change or a join the game refuses leaves what
// players said on their own screens as it was (they were cleared before
// the change could fail).
func TestRefusedSeatChangeKeepsOwnAnswers(t *testing.T) {
	rules, g := catanGame(t)
	s := New(Options{Rules: rules, Game: g})
	q := sevenOpen(t, s)
	if err := s.As(Player(1)).AnswerOwn(q, true); err != nil {
		t.Fatal(err)
	}
	host := s.As(TheHost())
	if err := host.Reseat([]int{0, 0, 0}, "a bad move"); err == nil {
		t.Fatal("three players in one seat were seated")
	}
	if err := host.Join(deck.Player{Name: "Ann"}); err == nil {
		t.Fatal("a second Ann joined")
	}
	if said := s.Own(q.Key); !said[1] {
		t.Fatalf("after a refused change Bob's yes is gone: %v", said)
	}
}

// Issue 37 item 8: a rename on the host keeps the player's own screens in
// their seat (Bob's phone became a viewer).
func TestRenameKeepsTheScreensSeat(t *testing.T) {
	rules, g := catanGame(t)
	s := New(Options{Rules: rules, Game: g})
	bob := s.As(PlayerNamed("Bob"))
	if err := s.As(TheHost()).Rename(1, "Rob"); err != nil {
		t.Fatal(err)
	}
	if w := bob.Who(); w.Seat != 1 {
		t.Fatalf("after the rename Bob's screen is %+v; want seat 1", w)
	}
	if err := s.As(TheHost()).Rename(1, "Bobby"); err != nil {
		t.Fatal(err)
	}
	if w := bob.Who(); w.Seat != 1 {
		t.Fatalf("after two renames Bob's screen is %+v; want seat 1", w)
	}
}
