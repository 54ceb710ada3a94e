// The phone page: it shows the readout the server sends for this phone's
// reader and sends back what they tap. Every rule and every word of the
// game comes from the server; names and texts are only set as text.
// Updates touch only what changed: a box the reader is using keeps its
// value and its focus while other phones answer.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const tv = document.body.dataset.mode === "tv";
  const el = (tag, text, cls) => {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  };
  const button = (text, onClick, cls) => {
    const b = el("button", text, cls);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  };
  const OFFLINE = "This phone cannot reach the table: is it on the host's Wi-Fi?";
  let es = null, view = null, lastDraw = -1, code = "", over = false, down = 0;

  async function post(path, body) {
    let r;
    try {
      r = await fetch(path, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-Eventdeck": "1" },
        body: JSON.stringify(body),
      });
    } catch (e) { throw new Error(OFFLINE); }
    let data = {};
    try { data = await r.json(); } catch (e) { /* no body */ }
    if (!r.ok) {
      const err = new Error(typeof data.error === "string" ? data.error : r.statusText);
      err.status = r.status; err.data = data;
      throw err;
    }
    return data;
  }

  // sent are the questions this phone has answered: their box going away
  // is no news.
  const sent = new Set();
  async function act(body) {
    $("err").textContent = "";
    body.version = view ? view.version : 0;
    if (body.key) sent.add(body.key);
    try { await post("/act", body); } catch (e) { if (body.key) sent.delete(body.key); $("err").textContent = e.message; }
  }

  // Joining: the code from the address (the QR code), then the seats.
  function showJoin(why) {
    if (es) { es.close(); es = null; }
    $("play").hidden = true;
    $("join").hidden = false;
    $("take").hidden = true;
    $("joinerr").textContent = why || "";
    $("joinh").textContent = tv ? "The big screen: join code" : "Who are you?";
    const c = new URLSearchParams(location.search).get("code");
    if (c) {
      $("code").value = c;
      history.replaceState(null, "", location.pathname);
      askSeats(c);
    }
  }

  // forget drops the code and the seats it showed: a phone sent away or
  // replaced needs the code again, not one tap (play-test).
  function forget() {
    code = "";
    $("code").value = "";
    $("seats").replaceChildren();
  }

  async function askSeats(c) {
    code = c.replace(/[^0-9]/g, "").slice(0, 12); // only digits go to the server
    $("seats").replaceChildren();
    $("joinerr").textContent = "";
    if (tv) { pick("watch"); return; } // the big screen watches
    let got;
    try { got = await post("/join", { code: code }); } catch (e) { $("joinerr").textContent = e.message; return; }
    for (const name of got.seats || []) $("seats").append(button(name, () => pick(name)));
    $("seats").append(button("Just watch", () => pick("watch"), "quiet"));
  }

  async function pick(seat, take) {
    $("take").hidden = true;
    try { await post("/join", { code: code, seat: seat, take: !!take }); } catch (e) {
      if (e.status === 409 && e.data && e.data.taken) { // another phone holds the seat: ask first
        $("takeq").textContent = e.message;
        $("take").hidden = false;
        $("takeyes").onclick = () => pick(seat, true);
        $("takeno").onclick = () => { $("take").hidden = true; };
        $("takeyes").focus();
        return;
      }
      $("joinerr").textContent = e.message;
      return;
    }
    connect();
  }

  $("codeform").addEventListener("submit", (ev) => { ev.preventDefault(); askSeats($("code").value.trim()); });
  $("leave").addEventListener("click", async () => { try { await post("/leave", {}); } catch (e) { /* gone already */ } showJoin(); });

  // The stream: each event this reader's whole view; the newest wins.
  async function start() {
    const r = await fetch("/me").catch(() => null);
    if (!r) { lost(); setTimeout(start, 3000); return; }
    let me = {};
    try { me = await r.json(); } catch (e) { /* none */ }
    if (r.status === 401) { showJoin(typeof me.error === "string" && me.error !== "join first" ? me.error : ""); return; }
    if (tv && me.joined) { showJoin(); return; } // a player's pass: the big screen joins as a viewer
    connect();
  }

  // back looks now and then, once the host has ended the game, for a
  // table started again with this phone still remembered.
  async function back() {
    const r = await fetch("/me").catch(() => null);
    if (r && r.ok) { connect(); return; } // the table knows this phone: its view says whether a game goes on
    setTimeout(back, 5000);
  }

  function lost() {
    if (over) return;
    down = down || Date.now();
    const c = $("conn");
    c.hidden = false;
    c.textContent = !navigator.onLine ? "This phone is offline: check its Wi-Fi." :
      Date.now() - down > 20000 ? "The table does not answer: the host may have closed eventdeck (the game is saved). Trying again…" :
        "Lost touch with the table; trying again…";
  }

  function connect() {
    if (es) es.close();
    over = false;
    $("join").hidden = true;
    $("play").hidden = false;
    es = new EventSource("/events");
    es.onmessage = (ev) => {
      down = 0;
      $("conn").hidden = true;
      let v;
      try { v = JSON.parse(ev.data); } catch (e) { return; }
      render(v);
    };
    es.onerror = () => {
      if (over) { es.close(); return; }
      lost();
      if (es.readyState === EventSource.CLOSED) setTimeout(start, 1500);
    };
    es.addEventListener("away", () => {
      es.close(); es = null;
      forget();
      showJoin("The host sent this phone away. Join again with the code.");
    });
    es.addEventListener("replaced", () => {
      es.close(); es = null;
      forget();
      showJoin("Another phone took this seat. Join again with the code to play here.");
    });
    wake();
  }

  // The screen stays awake during a game: the Wake Lock where the browser
  // gives it (secure pages only), else a silent looping video of the
  // page's own, started by the first tap.
  let lock = null, tapped = false;
  const video = $("wake");
  video.muted = true;
  async function wake() {
    if (document.visibilityState !== "visible" || over) return;
    if (window.isSecureContext && "wakeLock" in navigator) {
      if (lock) return;
      try { lock = await navigator.wakeLock.request("screen"); lock.addEventListener("release", () => { lock = null; }); return; } catch (e) { /* refused: the video */ }
    }
    if (tapped && video.paused) video.play().catch(() => { /* the next tap */ });
  }
  document.addEventListener("visibilitychange", wake);
  for (const kind of ["click", "touchend", "keydown"]) {
    document.addEventListener(kind, () => { tapped = true; wake(); }, { capture: true, passive: true });
  }

  // Read-aloud: off unless this phone turns it on; remembered here.
  const speak = $("speak");
  try { speak.checked = localStorage.getItem("eventdeck.speak") === "1"; } catch (e) { /* no storage */ }
  if (!("speechSynthesis" in window)) speak.disabled = true;
  speak.addEventListener("change", () => { try { localStorage.setItem("eventdeck.speak", speak.checked ? "1" : "0"); } catch (e) { /* no storage */ } });

  function who(p) { return p.name + " (" + p.colour + ")"; }
  const setText = (id, s) => { const e = $(id); if (e.textContent !== s) e.textContent = s; };

  function render(v) {
    view = v;
    const r = v.version === undefined ? null : v;
    if (r) document.body.dataset.version = String(r.version);
    const ph = (r && r.phone) || {};
    setText("waiting", v.waiting || "");
    setText("you", r ? r.you : (v.joined ? "You play " + v.joined + "." : "You watch."));
    setText("game", ph.header || "eventdeck");
    setText("progress", r && r.progress || "");
    document.title = ph.title || "eventdeck";
    const ended = ph.ended || (v.over ? v.waiting : "");
    $("ended").hidden = !ended;
    setText("ended", ended || "");
    if (ended && !over) {
      over = true; video.pause(); if (es) { es.close(); es = null; }
      setTimeout(back, 5000); // a host that starts again (serve --resume) is found without a reload
    }
    setText("announce", r && r.announce || "");
    setText("ready", r && !r.turn ? ph.ready || "" : "");
    renderTurn(r && r.turn, ph);
    setText("whose", !r || !r.turnOf ? "" : "Turn: " + who(r.turnOf) + " · next: " + who(r.next));
    renderClock(r);
    if (!tv) {
      renderMine(r);
      renderMore(r);
      refreshLists(r);
    }
    const others = [];
    for (const line of (r && r.trackers) || []) others.push(line.label + ": " + line.text);
    for (const line of (r && r.lookers) || []) others.push(line);
    if (r && r.said && !r.own) others.push(r.said);
    keyed($("others"), others.map((s) => ({ key: s, sig: s, make: () => el("li", s) })));
    setText("last", r && r.last ? "Before: " + r.last.join(" ") : "");
  }

  // keyed brings box's children in line with items ({key, sig, make}):
  // a child whose key and sig are unchanged is left as it is (its typed
  // value and focus with it); a changed one is made again; the rest go.
  // It returns the children made new.
  function keyed(box, items) {
    const old = new Map();
    for (const c of box.children) old.set(c.dataset.key, c);
    const made = [];
    let prev = null;
    for (const it of items) {
      let n = old.get(it.key);
      old.delete(it.key);
      if (!n || n.dataset.sig !== it.sig) {
        const m = it.make();
        m.dataset.key = it.key;
        m.dataset.sig = it.sig;
        if (n) { if (n.contains(document.activeElement)) refocus = true; n.replaceWith(m); }
        n = m;
        made.push(n);
      }
      const want = prev ? prev.nextSibling : box.firstChild;
      if (n !== want) box.insertBefore(n, want);
      prev = n;
    }
    for (const n of old.values()) { gone(n); n.remove(); }
    return made;
  }

  // gone tells the reader when a question they were answering closed
  // before they sent it (another screen answered, or the game moved on).
  function gone(n) {
    const q = n.dataset.question;
    if (!q || sent.has(q)) return;
    // Only what the reader typed makes it theirs: the box's focus is the
    // page's own doing (play-test: Ann was told her answer was lost when
    // she had sent nothing).
    const busy = [...n.querySelectorAll("input[type=number]")].some((i) => i.value !== "");
    if (busy) $("err").textContent = "That question closed before you sent your answer: it was answered on another screen, or the game moved on.";
  }

  function renderTurn(t, ph) {
    $("turn").hidden = !t;
    if (!t) {
      if (lastDraw === -1) lastDraw = 0; // the first draw, when it comes, is news
      return;
    }
    const n = $("number");
    setText("number", t.number ? String(t.number) : "–");
    n.className = t.alert ? "alertnum" : "";
    setText("note", t.note || "");
    keyed($("dice"), (t.dice || []).map((d) => {
      const s = d.label + (d.set ? " (set)" : "");
      return { key: d.name, sig: s + d.colour, make: () => { const li = el("li", s); li.dataset.colour = d.colour || ""; return li; } };
    }));
    setText("rebuilt", t.rebuilt ? "★ " + t.rebuilt : "");
    setText("title", t.title);
    setText("text", t.text || "");
    keyed($("marks"), (ph.marks || []).map((m) => {
      const s = (m.alert ? "! " : "") + m.label + ": " + m.text;
      return { key: m.label, sig: s, make: () => el("li", s, m.alert ? "alert" : "") };
    }));
    const mark = { done: "✓ ", open: "▶ ", todo: "· " };
    keyed($("steps"), (t.steps || []).map((s, i) => ({
      key: String(i), sig: JSON.stringify(s), make: () => {
        const li = el("li", undefined, s.state);
        li.append(el("span", mark[s.state] + s.title, "st"));
        if (s.state === "open") li.setAttribute("aria-current", "step");
        if (s.text) li.append(el("div", s.text, "text"));
        if (s.outcome) li.append(el("div", "» " + s.outcome, "out"));
        if (s.said) li.append(el("div", "✎ " + s.said, "said"));
        return li;
      },
    })));
    if (t.draw !== lastDraw) {
      if (lastDraw !== -1) {
        $("live").textContent = t.announcement; // routine: said politely
        if (speak.checked && "speechSynthesis" in window) {
          speechSynthesis.cancel();
          speechSynthesis.speak(new SpeechSynthesisUtterance(t.announcement));
        }
      }
      lastDraw = t.draw;
    }
  }

  // The turn timer counts down here between views.
  let clockAt = 0, clockTick = 0;
  function renderClock(r) {
    const c = r && !r.ended && !over && r.clock; // the game ended: no clock runs on
    clearInterval(clockTick);
    $("clock").hidden = !c;
    if (!c) return;
    clockAt = Date.now();
    const show = () => {
      const left = c.paused ? c.left : Math.max(0, c.left - Math.floor((Date.now() - clockAt) / 1000));
      setText("clock", "⏱ " + c.player + ": " + Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0") +
        (c.paused ? " (paused)" : left === 0 ? " (time is up)" : ""));
    };
    show();
    if (!c.paused) clockTick = setInterval(show, 1000);
  }

  const told = new Set(); // the questions already put to this reader
  let refocus = false; // a box made again held the focus


  // The reader's own part, first on the page: their question, their
  // picks, their draw. A question new to them is focused and announced.
  function renderMine(r) {
    const items = [];
    if (r && !r.ended) {
      const draw = r.may.draw; // the turn's action, when it is this reader's and not a private one
      if (draw) {
        items.push({ key: "draw:" + draw.id, sig: draw.label + "|" + r.version, make: () => {
          const d = el("div");
          d.append(button(draw.label, () => act({ do: "draw", id: draw.id }), "main"));
          if (draw.help) d.append(el("p", draw.help, "dim"));
          return d;
        } });
      }
      if (r.own) items.push({ key: "own:" + r.own.key, sig: JSON.stringify(r.own), question: !r.own.said && r.own.key, make: () => ownBox(r.own) });
      if (r.ask && r.may.answer) items.push({ key: "ask:" + r.ask.key, sig: JSON.stringify(r.ask), question: r.ask.key, make: () => askBox(r.ask) });
      for (const p of r.private || []) {
        items.push({ key: "pick:" + p.id, sig: JSON.stringify(p), question: p.open && ("pick:" + p.id), make: () => privateBox(p) });
      }
      if (r.turnDone && !draw) items.push({ key: "done", sig: r.turnDone, make: () => el("p", "✓ " + r.turnDone, "dim") });
    }
    const made = keyed($("acts"), items);
    for (const n of made) {
      const it = items.find((i) => i.key === n.dataset.key);
      if (!it || !it.question) continue;
      const asked = it.question + "@" + (r && r.turn ? r.turn.year + "." + r.turn.draw : "-"); // each turn asks anew
      if (told.has(asked)) { // made again (someone else answered): keep the reader where they were
        if (refocus) { const f = n.querySelector("input, select, button"); if (f) f.focus({ preventScroll: true }); }
        continue;
      }
      told.add(asked);
      // Their question: in view, focused, said at once, felt.
      const prompt = n.querySelector("p.prompt");
      $("alert").textContent = prompt ? prompt.textContent : "";
      const first = n.querySelector("input, select, button");
      const at = n.getBoundingClientRect();
      if (at.top < 0 || at.bottom > innerHeight) { // out of sight: the page moves to it
        n.scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
      }
      if (first) first.focus({ preventScroll: true });
      if (navigator.vibrate) try { navigator.vibrate([120, 60, 120]); } catch (e) { /* not here */ }
    }
    refocus = false;
  }

  function ownBox(o) {
    const d = el("div", undefined, "ask");
    d.dataset.question = o.key;
    d.append(el("p", o.prompt, "prompt"));
    if (o.said) {
      d.append(el("p", "You said " + o.said + ". Waiting for " + o.waiting + ".", "dim"));
      return d;
    }
    const row = el("div", undefined, "row");
    row.append(button("Yes", () => act({ do: "own", key: o.key, yes: true })));
    row.append(button("No", () => act({ do: "own", key: o.key, yes: false })));
    d.append(row);
    if (o.answered) d.append(el("p", "Answered so far: " + o.answered, "dim"));
    return d;
  }

  function askBox(q) {
    const d = el("div", undefined, "ask");
    d.dataset.question = q.key;
    d.append(el("p", "▶ " + q.step, "you"));
    if (q.text) d.append(el("p", q.text));
    d.append(el("p", q.prompt, "prompt"));
    if (q.offer) d.append(el("p", "Remembered: " + q.offer, "dim"));
    const answer = (value) => act({ do: "answer", key: q.key, value: value });
    const row = el("div", undefined, "row");
    const choices = q.choices || [];
    if (q.kind === "yes-no") {
      row.append(button("Yes", () => answer("yes")), button("No", () => answer("no")));
    } else if (q.kind === "player") {
      choices.forEach((p, i) => row.append(button(p.name, () => answer(String(i)))));
      row.append(button("Nobody", () => answer("none")));
    } else if (q.kind === "players") {
      const ticked = q.ticked || [];
      const boxes = choices.map((p, i) => {
        const l = el("label"), c = el("input");
        c.type = "checkbox"; c.value = String(i); c.checked = ticked.includes(i);
        l.append(c, " " + who(p));
        d.append(l);
        return c;
      });
      row.append(button("These", () => {
        const seats = boxes.filter((c) => c.checked).map((c) => c.value);
        answer(seats.length ? seats.join(",") : "none");
      }));
    } else {
      const n = el("input");
      n.type = "number"; n.min = "0"; n.inputMode = "numeric"; n.setAttribute("aria-label", q.prompt);
      if (q.max) n.max = String(q.max);
      d.append(n);
      row.append(button("OK", () => {
        const s = n.value.trim();
        if (!/^[0-9]{1,4}$/.test(s) || (q.max && +s > q.max)) { $("err").textContent = "Type a whole number" + (q.max ? " from 0 to " + q.max : "") + "."; return; }
        answer(s);
      }));
    }
    if (q.default && q.kind !== "players") row.append(button(q.offer, () => answer(q.default), "def"));
    row.append(button("Skip", () => answer("skip"), "quiet"));
    d.append(row);
    return d;
  }

  // inputsBox reads an action's inputs: numbers, a choice, several.
  function inputsBox(d, inputs) {
    const read = [];
    for (const input of inputs || []) {
      d.append(el("p", input.prompt));
      if (input.kind === "number") {
        const n = el("input");
        n.type = "number"; n.min = String(input.min || 0); n.max = String(input.max); n.inputMode = "numeric"; n.setAttribute("aria-label", input.prompt);
        d.append(n);
        read.push(() => { const s = n.value.trim(); return /^[0-9]{1,4}$/.test(s) ? parseInt(s, 10) : NaN; });
      } else if (input.kind === "choice") {
        const s = el("select");
        s.setAttribute("aria-label", input.prompt);
        input.choices.forEach((c, i) => { const o = el("option", c); o.value = String(i); s.append(o); });
        d.append(s);
        read.push(() => parseInt(s.value, 10));
      } else if (input.kind === "choices") {
        const boxes = input.choices.map((c) => { const l = el("label"), b = el("input"); b.type = "checkbox"; l.append(b, " " + c); d.append(l); return b; });
        read.push(() => boxes.reduce((bits, b, i) => bits | (b.checked ? 1 << i : 0), 0));
      } else {
        const ul = el("ul", undefined, "lines");
        for (const c of input.choices) ul.append(el("li", c));
        d.append(ul);
        read.push(() => 0);
      }
    }
    return () => read.map((f) => f());
  }

  function privateBox(p) {
    const d = el("div", undefined, "ask");
    if (!p.open) {
      if (p.help) d.append(el("p", p.help)); // what the look does, in words
      d.append(button(p.label, () => act({ do: "look", id: p.id }), p.main ? "main" : ""));
      return d;
    }
    d.dataset.question = "pick:" + p.id;
    d.append(el("p", p.label, "prompt"));
    const values = inputsBox(d, p.inputs);
    const row = el("div", undefined, "row");
    row.append(button("Done", () => {
      const v = values();
      if (v.some((x) => Number.isNaN(x))) { $("err").textContent = "Type a whole number in each box."; return; }
      sent.add("pick:" + p.id);
      act({ do: "act", id: p.id, values: v });
    }));
    row.append(button("Close", () => { sent.add("pick:" + p.id); act({ do: "close", id: p.id }); }, "quiet"));
    d.append(row);
    return d;
  }

  // What else this reader may do now, as a terminal screen of theirs
  // may: the game's actions (a road repaired, Alchemy), the timer, undo,
  // redo; and the question another answers, with why it is not theirs.
  function renderMore(r) {
    const items = [];
    if (r && !r.ended) {
      if (r.ask && !r.may.answer) {
        items.push({ key: "other:" + r.ask.key, sig: JSON.stringify([r.ask.prompt, r.ask.step, r.may.why]), make: () => {
          const d = el("div", undefined, "ask other");
          d.append(el("p", "▶ " + r.ask.step + ": " + r.ask.prompt));
          if (r.may.why) d.append(el("p", r.may.why, "dim"));
          return d;
        } });
      }
      for (const x of r.rights || []) {
        if (!x.may) continue;
        if (x.verb === "act") {
          items.push({ key: "act:" + x.id, sig: JSON.stringify(x), make: () => actBox(x) });
        } else if (x.verb === "timer") {
          const paused = r.clock && r.clock.paused;
          items.push({ key: "timer", sig: String(paused), make: () => button(paused ? "Resume the timer" : "Pause the timer", () => act({ do: paused ? "resume" : "pause" }), "quiet") });
        } else if (["undo", "redo", "accept", "next", "prev"].includes(x.verb)) {
          items.push({ key: x.verb, sig: x.label + "|" + r.version, make: () => button(x.verb === "undo" ? "Undo my last change" : x.label, () => act({ do: x.verb }), "quiet") });
        }
      }
    }
    keyed($("more"), items);
  }

  function actBox(x) {
    const d = el("div", undefined, "ask");
    d.append(el("p", x.label, "you"));
    if (x.help) d.append(el("p", x.help, "dim"));
    const values = inputsBox(d, x.inputs);
    d.append(button(x.inputs && x.inputs.length ? "Done" : x.label, () => {
      const v = values();
      if (v.some((n) => Number.isNaN(n))) { $("err").textContent = "Type a whole number in each box."; return; }
      act({ do: "act", id: x.id, values: v });
    }));
    return d;
  }

  // The history and the facts, fetched while their box is open.
  let listsAt = -1;
  async function refreshLists(r) {
    const v = r ? r.version : -1;
    if (v === listsAt) return;
    listsAt = v;
    if ($("histbox").open) await fill("/history", $("hist"), (h) => {
      if (h.note) return el("li", "✎ " + h.note, "note");
      return el("li", h.draw + ". " + h.player + " · " + (h.number || "–") + (h.dice ? " · " + h.dice.join(", ") : "") + " · " + h.event +
        (h.said ? " (" + h.said.join("; ") + ")" : ""));
    }, "No turns yet.");
    if ($("factbox").open) await fill("/facts", $("facts"), (f) => el("li", f.prompt + ": " + f.value), "This game keeps no facts.");
  }
  async function fill(path, box, row, none) {
    const r = await fetch(path).catch(() => null);
    if (!r || !r.ok) return;
    let list = [];
    try { list = await r.json(); } catch (e) { return; }
    box.replaceChildren(...(list.length ? list.map(row) : [el("li", none)]));
  }
  for (const id of ["histbox", "factbox"]) $(id).addEventListener("toggle", () => { listsAt = -2; refreshLists(view && view.version !== undefined ? view : null); });

  // The quick reference: the same entries as `eventdeck ref`, ranked alike.
  let refTimer = 0;
  $("refq").addEventListener("input", () => {
    clearTimeout(refTimer);
    refTimer = setTimeout(async () => {
      const r = await fetch("/ref?q=" + encodeURIComponent($("refq").value.slice(0, 80))).catch(() => null);
      if (!r || !r.ok) return;
      const out = $("refs");
      out.replaceChildren();
      for (const e of await r.json()) out.append(el("h3", e.title), el("p", e.text));
    }, 200);
  });

  start();
})();
