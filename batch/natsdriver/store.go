package natsdriver

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/nats-io/nats.go/jetstream"
)

// JobStore is a jobs.Store in the JetStream key-value buckets JobsBucket
// and IdempotencyBucket. A record's revision is its entry's revision in
// the bucket, which the server advances at every write and checks on
// Update.
type JobStore struct {
	c    *Conn
	kv   jetstream.KeyValue
	idem jetstream.KeyValue
	ttl  time.Duration // the idempotency bucket's TTL
}

var _ jobs.Store = (*JobStore)(nil)

// missing reports whether err says a key is not there: never written,
// deleted, or not a valid key (no such record can exist).
func missing(err error) bool {
	return errors.Is(err, jetstream.ErrKeyNotFound) || errors.Is(err, jetstream.ErrKeyDeleted) ||
		errors.Is(err, jetstream.ErrInvalidKey)
}

// Create implements jobs.Store.
func (s *JobStore) Create(ctx context.Context, j jobs.Job) (uint64, error) {
	b, err := json.Marshal(j)
	if err != nil {
		return 0, err
	}
	var rev uint64
	unsure, err := s.c.retry(ctx, func(ctx context.Context) (err error) {
		rev, err = s.kv.Create(ctx, j.ID, b)
		return err
	})
	switch {
	case errors.Is(err, jetstream.ErrKeyExists):
		if unsure {
			// an attempt whose answer was lost may have created it
			if rev, ok := s.holds(ctx, j.ID, b); ok {
				return rev, nil
			}
		}
		return 0, jobs.ErrExists
	case err != nil:
		return 0, fmt.Errorf("natsdriver: create %s: %w", j.ID, err)
	}
	return rev, nil
}

// holds reports whether the record id is b, and its revision.
func (s *JobStore) holds(ctx context.Context, id string, b []byte) (uint64, bool) {
	e, err := s.entry(ctx, id)
	if err != nil || !bytes.Equal(e.Value(), b) {
		return 0, false
	}
	return e.Revision(), true
}

// entry reads the entry of a record: jobs.ErrNotFound when there is none.
func (s *JobStore) entry(ctx context.Context, id string) (jetstream.KeyValueEntry, error) {
	var e jetstream.KeyValueEntry
	_, err := s.c.retry(ctx, func(ctx context.Context) (err error) {
		e, err = s.kv.Get(ctx, id)
		return err
	})
	switch {
	case missing(err):
		return nil, jobs.ErrNotFound
	case err != nil:
		return nil, fmt.Errorf("natsdriver: get %s: %w", id, err)
	}
	return e, nil
}

// Get implements jobs.Store.
func (s *JobStore) Get(ctx context.Context, id string) (jobs.Job, uint64, error) {
	var j jobs.Job
	e, err := s.entry(ctx, id)
	if err != nil {
		return j, 0, err
	}
	if err := json.Unmarshal(e.Value(), &j); err != nil {
		return j, 0, fmt.Errorf("natsdriver: record %s: %w", id, err)
	}
	return j, e.Revision(), nil
}

// Update implements jobs.Store.
func (s *JobStore) Update(ctx context.Context, j jobs.Job, rev uint64) (uint64, error) {
	b, err := json.Marshal(j)
	if err != nil {
		return 0, err
	}
	if rev == 0 {
		// revision 0 would create the record: no record has it
		return 0, s.changed(ctx, j.ID)
	}
	var next uint64
	unsure, err := s.c.retry(ctx, func(ctx context.Context) (err error) {
		next, err = s.kv.Update(ctx, j.ID, b, rev)
		return err
	})
	switch {
	case errors.Is(err, jetstream.ErrKeyRevisionMismatch):
		if unsure {
			// an attempt whose answer was lost may have made the change
			if next, ok := s.holds(ctx, j.ID, b); ok {
				return next, nil
			}
		}
		return 0, s.changed(ctx, j.ID)
	case missing(err):
		return 0, jobs.ErrNotFound
	case err != nil:
		return 0, fmt.Errorf("natsdriver: update %s: %w", j.ID, err)
	}
	return next, nil
}

// changed returns the error of an Update refused: jobs.ErrNotFound when
// the record is gone, else jobs.ErrConflict.
func (s *JobStore) changed(ctx context.Context, id string) error {
	_, err := s.entry(ctx, id)
	if err != nil {
		return err
	}
	return jobs.ErrConflict
}

// Delete implements jobs.Store. It leaves a delete marker in the bucket,
// the size of a key, in place of the record.
func (s *JobStore) Delete(ctx context.Context, id string) error {
	_, err := s.c.retry(ctx, func(ctx context.Context) error { return s.kv.Delete(ctx, id) })
	if err != nil && !errors.Is(err, jetstream.ErrInvalidKey) { // no such record can exist
		return fmt.Errorf("natsdriver: delete %s: %w", id, err)
	}
	return nil
}

