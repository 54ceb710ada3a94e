package deck

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Colours are the Catan piece colours a player may play, in the order the
// setup offers them.
func Colours() []string { return []string{"red", "blue", "white", "orange", "green", "brown"} }

// TableNote is a change made to the table mid-game (a player renamed,
// moved, joining or leaving, a setting changed), kept for the history.
type TableNote struct {
	Turn int    `json:"turn"` // the turns played before it
	Text string `json:"text"`
	// Colour is the seat plus one whose colour the note records (0 for
	// any other note): a run of colours tried is one note, found by this
	// field, never by the note's words (issue 36 item 5).
	Colour int `json:"colour,omitempty"`
}

// PlayerName is the name of player i: a seat at the table, or a player who
// left (seats past the table, in the order they left).
func (s *State) PlayerName(i int) string {
	switch {
	case i >= 0 && i < len(s.Players):
		return s.Players[i].Name
	case i >= len(s.Players) && i < len(s.Players)+len(s.Left):
		return s.Left[i-len(s.Players)].Name
	}
	return "?"
}

// ColourOf is player i's colour: the one chosen, else the seat's. A
// player who left the table keeps theirs (i past the table, as PlayerName).
func (s *State) ColourOf(i int) string {
	switch {
	case i >= 0 && i < len(s.Players) && s.Players[i].Colour != "":
		return s.Players[i].Colour
	case i >= len(s.Players) && i < len(s.Players)+len(s.Left) && s.Left[i-len(s.Players)].Colour != "":
		return s.Left[i-len(s.Players)].Colour
	}
	cs := Colours()
	return cs[((i%len(cs))+len(cs))%len(cs)]
}

// GiveColours gives every player without a colour the first one nobody
// plays, so that colours are the players' own and never shared.
func GiveColours(ps []Player) {
	taken := map[string]bool{}
	for _, p := range ps {
		taken[p.Colour] = true
	}
	for i := range ps {
		if ps[i].Colour != "" {
			continue
		}
		for _, c := range Colours() {
			if !taken[c] {
				ps[i].Colour, taken[c] = c, true
				break
			}
		}
	}
}

// FreeColour is the next colour from colour in Colours, step by step
// (±1), that no other player than i plays; colour itself if none is free.
func (s *State) FreeColour(i int, colour string, step int) string {
	cs := Colours()
	at := slices.Index(cs, colour)
	for range cs {
		at = ((at+step)%len(cs) + len(cs)) % len(cs)
		free := true
		for j := range s.Players {
			if j != i && s.ColourOf(j) == cs[at] {
				free = false
			}
		}
		if free {
			return cs[at]
		}
	}
	return colour
}

// note records a table change for the history.
func (s *State) note(format string, args ...any) { s.Note(fmt.Sprintf(format, args...)) }

// Note records a change to the table, made now, for the history.
func (s *State) Note(text string) {
	s.Table = append(slices.Clip(s.Table), TableNote{Turn: s.Turns(), Text: text})
}

// Rename gives player i a new name; names stay unique.
func (s *State) Rename(i int, name string) error {
	name = strings.TrimSpace(name)
	if i < 0 || i >= len(s.Players) {
		return fmt.Errorf("no player %d", i+1)
	}
	if err := CheckName(name); err != nil {
		return err
	}
	for j, p := range s.Players {
		if j != i && strings.EqualFold(p.Name, name) {
			return fmt.Errorf("%q is already at the table", name)
		}
	}
	old := s.Players[i].Name
	if old == name {
		return nil
	}
	s.Players[i].Name = name
	s.note("%s is now called %s", old, name)
	return nil
}

