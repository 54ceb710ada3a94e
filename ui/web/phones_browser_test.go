package web

import (
	"context"
	"net"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/catan"
	"github.com/eventdeck/eventdeck/ui/readout"
	"github.com/eventdeck/eventdeck/ui/session"
)

// phoneHost is a name for loopback that is not localhost: Chromium maps it
// (browser), so the page there is not a secure context.
const phoneHost = "phone.test"

// eval is the value of expr on the phone.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// sees waits until the phone shows the game's version now.
func sees(t *testing.T, ctx context.Context, tb *table) {
	t.Helper()
	v := strconv.FormatUint(tb.sess.Snapshot().Version, 10)
	until(t, ctx, "version "+v, `document.body.dataset.version === `+js(v))
}

// readoutOf is name's readout now.
func (tb *table) readoutOf(name string) readout.Readout {
	return readout.Of(tb.sess.As(session.PlayerNamed(name)))
}

// untilOwn draws on the host until a 7 asks Ann on her own phone, the
// questions before it (the gates, the knights) skipped by the host.
func (tb *table) untilOwn(t *testing.T) *readout.Own {
	t.Helper()
	for range 300 {
		if r := tb.hostDraws(t); r.Turn.Number != 7 {
			continue
		}
		for {
			if own := tb.readoutOf("Ann").Own; own != nil {
				return own
			}
			if !tb.skipOne(t) {
				break
			}
		}
	}
	t.Fatal("no 7 asked Ann on her phone in 300 draws")
	return nil
}

// questionOf is the open turn's question key.
func (tb *table) questionOf(t *testing.T, key string) deck.Question {
	t.Helper()
	for _, s := range tb.sess.Rules().Steps(tb.sess.Now()) {
		if s.Question != nil && s.Question.Key == key {
			return *s.Question
		}
	}
	t.Fatalf("no question %q open", key)
	return deck.Question{}
}

// skipOne skips the open turn's first question on the host; false when
// none waits.
func (tb *table) skipOne(t *testing.T) bool {
	t.Helper()
	st := tb.sess.Now()
	q := session.FirstOpen(tb.sess.Rules().Steps(st), st.Open)
	if q == nil {
		return false
	}
	if err := tb.sess.As(session.TheHost()).Answer(*q, deck.AnswerSkip); err != nil {
		t.Fatal(err)
	}
	return true
}

