package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "customers.csv")
	content := "customer_id,address_line_1,city,state\nC1,12 Allen Avenue,Ikeja,Lagos\nC2,Plot 339 Cadastral Zone A08,Wuse 2,FCT\nC3,,,\n"
	if err := os.WriteFile(in, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout bytes.Buffer
	if err := run(context.Background(), []string{"--data", filepath.Join(dir, "data"), in}, &stdout); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), "3 rows") {
		t.Errorf("printed %q", stdout.String())
	}
	f, err := os.Open(filepath.Join(dir, "customers_validated.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil || len(recs) != 4 || recs[0][0] != "input_customer_id" {
		t.Fatalf("output %q (%v)", recs, err)
	}
	if i := slices.Index(recs[0], "error"); i < 0 || recs[3][i] == "" {
		t.Errorf("the empty row has no error: %q", recs[3])
	}
}
