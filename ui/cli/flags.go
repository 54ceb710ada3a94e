package cli

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// gameFlags are the options that make a game, made from every ruleset's
// options plus --game and --seed, shared by `eventdeck draw` and the TUI's
// quick start, so the same flags give the same turns in both.
type gameFlags struct {
	rulesets []expansions.Ruleset
	seed     optionalSeed
	game     string
	values   map[string]string       // option key → value given
	groups   map[string]listFlag     // group flag → option keys turned on
	cards    listFlag                // --cards: card files of the table's own
	lib      *expansions.CardLibrary // the card files read (loadCards); nil for none
}

// register adds the flags of every ruleset's options to fs: one flag per
// option key, and one repeatable flag per group of on/off options
// (--expansion cities-knights). Their help lines are written only when
// asked for (fs.Usage, on -h or a bad flag): a draw never reads them.
func (g *gameFlags) register(fs *flag.FlagSet, rulesets []expansions.Ruleset) {
	g.rulesets = rulesets
	g.values, g.groups = map[string]string{}, map[string]listFlag{}
	ids := make([]string, len(rulesets))
	for i, r := range rulesets {
		ids[i] = r.ID()
	}
	fs.Var(&g.seed, "seed", "seed for the shuffles and rolls (a whole number); the same seed replays the same night")
	fs.StringVar(&g.game, "game", ids[0], "the game: "+strings.Join(ids, ", "))
	fs.Var(&g.cards, "cards", "a file of your own event cards (repeat for more); see: eventdeck cards")
	fs.Func(expansions.OptCardFiles, "which card files to play: all, none, or file names (comma list; default all)", func(v string) error {
		g.values[expansions.OptCardFiles] = v
		return nil
	})
	// Two games may offer an option of the same key: the first game's
	// defines the flag (and its help line).
	for _, r := range rulesets {
		for _, o := range r.Options() {
			if o.Group != "" {
				if fs.Lookup(o.Group) == nil {
					group := o.Group
					fs.Func(group, "", func(v string) error {
						l := g.groups[group]
						err := l.Set(v)
						g.groups[group] = l
						return err
					})
				}
				continue
			}
			if fs.Lookup(o.Key) != nil {
				continue // another game's option of the same key
			}
			key := o.Key
			set := func(v string) error {
				g.values[key] = v
				return nil
			}
			if isSwitch(o) {
				fs.Var(switchFlag(set), key, "")
				continue
			}
			fs.Func(key, "", set)
		}
	}
	fs.Usage = func() { describe(fs, rulesets) }
}

// describe writes the help line of each option's flag that has none yet:
// what it changes, its values and default, or a group's keys.
func describe(fs *flag.FlagSet, rulesets []expansions.Ruleset) {
	for _, r := range rulesets {
		for _, o := range r.Options() {
			name, usage := o.Key, ""
			switch {
			case o.Group != "":
				name, usage = o.Group, "turn on an option of the group (repeat for more): "+strings.Join(groupKeys(rulesets, o.Group), ", ")
			case isSwitch(o):
				usage = optionUsage(o) + "; bare --" + o.Key + " means on"
			default:
				usage = optionUsage(o)
			}
			if f := fs.Lookup(name); f != nil && f.Usage == "" {
				f.Usage = usage
			}
		}
	}
}

// isSwitch reports whether an option is a plain on/off switch, whose flag
// may be given bare.
func isSwitch(o deck.Option) bool {
	return !o.Free && slices.Equal(o.Values, []string{"off", "on"})
}

// switchFlag is an on/off option's flag: `--seasons on`, `--seasons=off`,
// or bare `--seasons`, which bareSwitches reads as on.
type switchFlag func(string) error

func (f switchFlag) String() string     { return "" }
func (f switchFlag) Set(v string) error { return f(v) }
func (f switchFlag) bare() string       { return "on" }

