package natsdriver_test

import (
	"context"
	"log"
	"os"

	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/batch/natsdriver"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob"
)

// Every node of the job service connects to the same NATS server, and
// passes the store and the queue to its job manager: the nodes then share
// the job records and the work.
func ExampleConnect() {
	ctx := context.Background()
	conn, err := natsdriver.Connect(ctx, "nats://127.0.0.1:4222", natsdriver.Options{Name: "node-1"})
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close()

	dir, _ := os.MkdirTemp("", "addrkit-example")
	defer os.RemoveAll(dir)
	gz, err := builtin.Open(ctx, dir, storage.Options{ReadOnly: true})
	if err != nil {
		log.Fatal(err)
	}
	defer gz.Close()
	bucket, err := blob.OpenBucket(ctx, "file:///var/lib/addrkit/batch")
	if err != nil {
		log.Fatal(err)
	}
	defer bucket.Close()

	m, err := jobs.NewManager(jobs.ManagerOptions{
		Gazetteer: gz, Store: conn.Jobs(), Queue: conn.Queue(), Bucket: bucket, Node: "node-1",
	})
	if err != nil {
		log.Fatal(err)
	}
	if err := m.Run(ctx); err != nil {
		log.Fatal(err)
	}
}
