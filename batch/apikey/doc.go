// Package apikey issues, keeps and checks the API keys of the HTTP API.
//
// A key is "ak_<id>_<secret>": the id (13 characters) names the key in
// lists, logs and job records; the secret is 256 random bits. Only the
// SHA-256 of the whole key is stored, and a presented key is compared with
// it in constant time: the key itself is shown once, when it is created.
// (A fast hash is enough for secrets of 256 random bits; password hashes
// are for secrets people choose.)
//
// The records are kept by a Driver: batch/apikey/badgerkeys keeps them in a
// Badger database in a directory, batch/natsdriver in a NATS JetStream
// key-value bucket that a cluster of API nodes shares. The suite in
// apikey/drivertest defines what every driver must do.
//
// Store is the read-write side, used by the command line; Ring is a
// server's copy of every key, loaded with the driver's List and loaded
// again on an interval (Watch), so that a key created or revoked on any
// node takes effect on every node within that interval.
package apikey
