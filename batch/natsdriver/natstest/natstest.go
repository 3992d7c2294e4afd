// Package natstest runs a real NATS server with JetStream inside a test
// process: it listens on loopback only and keeps its streams in a
// temporary directory, so that the JetStream drivers are tested against
// the engine itself, never a mock.
package natstest

import (
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
	dir  string
	port int
	srv  *server.Server
}

// Start starts a server with JetStream on a free loopback port, its
// storage in a directory of the test's; it is shut down when the test
// ends.
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{t: t, dir: t.TempDir()}
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

// URL is the server's client URL; it stays the same across Restart.
func (s *Server) URL() string { return fmt.Sprintf("nats://127.0.0.1:%d", s.port) }

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
