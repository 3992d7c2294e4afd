package natsdriver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/addrkit/addrkit/batch/apikey"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Keys is an apikey.Driver over a JetStream key-value bucket: one entry
// per key, named by the key's id, its value the record as JSON. Every node
// of a cluster that uses the bucket sees the same keys; an apikey.Ring
// over it picks up a key created or revoked on any node at its next
// reload.
type Keys struct {
	kv jetstream.KeyValue
	nc *nats.Conn // the connection ConnectKeys made, closed by Close
}

var _ apikey.Driver = (*Keys)(nil)

// NewKeys returns the driver of the keys bucket, creating the bucket (one
// replica) when it is missing. The connection under js stays the
// caller's.
func NewKeys(ctx context.Context, js jetstream.JetStream) (*Keys, error) {
	return newKeys(ctx, js, 1)
}

// Keys returns the driver of the keys bucket on c, creating the bucket
// with the Conn's Replicas when it is missing.
func (c *Conn) Keys(ctx context.Context) (*Keys, error) {
	return newKeys(ctx, c.js, c.opts.Replicas)
}

func newKeys(ctx context.Context, js jetstream.JetStream, replicas int) (*Keys, error) {
	kv, err := js.KeyValue(ctx, KeysBucket)
	if errors.Is(err, jetstream.ErrBucketNotFound) {
		kv, err = js.CreateKeyValue(ctx, jetstream.KeyValueConfig{
			Bucket:      KeysBucket,
			Description: "addrkit API keys: the record of each key (never the key) by id",
			History:     1,
			Storage:     jetstream.FileStorage,
			Replicas:    replicas,
		})
		if errors.Is(err, jetstream.ErrBucketExists) { // another node made it meanwhile
			kv, err = js.KeyValue(ctx, KeysBucket)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("natsdriver: key-value bucket %s: %w", KeysBucket, err)
	}
	return &Keys{kv: kv}, nil
}

// ConnectKeys connects to the NATS server at url for its key bucket alone
// (created when missing), as `addrkit keys` does: the job service's stream
// and consumer are left to the nodes, whose flags set them. Close closes
// the connection. sec holds the credentials and TLS settings, as a
// node's Options.Security.
func ConnectKeys(ctx context.Context, url string, sec Security) (*Keys, error) {
	opts, err := sec.options()
	if err != nil {
		return nil, err
	}
	nc, err := nats.Connect(url, append(opts, nats.Name("addrkit keys"))...)
	if err != nil {
		return nil, explain(url, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, explain(url, err)
	}
	k, err := newKeys(ctx, js, 1)
	if err != nil {
		nc.Close()
		return nil, explain(url, err)
	}
	k.nc = nc
	return k, nil
}

// Close closes the connection ConnectKeys made; on a Conn's or NewKeys'
// driver it does nothing (the connection is its owner's).
func (k *Keys) Close() error {
	if k.nc != nil {
		k.nc.Close()
	}
	return nil
}

// Put creates or replaces the record of key.ID.
func (k *Keys) Put(ctx context.Context, key apikey.Key) error {
	b, err := json.Marshal(key)
	if err != nil {
		return err
	}
	if _, err := k.kv.Put(ctx, key.ID, b); err != nil {
		return fmt.Errorf("natsdriver: put key %q: %w", key.ID, err)
	}
	return nil
}

// Get returns the record with the id; apikey.ErrNotFound when there is
// none, or the id could name no entry of a bucket.
func (k *Keys) Get(ctx context.Context, id string) (apikey.Key, error) {
	e, err := k.kv.Get(ctx, id)
	if errors.Is(err, jetstream.ErrKeyNotFound) || errors.Is(err, jetstream.ErrInvalidKey) {
		return apikey.Key{}, apikey.ErrNotFound
	}
	if err != nil {
		return apikey.Key{}, fmt.Errorf("natsdriver: get key %q: %w", id, err)
	}
	return decodeKey(e)
}

// keysListTimeout bounds a List whose context has no deadline, as jetstream
// bounds its own calls: a Ring reloading with a server's long-lived
// context must not wait forever on a lost connection.
const keysListTimeout = 5 * time.Second

// List returns every record, in no particular order. It reads the latest
// entry of every id with one watcher, stopped when the entries there were
// at its start have come.
func (k *Keys) List(ctx context.Context) ([]apikey.Key, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, keysListTimeout)
		defer cancel()
	}
	w, err := k.kv.WatchAll(ctx, jetstream.IgnoreDeletes())
	if err != nil {
		return nil, fmt.Errorf("natsdriver: list keys: %w", err)
	}
	defer w.Stop()
	var keys []apikey.Key
	at := map[string]int{} // index in keys by id
	for {
		select {
		case e, ok := <-w.Updates():
			if !ok {
				return nil, errors.New("natsdriver: list keys: the watcher stopped")
			}
			if e == nil { // every entry there was has come
				return keys, nil
			}
			key, err := decodeKey(e)
			if err != nil {
				return nil, err
			}
			// a key changed while listing may come twice: the later wins
			if i, ok := at[e.Key()]; ok {
				keys[i] = key
				continue
			}
			at[e.Key()] = len(keys)
			keys = append(keys, key)
		case <-ctx.Done():
			return nil, fmt.Errorf("natsdriver: list keys: %w", ctx.Err())
		}
	}
}

func decodeKey(e jetstream.KeyValueEntry) (apikey.Key, error) {
	var key apikey.Key
	if err := json.Unmarshal(e.Value(), &key); err != nil {
		return apikey.Key{}, fmt.Errorf("natsdriver: key %q: %w", e.Key(), err)
	}
	return key, nil
}
