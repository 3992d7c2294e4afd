package main

import (
	"context"
	"io"
	"os"
	"testing"
)

func TestProf(t *testing.T) {
	if os.Getenv("PROF_FILE") == "" {
		t.Skip()
	}
	if err := runBatch(context.Background(), []string{"--data", "/tmp/prof-ng", "--out", "/tmp/prof-out.csv", os.Getenv("PROF_FILE")}, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
}
