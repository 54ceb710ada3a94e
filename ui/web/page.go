package web

import (
	"bytes"
	"embed"
	"html/template"
	"net/http"
	"path"
	"time"
)

//go:embed page
var pageFS embed.FS

// pageTemplate is the page; names and texts come later, as text.
var pageTemplate = template.Must(template.ParseFS(pageFS, "page/index.html"))

// PageBytes is the size of the page and everything it may load: every
// file embedded under page/ (the HTML, script, stylesheet and the wake
// videos).
func PageBytes() int {
	n := 0
	entries, _ := pageFS.ReadDir("page")
	for _, e := range entries {
		b, _ := pageFS.ReadFile("page/" + e.Name())
		n += len(b)
	}
	return n
}

// page is the one HTML page.
func (s *Server) page(w http.ResponseWriter, r *http.Request) { s.render(w, false) }

// render writes the page; tv makes it the big screen's (read-only).
func (s *Server) render(w http.ResponseWriter, tv bool) {
	var b bytes.Buffer
	mode := "phone"
	if tv {
		mode = "tv"
	}
	if err := pageTemplate.Execute(&b, struct{ Title, Mode string }{"eventdeck", mode}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(b.Bytes())
}

// asset is the script or the stylesheet.
func (s *Server) asset(w http.ResponseWriter, r *http.Request) {
	data, err := pageFS.ReadFile("page" + path.Clean(r.URL.Path))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	http.ServeContent(w, r, path.Base(r.URL.Path), time.Time{}, bytes.NewReader(data))
}

// OldPass is what a phone reads when its remembered pass is not known
// here: the host sent it away, another phone took its seat, or it joined
// another game.
const OldPass = "This phone is not at this table any more: join with the code on the host's screen (the code changes with every eventdeck serve)."

// me says who this phone joined as; 401 before it has.
func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	j, _, ok := s.who(r)
	if !ok {
		why := "join first"
		if c, err := r.Cookie(cookie); err == nil && c.Value != "" {
			why = OldPass // a token this serve does not know
		}
		refuse(w, http.StatusUnauthorized, why)
		return
	}
	writeJSON(w, map[string]string{"joined": j.Name})
}