// bareSwitches rewrites a switch flag given bare (last, or followed by
// another flag) as --key=on, so that `--seasons` and `--seasons on` both
// work; the flag package alone takes one form or the other. So too any
// flag with a bare value (--resume, --resume NAME). It walks the
// arguments as the flag package does: values of other flags are skipped,
// and it stops at the first argument that is not a flag, or at "--".
func bareSwitches(fs *flag.FlagSet, args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || len(a) < 2 || a[0] != '-' {
			return append(out, args[i:]...)
		}
		out = append(out, a)
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			continue
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		last := i+1 == len(args)
		if b, ok := f.Value.(interface{ bare() string }); ok && (last || strings.HasPrefix(args[i+1], "-")) {
			out[len(out)-1] = a + "=" + b.bare()
			continue
		}
		if !last {
			out = append(out, args[i+1])
			i++
		}
	}
	return out
}

// groupKeys lists the option keys a group flag takes.
func groupKeys(rulesets []expansions.Ruleset, group string) []string {
	var keys []string
	for _, r := range rulesets {
		for _, o := range r.Options() {
			if o.Group == group && !slices.Contains(keys, o.Key) {
				keys = append(keys, o.Key)
			}
		}
	}
	return keys
}

// optionUsage is a flag's help line: what it changes, its values, its default.
func optionUsage(o deck.Option) string {
	vals := o.Values
	more := ""
	if len(vals) > 6 {
		vals, more = vals[:4], ", …"
	}
	return fmt.Sprintf("%s (%s%s; default %s)", o.Help, strings.Join(vals, ", "), more, o.Default)
}

// ruleset is the game the flags name.
func (g *gameFlags) ruleset() (expansions.Ruleset, error) {
	return expansions.Find(g.rulesets, g.game)
}

// options returns the option values given for r: every flag must be one
// of r's options, and a group flag must name one of r's options of that group.
func (g *gameFlags) options(r expansions.Ruleset) (map[string]string, error) {
	if len(g.values) == 0 && len(g.groups) == 0 {
		return map[string]string{}, nil
	}
	opts := r.Options()
	known := func(key string) (deck.Option, bool) {
		if _, ok := r.(expansions.HouseRules); ok && key == expansions.OptCardFiles {
			return deck.Option{Key: expansions.OptCardFiles}, true
		}
		return optionOf(opts, key)
	}
	out := map[string]string{}
	for k, v := range g.values {
		if _, ok := known(k); !ok {
			return nil, fmt.Errorf("--%s is not an option of %s", k, r.ID())
		}
		out[k] = v
	}
	for group, keys := range g.groups {
		for _, o := range opts {
			if o.Group == group {
				out[o.Key] = "off" // the group flag names every one turned on
			}
		}
		all := groupKeys([]expansions.Ruleset{r}, group)
		if len(all) == 0 {
			return nil, fmt.Errorf("--%s is not an option of %s", group, r.ID())
		}
		for _, k := range keys {
			o, ok := known(k)
			if !ok || o.Group != group {
				return nil, fmt.Errorf("unknown %s %q: want %s", group, k, strings.Join(all, ", "))
			}
			out[k] = "on"
		}
	}
	if err := chooseNeeded(opts, out); err != nil {
		return nil, err
	}
	return out, nil
}

// chooseNeeded adds to given the choice each given option needs: an option
// offered only with another option's value (Needs) means that value, so
// --set means --mode theme, and --theme --mode expanded. Given with another
// value, by hand or by another option, it is an error that names both. An
// on/off option (an expansion, a variant) is never turned on this way: its
// own flag says so, and notInPlay asks for it.
func chooseNeeded(opts []deck.Option, given map[string]string) error {
	keys := slices.Sorted(maps.Keys(given))
	by := map[string]string{} // a choice made → the option that made it
	for _, k := range keys {
		o, _ := optionOf(opts, k)
		need, want, ok := strings.Cut(o.Needs, "=")
		if !ok {
			continue
		}
		p, ok := optionOf(opts, need)
		if !ok || p.Group != "" || isSwitch(p) {
			continue
		}
		have, set := given[need]
		switch {
		case !set && p.Default != want:
			given[need], by[need] = want, k
		case set && have != want && by[need] == "":
			return fmt.Errorf("--%s %s and --%s %s do not go together: --%s plays --%s %s", need, have, k, given[k], k, need, want)
		case set && have != want:
			return fmt.Errorf("--%s and --%s do not go together: --%s plays --%s %s, --%s plays --%s %s", by[need], k, by[need], need, have, k, need, want)
		}
	}
	return nil
}

