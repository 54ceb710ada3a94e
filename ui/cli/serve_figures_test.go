package cli

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestHostsLineFollowsTheServerAtOnce: the host's line about the server
// changes as the server's figures do, without waiting for a tick (none
// comes here): a wrong code makes it "1 refused", a screen joining "1
// screen".
func TestHostsLineFollowsTheServerAtOnce(t *testing.T) {
	st := serveTable(t)
	defer st.shutdown(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	lines := make(chan string, 16)
	go pollServer(ctx, time.Hour, st.srv.Changes(), func() string { return servingText(st.srv, "table", nil) }, func(now string) { lines <- now })
	waitLine := func(want string) {
		t.Helper()
		watchdog := time.After(10 * time.Second)
		for {
			select {
			case l := <-lines:
				if strings.Contains(l, want) {
					return
				}
			case <-watchdog:
				t.Fatalf("the host's line never said %q", want)
			}
		}
	}
	wrongCodesFrom(t, st.srv.Addr().String(), "127.0.0.1", 1)
	waitLine("· 1 refused")
	dialTable(t, st, "guest", -1)
	waitLine("· 1 screen")
}