// Issue 37 items 1, 2, 3 at a 7, through the real page: each player's
// own question is at the top of their first screen, focused and said at
// once; they answer in reverse seat order; a count Ann was typing when
// the host answered it is said to be closed; a count half typed on Bob's
// phone keeps its value and focus while Cy answers; both counts land.
func atTheSeven(t *testing.T, bctx context.Context) {
	// Cities & Knights: the 7's card says most, as on the night of the issue.
	tb := newTable(t, "catan", map[string]string{"cities-knights": "on"}, "Ann", "Bob", "Cy")
	joinURL := tb.url + "/?code=" + testCode
	names := []string{"Ann", "Bob", "Cy"}
	phones := map[string]context.Context{}
	for _, n := range names {
		phones[n] = tab(t, bctx)
		joinAs(t, phones[n], joinURL, n)
	}
	ann, bob, cy := phones["Ann"], phones["Bob"], phones["Cy"]

	// Bob's phone can buzz: it is asked to when Bob is asked something.
	do(t, bob, "a buzzer", chromedp.Evaluate[chromedp.Void](`navigator.vibrate = (p) => { window.buzzed = p; return true; }`))
	own := tb.untilOwn(t)
	for _, n := range names {
		until(t, phones[n], n+"'s own question", `[...document.querySelectorAll("#acts .ask")].some((b) => b.innerText.includes(`+js(own.Prompt)+`))`)
	}
	sees(t, ann, tb)
	// Item 3: within the first 844 px of a 390×844 phone, focused, said.
	box := `[...document.querySelectorAll("#acts .ask")].find((b) => b.innerText.includes(` + js(own.Prompt) + `))`
	bottom := eval[float64](t, ann, `(() => { const r = `+box+`.getBoundingClientRect(); return r.bottom + window.scrollY; })()`)
	if bottom > 844 {
		t.Errorf("Ann's own question ends %.0f px down the page; want within 844", bottom)
	}
	if !eval[bool](t, ann, box+`.contains(document.activeElement)`) {
		t.Errorf("Ann's own question is not focused: %s", eval[string](t, ann, `document.activeElement.outerHTML`))
	}
	if said := eval[string](t, ann, `(document.getElementById("alert") || {}).textContent || ""`); said != own.Prompt {
		t.Errorf("said at once: %q", said)
	}
	until(t, bob, "Bob's phone buzzed", `!!window.buzzed`)
	if title := eval[string](t, ann, `document.title`); !strings.Contains(title, tb.readoutOf("Ann").TurnOf.Name+"'s turn") {
		t.Errorf("the tab's title: %q", title)
	}

	// Reverse seat order: Cy, Bob, then Ann.
	tap(t, cy, "#acts", "Yes")
	tap(t, bob, "#acts", "Yes")
	tap(t, ann, "#acts", "Yes")
	countBox := `document.querySelector("#acts input[type=number]")`
	for _, n := range names {
		until(t, phones[n], n+"'s count", "!!"+countBox)
	}
	annKey, bobKey, cyKey := tb.readoutOf("Ann").Ask.Key, tb.readoutOf("Bob").Ask.Key, tb.readoutOf("Cy").Ask.Key
	// Ann types hers, but the host answers it first: her phone says so.
	do(t, ann, "Ann types 10", chromedp.SendKeys(chromedp.CSS("#acts input[type=number]"), "10"))
	if err := tb.sess.As(session.TheHost()).Answer(tb.questionOf(t, annKey), "11"); err != nil {
		t.Fatal(err)
	}
	until(t, ann, "told her question closed", `document.getElementById("err").textContent.startsWith("That question closed before you sent your answer")`)
	// Bob starts typing his count; Cy answers before he is done.
	do(t, bob, "Bob types 8", chromedp.SendKeys(chromedp.CSS("#acts input[type=number]"), "8"))
	do(t, cy, "Cy types 9", chromedp.SendKeys(chromedp.CSS("#acts input[type=number]"), "9"))
	tap(t, cy, "#acts", "OK")
	waitFor(t, "Cy's count in the game", func() bool { return tb.sess.Now().Open.Answers[cyKey] == "9" })
	sees(t, bob, tb)
	if v := eval[string](t, bob, countBox+`.value`); v != "8" {
		t.Errorf("Bob's half-typed count after Cy answered: %q; want 8", v)
	}
	if !eval[bool](t, bob, `document.activeElement === `+countBox) {
		t.Errorf("Bob's count lost its focus: %s", eval[string](t, bob, `document.activeElement.outerHTML`))
	}
	tap(t, bob, "#acts", "OK")
	waitFor(t, "Bob's count in the game", func() bool { return tb.sess.Now().Open.Answers[bobKey] == "8" })
	if got := tb.sess.Now().Open.Answers[cyKey]; got != "9" {
		t.Fatalf("Cy's count is %q after Bob's", got)
	}
	// Item 11: 320 px wide at 200 % text, nothing runs off the side.
	do(t, ann, "a small phone, large text", chromedp.EmulateViewport(320, 640),
		chromedp.Evaluate[chromedp.Void](`document.documentElement.style.fontSize = "200%"`))
	if w := eval[int](t, ann, `document.documentElement.scrollWidth`); w > 320 {
		t.Errorf("at 320 px and 200 %% text the page is %d px wide:\n%s", w, text(t, ann))
	}
}