// List implements jobs.Store.
func (s *JobStore) List(ctx context.Context) ([]jobs.Job, error) {
	var out []jobs.Job
	// a whole bucket may take longer than an attempt: list times out
	// when the records stop coming instead
	_, err := s.c.retryEach(ctx, 0, func(ctx context.Context) (err error) {
		out, err = s.list(ctx)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("natsdriver: list: %w", err)
	}
	return out, nil
}

// list reads every current record once; it fails with
// context.DeadlineExceeded when the server sends nothing for
// attemptTimeout (the watcher may be stalled by a reconnection).
func (s *JobStore) list(ctx context.Context) ([]jobs.Job, error) {
	wctx, cancel := context.WithTimeout(ctx, attemptTimeout)
	defer cancel()
	w, err := s.kv.WatchAll(wctx, jetstream.IgnoreDeletes())
	if err != nil {
		return nil, err
	}
	defer w.Stop()
	idle := time.NewTimer(attemptTimeout)
	defer idle.Stop()
	var out []jobs.Job
	for {
		idle.Reset(attemptTimeout)
		select {
		case <-idle.C:
			return nil, context.DeadlineExceeded
		case e, ok := <-w.Updates():
			if !ok {
				return nil, errors.New("the watcher stopped")
			}
			if e == nil { // all current records were given
				return out, nil
			}
			var j jobs.Job
			if err := json.Unmarshal(e.Value(), &j); err != nil {
				return nil, fmt.Errorf("record %s: %w", e.Key(), err)
			}
			out = append(out, j)
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// remembered is the value of an idempotency key.
type remembered struct {
	jobs.Idempotency
	Expires time.Time `json:"expires"`
}

// idemKey is the bucket key of an owner's idempotency key.
func idemKey(owner, key string) string {
	h := sha256.Sum256([]byte(owner + "\x00" + key))
	return hex.EncodeToString(h[:])
}

// Remember implements jobs.Store. A ttl longer than
// Options.IdempotencyTTL (or 0) is cut to it.
func (s *JobStore) Remember(ctx context.Context, owner, key string, rec jobs.Idempotency, ttl time.Duration) error {
	if ttl <= 0 || ttl > s.ttl {
		ttl = s.ttl
	}
	b, err := json.Marshal(remembered{Idempotency: rec, Expires: time.Now().Add(ttl).UTC()})
	if err != nil {
		return err
	}
	_, err = s.c.retry(ctx, func(ctx context.Context) error {
		_, err := s.idem.Put(ctx, idemKey(owner, key), b)
		return err
	})
	if err != nil {
		return fmt.Errorf("natsdriver: remember: %w", err)
	}
	return nil
}

// Claim implements jobs.Store with the key-value bucket's create-only
// write (Create), which the server grants to one writer; a record whose
// own expiry passed is taken over with a revision-checked Update, which
// one writer wins too.
func (s *JobStore) Claim(ctx context.Context, owner, key string, rec jobs.Idempotency, ttl time.Duration) (jobs.Idempotency, error) {
	if ttl <= 0 || ttl > s.ttl {
		ttl = s.ttl
	}
	b, err := json.Marshal(remembered{Idempotency: rec, Expires: time.Now().Add(ttl).UTC()})
	if err != nil {
		return jobs.Idempotency{}, err
	}
	k := idemKey(owner, key)
	for {
		var held remembered
		var rev uint64
		created := false
		_, err := s.c.retry(ctx, func(ctx context.Context) error {
			held, rev, created = remembered{}, 0, false
			_, err := s.idem.Create(ctx, k, b)
			if err == nil {
				created = true
				return nil
			}
			if !errors.Is(err, jetstream.ErrKeyExists) {
				return err
			}
			e, err := s.idem.Get(ctx, k)
			if missing(err) {
				return nil // deleted meanwhile: try again
			}
			if err != nil {
				return err
			}
			rev = e.Revision()
			return json.Unmarshal(e.Value(), &held)
		})
		switch {
		case err != nil:
			return jobs.Idempotency{}, fmt.Errorf("natsdriver: claim: %w", err)
		case created:
			return jobs.Idempotency{}, nil
		case rev != 0 && time.Now().Before(held.Expires):
			return held.Idempotency, jobs.ErrExists
		case rev != 0:
			// expired: take it over, unless another writer did first
			if _, err := s.idem.Update(ctx, k, b, rev); err == nil {
				return jobs.Idempotency{}, nil
			}
		}
		if ctx.Err() != nil {
			return jobs.Idempotency{}, ctx.Err()
		}
	}
}

// Forget implements jobs.Store.
func (s *JobStore) Forget(ctx context.Context, owner, key string) error {
	_, err := s.c.retry(ctx, func(ctx context.Context) error {
		err := s.idem.Delete(ctx, idemKey(owner, key))
		if missing(err) {
			return nil
		}
		return err
	})
	return err
}

// Recall implements jobs.Store.
func (s *JobStore) Recall(ctx context.Context, owner, key string) (jobs.Idempotency, error) {
	var e jetstream.KeyValueEntry
	_, err := s.c.retry(ctx, func(ctx context.Context) (err error) {
		e, err = s.idem.Get(ctx, idemKey(owner, key))
		return err
	})
	switch {
	case missing(err):
		return jobs.Idempotency{}, jobs.ErrNotFound
	case err != nil:
		return jobs.Idempotency{}, fmt.Errorf("natsdriver: recall: %w", err)
	}
	var r remembered
	if err := json.Unmarshal(e.Value(), &r); err != nil {
		return jobs.Idempotency{}, fmt.Errorf("natsdriver: recall: %w", err)
	}
	if !time.Now().Before(r.Expires) {
		return jobs.Idempotency{}, jobs.ErrNotFound
	}
	return r.Idempotency, nil
}
