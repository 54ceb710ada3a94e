package deck

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Bounds a loaded game must keep. A real game is a few hundred draws; these
// leave room for a very long one while keeping every counter far from
// overflowing and every loop over them short.
const (
	MaxDraws    = 100_000 // productions in one game
	MaxCounter  = 100_000 // any other counter: a tracker, a turn's steps, the barbarians
	MaxNumber   = 999     // the largest answer to an AskNumber question
	MaxTimer    = 3600    // seconds a turn timer may run
	MaxCounters = 64      // a state's numbered counters
)

// validate checks what the engine knows must hold in any game; rulesets check
// their own cards on top of this (expansions.Ruleset.Validate). Decode calls
// it on the current state and on every undo and redo state.
func (s *State) validate() error { return s.check(0) }

// check is validate, the first checked turns of the history already
// checked on their own (checkTurns): of those, only what depends on the
// state is checked again. Decode checks the history once for every state
// that shares it.
func (s *State) check(checked int) error {
	if s.Ruleset == "" {
		return errors.New("no ruleset named")
	}
	if len(s.Players) == 0 || len(s.Players) > MaxPlayers {
		return fmt.Errorf("%d players (need 1 to %d)", len(s.Players), MaxPlayers)
	}
	if err := checkNames(s); err != nil {
		return err
	}
	if len(s.Left) > MaxPlayers || len(s.Table) > MaxDraws {
		return fmt.Errorf("%d players left and %d table changes: too many", len(s.Left), len(s.Table))
	}
	for _, n := range s.Table {
		if n.Turn < 0 || n.Turn > s.Turns() || len(n.Text) > MaxText || n.Colour < 0 || n.Colour > MaxPlayers+len(s.Left) {
			return fmt.Errorf("a table change at turn %d out of range", n.Turn)
		}
		if err := CheckText(n.Text); err != nil {
			return fmt.Errorf("a table change at turn %d %w", n.Turn, err)
		}
	}
	if err := checkTexts("an option", s.Options, false); err != nil {
		return err
	}
	if err := checkTexts("a fact", s.Facts, true); err != nil {
		return err
	}
	if s.Current < 0 || s.Current >= len(s.Players) {
		return fmt.Errorf("current player %d out of range (0 to %d for %d players)", s.Current, len(s.Players)-1, len(s.Players))
	}
	// Every turn is one production, and a year starts with a draw.
	if s.Timer < 0 || s.Timer > MaxTimer {
		return fmt.Errorf("a turn timer of %d seconds, out of range (0 to %d)", s.Timer, MaxTimer)
	}
	if s.Draws < 0 || s.Draws > MaxDraws {
		return fmt.Errorf("draw %d out of range (0 to %d)", s.Draws, MaxDraws)
	}
	if s.Year < 1 || s.Year > s.Draws+1 {
		return fmt.Errorf("year %d out of range after %d draws", s.Year, s.Draws)
	}
	if s.Turns() > s.Draws {
		return fmt.Errorf("%d turns, more than the %d draws", s.Turns(), s.Draws)
	}
	if err := checkPiles(s); err != nil {
		return err
	}
	if len(s.Counters) > MaxCounters {
		return fmt.Errorf("%d counters, more than %d", len(s.Counters), MaxCounters)
	}
	for i, n := range s.Counters {
		if n < 0 || n > MaxCounter {
			return fmt.Errorf("counter %d at %d out of range (0 to %d)", i, n, MaxCounter)
		}
	}
	for _, key := range slices.Sorted(maps.Keys(s.Trackers)) {
		n := s.Trackers[key]
		if n < 0 || n > MaxCounter {
			return fmt.Errorf("tracker %s at %d out of range (0 to %d)", key, n, MaxCounter)
		}
	}
	if s.Open != nil {
		if err := checkRecordTexts(*s.Open); err != nil {
			return fmt.Errorf("the open turn: %w", err)
		}
	}
	checked = min(checked, s.History.Len())
	for i := range checked {
		if err := checkRecordIn(s, s.History.At(i)); err != nil {
			return fmt.Errorf("turn %d: %w", i+1, err)
		}
	}
	prev := Record{}
	if checked > 0 {
		prev = s.History.At(checked - 1)
	}
	for i := checked; i < s.Turns(); i++ {
		r := s.TurnAt(i)
		if err := checkRecord(s, r, prev); err != nil {
			return fmt.Errorf("turn %d: %w", i+1, err)
		}
		prev = r
	}
	return nil
}

