package custom

import "strings"

// spot is a place in a file: line and column, from 1.
type spot struct{ line, col int }

// keys are where each key of one table was written.
type keys map[string]spot

// stepSpots is where one [[card.step]] table and its keys were written.
type stepSpots struct {
	at   spot
	keys keys
}

// cardSpots is where one [[card]] table, its keys and its steps were written.
type cardSpots struct {
	at    spot
	keys  keys
	steps []stepSpots
}

// layout is where the cards of a file were written. The TOML parser keeps
// the places of keys to itself, so this reads them from the lines: each
// [[card]] and [[card.step]] header, and each key at the start of a line.
// A card written another way (inline tables) falls back to its header or
// the top of the file.
type layout struct {
	top   keys
	cards []cardSpots
}

// locate reads where the cards of src were written.
func locate(src string) layout {
	l := layout{top: keys{}}
	var cur keys = l.top
	quote := "" // the delimiter of a multi-line string the line is inside
	for i, line := range strings.Split(src, "\n") {
		n := i + 1
		if quote != "" {
			if strings.Count(line, quote)%2 == 1 {
				quote = ""
			}
			continue
		}
		trimmed := strings.TrimLeft(line, " \t")
		at := spot{n, len(line) - len(trimmed) + 1}
		switch {
		case strings.HasPrefix(trimmed, "[["):
			name, _, _ := strings.Cut(trimmed[2:], "]]")
			switch strings.ReplaceAll(strings.TrimSpace(name), " ", "") {
			case "card":
				l.cards = append(l.cards, cardSpots{at: at, keys: keys{}})
				cur = l.cards[len(l.cards)-1].keys
			case "card.step":
				if len(l.cards) == 0 {
					cur = keys{}
					break
				}
				c := &l.cards[len(l.cards)-1]
				c.steps = append(c.steps, stepSpots{at: at, keys: keys{}})
				cur = c.steps[len(c.steps)-1].keys
			default:
				cur = keys{}
			}
		case strings.HasPrefix(trimmed, "["):
			cur = keys{}
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
		default:
			if k, _, ok := strings.Cut(trimmed, "="); ok {
				k = strings.Trim(strings.TrimSpace(k), `"'`)
				if _, seen := cur[k]; !seen {
					cur[k] = at
				}
			}
			for _, q := range []string{`"""`, `'''`} {
				if strings.Count(line, q)%2 == 1 {
					quote = q
				}
			}
		}
	}
	return l
}

// card is where card i was written, or the top of the file.
func (l layout) card(i int) spot {
	if i < len(l.cards) {
		return l.cards[i].at
	}
	return spot{1, 1}
}

// cardKey is where key of card i was written, or the card's header.
func (l layout) cardKey(i int, key string) spot {
	if i < len(l.cards) {
		if s, ok := l.cards[i].keys[key]; ok {
			return s
		}
	}
	return l.card(i)
}

// step is where step j of card i was written, or the card's header.
func (l layout) step(i, j int) spot {
	if i < len(l.cards) && j < len(l.cards[i].steps) {
		return l.cards[i].steps[j].at
	}
	return l.cardKey(i, "step")
}

// stepKey is where key of step j of card i was written, or the step's header.
func (l layout) stepKey(i, j int, key string) spot {
	if i < len(l.cards) && j < len(l.cards[i].steps) {
		if s, ok := l.cards[i].steps[j].keys[key]; ok {
			return s
		}
	}
	return l.step(i, j)
}

// topKey is where a top-level key was written, or the top of the file.
func (l layout) topKey(key string) spot {
	if s, ok := l.top[key]; ok {
		return s
	}
	return spot{1, 1}
}
