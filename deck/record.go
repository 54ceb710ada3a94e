package deck

import (
	"bytes"
	"encoding/json"
)

// Marks that saves from before marks were generic kept as fields of their
// own (the Cities & Knights barbarians); read into Marks under these keys.
const (
	legacyBarbarians = "barbarians"
	legacyAttack     = "attack"
)

// UnmarshalJSON reads a record strictly (unknown fields are an error), also
// in the form saves of the first format had, where the barbarians' position
// and an attack were fields of their own.
func (r *Record) UnmarshalJSON(data []byte) error {
	type plain Record
	var w struct {
		plain
		Barbarians int  `json:"barbarians,omitempty"`
		Attack     bool `json:"attack,omitempty"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return err
	}
	*r = Record(w.plain)
	if w.Barbarians != 0 || w.Attack {
		if r.Marks == nil {
			r.Marks = map[string]int{}
		}
		r.Marks[legacyBarbarians] = w.Barbarians
		if w.Attack {
			r.Marks[legacyAttack] = 1
		}
	}
	return nil
}
