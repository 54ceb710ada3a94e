package web

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/eventdeck/eventdeck/deck"
)

// TokensFile is where the phones that joined are remembered, in the state
// folder beside the saves (0600): a rejoin or a `serve --resume` needs no
// code. Only each token's SHA-256 is kept, so the file lets nobody in.
const TokensFile = "phones.json"

// maxTokensFile caps the tokens file read: 16 phones take a few KB.
const maxTokensFile = 1 << 20

// Bounds on the phones remembered, past which the oldest is forgotten
// first. A seat's tokens are kept apart from the viewers': any number of
// viewers joining never forgets a player's phone (issue 39).
const (
	maxViewers    = 64  // viewers' tokens
	maxPerSeat    = 8   // one seat's tokens: a player's phones, and rejoins
	maxSeatTokens = 256 // every seat's together, names of games gone included
)

// Joined is who a phone joined as: a player by name, or a viewer.
type Joined struct {
	Name  string    `json:"name,omitempty"` // the player's name; "" watches
	Since time.Time `json:"since"`
}

// tokens are the phones remembered, by their token's hash: the players'
// and the viewers' apart. The file keeps them together, as before.
type tokens struct {
	path    string
	mu      sync.Mutex
	seats   map[string]Joined
	viewers map[string]Joined
	// aside is where a file that could not be read was moved, with why.
	aside string
}

// loadTokens reads the phones remembered in dir. A file that cannot be
// read (empty, not JSON, a FIFO, a folder, too large) is moved aside, as
// a setup that cannot be read is, never overwritten: serve starts without
// it, and Problem says so.
func loadTokens(dir string) (*tokens, error) {
	t := &tokens{path: filepath.Join(dir, TokensFile), seats: map[string]Joined{}, viewers: map[string]Joined{}}
	data, err := deck.ReadFile(t.path, maxTokensFile) // a FIFO or a huge file here never holds serve up
	if errors.Is(err, fs.ErrNotExist) {
		return t, nil
	}
	var by map[string]Joined
	if err == nil {
		if err = json.Unmarshal(data, &by); err != nil {
			err = fmt.Errorf("not a list of phones: %v", err)
		}
	}
	if err != nil {
		aside, merr := moveAside(t.path)
		if merr != nil {
			return nil, fmt.Errorf("web: %s cannot be read (%v) nor moved aside: %v", t.path, err, merr)
		}
		t.aside = fmt.Sprintf("The phones remembered could not be read (%v); they were moved to %s and join again with the code.", err, aside)
		return t, nil
	}
	for h, j := range by {
		if j.Name != "" {
			t.seats[h] = j
		} else {
			t.viewers[h] = j
		}
	}
	return t, nil
}

// Problem says what was done with a file of phones that could not be
// read; "" when it was read (or there was none).
func (t *tokens) Problem() string { return t.aside }

// moveAside renames path to a new name beside it that nothing has yet.
func moveAside(path string) (string, error) {
	stamp := path + ".broken-" + time.Now().Format("20060102-150405")
	for i := range 1000 {
		name := stamp
		if i > 0 {
			name = fmt.Sprintf("%s-%d", stamp, i)
		}
		if _, err := os.Lstat(name); errors.Is(err, fs.ErrNotExist) {
			return name, os.Rename(path, name)
		}
	}
	return "", errors.New("no free name to move it to")
}

func hashOf(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Who is who the phone with token joined as.
func (t *tokens) Who(token string) (Joined, bool) {
	if token == "" {
		return Joined{}, false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	h := hashOf(token)
	if j, ok := t.seats[h]; ok {
		return j, true
	}
	j, ok := t.viewers[h]
	return j, ok
}

// Add remembers a phone that joined as j and returns its new token: 128
// random bits and more.
func (t *tokens) Add(j Joined) (string, error) {
	b := make([]byte, 24) // 192 bits
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	token := hex.EncodeToString(b)
	t.mu.Lock()
	defer t.mu.Unlock()
	h := hashOf(token)
	if j.Name == "" {
		t.viewers[h] = j
		for len(t.viewers) > maxViewers {
			delete(t.viewers, oldest(t.viewers, ""))
		}
	} else {
		t.seats[h] = j
		for count(t.seats, j.Name) > maxPerSeat {
			delete(t.seats, oldest(t.seats, j.Name))
		}
		for len(t.seats) > maxSeatTokens {
			delete(t.seats, oldest(t.seats, ""))
		}
	}
	return token, t.saveLocked()
}

// Forget forgets the phone with token: it joins again with the code.
func (t *tokens) Forget(token string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	h := hashOf(token)
	delete(t.seats, h)
	delete(t.viewers, h)
	return t.saveLocked()
}

// oldest is the hash of the phone that joined first in by (of name's
// phones only, unless name is "").
func oldest(by map[string]Joined, name string) string {
	first := ""
	for h, j := range by {
		if name != "" && j.Name != name {
			continue
		}
		if first == "" || j.Since.Before(by[first].Since) || j.Since.Equal(by[first].Since) && h < first {
			first = h
		}
	}
	return first
}

// count is how many phones joined as name.
func count(by map[string]Joined, name string) int {
	n := 0
	for _, j := range by {
		if j.Name == name {
			n++
		}
	}
	return n
}

// saveLocked writes the file as every file is written (deck's one atomic
// writer: temp file, sync, rename, sync of the folder), 0600.
func (t *tokens) saveLocked() error {
	all := make(map[string]Joined, len(t.seats)+len(t.viewers))
	maps.Copy(all, t.viewers)
	maps.Copy(all, t.seats)
	data, err := json.MarshalIndent(all, "", "  ")
	if err != nil {
		return err
	}
	return deck.WriteFileAtomic(t.path, data, 0o600)
}
