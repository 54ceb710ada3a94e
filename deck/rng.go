package deck

import (
	"encoding/binary"
	"math/rand/v2"
)

// RandomSeed returns a fresh seed for a game started without --seed. It
// comes from the runtime's generator, which the operating system's entropy
// seeds at start; a seed needs no more, and crypto/rand's packages would
// cost every start their init.
func RandomSeed() uint64 { return rand.Uint64() }

// chachaSeed spreads a 64-bit seed and a label over ChaCha8's 32-byte key.
func chachaSeed(seed uint64, label string) [32]byte {
	var k [32]byte
	binary.LittleEndian.PutUint64(k[:8], seed)
	copy(k[8:], label)
	return k
}

// gameLabel marks the game's own stream among those made from one seed.
const gameLabel = "eventdeck:one game night"

// NewSource returns the game's ChaCha8 stream for seed. The same seed always
// gives the same stream, so --seed reproduces a night.
func NewSource(seed uint64) *rand.ChaCha8 {
	return rand.NewChaCha8(chachaSeed(seed, gameLabel))
}

// Reseed restarts src as NewSource(seed) would start it, reusing its
// memory: a simulator plays thousands of games on one source.
func Reseed(src *rand.ChaCha8, seed uint64) { src.Seed(chachaSeed(seed, gameLabel)) }

// NewSideSource returns a second stream from the same seed, apart from the
// game's, for a choice made once at setup (such as who starts) that must not
// shift the cards: the same seed still deals the same cards as eventdeck draw.
func NewSideSource(seed uint64, label string) *rand.ChaCha8 {
	return rand.NewChaCha8(chachaSeed(seed, "eventdeck:side:"+label))
}
