package natsdriver

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// The names of the streams, buckets and consumer the driver uses.
const (
	// JobsBucket is the key-value bucket of job records, keyed by job id.
	JobsBucket = "addrkit_jobs"
	// IdempotencyBucket is the key-value bucket of idempotency keys.
	IdempotencyBucket = "addrkit_idempotency"
	// KeysBucket is the key-value bucket of API keys (their driver is
	// in keys.go).
	KeysBucket = "addrkit_keys"
	// TasksStream is the work-queue stream of job ids to process.
	TasksStream = "ADDRKIT_TASKS"
	// TasksSubject is the subject tasks are published on.
	TasksSubject = "addrkit.tasks"
	// WorkersConsumer is the durable pull consumer every worker receives
	// tasks from.
	WorkersConsumer = "addrkit_workers"
)

// Defaults of Options.
const (
	DefaultAckWait        = 30 * time.Second
	DefaultIdempotencyTTL = 7 * 24 * time.Hour
	DefaultReconnectWait  = time.Second
)

// maxAckPending is how many tasks the workers of all nodes may hold
// unacknowledged at once.
const maxAckPending = 10000

// ErrClosed is returned by a Receive on a closed Conn.
var ErrClosed = errors.New("natsdriver: connection closed")

// Options configure Connect; the zero value is usable.
type Options struct {
	// Name is the client connection's name, shown by the server's
	// monitoring (the node's name, say).
	Name string
	// AckWait is how long a received task waits for Ack or InProgress
	// before it is delivered again; DefaultAckWait when 0. It is a setting
	// of the shared consumer: the node that connects last sets it.
	AckWait time.Duration
	// Replicas is the number of replicas of the streams and buckets (in a
	// cluster); 1 when 0.
	Replicas int
	// IdempotencyTTL is how long idempotency keys are kept at most;
	// DefaultIdempotencyTTL when 0.
	IdempotencyTTL time.Duration
	// ReconnectWait is how long the client waits between attempts to
	// reconnect; DefaultReconnectWait when 0.
	ReconnectWait time.Duration
	// Logger receives disconnections and reconnections; slog.Default()
	// when nil.
	Logger *slog.Logger
	// Security holds the node's credentials and TLS settings.
	Security Security
}

func (o Options) withDefaults() Options {
	if o.AckWait <= 0 {
		o.AckWait = DefaultAckWait
	}
	if o.Replicas <= 0 {
		o.Replicas = 1
	}
	if o.IdempotencyTTL <= 0 {
		o.IdempotencyTTL = DefaultIdempotencyTTL
	}
	if o.ReconnectWait <= 0 {
		o.ReconnectWait = DefaultReconnectWait
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o
}

// Conn is a connection to a NATS server with JetStream, and the job store
// and queue over it. It reconnects by itself for as long as it is open.
type Conn struct {
	opts Options
	log  *slog.Logger
	nc   *nats.Conn
	js   jetstream.JetStream

	jobs  *JobStore
	queue *Queue

	closeOnce sync.Once
	closing   chan struct{} // closed by Close
	closed    chan struct{} // closed when the NATS connection is closed

	mu      sync.Mutex
	changed chan struct{} // closed, and replaced, on a disconnection or reconnection

	downSince atomic.Int64 // Unix nanoseconds of the disconnection; 0 while connected
}

// Connect connects to the NATS server at url (several may be given,
// separated by commas), reconnecting without limit whenever the
// connection drops, and creates the buckets, stream and consumer of the
// package comment when they are missing. ctx bounds the creation.
func Connect(ctx context.Context, url string, o Options) (*Conn, error) {
	o = o.withDefaults()
	c := &Conn{opts: o, log: o.Logger, closing: make(chan struct{}), closed: make(chan struct{}), changed: make(chan struct{})}
	sec, err := o.Security.options()
	if err != nil {
		return nil, err
	}
	nc, err := nats.Connect(url, append(sec,
		nats.Name(o.Name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(o.ReconnectWait),
		// a request made while disconnected fails at once, instead of
		// waiting in a buffer to be sent on reconnection: a submission
		// answered 503 meanwhile must not make its job when the server
		// comes back
		nats.ReconnectBufSize(-1),
		// a server that vanished without closing the connection (a
		// partition) is noticed within about 15 s, not the default 4
		// minutes: /readyz follows the connection's state
		nats.PingInterval(5*time.Second), nats.MaxPingsOutstanding(2),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err != nil {
				c.log.Warn("natsdriver: disconnected", "err", err)
			}
			c.downSince.CompareAndSwap(0, time.Now().UnixNano())
			c.signal()
		}),
		nats.ReconnectHandler(func(nc *nats.Conn) {
			c.log.Info("natsdriver: reconnected", "server", nc.ConnectedUrlRedacted())
			c.downSince.Store(0)
			c.signal()
		}),
		nats.ClosedHandler(func(*nats.Conn) { close(c.closed) }),
	)...)
	if err != nil {
		return nil, explain(url, err)
	}
	c.nc = nc
	if c.js, err = jetstream.New(nc); err != nil {
		nc.Close()
		return nil, explain(url, err)
	}
	if err := c.setup(ctx); err != nil {
		nc.Close()
		return nil, explain(url, err)
	}
	return c, nil
}

