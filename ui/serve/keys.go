package serve

import (
	"bufio"
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	gossh "golang.org/x/crypto/ssh"

	"github.com/eventdeck/eventdeck/deck"
)

// The files serve keeps in its state folder.
const (
	hostKeyFile = "ssh_host_ed25519_key"
	playersFile = "player_keys"
)

// loadHostKey reads the server's ed25519 key from dir, or makes one and
// keeps it (mode 0600) the first time, so known_hosts stays valid from one
// night to the next. A key file that others may read, or that does not
// parse, stops serve: it is never replaced.
func loadHostKey(dir string) (gossh.Signer, error) {
	path := filepath.Join(dir, hostKeyFile)
	b, err := readPrivate(path)
	if errors.Is(err, fs.ErrNotExist) {
		_, priv, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			return nil, err
		}
		block, err := gossh.MarshalPrivateKey(priv, "eventdeck serve")
		if err != nil {
			return nil, err
		}
		if err := deck.WriteFileAtomic(path, pem.EncodeToMemory(block), 0o600); err != nil {
			return nil, err
		}
		return gossh.NewSignerFromKey(priv)
	}
	if err != nil {
		return nil, err
	}
	signer, err := gossh.ParsePrivateKey(b)
	if err != nil {
		return nil, fmt.Errorf("host key %s: %v", path, err)
	}
	return signer, nil
}

// maxPrivate is the most read of a key file: one key is under 1 KB.
const maxPrivate = 1 << 20

// readPrivate reads a file only its owner may read; anything but a file is
// refused at once, never waited on (deck.ReadFile).
func readPrivate(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if info.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("%s may be read by others (mode %04o): chmod 600 it", path, info.Mode().Perm())
	}
	return deck.ReadFile(path, maxPrivate)
}

// playerKeys are the public keys players joined with, by the seat's whole
// name: a key remembered for Ann lets Ann back in without the code, and
// only Ann (names compared after case folding, as the table keeps no two
// names that fold alike). The file is authorized_keys lines whose comment
// is the seat's name.
type playerKeys struct {
	path string
	// write is the store's one writer (deck.WriteFileAtomic).
	write   func(path string, data []byte, perm os.FileMode) error
	writing sync.Mutex // one Remember at a time; Knows never waits for it
	mu      sync.Mutex // guards keys
	keys    []playerKey
}

type playerKey struct {
	name string
	key  gossh.PublicKey
}

// loadPlayerKeys reads the remembered keys from dir. A line that is not a
// key stops serve with its line number, so the file is never rewritten
// without it.
func loadPlayerKeys(dir string) (*playerKeys, error) {
	pk := &playerKeys{path: filepath.Join(dir, playersFile), write: deck.WriteFileAtomic}
	b, err := readPrivate(pk.path)
	if errors.Is(err, fs.ErrNotExist) {
		return pk, nil
	}
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, name, _, _, err := gossh.ParseAuthorizedKey([]byte(line))
		if err != nil || checkSeatName(name) != nil {
			return nil, fmt.Errorf("%s line %d: not a key and a player's name", pk.path, n)
		}
		pk.keys = append(pk.keys, playerKey{name: name, key: key})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", pk.path, err)
	}
	return pk, nil
}

// checkSeatName says why name cannot be kept as a line's comment, or nil:
// the table's names hold no control characters, yet one that did would
// break the file.
func checkSeatName(name string) error {
	switch {
	case strings.TrimSpace(name) == "" || name != strings.TrimSpace(name):
		return errors.New("the name is empty or padded with spaces")
	case !utf8.ValidString(name) || strings.ContainsFunc(name, unicode.IsControl):
		return errors.New("the name holds a control character")
	}
	return nil
}

// Knows reports whether key was remembered for the seat called name (its
// whole name).
func (pk *playerKeys) Knows(name string, key gossh.PublicKey) bool {
	pk.mu.Lock()
	defer pk.mu.Unlock()
	want := key.Marshal()
	for _, k := range pk.keys {
		if strings.EqualFold(k.name, name) && bytes.Equal(k.key.Marshal(), want) {
			return true
		}
	}
	return false
}

// Remember keeps key for the seat called name (its whole name) and writes
// the file: a login checking a key does not wait for the disk meanwhile.
func (pk *playerKeys) Remember(name string, key gossh.PublicKey) error {
	if err := checkSeatName(name); err != nil {
		return err
	}
	pk.writing.Lock()
	defer pk.writing.Unlock()
	if pk.Knows(name, key) {
		return nil
	}
	pk.mu.Lock()
	keys := append(pk.keys[:len(pk.keys):len(pk.keys)], playerKey{name: name, key: key})
	pk.mu.Unlock()
	var b bytes.Buffer
	b.WriteString("# eventdeck serve: players' keys; a player who joins with one needs no code\n")
	for _, k := range keys {
		line := bytes.TrimSpace(gossh.MarshalAuthorizedKey(k.key))
		fmt.Fprintf(&b, "%s %s\n", line, k.name)
	}
	if err := pk.write(pk.path, b.Bytes(), 0o600); err != nil {
		return err
	}
	pk.mu.Lock()
	pk.keys = keys
	pk.mu.Unlock()
	return nil
}
