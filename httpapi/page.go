package httpapi

import (
	"embed"
	"io/fs"
	"net/http"

	"github.com/addrkit/addrkit/internal/fault"
	"github.com/gorilla/mux"
)

// web holds the web page served at /: plain HTML, CSS and JavaScript, no
// build step, nothing fetched from elsewhere.
//
//go:embed web
var web embed.FS

// pageCSP allows the page its own files and its own API, nothing else.
const pageCSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
	"form-action 'none'; frame-ancestors 'none'; base-uri 'none'"

// page serves the web page: / is index.html, /ui/NAME the other files.
func (s *Server) page() http.Handler {
	files, err := fs.Sub(web, "web")
	if err != nil {
		panic(err) // the embedded tree always has web/
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", pageCSP)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-cache")
		name := "index.html"
		if r.URL.Path != "/" {
			name = mux.Vars(r)["file"]
			if fi, err := fs.Stat(files, name); err != nil || fi.IsDir() || name == "index.html" {
				s.refuse(w, r, fault.NotFound, "No such file of the page: "+r.URL.Path+" (the page is at /).")
				return
			}
		}
		// whole files only: a Range past the end would answer a plain-text
		// 416, not a problem
		r.Header.Del("Range")
		r.Header.Del("If-Range")
		http.ServeFileFS(w, r, files, name)
	})
}
