package natsdriver_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/addrkit/addrkit/batch/apikey"
	"github.com/addrkit/addrkit/batch/apikey/drivertest"
	"github.com/addrkit/addrkit/batch/natsdriver"
	"github.com/addrkit/addrkit/batch/natsdriver/natstest"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// connect opens a connection of its own to the server at url, closed when
// the test ends, and returns its JetStream context.
func jsConnect(t *testing.T, url string) jetstream.JetStream {
	t.Helper()
	nc, err := nats.Connect(url, nats.ReconnectWait(20*time.Millisecond), nats.MaxReconnects(-1))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return js
}

func newKeys(t *testing.T, js jetstream.JetStream) *natsdriver.Keys {
	t.Helper()
	k, err := natsdriver.NewKeys(context.Background(), js)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestKeysDriver(t *testing.T) {
	drivertest.RunDriver(t, func(t *testing.T) apikey.Driver {
		// a new, empty store: a server of its own. (Deleting the bucket
		// and making it again at once, on one server, sometimes brought
		// the deleted entries back.)
		return newKeys(t, jsConnect(t, natstest.Start(t).URL()))
	})
}

// TestKeysCluster runs two API nodes, each with a Ring over its own
// connection, and changes the keys through a third, as `addrkit keys` run
// on any machine of the cluster: both nodes take a new key, and stop
// taking it once revoked, within their reload interval.
func TestKeysCluster(t *testing.T) {
	const every = 100 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	srv := natstest.Start(t)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	var rings []*apikey.Ring
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	for range 2 {
		r, err := apikey.NewRing(ctx, newKeys(t, jsConnect(t, srv.URL())))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		rings = append(rings, r)
		wg.Go(func() { r.Watch(ctx, every, quiet) })
	}
	s := apikey.NewStore(newKeys(t, jsConnect(t, srv.URL())))
	defer s.Close()

	k, key, err := s.Create(ctx, "checkout")
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rings {
		took := waitFor(t, every, func() bool { _, err := r.Authenticate(ctx, key); return err == nil })
		t.Logf("node %d took the new key after %v", i, took)
	}
	if _, err := s.Revoke(ctx, k.ID); err != nil {
		t.Fatal(err)
	}
	for i, r := range rings {
		took := waitFor(t, every, func() bool {
			_, err := r.Authenticate(ctx, key)
			return errors.Is(err, apikey.ErrUnauthorized)
		})
		t.Logf("node %d refused the revoked key after %v", i, took)
	}
}

// waitFor waits for ok to hold, for one reload interval and some slack
// (a reload's round trip, a slow machine), and returns how long it took.
func waitFor(t *testing.T, every time.Duration, ok func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for limit := every + 400*time.Millisecond; !ok(); {
		if time.Since(start) > limit {
			t.Fatalf("not within %v", limit)
		}
		time.Sleep(5 * time.Millisecond)
	}
	return time.Since(start)
}

// TestKeysRestart restarts the server under a Ring: while it is down the
// ring keeps the keys it has, and the keys outlive the restart.
func TestKeysRestart(t *testing.T) {
	ctx := context.Background()
	srv := natstest.Start(t)
	s := apikey.NewStore(newKeys(t, jsConnect(t, srv.URL())))
	_, key, err := s.Create(ctx, "before")
	if err != nil {
		t.Fatal(err)
	}
	ring, err := apikey.NewRing(ctx, newKeys(t, jsConnect(t, srv.URL())))
	if err != nil {
		t.Fatal(err)
	}
	srv.Shutdown()
	short, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	if err := ring.Reload(short); err == nil {
		t.Error("Reload with the server down: no error")
	}
	if _, err := ring.Authenticate(ctx, key); err != nil {
		t.Errorf("a loaded key while the server is down: %v", err)
	}
	srv.Restart()
	var key2 string
	waitFor(t, 5*time.Second, func() bool { // the store's connection comes back
		_, key2, err = s.Create(ctx, "after")
		return err == nil
	})
	waitFor(t, 5*time.Second, func() bool { return ring.Reload(ctx) == nil })
	for _, k := range []string{key, key2} {
		if _, err := ring.Authenticate(ctx, k); err != nil {
			t.Errorf("after the restart: %v", err)
		}
	}
}
