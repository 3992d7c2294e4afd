// Package examples holds small programs that embed addrkit in existing
// services, one folder each: embed-autocomplete serves suggestions on a
// route of a plain net/http backend; batch-file validates a CSV through
// the library alone.
package examples