// Recolour gives player i one of Colours.
func (s *State) Recolour(i int, colour string) error {
	if i < 0 || i >= len(s.Players) {
		return fmt.Errorf("no player %d", i+1)
	}
	if !slices.Contains(Colours(), colour) {
		return fmt.Errorf("%q is not a Catan colour", colour)
	}
	s.Players[i].Colour = colour
	// Colours are tried one by one: a run of them at one moment is one change.
	text := s.Players[i].Name + " plays " + colour
	note := TableNote{Turn: s.Turns(), Text: text, Colour: i + 1}
	if n := len(s.Table); n > 0 && s.Table[n-1].Turn == s.Turns() && s.Table[n-1].Colour == i+1 {
		s.Table = append(slices.Clip(s.Table[:n-1]), note)
		return nil
	}
	s.Table = append(slices.Clip(s.Table), note)
	return nil
}

// Reseat changes who sits where: perm[old] is each seat's new place, and
// seats past the table (perm[old] == -1) leave it. Every record of a seat
// follows it: whose turns they were, whose turn it is, and the facts kept
// per player (keys ending ":seat"); playerFacts are the facts whose value
// is a seat (who holds a bonus), remapped too. The open turn stays open
// with its answers: those that name seats (seatAnswers gives their kinds,
// by question key) follow their players; one that names a player who
// left is asked again.
func (s *State) Reseat(perm []int, playerFacts []string, seatAnswers map[string]QuestionKind) error {
	n := len(s.Players)
	if len(perm) != n {
		return fmt.Errorf("a new seating for %d players, not %d", n, len(perm))
	}
	seen := map[int]bool{}
	stay := 0
	for _, p := range perm {
		if p == -1 {
			continue
		}
		if p < 0 || p >= n || seen[p] {
			return errors.New("not a seating")
		}
		seen[p] = true
		stay++
	}
	for p := range stay {
		if !seen[p] {
			return errors.New("the seats left must be 0 to the players who stay")
		}
	}
	if stay == 0 {
		return errors.New("someone must stay at the table")
	}
	// Where each old seat's records go: a seat that stays to its new place;
	// one that leaves past the table, after those who left before.
	to := make([]int, n)
	left := 0
	for old, p := range perm {
		if p >= 0 {
			to[old] = p
		} else {
			to[old] = stay + len(s.Left) + left
			left++
		}
	}
	moveLeft := func(i int) int { // a player who left before keeps their place after the new table
		return i - n + stay
	}
	lastOld := -1 // the seat of whoever played last
	switch {
	case s.Open != nil:
		lastOld = s.Open.Player
	case s.History.Len() > 0:
		last, _ := s.History.Last()
		lastOld = last.Player
	}
	move := func(r Record) Record {
		switch {
		case r.Player >= 0 && r.Player < n:
			r.Player = to[r.Player]
		case r.Player >= n:
			r.Player = moveLeft(r.Player)
		}
		return r
	}
	var hist History
	for i := range s.History.Len() {
		hist.Append(move(s.History.At(i)))
	}
	s.History = hist
	if s.Open != nil {
		// The turn being resolved stays open with its questions; answers
		// that named seats by number would name the wrong players now, so
		// they are asked again.
		open := move(*s.Open)
		open.Answers, open.Said = maps.Clone(open.Answers), maps.Clone(open.Said)
		for k, kind := range seatAnswers {
			v, ok := open.Answers[k]
			if !ok {
				continue
			}
			if v, ok = reseatAnswer(v, kind, perm); ok {
				open.Answers[k] = v
				continue
			}
			delete(open.Answers, k)
			delete(open.Said, k)
			open.Steps = 0 // walked again from the question asked again
		}
		// Questions about one player ("How many cards does Bob hold?")
		// follow their player as the facts do; one about a player who
		// left is gone with them.
		open.Answers, open.Said = moveSeatKeys(open.Answers, perm), moveSeatKeys(open.Said, perm)
		s.Open = &open
	}
	players := make([]Player, stay)
	var gone []Player
	for old, p := range perm {
		if p >= 0 {
			players[p] = s.Players[old]
		} else {
			gone = append(gone, s.Players[old])
		}
	}
	s.Left = append(slices.Clip(s.Left), gone...)
	cur := s.Current
	s.Players = players
	// Whose turn: the one after whoever played last, in the new seating;
	// with no turn yet, the same player, or the next one who stays.
	if lastOld >= 0 && lastOld < n && perm[lastOld] >= 0 {
		s.Current = (perm[lastOld] + 1) % stay
	} else {
		for k := range n {
			if p := perm[(cur+k)%n]; p >= 0 {
				s.Current = p
				break
			}
		}
	}
	facts := make(map[string]string, len(s.Facts))
	for k, v := range s.Facts {
		if slices.Contains(playerFacts, k) && v != AnswerNobody {
			if seat, err := strconv.Atoi(v); err == nil && seat >= 0 && seat < n {
				if perm[seat] < 0 {
					continue // the holder left: nobody is known to hold it
				}
				v = strconv.Itoa(perm[seat])
			}
		}
		if k, ok := moveSeatKey(k, perm); ok {
			facts[k] = v
		}
	}
	s.Facts = facts
	return nil
}

