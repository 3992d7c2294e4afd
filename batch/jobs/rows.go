package jobs

import (
	"context"
	"encoding/csv"
	"errors"
	"io"
	"slices"
	"strings"

	"github.com/addrkit/addrkit/internal/fault"
	"gocloud.dev/gcerrors"
)

// MaxPreviewRows bounds the rows Rows reads: a look at a file's results,
// not its download.
const MaxPreviewRows = 200

// Preview is the start of a finished job's output: its header and its
// first rows (of one status, when asked), as the output CSV has them.
type Preview struct {
	Columns []string   `json:"columns"`
	Rows    [][]string `json:"rows"`
	// More is true when the output holds more such rows than were read.
	More bool `json:"more"`
}

// Rows reads the first limit rows (MaxPreviewRows when 0) of a completed
// job's output whose status is status (every row when ""). Faults:
// invalid_limit, invalid_parameter for another status than
// HIGH_CONFIDENCE, PARTIAL or UNVERIFIED, file_not_found when the job has
// no output (not completed, or past its retention).
func (m *Manager) Rows(ctx context.Context, j Job, status string, limit int) (Preview, error) {
	switch {
	case limit == 0:
		limit = MaxPreviewRows
	case limit < 1 || limit > MaxPreviewRows:
		return Preview{}, fault.New(fault.InvalidLimit, "limit must be an integer from 1 to %d.", MaxPreviewRows)
	}
	if status != "" && !slices.Contains([]string{"HIGH_CONFIDENCE", "PARTIAL", "UNVERIFIED"}, status) {
		return Preview{}, fault.New(fault.InvalidParameter, "status must be HIGH_CONFIDENCE, PARTIAL or UNVERIFIED, not %q.", status)
	}
	if j.State != Completed {
		return Preview{}, fault.New(fault.FileNotFound, "The job has no output to show: it is %s.", j.State)
	}
	rd, err := m.o.Bucket.NewReader(ctx, j.OutputKey, nil)
	switch {
	case gcerrors.Code(err) == gcerrors.NotFound:
		return Preview{}, fault.Wrap(err, fault.FileNotFound, "The output is gone: the job was deleted or is past its retention.")
	case err != nil:
		return Preview{}, err
	}
	defer rd.Close()
	cr := csv.NewReader(rd)
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = false
	header, err := cr.Read()
	if err != nil {
		return Preview{}, err
	}
	header[0] = strings.TrimPrefix(header[0], "\ufeff")
	at := slices.Index(header, "status")
	p := Preview{Columns: header, Rows: [][]string{}}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return p, nil
		}
		if err != nil {
			return p, err
		}
		if status != "" && (at < 0 || at >= len(rec) || rec[at] != status) {
			continue
		}
		if len(p.Rows) == limit {
			p.More = true
			return p, nil
		}
		p.Rows = append(p.Rows, rec)
	}
}
