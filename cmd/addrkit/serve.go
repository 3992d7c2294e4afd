package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/autocomplete/live"
	"github.com/addrkit/addrkit/batch/apikey"
	"github.com/addrkit/addrkit/batch/callback"
	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/batch/natsdriver"
	"github.com/addrkit/addrkit/httpapi"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
	"gocloud.dev/blob"
)

// applyEnv sets each flag not given on the command line from the
// environment variable ADDRKIT_<NAME> (upper case, - as _), when set.
func applyEnv(fs *flag.FlagSet) error {
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		name := "ADDRKIT_" + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		if v, ok := os.LookupEnv(name); ok && err == nil {
			if serr := f.Value.Set(v); serr != nil {
				err = usageError{fmt.Sprintf("%s=%q: %v", name, v, serr)}
			}
		}
	})
	return err
}

// serveConfig is what `addrkit serve` is told.
type serveConfig struct {
	data, listen, blobURL, baseURL, signingKey, logFormat, nats, role string
	tiles, tilesAttribution                                           string
	callbackKey                                                       string
	callbackPrivate                                                   bool
	linkTTL, retention, shutdown, keysReload, lease                   time.Duration
	maxBody                                                           int64
	rate                                                              float64
	burst, jobs, maxUploads, maxUploadsPerKey, chunkRows, replicas    int
	natsAuth                                                          natsFlags
}

func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var c serveConfig
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.data, "data", defaultData, "data directory: the gazetteer (built-in when empty), jobs/, keys/, blobs/")
	fs.StringVar(&c.listen, "listen", "localhost:8080", "address to listen on (:8080 for every interface)")
	fs.StringVar(&c.blobURL, "blob", "", "gocloud.dev bucket URL for inputs and outputs (file://, mem://; s3://, gs:// with -tags cloud); default file://DATA/blobs")
	fs.StringVar(&c.baseURL, "base-url", "", "public address of the service, for links (default: from each request's Host)")
	fs.StringVar(&c.tiles, "tiles", "https://tile.openstreetmap.org/{z}/{x}/{y}.png", "URL template of the web page's map tiles; \"none\" shows the map without tiles")
	fs.StringVar(&c.tilesAttribution, "tiles-attribution", "© OpenStreetMap contributors", "attribution of the map tiles, shown on the map")
	fs.StringVar(&c.signingKey, "signing-key", "", "file with the hex key signing download links of file:// and mem:// buckets (default DATA/signing.key, made when missing)")
	fs.StringVar(&c.callbackKey, "callback-key", "", "file with the hex key signing jobs' completion callbacks, which receivers verify with (default DATA/callback.key, made when missing; the same file on every node of a cluster)")
	fs.BoolVar(&c.callbackPrivate, "callback-allow-private", false, "let callbacks go to loopback, private and link-local addresses (refused by default)")
	fs.DurationVar(&c.linkTTL, "link-ttl", 24*time.Hour, "how long a download link is good")
	fs.DurationVar(&c.retention, "retention", 7*24*time.Hour, "how long finished jobs and their files are kept")
	fs.Int64Var(&c.maxBody, "max-body", httpapi.DefaultMaxBodyBytes, "largest request body, in bytes")
	fs.IntVar(&c.maxUploads, "max-uploads", httpapi.DefaultMaxUploads, "submissions read at once (a JSON body is held in memory while read; a streamed one is not)")
	fs.IntVar(&c.maxUploadsPerKey, "max-uploads-per-key", 0, "submissions of one API key read at once (0: half of --max-uploads, at least 1)")
	fs.Float64Var(&c.rate, "rate", httpapi.DefaultRateLimit, "requests per second per API key (negative: no limit)")
	fs.IntVar(&c.burst, "burst", 0, "burst of requests per API key (default: twice --rate)")
	fs.IntVar(&c.jobs, "jobs", 1, "chunks of batch jobs processed at once (each uses every core)")
	fs.IntVar(&c.chunkRows, "chunk-rows", jobs.DefaultChunkRows, "rows in a chunk of a batch job: the unit workers take")
	fs.StringVar(&c.nats, "nats", "", "NATS server (nats://HOST:PORT, tls://HOST:PORT) with JetStream: job records, chunk tasks and API keys are kept there, shared by every node; needs --blob")
	c.natsAuth.register(fs)
	fs.IntVar(&c.replicas, "nats-replicas", 1, "replicas of the NATS buckets and stream made when missing (3 on a NATS cluster)")
	fs.StringVar(&c.role, "role", roleAll, "what this node does: api (answers requests), worker (runs chunks) or all; api and worker need --nats")
	fs.DurationVar(&c.lease, "lease", 30*time.Second, "how long a chunk's task waits for word from its worker before another worker takes it")
	fs.DurationVar(&c.shutdown, "shutdown-timeout", 30*time.Second, "how long to wait for requests in flight on SIGINT/SIGTERM")
	fs.DurationVar(&c.keysReload, "keys-reload", 2*time.Second, "how often to look for API keys created or revoked")
	fs.StringVar(&c.logFormat, "log-format", "text", "log lines as text or json")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: addrkit serve [--data DIR] [--listen ADDR] [--blob URL] [--nats URL --role api|worker|all] [flags]")
		fmt.Fprintln(stderr, "Serves the /v1 HTTP API. Every flag can also be set as ADDRKIT_<FLAG> (ADDRKIT_LISTEN, ADDRKIT_RATE...).")
		fs.PrintDefaults()
	}
	if help, err := parseNoArgs(fs, args); help || err != nil {
		return err
	}
	// tenants' files (uploads, parts, outputs, job records) are the
	// server's user's alone
	defer restoreUmask(privateFiles())
	if err := checkCluster(c); err != nil {
		return err
	}
	var h slog.Handler = slog.NewTextHandler(stderr, nil)
	if c.logFormat == "json" {
		h = slog.NewJSONHandler(stderr, nil)
	}
	return serve(ctx, c, slog.New(h), nil)
}

