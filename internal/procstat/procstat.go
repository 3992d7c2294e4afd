// Package procstat reads what Linux says of a process's memory, for the
// benchmarks that report peak RSS.
package procstat

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// path is the /proc file name of process pid (0: this process).
func path(pid int, name string) string {
	if pid == 0 {
		return "/proc/self/" + name
	}
	return fmt.Sprintf("/proc/%d/%s", pid, name)
}

// ResetPeakRSS makes the kernel forget the peak resident set of process
// pid (0: this process), so that PeakRSS measures from now on (Linux;
// nothing elsewhere).
func ResetPeakRSS(pid int) {
	os.WriteFile(path(pid, "clear_refs"), []byte("5"), 0)
}

// PeakRSS returns the peak resident set of process pid (0: this process)
// since it started or the last ResetPeakRSS, in MB (Linux; 0 elsewhere).
func PeakRSS(pid int) float64 {
	data, err := os.ReadFile(path(pid, "status"))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return float64(kb) / 1024
		}
	}
	return 0
}
