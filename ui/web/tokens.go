package web

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
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

// maxTokens bounds the phones remembered: past it the oldest is forgotten.
const maxTokens = 64

// Joined is who a phone joined as: a player by name, or a viewer.
type Joined struct {
	Name  string    `json:"name,omitempty"` // the player's name; "" watches
	Since time.Time `json:"since"`
}

// tokens are the phones remembered, by their token's hash.
type tokens struct {
	path string
	mu   sync.Mutex
	by   map[string]Joined
}

// loadTokens reads the phones remembered in dir; a file that cannot be
// read is left where it is (nothing readable is overwritten) and an error.
func loadTokens(dir string) (*tokens, error) {
	t := &tokens{path: filepath.Join(dir, TokensFile), by: map[string]Joined{}}
	data, err := deck.ReadFile(t.path, maxTokensFile) // a FIFO or a huge file here never holds serve up
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return t, nil
	case err != nil:
		return nil, fmt.Errorf("web: %v", err)
	}
	if err := json.Unmarshal(data, &t.by); err != nil {
		return nil, fmt.Errorf("web: %s is not a list of phones: %v", t.path, err)
	}
	if t.by == nil {
		t.by = map[string]Joined{}
	}
	return t, nil
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
	j, ok := t.by[hashOf(token)]
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
	t.by[hashOf(token)] = j
	for len(t.by) > maxTokens {
		oldest := ""
		for h, o := range t.by {
			if oldest == "" || o.Since.Before(t.by[oldest].Since) {
				oldest = h
			}
		}
		delete(t.by, oldest)
	}
	return token, t.saveLocked()
}

// Forget forgets the phone with token: it joins again with the code.
func (t *tokens) Forget(token string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.by, hashOf(token))
	return t.saveLocked()
}

// saveLocked writes the file as every file is written (deck's one atomic
// writer: temp file, sync, rename, sync of the folder), 0600.
func (t *tokens) saveLocked() error {
	data, err := json.MarshalIndent(t.by, "", "  ")
	if err != nil {
		return err
	}
	return deck.WriteFileAtomic(t.path, data, 0o600)
}
