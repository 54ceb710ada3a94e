package custom

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"unicode/utf8"

	"github.com/pelletier/go-toml/v2"

	"github.com/eventdeck/eventdeck/deck"
)

// parser checks one file's cards and gathers its errors.
type parser struct {
	file   string
	lay    layout
	tables []Table
	errs   Errors
	ids    map[string]bool
	used   map[string]map[int]int // game → number → cards taken by joins
}

func (p *parser) fail(at spot, format string, args ...any) {
	p.errs = append(p.errs, Error{File: p.file, Line: at.line, Col: at.col, Msg: fmt.Sprintf(format, args...)})
}

// Parse reads the cards of one file: name is the file's name in messages
// and in each card's File, tables where each game takes cards. It returns
// the cards, or every error found, each with its line and column. It never
// panics, whatever data holds.
func Parse(name string, data []byte, tables []Table) ([]Card, Errors) {
	p := &parser{file: name, tables: tables, ids: map[string]bool{}, used: map[string]map[int]int{}}
	if len(data) > MaxFile {
		return nil, Errors{tooLarge(name, int64(len(data)))}
	}
	if !utf8.Valid(data) {
		p.fail(spot{1, 1}, "the file is not UTF-8 text")
		return nil, p.errs
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF")) // the mark some Windows editors start a file with
	src := string(data)
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			at, msg := syntaxError(src, de)
			p.fail(at, "%s", msg)
		} else {
			p.fail(spot{1, 1}, "%v", err)
		}
		return nil, p.errs
	}
	p.lay = locate(src)
	for _, k := range sortedKeys(doc) {
		if k != "card" {
			p.fail(p.lay.topKey(k), "unknown key %q: a file holds [[card]] tables", k)
		}
	}
	list, ok := tableList(doc["card"])
	if !ok {
		p.fail(p.lay.topKey("card"), "card: want [[card]] tables")
		return nil, p.errs
	}
	if len(list) > MaxCards {
		p.fail(p.lay.card(MaxCards), "%d cards; at most %d in a file", len(list), MaxCards)
		return nil, p.errs
	}
	var cards []Card
	for i, m := range list {
		if c, ok := p.card(i, m); ok {
			cards = append(cards, c)
		}
	}
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return cards, nil
}

// syntaxError is where the TOML parser stopped, its column counted in
// characters, and its message. The parser counts bytes and names only the
// first byte of a character it did not expect (U+00E2 'â' for a curly
// quote): the message names the whole character.
func syntaxError(src string, de *toml.DecodeError) (spot, string) {
	line, col := de.Position()
	line, col = max(line, 1), max(col, 1)
	msg := strings.TrimPrefix(de.Error(), "toml: ")
	lines := strings.SplitAfter(src, "\n")
	if line > len(lines) {
		return spot{line, col}, msg
	}
	text := lines[line-1]
	off := min(col-1, len(text))
	at := spot{line, utf8.RuneCountInString(text[:off]) + 1}
	if off < len(text) && text[off] >= utf8.RuneSelf {
		r, _ := utf8.DecodeRuneInString(text[off:])
		msg = strings.Replace(msg, fmt.Sprintf("U+%04X '%c'", text[off], rune(text[off])), fmt.Sprintf("U+%04X '%c'", r, r), 1)
	}
	return at, msg
}