// Issue 37 items 13 and 7: before the first draw the phone says who
// draws; the header names Catan once and the barbarian track is shown
// once; the tab's title names the game and, once drawn, whose turn it is.
// The phone does what a screen does: the history, Alchemy, the timer.
func headerAndReady(t *testing.T, bctx context.Context) {
	tb := newTable(t, "catan", map[string]string{"cities-knights": "on"}, "Ann", "Bob")
	bob := tab(t, bctx)
	joinAs(t, bob, tb.url+"/?code="+testCode, "Bob")
	until(t, bob, "who draws", `document.getElementById("ready").textContent === "Ann draws the first card."`)
	if header := eval[string](t, bob, `document.getElementById("game").textContent`); strings.Count(header, "Catan") != 1 {
		t.Errorf("the header: %q", header)
	}
	first := tb.hostDraws(t)
	sees(t, bob, tb)
	// Item 11: a draw is said politely; a question of one's own (AtTheSeven) at once.
	until(t, bob, "the draw said", `document.getElementById("live").textContent === `+js(first.Turn.Announcement)+
		` && document.getElementById("live").getAttribute("aria-live") === "polite" && document.getElementById("alert").getAttribute("aria-live") === "assertive"`)
	if n := len(regexp.MustCompile(`Barbarians: \d`).FindAllString(text(t, bob), -1)); n != 1 {
		t.Errorf("the barbarian track is on the page %d times:\n%s", n, text(t, bob))
	}
	if title := eval[string](t, bob, `document.title`); title != tb.readoutOf("Bob").Game+" · Ann's turn" {
		t.Errorf("the tab's title: %q", title)
	}

	// Item 7: what a screen may do, a phone may do. The history, in the
	// game's words.
	do(t, bob, "opening the history", chromedp.Click(chromedp.CSS("#histbox summary")))
	until(t, bob, "the first turn in the history", `[...document.querySelectorAll("#hist li")].some((li) => li.textContent.startsWith(`+js("1. Ann · "+strconv.Itoa(first.Turn.Number)+" · ")+`))`)
	// Alchemy on Bob's turn: his dice, typed on his phone; no card drawn.
	alchemy := `#more [data-key="act:alchemy"]`
	until(t, bob, "Alchemy offered", `!!document.querySelector(`+js(alchemy)+`)`)
	do(t, bob, "typing the dice", chromedp.SendKeys(chromedp.CSS(alchemy+" input:nth-of-type(1)"), "3"),
		chromedp.SendKeys(chromedp.CSS(alchemy+" input:nth-of-type(2)"), "4"),
		chromedp.Click(chromedp.CSS(alchemy+" button")))
	waitFor(t, "Bob's Alchemy", func() bool { return tb.sess.Now().Turns() == 2 })
	if r := tb.readoutOf("Bob"); r.Turn.Number != 7 || r.TurnOf.Name != "Bob" {
		t.Fatalf("after Bob's Alchemy of 3 and 4: %d on %s's turn", r.Turn.Number, r.TurnOf.Name)
	}
	// The turn timer: Bob's turn is timed, and he pauses it on his phone.
	if err := tb.sess.As(session.TheHost()).SetTimer(90); err != nil {
		t.Fatal(err)
	}
	until(t, bob, "the timer", `document.getElementById("clock").textContent.startsWith("⏱ Bob: 1:")`)
	tap(t, bob, "#more", "Pause the timer")
	waitFor(t, "the timer paused", func() bool { return tb.sess.Timer().Paused })
	until(t, bob, "paused", `document.getElementById("clock").textContent.endsWith("(paused)")`)
	tap(t, bob, "#more", "Resume the timer")
	waitFor(t, "the timer running", func() bool { return !tb.sess.Timer().Paused })

	// Item 11: reading each draw aloud is off until turned on, and the
	// phone remembers it.
	if eval[bool](t, bob, `document.getElementById("speak").checked`) {
		t.Fatal("read-aloud is on before Bob turned it on")
	}
	// The box opens with a tap; the tick is given by the checkbox's own
	// click (a tap at its place missed it while the ticking clock moved
	// the page under load).
	do(t, bob, "turning read-aloud on", chromedp.Click(chromedp.CSS("#setbox summary")),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("speak").click()`))
	until(t, bob, "read-aloud kept", `localStorage.getItem("eventdeck.speak") === "1"`) // before the page goes
	do(t, bob, "reopening", chromedp.Navigate(tb.url+"/"))
	until(t, bob, "read-aloud remembered", `document.getElementById("speak").checked`)
}

// Issue 37 items 5 and 6: at an Earthquake the phone ticks every player as
// the host does, and "These" records them; each step's text on the phone
// is the readout's.
func earthquakeDefaultsAndSteps(t *testing.T, bctx context.Context) {
	tb := newTable(t, "catan", nil, "Ann", "Bob", "Cy")
	joinURL := tb.url + "/?code=" + testCode
	phones := map[string]context.Context{}
	for _, n := range []string{"Ann", "Bob", "Cy"} {
		phones[n] = tab(t, bctx)
		joinAs(t, phones[n], joinURL, n)
	}
	var r readout.Readout
	for i := 0; ; i++ {
		if i == 300 {
			t.Fatal("no Earthquake in 300 draws")
		}
		if r = tb.hostDraws(t); r.Turn.Title == "Earthquake" {
			break
		}
	}
	player := r.TurnOf.Name
	mine := tb.readoutOf(player)
	if mine.Ask == nil || mine.Ask.Kind != "players" || len(mine.Ask.Ticked) != 3 {
		t.Fatalf("%s's question at the Earthquake: %+v", player, mine.Ask)
	}
	p := phones[player]
	until(t, p, "the Earthquake's question", `document.querySelectorAll("#acts .ask input[type=checkbox]").length === 3`)
	ticked := eval[string](t, p, `[...document.querySelectorAll("#acts .ask input[type=checkbox]")].filter((c) => c.checked).map((c) => c.value).join(",")`)
	if ticked != "0,1,2" {
		t.Errorf("ticked on %s's phone: %q; the host ticks %v", player, ticked, mine.Ask.Ticked)
	}
	// Each step as the terminal shows it: its title, its text.
	for _, n := range []string{"Ann", "Bob", "Cy"} {
		sees(t, phones[n], tb)
		steps := tb.readoutOf(n).Turn.Steps
		got := eval[[]string](t, phones[n], `[...document.querySelectorAll("#steps li")].map((li) => { const x = li.querySelector(".text"); return li.querySelector(".st").textContent + "|" + (x ? x.textContent : ""); })`)
		if len(got) != len(steps) {
			t.Fatalf("%s's phone shows %d steps; the readout has %d", n, len(got), len(steps))
		}
		for i, s := range steps {
			title, text, _ := strings.Cut(got[i], "|")
			if !strings.HasSuffix(title, s.Title) || text != s.Text {
				t.Errorf("%s's step %d: %q; the readout's: %q %q", n, i, got[i], s.Title, s.Text)
			}
		}
	}
	key := mine.Ask.Key
	tap(t, p, "#acts", "These")
	waitFor(t, "the answer", func() bool { _, ok := tb.sess.Now().Open.Answers[key]; return ok })
	if got := tb.sess.Now().Open.Answers[key]; got != "0,1,2" {
		t.Fatalf("These recorded %q; want every player", got)
	}
	// The damaged road repaired, as the terminal's key does, by the
	// player who may (the session says who: the one who plays next).
	next := phones[tb.sess.Now().PlayerName(tb.sess.Now().Current)]
	repaired := `#more [data-key="act:` + catan.RepairAction + `"] button`
	until(t, next, "the repair offered", `!!document.querySelector(`+js(repaired)+`)`)
	do(t, next, "a tap on the repair", chromedp.Click(chromedp.CSS(repaired)))
	waitFor(t, "the road repaired", func() bool { return tb.sess.Now().Open.Said[catan.RepairAction] != "" })
}

// Issue 37 item 8: a rename on the host keeps the phone in its seat, also
// after it reconnects; taking a seat another phone holds asks first and
// tells that phone; a phone sent away needs the code again; a phone that
// cannot reach the table is told so in words.
func seatsOnPhones(t *testing.T, bctx context.Context) {
	tb := newTable(t, "catan", nil, "Ann", "Bob")
	joinURL := tb.url + "/?code=" + testCode
	first := tab(t, bctx)
	joinAs(t, first, joinURL, "Bob")
	if err := tb.sess.As(session.TheHost()).Rename(1, "Robert"); err != nil {
		t.Fatal(err)
	}
	until(t, first, "renamed", `document.getElementById("you").textContent === "You play Robert."`)
	addr := tb.srv.Addr().String()
	_ = tb.srv.http.Close()
	until(t, first, "the stream lost", `!document.getElementById("conn").hidden`)
	tb.serve(t, addr, nil)
	until(t, first, "back in the seat", `document.getElementById("conn").hidden && document.getElementById("you").textContent === "You play Robert."`)

	second := tab(t, bctx)
	do(t, second, "opening", chromedp.Navigate(joinURL))
	tap(t, second, "#seats", "Robert")
	until(t, second, "asked first", `!document.getElementById("take").hidden && document.getElementById("takeq").textContent === "Robert's seat is on another phone: take it?"`)
	if !strings.Contains(text(t, first), "You play Robert.") {
		t.Fatal("asking took the seat")
	}
	do(t, second, "take it", chromedp.Click(chromedp.ID("takeyes")))
	until(t, second, "seated", `document.getElementById("you").textContent === "You play Robert."`)
	until(t, first, "told", `!document.getElementById("join").hidden && document.getElementById("joinerr").textContent.startsWith("Another phone took this seat")`)
	if status := eval[int](t, first, `fetch("/me").then((r) => r.status)`); status != 401 {
		t.Fatalf("the replaced phone's pass: %d", status)
	}

	// The host sends the second phone away: reopening the page asks for
	// the code.
	waitFor(t, "the phone on the host's list", func() bool { return len(tb.hub.Screens()) == 1 })
	tb.hub.SendAway(tb.hub.Screens()[0].ID)
	until(t, second, "sent away", `!document.getElementById("join").hidden`)
	// Without reopening either: no seat to tap, no code kept (play-test:
	// one tap on "Cy" rejoined).
	until(t, second, "the code asked at once", `document.getElementById("seats").children.length === 0 && document.getElementById("code").value === ""`)
	do(t, second, "reopening", chromedp.Navigate(tb.url+"/"))
	until(t, second, "the code asked", `!document.getElementById("join").hidden && document.getElementById("seats").children.length === 0`)

	// Item 9: with the table out of reach, a plain sentence.
	_ = tb.srv.http.Close()
	do(t, second, "typing the code", chromedp.SetValue(chromedp.ID("code"), testCode), chromedp.Click(chromedp.CSS("#codeform button")))
	until(t, second, "told in words", `document.getElementById("joinerr").textContent === "This phone cannot reach the table: is it on the host's Wi-Fi?"`)
}

// Issue 37 item 10: on a page that is not a secure context (no Wake
// Lock), the first tap starts the page's own silent video, and it plays.
func awakeOnPlainHTTP(t *testing.T, bctx context.Context) {
	tb := newTable(t, "catan", nil, "Ann", "Bob")
	_, port, _ := net.SplitHostPort(tb.srv.Addr().String())
	p := tab(t, bctx)
	joinAs(t, p, "http://"+phoneHost+":"+port+"/?code="+testCode, "Ann") // the seat's tap is the first
	if eval[bool](t, p, `window.isSecureContext`) {
		t.Fatal("the page on " + phoneHost + " is a secure context: the test tests nothing")
	}
	until(t, p, "the wake video playing", `(() => { const v = document.getElementById("wake"); return !!v && !v.paused && v.currentTime > 0; })()`)
	tb.hostDraws(t)
	sees(t, p, tb)
	if eval[bool](t, p, `document.getElementById("wake").paused`) {
		t.Fatal("the wake video stopped after a draw")
	}
}

// Issue 37 item 12: /tv joins with the code as a viewer, shows the number
// as large as the screen lets it, and offers no control.
func bigScreen(t *testing.T, bctx context.Context) {
	tb := newTable(t, "catan", nil, "Ann", "Bob")
	ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, "opening /tv", chromedp.Navigate(tb.url+"/tv?code="+testCode))
	until(t, ctx, "watching", `document.getElementById("you").textContent === "You watch this game."`)
	r := tb.hostDraws(t)
	until(t, ctx, "the number", numberIs(r.Turn.Number)+` && document.getElementById("title").textContent === `+js(r.Turn.Title))
	if px := eval[float64](t, ctx, `parseFloat(getComputedStyle(document.getElementById("number")).fontSize)`); px < 300 {
		t.Errorf("the number on a 1280×720 screen is %.0f px high", px)
	}
	if n := eval[int](t, ctx, `[...document.querySelectorAll("button, input, select")].filter((b) => b.offsetParent !== null).length`); n != 0 {
		t.Errorf("the big screen shows %d controls", n)
	}
}