// checkTurns checks what of each turn of a history holds whatever state
// has it: the order of draws and years, the counters and the texts.
func checkTurns(history []Record) error {
	prev := Record{}
	for i, r := range history {
		if r.Draw <= prev.Draw {
			return fmt.Errorf("turn %d: draw %d out of order (after %d)", i+1, r.Draw, prev.Draw)
		}
		if r.Year < max(prev.Year, 0) {
			return fmt.Errorf("turn %d: year %d out of order (after %d)", i+1, r.Year, prev.Year)
		}
		if err := checkRecordSelf(r); err != nil {
			return fmt.Errorf("turn %d: %w", i+1, err)
		}
		prev = r
	}
	return nil
}

// checkRecordIn checks what of a turn depends on the state that has it:
// its player is one of the game's, its draw and year not past the game's.
func checkRecordIn(s *State, r Record) error {
	if r.Player < 0 || r.Player >= len(s.Players)+len(s.Left) { // a player who left keeps their turns
		return fmt.Errorf("player %d out of range", r.Player+1)
	}
	if r.Draw > s.Draws {
		return fmt.Errorf("draw %d out of order (of %d)", r.Draw, s.Draws)
	}
	if r.Year > s.Year {
		return fmt.Errorf("year %d out of order (of %d)", r.Year, s.Year)
	}
	return nil
}

// checkPiles checks that no pile holds a card twice.
func checkPiles(s *State) error {
	var seen [256]bool
	for _, c := range slices.Concat(s.Deck.Draw, s.Deck.Discard) {
		if seen[c] {
			return fmt.Errorf("card %d is in the deck twice", c)
		}
		seen[c] = true
	}
	for _, name := range slices.Sorted(maps.Keys(s.Piles)) {
		d := s.Piles[name]
		var in [256]bool
		for _, c := range slices.Concat(d.Draw, d.Discard) {
			if in[c] {
				return fmt.Errorf("pile %s holds %d twice", name, c)
			}
			in[c] = true
		}
	}
	return nil
}

// checkRecord checks one turn against the game and the turn before it: the
// draws count up, the years never go back, and every counter is in range.
func checkRecord(s *State, r, prev Record) error {
	if r.Player < 0 || r.Player >= len(s.Players)+len(s.Left) { // a player who left keeps their turns
		return fmt.Errorf("player %d out of range", r.Player+1)
	}
	if r.Draw <= prev.Draw || r.Draw > s.Draws {
		return fmt.Errorf("draw %d out of order (after %d, of %d)", r.Draw, prev.Draw, s.Draws)
	}
	// A game without years records year 0 on every turn.
	if r.Year < max(prev.Year, 0) || r.Year > s.Year {
		return fmt.Errorf("year %d out of order (after %d, of %d)", r.Year, prev.Year, s.Year)
	}
	return checkRecordSelf(r)
}

// checkRecordSelf checks a turn's own counters and texts.
func checkRecordSelf(r Record) error {
	if r.Steps < 0 || r.Steps > MaxCounter {
		return fmt.Errorf("%d steps done, out of range (0 to %d)", r.Steps, MaxCounter)
	}
	if err := checkRecordTexts(r); err != nil {
		return err
	}
	for _, k := range slices.Sorted(maps.Keys(r.Marks)) {
		v := r.Marks[k]
		if v < 0 || v > MaxCounter {
			return fmt.Errorf("mark %s at %d, out of range (0 to %d)", k, v, MaxCounter)
		}
	}
	return nil
}

// CheckTrackers checks that every tracker a ruleset reports stands between 0
// and the position where it triggers.
func CheckTrackers(ts []Tracker) error {
	for _, t := range ts {
		if t.Steps < 0 || t.Pos < 0 || t.Pos > t.Steps {
			return fmt.Errorf("%s at %d of %d", t.Name, t.Pos, t.Steps)
		}
	}
	return nil
}

// CheckAnswer reports whether v is an answer q takes in a game of the given
// number of players: a seat or nobody, a number from 0 to MaxNumber, yes or
// no. Any question may be skipped.
func CheckAnswer(q Question, v string, players int) error {
	if v == AnswerSkip {
		return nil
	}
	switch q.Kind {
	case AskPlayer:
		if v == AnswerNobody {
			return nil
		}
		if n, err := strconv.Atoi(v); err != nil || n < 0 || n >= players {
			return fmt.Errorf("%s: %q is not a player", q.Key, v)
		}
	case AskPlayers:
		if _, err := ParseSeats(v, players); err != nil {
			return fmt.Errorf("%s: %w", q.Key, err)
		}
	case AskNumber:
		most := q.Max
		if most == 0 {
			most = MaxNumber
		}
		if n, err := strconv.Atoi(v); err != nil || n < 0 || n > most {
			return fmt.Errorf("%s: %q is not a number from 0 to %d", q.Key, v, most)
		}
	case AskYesNo:
		if v != AnswerYes && v != AnswerNo {
			return fmt.Errorf("%s: %q is not yes or no", q.Key, v)
		}
	default:
		return fmt.Errorf("%s: unknown kind of question", q.Key)
	}
	return nil
}

