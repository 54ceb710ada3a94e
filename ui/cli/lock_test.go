package cli

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
)

// One eventdeck per state folder: while another eventdeck process holds
// the folder, the table and serve are refused at once, in one line, and
// the table starts once the other has ended.
func TestSecondEventdeckOnAFolderIsRefused(t *testing.T) {
	if dir := os.Getenv("EVENTDECK_TEST_HOLD"); dir != "" { // the other eventdeck
		if err := deck.NewStore(dir).Lock(); err != nil {
			os.Exit(1)
		}
		os.Stdout.WriteString("locked\n")
		_, _ = bufio.NewReader(os.Stdin).ReadString('\n')
		os.Exit(0)
	}
	dir := folders(t)
	other := exec.Command(os.Args[0], "-test.run=^TestSecondEventdeckOnAFolderIsRefused$")
	other.Env = append(os.Environ(), "EVENTDECK_TEST_HOLD="+dir)
	stdin, _ := other.StdinPipe()
	stdout, _ := other.StdoutPipe()
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	defer other.Wait()
	defer stdin.Close()
	if line, err := bufio.NewReader(stdout).ReadString('\n'); line != "locked\n" {
		t.Fatalf("the other eventdeck: %q, %v", line, err)
	}
	want := "eventdeck: another eventdeck is already open on " + dir + ": "
	for _, args := range [][]string{{"--players", "Ann,Bob"}, {"serve", "--players", "Ann,Bob", "--listen", "127.0.0.1:0", "--web", "off"}} {
		var out, errOut bytes.Buffer
		if code := Run(args, Env{Stdout: &out, Stderr: &errOut, Assets: assets.FS(), Terminal: true}); code != ExitError ||
			!strings.HasPrefix(errOut.String(), want) || strings.Count(errOut.String(), "\n") != 1 {
			t.Errorf("eventdeck %s beside another: exit %d %q", strings.Join(args, " "), code, errOut.String())
		}
	}
	stdin.Close()
	if err := other.Wait(); err != nil {
		t.Fatal(err)
	}
	tableAt(t, "--players", "Ann,Bob") // fails the test if refused
}
