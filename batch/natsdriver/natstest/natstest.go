// Package natstest runs a real NATS server with JetStream inside a test
// process: it listens on loopback only and keeps its streams in a
// temporary directory, so that the JetStream drivers are tested against
// the engine itself, never a mock.
package natstest

import (
	"crypto/tls"
	"fmt"
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// Server is a NATS server started by a test.
type Server struct {
	t    testing.TB
	o    Options
	dir  string
	port int
	srv  *server.Server
}

// Options secure a test server; the zero value accepts every client in
// plain text.
type Options struct {
	// User and Password, when set, are the one user the server accepts.
	User, Password string
	// TLS, when set, is the server's TLS configuration: clients must use
	// TLS (see NewCerts).
	TLS *tls.Config
	// VerifyClients makes the server ask TLS clients for a certificate
	// signed by TLS.ClientCAs.
	VerifyClients bool
}

// Start starts a server with JetStream on a free loopback port, its
// storage in a directory of the test's; it is shut down when the test
// ends.
func Start(t testing.TB) *Server {
	t.Helper()
	return StartWith(t, Options{})
}

// StartWith starts a server as Start does, secured by o.
func StartWith(t testing.TB, o Options) *Server {
	t.Helper()
	s := &Server{t: t, o: o, dir: t.TempDir()}
	s.start()
	t.Cleanup(s.Shutdown)
	return s
}

func (s *Server) start() {
	s.t.Helper()
	port := s.port
	if port == 0 {
		port = -1 // a free port, kept across restarts
	}
	srv, err := server.NewServer(&server.Options{
		Host: "127.0.0.1", Port: port, JetStream: true, StoreDir: s.dir,
		NoLog: true, NoSigs: true,
		JetStreamMaxMemory: 64 << 20, JetStreamMaxStore: 1 << 30,
		Username: s.o.User, Password: s.o.Password,
		TLS: s.o.TLS != nil, TLSConfig: s.o.TLS, TLSVerify: s.o.VerifyClients, TLSTimeout: 2,
	})
	if err != nil {
		s.t.Fatalf("natstest: %v", err)
	}
	srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		s.t.Fatal("natstest: the server did not start within 10s")
	}
	s.srv = srv
	if s.port == 0 {
		_, p, err := net.SplitHostPort(srv.Addr().String())
		if err != nil {
			s.t.Fatalf("natstest: %v", err)
		}
		s.port, _ = strconv.Atoi(p)
	}
}

// URL is the server's client URL, without credentials; it stays the
// same across Restart. A TLS server's is tls://localhost:PORT (the name
// its certificate holds).
func (s *Server) URL() string {
	if s.o.TLS != nil {
		return fmt.Sprintf("tls://localhost:%d", s.port)
	}
	return fmt.Sprintf("nats://127.0.0.1:%d", s.port)
}

// Shutdown stops the server; its streams stay in its directory.
func (s *Server) Shutdown() {
	if s.srv != nil {
		s.srv.Shutdown()
		s.srv.WaitForShutdown()
		s.srv = nil
	}
}

// Restart stops the server, and starts it again on the same port over the
// same storage, as an operator restarting the broker would.
func (s *Server) Restart() {
	s.t.Helper()
	s.Shutdown()
	s.start()
}
