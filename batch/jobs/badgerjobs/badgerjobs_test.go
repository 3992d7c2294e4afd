package badgerjobs_test

import (
	"testing"

	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/batch/jobs/badgerjobs"
	"github.com/addrkit/addrkit/batch/jobs/drivertest"
)

func TestConformance(t *testing.T) {
	drivertest.RunStore(t, func(t *testing.T) jobs.Store {
		s, err := badgerjobs.Open(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}
