package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"mime/multipart"
	"strings"
	"testing"

	"gocloud.dev/blob"
)

// gz compresses s.
func gz(t testing.TB, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	if _, err := w.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// multipartBody is a multipart body of fields (name, value pairs; "file" is the
// file, named clients.csv) and its Content-Type.
func multipartBody(t testing.TB, fields ...string) ([]byte, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for i := 0; i+1 < len(fields); i += 2 {
		var err error
		if fields[i] == "file" {
			var p interface{ Write([]byte) (int, error) }
			if p, err = w.CreateFormFile("file", "clients.csv"); err == nil {
				_, err = p.Write([]byte(fields[i+1]))
			}
		} else {
			err = w.WriteField(fields[i], fields[i+1])
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), w.FormDataContentType()
}

// TestSubmitForms sends one file in every form the API takes, and the
// mistakes a client makes with each: a job comes of every good one, with
// every row, and a problem of every bad one, with no job left behind.
func TestSubmitForms(t *testing.T) {
	r := newRig(t, nil, nil)
	const file = "street,city,state\n12 Allen Avenue,Ikeja,Lagos\n\"Plot 5, Wuse 2\",Abuja,FCT\n7 Ogui Road,Enugu,Enugu\n"
	multi, multiType := multipartBody(t, "region", "NG", "enhancedMatching", "false", "file", file)
	late, lateType := multipartBody(t, "file", file, "region", "NG")
	unknown, unknownType := multipartBody(t, "colour", "blue", "file", file)
	noFile, noFileType := multipartBody(t, "region", "NG")
	for _, c := range []struct {
		name, target, contentType, encoding string
		body                                []byte
		want                                int
		code, filename, region              string
	}{
		{"CSV as the body", "?filename=a.csv&region=Nigeria", "text/csv", "", []byte(file), 202, "", "a.csv", "Nigeria"},
		{"CSV gzip-compressed", "?filename=a.csv", "text/csv; charset=utf-8", "gzip", gz(t, file), 202, "", "a.csv", "Nigeria"},
		{"TSV as the body", "?filename=a.tsv", "text/tab-separated-values", "", []byte(strings.ReplaceAll(strings.ReplaceAll(file, "\"Plot 5, Wuse 2\"", "Plot 5 Wuse 2"), ",", "\t")), 202, "", "a.tsv", "Nigeria"},
		{"plain lines", "?filename=a.txt", "text/plain", "", []byte("12 Allen Avenue, Ikeja, Lagos\nPlot 5, Wuse 2, Abuja\n7 Ogui Road, Enugu\n"), 202, "", "a.txt", "Nigeria"},
		{"multipart", "", multiType, "", multi, 202, "", "clients.csv", "NG"},
		{"multipart gzip-compressed", "?filename=renamed.csv", multiType, "gzip", gz(t, string(multi)), 202, "", "renamed.csv", "NG"},
		{"a file without a filename", "", "text/csv", "", []byte(file), 400, CodeMissingField, "", ""},
		{"enhancedMatching not a boolean", "?filename=a.csv&enhancedMatching=maybe", "text/csv", "", []byte(file), 400, CodeInvalidParameter, "", ""},
		{"an unknown region", "?filename=a.csv&region=Atlantis", "text/csv", "", []byte(file), 400, CodeInvalidRegion, "", ""},
		{"a field after the file", "", lateType, "", late, 400, CodeInvalidField, "", ""},
		{"an unknown field", "", unknownType, "", unknown, 400, CodeUnknownField, "", ""},
		{"a form without a file", "", noFileType, "", noFile, 400, CodeMissingField, "", ""},
		{"a broken gzip stream", "?filename=a.csv", "text/csv", "gzip", gz(t, file)[:40], 400, CodeMalformedBody, "", ""},
		{"not gzip at all", "?filename=a.csv", "text/csv", "gzip", []byte(file), 400, CodeMalformedBody, "", ""},
		{"another encoding", "?filename=a.csv", "text/csv", "br", []byte(file), 415, CodeUnsupportedMediaType, "", ""},
		{"another type", "?filename=a.csv", "application/vnd.ms-excel", "", []byte(file), 415, CodeUnsupportedMediaType, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := []string{"Content-Type", c.contentType}
			if c.encoding != "" {
				h = append(h, "Content-Encoding", c.encoding)
			}
			resp := r.do("POST", "/v1/batch/process"+c.target, r.keyB, bytes.NewReader(c.body), h...)
			if resp.StatusCode != c.want {
				t.Fatalf("%d %s, want %d", resp.StatusCode, resp.body, c.want)
			}
			if c.want != 202 {
				if p := resp.problem(t); p.Code != c.code {
					t.Errorf("code %q (%s), want %q", p.Code, p.Detail, c.code)
				}
				return
			}
			var sub SubmitResponse
			resp.decode(t, &sub)
			if sub.Filename != c.filename || sub.Region != c.region {
				t.Errorf("%+v, want filename %q, region %q", sub, c.filename, c.region)
			}
			if st := r.waitFinal(r.keyB, sub.JobID); st.Status != "COMPLETED" || st.RowCount != 3 {
				t.Errorf("%+v", st)
			}
		})
	}
	// every refused submission left nothing in the bucket: the uploads
	// there are the six accepted
	if n := countUploads(t, r); n != 6 {
		t.Errorf("%d uploads in the bucket, want the 6 accepted", n)
	}
}

// TestSubmitFormsLimit: a file body is bounded by MaxBodyBytes after
// decompression too: a small gzip body that unpacks past it is refused.
func TestSubmitFormsLimit(t *testing.T) {
	r := newRig(t, func(o *Options) { o.MaxBodyBytes = 1 << 10 }, nil)
	big := "street\n" + strings.Repeat("12 Allen Avenue Ikeja\n", 60)
	for _, enc := range []string{"", "gzip"} {
		body := []byte(big)
		if enc == "gzip" {
			body = gz(t, big)
		}
		resp := r.do("POST", "/v1/batch/process?filename=a.csv", r.keyA, bytes.NewReader(body), "Content-Type", "text/csv", "Content-Encoding", enc)
		if resp.StatusCode != 413 || resp.problem(t).Code != CodeBodyTooLarge {
			t.Errorf("Content-Encoding %q: %d %s", enc, resp.StatusCode, resp.body)
		}
	}
}

// TestSubmitFormsIdempotency: one Idempotency-Key with one file, sent as
// JSON and then as the body, is one job; with another file, a 422.
func TestSubmitFormsIdempotency(t *testing.T) {
	r := newRig(t, nil, nil)
	const file = "street,city\n12 Allen Avenue,Ikeja\n"
	first := r.submit(r.keyA, job{"filename": "a.csv", "fileContent": file}, "Idempotency-Key", "k1")
	var a, b SubmitResponse
	first.decode(t, &a)
	again := r.do("POST", "/v1/batch/process?filename=a.csv", r.keyA, strings.NewReader(file), "Content-Type", "text/csv", "Idempotency-Key", "k1")
	again.decode(t, &b)
	if again.StatusCode != 202 || b.JobID != a.JobID || again.Header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("the same file as the body: %d %s, want the replay of %s", again.StatusCode, again.body, a.JobID)
	}
	other := r.do("POST", "/v1/batch/process?filename=a.csv", r.keyA, strings.NewReader(file+"7 Ogui Road,Enugu\n"), "Content-Type", "text/csv", "Idempotency-Key", "k1")
	if other.StatusCode != 422 || other.problem(t).Code != CodeIdempotencyKeyReused {
		t.Errorf("another file with the key: %d %s", other.StatusCode, other.body)
	}
}

// countUploads counts the inputs stored in the rig's bucket.
func countUploads(t testing.TB, r *rig) int {
	t.Helper()
	n := 0
	it := r.bucket.List(&blob.ListOptions{Prefix: "uploads/"})
	for {
		obj, err := it.Next(context.Background())
		if err == io.EOF {
			return n
		}
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(obj.Key, "/input") {
			n++
		} else {
			t.Errorf("a stray file in the bucket: %s", obj.Key)
		}
	}
}
