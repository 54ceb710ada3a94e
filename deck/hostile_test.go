package deck

import (
	"bytes"
	"encoding/json"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

// hostileSave is a save just under MaxSaveSize built to cost the most to
// read (issue 32): a player's name of about 8.3 MB, 25 states to undo and
// 25 to redo. inDelta puts the name in the nearest undo state's delta
// instead of the current state.
func hostileSave(t testing.TB, inDelta bool) []byte {
	t.Helper()
	g := newTestGame(2)
	for range 51 {
		_ = g.Do(drawOne)
	}
	for range SavedUndo {
		g.Undo()
	}
	var w map[string]json.RawMessage
	if err := json.Unmarshal(mustEncode(t, g), &w); err != nil {
		t.Fatal(err)
	}
	name := strings.Repeat("A", MaxSaveSize-64<<10)
	players, _ := json.Marshal([]Player{{Name: name}, {Name: "Bob"}, {Name: "Cy"}})
	if inDelta {
		var undo []map[string]json.RawMessage
		if err := json.Unmarshal(w["undo"], &undo); err != nil {
			t.Fatal(err)
		}
		undo[len(undo)-1]["players"] = players
		w["undo"], _ = json.Marshal(undo)
	} else {
		var now map[string]json.RawMessage
		if err := json.Unmarshal(w["state"], &now); err != nil {
			t.Fatal(err)
		}
		now["players"] = players
		w["state"], _ = json.Marshal(now)
	}
	data, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > MaxSaveSize || len(data) < MaxSaveSize-128<<10 {
		t.Fatalf("the hostile save has %d bytes", len(data))
	}
	return data
}

// Issue 32: a save under the size cap with a huge name and full undo and
// redo is refused from one look at its bytes, whether the name is in the
// state or in a delta; a name short of that is refused at the first state
// that has it.
func TestHostileSaveIsRefused(t *testing.T) {
	for _, inDelta := range []bool{false, true} {
		data := hostileSave(t, inDelta)
		if _, err := Decode(data); err == nil || !strings.Contains(err.Error(), "a text of") {
			t.Errorf("in a delta %v: the hostile save was not refused for its size: %v", inDelta, err)
		}
		shorter := bytes.Replace(data, bytes.Repeat([]byte("A"), MaxSaveSize-64<<10), bytes.Repeat([]byte("A"), maxSavedString-10), 1)
		if _, err := Decode(shorter); err == nil || !strings.Contains(err.Error(), "name longer") {
			t.Errorf("in a delta %v: a name of 1 MB was not refused: %v", inDelta, err)
		}
	}
}

// TestWriteHostileSave writes the hostile save to EVENTDECK_HOSTILE_SAVE
// (for testdata/hostile/measure.sh, which times the built binary on it).
func TestWriteHostileSave(t *testing.T) {
	path := os.Getenv("EVENTDECK_HOSTILE_SAVE")
	if path == "" {
		t.Skip("run by testdata/hostile/measure.sh")
	}
	var data []byte
	switch os.Getenv("EVENTDECK_HOSTILE_KIND") {
	case "long":
		data = longSave(t)
	case "delta":
		data = hostileSave(t, true)
	default:
		data = hostileSave(t, false)
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkDecodeHostileSave is the cost of refusing the hostile save
// (issue 32: within 0.5 s and 64 MB): time and bytes allocated per read,
// and the heap's peak.
func BenchmarkDecodeHostileSave(b *testing.B) {
	for _, inDelta := range []bool{false, true} {
		name := "in-state"
		if inDelta {
			name = "in-delta"
		}
		b.Run(name, func(b *testing.B) {
			data := hostileSave(b, inDelta)
			b.ReportAllocs()
			var peak uint64
			for b.Loop() {
				start := time.Now()
				_, _ = Decode(data)
				_ = start
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				peak = max(peak, m.HeapSys)
			}
			b.ReportMetric(float64(peak)/(1<<20), "heap-sys-MB")
		})
	}
}

func TestLongestString(t *testing.T) {
	for in, want := range map[string]int{
		`{"a":"bcd"}`:         3,
		`{"a":"b\"cd","e":1}`: 5,
		`["x\\","yy"]`:        3,
		`[1,2]`:               0,
		`{"torn":"abc`:        4,
	} {
		if got := longestString([]byte(in)); got != want {
			t.Errorf("longestString(%s) = %d, want %d", in, got, want)
		}
	}
}

// BenchmarkDecodeLongSave reads a save of the longest history a game may
// have (MaxDraws turns) with full undo and redo: a save that is read, not
// refused, must be read within 0.5 s and 64 MB too.
func BenchmarkDecodeLongSave(b *testing.B) {
	data := longSave(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

// longSave is a save of the longest history a game may have (MaxDraws
// turns), with 25 states to undo and 25 to redo.
func longSave(t testing.TB) []byte {
	g := newTestGame(3)
	for range MaxDraws {
		_ = g.Do(drawOne)
	}
	for range SavedUndo {
		g.Undo()
	}
	return mustEncode(t, g)
}
