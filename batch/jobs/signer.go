package jobs

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"strconv"
	"time"

	"github.com/addrkit/addrkit/internal/fault"
)

// Signer signs and verifies download links for outputs served by the
// service itself (file:// buckets): an HMAC-SHA256 over the path and the
// expiry time.
type Signer struct {
	Key []byte // at least 32 random bytes
	Now func() time.Time
}

// Errors of Verify. Every failure is a refusal: a link is good only when
// its signature and expiry check out.
var (
	ErrBadSignature = fault.New(fault.InvalidSignature, "The link's signature is missing or does not match.")
	ErrExpired      = fault.New(fault.LinkExpired, "The link has expired: get a new one from GET /v1/batch/{jobId}.")
)

func (s *Signer) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Signer) mac(path string, expires int64) []byte {
	h := hmac.New(sha256.New, s.Key)
	h.Write([]byte(path))
	h.Write([]byte{0})
	h.Write([]byte(strconv.FormatInt(expires, 10)))
	return h.Sum(nil)
}

// Sign returns the query of a link to path that is good for ttl:
// "expires=<unix seconds>&signature=<hex>".
func (s *Signer) Sign(path string, ttl time.Duration) string {
	exp := s.now().Add(ttl).Unix()
	return url.Values{"expires": {strconv.FormatInt(exp, 10)}, "signature": {hex.EncodeToString(s.mac(path, exp))}}.Encode()
}

// Verify checks the query of a link to path. It fails closed: no key, a
// missing, malformed or wrong signature, or a missing, malformed or past
// expiry are all refused.
func (s *Signer) Verify(path string, query url.Values) error {
	if len(s.Key) == 0 {
		return ErrBadSignature
	}
	exp, err := strconv.ParseInt(query.Get("expires"), 10, 64)
	if err != nil {
		return ErrBadSignature
	}
	sig, err := hex.DecodeString(query.Get("signature"))
	if err != nil || !hmac.Equal(sig, s.mac(path, exp)) {
		return ErrBadSignature
	}
	if s.now().Unix() >= exp {
		return ErrExpired
	}
	return nil
}