// explain says what to do about a NATS server that cannot be used: none
// listening at url, one that refuses this node's credentials or TLS, or
// one without JetStream. url appears redacted: no password ever reaches a
// log line through an error.
func explain(url string, err error) error {
	at := Redact(url)
	var unknownCA x509.UnknownAuthorityError
	var badHost x509.HostnameError
	switch {
	case errors.Is(err, nats.ErrNoServers):
		return fmt.Errorf("natsdriver: connect to NATS at %s: %w (is nats-server running there?)", at, err)
	case errors.Is(err, nats.ErrAuthorization), errors.Is(err, nats.ErrAuthExpired), errors.Is(err, nats.ErrAuthRevoked):
		return fmt.Errorf("natsdriver: the NATS server at %s refused this node: %w (check the user and password, --nats-creds or --nats-nkey)", at, err)
	case errors.As(err, &unknownCA), errors.As(err, &badHost):
		return fmt.Errorf("natsdriver: the NATS server at %s is not trusted: %w (give the CA that signed its certificate with --nats-tls-ca, and connect by a name it was issued for)", at, err)
	case errors.Is(err, nats.ErrSecureConnRequired):
		return fmt.Errorf("natsdriver: the NATS server at %s refused this node: %w (use a tls:// URL or --nats-tls-ca)", at, err)
	case errors.Is(err, nats.ErrSecureConnWanted):
		return fmt.Errorf("natsdriver: NATS at %s: %w (the server has no TLS: drop tls:// and the --nats-tls flags, or enable TLS on the server)", at, err)
	case errors.Is(err, jetstream.ErrJetStreamNotEnabled) || errors.Is(err, jetstream.ErrJetStreamNotEnabledForAccount):
		return fmt.Errorf("natsdriver: NATS at %s: %w (start nats-server with -js)", at, err)
	}
	return fmt.Errorf("natsdriver: NATS at %s: %w", at, err)
}

// setup opens the buckets, the stream and the consumer, creating those
// that are missing. It never changes one that exists: the first node to
// create them sets their replicas and the consumer's ack wait, and a node
// started later with other flags (or `addrkit keys`) does not undo them
// (AckWait tells what the queue has).
func (c *Conn) setup(ctx context.Context) error {
	kv, err := c.openKV(ctx, jetstream.KeyValueConfig{
		Bucket: JobsBucket, Description: "addrkit batch job records, by job id",
		Storage: jetstream.FileStorage, Replicas: c.opts.Replicas,
	}, true)
	if err != nil {
		return fmt.Errorf("natsdriver: bucket %s: %w", JobsBucket, err)
	}
	idem, err := c.openKV(ctx, jetstream.KeyValueConfig{
		Bucket: IdempotencyBucket, Description: "addrkit idempotency keys, by SHA-256 of owner and key",
		Storage: jetstream.FileStorage, Replicas: c.opts.Replicas, TTL: c.opts.IdempotencyTTL,
	}, false)
	if err != nil {
		return fmt.Errorf("natsdriver: bucket %s: %w", IdempotencyBucket, err)
	}
	cons, err := c.setupQueue(ctx)
	if err != nil {
		return err
	}
	c.jobs = &JobStore{c: c, kv: kv, idem: idem, ttl: c.opts.IdempotencyTTL}
	c.queue = &Queue{c: c}
	c.queue.cons.Store(&cons)
	return nil
}

