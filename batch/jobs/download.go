package jobs

// The download of a job's output: its signed link, and the file a link
// of a file:// bucket names.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/url"
	"strings"
	"time"

	"github.com/addrkit/addrkit/internal/fault"
	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"
)

// DownloadURL returns a link to a completed job's output, good for
// LinkTTL: with a Signer, base (the service's address) + "/" + the output
// key + the signed query; without, the bucket's own signed URL.
func (m *Manager) DownloadURL(ctx context.Context, j Job, base string) (string, error) {
	if j.State != Completed {
		return "", fmt.Errorf("jobs: job %s is %s, not COMPLETED", j.ID, j.State)
	}
	if m.o.Signer != nil {
		// signed as the server sees it (decoded), sent escaped; the last
		// segment is the name to download as, covered by the signature
		p := "/processed/" + j.ID + "/" + j.OutputName()
		return strings.TrimSuffix(base, "/") + (&url.URL{Path: p}).EscapedPath() + "?" + m.o.Signer.Sign(p, m.o.LinkTTL), nil
	}
	return m.o.Bucket.SignedURL(ctx, j.OutputKey, &blob.SignedURLOptions{Expiry: m.o.LinkTTL})
}

// Download is a job's output opened through its signed link: the file,
// its time, and the name to download it as.
type Download struct {
	File interface {
		io.ReadSeekCloser
		ModTime() time.Time
	}
	Name string
}

// OpenDownload opens the output a signed link names: path is the link's
// path ("/processed/<job id>/<name>"), query its query. Every refusal is a
// fault: not_found when this Manager signs no links (the links point to
// the bucket), link_expired, invalid_signature, or file_not_found when the
// output is gone.
func (m *Manager) OpenDownload(ctx context.Context, path string, query url.Values) (Download, error) {
	if m.o.Signer == nil {
		return Download{}, fault.New(fault.NotFound, "This server does not serve outputs; the download links point to the bucket.")
	}
	if err := m.o.Signer.Verify(path, query); err != nil {
		if !errors.Is(err, ErrExpired) {
			err = ErrBadSignature // every other failure is a refusal
		}
		return Download{}, err
	}
	// the signed path names the job and the name to download as; the
	// output's key is the job's
	id, name, _ := strings.Cut(strings.TrimPrefix(path, "/processed/"), "/")
	rd, err := m.o.Bucket.NewReader(ctx, OutputKey(id), nil)
	if gcerrors.Code(err) == gcerrors.NotFound {
		// a job submitted before outputs were keyed by job id alone kept
		// its output under the path its link names, which is signed
		rd, err = m.o.Bucket.NewReader(ctx, strings.TrimPrefix(path, "/"), nil)
	}
	switch {
	case gcerrors.Code(err) == gcerrors.NotFound:
		return Download{}, fault.Wrap(err, fault.FileNotFound, "The output is gone: the job was deleted or is past its retention.")
	case err != nil:
		return Download{}, err
	}
	return Download{File: rd, Name: name}, nil
}

// ContentDisposition is the Content-Disposition of a download named name:
// an attachment, the name quoted or encoded as RFC 6266 asks.
func ContentDisposition(name string) string {
	if v := mime.FormatMediaType("attachment", map[string]string{"filename": name}); v != "" {
		return v
	}
	return "attachment"
}
