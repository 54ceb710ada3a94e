package deck

import (
	"fmt"
	"math/rand/v2"
)

// Die is a die as a list of faces. A face that appears several times is that
// much more likely: the Cities & Knights event die has three ship faces
// (cities-and-knights.md), the Rivals event die two "?" faces.
type Die struct {
	Name  string
	Faces []string
}

// NumberDie returns an ordinary six-sided die with faces "1" to "6".
func NumberDie(name string) Die {
	return Die{Name: name, Faces: []string{"1", "2", "3", "4", "5", "6"}}
}

// Roll returns a face chosen uniformly among the die's faces by rng.
func (d Die) Roll(rng *rand.Rand) string {
	return d.Faces[rng.IntN(len(d.Faces))]
}

// Set returns face if the die has it, for a die set by hand (Alchemy,
// physical dice typed in), and an error otherwise.
func (d Die) Set(face string) (string, error) {
	for _, f := range d.Faces {
		if f == face {
			return f, nil
		}
	}
	return "", fmt.Errorf("the %s die has no face %q", d.Name, face)
}

// Weight is how many of the die's faces show face.
func (d Die) Weight(face string) int {
	n := 0
	for _, f := range d.Faces {
		if f == face {
			n++
		}
	}
	return n
}