// Join seats a new player at the end of the table.
func (s *State) Join(p Player) error {
	p.Name = strings.TrimSpace(p.Name)
	if err := CheckName(p.Name); err != nil {
		return err
	}
	for _, q := range s.Players {
		if strings.EqualFold(q.Name, p.Name) {
			return fmt.Errorf("%q is already at the table", p.Name)
		}
	}
	if len(s.Players) >= MaxPlayers {
		return fmt.Errorf("at most %d players", MaxPlayers)
	}
	// A new seat sits after the last one: when the last seat has just
	// played, the new player plays next, not a round later.
	if n := len(s.Players); n > 0 && s.Current == 0 && s.lastPlayer() == n-1 {
		s.Current = n
	}
	s.Players = append(slices.Clip(s.Players), p)
	GiveColours(s.Players)
	s.note("%s joins the table", p.Name)
	return nil
}

// SetLive changes an option that may change mid-game, and notes it.
func (s *State) SetLive(o Option, value string) {
	s.SetOption(o.Key, value)
	s.note("%s: %s", o.Label, value)
}

// lastPlayer is the seat of whoever drew last (the open turn's player), or
// -1 before the first draw.
func (s *State) lastPlayer() int {
	switch {
	case s.Open != nil:
		return s.Open.Player
	case s.History.Len() > 0:
		last, _ := s.History.Last()
		return last.Player
	}
	return -1
}

// reseatAnswer is answer v, of kind, with the seats it names moved by perm;
// false when it names a player who left (the question is asked again).
func reseatAnswer(v string, kind QuestionKind, perm []int) (string, bool) {
	if v == AnswerNobody || v == AnswerSkip {
		return v, true
	}
	switch kind {
	case AskPlayer:
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n >= len(perm) || perm[n] < 0 {
			return "", false
		}
		return strconv.Itoa(perm[n]), true
	case AskPlayers:
		seats, err := ParseSeats(v, len(perm))
		if err != nil {
			return "", false
		}
		moved := make([]int, len(seats))
		for i, p := range seats {
			if perm[p] < 0 {
				return "", false
			}
			moved[i] = perm[p]
		}
		slices.Sort(moved)
		return FormatSeats(moved), true
	}
	return v, true
}

// moveSeatKey is key k, kept per player ("hand:2"), for the seat perm
// moves its player to; false when that player left. A key not ending in
// a seat stays as it is.
func moveSeatKey(k string, perm []int) (string, bool) {
	base, seatText, ok := strings.Cut(k, ":")
	if !ok {
		return k, true
	}
	seat, err := strconv.Atoi(seatText)
	if err != nil || seat < 0 || seat >= len(perm) {
		return k, true
	}
	if perm[seat] < 0 {
		return "", false
	}
	return base + ":" + strconv.Itoa(perm[seat]), true
}

// moveSeatKeys is m with its per-player keys moved by perm (moveSeatKey).
func moveSeatKeys(m map[string]string, perm []int) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		if k, ok := moveSeatKey(k, perm); ok {
			out[k] = v
		}
	}
	return out
}