// tableList reads v as a list of tables ([[card]] or an array of inline tables).
func tableList(v any) ([]map[string]any, bool) {
	switch l := v.(type) {
	case nil:
		return nil, true
	case []map[string]any:
		return l, true
	case []any:
		out := make([]map[string]any, 0, len(l))
		for _, e := range l {
			m, ok := e.(map[string]any)
			if !ok {
				return nil, false
			}
			out = append(out, m)
		}
		return out, true
	}
	return nil, false
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// cardKeys are the keys a [[card]] table takes.
func cardKeys() []string {
	return []string{"id", "title", "text", "copies", "game", "replaces", "joins", "stack", "step"}
}

// card checks card i and returns it if nothing is wrong with it.
func (p *parser) card(i int, m map[string]any) (Card, bool) {
	before := len(p.errs)
	key := func(k string) spot { return p.lay.cardKey(i, k) }
	for _, k := range sortedKeys(m) {
		if !slices.Contains(cardKeys(), k) {
			p.fail(key(k), "unknown key %q: want one of %s", k, strings.Join(cardKeys(), ", "))
		}
	}
	c := Card{File: p.file, Copies: 1}
	c.ID = p.text(m, "id", MaxID, key, true)
	if c.ID != "" {
		switch {
		case !validID(c.ID):
			p.fail(key("id"), "id %q: use lower-case letters, digits and -", c.ID)
		case p.ids[c.ID]:
			p.fail(key("id"), "duplicate id %q", c.ID)
		}
		p.ids[c.ID] = true
	}
	c.Title = p.text(m, "title", MaxTitle, key, true)
	c.Text = p.text(m, "text", MaxText, key, true)
	p.placeholders(c.Text, false, key("text"))
	if strings.Contains(c.Title, "{") {
		p.fail(key("title"), "a title is the card's name: no {…} in it")
	}
	if v, ok := m["copies"]; ok {
		n, isInt := v.(int64)
		switch {
		case !isInt:
			p.fail(key("copies"), "copies: want a whole number")
		case n < 1:
			p.fail(key("copies"), "copies is %d: a card needs 1 to %d copies", n, MaxCopies)
		case n > MaxCopies:
			p.fail(key("copies"), "copies is %d: at most %d", n, MaxCopies)
		default:
			c.Copies = int(n)
		}
	}
	c.Game = p.text(m, "game", 40, key, true)
	if c.Game != "" {
		t, ok := p.table(c.Game)
		if !ok {
			p.fail(key("game"), "unknown game %q: want %s", c.Game, p.games())
		} else {
			if t.Numbers != nil {
				p.numbers(i, m, t, &c)
			} else {
				p.stack(i, m, t, &c)
			}
			if c.ID != "" && slices.ContainsFunc(t.Printed, func(pr Printed) bool { return pr.ID == c.ID }) {
				p.fail(key("id"), "id %q is a printed card of %s", c.ID, t.Game)
			}
		}
	}
	c.Steps = p.steps(i, m)
	return c, len(p.errs) == before
}

func validID(id string) bool {
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// text reads a string key: trimmed, one line of printable text, at most
// limit characters, required or not.
func (p *parser) text(m map[string]any, k string, limit int, at func(string) spot, required bool) string {
	v, ok := m[k]
	if !ok {
		if required {
			p.fail(at(k), "%s is missing", k)
		}
		return ""
	}
	s, ok := v.(string)
	if !ok {
		p.fail(at(k), "%s: want a string", k)
		return ""
	}
	s = strings.TrimSpace(s)
	n := utf8.RuneCountInString(s)
	switch {
	case s == "" && required:
		p.fail(at(k), "%s is empty", k)
	case n > limit:
		p.fail(at(k), "%s has %d characters: at most %d fit the screen", k, n, limit)
	default:
		// No control character, escape sequence or bidi control reaches
		// a terminal from a card file.
		if err := deck.CheckText(s); err != nil {
			p.fail(at(k), "%s %v: one line of plain text", k, err)
			return ""
		}
		return s
	}
	return ""
}

func (p *parser) table(game string) (Table, bool) {
	i := slices.IndexFunc(p.tables, func(t Table) bool { return t.Game == game })
	if i < 0 {
		return Table{}, false
	}
	return p.tables[i], true
}

func (p *parser) games() string {
	ids := make([]string, len(p.tables))
	for i, t := range p.tables {
		ids[i] = t.Game
	}
	return oneOf(ids)
}

// oneOf lists words as "a, b or c".
func oneOf(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " or " + ws[len(ws)-1]
}

// numbers reads where a board-game card goes: replaces or joins, a list of
// production numbers with enough cards for its copies.
func (p *parser) numbers(i int, m map[string]any, t Table, c *Card) {
	key := func(k string) spot { return p.lay.cardKey(i, k) }
	if _, ok := m["stack"]; ok {
		p.fail(key("stack"), "stack: %s cards go by number, with replaces or joins", t.Game)
	}
	_, rep := m["replaces"]
	_, join := m["joins"]
	switch {
	case rep && join:
		p.fail(key("joins"), "a card either replaces or joins, not both")
		return
	case !rep && !join:
		p.fail(p.lay.card(i), "%s card: say where it goes with replaces = [numbers] or joins = [numbers]", t.Game)
		return
	}
	k := "replaces"
	if join {
		k = "joins"
	}
	list, ok := m[k].([]any)
	if !ok || len(list) == 0 || len(list) > 11 {
		p.fail(key(k), "%s: want a list of production numbers, like [12]", k)
		return
	}
	lo, hi := numberRange(t)
	copiesAt := key(k) // where a count is wrong: copies, or the list when copies is not written
	if _, ok := m["copies"]; ok {
		copiesAt = key("copies")
	}
	var ns []int
	for _, v := range list {
		n, isInt := v.(int64)
		if !isInt {
			p.fail(key(k), "%s: want whole numbers, like [12]", k)
			return
		}
		slots, ok := t.Numbers[int(n)]
		if !ok {
			p.fail(key(k), "no number card %d: the numbers run from %d to %d", n, lo, hi)
			return
		}
		if slices.Contains(ns, int(n)) {
			p.fail(key(k), "%s: %d twice", k, n)
			return
		}
		ns = append(ns, int(n))
		if rep && c.Copies > slots.Cards {
			p.fail(copiesAt, "%d copies on %d: the deck has %d card(s) showing %d", c.Copies, n, slots.Cards, n)
			return
		}
		if join {
			if p.used[t.Game] == nil {
				p.used[t.Game] = map[int]int{}
			}
			p.used[t.Game][int(n)] += c.Copies
			if free := slots.Free; p.used[t.Game][int(n)] > free {
				p.fail(copiesAt, "%d: the deck has %d card(s) without an event showing %d, and this file asks for %d", n, free, n, p.used[t.Game][int(n)])
				return
			}
		}
	}
	if rep {
		c.Replaces = ns
	} else {
		c.Joins = ns
	}
}

func numberRange(t Table) (int, int) {
	lo, hi := 0, 0
	for n := range t.Numbers {
		if lo == 0 || n < lo {
			lo = n
		}
		hi = max(hi, n)
	}
	return lo, hi
}

// stack reads where a Rivals or Card Game card goes: one of the game's stacks.
func (p *parser) stack(i int, m map[string]any, t Table, c *Card) {
	key := func(k string) spot { return p.lay.cardKey(i, k) }
	for _, k := range []string{"replaces", "joins"} {
		if _, ok := m[k]; ok {
			p.fail(key(k), "%s: a %s card joins a stack: stack = %q", k, t.Game, t.Stacks[0])
		}
	}
	c.Stack = p.text(m, "stack", 40, key, true)
	if c.Stack != "" && !slices.Contains(t.Stacks, c.Stack) {
		p.fail(key("stack"), "unknown stack %q for %s: want %s", c.Stack, t.Game, oneOf(t.Stacks))
		c.Stack = ""
	}
}

// stepKeys are the keys a [[card.step]] table takes.
func stepKeys() []string { return []string{"text", "ask", "prompt", "topic", "max"} }

// steps reads a card's [[card.step]] tables.
func (p *parser) steps(i int, m map[string]any) []Step {
	v, ok := m["step"]
	if !ok {
		return nil
	}
	list, ok := tableList(v)
	if !ok {
		p.fail(p.lay.cardKey(i, "step"), "step: want [[card.step]] tables")
		return nil
	}
	if len(list) > MaxSteps {
		p.fail(p.lay.step(i, MaxSteps), "%d steps; at most %d", len(list), MaxSteps)
		return nil
	}
	var out []Step
	asked := false // {answer} names the answer to a question before it
	for j, sm := range list {
		key := func(k string) spot { return p.lay.stepKey(i, j, k) }
		for _, k := range sortedKeys(sm) {
			if !slices.Contains(stepKeys(), k) {
				p.fail(key(k), "unknown key %q in a step: want one of %s", k, strings.Join(stepKeys(), ", "))
			}
		}
		st := Step{Text: p.text(sm, "text", MaxText, key, true)}
		p.placeholders(st.Text, asked, key("text"))
		st.Ask = p.text(sm, "ask", 20, key, false)
		if _, ok := askKind(st.Ask); st.Ask != "" && !ok {
			p.fail(key("ask"), "unknown question kind %q: want %s", st.Ask, oneOf([]string{AskPlayer, AskPlayers, AskNumber, AskYesNo}))
		}
		st.Prompt = p.text(sm, "prompt", MaxPrompt, key, st.Ask != "")
		st.Topic = p.text(sm, "topic", MaxTopic, key, false)
		p.placeholders(st.Prompt, asked, key("prompt")) // asked counts the questions before this one
		p.placeholders(st.Topic, asked, key("topic"))
		if st.Ask == "" && (st.Prompt != "" || st.Topic != "") {
			p.fail(key("prompt"), "prompt and topic need a question: add ask = %q or another kind", AskPlayer)
		}
		if mv, ok := sm["max"]; ok {
			n, isInt := mv.(int64)
			switch {
			case st.Ask != AskNumber:
				p.fail(key("max"), "max is for ask = %q only", AskNumber)
			case !isInt || n < 1 || n > 999:
				p.fail(key("max"), "max: want a whole number from 1 to 999")
			default:
				st.Max = int(n)
			}
		}
		asked = asked || st.Ask != ""
		out = append(out, st)
	}
	return out
}

// placeholders checks the {…} in a text: {player} always, {answer} only
// after a question; anything else is a typing mistake that would show raw.
func (p *parser) placeholders(text string, asked bool, at spot) {
	for rest := text; ; {
		i := strings.Index(rest, "{")
		if i < 0 {
			return
		}
		j := strings.Index(rest[i:], "}")
		if j < 0 {
			return
		}
		switch name := rest[i : i+j+1]; {
		case name == "{player}":
		case name == "{answer}" && !asked:
			p.fail(at, "{answer} before any question: ask one in an earlier step")
		case name != "{answer}":
			p.fail(at, "unknown %s: a text takes {player} and {answer}", name)
		}
		rest = rest[i+j+1:]
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
