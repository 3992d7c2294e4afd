// Command embed-autocomplete is an existing-style net/http backend (a
// checkout service, say) that embeds addrkit's autocomplete on one of its
// own routes, with no addrkit server beside it:
//
//	go run ./examples/embed-autocomplete --data ./addrkit-data --listen :8081
//	curl 'localhost:8081/checkout/address-suggestions?q=victoira+island'
//
// The data directory is set up on first use: the built-in gazetteer is
// installed in an empty one, and the autocomplete index is built once and
// kept there.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"log"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"time"

	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
)

func main() {
	data := flag.String("data", "addrkit-data", "addrkit data directory")
	listen := flag.String("listen", "localhost:8081", "address to listen on")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	gz, err := builtin.Open(ctx, *data, storage.Options{})
	if err != nil {
		log.Fatal(err)
	}
	ix, err := autocomplete.Open(ctx, gz, autocomplete.Options{})
	gz.Close() // the index holds what it needs
	if err != nil {
		log.Fatal(err)
	}

	srv := &http.Server{Addr: *listen, Handler: newMux(ix), ReadHeaderTimeout: 5 * time.Second}
	go func() {
		<-ctx.Done()
		srv.Shutdown(context.Background())
	}()
	log.Printf("listening on %s", *listen)
	if err := srv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}

// newMux is the service's own router, with the suggestions on its route.
func newMux(ix *autocomplete.Index) *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /checkout/address-suggestions", func(w http.ResponseWriter, r *http.Request) {
		q := autocomplete.Query{Text: r.URL.Query().Get("q"), Country: r.URL.Query().Get("country")}
		if l := r.URL.Query().Get("limit"); l != "" {
			n, err := strconv.Atoi(l)
			if err != nil {
				http.Error(w, "limit must be a number", http.StatusBadRequest)
				return
			}
			q.Limit = n
		}
		resp, err := ix.Suggest(r.Context(), q)
		switch {
		case errors.Is(err, autocomplete.ErrEmptyQuery), errors.Is(err, autocomplete.ErrLimit),
			errors.Is(err, autocomplete.ErrCountry), errors.Is(err, autocomplete.ErrKind):
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		case err != nil:
			http.Error(w, "suggestions unavailable", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(resp)
	})
	return mux
}
