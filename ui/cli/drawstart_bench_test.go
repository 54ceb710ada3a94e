package cli

import (
	"io"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
)

func BenchmarkDrawOnce(b *testing.B) {
	b.ReportAllocs()
	for range b.N {
		Run([]string{"draw", "--count", "1"}, Env{Stdout: io.Discard, Stderr: io.Discard, Assets: assets.FS()})
	}
}
