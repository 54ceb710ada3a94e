package deck

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// Texts and Counts encode exactly as encoding/json encodes their maps:
// saves written before them, and hashes of saves, stay the same.
func TestTextsEncodeAsMapsDo(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "Ann", "<", ">", "&", "\"", "\\", "\n", "\x00", "\x7f", "é", "\u2028", "\u202e", "\xff", "🎲", " ", "level-4"}
	word := func() string {
		var b bytes.Buffer
		for range rng.IntN(5) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	for range 2000 {
		var texts map[string]string
		var counts map[string]int
		if rng.IntN(10) > 0 {
			texts, counts = map[string]string{}, map[string]int{}
			for range rng.IntN(20) {
				texts[word()] = word()
				counts[word()] = rng.IntN(2000) - 1000
			}
		}
		for _, c := range []struct{ plain, ours any }{{texts, Texts(texts)}, {counts, Counts(counts)}} {
			want, err := json.Marshal(c.plain)
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.Marshal(c.ours)
			if err != nil {
				t.Fatal(err)
			}
			own, err := c.ours.(json.Marshaler).MarshalJSON() // as it is, before encoding/json mends it
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) || !bytes.Equal(own, want) {
				t.Fatalf("encoded %s (on its own %s), encoding/json %s", got, own, want)
			}
		}
	}
}
