package cli

import "testing"

func TestParseBackground(t *testing.T) {
	for got, want := range map[string][2]bool{
		"\x1b]11;rgb:ffff/ffff/ffff\x07\x1b[3;1R":   {false, true},
		"\x1b]11;rgb:0000/0000/0000\x1b\\\x1b[3;1R": {true, true},
		"\x1b]11;rgb:1e/1e/2e\x07":                  {true, true},
		"\x1b]11;rgba:fdfd/f6f6/e3e3/ffff\x07":      {false, true},
		"\x1b[3;1R":                                 {false, false}, // no colour answer
		"\x1b]11;rgb:zz/00/00\x07":                  {false, false},
		"":                                          {false, false},
	} {
		dark, ok := parseBackground([]byte(got))
		if dark != want[0] || ok != want[1] {
			t.Errorf("%q: dark %v ok %v, want %v", got, dark, ok, want)
		}
	}
}

func TestGuessBackground(t *testing.T) {
	for fgbg, dark := range map[string]bool{"": true, "15;0": true, "0;15": false, "0;7": false, "7;default;0": true, "x": true} {
		if got := guessBackground(fgbg); got != dark {
			t.Errorf("COLORFGBG=%q: dark %v", fgbg, got)
		}
	}
}
