package main

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"time"

	"github.com/addrkit/addrkit/batch/apikey"
	"github.com/addrkit/addrkit/batch/apikey/badgerkeys"
	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/batch/jobs/badgerjobs"
	"github.com/addrkit/addrkit/batch/natsdriver"
)

// backend is where a server keeps job records, chunk tasks and API keys:
// Badger directories and an in-process queue (the embedded default), or
// a NATS JetStream server that every node of a cluster shares.
type backend struct {
	store jobs.Store
	queue jobs.Queue
	keys  apikey.Driver
	close func()
	// healthy reports whether the backend's server is reachable (nil:
	// embedded, always)
	healthy func() error
	// lease is the queue's ack wait, which a Manager's lease follows:
	// --lease, or what the cluster's consumer was made with
	lease time.Duration
}

// The roles of `addrkit serve`.
const (
	roleAll    = "all"
	roleAPI    = "api"
	roleWorker = "worker"
)

// checkCluster checks the flags of a node: a role other than all needs
// --nats, and the nodes of a cluster need a bucket they all reach and the
// same key for the links they sign.
func checkCluster(c serveConfig) error {
	switch c.role {
	case roleAll, roleAPI, roleWorker:
	default:
		return usageError{fmt.Sprintf("--role %q: give api, worker or all", c.role)}
	}
	if c.nats == "" {
		if c.natsAuth != (natsFlags{}) {
			return usageError{"the --nats-* flags need --nats"}
		}
		if c.role != roleAll {
			return usageError{fmt.Sprintf("--role %s needs --nats: without a NATS server the API and the workers are one process", c.role)}
		}
		return nil
	}
	scheme, _, _ := strings.Cut(c.blobURL, "://")
	switch {
	case c.blobURL == "":
		return usageError{"--nats needs --blob: a bucket every node reaches (s3://, gs://, or file:// on a shared volume)"}
	case scheme == "mem":
		return usageError{"--nats with --blob mem://: a memory bucket is not shared between nodes"}
	case scheme == "file" && c.signingKey == "" && c.role != roleWorker:
		return usageError{"--nats with a file:// bucket needs --signing-key: every API node must sign and check download links with the same key"}
	}
	return nil
}

// openBackend opens the embedded backend in the data directory, or
// connects to the NATS server of --nats (creating its streams and buckets
// when missing).
func openBackend(ctx context.Context, c serveConfig, log *slog.Logger) (*backend, error) {
	if c.nats == "" {
		store, err := badgerjobs.Open(filepath.Join(c.data, "jobs"))
		if err != nil {
			return nil, err
		}
		// read-only: `addrkit keys` can change the keys while the server runs
		keys, err := badgerkeys.Open(ctx, keysDir(c.data), &badgerkeys.Options{ReadOnly: true})
		if err != nil {
			store.Close()
			return nil, err
		}
		return &backend{store: store, queue: jobs.NewMemoryQueue(c.lease), keys: keys, close: func() { store.Close() }, lease: c.lease}, nil
	}
	sec, err := c.natsAuth.security()
	if err != nil {
		return nil, err
	}
	conn, keys, err := connect(ctx, c.nats, natsdriver.Options{Name: "addrkit " + c.role, AckWait: c.lease, Replicas: c.replicas, Logger: log, Security: sec})
	if err != nil {
		return nil, err
	}
	return &backend{store: conn.Jobs(), queue: conn.Queue(), keys: keys, close: func() { conn.Close() }, lease: conn.AckWait(), healthy: conn.Healthy}, nil
}

// connectKeys connects to a NATS server for its key bucket alone.
func connectKeys(ctx context.Context, url string, auth natsFlags) (apikey.Driver, error) {
	sec, err := auth.security()
	if err != nil {
		return nil, err
	}
	return natsdriver.ConnectKeys(ctx, url, sec)
}

// connect connects to a NATS server and opens its key bucket.
func connect(ctx context.Context, url string, o natsdriver.Options) (*natsdriver.Conn, *natsdriver.Keys, error) {
	conn, err := natsdriver.Connect(ctx, url, o)
	if err != nil {
		return nil, nil, err
	}
	keys, err := conn.Keys(ctx)
	if err != nil {
		conn.Close()
		return nil, nil, err
	}
	return conn, keys, nil
}
