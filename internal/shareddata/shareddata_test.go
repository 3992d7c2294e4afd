package shareddata

import "testing"

// missing is a testing.TB that notes whether it was failed or skipped,
// and goes on either way.
type missing struct {
	testing.TB
	failed, skipped bool
}

func (m *missing) Helper()               { m.TB.Helper() }
func (m *missing) Fatalf(string, ...any) { m.failed = true }
func (m *missing) Skipf(string, ...any)  { m.skipped = true }

func TestMissing(t *testing.T) {
	for _, require := range []string{"", "1"} {
		t.Run("ADDRKIT_REQUIRE_DATA="+require, func(t *testing.T) {
			t.Setenv("ADDRKIT_REQUIRE_DATA", require)
			m := &missing{TB: t}
			Missing(m, "no data in %s", "/nowhere")
			if m.failed != (require != "") || m.skipped == (require != "") {
				t.Errorf("Missing with ADDRKIT_REQUIRE_DATA=%q: failed %v, skipped %v", require, m.failed, m.skipped)
			}
		})
	}
}
