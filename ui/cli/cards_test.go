package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
)

const exampleCards = "../../assets/cards/example.toml"

// TestCardsCheckPassesTheExample: the example of the README and the
// assets passes `eventdeck cards check` (CI runs the tests).
func TestCardsCheckPassesTheExample(t *testing.T) {
	code, out, errOut := run("cards", "check", exampleCards)
	if code != ExitOK || !strings.Contains(out, "5 cards, all good") {
		t.Fatalf("cards check example: exit %d\n%s%s", code, out, errOut)
	}
}

func TestCardsCheckPrintsEachErrorWithItsPlace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.toml")
	src := "[[card]]\nid = \"x\"\ntitle = \"X\"\ntext = \"x\"\ngame = \"chess\"\ncopies = 0\n"
	if err := os.WriteFile(path, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, _ := run("cards", "check", path)
	if code != ExitUsage {
		t.Errorf("exit %d, want %d", code, ExitUsage)
	}
	for _, want := range []string{path + ":5:1: unknown game \"chess\"", path + ":6:1: copies is 0"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestCardsListShowsPrintedAndOwn(t *testing.T) {
	code, out, _ := run("cards", "list", "--cards", exampleCards)
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"robber-attacks", "printed", "Sheep for All (house rule)", "example.toml", "royal-wedding",
		"Era of Prosperity ×2", "Gold Rush (house rule)"} {
		if !strings.Contains(out, want) {
			t.Errorf("cards list lacks %q", want)
		}
	}
	if !slices.ContainsFunc(strings.Split(out, "\n"), func(l string) bool {
		return strings.Join(strings.Fields(l), " ") == "rivals yule Yule printed Basic Set ×1"
	}) {
		t.Errorf("cards list lacks Rivals' Yule:\n%s", out)
	}
}

// TestDrawNamesAHouseCard: a board-game card of the table's own, drawn
// headless, is in `draw --json` with its id and title.
func TestDrawNamesAHouseCard(t *testing.T) {
	code, out, errOut := run("draw", "--cards", exampleCards, "--seed", "7", "--count", "36", "--json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	seen := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var d struct {
			Number int    `json:"number"`
			Event  string `json:"event"`
			Title  string `json:"title"`
		}
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatal(err)
		}
		if d.Number == 12 && d.Event != "sheep-for-all" {
			t.Errorf("the 12 drew %q", d.Event)
		}
		seen[d.Event] = d.Title
	}
	if seen["sheep-for-all"] != "Sheep for All" || seen["market-day"] != "Market Day" {
		t.Errorf("house cards drawn: %v", seen)
	}
	code, out, _ = run("draw", "--cards", exampleCards, "--card-files", "none", "--seed", "7", "--count", "36", "--json")
	if code != ExitOK || strings.Contains(out, "sheep-for-all") {
		t.Errorf("--card-files none still drew a house card (exit %d)", code)
	}
}

// TestBadCardFileNeverStopsADraw: the file is skipped, and said so.
func TestBadCardFileNeverStopsADraw(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.toml")
	if err := os.WriteFile(path, []byte("[[card]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	code := Run([]string{"draw", "--cards", path}, Env{Stdout: &out, Stderr: &errOut, Assets: assets.FS()})
	if code != ExitOK || !strings.Contains(errOut.String(), "Card file bad.toml skipped: bad.toml:") {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
}

func TestRefFindsHouseCards(t *testing.T) {
	code, out, _ := run("ref", "--cards", exampleCards, "sheep")
	if code != ExitOK || !strings.Contains(out, "## Sheep for All (house rule)") || !strings.Contains(out, "replaces the event on 12") {
		t.Errorf("ref sheep: exit %d\n%s", code, out)
	}
}

// TestCardsCheckPassesTheReadme: the README's example passes too.
func TestCardsCheckPassesTheReadme(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "## Your own cards")
	_, rest, ok2 := strings.Cut(rest, "```toml\n")
	block, _, ok3 := strings.Cut(rest, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("no toml example under \"Your own cards\" in the README")
	}
	path := filepath.Join(t.TempDir(), "readme.toml")
	if err := os.WriteFile(path, []byte(block), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := run("cards", "check", path); code != ExitOK {
		t.Errorf("the README's example: exit %d\n%s", code, out)
	}
}

// TestDrawNamesARivalsHouseCard: a Rivals card of the table's own joins
// the Era of Gold's stack and is drawn headless, its id as the card.
func TestDrawNamesARivalsHouseCard(t *testing.T) {
	code, out, errOut := run("draw", "--game", "rivals", "--set", "gold", "--cards", exampleCards, "--seed", "3", "--count", "120", "--json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	drawn := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var d struct {
			Card  string `json:"card"`
			Title string `json:"title"`
		}
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatal(err)
		}
		if d.Card == "gold-rush" {
			drawn++
			if d.Title != "Gold Rush" {
				t.Errorf("gold-rush titled %q", d.Title)
			}
		}
	}
	if drawn == 0 {
		t.Errorf("gold-rush never drawn in 120 rolls:\n%s", out)
	}
	code, out, _ = run("draw", "--game", "rivals", "--set", "turmoil", "--cards", exampleCards, "--seed", "3", "--count", "120", "--json")
	if code != ExitOK || strings.Contains(out, "gold-rush") {
		t.Errorf("an Era of Gold card drawn in an Era of Turmoil game (exit %d)", code)
	}
}

// TestCardsCheckNamesAnUnknownRivalsSet: a Rivals card naming a set that
// does not exist is an error at the stack key's line and column.
func TestCardsCheckNamesAnUnknownRivalsSet(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rivals.toml")
	src := "[[card]]\nid = \"x\"\ntitle = \"X\"\ntext = \"x\"\ngame = \"rivals\"\n  stack = \"era-of-cheese\"\n"
	if err := os.WriteFile(path, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, _ := run("cards", "check", path)
	if want := path + ":6:3: unknown stack \"era-of-cheese\" for rivals"; code != ExitUsage || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %d and %q:\n%s", code, ExitUsage, want, out)
	}
}
