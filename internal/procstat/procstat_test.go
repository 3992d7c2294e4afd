package procstat_test

import (
	"os"
	"runtime"
	"testing"

	"github.com/addrkit/addrkit/internal/procstat"
)

func TestPeakRSS(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc: Linux only")
	}
	if got := procstat.PeakRSS(0); got <= 0 {
		t.Errorf("PeakRSS(0) = %v MB, want above 0", got)
	}
	if got := procstat.PeakRSS(os.Getpid()); got <= 0 {
		t.Errorf("PeakRSS(own pid) = %v MB, want above 0", got)
	}
	procstat.ResetPeakRSS(0)
	if got := procstat.PeakRSS(0); got <= 0 {
		t.Errorf("PeakRSS after a reset = %v MB, want the resident set now", got)
	}
}
