package jobs

import (
	"context"
	"time"

	"github.com/addrkit/addrkit/batch"
)

// Status is what a client is told of a job: the answer to GET
// /v1/batch/{jobId} and the body of its completion callback.
type Status struct {
	ID                  string  `json:"id"`
	Status              string  `json:"status"`
	Filename            string  `json:"filename"`
	Region              string  `json:"region"`
	RowCount            int     `json:"rowCount"`
	ProcessedCount      int     `json:"processedCount"`
	Progress            float64 `json:"progress"`
	HighConfidenceCount int     `json:"highConfidenceCount"`
	PartialMatchCount   int     `json:"partialMatchCount"`
	UnverifiedCount     int     `json:"unverifiedCount"`
	ValidatedCount      int     `json:"validatedCount"`
	ValidatedPercent    float64 `json:"validatedPercent"`
	DownloadURL         string  `json:"downloadUrl,omitempty"`
	Error               string  `json:"error,omitempty"`
	CreatedAt           string  `json:"createdAt"`
	StartedAt           string  `json:"startedAt,omitempty"`
	FinishedAt          string  `json:"finishedAt,omitempty"`

	// Encoding is the encoding the file was decoded from, when it was not
	// UTF-8 (a job submitted through the library).
	Encoding string `json:"encoding,omitempty"`
	// UnusedColumns and Warnings are batch.Summary's: the columns that
	// gave nothing to the addresses, and what the reader decided that no
	// header name told it.
	UnusedColumns []string `json:"unusedColumns,omitempty"`
	Warnings      []string `json:"warnings,omitempty"`
}

func timestamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// Status returns the status of j; a completed job's carries its download
// link (DownloadURL, with base).
func (m *Manager) Status(ctx context.Context, j Job, base string) (Status, error) {
	st := Status{
		ID: j.ID, Status: string(j.State), Filename: j.Filename, Region: batch.RegionName(j.Region),
		RowCount: max(j.Rows, j.Summary.Rows), ProcessedCount: j.Processed,
		HighConfidenceCount: j.Summary.HighConfidence, PartialMatchCount: j.Summary.Partial,
		UnverifiedCount: j.Summary.Unverified, ValidatedCount: j.Summary.ValidatedRows, ValidatedPercent: j.Summary.Validated,
		UnusedColumns: j.Summary.UnusedColumns, Warnings: j.Summary.Warnings,
		Error:     j.Reason,
		CreatedAt: timestamp(j.Created), StartedAt: timestamp(j.Started), FinishedAt: timestamp(j.Finished),
	}
	if j.Summary.Encoding != batch.UTF8 {
		st.Encoding = string(j.Summary.Encoding)
	}
	switch {
	case j.State == Completed:
		st.Progress = 100
	case st.RowCount > 0:
		st.Progress = float64(int(10000*float64(j.Processed)/float64(st.RowCount))) / 100
	}
	if j.State == Completed {
		u, err := m.DownloadURL(ctx, j, base)
		if err != nil {
			return st, err
		}
		st.DownloadURL = u
	}
	return st, nil
}
