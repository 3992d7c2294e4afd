package natsdriver_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/addrkit/addrkit/batch/natsdriver"
	"github.com/addrkit/addrkit/batch/natsdriver/natstest"
)

// TestSecurity connects to a server that wants a password, and to one
// that wants TLS with client certificates, each with the right and the
// wrong settings: the right ones work (jobs and keys alike), the wrong
// ones are refused with an error that says why and holds no password.
func TestSecurity(t *testing.T) {
	t.Parallel()
	const secret = "s3cret-Pa55"
	pw := natstest.StartWith(t, natstest.Options{User: "addrkit", Password: secret})
	certs := natstest.NewCerts(t)
	tl := natstest.StartWith(t, natstest.Options{TLS: certs.Server, VerifyClients: true})
	withPassword := strings.Replace(pw.URL(), "nats://", "nats://addrkit:"+secret+"@", 1)
	wrongPassword := strings.Replace(pw.URL(), "nats://", "nats://addrkit:not-"+secret+"@", 1)
	client := natsdriver.Security{TLSCA: certs.CA, TLSCert: certs.ClientCert, TLSKey: certs.ClientKey}
	for _, c := range []struct {
		name string
		url  string
		sec  natsdriver.Security
		want string // in the error; "" for none
	}{
		{"user and password", pw.URL(), natsdriver.Security{User: "addrkit", Password: secret}, ""},
		{"password in the URL", withPassword, natsdriver.Security{}, ""},
		{"wrong password", pw.URL(), natsdriver.Security{User: "addrkit", Password: "not-" + secret}, "refused this node"},
		{"wrong password in the URL", wrongPassword, natsdriver.Security{}, "refused this node"},
		{"no password", pw.URL(), natsdriver.Security{}, "refused this node"},
		{"TLS with the CA and a client certificate", tl.URL(), client, ""},
		{"TLS without the CA", tl.URL(), natsdriver.Security{TLSCert: certs.ClientCert, TLSKey: certs.ClientKey}, "not trusted"},
		{"TLS wanted by a plain server", pw.URL(), natsdriver.Security{User: "addrkit", Password: secret, TLSCA: certs.CA}, "the server has no TLS"},
		{"a password without its user", pw.URL(), natsdriver.Security{Password: secret}, "needs its user"},
		{"a certificate without its key", tl.URL(), natsdriver.Security{TLSCA: certs.CA, TLSCert: certs.ClientCert}, "needs its key"},
		{"a CA file that is missing", tl.URL(), natsdriver.Security{TLSCA: certs.CA + ".missing"}, "TLS CA file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			conn, err := natsdriver.Connect(ctx, c.url, natsdriver.Options{Security: c.sec, Logger: slog.New(slog.DiscardHandler)})
			keys, kerr := natsdriver.ConnectKeys(ctx, c.url, c.sec)
			for _, err := range []error{err, kerr} {
				switch {
				case c.want == "" && err != nil:
					t.Fatalf("want a connection, got %v", err)
				case c.want != "" && err == nil:
					t.Fatalf("want an error with %q, got a connection", c.want)
				case err != nil && !strings.Contains(err.Error(), c.want):
					t.Errorf("error %q, want %q in it", err, c.want)
				case err != nil && strings.Contains(err.Error(), secret):
					t.Errorf("the error shows the password: %q", err)
				}
			}
			if err != nil || kerr != nil {
				return
			}
			defer conn.Close()
			defer keys.Close()
			if _, err := keys.List(ctx); err != nil {
				t.Errorf("keys over the secured connection: %v", err)
			}
			if _, _, err := conn.Jobs().Get(ctx, "none"); err == nil {
				t.Error("Get of a job that does not exist: no error")
			}
		})
	}
}

func TestRedact(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"nats://127.0.0.1:4222", "nats://127.0.0.1:4222"},
		{"nats://u:secret@h:4222", "nats://u:xxxxx@h:4222"},
		{"tls://token@h:4222,nats://u:p@g:4222", "tls://xxxxx@h:4222,nats://u:xxxxx@g:4222"},
		{"nats://u:sec ret@h:4222", "(a URL that cannot be read, with credentials)"},
		{"nats://u:%zz@h", "(a URL that cannot be read, with credentials)"},
	} {
		if got := natsdriver.Redact(c.in); got != c.want {
			t.Errorf("Redact(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