// placesCheck is how often a server looks for a new generation of its
// places.
const placesCheck = time.Second

// serve runs the server until ctx ends; ready, when set, receives the
// address it listens on.
func serve(ctx context.Context, c serveConfig, log *slog.Logger, ready chan<- string) error {
	start := time.Now()
	if scheme, _, _ := strings.Cut(c.blobURL, "://"); cloudSchemes[scheme] && !cloudBuild {
		return usageError{fmt.Sprintf("--blob %s: this addrkit was built without the cloud drivers; build it with -tags cloud", c.blobURL)}
	}
	gz, err := builtin.OpenWith(ctx, c.data, builtin.Options{
		Storage:  storage.Options{ReadOnly: true, Preload: true},
		Progress: func(line string) { log.Info(line) }, Installed: indexInstalled,
	})
	if err != nil {
		return err
	}
	index, err := autocomplete.Open(ctx, gz, autocomplete.Options{Logger: log})
	if err != nil {
		gz.Close()
		return err
	}
	// the places as served: a new generation published by addrkit import
	// or index is switched to while serving (see package live)
	// the spelling tables of the default country are built before the
	// server is ready (what the first job would otherwise wait for);
	// another country's, on its first address
	var warm []string
	if c.role != roleAPI {
		warm = []string{address.DefaultCountry}
	}
	places, err := live.New(c.data, gz, index, live.Options{
		Storage: storage.Options{ReadOnly: true, Preload: true}, Warm: warm, Logger: log,
	})
	if err != nil {
		gz.Close()
		return err
	}
	defer places.Close()
	log.Info("gazetteer ready", "dir", places.Generation(), "suggestions", index.Len(), "index_mb", index.Size()>>20)
	if warm != nil {
		began := time.Now()
		if err := gz.Warm(ctx, warm...); err != nil {
			return err
		}
		log.Info("spelling tables built", "countries", strings.Join(warm, ","), "ms", time.Since(began).Milliseconds())
	}

	be, err := openBackend(ctx, c, log)
	if err != nil {
		return err
	}
	defer be.close()
	keys, err := apikey.NewRing(ctx, be.keys)
	if err != nil {
		return err
	}
	defer keys.Close()
	bucket, signer, err := openBucket(ctx, c)
	if err != nil {
		return err
	}
	defer bucket.Close()
	callbacks, err := openCallbacks(c, log)
	if err != nil {
		return err
	}
	defer callbacks.Close()
	manager, err := jobs.NewManager(jobs.ManagerOptions{
		Gazetteer: places, Store: be.store, Queue: be.queue, Bucket: bucket, Parallel: c.jobs, ChunkRows: c.chunkRows,
		Logger: log, Signer: signer, LinkTTL: c.linkTTL, Retention: c.retention, Lease: be.lease,
		Callbacks: callbacks, BaseURL: c.baseURL, Dir: fileDir(c),
	})
	if err != nil {
		return err
	}
	work, stopWork := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	bg := &background{log: log}
	wg.Go(bg.guard("the gazetteer's watch", func() { places.Watch(work, placesCheck) }))
	if c.role != roleAPI {
		wg.Go(func() { manager.Run(work) })
	}
	if c.role == roleWorker {
		log.Info("working", "nats", natsdriver.Redact(c.nats), "jobs", c.jobs, "startup_ms", time.Since(start).Milliseconds())
		if ready != nil {
			ready <- ""
		}
		<-ctx.Done()
		log.Info("shutting down: running chunks are handed back")
		stopWork()
		wg.Wait()
		log.Info("stopped")
		return nil
	}
	api, err := httpapi.New(httpapi.Options{
		Jobs: manager, Suggester: places, Keys: keys, Gazetteer: places, BaseURL: c.baseURL,
		Tiles: tilesURL(c.tiles), TilesAttribution: c.tilesAttribution,
		MaxBodyBytes: c.maxBody, MaxUploads: c.maxUploads, MaxUploadsPerKey: c.maxUploadsPerKey, RateLimit: c.rate, RateBurst: c.burst, Logger: log,
		Healthy: firstError(be.healthy, manager.Healthy, bg.healthy),
	})
	if err != nil {
		stopWork()
		wg.Wait()
		return err
	}

	ln, err := net.Listen("tcp", c.listen)
	if err != nil {
		stopWork()
		wg.Wait()
		return err
	}
	srv := &http.Server{
		Handler:           api,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       10 * time.Minute, // a 256 MB upload over a slow line
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	wg.Go(bg.guard("the API keys' watch", func() { keys.Watch(work, c.keysReload, log) }))
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	log.Info("listening", "addr", ln.Addr().String(), "role", c.role, "nats", natsdriver.Redact(c.nats), "startup_ms", time.Since(start).Milliseconds())
	if ready != nil {
		ready <- ln.Addr().String()
	}

	select {
	case err = <-served: // the listener failed
	case <-ctx.Done():
		log.Info("shutting down: no new requests; requests in flight finish, running jobs are handed back")
		api.SetReady(false)
		sctx, cancel := context.WithTimeout(context.Background(), c.shutdown)
		err = srv.Shutdown(sctx)
		cancel()
		if errors.Is(err, context.DeadlineExceeded) {
			srv.Close()
		}
	}
	stopWork() // running chunks are given back to the queue
	wg.Wait()
	log.Info("stopped")
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// openBucket opens the bucket of inputs and outputs, and the signer of
// the links the server serves itself (file:// and mem:// buckets; other
// buckets sign their own).
func openBucket(ctx context.Context, c serveConfig) (*blob.Bucket, *jobs.Signer, error) {
	u := c.blobURL
	if u == "" {
		dir, err := filepath.Abs(filepath.Join(c.data, "blobs"))
		if err != nil {
			return nil, nil, err
		}
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, nil, err
		}
		u = (&url.URL{Scheme: "file", Path: filepath.ToSlash(dir)}).String()
	}
	scheme, _, _ := strings.Cut(u, "://")
	if scheme == "file" {
		u = besideTemp(u)
	}
	bucket, err := blob.OpenBucket(ctx, u)
	if err != nil {
		return nil, nil, fmt.Errorf("open the bucket %s: %w", u, err)
	}
	if scheme != "file" && scheme != "mem" {
		return bucket, nil, nil
	}
	path := c.signingKey
	if path == "" {
		path = filepath.Join(c.data, "signing.key")
	}
	key, err := signingKey(path)
	if err != nil {
		bucket.Close()
		return nil, nil, err
	}
	return bucket, &jobs.Signer{Key: key}, nil
}

// openCallbacks returns the sender of jobs' completion callbacks, signed
// with the key of --callback-key.
func openCallbacks(c serveConfig, log *slog.Logger) (*callback.Sender, error) {
	path := c.callbackKey
	if path == "" {
		path = filepath.Join(c.data, "callback.key")
		if c.nats != "" {
			log.Warn("--nats without --callback-key: this node signs callbacks with its own key; give every node the same file", "key", path)
		}
	}
	key, err := signingKey(path)
	if err != nil {
		return nil, fmt.Errorf("--callback-key: %w", err)
	}
	return callback.New(callback.Options{Key: key, AllowPrivate: c.callbackPrivate, Logger: log}), nil
}

// fileDir is the directory of a file:// bucket ("" for another kind).
func fileDir(c serveConfig) string {
	if c.blobURL == "" {
		dir, _ := filepath.Abs(filepath.Join(c.data, "blobs"))
		return dir
	}
	u, err := url.Parse(c.blobURL)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	return filepath.FromSlash(u.Path)
}

// besideTemp asks a file:// bucket for the files it is writing to be kept
// beside their final place (fileblob's no_tmp_dir) unless the URL says
// otherwise: by default fileblob writes them in os.TempDir and renames
// them into the bucket, which fails across mounts (a shared volume is
// one) and leaves them in /tmp when a worker is killed mid-write.
func besideTemp(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return u // blob.OpenBucket reports it
	}
	q := p.Query()
	if q.Has("no_tmp_dir") {
		return u
	}
	q.Set("no_tmp_dir", "true")
	p.RawQuery = q.Encode()
	return p.String()
}

// signingKey reads the hex key in path, making a random one there first
// when the file does not exist.
func signingKey(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		if err := makeSigningKey(path); err != nil {
			return nil, fmt.Errorf("make the signing key: %w", err)
		}
		b, err = os.ReadFile(path)
	}
	if err != nil {
		return nil, err
	}
	key, err := hex.DecodeString(strings.TrimSpace(string(b)))
	if err != nil || len(key) < 32 {
		return nil, fmt.Errorf("%s: a signing key is at least 32 bytes in hex", path)
	}
	return key, nil
}

// makeSigningKey writes a random key to path unless a file is there: the
// key is written whole to a file of its own, then linked to path, so that
// nodes starting at once on a shared volume all read the one key.
func makeSigningKey(path string) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".signing-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	_, err = fmt.Fprintln(f, hex.EncodeToString(randomKey()))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Link(f.Name(), path); err != nil && !errors.Is(err, os.ErrExist) {
		return err
	}
	return nil
}

// randomKey returns 32 random bytes.
func randomKey() []byte {
	key := make([]byte, 32)
	rand.Read(key)
	return key
}

// tilesURL is the --tiles flag's URL, "" for none.
func tilesURL(flag string) string {
	if flag == "none" {
		return ""
	}
	return flag
}
