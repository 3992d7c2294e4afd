package httpapi

import (
	"compress/flate"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/addrkit/addrkit/internal/fault"
	"github.com/klauspost/compress/gzip"
)

// The forms of a submission's body (docs/http-api.md): the spec's JSON
// object, the file itself, or a multipart form with the file as a part.
// The last two are streamed to the bucket as they are read.
type form int

const (
	formJSON form = iota
	formFile
	formMultipart
)

// fileTypes are the media types of a file sent as the body.
var fileTypes = map[string]bool{"text/csv": true, "text/tab-separated-values": true, "text/plain": true}

// formOf returns the form of r's body, and the boundary of a multipart
// one.
func formOf(r *http.Request) (form, string, error) {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch {
	case err == nil && mt == "application/json":
		return formJSON, "", nil
	case err == nil && fileTypes[mt]:
		return formFile, "", nil
	case err == nil && mt == "multipart/form-data" && params["boundary"] != "":
		return formMultipart, params["boundary"], nil
	}
	return 0, "", fault.New(fault.UnsupportedMediaType,
		"Send the job as JSON (Content-Type: application/json), as the file itself (text/csv, text/tab-separated-values or text/plain, its settings as query parameters), or as multipart/form-data with the file in a part named file.")
}

// decompressed returns body as the client meant it: ungzipped when its
// Content-Encoding says gzip, and bounded by limit after decompression
// too (a small body may unpack to much). Its read errors are faults.
func decompressed(r *http.Request, body io.Reader, limit int64) (io.Reader, error) {
	switch enc := strings.ToLower(strings.TrimSpace(r.Header.Get("Content-Encoding"))); enc {
	case "", "identity":
		return &clientBody{r: body}, nil
	case "gzip", "x-gzip":
		zr, err := gzip.NewReader(&clientBody{r: body})
		if err != nil {
			return nil, bodyFault(err)
		}
		return &clientBody{r: zr, limit: limit, gzip: true}, nil
	default:
		return nil, fault.New(fault.UnsupportedMediaType, "Content-Encoding %q is not accepted; send the body as it is, or gzip-compressed.", enc)
	}
}

// clientBody reads a request's body, turning its errors into the faults
// the client is answered with; with a limit, it reads no more than limit
// bytes.
type clientBody struct {
	r     io.Reader
	limit int64 // 0: none
	read  int64
	gzip  bool // r decompresses: its errors are of a broken stream
}

func (b *clientBody) Read(p []byte) (int, error) {
	if b.limit > 0 {
		if b.read > b.limit {
			return 0, tooLarge(b.limit)
		}
		// one byte past the limit tells a body at the limit from one over
		if rest := b.limit + 1 - b.read; int64(len(p)) > rest {
			p = p[:rest]
		}
	}
	n, err := b.r.Read(p)
	b.read += int64(n)
	if b.limit > 0 && b.read > b.limit {
		return n - int(b.read-b.limit), tooLarge(b.limit)
	}
	if err != nil && err != io.EOF {
		if e := (*fault.Error)(nil); !errors.As(err, &e) && b.gzip {
			err = fault.Wrap(err, fault.MalformedBody, "%s", notGzip)
		}
		err = bodyFault(err)
	}
	return n, err
}

const notGzip = "The body says Content-Encoding: gzip, but it is not a whole gzip stream."

// bodyFault is the fault of a body that could not be read.
func bodyFault(err error) error {
	var tooBig *http.MaxBytesError
	var corrupt flate.CorruptInputError
	var e *fault.Error
	switch {
	case errors.As(err, &e):
		return err
	case errors.As(err, &tooBig):
		return tooLarge(tooBig.Limit)
	case errors.Is(err, gzip.ErrHeader), errors.Is(err, gzip.ErrChecksum), errors.As(err, &corrupt):
		return fault.Wrap(err, fault.MalformedBody, "%s", notGzip)
	}
	return fault.Wrap(err, fault.MalformedBody, "The body could not be read to its end.")
}

// settings are a submission's settings besides its file.
type settings struct {
	filename, region, scope, callback string
	enhanced                          *bool
	given                             bool // a filename was given as a setting
}

// set sets the setting name (a query parameter or a form field);
// unknown names are left to the caller.
func (st *settings) set(name, value string) (known bool, err error) {
	switch name {
	case "filename":
		st.filename, st.given = value, true
	case "region":
		st.region = value
	case "validationScope":
		st.scope = value
	case "callbackUrl":
		st.callback = value
	case "enhancedMatching":
		b, err := strconv.ParseBool(value)
		if err != nil {
			return true, fault.New(fault.InvalidParameter, "enhancedMatching must be true or false, not %q.", value)
		}
		st.enhanced = &b
	default:
		return false, nil
	}
	return true, nil
}

// fromQuery reads the settings given as query parameters (others are
// ignored, as every endpoint ignores them).
func (st *settings) fromQuery(q url.Values) error {
	for name, vs := range q {
		if _, err := st.set(name, vs[len(vs)-1]); err != nil {
			return err
		}
	}
	return nil
}

// maxFieldBytes bounds a multipart field other than the file.
const maxFieldBytes = 1024

// multipartFile finds the file of a multipart body, reading the fields
// before it into st: the file is the part named "file" (or the first
// with a file name). It is streamed, so that fields after it come too
// late: its reader fails at its end when another part follows.
func multipartFile(body io.Reader, boundary string, st *settings) (io.Reader, error) {
	mr := multipart.NewReader(body, boundary)
	for {
		p, err := mr.NextPart()
		switch {
		case errors.Is(err, io.EOF):
			return nil, fault.New(fault.MissingField, "The form has no file: send it as a part named file, after the other fields.")
		case err != nil:
			if fault.CodeOf(bodyFault(err)) != fault.MalformedBody {
				return nil, bodyFault(err) // too large, too slow
			}
			return nil, fault.Wrap(err, fault.MalformedBody, "The multipart body could not be read: %s.", err)
		}
		if p.FormName() == "file" || p.FileName() != "" {
			if !st.given {
				st.filename = p.FileName()
			}
			return &lastPart{part: p, mr: mr}, nil
		}
		b, err := io.ReadAll(io.LimitReader(p, maxFieldBytes+1))
		switch {
		case err != nil:
			return nil, bodyFault(err)
		case len(b) > maxFieldBytes:
			return nil, fault.New(fault.InvalidField, "The form field %q is longer than %d bytes.", p.FormName(), maxFieldBytes)
		}
		known, err := st.set(p.FormName(), string(b))
		switch {
		case err != nil:
			return nil, fault.New(fault.InvalidField, "%s", fault.MessageOf(err))
		case !known:
			return nil, fault.New(fault.UnknownField, "The form field %q is not a setting of a job: send filename, region, enhancedMatching, validationScope, callbackUrl and the file.", p.FormName())
		}
	}
}

// lastPart reads the file part of a multipart body, which must be its
// last.
type lastPart struct {
	part *multipart.Part
	mr   *multipart.Reader
	end  error // what every read returns once the part has ended
}

func (l *lastPart) Read(p []byte) (int, error) {
	if l.end != nil {
		return 0, l.end
	}
	n, err := l.part.Read(p)
	if err == io.EOF {
		next, nerr := l.mr.NextPart()
		switch {
		case errors.Is(nerr, io.EOF):
			l.end = io.EOF
		case nerr != nil:
			l.end = bodyFault(nerr)
		default:
			l.end = fault.New(fault.InvalidField, "The form field %q comes after the file; send the fields first (or as query parameters).", next.FormName())
		}
		return n, l.end
	}
	if err != nil {
		err = bodyFault(err)
	}
	return n, err
}
