// Package layering holds, as a test, the direction of the module's
// imports: the gazetteer tree (storage/) holds places and imports no
// service (batch/, autocomplete/, httpapi/); httpapi imports no blob,
// Badger or NATS package (the services it calls own their storage); and
// cmd/addrkit wires drivers through their constructors without importing
// nats.go. It has no code of its own.
package layering
