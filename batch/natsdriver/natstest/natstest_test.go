package natstest_test

import (
	"context"
	"testing"
	"time"

	"github.com/addrkit/addrkit/batch/natsdriver/natstest"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

func TestRestartKeepsURLAndStreams(t *testing.T) {
	s := natstest.Start(t)
	nc, err := nats.Connect(s.URL(), nats.MaxReconnects(-1), nats.ReconnectWait(50*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	ctx := context.Background()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	st, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: "T", Subjects: []string{"t"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := js.Publish(ctx, "t", []byte("kept")); err != nil {
		t.Fatal(err)
	}
	s.Restart()
	deadline := time.Now().Add(10 * time.Second)
	for !nc.IsConnected() && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	// JetStream recovers its streams from the directory after the
	// server is up: ask until it answers
	var info *jetstream.StreamInfo
	for {
		ictx, cancel := context.WithTimeout(ctx, time.Second)
		info, err = st.Info(ictx)
		cancel()
		if err == nil || time.Now().After(deadline) {
			break
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	if info.State.Msgs != 1 {
		t.Errorf("after a restart the stream holds %d messages, want 1", info.State.Msgs)
	}
}
