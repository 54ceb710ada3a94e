package web

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/eventdeck/eventdeck/ui/internal/testexec"
	"github.com/eventdeck/eventdeck/ui/readout"
)

var screenshot = flag.String("screenshot", "", "write a 390×844 picture of Ann's phone mid-turn to this file (the README's)")

// browser starts Debian's chromium headless, once for a test and its
// subtests: each phone is a browser context of its own in it. Without
// chromium the test is skipped, or fails when CI is set.
func browser(t *testing.T) context.Context {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is missing: .ci/run installs it")
		}
		t.Skip("chromium is not installed")
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		// A name that is not localhost: the page there is not a secure
		// context, as on the table's Wi-Fi (the wake fallback's test).
		chromedp.Flag("host-resolver-rules", "MAP "+phoneHost+" 127.0.0.1"),
		// A hang guard, not a speed limit: every scenario of the run shares
		// this browser, and at a load of 20 and more they took 3 minutes.
		chromedp.ModifyCmdFunc(func(cmd *exec.Cmd) { testexec.Guard(t, 8*time.Minute, cmd) }))
	t.Cleanup(cancel)
	bctx, cancelB := chromedp.NewContext(actx)
	t.Cleanup(cancelB)
	if err := chromedp.Do(bctx); err != nil { // the browser starts; no timeout on this first call
		t.Fatal(err)
	}
	return bctx
}

// tab is a phone: a browser context of its own (its own cookies), at a
// phone's size.
func tab(t *testing.T, bctx context.Context) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil { // opens the tab
		t.Fatal(err)
	}
	return ctx
}

// do runs steps on a phone within 20 s.
func do(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	tctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(tctx, steps...); err != nil {
		body, _ := chromedp.Run(ctx, chromedp.Evaluate[string]("document.body.innerText"))
		t.Fatalf("%s: %v\npage:\n%s", what, err, body)
	}
}

// until waits until the expression is true on the phone.
func until(t *testing.T, ctx context.Context, what, expr string) {
	t.Helper()
	do(t, ctx, what, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(10*time.Second), chromedp.WithPollingInterval(20*time.Millisecond))(ctx, tg)
		return chromedp.Void{}, err
	})
}

