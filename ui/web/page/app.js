// The phone page: it shows the readout the server sends for this phone's
// reader and sends back what they tap. Every rule and every word of the
// game comes from the server; names and texts are only set as text.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
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
  let es = null, view = null, lastDraw = -1, code = "";

  async function post(path, body) {
    const r = await fetch(path, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-Eventdeck": "1" },
      body: JSON.stringify(body),
    });
    let data = {};
    try { data = await r.json(); } catch (e) { /* no body */ }
    if (!r.ok) throw new Error(data.error || r.statusText);
    return data;
  }

  async function act(body) {
    $("err").textContent = "";
    body.version = view ? view.version : 0;
    try { await post("/act", body); } catch (e) { $("err").textContent = e.message; }
  }

  // Joining: the code from the address (the QR code), then the seats.
  function showJoin(why) {
    if (es) { es.close(); es = null; }
    $("play").hidden = true;
    $("join").hidden = false;
    $("joinerr").textContent = why || "";
    const c = new URLSearchParams(location.search).get("code");
    if (c) {
      $("code").value = c;
      history.replaceState(null, "", "/");
      askSeats(c);
    }
  }

  async function askSeats(c) {
    code = c;
    $("seats").replaceChildren();
    $("joinerr").textContent = "";
    let got;
    try { got = await post("/join", { code: c }); } catch (e) { $("joinerr").textContent = e.message; return; }
    const seats = got.seats || [];
    for (const name of seats) $("seats").append(button(name, () => pick(name)));
    $("seats").append(button("Just watch", () => pick("watch"), "quiet"));
  }

  async function pick(seat) {
    try { await post("/join", { code: code, seat: seat }); } catch (e) { $("joinerr").textContent = e.message; return; }
    connect();
  }

  $("codeform").addEventListener("submit", (ev) => { ev.preventDefault(); askSeats($("code").value.trim()); });
  $("leave").addEventListener("click", async () => { await post("/leave", {}); showJoin(); });

  // The stream: each event this reader's whole view; the newest wins.
  async function start() {
    const r = await fetch("/me").catch(() => null);
    if (r && r.status === 401) { showJoin(); return; }
    connect();
  }

  function connect() {
    if (es) es.close();
    $("join").hidden = true;
    $("play").hidden = false;
    es = new EventSource("/events");
    es.onmessage = (ev) => { $("conn").hidden = true; render(JSON.parse(ev.data)); };
    es.onerror = () => {
      $("conn").hidden = false;
      if (es.readyState === EventSource.CLOSED) setTimeout(start, 1500);
    };
    es.addEventListener("away", () => {
      es.close(); es = null;
      showJoin("The host sent this screen away. Join again with the code.");
    });
    wake();
  }

  // The screen stays awake during a game, where the browser can.
  let lock = null;
  async function wake() {
    if (!("wakeLock" in navigator) || lock || document.visibilityState !== "visible") return;
    try { lock = await navigator.wakeLock.request("screen"); lock.addEventListener("release", () => { lock = null; }); } catch (e) { /* refused */ }
  }
  document.addEventListener("visibilitychange", wake);

  function who(p) { return p.name + " (" + p.colour + ")"; }

  function render(v) {
    view = v;
    const r = v.version === undefined ? null : v;
    $("waiting").textContent = v.waiting || "";
    $("you").textContent = r ? r.you : (v.joined ? "You play " + v.joined + "." : "You watch.");
    $("game").textContent = r ? r.game + (r.about ? " · " + r.about : "") : "eventdeck";
    $("progress").textContent = r && r.progress || "";
    $("ended").hidden = !(r && r.ended);
    $("ended").textContent = r && r.ended || "";
    $("announce").textContent = r && r.announce || "";
    renderTurn(r && r.turn);
    const whose = !r ? "" : r.turnOf ? "Turn: " + who(r.turnOf) + " · next: " + who(r.next) : r.first ? "First: " + who(r.first) : "";
    $("whose").textContent = whose;
    renderActs(r);
    const others = $("others");
    others.replaceChildren();
    for (const line of (r && r.trackers) || []) others.append(el("li", line.label + ": " + line.text));
    for (const line of (r && r.lookers) || []) others.append(el("li", line));
    if (r && r.said && !r.own) others.append(el("li", r.said));
    $("last").textContent = r && r.last ? "Before: " + r.last.join(" ") : "";
  }

  function renderTurn(t) {
    $("turn").hidden = !t;
    if (!t) return;
    const n = $("number");
    n.textContent = t.number ? String(t.number) : "–";
    n.className = t.alert ? "alertnum" : "";
    $("note").textContent = t.note || "";
    const dice = $("dice");
    dice.replaceChildren();
    for (const d of t.dice || []) {
      const li = el("li", d.label + (d.set ? " (set)" : ""));
      li.dataset.colour = d.colour || "";
      if (d.odds) li.title = d.odds;
      dice.append(li);
    }
    $("rebuilt").textContent = t.rebuilt ? "★ " + t.rebuilt : "";
    $("title").textContent = t.title;
    $("text").textContent = t.text || "";
    const marks = $("marks");
    marks.replaceChildren();
    for (const m of t.marks || []) marks.append(el("li", (m.alert ? "! " : "") + m.label + ": " + m.text, m.alert ? "alert" : ""));
    const steps = $("steps");
    steps.replaceChildren();
    const mark = { done: "✓ ", open: "▶ ", todo: "· " };
    for (const s of t.steps || []) {
      const li = el("li", mark[s.state] + (s.said || s.title), s.state);
      if (s.state === "open") li.setAttribute("aria-current", "step");
      if (s.outcome) li.append(el("div", "» " + s.outcome));
      steps.append(li);
    }
    if (t.draw !== lastDraw) {
      if (lastDraw !== -1) $("live").textContent = t.announcement;
      lastDraw = t.draw;
    }
  }

  let shownActs = "";
  function renderActs(r) {
    const box = $("acts");
    const key = JSON.stringify(r && [r.version, r.may, r.own, r.ask, r.private, r.turnDone, r.ended, r.players]);
    if (key === shownActs) return; // what is being typed or picked stays
    shownActs = key;
    box.replaceChildren();
    if (!r || r.ended) return;
    const may = r.may || {};
    if (may.draw) {
      const b = button(may.draw.label, () => act({ do: "draw", id: may.draw.id }), "main");
      if (may.draw.help) b.title = may.draw.help;
      box.append(b);
    }
    if (r.own) box.append(ownBox(r.own));
    if (r.ask) box.append(askBox(r, may));
    for (const p of r.private || []) box.append(privateBox(p));
    if (r.turnDone && !may.draw) box.append(el("p", "✓ " + r.turnDone, "dim"));
    if (may.undo) box.append(button("Undo my last change", () => act({ do: "undo" }), "quiet"));
  }

  function ownBox(o) {
    const d = el("div", undefined, "ask");
    d.append(el("p", o.prompt));
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

  function askBox(r, may) {
    const q = r.ask, d = el("div", undefined, "ask");
    d.append(el("p", "▶ " + q.step, "you"));
    if (q.text) d.append(el("p", q.text));
    d.append(el("p", q.prompt));
    if (!may.answer) {
      if (may.why) d.append(el("p", may.why, "dim"));
      return d;
    }
    const answer = (value) => act({ do: "answer", key: q.key, value: value });
    const row = el("div", undefined, "row");
    if (q.kind === "yes-no") {
      row.append(button("Yes", () => answer("yes")), button("No", () => answer("no")));
    } else if (q.kind === "player") {
      r.players.forEach((p, i) => row.append(button(p.name, () => answer(String(i)))));
      row.append(button("Nobody", () => answer("none")));
    } else if (q.kind === "players") {
      const known = (q.known || "").split(",");
      const boxes = r.players.map((p, i) => {
        const l = el("label"), c = el("input");
        c.type = "checkbox"; c.value = String(i); c.checked = known.includes(String(i));
        l.append(c, " " + p.name);
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
      row.append(button("OK", () => answer(n.value.trim())));
    }
    if (q.default) row.append(button("Same: " + q.offer, () => answer(q.default)));
    row.append(button("Skip", () => answer("skip"), "quiet"));
    d.append(row);
    return d;
  }

  function privateBox(p) {
    const d = el("div", undefined, "ask");
    if (!p.open) {
      const b = button(p.label, () => act({ do: "look", id: p.id }), p.main ? "main" : "quiet");
      if (!p.main) { b.title = p.help || ""; return b; }
      d.append(el("p", p.help || p.label), b);
      return d;
    }
    const read = [];
    for (const input of p.inputs || []) {
      d.append(el("p", input.prompt));
      if (input.kind === "number") {
        const n = el("input");
        n.type = "number"; n.min = String(input.min); n.max = String(input.max); n.setAttribute("aria-label", input.prompt);
        d.append(n);
        read.push(() => parseInt(n.value, 10));
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
    const row = el("div", undefined, "row");
    row.append(button("Done", () => act({ do: "act", id: p.id, values: read.map((f) => f()) })));
    row.append(button("Close", () => act({ do: "close", id: p.id }), "quiet"));
    d.append(row);
    return d;
  }

  // The quick reference: the same entries as `eventdeck ref`.
  let refTimer = 0;
  $("refq").addEventListener("input", () => {
    clearTimeout(refTimer);
    refTimer = setTimeout(async () => {
      const r = await fetch("/ref?q=" + encodeURIComponent($("refq").value)).catch(() => null);
      if (!r || !r.ok) return;
      const out = $("refs");
      out.replaceChildren();
      for (const e of await r.json()) out.append(el("h3", e.title), el("p", e.text));
    }, 200);
  });

  start();
})();
