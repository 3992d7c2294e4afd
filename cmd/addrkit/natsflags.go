package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/addrkit/addrkit/batch/natsdriver"
)

// natsFlags are the flags that say how a node proves itself to the NATS
// server and checks it: the same on serve and keys.
type natsFlags struct {
	creds, nkey, user, passwordFile, ca, cert, key string
}

func (n *natsFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&n.creds, "nats-creds", "", "NATS credentials file (user JWT and NKey seed, from nsc)")
	fs.StringVar(&n.nkey, "nats-nkey", "", "file holding the NKey seed of this node's NATS user")
	fs.StringVar(&n.user, "nats-user", "", "NATS user (its password from --nats-password-file)")
	fs.StringVar(&n.passwordFile, "nats-password-file", "", "file holding the password of --nats-user (kept out of the process list, unlike a password in the URL)")
	fs.StringVar(&n.ca, "nats-tls-ca", "", "PEM file of the CA that signed the NATS server's certificate (turns TLS on)")
	fs.StringVar(&n.cert, "nats-tls-cert", "", "PEM file of this node's client certificate, for servers that verify clients (turns TLS on)")
	fs.StringVar(&n.key, "nats-tls-key", "", "PEM file of the key of --nats-tls-cert")
}

// security reads the password file and returns the settings.
func (n natsFlags) security() (natsdriver.Security, error) {
	s := natsdriver.Security{CredsFile: n.creds, NKeyFile: n.nkey, User: n.user, TLSCA: n.ca, TLSCert: n.cert, TLSKey: n.key}
	if n.passwordFile != "" {
		if n.user == "" {
			return s, usageError{"--nats-password-file needs --nats-user"}
		}
		b, err := os.ReadFile(n.passwordFile)
		if err != nil {
			return s, fmt.Errorf("--nats-password-file: %w", err)
		}
		s.Password = strings.TrimRight(string(b), "\r\n")
	}
	return s, nil
}
