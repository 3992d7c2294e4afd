package httpapi

import (
	"embed"
	"encoding/json"
	"io/fs"
	"net/http"
	"net/url"
	"strings"

	"github.com/addrkit/addrkit/internal/fault"
	"github.com/gorilla/mux"
)

// web holds the web page served at /: plain HTML, CSS and JavaScript, no
// build step, nothing fetched from elsewhere.
//
//go:embed web
var web embed.FS

// pageCSP allows the page its own files and its own API, and images from
// the map tiles' host (tiles), nothing else.
func pageCSP(tiles string) string {
	img := "'self' data:"
	if u, err := url.Parse(strings.NewReplacer("{", "", "}", "").Replace(tiles)); err == nil && u.Scheme != "" && u.Host != "" {
		img += " " + u.Scheme + "://" + u.Host
	}
	return "default-src 'none'; script-src 'self'; style-src 'self'; img-src " + img + "; connect-src 'self'; " +
		"form-action 'none'; frame-ancestors 'none'; base-uri 'none'"
}

// pageConfig is /ui/config.json: what the page needs of the server's
// options.
type pageConfig struct {
	Tiles            string `json:"tiles"`
	TilesAttribution string `json:"tilesAttribution"`
}

// page serves the web page: / is index.html, /ui/NAME the other files.
func (s *Server) page() http.Handler {
	files, err := fs.Sub(web, "web")
	if err != nil {
		panic(err) // the embedded tree always has web/
	}
	csp := pageCSP(s.o.Tiles)
	config, err := json.Marshal(pageConfig{Tiles: s.o.Tiles, TilesAttribution: s.o.TilesAttribution})
	if err != nil {
		panic(err) // two strings
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-cache")
		name := "index.html"
		if r.URL.Path == "/ui/config.json" {
			h.Set("Content-Type", "application/json")
			w.Write(config)
			return
		}
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
