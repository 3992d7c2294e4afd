package jobs_test

import (
	"testing"
	"time"

	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/batch/jobs/drivertest"
)

func TestMemoryQueueConformance(t *testing.T) {
	drivertest.RunQueue(t, func(t *testing.T, ackWait time.Duration) jobs.Queue {
		return jobs.NewMemoryQueue(ackWait)
	})
}