// optionOf is the option of opts with key.
func optionOf(opts []deck.Option, key string) (deck.Option, bool) {
	i := slices.IndexFunc(opts, func(o deck.Option) bool { return o.Key == key })
	if i < 0 {
		return deck.Option{}, false
	}
	return opts[i], true
}

// notInPlay says which option given on the command line the game would
// not play, because the option it needs is not on in the game's options
// (played, as the game parsed them): --seasons without Cities & Knights.
func notInPlay(r expansions.Ruleset, given, played map[string]string) error {
	opts := r.Options()
	for _, k := range deck.Unmet(opts, played) {
		if _, ok := given[k]; !ok {
			continue
		}
		o, _ := optionOf(opts, k)
		need, want, _ := strings.Cut(o.Needs, "=")
		flag := "--" + need + " " + want
		if p, ok := optionOf(opts, need); ok && p.Group != "" && want == "on" {
			flag = "--" + p.Group + " " + need
		}
		return fmt.Errorf("--%s needs %s", k, flag)
	}
	return nil
}

// loadCards reads the table's card files, from dir and --cards, and
// rebuilds the games from fsys to offer them. It returns a warning naming
// each file skipped. With no files at all the games stay as they are; games
// the environment gave (tests) are kept as they are.
func (g *gameFlags) loadCards(dir string, fsys fs.FS, fixed bool) (string, error) {
	if fixed || len(g.cards) == 0 && (dir == "" || !expansions.HasCardFiles(dir)) {
		return "", nil
	}
	lib := expansions.LoadCards(dir, g.cards, expansions.CardTables(g.rulesets))
	if len(lib.Files) == 0 && len(lib.Skipped) == 0 {
		return "", nil
	}
	rs, err := expansions.AllWith(fsys, lib)
	if err != nil {
		return "", err
	}
	g.rulesets, g.lib = rs, lib
	return lib.Warning(), nil
}

// seedValue is the seed given, or a fresh random one.
func (g *gameFlags) seedValue() uint64 {
	if !g.seed.set {
		return deck.RandomSeed()
	}
	return g.seed.value
}

// check builds a game from the flags once to report bad values now.
func (g *gameFlags) check() (expansions.Ruleset, map[string]string, error) {
	r, err := g.ruleset()
	if err != nil {
		return nil, nil, err
	}
	opts, err := g.options(r)
	if err != nil {
		return nil, nil, err
	}
	if _, err := r.NewGame(opts, tablePlayers(r), 0); err != nil {
		return nil, nil, err
	}
	return r, opts, nil
}

// tablePlayers are stand-in players for a game drawn without names: as
// many as the game needs at least.
func tablePlayers(r expansions.Ruleset) []deck.Player {
	lo, _ := r.Players()
	ps := make([]deck.Player, max(lo, 1))
	for i := range ps {
		ps[i] = deck.Player{Name: "Player " + strconv.Itoa(i+1)}
	}
	return ps
}

// optionalSeed is a --seed value that remembers whether it was given.
type optionalSeed struct {
	value uint64
	set   bool
}

func (s *optionalSeed) String() string {
	if !s.set {
		return ""
	}
	return strconv.FormatUint(s.value, 10)
}

func (s *optionalSeed) Set(v string) error {
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return errors.New("want a whole number from 0 to 18446744073709551615")
	}
	s.value, s.set = n, true
	return nil
}

// listFlag collects a repeatable flag; commas also separate values.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(v string) error {
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*l = append(*l, p)
		}
	}
	return nil
}