// CheckAnswers checks the answers of the open turn against the questions the
// ruleset asks (steps, its Steps). Steps after an answer may depend on it,
// so the answers are replayed one at a time on a copy, each checked before
// the steps that read it are built.
func CheckAnswers(s *State, steps func(*State) []Step) error {
	if s.Open == nil || len(s.Open.Answers) == 0 {
		return nil
	}
	c := s.Clone()
	c.Open.Answers = map[string]string{}
	for range len(s.Open.Answers) {
		q, v, ok := nextAnswered(steps(c), s.Open.Answers, c.Open.Answers)
		if !ok {
			return nil
		}
		if err := CheckAnswer(q, v, len(s.Players)); err != nil {
			return err
		}
		c.Open.Answers[q.Key] = v
	}
	return nil
}

// nextAnswered finds the first question in steps that saved answers but
// replayed does not.
func nextAnswered(steps []Step, saved, replayed map[string]string) (Question, string, bool) {
	for _, st := range steps {
		if st.Question == nil {
			continue
		}
		if _, done := replayed[st.Question.Key]; done {
			continue
		}
		if v, ok := saved[st.Question.Key]; ok {
			return *st.Question, v, true
		}
	}
	return Question{}, "", false
}

// CheckFacts checks the remembered facts the ruleset lets the table correct
// (questions, its FactQuestions) against the answers those questions take.
func CheckFacts(s *State, questions []Question) error {
	for _, q := range questions {
		if v, ok := s.Facts[q.Key]; ok {
			if err := CheckAnswer(q, v, len(s.Players)); err != nil {
				return fmt.Errorf("fact %w", err)
			}
		}
	}
	return nil
}

// checkNames checks the players' names and colours, those who left too:
// cheap, and first, before a save's other states are made.
func checkNames(s *State) error {
	if len(s.Players) > MaxPlayers || len(s.Left) > MaxPlayers {
		return fmt.Errorf("%d players and %d who left: too many", len(s.Players), len(s.Left))
	}
	for i, p := range append(slices.Clip(s.Players), s.Left...) {
		if err := checkSavedName(p.Name); err != nil {
			return fmt.Errorf("player %d: %w", i+1, err)
		}
		if p.Colour != "" && !slices.Contains(Colours(), p.Colour) {
			return fmt.Errorf("player %d plays %q, not a Catan colour", i+1, p.Colour)
		}
	}
	return nil
}

// checkSavedName checks a name read from a save: not empty, at most
// MaxName characters, and nothing a terminal would obey (CheckText). A
// comma or colon is not refused here: a save holds names already split.
func checkSavedName(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return errors.New("no name")
	case len(name) > 4*MaxName || utf8.RuneCountInString(name) > MaxName:
		return fmt.Errorf("a name longer than %d characters", MaxName)
	}
	if err := CheckText(name); err != nil {
		return fmt.Errorf("the name %s %w", Quote(name), err)
	}
	return nil
}

// checkRecordTexts checks the texts a turn keeps: dice faces, answers and
// answers in words.
func checkRecordTexts(r Record) error {
	for _, m := range []map[string]string{r.Dice, r.Answers, r.Said} {
		if err := checkTexts("a text", m, true); err != nil {
			return err
		}
	}
	return nil
}

// checkTexts checks the keys and values of a map read from a save: each fit
// to show (CheckText) and, if short, at most MaxText bytes (an option may
// hold a game's own copy of its card files). Keys are visited in order, so
// the same file always gives the same error.
func checkTexts(what string, m map[string]string, short bool) error {
	for _, k := range slices.Sorted(maps.Keys(m)) {
		v := m[k]
		if len(k) > MaxText || short && len(v) > MaxText {
			return fmt.Errorf("%s longer than %d bytes", what, MaxText)
		}
		if err := CheckText(k); err != nil {
			return fmt.Errorf("%s's name %w", what, err)
		}
		if err := CheckText(v); err != nil {
			return fmt.Errorf("%s %s %w", what, Quote(k), err)
		}
	}
	return nil
}
