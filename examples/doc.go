// Package examples holds small programs that embed addrkit in existing
// services, one folder each; the autocomplete issue adds the first.
package examples