// text is the phone's page as its reader reads it.
func text(t *testing.T, ctx context.Context) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string]("document.body.innerText"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// tap clicks the button in within whose text is label.
func tap(t *testing.T, ctx context.Context, within, label string) {
	t.Helper()
	js := `(() => { const b = [...document.querySelectorAll(` + strconv.Quote(within+" button") + `)].find((b) => b.textContent === ` +
		strconv.Quote(label) + `); if (!b) return false; b.click(); return true; })()`
	until(t, ctx, "a button "+label, js)
}

// joinAs opens the QR code's address and picks seat (a name, or "Just
// watch").
func joinAs(t *testing.T, ctx context.Context, joinURL, seat string) {
	t.Helper()
	do(t, ctx, "opening "+joinURL, chromedp.Navigate(joinURL))
	until(t, ctx, "Who are you?", `document.querySelector("h1").textContent === "Who are you?"`)
	tap(t, ctx, "#seats", seat)
	want := "You play " + seat + "."
	if seat == "Just watch" {
		want = "You watch this game."
	}
	until(t, ctx, want, `document.getElementById("you").textContent === `+strconv.Quote(want))
}

// js quotes s for a script.
func js(s string) string { return strconv.Quote(s) }

// fetchStatus posts body to path from the phone's page, as a forged button
// would (with the page's header and cookie), and returns the status.
func fetchStatus(t *testing.T, ctx context.Context, path, body string) int {
	t.Helper()
	expr := `fetch(` + js(path) + `, {method: "POST", headers: {"X-Eventdeck": "1", "Content-Type": "application/json"}, body: ` + js(body) + `}).then((r) => r.status)`
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func numberIs(n int) string {
	return `document.getElementById("number").textContent === ` + js(strconv.Itoa(n))
}

// TestInTheBrowser drives the page in Debian's chromium, one browser for
// every scenario, each phone a browser context of its own.
func TestInTheBrowser(t *testing.T) {
	bctx := browser(t)
	t.Run("PhonesAtTheTable", func(t *testing.T) { t.Parallel(); phonesAtTheTable(t, bctx) })
	t.Run("SecretPicksStayOnTheirPhone", func(t *testing.T) { t.Parallel(); secretPicksStayOnTheirPhone(t, bctx) })
	t.Run("WrongCodeOnThePage", func(t *testing.T) { t.Parallel(); wrongCodeOnThePage(t, bctx) })
	t.Run("HeaderAndReady", func(t *testing.T) { t.Parallel(); headerAndReady(t, bctx) })
	t.Run("AtTheSeven", func(t *testing.T) { t.Parallel(); atTheSeven(t, bctx) })
	t.Run("EarthquakeDefaultsAndSteps", func(t *testing.T) { t.Parallel(); earthquakeDefaultsAndSteps(t, bctx) })
	t.Run("Seats", func(t *testing.T) { t.Parallel(); seatsOnPhones(t, bctx) })
	t.Run("AwakeOnPlainHTTP", func(t *testing.T) { t.Parallel(); awakeOnPlainHTTP(t, bctx) })
	t.Run("BigScreen", func(t *testing.T) { t.Parallel(); bigScreen(t, bctx) })
	t.Run("RivalsLooks", func(t *testing.T) { t.Parallel(); rivalsLooks(t, bctx) })
}

// Six phones at a table of four: four players and two watching join by
// the QR code's address; the host's draws show on all six; Ann answers
// her own question on her phone and the host's session has it; the
// turn's player draws with the big button; a viewer's forged change is
// refused; the server killed and started again on the same folder and
// port, the phones come back with no code; the host quits, and every
// phone reads that the game is saved and how it goes on.
func phonesAtTheTable(t *testing.T, bctx context.Context) {
	tb := newTable(t, "catan", nil, "Ann", "Bob", "Cy", "Dan")
	joinURL := tb.url + "/?code=" + testCode
	seats := []string{"Ann", "Bob", "Cy", "Dan", "Just watch", "Just watch"}
	phones := make([]context.Context, len(seats))
	for i, seat := range seats {
		phones[i] = tab(t, bctx)
		joinAs(t, phones[i], joinURL, seat)
	}
	ann, viewer := phones[0], phones[4]

	r := tb.hostDraws(t)
	for i, p := range phones {
		until(t, p, "the number on phone "+strconv.Itoa(i), numberIs(r.Turn.Number))
	}
	for r.Ask == nil || !strings.Contains(r.Ask.Prompt, "more than 7") {
		r = tb.hostDraws(t)
	}
	until(t, ann, "Ann's own question", `document.getElementById("acts").innerText.includes("Do you hold more than 7 cards?")`)
	if *screenshot != "" {
		shot, err := chromedp.Run(ann, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*screenshot, shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tap(t, ann, "#acts", "Yes")
	until(t, ann, "Ann's answer said", `document.getElementById("acts").innerText.includes("You said yes")`)
	if said := tb.sess.Own(r.Ask.Key); !said[0] || len(said) != 1 {
		t.Fatalf("the host's session has %v", said)
	}
	if status := fetchStatus(t, viewer, "/act", `{"do":"draw","id":"draw"}`); status != 403 {
		t.Fatalf("a viewer's forged draw: %d", status)
	}
	do(t, viewer, "a forged button", chromedp.Evaluate[chromedp.Void](
		`document.getElementById("acts").append(Object.assign(document.createElement("button"), {id: "forged", textContent: "Undo my last change"}))`))
	if status := fetchStatus(t, viewer, "/act", `{"do":"undo"}`); status != 403 {
		t.Fatalf("a viewer's forged undo: %d", status)
	}

	// The turn's player draws on their own phone, with one button.
	r = tb.hostDraws(t) // the questions left are skipped on the host
	for firstOpen(tb) != "" {
		r = tb.hostDraws(t)
	}
	player := phones[tb.sess.Now().Current]
	until(t, player, "the big button", `!!document.querySelector("#acts button.main")`)
	before := tb.sess.Now().Turns()
	do(t, player, "a tap on the big button", chromedp.Click(chromedp.CSS("#acts button.main")))
	for i := 0; tb.sess.Now().Turns() == before && i < 500; i++ {
		time.Sleep(20 * time.Millisecond) // the tap's POST is on its way
	}
	if got := tb.sess.Now().Turns(); got != before+1 {
		t.Fatalf("the turn's player's tap: %d turns, want %d", got, before+1)
	}
	now, _ := tb.sess.Rules().Turn(tb.sess.Now(), -1)
	until(t, phones[5], "the player's draw on a watcher's phone", numberIs(now.Number)+` && document.getElementById("title").textContent === `+js(titleOf(now.Title)))

	// kill -9 and serve --resume: a new server on the same folder and port.
	addr := tb.srv.Addr().String()
	_ = tb.srv.http.Close() // no goodbye: the process is gone
	until(t, ann, "reconnecting", `!document.getElementById("conn").hidden`)
	tb.serve(t, addr, nil)
	for i, p := range phones {
		until(t, p, "phone "+strconv.Itoa(i)+" back", `document.getElementById("conn").hidden && document.getElementById("you").textContent.startsWith("You ")`)
	}
	if !strings.Contains(text(t, ann), "You play Ann.") {
		t.Fatalf("Ann's phone after the restart:\n%s", text(t, ann))
	}

	// The host quits.
	if err := tb.sess.Close(); err != nil {
		t.Fatal(err)
	}
	_ = tb.srv.Close()
	for i, p := range phones {
		until(t, p, "phone "+strconv.Itoa(i)+" told the game ended", `document.getElementById("ended").textContent === `+js(readout.PhoneEnded)+` && document.getElementById("conn").hidden`)
	}
}

// firstOpen is the key of the question the open turn waits for, "" none.
func firstOpen(tb *table) string {
	st := tb.sess.Now()
	for _, s := range tb.sess.Rules().Steps(st) {
		if s.Question != nil && st.Open != nil {
			if _, ok := st.Open.Answers[s.Question.Key]; !ok {
				return s.Question.Key
			}
		}
	}
	return ""
}

// titleOf is the event's title as the page shows it.
func titleOf(title string) string {
	if title == "" {
		return "No event"
	}
	return title
}

// The Card Game's Tournament: each player picks in secret on their own
// phone. Bob's picks are in no other page, and in no byte of Ann's or a
// viewer's raw event stream.
func secretPicksStayOnTheirPhone(t *testing.T, bctx context.Context) {
	tb := newTable(t, "card-game", map[string]string{"mode": "tournament"}, "Ann", "Bob")
	joinURL := tb.url + "/?code=" + testCode
	// Ann's raw stream joins before her phone opens its stream: a seat
	// held by a phone that is streaming is asked about first.
	annRaw, viewerRaw := newPhone(t, tb.url), newPhone(t, tb.url)
	annRaw.join("Ann")
	viewerRaw.join("watch")
	ann, bob, watcher := tab(t, bctx), tab(t, bctx), tab(t, bctx)
	joinAs(t, ann, joinURL, "Ann")
	joinAs(t, bob, joinURL, "Bob")
	joinAs(t, watcher, joinURL, "Just watch")
	streams := []*stream{annRaw.listen(), viewerRaw.listen()}

	pick := func(ctx context.Context, who string) {
		t.Helper()
		tap(t, ctx, "#acts", "Secret picks")
		until(t, ctx, who+"'s picks open", `document.querySelectorAll("#acts select").length === 4`)
		// Four different choices: each card may be picked as often as
		// the player has it.
		do(t, ctx, who+" picks", chromedp.Evaluate[chromedp.Void](
			`document.querySelectorAll("#acts select").forEach((s, i) => { s.selectedIndex = i; })`))
		tap(t, ctx, "#acts", "Done")
	}
	pick(ann, "Ann")
	until(t, bob, "Bob's turn to pick", `!!document.querySelector("#acts button.main")`)
	if page := text(t, ann); strings.Contains(page, "Bob: event card") {
		t.Fatalf("Ann's page before Bob picks:\n%s", page)
	}
	tap(t, bob, "#acts", "Secret picks")
	until(t, bob, "Bob's picks open", `document.querySelectorAll("#acts select").length === 4`)
	for _, ctx := range []context.Context{ann, watcher} {
		until(t, ctx, "Bob is picking", `document.body.innerText.includes("Bob is looking on their own screen")`)
	}
	// Tournament picks fit a 390 px phone: nothing wider than the screen.
	if wide, err := chromedp.Run(bob, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`)); err != nil || wide {
		t.Errorf("Bob's picks are wider than the phone (%v)", err)
	}
	prompts, err := chromedp.Run(bob, chromedp.Evaluate[string](`document.getElementById("acts").innerText`))
	if err != nil || !strings.Contains(prompts, "Bob: event card 1 of 4") {
		t.Fatalf("Bob's picks: %v\n%s", err, prompts)
	}
	do(t, bob, "Bob picks", chromedp.Evaluate[chromedp.Void](
		`document.querySelectorAll("#acts select").forEach((s, i) => { s.selectedIndex = i; })`))
	tap(t, bob, "#acts", "Done")
	until(t, ann, "the picks done", `document.getElementById("ready").textContent === "Ann rolls first." && !document.body.innerText.includes("is looking")`)
	for _, ctx := range []context.Context{ann, watcher} {
		html, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.documentElement.outerHTML`))
		if err != nil || strings.Contains(html, "Bob: event card") {
			t.Fatalf("another page holds Bob's picks: %v\n%s", err, html)
		}
	}
	for i, s := range streams {
		if raw := s.bytes(); strings.Contains(raw, "Bob: event card") || !strings.Contains(raw, "Bob is looking") {
			t.Fatalf("raw stream %d:\n%s", i, raw)
		}
	}
}

// A wrong code on the page reads "wrong code", with no seat to pick; the
// fifth wrong code in a minute blocks this phone, so the sixth try fails
// even with the right code.
func wrongCodeOnThePage(t *testing.T, bctx context.Context) {
	tb := newTable(t, "catan", nil, "Ann", "Bob", "Cy")
	p := tab(t, bctx)
	do(t, p, "opening with a wrong code", chromedp.Navigate(tb.url+"/?code=000000"))
	until(t, p, "wrong code", `document.getElementById("joinerr").textContent.startsWith("wrong code: the code changes with every eventdeck serve")`)
	if page := text(t, p); strings.Contains(page, "Ann") || strings.Contains(page, "Just watch") {
		t.Fatalf("a wrong code shows seats:\n%s", page)
	}
	try := func(code, want string) {
		t.Helper()
		do(t, p, "typing "+code, chromedp.Evaluate[chromedp.Void](`document.getElementById("joinerr").textContent = ""`),
			chromedp.SetValue(chromedp.ID("code"), code), chromedp.Click(chromedp.CSS("#codeform button")))
		until(t, p, want, `document.getElementById("joinerr").textContent.startsWith(`+js(want)+`)`)
	}
	for range 4 {
		try("111111", "wrong code")
	}
	try(testCode, "too many wrong codes")
	if page := text(t, p); strings.Contains(page, "Ann") {
		t.Fatalf("a blocked phone shows seats:\n%s", page)
	}
}
