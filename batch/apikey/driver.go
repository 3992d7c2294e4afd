package apikey

import "context"

// Driver keeps key records by id: the driver interface of Store and Ring.
// batch/apikey/badgerkeys keeps them in Badger, batch/natsdriver in a JetStream
// key-value bucket; every driver passes the suite in apikey/drivertest.
type Driver interface {
	// Put creates the record of k.ID, or replaces it.
	Put(ctx context.Context, k Key) error
	// Get returns the record with the id; ErrNotFound when there is none
	// (an id that no key could have included).
	Get(ctx context.Context, id string) (Key, error)
	// List returns every record, revoked ones included, in no particular
	// order.
	List(ctx context.Context) ([]Key, error)
	// Close releases what the driver holds.
	Close() error
}
