package jobs_test

import (
	"testing"
	"time"

	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/batch/jobs/badgerjobs"
	"github.com/addrkit/addrkit/batch/jobs/drivertest"
)

// TestEmbeddedService runs the job service's suite over the embedded
// drivers: the nodes are Managers of one process sharing a Badger store
// and a MemoryQueue.
func TestEmbeddedService(t *testing.T) {
	drivertest.RunService(t, func(t *testing.T, ackWait time.Duration) drivertest.Node {
		store, err := badgerjobs.Open(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { store.Close() })
		q := jobs.NewMemoryQueue(ackWait)
		return func(t *testing.T) (jobs.Store, jobs.Queue) { return store, q }
	})
}
