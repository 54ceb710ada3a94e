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

// PageBytes is the size of the page and everything it loads.
func PageBytes() int {
	n := 0
	for _, f := range []string{"page/index.html", "page/app.js", "page/app.css"} {
		b, _ := pageFS.ReadFile(f)
		n += len(b)
	}
	return n
}

// page is the one HTML page.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, struct{ Title string }{"eventdeck"}); err != nil {
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

// me says who this phone joined as; 401 before it has.
func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	j, _, ok := s.who(r)
	if !ok {
		refuse(w, http.StatusUnauthorized, "join first")
		return
	}
	writeJSON(w, map[string]string{"joined": j.Name})
}