// Issue 37 item 7: Rivals' looks into the stack are explained in words on
// their player's phone (no tooltip), and a look opens there.
func rivalsLooks(t *testing.T, bctx context.Context) {
	tb := newTable(t, "rivals", map[string]string{"sets": "sages,barbarians"}, "Ann", "Bob")
	ann := tab(t, bctx)
	joinAs(t, ann, tb.url+"/?code="+testCode, "Ann")
	tb.hostDraws(t)
	sees(t, ann, tb)
	looks := tb.readoutOf("Ann").Private
	if len(looks) == 0 {
		t.Fatal("Ann has no look to take")
	}
	shown := text(t, ann)
	for _, l := range looks {
		if !strings.Contains(shown, l.Help) {
			t.Errorf("the look %q is not explained in words on Ann's phone:\n%s", l.Label, shown)
		}
	}
	if n := eval[int](t, ann, `document.querySelectorAll("#acts [title]").length`); n != 0 {
		t.Errorf("%d tooltips on Ann's phone", n)
	}
	tap(t, ann, "#acts", looks[len(looks)-1].Label)
	waitFor(t, "the look open", func() bool { return tb.readoutOf("Ann").Private[len(looks)-1].Open })
	until(t, ann, "the look on Ann's phone", `!!document.querySelector(`+js(`#acts [data-key="pick:`+looks[len(looks)-1].ID+`"] .prompt`)+`)`)
}
