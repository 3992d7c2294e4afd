package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"text/tabwriter"
	"time"

	"github.com/addrkit/addrkit/batch/apikey"
	"github.com/addrkit/addrkit/batch/apikey/badgerkeys"
	"github.com/addrkit/addrkit/batch/natsdriver"
)

// keysDir is where the API keys of a data directory are kept.
func keysDir(data string) string { return filepath.Join(data, "keys") }

func runKeys(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	const usage = `usage: addrkit keys create --name NAME [--data DIR | --nats URL]
       addrkit keys list [--data DIR | --nats URL]
       addrkit keys revoke [--data DIR | --nats URL] ID
Manages the API keys of the server whose data directory is DIR, or of the
cluster whose NATS server is URL. A key is shown once, as the last line of
"create"; only its hash is kept. Changes reach running servers within two
seconds (their --keys-reload).
`
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return usageError{"keys: give create, list or revoke"}
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fs := flag.NewFlagSet("keys "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage); fs.PrintDefaults() }
	data := fs.String("data", defaultData, "data directory of the server (or ADDRKIT_DATA)")
	name := fs.String("name", "", "create: what the key is for (a client, an application)")
	natsURL := fs.String("nats", "", "NATS server of a cluster (or ADDRKIT_NATS): its keys, instead of DIR's")
	var auth natsFlags
	auth.register(fs)
	if err := applyEnv(fs); err != nil {
		return err
	}
	if help, err := parseFlags(fs, args[1:]); help || err != nil {
		return err
	}
	where := "the data directory " + *data
	if *natsURL != "" {
		where = "the cluster of NATS " + natsdriver.Redact(*natsURL)
	}
	open := func() (*apikey.Store, error) {
		if *natsURL != "" {
			keys, err := connectKeys(ctx, *natsURL, auth)
			if err != nil {
				return nil, err
			}
			return apikey.NewStore(keys), nil
		}
		d, err := badgerkeys.Open(ctx, keysDir(*data), nil)
		if err != nil {
			return nil, err
		}
		return apikey.NewStore(d), nil
	}
	switch args[0] {
	case "create":
		if *name == "" || fs.NArg() > 0 {
			fs.Usage()
			return usageError{"keys create: give --name"}
		}
		s, err := open()
		if err != nil {
			return err
		}
		k, key, err := s.Create(ctx, *name)
		if cerr := s.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "created API key %s (%s) in %s. It is shown only now; keep it secret:\n%s\n", k.ID, k.Name, where, key)
		return nil
	case "list":
		s, err := open()
		if err != nil {
			return err
		}
		defer s.Close()
		keys, err := s.List(ctx)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(stdout, 2, 8, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tNAME\tCREATED\tSTATUS")
		for _, k := range keys {
			status := "active"
			if !k.Active() {
				status = "revoked " + k.Revoked.Format(time.RFC3339)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", k.ID, k.Name, k.Created.Format(time.RFC3339), status)
		}
		return tw.Flush()
	case "revoke":
		if fs.NArg() != 1 {
			fs.Usage()
			return usageError{"keys revoke: give the ID of one key"}
		}
		s, err := open()
		if err != nil {
			return err
		}
		defer s.Close()
		before := time.Now()
		k, err := s.Revoke(ctx, fs.Arg(0))
		if errors.Is(err, apikey.ErrNotFound) {
			return fmt.Errorf("%w in %s: give an ID that `addrkit keys list` shows there", err, where)
		}
		if err != nil {
			return err
		}
		if k.Revoked.Before(before) {
			fmt.Fprintf(stdout, "API key %s (%s) was revoked already, at %s\n", k.ID, k.Name, k.Revoked.Format(time.RFC3339))
			return nil
		}
		fmt.Fprintf(stdout, "revoked API key %s (%s) in %s\n", k.ID, k.Name, where)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return usageError{fmt.Sprintf("keys: unknown command %q", args[0])}
}
