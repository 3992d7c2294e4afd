package httpapi_test

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"

	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/batch/apikey"
	"github.com/addrkit/addrkit/batch/apikey/badgerkeys"
	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/batch/jobs/badgerjobs"
	"github.com/addrkit/addrkit/httpapi"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
	"gocloud.dev/blob/memblob"
)

// The API over the built-in gazetteer, jobs in memory and a mem:// bucket,
// as a program embedding it would set it up (addrkit serve does the same
// with directories).
func ExampleNew() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "addrkit")
	defer os.RemoveAll(dir)

	gz, _ := builtin.Open(ctx, filepath.Join(dir, "gazetteer"), storage.Options{})
	defer gz.Close()
	index, _ := autocomplete.Open(ctx, gz, autocomplete.Options{})
	store, _ := badgerjobs.Open("") // in memory
	defer store.Close()
	bucket := memblob.OpenBucket(nil)
	signer := &jobs.Signer{Key: make([]byte, 32)}
	rand.Read(signer.Key)
	jobs, _ := jobs.NewManager(jobs.ManagerOptions{Gazetteer: gz, Store: store, Queue: jobs.NewMemoryQueue(0), Bucket: bucket, Signer: signer})
	go jobs.Run(ctx)

	kd, _ := badgerkeys.Open(ctx, filepath.Join(dir, "keys"), nil)
	keys := apikey.NewStore(kd)
	_, key, _ := keys.Create(ctx, "example")
	keys.Close()
	kd, _ = badgerkeys.Open(ctx, filepath.Join(dir, "keys"), &badgerkeys.Options{ReadOnly: true})
	ring, _ := apikey.NewRing(ctx, kd)

	api, err := httpapi.New(httpapi.Options{Jobs: jobs, Suggester: index, Keys: ring, Gazetteer: gz})
	if err != nil {
		panic(err)
	}
	srv := httptest.NewServer(api)
	defer srv.Close()

	req, _ := http.NewRequest("GET", srv.URL+"/v1/address/autocomplete?query=surulere&limit=1", nil)
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	var got autocomplete.Response
	json.NewDecoder(resp.Body).Decode(&got)
	fmt.Println(resp.Status, got.Suggestions[0].Label)
	// Output:
	// 200 OK Surulere, Lagos, Nigeria
}