// openKV opens a bucket, creating it when missing. With exact, a bucket
// of several replicas is made to answer reads from its leader only (no
// direct gets, which a lagging replica may answer): job records are read
// to decide whether a chunk or the join is left to do, and a stale read
// would leave it undone.
func (c *Conn) openKV(ctx context.Context, cfg jetstream.KeyValueConfig, exact bool) (jetstream.KeyValue, error) {
	kv, err := c.js.KeyValue(ctx, cfg.Bucket)
	if !errors.Is(err, jetstream.ErrBucketNotFound) {
		return kv, err
	}
	kv, err = c.js.CreateKeyValue(ctx, cfg)
	switch {
	case errors.Is(err, jetstream.ErrBucketExists): // made meanwhile by another node
		return c.js.KeyValue(ctx, cfg.Bucket)
	case err != nil || !exact || cfg.Replicas <= 1:
		return kv, err
	}
	st, err := c.js.Stream(ctx, "KV_"+cfg.Bucket)
	if err != nil {
		return nil, err
	}
	sc := st.CachedInfo().Config
	sc.AllowDirect = false
	if _, err := c.js.UpdateStream(ctx, sc); err != nil {
		return nil, err
	}
	return c.js.KeyValue(ctx, cfg.Bucket) // bound anew: reads go to the leader
}

// setupQueue opens the task stream and its consumer, creating them when
// missing.
func (c *Conn) setupQueue(ctx context.Context) (jetstream.Consumer, error) {
	st, err := c.js.Stream(ctx, TasksStream)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		st, err = c.js.CreateStream(ctx, jetstream.StreamConfig{
			Name: TasksStream, Description: "addrkit batch chunk tasks (<job id>/<chunk>)",
			Subjects: []string{TasksSubject}, Retention: jetstream.WorkQueuePolicy,
			Storage: jetstream.FileStorage, Replicas: c.opts.Replicas,
		})
		if errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
			st, err = c.js.Stream(ctx, TasksStream)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("natsdriver: stream %s: %w", TasksStream, err)
	}
	cons, err := st.Consumer(ctx, WorkersConsumer)
	if errors.Is(err, jetstream.ErrConsumerNotFound) {
		cons, err = st.CreateConsumer(ctx, jetstream.ConsumerConfig{
			Durable: WorkersConsumer, Description: "addrkit batch workers",
			AckPolicy: jetstream.AckExplicitPolicy, AckWait: c.opts.AckWait,
			MaxDeliver: -1, MaxAckPending: maxAckPending,
		})
		if errors.Is(err, jetstream.ErrConsumerExists) {
			cons, err = st.Consumer(ctx, WorkersConsumer)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("natsdriver: consumer %s: %w", WorkersConsumer, err)
	}
	if got := cons.CachedInfo().Config.AckWait; got != c.opts.AckWait {
		c.log.Warn("natsdriver: the task consumer's ack wait was set by the node that made it; this node's differs",
			"consumer", WorkersConsumer, "ack_wait", got, "this_node", c.opts.AckWait)
	}
	return cons, nil
}

// AckWait is how long the task consumer waits for an acknowledgement:
// set by the node that created it, which may differ from Options.AckWait.
func (c *Conn) AckWait() time.Duration {
	if cons := c.queue.cons.Load(); cons != nil {
		return (*cons).CachedInfo().Config.AckWait
	}
	return c.opts.AckWait
}

// signal wakes whoever waits on the connection's state.
func (c *Conn) signal() {
	c.mu.Lock()
	close(c.changed)
	c.changed = make(chan struct{})
	c.mu.Unlock()
}

// stateChanged returns a channel closed at the next disconnection or
// reconnection.
func (c *Conn) stateChanged() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.changed
}

// Jobs returns the job store.
func (c *Conn) Jobs() *JobStore { return c.jobs }

// Queue returns the work queue.
func (c *Conn) Queue() *Queue { return c.queue }

// JetStream returns the JetStream client, for other drivers over the same
// connection.
func (c *Conn) JetStream() jetstream.JetStream { return c.js }

// Healthy reports whether the connection to the NATS server is up: an
// error while it is disconnected or reconnecting (for readiness checks).
func (c *Conn) Healthy() error {
	if st := c.nc.Status(); st != nats.CONNECTED {
		return fmt.Errorf("natsdriver: the connection to NATS is %s", st)
	}
	return nil
}

// NATS returns the NATS connection.
func (c *Conn) NATS() *nats.Conn { return c.nc }

// Close drains the connection: pending acknowledgements and publications
// are sent, then it is closed; a Receive in progress returns ErrClosed.
func (c *Conn) Close() error {
	c.closeOnce.Do(func() { close(c.closing) })
	if c.nc.IsClosed() {
		return nil
	}
	if err := c.nc.Drain(); err != nil {
		// disconnected: nothing can be sent
		c.nc.Close()
	}
	select {
	case <-c.closed:
	case <-time.After(c.nc.Opts.DrainTimeout + time.Second):
		c.nc.Close()
		return errors.New("natsdriver: close: the connection did not drain")
	}
	return nil
}
