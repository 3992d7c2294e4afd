// Package storage will hold the Badger-backed gazetteer and the blob
// storage adapters behind addrkit. It is filled in by the gazetteer issue.
package storage
