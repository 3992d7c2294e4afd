package importer_test

import (
	"os"
	"testing"

	"github.com/addrkit/addrkit/internal/storetest"
)

// TestMain removes the Nigerian gazetteer the tests built, if they built one.
func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }
