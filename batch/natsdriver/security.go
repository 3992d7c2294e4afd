package natsdriver

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"

	"github.com/nats-io/nats.go"
)

// Security is how a node proves who it is to the NATS server, and checks
// the server it talks to. The zero value connects as the URL says (a user
// and password in it work too, though a file keeps them out of process
// listings). At most one of CredsFile, NKeyFile and User may be set.
type Security struct {
	// CredsFile is a credentials file (a user JWT and its NKey seed, as
	// `nsc` writes them), for servers in operator mode.
	CredsFile string
	// NKeyFile is a file holding an NKey seed ("SU..."), for servers
	// that list the user's public NKey.
	NKeyFile string
	// User and Password are a plain user and password.
	User, Password string
	// TLSCA is a PEM file of the certificate authorities that sign the
	// server's certificate (the system's when empty). Setting it, a
	// client certificate, or a tls:// URL makes the connection TLS.
	TLSCA string
	// TLSCert and TLSKey are PEM files of the client certificate and its
	// key, for servers that verify clients.
	TLSCert, TLSKey string
}

// options returns the nats.Options of s.
func (s Security) options() ([]nats.Option, error) {
	set := 0
	for _, v := range []string{s.CredsFile, s.NKeyFile, s.User} {
		if v != "" {
			set++
		}
	}
	if set > 1 {
		return nil, errors.New("natsdriver: give one of a credentials file, an NKey file, or a user and password")
	}
	if s.Password != "" && s.User == "" {
		return nil, errors.New("natsdriver: a password needs its user")
	}
	if (s.TLSCert == "") != (s.TLSKey == "") {
		return nil, errors.New("natsdriver: a client certificate needs its key, and a key its certificate")
	}
	var opts []nats.Option
	switch {
	case s.CredsFile != "":
		opts = append(opts, nats.UserCredentials(s.CredsFile))
	case s.NKeyFile != "":
		o, err := nats.NkeyOptionFromSeed(s.NKeyFile)
		if err != nil {
			return nil, fmt.Errorf("natsdriver: NKey seed %s: %w", s.NKeyFile, err)
		}
		opts = append(opts, o)
	case s.User != "":
		opts = append(opts, nats.UserInfo(s.User, s.Password))
	}
	if s.TLSCA != "" || s.TLSCert != "" {
		cfg, err := s.tlsConfig()
		if err != nil {
			return nil, err
		}
		opts = append(opts, nats.Secure(cfg))
	}
	return opts, nil
}

// tlsConfig reads the files of the TLS settings: read here, not by
// nats.go at each connection, so that a missing or malformed file is an
// error at start-up that names it.
func (s Security) tlsConfig() (*tls.Config, error) {
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if s.TLSCA != "" {
		pem, err := os.ReadFile(s.TLSCA)
		if err != nil {
			return nil, fmt.Errorf("natsdriver: TLS CA file: %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("natsdriver: TLS CA file %s holds no PEM certificate", s.TLSCA)
		}
		cfg.RootCAs = pool
	}
	if s.TLSCert != "" {
		cert, err := tls.LoadX509KeyPair(s.TLSCert, s.TLSKey)
		if err != nil {
			return nil, fmt.Errorf("natsdriver: TLS client certificate %s and key %s: %w", s.TLSCert, s.TLSKey, err)
		}
		cfg.Certificates = []tls.Certificate{cert}
	}
	return cfg, nil
}

// Redact returns urls (one NATS URL, or several separated by commas) with
// every password replaced by "xxxxx" (and a token, a user alone, by the
// same), fit for a log line or an error.
func Redact(urls string) string {
	parts := strings.Split(urls, ",")
	for i, p := range parts {
		p = strings.TrimSpace(p)
		u, err := url.Parse(p)
		switch {
		case err != nil && strings.Contains(p, "@"):
			parts[i] = "(a URL that cannot be read, with credentials)"
		case err != nil || u.User == nil:
			parts[i] = p
		default:
			if _, has := u.User.Password(); !has {
				u.User = url.User("xxxxx") // a token, or a user alone
			}
			parts[i] = u.Redacted()
		}
	}
	return strings.Join(parts, ",")
}
