package callback_test

import (
	"fmt"
	"time"

	"github.com/addrkit/addrkit/batch/callback"
)

// A receiver checks each callback with the deployment's key: the
// Signature header, the body as received, and the time now. In a handler,
// header is r.Header.Get(callback.Header) and body the bytes of r.Body.
func ExampleVerify() {
	key := []byte("the key of the deployment's --callback-key file")
	body := []byte(`{"id":"job_batch_x","status":"COMPLETED"}`)
	sent := time.Unix(1_800_000_000, 0)
	header := callback.Sign(key, sent, body) // what addrkit sends
	fmt.Println(header[:13])
	fmt.Println(callback.Verify(key, header, body, sent.Add(2*time.Second), 0))
	fmt.Println(callback.Verify(key, header, []byte(`{"status":"FAILED"}`), sent, 0))
	// Output:
	// t=1800000000,
	// <nil>
	// callback: the signature does not match the body
}
