package deck

import (
	crand "crypto/rand"
	"encoding/binary"
	"math/rand/v2"
)

// RandomSeed returns a seed from the operating system's secure source, for a
// game started without --seed.
func RandomSeed() uint64 {
	var b [8]byte
	_, _ = crand.Read(b[:]) // crypto/rand.Read never fails on supported systems
	return binary.LittleEndian.Uint64(b[:])
}

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
